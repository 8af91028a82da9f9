#!/usr/bin/env bash
# Build the live test programs, pack them with the library and contidctl
# into an initramfs, and run them in QEMU against the patched kernel.
#
#   tests/live/run.sh [normal|debug] [--filter a,b]
#
# Environment: LIVE_SUITES (below), LIVE_KERNEL (a bzImage to boot), REL_SEED and REL_ITERS (passed to the
# guest for the reliability programs, see docs/testing.md), LIVE_WAIT_STALL
# and LIVE_WAIT_BOUND (passed to the guest: the live waits' limits),
# LIVE_STALL and LIVE_TIMEOUT (the whole guest run's, below).
#
# Fails loudly when anything needed is missing: a live test that cannot
# run is a failure, never a skip.  Each suite lists the programs it must
# run in tests/live/SUITE/programs (one name a line); the run fails when a
# listed program is missing, not executable, fails or reports a skip, and
# when the stage holds a program no list names (see docs/testing.md).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
. "$REPO/kernel/scripts/common.sh"
variant=${1:-normal}
shift || true
filter=""
[ "${1:-}" = "--filter" ] && filter=$2
case "$variant" in normal|debug) ;; *) die "unknown variant $variant (normal|debug)" ;; esac

# Suites: kernel and lib (the library's programs) and cli (contidctl's
# scripts) are staged here, the others by tests/live/SUITE/stage.sh.
# LIVE_SUITES=a,b runs only those suites.  The default is the list of
# suites that are done and pass (a suite being written is not run by CI
# until it is added here).  The debug kernel runs the suites whose subject
# is kernel code (kernel, lib, reliability); cli (contidctl's output and
# argument handling), auditd (Debian's daemon and tools), aus (the
# patched audit userspace of audit-userspace/), deb (the .debs
# installed with dpkg in a Debian root, docs/debian.md), oci
# (contidctl oci-hook and the runtime wrapper under Debian's crun and
# runc), podman (Debian's podman through the runtime wrapper) and
# containerd (Debian's containerd and ctr through the wrapper) check
# userspace, so they run once, on the normal kernel; their kernel paths
# are the ones the other suites drive under debug (docs/testing.md).
# stock runs on Debian's stock kernel only
# (LIVE_KERNEL=$(scripts/stage-stock-kernel.sh) LIVE_SUITES=stock), so it
# is in neither list (scripts/test.sh runs it as its own step, live-stock).
case "$variant" in
normal) default_suites=kernel,lib,cli,reliability,auditd,aus,deb,oci,podman,containerd ;;
debug) default_suites=kernel,lib,reliability ;;
esac
LIVE_SUITES=${LIVE_SUITES:-$default_suites}
suites=()
for suite in ${LIVE_SUITES//,/ }; do
	[ -f "$REPO/tests/live/$suite/programs" ] ||
		die "LIVE_SUITES: suite $suite has no tests/live/$suite/programs"
	suites+=("$suite")
done
[ ${#suites[@]} -gt 0 ] || die "LIVE_SUITES is empty"
selected() { case ",$LIVE_SUITES," in *",$1,"*) return 0 ;; esac; return 1; }

# The programs the guest must run: every selected suite's list, narrowed
# to the --filter names (each of which must be a listed program).
all=$(for suite in "${suites[@]}"; do
	# programs.VARIANT: the suite's programs for one kernel config only
	# (live_netns_fail needs the debug config's fault injection).
	for f in "$REPO/tests/live/$suite/programs" "$REPO/tests/live/$suite/programs.$variant"; do
		[ ! -f "$f" ] || grep -v -e '^#' -e '^[[:space:]]*$' "$f" || true
	done
done | sort)
dup=$(printf '%s\n' "$all" | uniq -d)
[ -z "$dup" ] || die "listed twice: $dup"
expected=$all
if [ -n "$filter" ]; then
	expected=""
	for name in ${filter//,/ }; do
		printf '%s\n' "$all" | grep -q -x -F -- "$name" ||
			die "--filter: $name is not listed in tests/live/{${LIVE_SUITES}}/programs"
		expected="$expected$name"$'\n'
	done
	expected=$(printf '%s' "$expected" | sort -u)
fi

stage=$BUILD_DIR/live-stage-$variant
rm -rf "$stage"
mkdir -p "$stage/live" "$stage/usr/share/contid"

# The kernel series' own live tests: standalone on purpose (see auditnl.h).
CC=${CC:-gcc}
if selected kernel; then
	$CC -std=c11 -O1 -g -Wall -Wextra -Werror -I"$REPO/tests/live/common" \
		-o "$stage/live/live_kernel" \
		"$REPO/tests/live/kernel/live_kernel.c" "$REPO/tests/live/kernel/auditnl.c" \
		"$REPO/tests/live/kernel/expect.c" "$REPO/tests/live/common/livewait.c" \
		-lcmocka -lpthread
fi

# The shell suites' marker (tests/live/common/marker.c): an AUDIT_USER
# record they wait for instead of sleeping (docs/testing.md, "Live waits").
mkdir -p "$stage/usr/bin"
$CC -std=c11 -O1 -g -Wall -Wextra -Werror -o "$stage/usr/bin/contid-live-marker" \
	"$REPO/tests/live/common/marker.c" "$REPO/tests/live/common/livewait.c"

# libcontid and contidctl (every suite but kernel and reliability needs
# them), with the library's live programs and contidctl's live scripts.
if [ -f "$BUILD_DIR/userspace/Makefile" ]; then
	make -s -C "$BUILD_DIR/userspace" install DESTDIR="$stage" >/dev/null
elif selected lib || selected cli || selected auditd || selected aus || selected oci || selected podman || selected stock ||
	selected containerd; then
	die "$BUILD_DIR/userspace is not built: run scripts/build-userspace.sh first"
fi
if selected lib; then
	make -s -C "$BUILD_DIR/userspace" live-programs >/dev/null
	for p in "$BUILD_DIR"/userspace/tests/live/live_*; do
		[ -x "$p" ] && [ -f "$p" ] || continue
		case "$p" in *.o|*.sh) continue ;; esac
		# libtool wrappers: take the real binary.
		real=$(dirname "$p")/.libs/$(basename "$p")
		[ -x "$real" ] && p=$real
		cp "$p" "$stage/live/"
	done
fi
if selected cli; then
	for s in "$REPO"/tests/live/cli/live_*.sh; do
		[ -f "$s" ] && install -m 0755 "$s" "$stage/live/"
	done
fi

# Suites that bring their own programs and tools (nft, auditd, ...):
# each tests/live/SUITE/stage.sh fills the stage for its suite.
for s in "$REPO"/tests/live/*/stage.sh; do
	[ -f "$s" ] || continue
	suite=$(basename "$(dirname "$s")")
	selected "$suite" || continue
	bash "$s" "$stage" "$variant" || { echo "run.sh: $s failed" >&2; exit 1; }
done

# The lists for the guest's init: every program the selected suites list
# (anything else in /live fails the run) and the ones to run.
mkdir -p "$stage/etc/contid"
printf '%s\n' "$all" > "$stage/etc/contid/live-programs"
printf '%s\n' "$expected" > "$stage/etc/contid/live-run"

# LIVE_KERNEL=PATH boots that bzImage instead of building the series (to
# run a test against an older image, for a before/after comparison).
if [ -n "${LIVE_KERNEL:-}" ]; then
	[ -f "$LIVE_KERNEL" ] || die "LIVE_KERNEL: no such file: $LIVE_KERNEL"
	img=$LIVE_KERNEL
else
	img=$("$KERNEL_DIR/scripts/build.sh" "$variant" | tail -n1)
fi
initrd=$BUILD_DIR/live-$variant.cpio.gz
"$KERNEL_DIR/scripts/mkinitramfs.sh" "$initrd" --tree "$stage"
# The guest run waits on progress (docs/testing.md, "Live waits"): QEMU
# is stopped when the console did not grow for LIVE_STALL seconds (the
# guest's init prints a heartbeat each minute while a program still
# moves, and stops a program after 300 s without progress), and after
# LIVE_TIMEOUT seconds in all, a generous bound, not a measure: the normal
# run takes about 12 minutes alone (26 programs), the debug run far
# longer on a busy host.
timeout=${LIVE_TIMEOUT:-14400}
stall=${LIVE_STALL:-900}
# REL_SEED and REL_ITERS reach the reliability programs through the
# kernel command line (init gets unknown NAME=value words as environment).
append=""
# The debug run marks the audit container ID entries' slab cache and the
# audit records' for failslab's cache filter (live_netns_fail injects
# failures there only; the marks are read-only in sysfs since 5.9).
[ "$variant" = debug ] && append=" slub_debug=A,audit_contid_net,audit_buffer"
for v in REL_SEED REL_ITERS LIVE_WAIT_STALL LIVE_WAIT_BOUND; do
	[ -n "${!v:-}" ] && append="$append $v=${!v}"
done
# The debug kernel must show a kmemleak scan that ran (kernel/guest/init).
[ "$variant" = debug ] && append="$append contid.kmemleak=1"
logf=$BUILD_DIR/qemu-live-$variant.log
rc=0
"$KERNEL_DIR/scripts/run-qemu.sh" --kernel "$img" --initrd "$initrd" \
	--job live --timeout "$timeout" --stall "$stall" --log "$logf" \
	${append:+--append "${append# }"} || rc=$?

# The guest's verdict is not enough: check from the console log that
# every expected program ran and passed, and that nothing else ran.
ended=$(grep -a -o '^CONTID-LIVE-END [^ ]* .*' "$logf" | sed 's/^CONTID-LIVE-END //' || true)
bad=0
while IFS= read -r name; do
	[ -n "$name" ] || continue
	v=$(printf '%s\n' "$ended" | awk -v n="$name" '$1 == n { $1 = ""; print substr($0, 2) }')
	case "$v" in
	PASS) ;;
	"") echo "run.sh: $name did not run" >&2; bad=1 ;;
	*) echo "run.sh: $name: ${v//$'\n'/; }" >&2; bad=1 ;;
	esac
done <<< "$expected"
while IFS= read -r line; do
	[ -n "$line" ] || continue
	name=${line%% *}
	printf '%s\n' "$expected" | grep -q -x -F -- "$name" ||
		{ echo "run.sh: $name ran but is not expected: $line" >&2; bad=1; }
done <<< "$ended"
if grep -a -q '^CONTID-LIVE-UNLISTED ' "$logf"; then
	grep -a '^CONTID-LIVE-UNLISTED ' "$logf" | sed 's/^CONTID-LIVE-UNLISTED /run.sh: in the stage but in no programs list: /' >&2
	bad=1
fi
if [ "$variant" = debug ] && ! grep -a -q '^CONTID-KMEMLEAK-CLEAN' "$logf"; then
	echo "run.sh: no clean kmemleak scan in the log: $(grep -a -m1 '^CONTID-KMEMLEAK-' "$logf" || echo 'the scan never ran')" >&2
	bad=1
fi
n=$(printf '%s\n' "$expected" | grep -c .)
if [ "$bad" = 0 ]; then
	echo "run.sh: $n expected program(s) ran and passed ($variant)" >&2
else
	echo "run.sh: the expected programs did not all run and pass ($variant)" >&2
	[ "$rc" != 0 ] || rc=1
fi
exit "$rc"
