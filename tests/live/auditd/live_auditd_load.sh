#!/bin/sh
# Bursts of audited syscalls from several containers at once.
#  A. auditd as the daemon, the default backlog (64) and wait time: nothing
#     lost (status lost unchanged), every event in audit.log, consecutive
#     serials; then with backlog_wait_time 0 (drop instead of throttle), a
#     table of burst sizes against the kernel's lost counter, each row's
#     loss equal to the records missing from audit.log.
#  B1. contidctl events --daemon as the daemon, stopped during a burst: the
#     kernel drops records (lost); every record a multicast witness saw is
#     either one contidctl got or one the kernel counted lost; contidctl
#     reports exactly that count ({"kind":"lost",...,"reason":"kernel"}), and its
#     serial-gap report matches the serials missing from what it got.
#  B2. contidctl events on the multicast group, stopped during a burst,
#     auditd as the daemon: the socket overruns (Drops = records missing),
#     contidctl reports exactly that many ({"kind":"lost",...,"reason":"dropped"}),
#     the ENOBUFS and the serial gaps; the kernel loses nothing.
# EOE records of the containers are excluded by a rule, so that every record
# is visible in audit.log and in contidctl's output and can be counted.
. /usr/share/contid/auditd/common.sh
T=$(mktemp -d /tmp/auditd_load.XXXXXX)
D=/tmp/adload
rm -rf $D; mkdir -p $D
NC=4
# The debug kernel runs audited syscalls about 17 times slower (50/s
# under TCG): smaller bursts there.  No pauses: every wait is on progress
# (markers, the backlog, sockets' queues; docs/testing.md, "Live waits").
if [ "$DEBUG" = 1 ]; then
	M=100 ROWS="1:50 1:100 2:100 4:100 4:250" NB=2 MB=50
else
	M=1000 ROWS="1:200 1:1000 2:1000 4:1000" NB=2 MB=200
fi
IDS="810001 810002 810003 810004"
for id in $IDS; do
	"$C" rule add --dir $D --perm wa --contid $id --key adload || bad "rule add contid=$id"
	"$C" rule add --list exclude -F msgtype=EOE --contid $id || bad "rule add exclude EOE contid=$id"
done

# burst TAG C N: C containers (the first C of IDS) each create N files in
# $D/TAG-I at once; sets cs to the wall time in centiseconds, and l0, lost0,
# wa0 to the log's length, lost and backlog_wait_time_actual just before.
burst() {
	_i=0 _pids=""
	rm -f $T/go
	for _id in $IDS; do
		[ $_i -lt "$2" ] || break
		mkdir -p $D/$1-$_i
		"$C" run --contid $_id -- $H burst $D/$1-$_i "$3" $T/go > $T/$1-$_i.out &
		_pids="$_pids $!"
		_i=$((_i + 1))
	done
	workload_ready $_pids	# every workload has its ID and waits for go
	[ -z "$AUDITD_PID" ] || settle	# their CONTAINER records are in the log
	l0=$(lines) lost0=$(st lost) wa0=$(st backlog_wait_time_actual)
	_t0=$(now_cs)
	touch $T/go
	for _p in $_pids; do wait $_p || bad "workload $_p of burst $1"; done
	cs=$(($(now_cs) - _t0))
}
lines() { wc -l < $LOG; }
# sock_drained PID OUT: wait until the audit sockets of contidctl events
# PID (writing OUT) have nothing queued (their Rmem in /proc/net/netlink;
# --daemon holds two, the daemon's and one for status requests).  Its CPU
# time is no progress: an idle reader still wakes now and then.
sock_drained() {
	lw_wait "contidctl events $1 to read its audit sockets' queues" \
		"lw_audit_sock $1 | awk '\$2 != 0 { q++ } END { exit !(NR > 0 && q == 0) }'" \
		"lw_audit_sock $1; lw_files $2" ||
		{ echo "contidctl events $1: audit sockets (groups rmem drops): $(lw_audit_sock $1 | tr '\n' ';')"; return 1; }
}
# settle: a marker, and wait until auditd has written it (every record
# queued before it is in audit.log) and the kernel's backlog is empty.
settle_n=0
settle() {
	settle_n=$((settle_n + 1))
	log_marker contid-load-settle-$settle_n
	wait_until "the kernel's backlog to empty after contid-load-settle-$settle_n" '[ "$(st backlog)" = 0 ]' ||
		bad "the kernel's backlog never emptied"
}
# slice L0 L1: the log's lines L0+1..L1 less settle's markers (their
# USER records are not the workloads').
slice() {
	tail -n +$(($1 + 1)) $LOG | head -n $(($2 - $1)) | grep -a -v -F "msg='contid-load-settle-"
}

