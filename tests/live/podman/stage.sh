#!/usr/bin/env bash
# Stage the podman suite: Debian's podman, conmon and crun, containers-
# common's files, the guest's storage.conf and containers.conf and a
# busybox image tarball (scripts/stage-podman.sh: apt-get download, never
# installed on the host), lib.sh (shared with the stock suite) and the
# program live_podman.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
# shellcheck source=tests/live/stage-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

need_contidctl
[ -f "$stage/usr/share/doc/contidctl/examples/podman-containers.conf" ] ||
	die "the stage has no examples/podman-containers.conf (make install of build/userspace)"
"$REPO/scripts/stage-podman.sh" "$stage" || die "scripts/stage-podman.sh failed"
install -D -m 0644 "$here/lib.sh" "$stage/usr/share/contid/podman/lib.sh"
stage_tests live_podman
echo "podman/stage.sh: staged $n programs ($variant)" >&2
