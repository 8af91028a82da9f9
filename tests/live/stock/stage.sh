#!/usr/bin/env bash
# Stage the stock suite (run on Debian's stock kernel, never by default:
# LIVE_KERNEL=$(scripts/stage-stock-kernel.sh) LIVE_SUITES=stock
# tests/live/run.sh normal): the podman suite's podman, crun and image
# (scripts/stage-podman.sh) and its lib.sh, the deb suite's Debian root
# and packages (tests/live/deb/stage.sh), and the program
# live_stock_podman.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
# shellcheck source=tests/live/stage-common.sh
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

need_contidctl
[ -f "$stage/usr/share/doc/contidctl/examples/podman-containers.conf" ] ||
	die "the stage has no examples/podman-containers.conf (make install of build/userspace)"
"$REPO/scripts/stage-podman.sh" "$stage" || die "scripts/stage-podman.sh failed"
# The Debian root with dpkg and the packages (the deb suite's stage; its
# own program is not this suite's: its checks need the patched kernel).
bash "$REPO/tests/live/deb/stage.sh" "$stage" "$variant" || die "tests/live/deb/stage.sh failed"
rm -f "$stage/live/live_deb_install"
install -D -m 0644 "$REPO/tests/live/podman/lib.sh" "$stage/usr/share/contid/podman/lib.sh"
stage_tests live_stock_
echo "stock/stage.sh: staged $n programs ($variant)" >&2