echo "== A: auditd, default backlog_limit $(st backlog_limit), backlog_wait_time $(st backlog_wait_time)"
start_auditd
"$C" --json features
auditctl -s
burst a $NC $M
settle
lost1=$(st lost) wa1=$(st backlog_wait_time_actual) l1=$(lines)
E=$((NC * M))
check "A: lost during a burst of $NC x $M events" "$lost0" "$lost1"
for id in $IDS; do
	n=$(grep -a -c "^type=UNKNOWN\[1340\] msg=audit([0-9.]*:[0-9]*): op=task contid=$id" $LOG)
	check "A: op=task contid=$id events in audit.log" $M "$n"
done
grep -a "^type=UNKNOWN\[1340\] msg=audit([0-9.]*:[0-9]*): op=task contid=81000" $LOG |
	sed 's/^[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/' | sort -n -u > $T/a.serials
lo=$(head -n1 $T/a.serials) hi=$(tail -n1 $T/a.serials)
check "A: serials $lo..$hi: consecutive, one per event" "$E $E" "$(wc -l < $T/a.serials) $((hi - lo + 1))"
newl=$(slice $l0 $l1 | wc -l)
R=6	# SYSCALL CWD PATH PATH PROCTITLE CONTAINER_INFO (EOE excluded)
check "A: audit.log lines of the burst: $R records x $E events" $((R * E)) $newl
rate=$((E * 100 / (cs > 0 ? cs : 1)))
echo "A: $E events ($((E * R)) records) in $cs cs: $rate events/s; lost +$((lost1 - lost0));" \
	"backlog_wait_time_actual +$((wa1 - wa0)) (producers throttled instead of dropped)"

echo "== A: backlog_wait_time 0 (drop instead of wait): where loss starts"
wt=$(st backlog_wait_time)
auditctl --backlog_wait_time 0 > /dev/null || bad "auditctl --backlog_wait_time 0"
check "backlog_wait_time" 0 "$(st backlog_wait_time)"
settle
echo "table: containers events/container events cs events/s lost events-in-log records-in-log"
first=""
for row in $ROWS; do
	set -- $(echo "$row" | tr : ' ')
	burst "w$1x$2" $1 $2
	settle
	lost1=$(st lost) l1=$(lines)
	e=$(($1 * $2))
	slice $l0 $l1 > $T/row.log
	rl=$(wc -l < $T/row.log)
	sl=$(log_serials $T/row.log | wc -l)
	echo "table: $1 $2 $e $cs $((e * 100 / (cs > 0 ? cs : 1))) $((lost1 - lost0)) $sl $rl"
	# A refused SYSCALL record ends audit_log_exit(): 1 lost, no record,
	# no serial; any other refused record: 1 lost, that record missing.
	check "A: $1 x $2: lost = events missing + records missing from logged events" \
		$((e - sl + R * sl - rl)) $((lost1 - lost0))
	[ -z "$first" ] && [ $((lost1 - lost0)) -gt 0 ] && first="$1 x $2"
	lastloss=$((lost1 - lost0))
