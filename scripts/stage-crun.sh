#!/usr/bin/env bash
# Stage Debian's crun and a busybox root file system for containers in the
# QEMU guest (the live oci suite, tests/live/oci/, and scripts/demo.sh).
#
#   stage-crun.sh STAGE_DIR
#
# crun is fetched with apt-get download (never installed on the host; the
# .deb is kept in build/crun-deb) and unpacked into STAGE_DIR/usr/bin;
# its libraries (libyajl2, libseccomp2, libcap2, libsystemd0: in
# scripts/install-deps.sh) must be on the host for mkinitramfs.sh to copy
# them.  The root is STAGE_DIR/usr/share/contid/oci/rootfs: busybox, the
# mount points crun needs (proc, dev, tmp) and an empty /data to write to.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
stage=${1:?usage: stage-crun.sh STAGE_DIR}
cache=${CONTID_BUILD_DIR:-$REPO/build}/crun-deb
die() { echo "stage-crun.sh: error: $*" >&2; exit 1; }

[ -d "$stage" ] || die "stage $stage missing"
mkdir -p "$cache"
deb=$(ls "$cache"/crun_*.deb 2>/dev/null | head -n1 || true)
if [ -z "$deb" ]; then
	(cd "$cache" && apt-get download crun) >&2 || die "apt-get download crun failed"
	deb=$(ls "$cache"/crun_*.deb | head -n1)
fi
x=$(mktemp -d "${TMPDIR:-/tmp}/contid-crun.XXXXXX")
trap 'rm -rf "$x"' EXIT
dpkg-deb -x "$deb" "$x"
[ -x "$x/usr/bin/crun" ] || die "$deb has no usr/bin/crun"
install -D -m 0755 "$x/usr/bin/crun" "$stage/usr/bin/crun"
miss=$(ldd "$stage/usr/bin/crun" | awk '/not found/ { print $1 }')
[ -z "$miss" ] || die "crun needs $miss, not on the host (scripts/install-deps.sh)"
mkdir -p "$stage/usr/share/contid/oci"
echo "crun $(dpkg-deb -f "$deb" Version) (Debian)" > "$stage/usr/share/contid/oci/version"

rootfs=$stage/usr/share/contid/oci/rootfs
mkdir -p "$rootfs/bin" "$rootfs/proc" "$rootfs/dev" "$rootfs/tmp" "$rootfs/data"
cp /bin/busybox "$rootfs/bin/busybox"
for a in sh sleep echo cat; do ln -sf busybox "$rootfs/bin/$a"; done
echo "stage-crun.sh: staged $(cat "$stage/usr/share/contid/oci/version") and a busybox root" >&2
