#!/bin/sh
# contidctl oci-hook: every refusal the host can produce, with its exact
# one-line message and exit status (docs/oci-hook.md).  The host kernel has
# no container IDs, so a state that passes every check ends at the write
# (CONTID_E_NOSUPPORT, or ESRCH for a task that does not exist): nothing is
# ever set here.  The kernel's own refusals (EEXIST, EBUSY, EPERM) are the
# same messages as "contidctl set"'s, checked in the guest.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
fails=0
n=0
A=org.linux-audit.containerid
ID64=0123456789abcdef000000000000000000000000000000000000000000000000

# hook STATUS "STDERR" STDIN-FILE ARGS...: run "contidctl oci-hook ARGS"
hook() {
	want_rc=$1 want_err=$2 in=$3
	shift 3
	n=$((n + 1))
	"$CONTIDCTL" oci-hook "$@" <"$in" >cli-hook.out 2>cli-hook.err
	rc=$?
	got_err=$(cat cli-hook.err)
	if [ "$rc" != "$want_rc" ] || [ "$got_err" != "$want_err" ] || [ -s cli-hook.out ]; then
		echo "FAIL: contidctl oci-hook $* < $(head -c 200 "$in")"
		echo "  want status $want_rc, stderr: $want_err"
		echo "  got  status $rc, stderr: $got_err"
		echo "  stdout: $(cat cli-hook.out)"
		fails=$((fails + 1))
	else
		echo "ok: oci-hook $* -> $rc: $got_err"
	fi
}
# state JSON STATUS MESSAGE [ARGS...]: the state given as text; MESSAGE
# without the "contidctl: oci-hook: " prefix.
state() {
	printf '%s' "$1" > cli-hook.in
	rc=$2 m=$3
	shift 3
	hook "$rc" "contidctl: oci-hook: $m" cli-hook.in "$@"
}

# Usage errors: exit 2 before stdin is read.
hook 2 "contidctl: oci-hook: unexpected argument 'x'
Try 'contidctl oci-hook --help'." /dev/null x
hook 2 "contidctl: oci-hook: unknown option '--bogus'
Try 'contidctl oci-hook --help'." /dev/null --bogus

# Reading stdin.
hook 1 "contidctl: oci-hook: cannot read the state on stdin: Is a directory (EISDIR)" /
head -c 1048577 /dev/zero | tr '\0' ' ' > cli-hook.in
hook 1 "contidctl: oci-hook: the state on stdin is larger than 1048576 bytes" cli-hook.in

# The state.
state "" 1 "the state is not valid JSON: '[' or '{' expected near end of file (line 1, column 0)"
state '{"id":"a","pid":1' 1 "the state is not valid JSON: '}' expected near end of file (line 1, column 17)"
state '{"id":"a","pid":1,"pid":2}' 1 "the state is not valid JSON: duplicate object key near '\"pid\"' (line 1, column 23)"
printf '{"id":"a","pid":1}\0' > cli-hook.in
hook 1 "contidctl: oci-hook: the state is not valid JSON: a NUL byte at offset 18" cli-hook.in
state '["x"]' 1 "the state is not a JSON object"
state '{"id":"a"}' 1 "the state has no \"pid\" (the hook runs at createRuntime, once the container's process exists)"
state '{"id":"a","pid":0}' 1 "the state's \"pid\" is not a positive integer"
state '{"id":"a","pid":"1"}' 1 "the state's \"pid\" is not a positive integer"
state '{"pid":1}' 1 "the state has no \"id\" string"
state '{"id":"a","pid":1,"annotations":"x"}' 1 "the state's \"annotations\" is not an object"
state '{"id":"a","pid":1,"annotations":{"'$A'":5}}' 1 "the annotation $A is not a string"
state '{"id":"a","pid":1,"annotations":{"'$A'":"0x"}}' 1 "invalid container ID '0x' in the annotation $A: not a decimal or 0x hex number"
state '{"id":"a","pid":1,"annotations":{"'$A'":"0xffffffffffffffff"}}' 1 "invalid container ID '0xffffffffffffffff' in the annotation $A: the unset value is not a valid ID"
state '{"id":"a","pid":1,"annotations":{"'$A'":"18446744073709551616"}}' 1 "invalid container ID '18446744073709551616' in the annotation $A: larger than 18446744073709551614"
# The allowance covers a missing kernel feature only, never a bad state.
state '{"id":"a"}' 1 "the state has no \"pid\" (the hook runs at createRuntime, once the container's process exists)" --allow-missing-kernel

# The ID chosen as the failing write shows it, and the kernel with and
# without container IDs: tests/unit/test_cli_events, on a fake /proc (no
# host test writes a containerid file of the host: tests/guard/README.md).

rm -f cli-hook.in cli-hook.out cli-hook.err
echo "$n checks, $fails failed"
[ "$fails" = 0 ]