done
echo "A: with backlog_wait_time 0, loss starts at: ${first:-no row up to ${ROWS##* }}"
# The table exists to show loss: its largest burst must lose records, or
# the accounting above was only ever checked as 0 = 0.
[ "$lastloss" -gt 0 ] && ok "A: the largest burst (${ROWS##* }) lost $lastloss records" ||
	bad "A: the largest burst (${ROWS##* }) lost nothing: no row tested the loss accounting"
auditctl --backlog_wait_time "$wt" > /dev/null || bad "auditctl --backlog_wait_time $wt"
check "backlog_wait_time restored" "$wt" "$(st backlog_wait_time)"

echo "== B1: contidctl events --daemon, stopped during a burst; a multicast witness"
$H witness $T/w1.txt > $T/w1.out 2> $T/w1.err &
wit=$!
witness_ready $wit $T/w1.err
stop_auditd
"$C" --json events --daemon > $T/v1.json 2> $T/v1.err &
v=$!
wait_until "contidctl events --daemon $v to register (AUDIT_GET pid)" "pid_is $v || lw_exited $v" "lw_tasks $v" &&
	pid_is $v || die "contidctl events --daemon ($v) did not register"
ok "contidctl events --daemon $v registered"
# The default backlog_wait_time stays: producers wait for room rather
# than drop in audit_log_start(), so every record is queued (and seen by
# the witness) before the kernel delivers it or counts it lost.
kill -STOP $v
burst b1 $NB $MB
# kauditd has moved every record of the burst off its queue: to the
# stopped daemon's socket, its retry queue, or lost.
wait_until "the kernel's backlog to empty while contidctl $v is stopped" '[ "$(st backlog)" = 0 ]' \
	"st backlog; st lost; lw_audit_sock $v" || bad "B1: the kernel's backlog never emptied"
drops=$(nl_drops $v)
kill -CONT $v
# Records that overran the daemon's socket wait in the kernel's retry
# queue until kauditd next runs: a user message wakes it, so that every
# record of the burst is either delivered or counted lost before the end.
# kauditd sends its retry queue before its main queue.  Three markers,
# each once contidctl has read all its socket holds (the retry queue may
# overrun the socket again while it drains, and a record that does goes
# back to the retry queue); once contidctl has printed the last, it had
# every record before it, or the kernel counted it lost.
for _k in 1 2 3; do
	sock_drained $v $T/v1.json || bad "B1: contidctl $v never emptied its socket"
	lw_marker contid-load-flush-$_k || bad "contid-live-marker contid-load-flush-$_k"
done
file_marker $T/v1.json contid-load-flush-3 $v
kill -INT $v; wait $v; rc=$?
check "B1: contidctl events --daemon: exit status after SIGINT" 0 $rc
L=$(($(st lost) - lost0))
wait_until "the kernel to drop contidctl $v (AUDIT_GET pid 0)" "pid_is 0" "st backlog; st lost" ||
	bad "B1: contidctl did not unregister"
kill -TERM $wit; wait $wit
cat $T/w1.out
check "B1: witness overruns" "enobufs=0" "$(cut -d' ' -f1 $T/w1.out)"
cat $T/v1.err
grep -a " 1340 [0-9.]* op=task contid=81000[12]" $T/w1.txt | cut -d' ' -f1 | sort -n > $T/b1.serials
lo=$(head -n1 $T/b1.serials) hi=$(tail -n1 $T/b1.serials)
WR=$(awk -v lo=$lo -v hi=$hi '$1 >= lo && $1 <= hi { n++ } END { print n + 0 }' $T/w1.txt)
VR=$(json_records $T/v1.json $lo $hi)
json_serials $T/v1.json > $T/v1.serials
vlo=$(head -n1 $T/v1.serials) vhi=$(tail -n1 $T/v1.serials)
S=$(json_lost $T/v1.json serial) EN=$(json_lost $T/v1.json enobufs)
K=$(json_lost $T/v1.json kernel)
miss=$(missing $vlo $vhi $T/v1.serials)
cut -d' ' -f1 $T/w1.txt | sort -n -u > $T/w1.serials
wmiss=$(missing $vlo $vhi $T/w1.serials)
echo "B1: burst $NB x $MB in $cs cs, serials $lo..$hi: witness $WR records, contidctl $VR;" \
	"kernel lost +$L; contidctl: kernel $K, serial gaps $S, enobufs $EN; socket Drops $drops"
