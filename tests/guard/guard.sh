#!/bin/sh
# The guard of the host suite stops each way a test could reach the host's
# audit subsystem, and fails the test with a message
# (tests/guard/README.md).  Each attempt runs under a guard of its own
# (nested in the one make check puts around this script), whose exit
# status and stderr are compared exactly; nothing is ever written.
GUARD=${GUARD:-./tests/guard/contid-test-guard}
PROBE=${PROBE:-./tests/guard/guard-probe}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
fails=0
n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect STATUS STDERR CMD...: under a guard of its own
expect() {
	want_rc=$1 want_err=$2
	shift 2
	n=$((n + 1))
	"$GUARD" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# memcheck's report of what a process stopped mid-way left allocated
	# (make check-valgrind) is not the guard's to check
	got_err=$(grep -v '^==[0-9]*==' "$tmp/err" |
		sed -e 's/in pid [0-9]*/in pid N/' -e 's/system call [0-9]* (/system call NR (/')
	if [ "$rc" != "$want_rc" ] || [ "$got_err" != "$want_err" ]; then
		echo "FAIL: $*"
		echo "  want status $want_rc, stderr: $want_err"
		echo "  got  status $rc, stderr: $got_err"
		echo "  stdout: $(cat "$tmp/out")"
		fails=$((fails + 1))
	else
		echo "ok: $* -> $rc"
	fi
}
# blocked WHAT COMM CMD...: stopped in a process named COMM
blocked() {
	what=$1 comm=$2
	shift 2
	line="contid-test-guard: BLOCKED $what in pid N ($comm): a host test must not touch the host's audit subsystem (tests/guard/README.md)"
	expect 99 "$line
contid-test-guard: FAIL: $1 touched the host's audit subsystem:
$line" "$@"
}

sock="socket(AF_NETLINK, ..., NETLINK_AUDIT)"
blocked "$sock" guard-probe "$PROBE" socket
blocked "system call NR (a NETLINK_AUDIT socket without libc, or a foreign ABI: stopped by the seccomp filter)" \
	guard-probe "$PROBE" socket-raw
# No handler (a static program, or one that reset SIGSYS): the kernel
# kills it, and the guard says why.
expect 99 "contid-test-guard: FAIL: $PROBE was killed by SIGSYS: a system call the guard forbids (a NETLINK_AUDIT socket)" \
	"$PROBE" socket-raw-nohandler
blocked 'open("/proc/self/containerid") for writing' guard-probe "$PROBE" open
blocked 'open("/proc/1/task/1/containerid") for writing' guard-probe "$PROBE" open-rdwr
blocked 'openat("self/containerid") for writing' guard-probe "$PROBE" openat
blocked 'open("containerid") for writing' guard-probe "$PROBE" relative
blocked 'open("/proc/999999999/containerid") for writing' guard-probe "$PROBE" no-such-task
blocked 'fopen("/proc/self/containerid", "w")' guard-probe "$PROBE" fopen
blocked 'fopen("/proc/self/../1/containerid", "r+")' guard-probe "$PROBE" fopen-rplus
ln -s /proc/self "$tmp/link"
blocked "open(\"$tmp/link/containerid\") for writing" guard-probe "$PROBE" symlink "$tmp/link"
# the shell's own redirection
blocked 'open("/proc/1/containerid") for writing' sh sh -c 'echo 5 > /proc/1/containerid'
# contidctl itself (under valgrind in make check-valgrind)
blocked "$sock" contidctl "$CONTIDCTL" features
blocked 'open("/proc/1/containerid") for writing' contidctl "$CONTIDCTL" set 1 5
# a test that swallows the failure still fails
expect 99 "contid-test-guard: FAIL: sh touched the host's audit subsystem:
contid-test-guard: BLOCKED $sock in pid N (contidctl): a host test must not touch the host's audit subsystem (tests/guard/README.md)" sh -c '"$0" features 2>/dev/null; exit 0' "$CONTIDCTL"
# a skip is a failure
expect 99 "contid-test-guard: FAIL: sh exited 77 (skip): a host test never skips" sh -c 'exit 77'

# What it lets through, and the test's own status passed on.
expect 0 "" "$PROBE" allowed-read
expect 0 "" "$PROBE" allowed-route
mkdir -p "$tmp/fakeproc/1"
expect 0 "" "$PROBE" allowed-fake-root "$tmp/fakeproc/1"
expect 3 "" sh -c 'exit 3'
expect 1 "" false

echo "$n checks, $fails failed"
[ "$fails" = 0 ]
