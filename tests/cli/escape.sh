#!/bin/sh
# Issue 32: no byte of a log reaches the terminal unescaped, in any output
# form.  A PATH name= in hex that decodes to a newline and a made-up event
# must not print a second event line with -i; ESC sequences, control bytes
# and bytes outside ASCII are printed as \xNN (docs: contidctl(8), OUTPUT
# ENCODING).  stdout and stderr compared exactly.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
# -i prints the local date and time of the stamp (C: MM/DD/YY)
TZ=UTC LC_ALL=C
export TZ LC_ALL
t=cli-escape
fails=0

# expect NAME STATUS ARGS...: stdout against $t.want, stderr empty.
expect() {
	name=$1 want=$2
	shift 2
	"$CONTIDCTL" "$@" < /dev/null > $t.out 2> $t.err
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL: $name: exit status $rc, want $want"; cat $t.err; fails=$((fails + 1))
	elif ! cmp -s $t.want $t.out; then
		echo "FAIL: $name: stdout"; diff -u $t.want $t.out | cat -A; fails=$((fails + 1))
	elif [ -s $t.err ]; then
		echo "FAIL: $name: stderr"; cat -A $t.err; fails=$((fails + 1))
	else
		echo "ok: $name"
	fi
}

# The issue's forgery: name= decodes to
#   x\naudit(1700000000.000:99) contid=42\n    SYSCALL arch=c000003e syscall=59 comm=fake
# and item 1's name= to an OSC title change, BEL and a screen clear.
forged=780A617564697428313730303030303030302E3030303A39392920636F6E7469643D34320A2020202053595343414C4C20617263683D63303030303033652073797363616C6C3D353920636F6D6D3D66616B65
osc=1B5D303B6F776E6564071B5B324A
{
	echo "type=PATH msg=audit(1700000000.000:98): item=0 name=$forged inode=1 nametype=NORMAL"
	# valid UTF-8 (e-acute), an invalid byte, a backslash, a percent sign
	echo "type=PATH msg=audit(1700000000.000:98): item=1 name=$osc inode=2"
	echo "type=PATH msg=audit(1700000000.000:98): item=2 name=C3A9FF5C78343125"
} > $t.log

cat > $t.want <<'W'
audit(11/14/23 22:13:20.000:98) contid=none
    PATH item=0 name=x\x0aaudit(1700000000.000:99) contid=42\x0a    SYSCALL arch=c000003e syscall=59 comm=fake inode=1 nametype=NORMAL
    PATH item=1 name=\x1b]0;owned\x07\x1b[2J inode=2
    PATH item=2 name=\xc3\xa9\xff\x5cx41%
W
expect "-i: the forged event line and the ESC sequence escaped" 0 parse -i $t.log
# no line of it starts an event but the first
if [ "$(grep -c '^audit(' $t.out)" = 1 ]; then
	echo "ok: -i: one event line"
else
	echo "FAIL: -i: forged event line"; fails=$((fails + 1))
fi
cat $t.log > $t.want
expect "--raw: safe audit text as logged" 0 parse --raw $t.log
cat > $t.want <<W
audit(1700000000.000:98) contid=none
    PATH item=0 name=$forged inode=1 nametype=NORMAL
    PATH item=1 name=$osc inode=2
    PATH item=2 name=C3A9FF5C78343125
W
expect "text: the record as logged" 0 parse $t.log

# Control bytes and bytes outside ASCII in the log line itself (not from
# the kernel, which hex-encodes them; a forged or damaged log): ESC in
# node=, BEL, tab, a backslash, UTF-8, and the ENRICHED separator 0x1d.
printf 'node=ev\033[31mil type=USER_CMD msg=audit(1700000001.000:5): pid=1 msg=\047cmd=\033]2;x\007 a\\b\tc \303\251\035UID="r\033t"\047\n' > $t.log
cat > $t.want <<'W'
node=ev\x1b[31mil audit(1700000001.000:5) contid=none
    USER_CMD pid=1 msg='cmd=\x1b]2;x\x07 a\b\x09c \xc3\xa9 UID="r\x1bt"'
W
expect "text: control bytes of the line escaped, 0x1d a space" 0 parse $t.log
# --raw keeps 0x1d (the ENRICHED separator auditd writes) and the backslash
printf 'node=ev\\x1b[31mil type=USER_CMD msg=audit(1700000001.000:5): pid=1 msg=\047cmd=\\x1b]2;x\\x07 a\\b\\x09c \\xc3\\xa9\035UID="r\\x1bt"\047\n' > $t.want
expect "--raw: control bytes escaped, 0x1d kept" 0 parse --raw $t.log
cat > $t.want <<'W'
node=ev\x1b[31mil audit(11/14/23 22:13:21.000:5) contid=none
    USER_CMD pid=1 msg='cmd=\x1b]2;x\x07 a\x5cb\x09c \xc3\xa9
W
expect "-i: names and values escaped" 0 parse -i $t.log
# --raw with --json: still log lines (JSON has no raw form)
printf 'node=ev\\x1b[31mil type=USER_CMD msg=audit(1700000001.000:5): pid=1 msg=\047cmd=\\x1b]2;x\\x07 a\\b\\x09c \\xc3\\xa9\035UID="r\\x1bt"\047\n' > $t.want
expect "--json --raw: log lines, escaped" 0 --json parse --raw $t.log

# JSON (fuzz_print, the CI run of this change): a field name repeated in a
# record (an array of its values) is a log string too; its control byte
# was \u0001 where every other log string has %XX.
printf 'type=LOGIN msg=audit(1700000002.000:7): a\001=1 a\001=2 b\033=3\n' > $t.log
cat > $t.want <<'W'
{"kind":"event","version":2,"stamp":"1700000002.000:7","sec":1700000002,"msec":0,"serial":7,"contid":[],"records":[{"type":"LOGIN","type_nr":1006,"text":"a%01=1 a%01=2 b%1B=3","fields":{"a%01":["1","2"],"b%1B":"3"}}]}
W
expect "--json: a repeated field name percent-encoded" 0 --json parse $t.log

rm -f $t.log $t.want $t.out $t.err
[ "$fails" = 0 ]
