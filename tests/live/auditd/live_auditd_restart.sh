#!/bin/sh
# The audit daemon killed (SIGKILL) and restarted in the middle of a load
# from two containers: the kernel drops the dead daemon, the new auditd
# registers (AUDIT_GET pid = its pid), records with container IDs resume in
# audit.log, and a container started after the restart has every one of its
# events there.  No kernel warning (tests/live/run.sh fails the run on one).
. /usr/share/contid/auditd/common.sh
T=$(mktemp -d /tmp/auditd_restart.XXXXXX)
D=/tmp/adrst
rm -rf $D; mkdir -p $D/r1 $D/r2 $D/r3
R1=820001 R2=820002 R3=820003 M=$((300 / SLOW))
for id in $R1 $R2 $R3; do
	"$C" rule add --dir $D --perm wa --contid $id --key adrst || bad "rule add contid=$id"
done

start_auditd
first=$AUDITD_PID
lost0=$(st lost)
# Load: each container creates files until stopped.
"$C" run --contid $R1 -- $H burst $D/r1 100000000 > $T/r1.out 2>&1 &
l1=$!
"$C" run --contid $R2 -- $H burst $D/r2 100000000 > $T/r2.out 2>&1 &
l2=$!
# The load runs: its events reach audit.log.
wait_until "load events of $R1/$R2 in $LOG" '[ "$(grep -a -c "op=task contid=82000[12]" $LOG)" -gt 0 ]' ||
	bad "no load events in audit.log"
before=$(grep -a -c "op=task contid=82000[12]" $LOG)
[ "$before" -gt 0 ] && ok "load running: $before events of $R1/$R2 in audit.log" || bad "no load events before the kill"

echo "== kill -9 auditd $first mid-load"
kill -KILL $first
wait $first; rc=$?
AUDITD_PID=""
check "auditd exit status (SIGKILL)" 137 $rc
# The kernel notices on its next send (ECONNREFUSED) and resets the connection.
wait_until "the kernel to drop the dead auditd $first (AUDIT_GET pid 0)" "pid_is 0" "st backlog; st lost" && ok "the kernel dropped the dead daemon: AUDIT_GET pid=0" ||
	bad "AUDIT_GET pid after SIGKILL: $(st pid), want 0"
# The gap without a daemon: it lasts until both containers made more
# files (audited syscalls the kernel had no daemon for), not a fixed time.
f1=$(ls $D/r1 | wc -l) f2=$(ls $D/r2 | wc -l)
wait_until "the load of $R1/$R2 to go on without a daemon (files in $D/r1 > $f1, $D/r2 > $f2)" \
	'[ "$(ls $D/r1 | wc -l)" -gt '$f1' ] && [ "$(ls $D/r2 | wc -l)" -gt '$f2' ]' \
	"lw_tasks $l1 $l2; st lost; ls $D/r1 $D/r2 | wc -l" || bad "the load stopped during the gap"
gap_lost=$(($(st lost) - lost0))
echo "records lost while no daemon was registered (hold queue of backlog_limit $(st backlog_limit) full): $gap_lost"
grep -a -c '^type=DAEMON_START' $LOG > $T/starts
check "DAEMON_START records before the restart" 1 "$(cat $T/starts)"

echo "== restart auditd"
start_auditd keep
second=$AUDITD_PID
[ "$second" != "$first" ] && ok "the new auditd $second is registered, not $first" || bad "same pid $second"
check "AUDIT_GET pid" "$second" "$(st pid)"
lost1=$(st lost)
# The load's records resume in the log after the second DAEMON_START.
wait_until "load events of $R1/$R2 after the second DAEMON_START in $LOG" \
	'[ "$(awk '"'"'/^type=DAEMON_START/ { n++ } n == 2'"'"' $LOG | grep -a -c "op=task contid=82000[12]")" -gt 0 ]' ||
	bad "the load's records did not resume after the restart"
# A container started after the restart: all of its events must be there.
"$C" run --contid $R3 -- $H burst $D/r3 $M > $T/r3.out || bad "workload $R3"
kill -TERM $l1 $l2
wait $l1; wait $l2
# Every record of R3 is in the log once a marker sent after it is.
log_marker contid-adrst-end
lost2=$(st lost)
stop_auditd
check "DAEMON_START records" 2 "$(grep -a -c '^type=DAEMON_START' $LOG)"
# The log after the second DAEMON_START.
awk '/^type=DAEMON_START/ { n++ } n == 2' $LOG > $T/after
n=$(grep -a -c "op=task contid=82000[12]" $T/after)
[ "$n" -gt 0 ] && ok "records of $R1/$R2 resumed after the restart: $n events" || bad "no $R1/$R2 events after the restart"
n=$(grep -a -c "^type=UNKNOWN\[1340\] msg=audit([0-9.]*:[0-9]*): op=task contid=$R3" $T/after)
check "events of $R3 (started after the restart) in audit.log" $M "$n"
n=$("$C" --json parse --contid $R3 $LOG 2>/dev/null | grep -c '"key":"adrst"')
check "contidctl parse --contid $R3: events with key adrst" $M "$n"
check "lost while the new auditd ran" "$lost1" "$lost2"
echo "restart: $before events before the kill, $gap_lost records lost in the gap, lost +$((lost2 - lost1)) after the restart"

for id in $R1 $R2 $R3; do
	"$C" rule del --dir $D --perm wa --contid $id --key adrst || bad "rule del contid=$id"
done
rm -rf "$T" "$D"
finish live_auditd_restart
