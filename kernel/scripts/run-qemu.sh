#!/usr/bin/env bash
# Boot a kernel and initramfs under QEMU (TCG: KVM does not work on these
# machines) with the serial console on stdout, a hard timeout, and the
# guest's verdict as the exit status.
#
#   run-qemu.sh --kernel BZIMAGE --initrd CPIO.GZ [--job live|demo|bench|shell]
#               [--timeout SECONDS] [--log FILE] [--append "ARGS"] [--mem MB]
#
# Exit status: the guest's CONTID-GUEST-EXIT=N, or 1 when the kernel log
# holds a KASAN report, a lockdep splat, a WARN, a BUG, an oops or a
# kmemleak report, or 124 on timeout.  The whole console log is kept in
# --log (default build/qemu-<job>.log) and its path printed on failure.
. "$(dirname "$0")/common.sh"

kernel="" initrd="" job=live timeout=600 logf="" append="" mem=1024 filter=""
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--job) job=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
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
log "booting ($job) under TCG, timeout ${timeout}s, log $logf"
rc=0
# stdbuf: keep the console line-buffered so it shows up as it comes.
timeout --foreground -k 5 "$timeout" \
	qemu-system-x86_64 -accel tcg -m "$mem" -smp 2 -nographic -no-reboot \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" \
	-serial mon:stdio -display none -nodefaults 2>&1 </dev/null |
	stdbuf -oL tr -d '\r' | stdbuf -oL tee "$logf" || true
qrc=${PIPESTATUS[0]}
[ "$qrc" = 124 ] && { log "timeout after ${timeout}s"; rc=124; }

verdict=$(grep -a -o 'CONTID-GUEST-EXIT=[0-9]*' "$logf" | tail -n1 | cut -d= -f2)
if [ "$rc" = 0 ]; then
	if [ -z "$verdict" ]; then
		log "the guest never reported a result"
		rc=1
	else
		rc=$verdict
	fi
fi

# Kernel reports that fail the run whatever the tests said.
if grep -a -n -E 'BUG: KASAN|BUG: |WARNING: CPU|WARNING: .* at |------------\[ cut here \]|Kernel panic|general protection fault|Oops:|possible recursive locking|possible circular locking|inconsistent lock state|suspicious RCU usage|sleeping function called from invalid context|UBSAN:|list_add corruption|list_del corruption|CONTID-KMEMLEAK-BEGIN|unreferenced object' "$logf" >"$logf.splats"; then
	log "kernel reports in the guest log:"
	head -n 20 "$logf.splats" >&2
	rc=1
fi
rm -f "$logf.splats"
[ "$rc" = 0 ] || log "guest log kept in $logf"
exit "$rc"
