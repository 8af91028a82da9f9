#!/bin/sh
# The patched auditd as the audit daemon while three containers run (the
# workloads of live_auditd_log, turned round): every set attempt's
# CONTAINER (1020) record is in audit.log, ausearch -m CONTAINER returns
# exactly those, field for field as the kernel sent them, grouped with
# their SYSCALL records; ausearch --contid N gives the events contidctl
# parse --contid N gives; -i shows the unset ID as "unset"; RAW logs them
# too; and DAEMON_END names the container of the task that stopped auditd
# (AUDIT_SIGNAL_INFO2).
. /usr/share/contid/aus/common.sh
T=$(mktemp -d /tmp/aus_log.XXXXXX)
A=710001 B=710002 X=18446744073709551614 BAD=710009 S=710007
N=25
D=/tmp/auslog
rm -rf "$D"; mkdir -p "$D/a" "$D/b" "$D/x"

echo "== $(cat /etc/contid-aus/version) as the audit daemon (ENRICHED)"
[ "$(st pid)" = 0 ] || die "an audit daemon is registered already: pid $(st pid)"
start_auditd
# The raw witness: the records' text as the kernel sent it.
$H witness "$T/kw.txt" > "$T/kw.out" 2> "$T/kw.err" &
kwpid=$!
witness_ready $kwpid "$T/kw.err"
three_containers auslog
# Every record of the workloads is in audit.log and the witness's output
# once a marker sent after them is (no settling time).
log_marker contid-auslog-end
file_marker "$T/kw.txt" contid-auslog-end $kwpid

echo "== auditd stopped by a task in container $S: DAEMON_END names it"
"$C" run --contid $S -- /bin/sh -c "kill -TERM $AUDITD_PID" || bad "contidctl run --contid $S kill"
wait "$AUDITD_PID"; rc=$?
case $rc in 0|134) ok "auditd ended (exit status $rc)" ;; *) bad "auditd exit status $rc"; cat /tmp/auditd.out ;; esac
[ "$rc" = 134 ] && auditctl -r 0 > /dev/null	# see stop_auditd
AUDITD_PID=""
wait_until "the kernel to drop the ended auditd (AUDIT_GET pid 0)" "pid_is 0" "st backlog; st lost" ||
	bad "the kernel still has an audit daemon: pid $(st pid)"
# Without a daemon the kernel still multicasts: the witness has every
# record once a marker sent now is there.
lw_marker contid-auslog-stopped || bad "contid-live-marker contid-auslog-stopped"
file_marker "$T/kw.txt" contid-auslog-stopped $kwpid
kill -TERM $kwpid; wait $kwpid
check "raw witness overruns" "enobufs=0" "$(cut -d' ' -f1 "$T/kw.out")"
grep -a '^type=DAEMON_END ' $LOG | raw_of
n=$(raw_of $LOG | grep -c "^type=DAEMON_END msg=audit([0-9.]*:[0-9]*): op=terminate auid=[0-9]* uid=[0-9]* ses=[0-9]* pid=[0-9]* .*contid=$S res=success\$")
check "DAEMON_END op=terminate ... contid=$S (AUDIT_SIGNAL_INFO2)" 1 "$n"
cp $LOG "$T/audit.log"
echo "audit.log: $(wc -l < $T/audit.log) lines"

echo "== the CONTAINER records in audit.log"
n=$(grep -a -c 'msg=lost' $LOG)
check "msg=lost lines" 0 "$n"
n=$(grep -a -c '^type=UNKNOWN' $LOG)
check "UNKNOWN[...] lines" 0 "$n"
grep -a -q "^type=DAEMON_START .*format=enriched" $LOG && ok "DAEMON_START format=enriched" ||
	bad "no DAEMON_START format=enriched record"
