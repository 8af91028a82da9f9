#!/bin/sh
# contidctl parse's ausearch selections (-p, -ui, -k, -m, ...) against
# what Debian's ausearch 3.0.9 selected on the same logs: for each case of
# tests/data/ausearch-select/cases, the exit status and the stamps of the
# selected events must be those of the golden file, which ausearch made
# (tests/data/ausearch-select/make-golden.sh).  Then each option's
# rejections: exit status 2 and the message, exactly.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
dir=$srcdir/tests/data/ausearch-select
logs=$srcdir/tests/data/logs
TZ=UTC LC_ALL=C
export TZ LC_ALL
unset CONTIDCTL_NOW CONTIDCTL_AUDITD_CONF
t=cli-ausearch-select
fails=0
. "$srcdir/tests/cli/lib.sh"
set -f	# "-hn ?" is no glob

stamps() {
	sed -n 's/^\(node=[^ ]* \)\{0,1\}type=.* msg=audit(\([0-9.:]*\)).*/\1\2/p' | sort -u
}
# the lines of the golden after "== CASE"
golden() {
	awk -v c="== $1" '$0 == c { on = 1; next } /^== / { on = 0 } on' "$dir/golden"
}
grep -v '^#' "$dir/cases" > $t.cases
while IFS='|' read -r log opts; do
	golden "$log|$opts" > $t.want
	want=$(sed -n '1s/^status //p' $t.want)
	if [ -z "$want" ]; then
		echo "FAIL: $log $opts: no golden"; fails=$((fails + 1)); continue
	fi
	case $log in
	golibaudit-rhel7.log) err="contidctl: parse: 1 line(s) skipped: not audit records" ;;
	*) err="" ;;
	esac
	n0=$(cli_failures)
	# shellcheck disable=SC2086
	ctl "$want" "$err" parse --raw "$logs/$log" $opts < /dev/null | stamps > $t.out
	if [ "$(cli_failures)" != "$n0" ]; then
		echo "FAIL: $log $opts: exit status or stderr"
	elif ! sed 1d $t.want | diff -u - $t.out; then
		echo "FAIL: $log $opts: other events than ausearch's"; fails=$((fails + 1))
	else
		echo "ok: $log $opts ($(grep -c . $t.out) events, as ausearch)"
	fi
done < $t.cases

# Exact output where ausearch's order is the log's: -k substring, -p.
a=$logs/aus-test.log
n0=$(cli_failures)
ctl 0 "" parse --raw -m syscall -p 13010 "$a" < /dev/null > $t.out
if [ "$(cli_failures)" = "$n0" ] && sed -n '1,4p' "$a" | cmp -s - $t.out; then
	echo "ok: -m syscall -p 13010 --raw: the AVC event's lines"
else
	echo "FAIL: -m syscall -p 13010"; fails=$((fails + 1))
fi
# --just-one: the first selected event only
n0=$(cli_failures)
ctl 0 "" parse --raw --just-one -sv yes "$a" < /dev/null > $t.out
if [ "$(cli_failures)" = "$n0" ] && sed -n '5p' "$a" | cmp -s - $t.out; then
	echo "ok: --just-one"
else
	echo "FAIL: --just-one: $(cat $t.out)"; fails=$((fails + 1))
fi
# -l: the same events, each written out as selected
n0=$(cli_failures)
ctl 0 "" parse --raw -l "$a" < /dev/null > $t.out
if [ "$(cli_failures)" = "$n0" ] && cmp -s "$a" $t.out; then
	echo "ok: -l"
else
	echo "FAIL: -l"; fails=$((fails + 1))
fi
# --contid has no short form now: -c is ausearch's --comm
n0=$(cli_failures)
ctl 1 "contidctl: parse: 1 line(s) skipped: not audit records
<no matches>" parse -c 42 "$srcdir/tests/data/contidctl.log" < /dev/null > $t.out
if [ "$(cli_failures)" = "$n0" ] && [ ! -s $t.out ]; then
	echo "ok: -c is --comm, not --contid"
else
	echo "FAIL: -c 42"; fails=$((fails + 1))
fi

# Rejections: status 2, ausearch's wording (clearer where it was wrong:
# its -ui says "Effective user ID"), then the hint.
reject() {
	msg=$1
	shift
	n0=$(cli_failures)
	ctl 2 "contidctl: parse: $msg
Try 'contidctl parse --help'." parse "$a" "$@" < /dev/null > $t.out
	if [ "$(cli_failures)" = "$n0" ] && [ ! -s $t.out ]; then
		echo "ok: $* rejected"
	else
		echo "FAIL: $* rejected"; fails=$((fails + 1))
	fi
}
reject "Process id must be a numeric value, was abc" -p abc
reject "Process id must be a numeric value, was 12x" --pid 12x
reject "Parent process id must be a numeric value, was -1" -pp -1
reject "User ID is non-numeric and unknown (no-such-user-32)" -ui no-such-user-32
reject "User ID is non-numeric and unknown (no-such-user-32)" -ua no-such-user-32
reject "Numeric user ID conversion error (Numerical result out of range) for 4294967296" --uid 4294967296
reject "-ui must be a number or a user name, was 1x" -ui 1x
reject "Login user ID is non-numeric and unknown (no-such-user-32)" -ul no-such-user-32
reject "Login user ID must be a numeric value, was -x" --loginuid -x
reject "Group ID is non-numeric and unknown (no-such-group-32)" -gi no-such-group-32
reject "Group ID is non-numeric and unknown (no-such-group-32)" -ga no-such-group-32
reject "Session id must be a numeric value, was x" --session x
reject "Syscall no_such_call not found" -sc no_such_call
reject "Success must be 'yes' or 'no'." -sv maybe
reject "Success must be 'yes' or 'no'." --success nope
reject "Unknown errno, was EBOGUS" -e EBOGUS
reject "Error converting 0x1g" --exit 0x1g
reject "Audit event id must be a numeric value, was x" -a x
reject "-k needs a non-empty value" -k ''
reject "-x needs a non-empty value" --executable ''
reject "unknown record type 'nope' in -m" -m syscall,nope
reject "unknown record type 'ALL' in -m" -m LOGIN,ALL
reject "User ID is non-numeric and unknown (no-such-user-32)" -ue no-such-user-32
reject "-ue must be a number or a user name, was 1x" --uid-effective 1x
reject "Effective group ID is non-numeric and unknown (no-such-group-32)" -ge no-such-group-32
reject "Numeric group ID conversion error (Numerical result out of range) for 4294967296" --gid-effective 4294967296
reject "Unknown arch foo" --arch foo
reject "Unknown arch 12345" --arch 12345
reject "Arch is already defined" --arch b64 --arch b32
reject "Arch needs to be defined before the syscall" -sc open --arch b64
reject "Arch needs to be defined before the syscall" --arch i386 -sc 5 --arch i386
reject "Syscall no_such_call not found" --arch b32 -sc no_such_call
reject "-o needs a non-empty value" -o ''
reject "-uu needs a non-empty value" --uuid ''
reject "-vm needs a non-empty value" --vm-name ''
reject "option '-o' needs an argument" -o
reject "option '--arch' needs an argument" --arch
reject "option '-vm' needs an argument" -vm
reject "option '--word' doesn't allow an argument" --word=yes
reject "option '--gaps' doesn't allow an argument" --gaps=1
reject "option '-p' needs an argument" -p
reject "option '-hn' needs an argument" -hn
reject "option '--session' needs an argument" --session
rm -f $t.cases $t.want $t.out
fails=$((fails + $(cli_failures)))
echo "$fails failed"
[ "$fails" = 0 ]
