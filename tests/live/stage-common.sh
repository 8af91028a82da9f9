# shellcheck shell=bash
# The prologue of every tests/live/SUITE/stage.sh, sourced right after its
# `set -euo pipefail`:
#
#   . "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"
#
# The contract: tests/live/run.sh calls each selected suite's
#   bash tests/live/SUITE/stage.sh STAGE_DIR VARIANT
# with STAGE_DIR the guest's root being filled (it must exist) and VARIANT
# the kernel config, normal or debug (default normal).  This sets
#   here     the suite's directory, tests/live/SUITE
#   REPO     the top of the tree
#   stage    STAGE_DIR
#   variant  VARIANT
#   build    $CONTID_BUILD_DIR, or REPO/build
# and defines die (prints "SUITE/stage.sh: error: ..." and exits 1),
# need_contidctl and stage_tests (below).
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
REPO=$(cd "$here/../../.." && pwd)
stage=${1:?usage: stage.sh STAGE_DIR VARIANT}
variant=${2:-normal}
build=${CONTID_BUILD_DIR:-$REPO/build}
die() { echo "$(basename "$here")/stage.sh: error: $*" >&2; exit 1; }

[ -d "$stage" ] || die "stage $stage missing"

# The suite runs contidctl: run.sh must have installed it into the stage.
need_contidctl() {
	[ -x "$stage/usr/sbin/contidctl" ] ||
		die "contidctl is not in the stage: build it first (scripts/build-userspace.sh)"
}

# stage_tests PREFIX: install each $here/PREFIX*.sh as the program
# /live/PREFIX* (without .sh); at least one must be there.  Sets n to how
# many.
stage_tests() {
	local t
	n=0
	mkdir -p "$stage/live"
	for t in "$here/$1"*.sh; do
		[ -f "$t" ] || continue
		install -m 0755 "$t" "$stage/live/$(basename "$t" .sh)"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || die "no $1*.sh test in $here"
}
