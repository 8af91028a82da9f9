#!/usr/bin/env bash
# Stage the oci suite: Debian's crun and a busybox root file system
# (scripts/stage-crun.sh: apt-get download, never installed on the host)
# and live_oci_crun, which writes each container's config.json itself.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

need_contidctl
"$REPO/scripts/stage-crun.sh" "$stage" || die "scripts/stage-crun.sh failed"
mkdir -p "$stage/live"
install -m 0755 "$here/live_oci_crun.sh" "$stage/live/live_oci_crun"
echo "oci/stage.sh: staged live_oci_crun ($variant)" >&2