# The kernel's 1020 records (raw witness: SERIAL TYPE SEC.MSEC TEXT) as
# auditd's RAW lines.
awk '$2 == 1020 { t = $0; sub(/^[^ ]* [^ ]* [^ ]* /, "", t)
	printf "type=CONTAINER msg=audit(%s:%s): %s\n", $3, $1, t }' "$T/kw.txt" | sort > "$T/k1020"
n=$(wc -l < "$T/k1020")
check "CONTAINER records the kernel sent (3 sets, 1 refused, the stopper's)" 5 "$n"
grep -a '^type=CONTAINER ' "$T/audit.log" | raw_of | sort > "$T/l1020"
if cmp -s "$T/k1020" "$T/l1020"; then
	ok "audit.log: the 5 CONTAINER records, field for field as the kernel sent them"
else
	bad "audit.log's CONTAINER records differ from the kernel's"; diff "$T/k1020" "$T/l1020"
fi
n=$(grep -a '^type=CONTAINER ' "$T/audit.log" | grep -c "$SEP")
check "CONTAINER records with ENRICHED interpretations" 5 "$n"
bpid_sets=$(grep -c " opid=$bpid " "$T/k1020")
check "records of the sets on B's pid $bpid (the set and the refused set)" 2 "$bpid_sets"
grep -q " opid=$bpid old-contid=$B contid=$BAD res=0\$" "$T/k1020" && ok "the refused set: old-contid=$B contid=$BAD res=0" ||
	bad "no record of the refused set"

echo "== ausearch -m CONTAINER: exactly those, each in its syscall's event"
ausearch -if "$T/audit.log" -m CONTAINER --raw > "$T/s1020" 2> "$T/s1020.err"; rc=$?
check "ausearch -m CONTAINER --raw: exit status" 0 "$rc"
grep -a '^type=CONTAINER ' "$T/s1020" | raw_of | sort > "$T/s1020.c"
if cmp -s "$T/k1020" "$T/s1020.c"; then
	ok "ausearch -m CONTAINER --raw: the 5 CONTAINER records, field for field"
else
	bad "ausearch -m CONTAINER --raw differs from the kernel's records"; diff "$T/k1020" "$T/s1020.c"
fi
serials_of "$T/k1020" > "$T/k1020.serials"
serials_of "$T/s1020" > "$T/s1020.serials"
check "ausearch -m CONTAINER: serials = the kernel's CONTAINER serials" "$(cat "$T/k1020.serials")" "$(cat "$T/s1020.serials")"
for sn in $(cat "$T/k1020.serials"); do
	n=$(grep -a -c "^type=SYSCALL msg=audit([0-9.]*:$sn): " "$T/s1020")
	check "ausearch -m CONTAINER: serial $sn's event has its write's SYSCALL record" 1 "$n"
done
ausearch -if "$T/audit.log" -m 1020 --raw > "$T/s1020n" 2> "$T/s1020n.err"
cmp -s "$T/s1020" "$T/s1020n" && ok "ausearch -m 1020 = ausearch -m CONTAINER" || bad "ausearch -m 1020 differs from -m CONTAINER"
ausearch -if "$T/audit.log" -m CONTAINER -i > "$T/s1020i" 2>&1; rc=$?
check "ausearch -m CONTAINER -i: exit status" 0 "$rc"
grep -m1 '^type=CONTAINER ' "$T/s1020i"
n=$(grep -c -E "^type=CONTAINER msg=audit\(.*\) : op=set .* old-contid=unset contid=($A|$B|$X|$S) res=yes ?\$" "$T/s1020i")
check "ausearch -i: the 4 sets with old-contid=unset, res=yes" 4 "$n"
n=$(grep -c -E "^type=CONTAINER msg=audit\(.*\) : op=set .* old-contid=$B contid=$BAD res=no ?\$" "$T/s1020i")
check "ausearch -i: the refused set, res=no" 1 "$n"

