#!/usr/bin/env bash
# Stage a Debian root with a working dpkg, the three .debs and the test
# that installs them (docs/debian.md, "The install test in the guest").
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
#
# The guest is a busybox initramfs; the Debian root is a directory of it,
# /debroot, that the test enters with chroot.  It holds the host's own
# installed packages dpkg, tar and libc-bin and the closure of the
# dependencies (Depends and Pre-Depends) of dpkg and of the three .debs:
# every file each package's list names, copied from the host, and the
# host's real /var/lib/dpkg entries for them (the status paragraph, the
# info/ files: list, md5sums, conffiles, maintainer scripts, triggers,
# and the trigger interests).  dpkg's dependency check is therefore real:
# libc6, libjansson4, libmnl0, ... are installed in the root's database
# and their files are there (the test checks them with dpkg --verify).
# What dpkg needs on PATH and no package of the closure gives (sh, rm,
# diff, and the tools of the test: find, stat, md5sum, ...) is busybox,
# linked in where no package file is.  No --force option is used.
#
# The .debs are scripts/deb.sh's (the host step host-deb), in
# $CONTID_BUILD_DIR/deb (or build/deb), used when their inputs.sha256
# matches the tree and built here otherwise.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"
debdir=$build/deb
log() { echo "deb/stage.sh: $*" >&2; }

for t in dpkg-deb dpkg-query tar busybox; do
	command -v "$t" >/dev/null || die "$t missing on the host"
done

# The .debs: reused when built from this tree, else built now.
want=$("$REPO/scripts/deb.sh" --inputs-hash)
have=$(cat "$debdir/inputs.sha256" 2>/dev/null || true)
if [ "$have" != "$want" ]; then
	log "the .debs in $debdir are ${have:+not }from this tree${have:+ (inputs $have, tree $want)}${have:-missing}: building them (scripts/deb.sh)"
	"$REPO/scripts/deb.sh" "$debdir" >&2 || die "scripts/deb.sh $debdir failed"
fi
debs=()
for p in libcontid0 libcontid-dev contidctl; do
	set -- "$debdir/${p}"_*.deb
	[ $# = 1 ] && [ -f "$1" ] || die "want one ${p}_*.deb in $debdir, found: $*"
	debs+=("$1")
done

# The package set: dpkg, libc-bin (ldconfig and its trigger), and the
# closure of their and the .debs' Depends and Pre-Depends, every one
# installed on the host.  An alternative (a | b) takes the first one the
# host has installed.
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }
deps_of() { # the package names a Depends/Pre-Depends value names
	printf '%s\n' "$1" | tr ',' '\n' | while IFS= read -r alt; do
		[ -n "${alt// /}" ] || continue
		first=""
		for a in ${alt//|/ }; do
			case "$a" in '('*|*')'|'>'*|'<'*|'='*|[0-9]*) continue ;; esac
			a=${a%%:any}
			[ -z "$first" ] && first=$a
			if installed "$a"; then first=$a; break; fi
		done
		printf '%s\n' "$first"
	done
}
queue=(dpkg libc-bin)
for d in "${debs[@]}"; do
	mapfile -t more < <(deps_of "$(dpkg-deb -f "$d" Depends Pre-Depends | sed 's/^[A-Za-z-]*: //' | paste -sd,)")
	queue+=("${more[@]}")
done
declare -A inset=()
pkgs=()
while [ ${#queue[@]} -gt 0 ]; do
	p=${queue[0]}
	queue=("${queue[@]:1}")
	case "$p" in libcontid0|libcontid-dev|contidctl) continue ;; esac
	[ -z "${inset[$p]:-}" ] || continue
	installed "$p" || die "$p (a dependency of the .debs or of dpkg) is not installed on the host: apt-get install $p"
	inset[$p]=1
	pkgs+=("$p")
	mapfile -t more < <(deps_of "$(dpkg-query -W -f='${Depends},${Pre-Depends}' "$p")")
	queue+=("${more[@]}")
done
mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort)
log "the Debian root's packages (the host's): ${pkgs[*]}"

root=$stage/debroot
rm -rf "$root"
mkdir -p "$root/usr"
# The host's merged /usr: /bin, /sbin, /lib, /lib64 as its links.
for d in bin sbin lib lib64; do
	if [ -L "/$d" ]; then
		ln -s "$(readlink "/$d")" "$root/$d"
		mkdir -p "$root/$(readlink "/$d")"
	fi
done

# Every file the packages' lists name, as the host has it.  Directories
# that are links on the host (the merged /usr) stay the root's links.
lst=$(mktemp "${TMPDIR:-/tmp}/contid-debroot.XXXXXX")
trap 'rm -f "$lst"' EXIT
for p in "${pkgs[@]}"; do
	dpkg-query -L "$p" | grep '^/.' | while IFS= read -r f; do
		if [ -L "$f" ] || [ -e "$f" ]; then
			case "$f" in /bin|/sbin|/lib|/lib64) [ -L "$f" ] && continue ;; esac
			printf '%s\0' "${f#/}"
		else
			echo "deb/stage.sh: error: $p lists $f, which the host does not have" >&2
			exit 1
		fi
	done
