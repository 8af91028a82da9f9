#!/usr/bin/env bash
# Build the live test programs, pack them with the library and contidctl
# into an initramfs, and run them in QEMU against the patched kernel.
#
#   tests/live/run.sh [normal|debug] [--filter a,b]
#
# Environment: LIVE_SUITES (below), REL_SEED and REL_ITERS (passed to the
# guest for the reliability programs, see docs/testing.md).
#
# Fails loudly when anything needed is missing: a live test that cannot
# run is a failure, never a skip.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
. "$REPO/kernel/scripts/common.sh"
variant=${1:-normal}
shift || true
filter=""
[ "${1:-}" = "--filter" ] && filter=$2

stage=$BUILD_DIR/live-stage-$variant
rm -rf "$stage"
mkdir -p "$stage/live" "$stage/usr/share/contid"

# The kernel series' own live tests: standalone on purpose (see auditnl.h).
CC=${CC:-gcc}
$CC -std=c11 -O1 -g -Wall -Wextra -Werror -o "$stage/live/live_kernel" \
	"$REPO/tests/live/kernel/live_kernel.c" "$REPO/tests/live/kernel/auditnl.c" \
	-lcmocka -lpthread

# libcontid and contidctl, with their live programs, when they are built.
if [ -f "$BUILD_DIR/userspace/Makefile" ]; then
	make -s -C "$BUILD_DIR/userspace" install DESTDIR="$stage" >/dev/null
	make -s -C "$BUILD_DIR/userspace" live-programs >/dev/null
	for p in "$BUILD_DIR"/userspace/tests/live/live_*; do
		[ -x "$p" ] && [ -f "$p" ] || continue
		case "$p" in *.o|*.sh) continue ;; esac
		# libtool wrappers: take the real binary.
		real=$(dirname "$p")/.libs/$(basename "$p")
		[ -x "$real" ] && p=$real
		cp "$p" "$stage/live/"
	done
	for s in "$REPO"/tests/live/cli/live_*.sh; do
		[ -f "$s" ] && install -m 0755 "$s" "$stage/live/"
	done
fi

# Suites that bring their own programs and tools (nft, auditd, ...):
# each tests/live/SUITE/stage.sh fills the stage for its suite.
# LIVE_SUITES=a,b stages only those suites.  The default is the list of
# suites that are done and pass (a suite being written is not run by CI
# until it is added here).
LIVE_SUITES=${LIVE_SUITES:-kernel,reliability,auditd}
for s in "$REPO"/tests/live/*/stage.sh; do
	[ -f "$s" ] || continue
	suite=$(basename "$(dirname "$s")")
	case ",$LIVE_SUITES," in *",$suite,"*) ;; *) continue ;; esac
	bash "$s" "$stage" "$variant" || { echo "run.sh: $s failed" >&2; exit 1; }
done

img=$("$KERNEL_DIR/scripts/build.sh" "$variant" | tail -n1)
initrd=$BUILD_DIR/live-$variant.cpio.gz
"$KERNEL_DIR/scripts/mkinitramfs.sh" "$initrd" --tree "$stage"
timeout=${LIVE_TIMEOUT:-900}
[ "$variant" = debug ] && timeout=1800
# REL_SEED and REL_ITERS reach the reliability programs through the
# kernel command line (init gets unknown NAME=value words as environment).
append=""
for v in REL_SEED REL_ITERS; do
	[ -n "${!v:-}" ] && append="$append $v=${!v}"
done
exec "$KERNEL_DIR/scripts/run-qemu.sh" --kernel "$img" --initrd "$initrd" \
	--job live --timeout "$timeout" --log "$BUILD_DIR/qemu-live-$variant.log" \
	${filter:+--filter "$filter"} ${append:+--append "${append# }"}
