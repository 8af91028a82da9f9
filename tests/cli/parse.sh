#!/bin/sh
# contidctl parse on a checked-in log: text and JSON output, filters and
# the stderr report compared exactly against checked-in expected files.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
data=$srcdir/tests/data
log=$data/contidctl.log
fails=0
. "$srcdir/tests/cli/lib.sh"
# -i prints the local date and time of the stamp (C: MM/DD/YY)
TZ=UTC LC_ALL=C
export TZ LC_ALL
lost=$(cat "$data/contidctl.parse.stderr")

# check NAME EXPECTED-FILE ARGS... (stdin the log, through a pipe: as
# ausearch, parse reads standard input only from a pipe): exit status 0,
# stderr the log's report (lost events, skipped lines), stdout the file
check() {
	name=$1 want=$2
	shift 2
	n0=$(cli_failures)
	cat "$log" | ctl 0 "$lost" "$@" > cli-parse.out
	if [ "$(cli_failures)" != "$n0" ]; then
		echo "FAIL: $name: exit status or stderr"
	elif ! diff -u "$want" cli-parse.out; then
		echo "FAIL: $name: output differs from $want"; fails=$((fails + 1))
	else
		echo "ok: $name"
	fi
}
check "parse FILE (text)" "$data/contidctl.parse.txt" parse "$log"
check "parse FILE (json)" "$data/contidctl.parse.json" --json parse "$log"
check "parse stdin (text)" "$data/contidctl.parse.txt" parse
check "parse - (text)" "$data/contidctl.parse.txt" parse -
check "parse --json after the command" "$data/contidctl.parse.json" parse --json "$log"
check "filter 42 and 123456" "$data/contidctl.filter.txt" parse --contid 42 --contid 123456 "$log"
check "filter 123459 (json, stdin)" "$data/contidctl.filter.json" parse --json --contid 123459
# --gaps: the serial gaps of a FILE reported as lost events (223..226,
# and 230), on stderr before the skipped lines.
n0=$(cli_failures)
ctl 0 "contidctl: parse: 5 event(s) lost (gaps in the serial numbers)
$lost" parse --gaps "$log" > cli-parse.out
if [ "$(cli_failures)" = "$n0" ] && cmp -s "$data/contidctl.parse.txt" cli-parse.out; then
	echo "ok: --gaps"
else
	echo "FAIL: --gaps"; fails=$((fails + 1))
fi
# Issue 32: a selection piped back in ("parse --raw --contid 42 LOG |
# parse") has gaps where events were left out: not reported as lost.
n0=$(cli_failures)
ctl 0 "$lost" parse --raw --contid 42 "$log" | ctl 0 "" parse > cli-parse.out
if [ "$(cli_failures)" = "$n0" ] && [ "$(grep -c '^audit(' cli-parse.out)" = 2 ]; then
	echo "ok: a filtered log piped in: no lost events"
else
	echo "FAIL: a filtered log piped in"; fails=$((fails + 1))
fi
# A filter nothing matches: no events, the skipped-line report, then
# ausearch's "<no matches>" and exit status 1.
ctl 1 "$lost
<no matches>" parse --contid 999 "$log" > cli-parse.out
if [ ! -s cli-parse.out ]; then
	echo "ok: filter without match"
else
	echo "FAIL: filter without match: stdout $(cat cli-parse.out)"; fails=$((fails + 1))
fi
rm -f cli-parse.want
# The cover letter's log: both worked examples' events with their IDs (a
# FILE: its gaps are not reported without --gaps).
ctl 0 "" parse "$data/cover-letter.log" > cli-parse.out
if grep -qx 'audit(1521122590.315:222) contid=123456' cli-parse.out &&
   grep -qx 'audit(1521122591.614:227) contid=123459' cli-parse.out &&
   grep -qx '    CONTAINER_INFO op=task contid=123459' cli-parse.out; then
	echo "ok: cover letter events"
else
	echo "FAIL: cover letter events"; cat cli-parse.out; fails=$((fails + 1))
