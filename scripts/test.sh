#!/usr/bin/env bash
# Run every test: host tests of libcontid and contidctl (gcc and clang with
# -Werror, ASan+UBSan, valgrind, distcheck, libFuzzer, the Debian packages
# and lintian), of the patched audit userspace (audit-userspace/: series,
# build, rule packing, ausearch), the kernel series check, and
# the live suite in QEMU under the normal and the debug kernel config.# The stock suite (tests/live/stock/): the packages install and podman
# starts containers unchanged on Debian's stock kernel, which has no
# container IDs, and the wrapper, once enabled there, refuses with its
# message.  After live-normal, whose userspace build and stages it reuses.
live_stock() {
	local k
	k=$(scripts/stage-stock-kernel.sh) &&
		LIVE_KERNEL=$k LIVE_SUITES=stock live normal
}

# The series check and the debug kernel's build run beside the host tests
# from the start; live-normal starts as soon as the series check has
# built (and cached) its image, beside the rest of the check; valgrind and
# the fuzzers run beside live-debug (bg_step/join_step below;
# docs/testing.md, "Where the two cores go").
#
#   scripts/test.sh            everything (what CI runs)
#   scripts/test.sh host       host tests only
#   scripts/test.sh live       live suite only (normal and debug)
#
# Every step runs even if an earlier one failed; the last line counts them.
set -uo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO"
what=${1:-all}
B=$REPO/build
mkdir -p "$B/logs"

"$REPO/scripts/install-deps.sh" || exit 1

passed=0 failed=0 failed_steps=()
step() {
	local name=$1
	shift
	local logf="$B/logs/$name.log" t0=$SECONDS rc
	printf '=== %s\n' "$name"
	"$@" >"$logf" 2>&1
	rc=$?
	# Show the test runners' own summaries (cmocka, automake, the guest).
	grep -a -E '^\[  (PASSED|FAILED) \]|^\[==========\] .* run|^# (TOTAL|PASS|FAIL|ERROR|XFAIL|XPASS|SKIP):|^(PASS|FAIL|ERROR|SKIP): |^CONTID-LIVE-END|^live programs:|^checked:|^patch |^fuzz: ' "$logf" | sed 's/^/    /'
	if [ "$rc" = 0 ]; then
		passed=$((passed + 1))
		printf '    ok: %s (%ss)\n' "$name" $((SECONDS - t0))
	else
		failed=$((failed + 1))
		failed_steps+=("$name")
		printf '    FAILED: %s (exit %s, %ss); last lines of %s:\n' "$name" "$rc" $((SECONDS - t0)) "$logf"
		tail -n 40 "$logf" | sed 's/^/    | /'
	fi
}

