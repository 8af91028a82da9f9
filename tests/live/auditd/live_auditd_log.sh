#!/bin/sh
# Debian's auditd as the audit daemon while three containers run: the
# CONTAINER (1020) and CONTAINER_INFO (1340) records land in audit.log,
# ausearch -m 1020 / -m 1340 find each of them with the exact IDs, opids
# and results, and contidctl parse reads the log back with the same
# (serial, container ID) pairs.
. /usr/share/contid/auditd/common.sh
T=$(mktemp -d /tmp/auditd_log.XXXXXX)
A=700001 B=700002 X=18446744073709551614 BAD=700009
N=25
D=/tmp/adlog
rm -rf "$D"; mkdir -p "$D/a" "$D/b" "$D/x"

echo "== $(cat /etc/audit/contid-version) as the audit daemon"
[ "$(st pid)" = 0 ] || die "an audit daemon is registered already: pid $(st pid)"
start_auditd
# A multicast reader beside auditd: what the kernel sent, to compare with
# what auditd wrote.
"$C" --json events > "$T/witness.json" 2> "$T/witness.err" &
wpid=$!
# and the helper's raw witness: the records' text as the kernel sent it.
$H witness "$T/kw.txt" > "$T/kw.out" 2> "$T/kw.err" &
kwpid=$!
witness_ready $kwpid "$T/kw.err"
events_ready $wpid
three_containers adlog
# Every record of the workloads is in audit.log and in both witnesses'
# outputs once a marker sent after them is (no settling time).
log_marker contid-adlog-end
file_marker "$T/witness.json" contid-adlog-end $wpid
file_marker "$T/kw.txt" contid-adlog-end $kwpid
kill -INT $wpid; wait $wpid
check "witness (contidctl events, multicast) losses" "" "$(cat "$T/witness.err")"
kill -TERM $kwpid; wait $kwpid
check "raw witness overruns" "enobufs=0" "$(cut -d' ' -f1 "$T/kw.out")"
stop_auditd
cp $LOG "$T/audit.log"
echo "audit.log: $(wc -l < $T/audit.log) lines"

echo "== the log as auditd wrote it"
sep=$(printf '\035')
grep -a "UNKNOWN\[1020\]" $LOG | head -n 3
grep -a "UNKNOWN\[1340\]" $LOG | head -n 2
grep -a -q "^type=DAEMON_START .*format=enriched" $LOG && ok "DAEMON_START format=enriched" ||
	bad "no DAEMON_START format=enriched record"
grep -a -q "$sep" $LOG && ok "ENRICHED: interpreted fields after 0x1d" || bad "no 0x1d separator in the log"
echo "== the kernel sent 4 CONTAINER (1020) records: the witness has them, exact"
sed -n 's/.*"serial":\([0-9]*\).*"type":"CONTAINER".*opid=\([0-9]*\) old-contid=\([0-9]*\) contid=\([0-9]*\) res=\([01]\).*/\1 \2 \3 \4 \5/p' \
	"$T/witness.json" > "$T/w1020"
cat "$T/w1020"
awk '{ print $1 " " $4 }' "$T/w1020" > "$T/w1020.serials.pairs"
U=18446744073709551615
apid=$(sed -n "s/^[0-9]* \([0-9]*\) $U $A 1\$/\1/p" "$T/w1020")
xpid=$(sed -n "s/^[0-9]* \([0-9]*\) $U $X 1\$/\1/p" "$T/w1020")
{
	echo "$apid $U $A 1"
	echo "$bpid $U $B 1"
	echo "$bpid $B $BAD 0"
	echo "$xpid $U $X 1"
} | sort > "$T/sets.want"
cut -d' ' -f2- "$T/w1020" | sort > "$T/sets.got"
if [ -n "$apid" ] && [ -n "$xpid" ] && cmp -s "$T/sets.want" "$T/sets.got"; then
	ok "CONTAINER records: the 4 attempts (opid old-contid contid res) as made"
else
	bad "CONTAINER records differ"; diff "$T/sets.want" "$T/sets.got"
fi
# The opid of each "run" is the task whose syscalls carry the ID.
for p in "$A $apid" "$X $xpid"; do
	set -- $p
	spids=$("$C" --json parse --contid $1 "$T/audit.log" 2>/dev/null |
		sed -n 's/.*"type":"SYSCALL"[^}]*,"pid":"\([0-9]*\)".*/\1/p' | sort -u | tr '\n' ' ')
	check "SYSCALL pid= of the contid=$1 events = opid of its set" "$2 " "$spids"
done