fi
# JSON lost-event line in the stream ("kind":"lost"): 223..226, and 230
# (host1's: a node of its own, so the records without node= miss it).
ctl 0 "contidctl: parse: 5 event(s) lost (gaps in the serial numbers)
$lost" --json parse --gaps "$log" | tail -n 1 > cli-parse.out
if [ "$(cat cli-parse.out)" = '{"kind":"lost","version":2,"reason":"serial","count":5}' ]; then
	echo "ok: json lost object"
else
	echo "FAIL: json lost object: $(cat cli-parse.out)"; fails=$((fails + 1))
fi

# The container mapping record (VIRT_MACHINE_ID, docs/interfaces.md): its
# contid= names the event's container; libvirt's records of the same type
# (no contid=) are no container's.
cat > cli-parse.map <<'LOG'
type=VIRT_MACHINE_ID msg=audit(1700000000.100:501): pid=300 uid=0 auid=4294967295 ses=4294967295 subj=unconfined msg='virt=oci contid=9001 runtime="runc" by="wrapper" id="c1" bundle="/b" vm=6120620AC3A9 image=? pod=? namespace=? container=?'
type=VIRT_MACHINE_ID msg=audit(1700000000.200:502): pid=301 uid=0 auid=4294967295 ses=4294967295 subj=unconfined msg='virt=kvm vm="guest" uuid=1 vm-ctx=a img-ctx=b model=selinux exe="/usr/sbin/libvirtd" hostname=? addr=? terminal=? res=success'
type=VIRT_MACHINE_ID msg=audit(1700000000.300:503): pid=302 uid=0 auid=4294967295 ses=4294967295 subj=unconfined msg='virt=oci contid=9002 runtime="crun" by="hook" id="c2" bundle="/b2" vm="two" image=? pod=? namespace=? container=?'
LOG
ctl 0 "" parse -i --contid 9002 cli-parse.map > cli-parse.out
want='audit(11/14/23 22:13:20.300:503) contid=9002(two)
    VIRT_MACHINE_ID pid=302 uid=root auid=unset ses=unset subj=unconfined virt=oci contid=9002 runtime=crun by=hook id=c2 bundle=/b2 vm=two image=? pod=? namespace=? container=?'
if [ "$(cat cli-parse.out)" = "$want" ]; then
	echo "ok: the mapping record found by --contid"
else
	echo "FAIL: mapping record: $(cat cli-parse.out)"; fails=$((fails + 1))
fi
# JSON (format 2): the ID a string, vm= decoded and percent-encoded.
ctl 0 "" --json parse --contid 9001 cli-parse.map > cli-parse.out
case "$(cat cli-parse.out)" in
'{"kind":"event","version":2,"stamp":"1700000000.100:501",'*'"contid":["9001"],'*'"vm":"a b%0Aé",'*) [ "$(wc -l < cli-parse.out)" = 1 ] &&
	echo "ok: the mapping record (json), vm= decoded" || { echo "FAIL: mapping json: $(cat cli-parse.out)"; fails=$((fails + 1)); } ;;
*) echo "FAIL: mapping json: $(cat cli-parse.out)"; fails=$((fails + 1)) ;;
esac
ctl 1 "<no matches>" parse --contid 1 cli-parse.map > cli-parse.out
[ ! -s cli-parse.out ] && echo "ok: libvirt's record names no container" || { echo "FAIL: --contid 1 matched: $(cat cli-parse.out)"; fails=$((fails + 1)); }
rm -f cli-parse.map
# -i: user and group names come from a cache (one lookup an ID, misses
# kept too): 65537 and 131073 share a slot, a uid and a gid of the same
# number are looked up apart; 0 is root without a lookup, as auparse.  No
# machine has these IDs.  Expected: what ausearch -i (audit 3.0.9) prints.
cat > cli-parse.ids <<'LOG'
type=LOGIN msg=audit(1700000000.100:601): pid=1 uid=0 old-auid=65537 auid=0 tty=(none) ses=1
type=USER_ACCT msg=audit(1700000000.200:602): pid=2 uid=131073 auid=65537 ses=1 msg='op=x acct="a" exe="/b" hostname=? addr=? terminal=? res=success'
type=CRED_ACQ msg=audit(1700000000.300:603): pid=3 uid=0 gid=65537 auid=65537 ses=4294967295 msg='op=y res=failed'
LOG
ctl 0 "" parse -i cli-parse.ids > cli-parse.out
want='audit(11/14/23 22:13:20.100:601) contid=none
    LOGIN pid=1 uid=root old-auid=unknown(65537) auid=root tty=(none) ses=1
