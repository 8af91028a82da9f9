#!/usr/bin/env bash
# DRAFT, fails on the normal image: crun needs CONFIG_USER_NS (wip/oci-live/README.md).  Stage Debian's crun and a
# busybox bundle whose config.json runs contidctl oci-hook at
# createRuntime, for live_oci_crun.sh.
#
#   stage.sh STAGE_DIR VARIANT      (as tests/live/SUITE/stage.sh)
#
# crun is fetched with apt-get download (never installed on the host) and
# unpacked into the stage; its libraries (libyajl2, libseccomp2, libcap2,
# libsystemd0) must be on the host for mkinitramfs.sh to copy them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$here/../.." && pwd)
stage=${1:?usage: stage.sh STAGE_DIR VARIANT}
build=${CONTID_BUILD_DIR:-$REPO/build}
cache=$build/crun-deb
die() { echo "oci-live/stage.sh: error: $*" >&2; exit 1; }

[ -x "$stage/usr/sbin/contidctl" ] || die "contidctl is not in the stage"
mkdir -p "$cache"
deb=$(ls "$cache"/crun_*.deb 2>/dev/null | head -n1 || true)
if [ -z "$deb" ]; then
	(cd "$cache" && apt-get download crun) >&2 || die "apt-get download crun failed"
	deb=$(ls "$cache"/crun_*.deb | head -n1)
fi
x=$(mktemp -d "${TMPDIR:-/tmp}/contid-crun.XXXXXX")
trap 'rm -rf "$x"' EXIT
dpkg-deb -x "$deb" "$x"
install -D -m 0755 "$x/usr/bin/crun" "$stage/usr/bin/crun"
if ldd "$stage/usr/bin/crun" | grep 'not found'; then
	die "crun's libraries are missing on the host: apt-get install libyajl2 libseccomp2 libcap2 libsystemd0"
fi

# The bundle: a static busybox as the root file system.
bundle=$stage/usr/share/contid/crun-bundle
mkdir -p "$bundle/rootfs/bin" "$bundle/rootfs/proc" "$bundle/rootfs/tmp" "$bundle/rootfs/dev"
cp /bin/busybox "$bundle/rootfs/bin/busybox"
for a in sh sleep echo cat; do ln -sf busybox "$bundle/rootfs/bin/$a"; done
install -m 0644 "$here/config.json" "$bundle/config.json"
install -m 0755 "$here/live_oci_crun.sh" "$stage/live/live_oci_crun.sh"
