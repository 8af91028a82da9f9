#!/usr/bin/env bash
# Stage the stock suite (run on Debian's stock kernel: in no default list of
# run.sh; scripts/test.sh's live-stock step runs
# LIVE_KERNEL=$(scripts/stage-stock-kernel.sh) LIVE_SUITES=stock
# tests/live/run.sh normal): the podman suite's stage (podman, crun, the
# image, its lib.sh) without its program, the deb suite's Debian root
# and packages (tests/live/deb/stage.sh), and the program
# live_stock_podman.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
# shellcheck source=tests/live/stage-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

# The podman suite's stage (podman, crun, the image, lib.sh), without its
# program: the stock kernel has no container IDs.
bash "$REPO/tests/live/podman/stage.sh" "$stage" "$variant" || die "tests/live/podman/stage.sh failed"
rm -f "$stage/live/live_podman"
# The Debian root with dpkg and the packages (the deb suite's stage; its
# own program is not this suite's: its checks need the patched kernel).
bash "$REPO/tests/live/deb/stage.sh" "$stage" "$variant" || die "tests/live/deb/stage.sh failed"
rm -f "$stage/live/live_deb_install"
stage_tests live_stock_
echo "stock/stage.sh: staged $n programs ($variant)" >&2