echo "== auditd $(cat /etc/audit/contid-version) loses the text of 1020 records"
# libaudit 3.0.9's adjust_reply() gives a message only to the types it
# lists (1100-2999, USER, LOGIN, KERNEL); 1000-1099 are control messages
# to it, so auditd writes "type=UNKNOWN[1020] msg=lost": no stamp, no fields.
n=$(grep -a -c '^type=UNKNOWN\[1020\] msg=lost$' $LOG)
check "type=UNKNOWN[1020] msg=lost lines, one per set attempt" 4 "$n"
n=$(grep -a -c 'opid=' $LOG)
check "lines with opid= in audit.log" 0 "$n"
ausearch -if $LOG -m 1020 > "$T/s1020" 2>&1; rc=$?
check "ausearch -m 1020: exit status (nothing found)" 1 "$rc"
check "ausearch -m 1020: output" "<no matches>" "$(cat "$T/s1020")"
# The set made the writer's syscall auditable: its event is in audit.log
# with SYSCALL and PROCTITLE records, without the CONTAINER fields.
for sn in $(cut -d' ' -f1 "$T/w1020"); do
	n=$(grep -a -c "^type=[A-Z_]* msg=audit([0-9.]*:$sn)" $LOG)
	m=$(grep -a "^type=[^ ]* msg=audit([0-9.]*:$sn)" $LOG | grep -c 'contid=')
	[ "$n" -gt 0 ] && [ "$m" = 0 ] && ok "serial $sn: $n record(s) of the writer's event, no contid=" ||
		bad "serial $sn: $n record(s), $m with contid="
done

echo "== ausearch -m 1020 does read CONTAINER records where their text is in a log"
# The raw witness's 1020 and 1340 records, written as auditd's RAW format.
awk '$2 == 1020 || $2 == 1340 { t = $0; sub(/^[^ ]* [^ ]* [^ ]* /, "", t)
	printf "type=UNKNOWN[%s] msg=audit(%s:%s): %s\n", $2, $3, $1, t }' "$T/kw.txt" > "$T/kernel.log"
ausearch -if "$T/kernel.log" -m 1020 --raw > "$T/k1020" 2>&1; rc=$?
check "ausearch -m 1020 --raw on the kernel's text: exit status" 0 "$rc"
sed -n 's/^type=UNKNOWN\[1020\] msg=audit([0-9.]*:[0-9]*): op=set .* opid=\([0-9]*\) old-contid=\([0-9]*\) contid=\([0-9]*\) res=\([01]\)$/\1 \2 \3 \4/p' \
	"$T/k1020" | sort > "$T/ksets.got"
if cmp -s "$T/sets.want" "$T/ksets.got"; then
	ok "ausearch -m 1020 --raw: the 4 attempts (opid old-contid contid res) as made"
else
	bad "ausearch -m 1020 --raw differs"; diff "$T/sets.want" "$T/ksets.got"; cat "$T/k1020"
fi
# -i: this ausearch has no name for 1020 and prints the fields as they are.
ausearch -if "$T/kernel.log" -m 1020 -i > "$T/k1020i" 2>&1; rc=$?
check "ausearch -m 1020 -i: exit status" 0 "$rc"
grep -m1 'op=set' "$T/k1020i"
n=$(grep -c -E '^type=UNKNOWN\[1020\] msg=audit\(.*\) : op=set .* contid=[0-9]+ res=(yes|no) ?$' "$T/k1020i")
check "ausearch -m 1020 -i: records" 4 "$n"

echo "== ausearch -m 1340: the op=task records of each container"
ausearch -if $LOG -m 1340 --raw > "$T/s1340" 2> "$T/s1340.err"; rc=$?
check "ausearch -m 1340 exit status" 0 "$rc"
ausearch -if $LOG -m 1340 -i > "$T/s1340i" 2>&1; rc=$?
check "ausearch -m 1340 -i exit status" 0 "$rc"
grep -m1 'op=task' "$T/s1340i"
for id in $A $B $X; do
	n=$(grep -a -c "^type=UNKNOWN\[1340\] msg=audit([0-9.]*:[0-9]*): op=task contid=$id\($sep\|\$\)" "$T/s1340")
	check "ausearch -m 1340 --raw: op=task contid=$id events" $N "$n"
	n=$(grep -c -E "^type=UNKNOWN\[1340\] msg=audit\(.*\) : op=task contid=$id ?\$" "$T/s1340i")
	check "ausearch -m 1340 -i: op=task contid=$id records" $N "$n"
done
# Same with the name, as ausearch knows it: none (an unknown name is an error).
ausearch -if $LOG -m CONTAINER_INFO --raw > /dev/null 2>&1; rc=$?
echo "ausearch -m CONTAINER_INFO: exit status $rc (auditd 3.0.9 has no name for 1340)"
# Each workload's files, each once, in the PATH records.
for w in a b x; do
	i=0; : > "$T/names.want"
	while [ $i -lt $N ]; do echo "name=\"$D/$w/f$i\""; i=$((i + 1)); done | sort > "$T/names.want"
	grep -a -o "name=\"$D/$w/f[0-9]*\"" "$T/audit.log" | sort > "$T/names.got"
	cmp -s "$T/names.want" "$T/names.got" && ok "PATH records: $D/$w/f0..f$((N - 1)), each once" ||
		bad "PATH records of $D/$w differ"