echo "== ausearch -m CONTAINER_INFO: the op=task records of each container"
ausearch -if "$T/audit.log" -m CONTAINER_INFO --raw > "$T/s1340" 2>&1; rc=$?
check "ausearch -m CONTAINER_INFO: exit status" 0 "$rc"
for id in $A $B $X; do
	n=$(raw_of "$T/s1340" | grep -c "^type=CONTAINER_INFO msg=audit([0-9.]*:[0-9]*): op=task contid=$id\$")
	check "ausearch -m CONTAINER_INFO: op=task contid=$id records" $N "$n"
done

echo "== ausearch --contid N = contidctl parse --contid N"
for id in $A $B $X $BAD $S; do
	ausearch -if "$T/audit.log" --contid $id --raw > "$T/a.$id" 2>&1; rc=$?
	check "ausearch --contid $id: exit status" 0 "$rc"
	serials_of "$T/a.$id" > "$T/as.$id"
	"$C" --json parse --contid $id "$T/audit.log" 2>/dev/null > "$T/p.json"
	json_serials "$T/p.json" > "$T/ps.$id"
	if cmp -s "$T/as.$id" "$T/ps.$id"; then
		ok "contid=$id: ausearch and contidctl parse give the same $(wc -l < "$T/as.$id") events"
	else
		bad "contid=$id: ausearch and contidctl parse differ"; diff "$T/as.$id" "$T/ps.$id" | head
	fi
	# and the kernel's: the serials of its records with that contid=
	awk -v id=$id '($2 == 1020 || $2 == 1340) && $0 ~ (" contid=" id "( |$)") { print $1 }' "$T/kw.txt" |
		sort -n -u > "$T/ks.$id"
	cmp -s "$T/ks.$id" "$T/as.$id" && ok "contid=$id: the events the kernel sent with that ID" ||
		{ bad "contid=$id: ausearch differs from the kernel's records"; diff "$T/ks.$id" "$T/as.$id" | head; }
done
check "ausearch --contid $A: $N syscalls and the set" $((N + 1)) "$(wc -l < "$T/as.$A")"
check "ausearch --contid $BAD: the refused set" 1 "$(wc -l < "$T/as.$BAD")"
ausearch -if "$T/audit.log" --contid 1234 > "$T/none" 2>&1; rc=$?
check "ausearch --contid 1234 (no such container): exit status" 1 "$rc"
ausearch -if "$T/audit.log" --contid 12x > "$T/bad" 2>&1; rc=$?
check "ausearch --contid 12x: exit status" 1 "$rc"
check "ausearch --contid 12x: message" "Container id must be a decimal 64-bit value, was 12x" "$(head -n1 "$T/bad")"

echo "== RAW: the same records without interpretations"
aus_format raw
start_auditd
"$C" rule add --dir $D --perm wa --contid $A --key auslog || bad "rule add"
"$C" run --contid $A -- $H burst $D/a 3 > /dev/null || bad "run A (raw)"
"$C" rule del --dir $D --perm wa --contid $A --key auslog || bad "rule del"
stop_auditd
grep -a -q "^type=DAEMON_START .*format=raw" $LOG && ok "DAEMON_START format=raw" || bad "no DAEMON_START format=raw"
n=$(grep -a -c "^type=CONTAINER msg=audit([0-9.]*:[0-9]*): op=set .* old-contid=$U contid=$A res=1\$" $LOG)
check "RAW: the CONTAINER record of the set" 1 "$n"
n=$(grep -a -c "$SEP" $LOG)
check "RAW: lines with interpretations" 0 "$n"
n=$(grep -a -c "^type=DAEMON_END .* contid=$U res=success\$" $LOG)
check "RAW: DAEMON_END of a sender without a container: contid=$U" 1 "$n"
ausearch -if $LOG -m CONTAINER --contid $A --raw > "$T/r" 2>&1; rc=$?
check "RAW: ausearch -m CONTAINER --contid $A: exit status" 0 "$rc"
check "RAW: ausearch -m CONTAINER --contid $A: CONTAINER records" 1 "$(grep -c '^type=CONTAINER ' "$T/r")"

rm -rf "$T" "$D"
finish live_aus_log