done > "$lst"
tar -C / --null --no-recursion -T "$lst" -cf - | tar -C "$root" --keep-directory-symlink -xpf -

# The dpkg database: the host's entries for these packages only.
db=$root/var/lib/dpkg
mkdir -p "$db/info" "$db/updates" "$db/triggers" "$db/alternatives" "$db/parts"
# The database's format (1: multiarch names, libc6:amd64.list).
cp -p /var/lib/dpkg/info/format "$db/info/format"
awk -v want=" ${pkgs[*]} " '
	/^Package: / { keep = index(want, " " substr($0, 10) " ") > 0 }
	{ if (keep) print }
	/^$/ { keep = 0 }' /var/lib/dpkg/status > "$db/status"
n=$(grep -c '^Package: ' "$db/status")
[ "$n" = ${#pkgs[@]} ] || die "status: $n paragraphs for ${#pkgs[@]} packages"
for p in "${pkgs[@]}"; do
	for f in /var/lib/dpkg/info/"$p".* /var/lib/dpkg/info/"$p":*.*; do
		[ -f "$f" ] || continue
		b=$(basename "$f")
		b=${b%.*}
		[ "$b" = "$p" ] || [ "${b%%:*}" = "$p" ] || continue
		cp -p "$f" "$db/info/"
	done
	set -- "$db/info/$p".list "$db/info/$p":*.list
	[ -f "$1" ] || [ -f "$2" ] || die "no info/$p.list on the host"
done
# Trigger interests (triggers/File: file triggers; triggers/NAME: the
# packages interested in the explicit trigger NAME), those of the set.
in_set() { awk -v want=" ${pkgs[*]} " '{ p = $NF; sub(/\/.*/, "", p); sub(/:.*/, "", p); if (index(want, " " p " ")) print }'; }
in_set < /var/lib/dpkg/triggers/File > "$db/triggers/File"
for f in /var/lib/dpkg/triggers/*; do
	case "${f##*/}" in File|Unincorp|Lock) continue ;; esac
	t=$(in_set < "$f")
	[ -z "$t" ] || printf '%s\n' "$t" > "$db/triggers/${f##*/}"
done
: > "$db/triggers/Unincorp"
: > "$db/diversions"
: > "$db/statoverride"
[ -s "$db/triggers/ldconfig" ] || die "no package of the set is interested in the ldconfig trigger"

# busybox: what no package gives (sh, rm, diff, find, ...), linked where
# no package file is.  dpkg checks for sh, rm, tar, diff, dpkg-deb,
# ldconfig and start-stop-daemon on PATH.
install -m 0755 "$(command -v busybox)" "$root/usr/bin/busybox"
for a in $(busybox --list); do
	for d in usr/bin usr/sbin; do
		[ -e "$root/$d/$a" ] || [ -L "$root/$d/$a" ] && continue 2
	done
	ln -s busybox "$root/usr/bin/$a"
done
for t in sh rm tar diff dpkg dpkg-deb dpkg-query ldconfig start-stop-daemon; do
	[ -e "$root/usr/bin/$t" ] || [ -e "$root/usr/sbin/$t" ] || die "the root has no $t"
done
# Mount points, the test user of live_cli_perm, and no dpkg.cfg.d from
# the host (its settings are the host's, not a Debian root's).
mkdir -p "$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/root" "$root/etc" "$root/var/log"
chmod 1777 "$root/tmp"
cat > "$root/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
contidtest:x:1000:1000:live test user:/tmp:/bin/sh
EOF
printf 'root:x:0:\nnogroup:x:65534:\ncontidtest:x:1000:\n' > "$root/etc/group"
rm -rf "$root/etc/dpkg/dpkg.cfg.d"
# dpkg.cfg logs to /var/log/dpkg.log: there from the start, as on the
# host, so that the log's first line does not change /var/log.
: > "$root/var/log/dpkg.log"
mkdir -p "$root/etc/dpkg/dpkg.cfg.d"

# The .debs, contidctl's live scripts (run against the installed
# contidctl) and the test.
share=$stage/usr/share/contid/deb
mkdir -p "$share/debs" "$share/cli" "$stage/live"
cp "${debs[@]}" "$share/debs/"
for s in live_cli_set_get live_cli_rule live_cli_features live_cli_oci_hook live_cli_perm; do
	install -m 0644 "$REPO/tests/live/cli/$s.sh" "$share/cli/"
done
printf '%s\n' "${pkgs[@]}" > "$share/root-packages"
install -m 0755 "$here/live_deb_install.sh" "$stage/live/live_deb_install"
log "staged /debroot ($(du -sh "$root" | cut -f1), ${#pkgs[@]} packages), $(for d in "${debs[@]}"; do basename "$d"; done | paste -sd' ') and the test ($variant)"
