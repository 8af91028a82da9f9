#!/bin/sh
# contidctl parse --checkpoint FILE and -ts checkpoint (issue 32) against
# ausearch 3.0.9: the runs of tests/data/checkpoint/steps (a log growing,
# rotated, rotated away; checkpoints naming events that are not there,
# by time only, refused) must give the exit status, the events and the
# checkpoint file (its text and mode) that ausearch gave
# (tests/data/checkpoint/golden, made by make-golden.sh with the real
# ausearch), and the stderr written in the steps by hand.  Then what
# contidctl refuses where ausearch reads on (a checkpoint is input: each
# refusal is exit status 10 and its message, the checkpoint and stdout
# untouched), its usage errors, and where it differs from ausearch on
# purpose (docs/ausearch.md), with the expected events written by hand.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
case $CONTIDCTL in /*) ;; *) CONTIDCTL=$PWD/$CONTIDCTL ;; esac
dir=$(cd "$srcdir/tests/data/checkpoint" && pwd)
TZ=UTC LC_ALL=C
export TZ LC_ALL
unset CONTIDCTL_NOW CONTIDCTL_AUDITD_CONF
umask 022	# ausearch's checkpoint is 0666 & ~(umask | 027): the golden's 640
t=$PWD/cli-checkpoint
fails=0
. "$srcdir/tests/cli/lib.sh"
. "$dir/steps.sh"

step_prog() {
	# shellcheck disable=SC2086
	case $1 in
	run) "$CONTIDCTL" parse --raw $2 < /dev/null ;;
	logs) CONTIDCTL_AUDITD_CONF=auditd.conf "$CONTIDCTL" parse --raw --input-logs $2 < /dev/null ;;
	pipe) cat "${2%% *}" | "$CONTIDCTL" parse --raw ${2#* } ;;
	esac
}
step_err() {
	if [ "$(cat "$steps_errf")" != "$1" ]; then
		{
			echo "FAIL: $steps_case: $cmd $args: stderr"
			echo "  got:  $(cat "$steps_errf")"
			echo "  want: $1"
		} >&2
		echo "$steps_case $cmd $args" >> "$cli_tmp/fails"
	fi
}
steps_run "$dir/steps" "$dir/ckpt.log" "$t.work" > $t.out
if diff -u "$dir/golden" $t.out; then
	echo "ok: $(grep -c '^== ' $t.out) runs with --checkpoint as ausearch's"
else
	echo "FAIL: the runs differ from ausearch's (tests/data/checkpoint/golden)"
	fails=$((fails + 1))
fi

# ---- contidctl's own checks, by hand
w=$t.w
rm -rf $w
mkdir -p $w
cd $w || exit 1
sed -n 1,30p "$dir/ckpt.log" > log
dev=$(printf '0x%X' "$(stat -c %d .)")
ino=$(stat -c %i log)
good="dev=$dev
inode=$ino
output=- 1700000045.000:107 0x514"

# refused: ctl_refused TEXT MESSAGE (TEXT written with printf %b)
refused() {
	printf '%b' "$1" > cp
	cp cp cp.before
	n0=$(cli_failures)
	ctl 10 "contidctl: parse: checkpoint 'cp': $2" parse --raw -if log --checkpoint cp > out
	if [ "$(cli_failures)" = "$n0" ] && [ ! -s out ] && cmp -s cp cp.before; then
		echo "ok: refused: $2"
	else
		echo "FAIL: refused: $2: stdout or the checkpoint changed"
		fails=$((fails + 1))
	fi
}
refused "dev=$dev\r\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=${dev#0x}\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=0X${dev#0x}\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=$dev junk\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=0x10000000000000000\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=0x\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=-0x1\ninode=$ino\n" "line 1: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF"
refused "dev=$dev\ninode=0x10\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ninode=0$ino\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ninode=0\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ninode=-1\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ninode= $ino\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ninode=18446744073709551616\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ninode=\n" "line 2: inode= is not a decimal number from 1 to 18446744073709551615"
refused "dev=$dev\ndev=$dev\ninode=$ino\n" "line 2: a second dev= line"
refused "dev=$dev\ninode=$ino\ninode=$ino\n" "line 3: a second inode= line"
refused "$good\n$(echo "$good" | tail -n1)\n" "line 4: a second output= line"
refused "dev=$dev\ninode=$ino\noutput=- 1700000045.000:107 0x514\0\n" "line 3: a NUL byte"
refused " dev=$dev\ninode=$ino\n" "line 1: not dev=, inode= or output="
refused "DEV=$dev\ninode=$ino\n" "line 1: not dev=, inode= or output="
for o in "- 1700000045.00:107 0x514" "- 1700000045.0000:107 0x514" "- 1700000045:107 0x514" \
	"- 1700000045.000 107 0x514" "- 1700000045.000:107 514" "- 1700000045.000:107 0x" \
	"- 1700000045.000:107 0x514 " "- 1700000045.000:107 0x514 junk" "- 1700000045.000:107  0x514" \
	"- 1700000045.000:107 0x123456789" "- 18446744073709551616.000:107 0x514" \
	"- 1700000045.000:18446744073709551616 0x514" "- -1700000045.000:107 0x514" \
	"-  1700000045.000:107 0x514" "- 1700000045.000:+107 0x514" "- 1700000045.00a:107 0x514" \
	"- 1700000045.000:107 0x51g" "web1"; do
	refused "dev=$dev\ninode=$ino\noutput=$o\n" "line 3: output= is not NODE SEC.MSEC:SERIAL 0xTYPE"
done
# a directory, a FIFO (not waited on), over the size limit, a path that
# cannot be a file
for what in dir fifo long path; do
	rm -rf cp
	case $what in
	dir) mkdir cp; c=cp; msg="contidctl: parse: checkpoint 'cp': not a regular file" ;;
	fifo) mkfifo cp; c=cp; msg="contidctl: parse: checkpoint 'cp': not a regular file" ;;
	long) head -c 1048833 /dev/zero > cp; c=cp; msg="contidctl: parse: checkpoint 'cp': longer than 1048832 bytes" ;;
	path) c=log/cp; msg="contidctl: parse: cannot read the checkpoint 'log/cp': Not a directory (ENOTDIR)" ;;
	esac
	n0=$(cli_failures)
	ctl 10 "$msg" parse --raw -if log --checkpoint $c > out
	if [ "$(cli_failures)" = "$n0" ] && [ ! -s out ]; then
		echo "ok: refused: $what"
	else
		echo "FAIL: refused: $what"; fails=$((fails + 1))
	fi
done
rm -rf cp

# the largest values and a long node are read (nothing is that new)
printf 'dev=0xFFFFFFFFFFFFFFFF\ninode=18446744073709551615\noutput=%s 18446744073709551615.999:18446744073709551615 0xFFFFFFFF\n' \
	"$(printf 'n%.0s' $(seq 300))" > cp
n0=$(cli_failures)
ctl 1 "" parse --raw -if log --checkpoint cp > out
if [ "$(cli_failures)" = "$n0" ] && [ ! -s out ] && grep -qx 'output=- 1700000060.600:109 0x514' cp; then
	echo "ok: the largest values"
else
	echo "FAIL: the largest values"; fails=$((fails + 1))
fi
rm -f cp

# usage errors
ctl 2 "contidctl: parse: -ts checkpoint without --checkpoint FILE
Try 'contidctl parse --help'." parse --raw -if log -ts checkpoint
ctl 2 "contidctl: parse: --just-one with --checkpoint
Try 'contidctl parse --help'." parse --raw -if log --checkpoint cp --just-one
ctl 2 "contidctl: parse: --checkpoint given twice
Try 'contidctl parse --help'." parse --raw -if log --checkpoint cp --checkpoint cp2
ctl 2 "contidctl: parse: Invalid start date (checkpoint). Month, Day, and Year are required.
Try 'contidctl parse --help'." parse --raw -if log -ts checkpoint 10:00 --checkpoint cp
ctl 2 "contidctl: parse: Invalid end date (checkpoint). Month, Day, and Year are required.
Try 'contidctl parse --help'." parse --raw -if log -te checkpoint --checkpoint cp
[ ! -e cp ] || { echo "FAIL: a usage error wrote the checkpoint"; fails=$((fails + 1)); }

# where contidctl differs from ausearch on purpose (docs/ausearch.md)
stamps() { steps_stamps | tr '\n' ' '; }
# a selection: the checkpoint's event is found whether it is selected or
# not (ausearch 3.0.9 looks for it among the selected events only: the
# second run exits 12 there, 106 being 10 s newer than 105)
sed -n 1,18p "$dir/ckpt.log" > sel
got=$(ctl 0 "" parse --raw -if sel --checkpoint cp -k shadow | stamps)
[ "$got" = "1700000000.100:101 1700000010.200:102 1700000030.400:104 " ] ||
	{ echo "FAIL: -k shadow run 1: $got"; fails=$((fails + 1)); }
grep -qx 'output=- 1700000030.900:105 0x514' cp || { echo "FAIL: -k shadow: checkpoint"; fails=$((fails + 1)); }
sed -n 19,30p "$dir/ckpt.log" >> sel
got=$(ctl 0 "" parse --raw -if sel --checkpoint cp -k shadow | stamps)
[ "$got" = "1700000060.600:109 node=web1 1700000040.000:106 " ] ||
	{ echo "FAIL: -k shadow run 2: $got"; fails=$((fails + 1)); }
grep -qx 'output=- 1700000060.600:109 0x514' cp || { echo "FAIL: -k shadow: checkpoint 2"; fails=$((fails + 1)); }
# --contid: the same (the reader's filter would hide the other events)
rm -f cp
ctl 1 "" parse --raw -if log --checkpoint cp --contid 5 > out
[ ! -s out ] && grep -qx 'output=- 1700000060.600:109 0x514' cp ||
	{ echo "FAIL: --contid: $(cat cp)"; fails=$((fails + 1)); }
# -te: the records after it are read, and complete the last event before
# it (ausearch reads no record after -te: it prints 101 to 104 and
# names 104)
rm -f cp
got=$(ctl 0 "" parse --raw -if log --checkpoint cp -te 11/14/23 22:13:55 | stamps)
[ "$got" = "1700000000.100:101 1700000010.200:102 1700000020.300:103 1700000030.400:104 1700000030.900:105 " ] &&
	grep -qx 'output=- 1700000030.900:105 0x514' cp ||
	{ echo "FAIL: -te: $got $(cat cp)"; fails=$((fails + 1)); }
# a line without its newline (auditd writing it) is not read: the next
# run reads it whole
rm -f cp
sed -n 1,6p "$dir/ckpt.log" > part
sed -n 7p "$dir/ckpt.log" | head -c 40 >> part
got=$(ctl 0 "" parse --raw -if part --checkpoint cp | stamps)
[ "$got" = "1700000000.100:101 " ] || { echo "FAIL: partial line: $got"; fails=$((fails + 1)); }
# the checkpoint is replaced, not rewritten in place: its mode stays
chmod 600 cp
ctl 1 "" parse --raw -if part --checkpoint cp
[ "$(stat -c %a cp)" = 600 ] && [ "$(find . -name 'cp.*' ! -name cp.before | wc -l)" = 0 ] ||
	{ echo "FAIL: the checkpoint's mode or a temporary file"; fails=$((fails + 1)); }
# without --raw: "<no matches>" as ausearch, after the checkpoint is saved
ctl 1 "<no matches>" parse -if part --checkpoint cp
cd .. && rm -rf $w $t.out

n=$(cli_failures)
[ "$n" = 0 ] || { echo "FAIL: $n contidctl call(s), above"; fails=$((fails + n)); }
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all checkpoint tests passed"
