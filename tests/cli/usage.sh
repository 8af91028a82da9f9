#!/bin/sh
# contidctl usage errors: exit status 2, the exact message on stderr,
# nothing on stdout.  Every one is caught before a socket is opened or
# /proc is written (the argument checks come first in every command): the
# guard (tests/guard) fails this test if one is not.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
fails=0
n=0

# expect STATUS "STDERR" ARGS...
expect() {
	want_rc=$1 want_err=$2
	shift 2
	n=$((n + 1))
	"$CONTIDCTL" "$@" >cli-usage.out 2>cli-usage.err
	rc=$?
	got_err=$(cat cli-usage.err)
	if [ "$rc" != "$want_rc" ] || [ "$got_err" != "$want_err" ] ||
	   { [ "$want_rc" = 2 ] && [ -s cli-usage.out ]; }; then
		echo "FAIL: contidctl $*"
		echo "  want status $want_rc, stderr: $want_err"
		echo "  got  status $rc, stderr: $got_err"
		echo "  stdout: $(cat cli-usage.out)"
		fails=$((fails + 1))
	else
		echo "ok: contidctl $* -> $rc"
	fi
}
u() { # usage error of command $1 with message $2
	cmd=$1 msg=$2
	shift 2
	expect 2 "contidctl: $cmd: $msg
Try 'contidctl $cmd --help'." "$@"
}
g() { # top-level usage error
	msg=$1
	shift
	expect 2 "contidctl: $msg
Try 'contidctl --help'." "$@"
}

g "missing command"
g "unknown command 'frobnicate'" frobnicate
g "unknown command 'se'" se
g "unknown option '--bogus'" --bogus set 1 2
g "unknown option '-x'" -x

u set "missing PID" set
u set "missing ID" set 4242
u set "unexpected argument '3'" set 4242 1 3
u set "invalid PID 'abc': not a decimal number" set abc 1
u set "invalid PID '0': must be positive" set 0 1
u set "invalid PID '99999999999': out of range" set 99999999999 1
u set "unknown option '-5'" set -5 1
u set "invalid TID 'x': not a decimal number" set 4242/x 1
u set "invalid TID '': not a decimal number" set 4242/ 1
u set "--tid given twice (PID/TID and --tid)" set --tid 5 4242/5 1
u set "invalid container ID 'abc': not a decimal number" set 4242 abc
u set "invalid container ID '0x10': not a decimal number" set 4242 0x10
u set "invalid container ID '-1': not a decimal number" set 4242 -- -1
u set "invalid container ID '+5': not a decimal number" set 4242 +5
u set "invalid container ID '': not a decimal number" set 4242 ""
u set "invalid container ID '18446744073709551616': larger than 18446744073709551614" set 4242 18446744073709551616
u set "invalid container ID '99999999999999999999999': larger than 18446744073709551614" set 4242 99999999999999999999999
u set "invalid container ID '18446744073709551615': the unset value is not a valid ID" set 4242 18446744073709551615
u set "option '--tid' needs an argument" set 4242 1 --tid
u set "unknown option '--contid'" set --contid=5 4242 1

u get "missing PID" get
u get "invalid PID 'self': not a decimal number" get self
u get "--tid takes one PID" get --tid 3 1 2
u get "missing PID" get --hex
u get "unknown option '--hexid'" get --hexid 1

u ps "unexpected argument 'x'" ps x
u ps "invalid container ID 'x': not a decimal number" ps --contid x
u ps "invalid container ID '18446744073709551615': the unset value is not a valid ID" ps --contid 18446744073709551615

u run "missing --contid ID" run true
u run "missing PROGRAM" run --contid 5
u run "missing PROGRAM" run --contid 5 --
u run "invalid container ID 'abc': not a decimal number" run --contid abc true
u run "invalid container ID '18446744073709551615': the unset value is not a valid ID" run --contid 18446744073709551615 true
u run "option '--contid' needs an argument" run --contid