audit(11/14/23 22:13:20.200:602) contid=none
    USER_ACCT pid=2 uid=unknown(131073) auid=unknown(65537) ses=1 op=x acct=a exe=/b hostname=? addr=? terminal=? res=success
audit(11/14/23 22:13:20.300:603) contid=none
    CRED_ACQ pid=3 uid=root gid=unknown(65537) auid=unknown(65537) ses=unset op=y res=failed'
if [ "$(cat cli-parse.out)" = "$want" ]; then
	echo "ok: -i user and group names (cached, misses too)"
else
	echo "FAIL: -i ids: $(cat cli-parse.out)"; fails=$((fails + 1))
fi
rm -f cli-parse.ids
# -i on contidctl.interpret.log: every kind of field interpreted here.
# contidctl.interpret.txt has ausearch -i 3.0.9's values for the same log
# (its stamps; its records in the log's order, under contidctl's event
# lines), but contid= and old-contid=, which
# ausearch does not know: the unset ID (18446744073709551615, -1) is
# "unset" (docs/interfaces.md).  The ENRICHED part's names (alice, staff)
# win over this machine's (uid 1000), as in auparse.
ctl 0 "" parse -i "$data/contidctl.interpret.log" > cli-parse.out
if diff -u "$data/contidctl.interpret.txt" cli-parse.out; then
	echo "ok: -i as ausearch -i: enriched names, mode, caps, res, sig, list, family, EXECVE, contid"
else
	echo "FAIL: -i interpretations differ from $data/contidctl.interpret.txt"; fails=$((fails + 1))
fi
# -i's syscall arguments (a0..a3 of mmap, fcntl, prctl, ptrace, clock_*,
# setsockopt, ioctl, mount, recv, shmget, ...): interpret-args.txt is
# libauparse 3.0.9's auparse_interpret_field() of each, "SERIAL aN=VALUE"
# (made by tests/data/interpret-args-golden.c, never by contidctl).
ctl 0 "" parse -i "$data/interpret-args.log" |
	awk '/^audit\(/ { s = $0; sub(/\).*/, "", s); sub(/.*:/, "", s); next }
	     { for (i = 2; i <= NF; i++) if ($i ~ /^a[0-3]=/) print s, $i }' > cli-parse.out
if diff -u "$data/interpret-args.txt" cli-parse.out; then
	echo "ok: -i syscall arguments as auparse: $(wc -l < cli-parse.out) values"
else
	echo "FAIL: -i syscall arguments differ from $data/interpret-args.txt"; fails=$((fails + 1))
fi
# -i: an interpretation longer than the printer's 4 KiB buffer is printed
# whole: an EXECVE argument of 5000 bytes, hex-encoded (10000 digits).
arg=$(head -c 5000 /dev/zero | tr '\0' 'A')
printf 'type=EXECVE msg=audit(1700000200.000:801): argc=1 a0=%s\n' \
	"$(printf %s "$arg" | od -An -tx1 -v | tr -d ' \n' | tr a-f A-F)" > cli-parse.long
ctl 0 "" parse -i cli-parse.long > cli-parse.out
if [ "$(cat cli-parse.out)" = "audit(11/14/23 22:16:40.000:801) contid=none
    EXECVE argc=1 a0=$arg" ]; then
	echo "ok: -i: a 5000-byte argument whole"
else
	echo "FAIL: -i long argument: $(wc -c < cli-parse.out) bytes"; fails=$((fails + 1))
fi
ctl 0 "" --json parse -i cli-parse.long > cli-parse.out
case "$(cat cli-parse.out)" in
*"\"a0\":\"$arg\"}"*) echo "ok: --json -i: a 5000-byte argument whole" ;;
*) echo "FAIL: --json -i long argument: $(wc -c < cli-parse.out) bytes"; fails=$((fails + 1)) ;;
esac
rm -f cli-parse.long
rm -f cli-parse.out cli-parse.err
fails=$((fails + $(cli_failures)))
echo "$fails failed"
[ "$fails" = 0 ]
