#!/usr/bin/env bash
# Stage the oci suite: Debian's crun and runc and a busybox root file
# system (scripts/stage-crun.sh: apt-get download, never installed on the
# host), lib.sh (shared by the programs), contid-live-pty (pty.c) and the
# programs live_oci_crun and live_oci_wrapper, which write each
# container's config.json.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

need_contidctl
"$REPO/scripts/stage-crun.sh" "$stage" --runc || die "scripts/stage-crun.sh failed"
install -D -m 0644 "$here/lib.sh" "$stage/usr/share/contid/oci/lib.sh"
# contid-live-pty: a terminal for the runtimes' "exec -t" (pty.c)
${CC:-gcc} -std=c11 -O1 -g -Wall -Wextra -Werror -o "$stage/usr/bin/contid-live-pty" "$here/pty.c"
stage_tests live_oci_
echo "oci/stage.sh: staged $n programs ($variant)" >&2