[ "$L" -gt 0 ] && ok "B1: the kernel lost $L records while the daemon slept" ||
	bad "B1: the kernel lost nothing: the burst was too small to fill the daemon's socket"
check "B1: kernel lost = witness records - records contidctl got" $((WR - VR)) $L
# kauditd waits 100 ms (sk_sndtimeo HZ/10) on a full daemon socket, then the
# send overruns it (Drops +1, ENOBUFS) and the record goes to the retry
# queue, or is lost (counted) when that is full too.  The socket can
# overrun again while the retry queue drains after SIGCONT, and the kernel
# counts drops, not overruns: at least one ENOBUFS, at most one per drop.
[ "$EN" -ge 1 ] && [ "$EN" -le "$drops" ] && ok "B1: contidctl reported ENOBUFS $EN time(s) (1 <= $EN <= Drops $drops)" ||
	bad "B1: ENOBUFS reports $EN, Drops $drops"
check "B1: the witness saw every serial of contidctl's span $vlo..$vhi" 0 $wmiss
check "B1: contidctl's serial-gap report = serials of $vlo..$vhi it never got" $miss $S
check "B1: contidctl's report of the kernel's loss = the lost counter's growth" $L $K

echo "== B2: contidctl events (multicast), stopped during a burst; auditd the daemon"
start_auditd
"$C" --json events > $T/v2.json 2> $T/v2.err &
v=$!
events_ready $v
kill -STOP $v
burst b2 $NB $MB
settle
drops=$(nl_drops $v)
kill -CONT $v
# contidctl reads what its socket holds: wait until the queue is empty.
sock_drained $v $T/v2.json || bad "B2: contidctl $v never emptied its socket"
check "B2: Drops after contidctl resumed" $drops "$(nl_drops $v)"
# One event after the burst: a loss that ends the burst leaves a gap in
# the serials only once a later serial arrives.
mkdir -p $D/b2-m
"$C" run --contid 810003 -- $H burst $D/b2-m 1 > /dev/null || bad "B2: marker workload"
# contidctl has every record up to that event once it has printed a
# marker sent after it.
lw_marker contid-load-b2-end || bad "contid-live-marker contid-load-b2-end"
file_marker $T/v2.json contid-load-b2-end $v
kill -INT $v; wait $v; rc=$?
check "B2: contidctl events: exit status after SIGINT" 0 $rc
L=$(($(st lost) - lost0))
stop_auditd
cat $T/v2.err
grep -a "^type=UNKNOWN\[1340\] msg=audit([0-9.]*:[0-9]*): op=task contid=81000[12]" $LOG |
	sed 's/^[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/' | sort -n -u > $T/b2.serials
lo=$(head -n1 $T/b2.serials) hi=$(tail -n1 $T/b2.serials)
mser=$(grep -a "^type=PATH msg=audit([0-9.]*:[0-9]*): .*name=\"$D/b2-m/f0\"" $LOG |
	sed 's/^[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/' | head -n1)
[ -n "$mser" ] && [ "$mser" -gt "$hi" ] && ok "B2: the marker event $mser follows the burst $lo..$hi" ||
	bad "B2: marker event '$mser' not after the burst $lo..$hi"
# Records per serial: audit.log (auditd lost nothing) against contidctl.
grep -a -v '^type=DAEMON_' $LOG > $T/klog
sed -n 's/^type=[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/p' $T/klog |
	awk -v lo=$lo -v hi=$mser '$1 >= lo && $1 <= hi { n[$1]++ } END { for (s in n) print s, n[s] }' |
	sort -n > $T/log.cnt