# bg_step NAME CMD...: step() in the background, its report held back
# until join_step NAME prints it and counts it.  The long kernel builds
# overlap work that leaves a core idle (single-threaded tests, QEMU under
# TCG); each step still has its own log and its own verdict.
declare -A bg_pids=()
bg_step() {
	local name=$1
	shift
	( failed=0
	  step "$name" "$@" >"$B/logs/$name.report" 2>&1
	  echo "$failed" >"$B/logs/$name.failed" ) &
	bg_pids[$name]=$!
	printf '=== %s (started in the background)\n' "$name"
}
join_step() {
	local name=$1
	wait "${bg_pids[$name]}"
	printf '=== %s (joined)\n' "$name"
	sed 1d "$B/logs/$name.report"
	if [ "$(cat "$B/logs/$name.failed" 2>/dev/null)" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failed_steps+=("$name")
	fi
}

host_gcc() {
	scripts/build-userspace.sh "$B/userspace" CC=gcc &&
		make -C "$B/userspace" -j"$(nproc)" check bench-programs &&
		bound_patch_compile gcc "$B/userspace"
}
host_clang() {
	scripts/build-userspace.sh "$B/userspace-clang" CC=clang &&
		make -C "$B/userspace-clang" -j"$(nproc)" check live-programs bench-programs &&
		live_sources_compile clang &&
		bound_patch_compile clang "$B/userspace-clang"
}
# bench/bound.sh's patch (the measurement behind issue 16's decision)
# still applies to libcontid/record.c and compiles warning-free, with the
# compile line of the library in the build tree @2 (automake's COMPILE):
# a change to record_fast() that breaks it refreshes it in the same commit.
bound_patch_compile() {
	local out=$2/bound-record.c compile
	if ! patch -s -F0 -r - -o "$out" libcontid/record.c < bench/bound.patch; then
		echo "bench/bound.patch no longer applies to libcontid/record.c: refresh it" >&2
		return 1
	fi
	compile=$(printf 'contid-print-compile:\n\t@echo $(COMPILE)\n' |
		make -s --no-print-directory -C "$2" -f Makefile -f - contid-print-compile) ||
		return 1
	# shellcheck disable=SC2086 # the compile line, split into words
	(cd "$2" && $compile -fsyntax-only bound-record.c) || return 1
	echo "bench/bound.patch: applies, compiles clean with $1 ($compile)"
}
# The standalone live programs (built for the guest with gcc by their
# stage.sh) compile warning-free with clang too.
live_sources_compile() {
	local f
	for f in tests/live/kernel/*.c tests/live/reliability/*.c tests/live/auditd/*.c \
		tests/live/common/*.c; do
		[ -f "$f" ] || continue
		"$1" -std=c11 -Wall -Wextra -Werror -fsyntax-only -Itests/live/kernel \
			-Itests/live/common "$f" ||
			return 1
	done
	echo "live sources: compile clean with $1"
}
host_sanitizers() {
	scripts/build-userspace.sh "$B/userspace-asan" CC=gcc --enable-sanitizers &&
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		make -C "$B/userspace-asan" -j"$(nproc)" check
}
host_valgrind() {
	scripts/build-userspace.sh "$B/userspace" CC=gcc &&
		make -C "$B/userspace" -j"$(nproc)" check-valgrind
}
# Beside live-debug (all): niced, so that the guest keeps its core, and in
# a build directory of its own, since live() builds in $B/userspace.
host_valgrind_nice() {
	nice -n 10 scripts/build-userspace.sh "$B/userspace-valgrind" CC=gcc &&
		nice -n 10 make -C "$B/userspace-valgrind" -j"$(nproc)" check-valgrind
}
host_fuzz_nice() {
	nice -n 10 tests/fuzz/run.sh
}
# The Debian packages, built from a copy of the tree, and lintian on them
# (docs/debian.md).  Before live-normal: the deb live suite installs these
# .debs (its stage.sh builds them when build/deb is not this tree's, as
# with `scripts/test.sh live` alone).
host_deb() {
	scripts/deb.sh "$B/deb"
}
host_distcheck() {
	scripts/build-userspace.sh "$B/userspace" CC=gcc &&
		make -C "$B/userspace" distcheck
}
# From the start of a whole run, beside the host steps, the series check
# and live-normal, not niced: the debug build and live-debug after it are
# the longest path of a cold run.
kernel_debug() {
	kernel/scripts/build.sh debug
}
# series_image_wait: until the series check has built the whole series
# (its "series: builds" line: the image is in build.sh's cache then, for
# live-normal to boot), or has ended (passed from its verdict cache, or
# failed; live-normal then builds what it needs itself).  A wait on an
# event, not on a clock: the check's own run bounds it.
series_image_wait() {
	local pid=${bg_pids[kernel-series-check]}
	while kill -0 "$pid" 2>/dev/null &&
		! grep -q -x 'series: builds (normal, bzImage)' "$B/logs/kernel-series-check.log" 2>/dev/null; do
		sleep 5
	done
}
live() {
	scripts/build-userspace.sh "$B/userspace" CC=gcc &&
		kernel/scripts/prepare-tree.sh &&
		tests/live/run.sh "$1"
}

# The series check and the debug kernel's build run beside the host
# tests from the start.  Measured cold (December 2026, 2 cores): the
# check took 36 minutes and live-normal waited for all of it, although
# the image it boots was built in the first 9; live-normal now starts once
# that image is there, and the rest of the check (each patch, the other
# configs) goes on beside it and is joined at the end.
case "$what" in
all)
	step kernel-tree kernel/scripts/prepare-tree.sh
	bg_step kernel-series-check kernel/scripts/check-series.sh
	bg_step kernel-build-debug kernel_debug
	;;
esac
case "$what" in
all|host)
	# .ci/run's environment: no knob reaches this script through it
	step host-ci tests/ci/env.sh
	step host-gcc host_gcc
	step host-clang host_clang
	step host-asan-ubsan host_sanitizers
	# In a whole run valgrind and the fuzzers (single-threaded, about ten
	# minutes of one core) run beside live-debug instead, whose QEMU
	# leaves the other core idle.
	[ "$what" = all ] || step host-valgrind host_valgrind
	step host-distcheck host_distcheck
	[ "$what" = all ] || step host-fuzz tests/fuzz/run.sh
	step host-audit-userspace tests/aus/host.sh
	step host-deb host_deb
	;;
esac
case "$what" in
all) series_image_wait ;;
esac
case "$what" in
live)
	step kernel-tree kernel/scripts/prepare-tree.sh
	bg_step kernel-build-debug kernel_debug
	;;
esac
case "$what" in
all|live)
	step live-normal live normal
	step live-stock live_stock
	join_step kernel-build-debug
	case "$what" in
	all)
		bg_step host-valgrind host_valgrind_nice
		bg_step host-fuzz host_fuzz_nice
		;;
	esac
	step live-debug live debug
	case "$what" in
	all)
		join_step host-valgrind
		join_step host-fuzz
		join_step kernel-series-check
		;;
	esac
	;;
esac

[ ${#failed_steps[@]} -eq 0 ] || echo "failed steps: ${failed_steps[*]}"
echo "test.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