done

echo "== contidctl parse: the same (serial, contid) pairs as ausearch and the witness"
"$C" --json parse $LOG > "$T/parse.json" 2> "$T/parse.err"; rc=$?
check "contidctl parse exit status" 0 "$rc"
cat "$T/parse.err"
grep -q -x "contidctl: parse: 4 line(s) skipped: not audit records" "$T/parse.err" &&
	ok "parse: the 4 msg=lost lines reported as skipped" || bad "parse: no report of the 4 skipped lines"
json_pairs "$T/parse.json" > "$T/pairs.parse"
log_pairs "$T/s1340" > "$T/pairs.ausearch"
# The witness's pairs without the CONTAINER events auditd lost.
json_pairs "$T/witness.json" | grep -v -x -F -f "$T/w1020.serials.pairs" > "$T/pairs.witness"
n=$(wc -l < "$T/pairs.ausearch")
check "events with op=task found by ausearch -m 1340" $((3 * N)) "$n"
if cmp -s "$T/pairs.ausearch" "$T/pairs.parse"; then
	ok "contidctl parse: the same $n (serial, contid) pairs as ausearch"
else
	bad "contidctl parse and ausearch differ"; diff "$T/pairs.ausearch" "$T/pairs.parse" | head -n 20
fi
if cmp -s "$T/pairs.ausearch" "$T/pairs.witness"; then
	ok "the witness's pairs, less the 4 CONTAINER events, are the same"
else
	bad "the witness's (serial, contid) pairs differ"; diff "$T/pairs.ausearch" "$T/pairs.witness" | head -n 20
fi
# What each workload knows it did: N files created in its own directory,
# by its own pid; contidctl parse --contid gives back exactly those events.
for p in "$A a $apid" "$B b $bpid" "$X x $xpid"; do
	set -- $p
	"$C" --json parse --contid $1 $LOG 2>/dev/null > "$T/p.json"
	n=$(json_serials "$T/p.json" | wc -l)
	check "contidctl parse --contid $1: serials ($N syscalls; the set is lost)" $N "$n"
	n=$(grep -c '"serial":' "$T/p.json")
	check "contidctl parse --contid $1: events, one per serial" $N "$n"
	n=$(grep '"serial":' "$T/p.json" | grep -c '"key":"adlog"')
	check "contidctl parse --contid $1: events with key adlog" $N "$n"
	i=0
	while [ $i -lt $N ]; do echo "$D/$2/f$i"; i=$((i + 1)); done | sort > "$T/names.want"
	grep -o '"name":"/[^"]*"' "$T/p.json" | sed 's/^"name":"\(.*\)"$/\1/' |
		grep -v -x -e "$D/$2" -e "$D/$2/" | sort > "$T/names.got"
	cmp -s "$T/names.want" "$T/names.got" && ok "contidctl parse --contid $1: the files $D/$2/f0..f$((N - 1)), each once, no other" ||
		{ bad "contidctl parse --contid $1: PATH names differ"; diff "$T/names.want" "$T/names.got" | head; }
	spids=$(sed -n 's/.*"type":"SYSCALL"[^}]*,"pid":"\([0-9]*\)".*/\1/p' "$T/p.json" | sort -u | tr '\n' ' ')
	check "contidctl parse --contid $1: SYSCALL pid= = the workload's pid" "$3 " "$spids"
	# the same serials as the kernel sent with that ID (raw witness)
	grep " 1340 [0-9.]* op=task contid=$1\$" "$T/kw.txt" | cut -d' ' -f1 | sort -n > "$T/ks"
	json_serials "$T/p.json" > "$T/ps"
	cmp -s "$T/ks" "$T/ps" && ok "contidctl parse --contid $1: the serials the kernel sent with contid=$1" ||
		bad "contidctl parse --contid $1: serials differ from the kernel's"
done
# Every serial the kernel sent while the witness listened is in audit.log.
cut -d' ' -f1 "$T/kw.txt" | sort -n -u > "$T/kw.serials"
grep -a -v '^type=DAEMON_' "$T/audit.log" > "$T/klog"	# auditd's own serials
log_serials "$T/klog" > "$T/log.serials"
klo=$(head -n1 "$T/kw.serials") khi=$(tail -n1 "$T/kw.serials")
n=$(awk -v lo=$klo -v hi=$khi '$1 >= lo && $1 <= hi' "$T/log.serials" | cmp -s - "$T/kw.serials" && echo same)
check "audit.log serials $klo..$khi = the kernel's (nothing lost)" same "$n"

rm -rf "$T" "$D"
finish live_auditd_log