u rule "missing command (add, del, print or list)" rule
u rule "unknown command 'show'" rule show
u "rule add" "missing --contid ID (or -F contid=ID)" rule add --dir /tmp
u "rule add" "invalid container ID '1x': not a decimal number" rule add --contid 1x
u "rule add" "invalid container ID '18446744073709551615': the unset value is not a valid ID" rule add --contid 18446744073709551615
u "rule add" "invalid container ID '18446744073709551616': larger than 18446744073709551614" rule add --contid 18446744073709551616
u "rule add" "invalid list 'task': use exit, user or exclude" rule add --contid 1 --list task
u "rule add" "invalid action 'sometimes': use always or never" rule add --contid 1 --action sometimes
u "rule add" "invalid permission 'rwz': use the letters r, w, x and a" rule add --contid 1 --dir /tmp --perm rwz
u "rule add" "invalid permission '': use the letters r, w, x and a" rule add --contid 1 --perm ""
u "rule add" "unknown system call 'opne'" rule add --contid 1 --syscall opne
u "rule add" "unknown system call '99999'" rule add --contid 1 --syscall 99999
u "rule add" "unknown field in '-F frob=1'" rule add --contid 1 -F frob=1
u "rule add" "invalid field '-F contid': expected FIELD=VALUE" rule add -F contid
u "rule add" "operator not allowed on this field in '-F contid>5'" rule add -F "contid>5"
u "rule add" "invalid value in '-F contid=abc'" rule add -F contid=abc
u "rule add" "--syscall is only allowed on the exit list" rule add --list user --contid 1 --syscall openat
u "rule add" "unexpected argument 'extra'" rule add --contid 1 extra
u "rule add" "option '--key' needs an argument" rule add --contid 1 --key
u "rule add" "unknown option '--containerid'" rule add --containerid 1
u "rule del" "missing --contid ID (or -F contid=ID)" rule del --dir /tmp
u "rule del" "invalid permission 'q': use the letters r, w, x and a" rule del --contid 1 --perm q
u "rule list" "unexpected argument 'all'" rule list all

u features "unexpected argument 'all'" features all
u signal-info "unexpected argument 'x'" signal-info x
u events "invalid container ID 'x': not a decimal number" events --contid x
u events "unexpected argument 'x'" events x
u events "unexpected argument 'x'" events --raw x
u events "invalid count '0': must be positive" events --count 0
# An unknown short option inside a cluster, after a --long=value argument:
# the unknown option, not the long one (getopt's optind still points before
# the cluster).
u events "unknown option '-Z'" events --count=5 -Zr
u events "unknown option '-Z'" events --contid=5 -Z
u events "option '--raw' doesn't allow an argument" events --count=5 --raw=1
u events "option '--ra' doesn't allow an argument" events --ra=1
u parse "unexpected argument 'b'" parse a b
# events, parse and ps take at most 64 --contid (src/options.c).
ids65=$(i=0; while [ $i -le 64 ]; do printf ' --contid %d' $((i + 1)); i=$((i + 1)); done)
for c in events parse ps; do
	# shellcheck disable=SC2086 # one word an option and an ID
	u $c "too many --contid (at most 64)" $c $ids65
done
u parse "invalid container ID '18446744073709551615': the unset value is not a valid ID" parse --contid 18446744073709551615

# Failures (exit 1) that need no kernel.
expect 1 "contidctl: cannot open '/nonexistent/audit.log': No such file or directory (ENOENT)" parse /nonexistent/audit.log
u set "option '-t' needs an argument" set 4242 1 -t

# What contidctl does with a kernel (set, run, rule add/del refused without
# the feature bit, features) is checked against the fake kernel and a fake
# /proc in tests/unit/test_cli_events: no host test touches the host's
# audit subsystem (tests/guard/README.md).

rm -f cli-usage.out cli-usage.err
echo "$n checks, $fails failed"
[ "$fails" = 0 ]
