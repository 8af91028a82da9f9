#!/usr/bin/env bash
# Stage Debian's crun and a busybox root file system for containers in the
# QEMU guest (the live oci suite, tests/live/oci/, and scripts/demo.sh).
#
#   stage-crun.sh STAGE_DIR [--runc]
#
# crun is fetched with apt-get download (never installed on the host; the
# .deb is kept in build/crun-deb) and unpacked into STAGE_DIR/usr/bin;
# its libraries (libyajl2, libseccomp2, libcap2, libsystemd0: in
# scripts/install-deps.sh) must be on the host for mkinitramfs.sh to copy
# them.  The root is STAGE_DIR/usr/share/contid/oci/rootfs: busybox, the
# mount points crun needs (proc, dev, tmp) and an empty /data to write to;
# and scripts/guest-oci.sh, the guest's bundle writer and crun helpers, as
# STAGE_DIR/usr/share/contid/oci/oci.sh.
# --runc: Debian's runc too, the same way, into STAGE_DIR/usr/sbin/runc
# (it needs libseccomp2, as crun does).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
stage=${1:?usage: stage-crun.sh STAGE_DIR [--runc]}
with_runc=${2:-}
build=${CONTID_BUILD_DIR:-$REPO/build}
die() { echo "stage-crun.sh: error: $*" >&2; exit 1; }

[ -d "$stage" ] || die "stage $stage missing"
# fetch PKG BIN: PKG's .deb from Debian (cached in build/PKG-deb), its
# binary BIN (usr/bin/crun, usr/sbin/runc) into STAGE_DIR/BIN, its
# libraries checked on the host; sets deb.
fetch() {
	local cache=$build/$1-deb x
	mkdir -p "$cache"
	deb=$(ls "$cache/$1"_*.deb 2>/dev/null | head -n1 || true)
	if [ -z "$deb" ]; then
		(cd "$cache" && apt-get download "$1") >&2 || die "apt-get download $1 failed"
		deb=$(ls "$cache/$1"_*.deb | head -n1)
	fi
	x=$(mktemp -d "${TMPDIR:-/tmp}/contid-$1.XXXXXX")
	dpkg-deb -x "$deb" "$x"
	[ -x "$x/$2" ] && [ ! -L "$x/$2" ] || { rm -rf "$x"; die "$deb has no $2"; }
	install -D -m 0755 "$x/$2" "$stage/$2"
	rm -rf "$x"
	miss=$(ldd "$stage/$2" | awk '/not found/ { print $1 }')
	[ -z "$miss" ] || die "$1 needs $miss, not on the host (scripts/install-deps.sh)"
}
fetch crun usr/bin/crun
mkdir -p "$stage/usr/share/contid/oci"
echo "crun $(dpkg-deb -f "$deb" Version) (Debian)" > "$stage/usr/share/contid/oci/version"
if [ "$with_runc" = --runc ]; then
	fetch runc usr/sbin/runc
	echo "runc $(dpkg-deb -f "$deb" Version) (Debian)" >> "$stage/usr/share/contid/oci/version"
elif [ -n "$with_runc" ]; then
	die "unknown argument '$with_runc' (usage: stage-crun.sh STAGE_DIR [--runc])"
fi

rootfs=$stage/usr/share/contid/oci/rootfs
mkdir -p "$rootfs/bin" "$rootfs/proc" "$rootfs/dev" "$rootfs/tmp" "$rootfs/data"
cp /bin/busybox "$rootfs/bin/busybox"
for a in sh sleep echo cat; do ln -sf busybox "$rootfs/bin/$a"; done
install -m 0644 "$REPO/scripts/guest-oci.sh" "$stage/usr/share/contid/oci/oci.sh"
echo "stage-crun.sh: staged $(tr '\n' ' ' < "$stage/usr/share/contid/oci/version")and a busybox root" >&2
