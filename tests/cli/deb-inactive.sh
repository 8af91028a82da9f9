#!/bin/sh
# scripts/deb-inactive.sh: a package that would enable an OCI hook or an
# engine configuration on installation is refused, one line a file; one
# with the examples under /usr/share/doc passes (issue 30).  The packages
# are made here with dpkg-deb --build; scripts/deb.sh runs the same check
# on the real ones.
srcdir=${srcdir:-.}
CHECK=$srcdir/scripts/deb-inactive.sh
fails=0
command -v dpkg-deb >/dev/null || { echo "FAIL: dpkg-deb missing (scripts/install-deps.sh)"; exit 1; }
t=$(mktemp -d "${TMPDIR:-/tmp}/deb-inactive.XXXXXX")
trap 'rm -rf "$t"' EXIT

# mkdeb NAME FILE...: a package NAME holding the empty FILEs.
mkdeb() {
	name=$1
	shift
	rm -rf "$t/root"
	mkdir -p "$t/root/DEBIAN"
	printf 'Package: %s\nVersion: 1\nArchitecture: all\nMaintainer: t <t@t.invalid>\nDescription: t\n' \
		"$name" > "$t/root/DEBIAN/control"
	for f; do
		mkdir -p "$t/root/$(dirname "$f")"
		: > "$t/root/$f"
	done
	dpkg-deb --root-owner-group --build "$t/root" "$t/$name.deb" >/dev/null
}
# expect STATUS OUTPUT DEB...
expect() {
	want_rc=$1 want=$2
	shift 2
	got=$("$CHECK" "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$got" = "$want" ]; then
		echo "ok: $* -> $rc"
	else
		echo "FAIL: $*: want status $want_rc and:"
		echo "$want"
		echo "got status $rc and:"
		echo "$got"
		fails=$((fails + 1))
	fi
}

mkdeb good usr/sbin/contidctl usr/share/doc/contidctl/examples/contid.json \
	usr/share/doc/contidctl/examples/podman-containers.conf
expect 0 "" "$t/good.deb"
mkdeb hook usr/sbin/contidctl usr/share/containers/oci/hooks.d/contid.json
expect 1 "hook.deb: ./usr/share/containers/oci/hooks.d/contid.json" "$t/hook.deb"
mkdeb etc etc/containers/containers.conf.d/contid.conf etc/crio/crio.conf.d/10-contid.conf \
	etc/containerd/config.toml etc/docker/daemon.json usr/libexec/oci/hooks.d/x.json
expect 1 "etc.deb: ./etc/containerd/config.toml
etc.deb: ./etc/containers/containers.conf.d/contid.conf
etc.deb: ./etc/crio/crio.conf.d/10-contid.conf
etc.deb: ./etc/docker/daemon.json
etc.deb: ./usr/libexec/oci/hooks.d/x.json" "$t/etc.deb"
# Every package is checked, not only the first.
expect 1 "hook.deb: ./usr/share/containers/oci/hooks.d/contid.json" "$t/good.deb" "$t/hook.deb"
expect 2 "usage: deb-inactive.sh DEB..."
[ "$fails" = 0 ] && echo "PASS: deb-inactive" || { echo "FAIL: deb-inactive: $fails"; exit 1; }
