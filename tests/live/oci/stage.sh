#!/usr/bin/env bash
# Stage the oci suite: Debian's crun and a busybox root file system
# (scripts/stage-crun.sh: apt-get download, never installed on the host)
# and live_oci_crun, which writes each container's config.json itself.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$here/../../.." && pwd)
stage=${1:?usage: stage.sh STAGE_DIR VARIANT}
variant=${2:-normal}
die() { echo "oci/stage.sh: error: $*" >&2; exit 1; }

[ -d "$stage" ] || die "stage $stage missing"
[ -x "$stage/usr/sbin/contidctl" ] ||
	die "contidctl is not in the stage: build it first (scripts/build-userspace.sh)"
"$REPO/scripts/stage-crun.sh" "$stage" || die "scripts/stage-crun.sh failed"
mkdir -p "$stage/live"
install -m 0755 "$here/live_oci_crun.sh" "$stage/live/live_oci_crun"
echo "oci/stage.sh: staged live_oci_crun ($variant)" >&2
