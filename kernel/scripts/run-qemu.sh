#!/usr/bin/env bash
# Boot a kernel and initramfs under QEMU (TCG: KVM does not work on these
# machines) with the serial console on stdout, a hard timeout, and the
# guest's verdict as the exit status.
#
#   run-qemu.sh --kernel BZIMAGE --initrd CPIO.GZ [--job live|demo|bench|shell]
#               [--timeout SECONDS] [--stall SECONDS] [--log FILE]
#               [--append "ARGS"] [--mem MB]
#
# --timeout is the overall bound.  --stall S stops QEMU when the console
# log did not grow for S seconds (a wait on progress,
# tests/live/common/livewait.sh; the live job's init prints a heartbeat
# while a program still moves).  Exit status: 124 on timeout or stall, else the guest's CONTID-GUEST-EXIT=N when
# nonzero, else 1 when the kernel log holds a KASAN report, a lockdep
# splat, a WARN, a BUG, an oops, an RCU stall, a hung task or a kmemleak
# report (or the guest reported nothing).  Each reason that applies is
# printed on its own "FAIL:" line.  The whole console log is kept in
# --log (default build/qemu-<job>.log) and its path printed on failure.
. "$(dirname "$0")/common.sh"
splat_patterns=$(cd "$(dirname "$0")" && pwd)/splat-patterns
[ -r "$splat_patterns" ] || die "$splat_patterns missing: the kernel report scan cannot run"

kernel="" initrd="" job=live timeout=600 stall="" logf="" append="" mem=1024 filter=""
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--job) job=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--stall) stall=$2; shift 2 ;;
	--log) logf=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--filter) filter=$2; shift 2 ;;
	*) die "unknown argument $1" ;;
	esac
done
[ -f "$kernel" ] || die "--kernel: $kernel missing"
[ -f "$initrd" ] || die "--initrd: $initrd missing"
logf=${logf:-$BUILD_DIR/qemu-$job.log}
mkdir -p "$(dirname "$logf")"

cmdline="console=ttyS0 audit=1 panic=-1 oops=panic panic_on_warn=0 loglevel=7 contid.job=$job contid.timeout=$((timeout - 30)) $append"
[ -n "$filter" ] && cmdline="$cmdline contid.filter=$filter"
log "booting ($job) under TCG, timeout ${timeout}s${stall:+, stall ${stall}s}, log $logf"
# The stall watchdog: QEMU writes its pid to $pidf; when the log stops
# growing for $stall seconds the watchdog kills that pid and says why in
# $stalled.
pidf=$logf.qemu-pid stalled=$logf.stalled donef=$logf.done
rm -f "$pidf" "$stalled" "$donef"
: > "$logf"
watchdog=""
if [ -n "$stall" ]; then
	(
		. "$REPO_DIR/tests/live/common/livewait.sh"
		if ! LIVE_WAIT_STALL=$stall LIVE_WAIT_BOUND=$((timeout + 60)) \
			lw_wait "the guest console $logf" '[ -e "$donef" ]' 'lw_files "$logf"' 2> "$stalled"; then
			[ -e "$donef" ] || { [ -s "$pidf" ] && kill "$(cat "$pidf")"; }
		else
			rm -f "$stalled"
		fi
	) &
	watchdog=$!
fi
# stdbuf: keep the console line-buffered so it shows up as it comes.
# The pipeline's statuses are read before anything else runs (an `|| true`
# after it would leave PIPESTATUS holding true's 0).
set +e
timeout --foreground -k 5 "$timeout" \
	qemu-system-x86_64 -accel tcg -m "$mem" -smp 2 -nographic -no-reboot \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" -pidfile "$pidf" \
	-serial mon:stdio -display none -nodefaults 2>&1 </dev/null |
	stdbuf -oL tr -d '\r' | stdbuf -oL tee "$logf"
st=("${PIPESTATUS[@]}")
touch "$donef"
[ -z "$watchdog" ] || wait "$watchdog"
set -e
qrc=${st[0]}

# Every reason the run fails, each on its own line; the exit status is the
# first that applies: 124 timeout, then the guest's nonzero status, then 1.
reasons=() rc=0
case "$qrc" in
0) ;;
124|137) reasons+=("timeout: QEMU killed after ${timeout}s"); rc=124 ;;
*) reasons+=("QEMU exited with status $qrc"); rc=1 ;;
esac
# The stall watchdog's kill (QEMU's status after a SIGTERM says little).
if [ -s "$stalled" ]; then
	reasons+=("stalled: QEMU killed: $(cat "$stalled")")
	rc=124
fi
rm -f "$pidf" "$stalled" "$donef"
[ "${st[2]}" = 0 ] || { reasons+=("writing the log $logf failed (tee status ${st[2]})"); [ "$rc" != 0 ] || rc=1; }

verdict=$(grep -a -o 'CONTID-GUEST-EXIT=[0-9]*' "$logf" | tail -n1 | cut -d= -f2 || true)
if [ -z "$verdict" ]; then
	reasons+=("the guest never reported a result (no CONTID-GUEST-EXIT line)")
	[ "$rc" != 0 ] || rc=1
elif [ "$verdict" != 0 ]; then
	reasons+=("guest exit code $verdict")
	[ "$rc" != 0 ] || rc=$verdict
fi

# Kernel reports that fail the run whatever the tests said.  RCU stalls and
# hung tasks are matched by their messages (kernel/rcu/tree_stall.h,
# tree_exp.h, tasks.h; kernel/hung_task.c); see docs/testing.md for which
# detectors the configs build.
# The patterns are kernel/scripts/splat-patterns (one extended regular
# expression a line), which tests/kernel-report/check.sh feeds sample
# reports of each kind through on the host with this same grep.
# grep's status 2 (an unreadable file, a bad pattern) fails the run: a scan
# that did not run must not read as a clean log.
scan=0
grep -a -n -E -f "$splat_patterns" "$logf" >"$logf.splats" || scan=$?
if [ "$scan" = 0 ]; then
	log "kernel reports in the guest log:"
	head -n 20 "$logf.splats" >&2
	reasons+=("kernel splat: $(wc -l < "$logf.splats") matching line(s), first: $(head -n1 "$logf.splats" | cut -c1-160)")
	[ "$rc" != 0 ] || rc=1
elif [ "$scan" != 1 ]; then
	reasons+=("the kernel report scan failed (grep exit $scan)")
	[ "$rc" != 0 ] || rc=1
fi
rm -f "$logf.splats"
for r in "${reasons[@]}"; do log "FAIL: $r"; done
[ "$rc" = 0 ] && log "pass: guest exit code 0, no kernel report" || log "guest log kept in $logf"
exit "$rc"
