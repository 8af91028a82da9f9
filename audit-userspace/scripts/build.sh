#!/usr/bin/env bash
# Build the patched audit userspace; prints the directory of the result.
#
#   build.sh plain   ./configure and make of what the tests need: libaudit,
#                    libauparse, auditd, auditctl, ausearch, aureport,
#                    installed into DIR/root (DESTDIR, prefix /usr).  About
#                    four minutes cold on two cores.  This is what
#                    scripts/test.sh and the live suite use.
#   build.sh deb     dpkg-buildpackage -b -uc -us: Debian's binary packages
#                    (auditd, libaudit1, libauparse0, ...) in DIR, version
#                    $AUS_LOCAL_VERSION (common.sh).  Needs the
#                    package's Build-Depends (apt-get build-dep audit) and
#                    takes far longer (Python bindings, every plugin): for a
#                    user who wants packages, not run by CI.
#
# The result is cached, shared by every clone on the machine, under
# ~/.cache/contid/audit-userspace/MODE-KEY, KEY being the hash of the
# patches, these scripts, the source package version and the compiler:
# the same inputs never build twice.  CONTID_CACHE_DIR moves the cache.
. "$(dirname "$0")/common.sh"

mode=${1:-plain}
case "$mode" in
plain|deb) ;;
*) die "unknown mode $mode (plain|deb)" ;;
esac

shopt -s nullglob
key=$({ echo "$mode $AUS_VERSION"; cat "$PATCH_DIR"/*.patch "$AUS_DIR"/scripts/*.sh
	gcc --version | head -n1; } | sha256sum | cut -c1-32)
out=$CACHE_DIR/audit-userspace/$mode-$key
keep=6
if [ -f "$out/done" ]; then
	touch "$out"
	log "$mode build from the cache: $out"
	echo "$out"
	exit 0
fi

"$AUS_DIR/scripts/prepare-tree.sh" >&2
tmp=$out.tmp.$$
rm -rf "$tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

cc="gcc"
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_BASEDIR=$BUILD_DIR CCACHE_NOHASHDIR=1

if [ "$mode" = plain ]; then
	obj=$AUS_ROOT/obj
	conf=(--prefix=/usr --libdir=/usr/lib/x86_64-linux-gnu --sysconfdir=/etc
		--without-python --without-python3 --without-golang
		--disable-zos-remote --disable-listener --disable-gssapi-krb5
		--disable-static --with-libcap-ng=yes)
	# configure is the slow part on a busy machine: an object tree
	# configured with the same options is reused (the series touches no
	# build file; make rebuilds what the reapplied patches changed).
	cstamp=$(echo "$cc ${conf[*]} $AUS_VERSION" | sha256sum | cut -c1-32)
	if [ "$(cat "$obj/.contid-configured" 2>/dev/null)" != "$cstamp" ]; then
		rm -rf "$obj"
		mkdir -p "$obj"
		log "configuring in $obj"
		(cd "$obj" && CC="$cc" "$AUS_SRC/configure" -q "${conf[@]}" >&2)
		echo "$cstamp" > "$obj/.contid-configured"
	fi
	# common, the libraries, auditd's dispatcher library and libev, and
	# the programs; not the plugins, tools or bindings.
	for d in common lib auparse audisp:libdisp.la src/libev src; do
		dir=${d%%:*} target=""
		[ "$dir" = "$d" ] || target=${d#*:}
		log "make -C $dir $target"
		make -s -C "$obj/$dir" -j"$JOBS" $target >&2
	done
	for d in lib auparse src; do
		make -s -C "$obj/$d" install DESTDIR="$tmp/root" >&2
	done
	test -x "$tmp/root/usr/sbin/auditd" || die "no auditd built"
else
	command -v dpkg-buildpackage >/dev/null || die "dpkg-buildpackage missing: apt-get install -y dpkg-dev"
	# The local version, as "dch --local" writes it (without needing
	# devscripts): a new top entry in debian/changelog, undone with the
	# rest of the tree below.
	(cd "$AUS_SRC" && "$AUS_DIR/scripts/local-version.sh" debian/changelog >&2)
	log "dpkg-buildpackage -b -uc -us in $AUS_SRC ($AUS_LOCAL_VERSION)"
	(cd "$AUS_SRC" && dpkg-buildpackage -b -uc -us -j"$JOBS" >&2)
	mv "$AUS_ROOT"/*.deb "$tmp"/
	rm -f "$AUS_ROOT"/*.buildinfo "$AUS_ROOT"/*.changes
	git -C "$AUS_SRC" clean -q -fdx
	git -C "$AUS_SRC" checkout -q -- .
fi
touch "$tmp/done"
rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT
# shellcheck disable=SC2012
ls -1td "$CACHE_DIR"/audit-userspace/plain-* "$CACHE_DIR"/audit-userspace/deb-* 2>/dev/null |
	tail -n +$((keep + 1)) | while read -r old; do rm -rf "$old"; done
echo "$out"