awk -v lo=$lo -v hi=$mser 'match($0, /"serial":[0-9]+/) {
	s = substr($0, RSTART + 9, RLENGTH - 9) + 0
	# not the CONTAINER (1020) records: auditd logs them as "msg=lost"
	if (s >= lo && s <= hi) n[s] += gsub(/"type_nr":/, "&") - gsub(/"type_nr":1020,/, "&")
} END { for (s in n) print s, n[s] }' $T/v2.json | sort -n > $T/v2.cnt
# SERIAL LOG-RECORDS CONTIDCTL-RECORDS for each serial of lo..marker
awk 'FNR == NR { l[$1] = $2; next } { v[$1] = $2; if (!($1 in l)) l[$1] = 0 }
	END { for (s in l) print s, l[s], v[s] + 0 }' $T/log.cnt $T/v2.cnt | sort -n > $T/b2.cmp
LR=$(awk '{ n += $2 } END { print n + 0 }' $T/b2.cmp)
VR=$(awk '{ n += $3 } END { print n + 0 }' $T/b2.cmp)
# events contidctl never got, partly got, and got more of than the log has
gone=$(awk '$2 > 0 && $3 == 0' $T/b2.cmp | wc -l)
part=$(awk '$3 > 0 && $3 < $2' $T/b2.cmp | wc -l)
extra=$(awk '$3 > $2' $T/b2.cmp | wc -l)
S=$(json_lost $T/v2.json serial) EN=$(json_lost $T/v2.json enobufs)
DR=$(json_lost $T/v2.json dropped)
echo "B2: burst $NB x $MB in $cs cs, serials $lo..$hi, marker $mser: audit.log $LR records," \
	"contidctl $VR; events contidctl missed $gone, got in part $part; kernel lost +$L;" \
	"contidctl: dropped $DR, serial gaps $S, enobufs $EN; socket Drops $drops"
check "B2: kernel lost (auditd kept up)" 0 $L
[ "$drops" -gt 0 ] && ok "B2: the multicast socket overran: Drops $drops" ||
	bad "B2: no Drops: the burst did not overrun the socket"
check "B2: serials with more records in contidctl's output than in audit.log" 0 $extra
# The records of concurrent events interleave: the overrun cuts at most
# the one event each of the $NB containers had in flight.
[ "$part" -le "$NB" ] && ok "B2: events contidctl got in part: $part (at most one per container, $NB)" ||
	bad "B2: $part events got in part (one overrun cuts at most one per container, $NB)"
check "B2: socket Drops = audit.log records - records contidctl got" $((LR - VR)) $drops
[ "$LR" != "$((VR + drops))" ] && { echo "B2: serials where the counts differ:"; awk '$2 != $3' $T/b2.cmp | head -n 8
	awk '$3 > 0 && $3 != $2 { print $1 }' $T/b2.cmp | head -n 3 | while read -r sn; do
		grep -a "msg=audit([0-9.]*:$sn)" $T/klog | cut -c1-100; grep "\"serial\":$sn," $T/v2.json | cut -c1-300; done; }
check "B2: contidctl's report of the records dropped at its socket = socket Drops" $drops $DR
# One overrun while contidctl was stopped: the kernel sets the socket error
# once (NETLINK_S_CONGESTED stays set until the queue drains) however many
# records it drops, so contidctl reports ENOBUFS exactly once.
check "B2: ENOBUFS reports for the one overrun ($drops records dropped)" 1 "$EN"
check "B2: contidctl's serial-gap report = the events of audit.log it never got" $gone $S
[ "$S" -gt 0 ] && ok "B2: contidctl reported $S lost events" || bad "B2: contidctl reported no lost event"

for id in $IDS; do
	"$C" rule del --dir $D --perm wa --contid $id --key adload || bad "rule del contid=$id"
	"$C" rule del --list exclude -F msgtype=EOE --contid $id || bad "rule del exclude EOE contid=$id"
done
[ "$(st pid)" = 0 ] || bad "an audit daemon is still registered: $(st pid)"
rm -rf "$T" "$D"
finish live_auditd_load
