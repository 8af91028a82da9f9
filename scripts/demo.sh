#!/usr/bin/env bash
# The main job: build libcontid, contidctl and the patched kernel, boot it
# in QEMU, and show a container ID being set and its records, with
# contidctl alone (the cover letter's two worked examples), then a busybox
# container started by crun whose ID contidctl oci-hook sets (example 3),
# and one started through the runtime wrapper contid-crun, with an exec
# session into it holding the container's ID, a rule on the ID catching
# the exec'd process's write, and the mapping record naming the container
# (example 4; scripts/guest-demo.sh).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO"
scripts/install-deps.sh
scripts/build-userspace.sh build/userspace CC=gcc
kernel/scripts/prepare-tree.sh
img=$(kernel/scripts/build.sh normal | tail -n1)
stage=build/demo-stage
rm -rf "$stage"
mkdir -p "$stage/usr/share/contid"
make -s -C build/userspace install DESTDIR="$REPO/$stage" >/dev/null
install -m 0755 scripts/guest-demo.sh "$stage/usr/share/contid/demo.sh"
# Debian's crun (apt-get download, never installed on the host) and a
# busybox root for the containers of the demo's third and fourth examples.
scripts/stage-crun.sh "$stage"
kernel/scripts/mkinitramfs.sh build/demo.cpio.gz --tree "$stage"
exec kernel/scripts/run-qemu.sh --kernel "$img" --initrd build/demo.cpio.gz \
	--job demo --timeout 300 --log build/qemu-demo.log
