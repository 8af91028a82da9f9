# Shared by the auditd live tests (sourced; busybox sh in the guest).
# shellcheck shell=sh
C=${CONTIDCTL:-/usr/sbin/contidctl}
H=/usr/bin/contid-auditd-helper
LOG=/var/log/audit/audit.log
# Waits on progress, not on a clock (docs/testing.md, "Live waits").
. /usr/share/contid/livewait.sh
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
die() { echo "FAIL: $*"; exit 1; }
check() { # check DESC WANT GOT
	if [ "$2" = "$3" ]; then ok "$1: $3"; else bad "$1: got '$3', want '$2'"; fi
}
# kernel_clean: no splat in the kernel log since the test began (the
# guest console is scanned too, by run-qemu.sh; this names the test).
kernel_clean() {
	_out=$("$H" kmsg "$KMSG0" 2>&1)
	_rc=$?
	if [ "$_rc" = 0 ]; then
		ok "kernel log since the test began (seq $KMSG0..$(echo "$_out" | tail -n1)): no WARNING, BUG, KASAN, lockdep or kmemleak report"
	else
		echo "$_out"
		bad "kernel log since the test began: a splat, or records lost unread"
	fi
}
finish() {
	kernel_clean
	[ "$fails" = 0 ] && { echo "PASS: $1"; exit 0; }
	echo "FAIL: $1: $fails check(s)"
	exit 1
}

for b in auditd ausearch auditctl; do
	command -v $b >/dev/null || die "$b is not in the guest (tests/live/auditd/stage.sh)"
done
[ -x "$C" ] || die "contidctl missing"
[ -x "$H" ] || die "$H missing"
KMSG0=$("$H" kmsg) || die "cannot read /dev/kmsg"

# The debug kernel (KASAN, kmemleak, lockdep) runs 3-5 times slower.
if [ -e /sys/kernel/debug/kmemleak ]; then DEBUG=1; SLOW=4; else DEBUG=0; SLOW=1; fi

# st NAME: one field of the audit status (contidctl features --json).
st() {
	_v=$("$C" --json features | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p")
	[ -n "$_v" ] || _v=$(auditctl -s | sed -n "s/^$1 \([0-9]*\).*/\1/p")
	echo "$_v"
}

# wait_until WHAT COND [PROGRESS]: until the shell expression COND holds,
# while PROGRESS still moves (default: auditd's CPU time, the log's size
# and the kernel's backlog).  livewait.sh's lw_wait: it gives up after
# LIVE_WAIT_STALL seconds without progress, saying "gave up: WHAT".
wait_until() {
	lw_wait "$1" "$2" "${3:-lw_tasks ${AUDITD_PID:-1}; lw_files $LOG; st backlog}"
}
pid_is() { [ "$(st pid)" = "$1" ]; }
# A marker's record as auditd and the witnesses write it.  The marker is
# contid-live-marker's AUDIT_USER message TEXT, written msg='TEXT'.  Not
# auditctl -m TEXT: that one sends "text=TEXT exe=... res=success"
# (audit-userspace 3.0.9 src/auditctl.c), so msg='TEXT never appears.
marker_in() { grep -a -q -F "msg='$1'" "$2"; }
# log_marker TEXT: send the marker TEXT and wait until auditd has written
# it to $LOG: every record the kernel queued before it is then there.
log_marker() {
	lw_marker "$1" || bad "contid-live-marker $1"
	wait_until "the marker $1 in $LOG (auditd $AUDITD_PID)" "marker_in '$1' $LOG" ||
		bad "the marker $1 never reached $LOG"
}
# file_marker FILE TEXT PID: wait until FILE, the output of the reader PID
# (a witness), has the marker TEXT (sent already).  Progress: the file,
# the reader's sockets and the backlog (not the reader's CPU time: an
# idle reader wakes now and then).
file_marker() {
	lw_wait "the marker $2 in $1 (reader $3)" "marker_in '$2' '$1'" "lw_files '$1'; lw_audit_sock $3; st backlog" ||
		bad "the marker $2 never reached $1 (reader $3's audit sockets, groups rmem drops: $(lw_audit_sock $3 | tr '\n' ';'))"
}
# witness_ready PID ERRFILE: the raw witness PID has joined the multicast
# group (it says "listening" on ERRFILE once bound).
witness_ready() {
	lw_wait "the raw witness $1 to join the multicast group" \
		"grep -q listening '$2' || lw_exited $1" "lw_tasks $1; lw_files '$2'" &&
		grep -q listening "$2" || bad "the raw witness $1 did not start: $(cat "$2")"
}
# events_ready PID: contidctl events PID reads the multicast group.
events_ready() {
	lw_wait "contidctl events (pid $1) in the audit multicast group" \
		"lw_audit_ready $1 multicast || lw_exited $1" "lw_tasks $1" &&
		lw_audit_ready "$1" multicast || bad "contidctl events $1 never joined the multicast group"
}
# workload_ready PID...: each PID ("contidctl run" in the background) has
# set its child's ID and the child runs the helper (exec'd after the set),
# waiting for its GO file.
workload_ready() {
	for _wr in "$@"; do
		lw_wait "contidctl run $_wr to start the helper in its container" \
			"lw_children_comm $_wr | grep -q -x -F contid-auditd-h || lw_exited $_wr" "lw_tasks $_wr" &&
			! lw_exited "$_wr" || bad "contidctl run $_wr never started the helper"
	done
}

# auditd runs on its own tmpfs so that its disk-space checks see a real
# file system (the initramfs root reports no free space).
AUDITD_PID=""
start_auditd() {
	grep -q " /var/log/audit " /proc/mounts || mount -t tmpfs -o size=64m,mode=0700 tmpfs /var/log/audit ||
		die "cannot mount a tmpfs on /var/log/audit"
	# Each start writes a fresh log (start_auditd keep: append to it).
	[ "${1:-}" = keep ] || rm -f "$LOG"
	# -n: no fork; -s nochange: leave the kernel's enabled flag alone at
	# start and at exit (the tests that run after these need audit on).
	# AUDITD_ARGS: more options (the aus suite's -c CONFIG_DIR).
	auditd -n -s nochange ${AUDITD_ARGS:-} > /tmp/auditd.out 2>&1 &
	AUDITD_PID=$!
	if ! wait_until "auditd $AUDITD_PID to register with the kernel (AUDIT_GET pid)" \
		"pid_is $AUDITD_PID || lw_exited $AUDITD_PID" "lw_tasks $AUDITD_PID; lw_files /tmp/auditd.out" ||
		! pid_is "$AUDITD_PID"; then
		cat /tmp/auditd.out
		die "auditd ($AUDITD_PID) did not register with the kernel (status pid $(st pid))"
	fi
	ok "auditd $AUDITD_PID registered (AUDIT_GET pid=$AUDITD_PID)"
}
stop_auditd() {
	[ -n "$AUDITD_PID" ] || return 0
	kill -TERM "$AUDITD_PID"
	wait "$AUDITD_PID"
	_rc=$?
	case $_rc in
	0) ;;
	134)	# Debian's auditd 3.0.9 ends with SIGABRT here, before it
		# unregisters (README.md): the kernel finds out on its next send.
		echo "auditd $AUDITD_PID: SIGABRT (exit status 134) after SIGTERM"
		auditctl -r 0 > /dev/null ;;	# a CONFIG_CHANGE record to send
	*) bad "auditd $AUDITD_PID: exit status $_rc after SIGTERM"; cat /tmp/auditd.out ;;
	esac
	AUDITD_PID=""
	wait_until "the kernel to drop the ended auditd (AUDIT_GET pid 0)" "pid_is 0" "st backlog; st lost" ||
		bad "the kernel still has an audit daemon after auditd ended: pid $(st pid)"
}

# three_containers KEY: the workloads of live_auditd_log and live_aus_log,
# under --contid watch rules on $D with KEY (added before, deleted after):
# "contidctl run" of a burst in $A and in $X, a burst whose pid ($bpid)
# "contidctl set" puts in $B, and a refused second set ($BAD), each
# burst creating $N files in $D/a, $D/b, $D/x.  Uses $T for its files.
three_containers() {
	for id in $A $B $X; do
		"$C" rule add --dir $D --perm wa --contid $id --key "$1" || bad "rule add contid=$id"
	done
	echo "== workloads: run (A, X), set (B), a refused set (B again)"
	"$C" run --contid $A -- $H burst $D/a $N > "$T/a.out" || bad "run A"
	$H burst $D/b $N $T/go-b > "$T/b.out" &
	bpid=$!
	# The helper runs (exec'd), waiting for go-b: set its ID now.
	lw_wait "the burst helper $bpid to start" "[ \"\$(readlink /proc/$bpid/exe)\" = $H ] || lw_exited $bpid" \
		"lw_tasks $bpid" && ! lw_exited $bpid || bad "the burst helper $bpid never started"
	"$C" set $bpid $B || bad "set $bpid $B"
	"$C" set $bpid $BAD 2> "$T/set.err"; _rc=$?
	check "set of an ID already set: exit status" 1 "$_rc"
	touch $T/go-b
	wait $bpid || bad "workload B"
	"$C" run --contid $X -- $H burst $D/x $N > "$T/x.out" || bad "run X"
	for id in $A $B $X; do
		"$C" rule del --dir $D --perm wa --contid $id --key "$1" || bad "rule del contid=$id"
	done
}

# Serial of a log line / contidctl JSON line.
# log_pairs FILE: "SERIAL CONTID" for each CONTAINER/CONTAINER_INFO record.
log_pairs() {
	grep -a -E '^type=(UNKNOWN\[1020\]|UNKNOWN\[1340\]|CONTAINER|CONTAINER_INFO|1020|1340) ' "$1" |
		sed -n 's/^[^ ]* msg=audit([0-9.]*:\([0-9]*\)).* contid=\([0-9,]*\).*/\1 \2/p' | sort -u
}
# json_pairs FILE: "SERIAL CONTID" for each event of contidctl --json output.
json_pairs() {
	sed -n 's/.*"serial":\([0-9]*\),"contid":\[\("[0-9]*"\(,"[0-9]*"\)*\)\].*/\1 \2/p' "$1" |
		tr -d '"' | sort -u
}
# json_lost FILE REASON: the sum of the {"kind":"lost",...} lines with REASON.
json_lost() {
	sed -n "s/^{\"kind\":\"lost\",\"version\":2,\"reason\":\"$2\",\"count\":\([0-9]*\)}\$/\1/p" "$1" |
		awk '{ s += $1 } END { print s + 0 }'
}

# The Drops counter of a process's audit netlink socket(s) in
# /proc/net/netlink (records the kernel could not queue on it).
nl_drops() {
	_inodes=$(for f in /proc/"$1"/fd/*; do readlink "$f"; done 2>/dev/null |
		sed -n 's/^socket:\[\([0-9]*\)\]$/\1/p')
	awk -v list=" $(echo $_inodes) " '$2 == 9 && index(list, " " $10 " ") { d += $9 } END { print d + 0 }' \
		/proc/net/netlink
}

# json_records FILE LO HI: records (EOE excluded: contidctl keeps none) in
# the events of contidctl --json output with LO <= serial <= HI.
json_records() {
	awk -v lo="$2" -v hi="$3" 'match($0, /"serial":[0-9]+/) {
		s = substr($0, RSTART + 9, RLENGTH - 9) + 0
		if (s >= lo && s <= hi) n += gsub(/"type_nr":/, "&")
	} END { print n + 0 }' "$1"
}
# json_serials FILE: the serials of contidctl --json output, sorted.
json_serials() {
	sed -n 's/.*"serial":\([0-9]*\),.*/\1/p' "$1" | sort -n -u
}
# log_serials FILE: the serials of an audit log, sorted.
log_serials() {
	sed -n 's/^type=[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/p' "$1" | sort -n -u
}
# log_records FILE LO HI: the records of an audit log with LO <= serial <= HI.
log_records() {
	sed -n 's/^type=[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/p' "$1" |
		awk -v lo="$2" -v hi="$3" '$1 >= lo && $1 <= hi { n++ } END { print n + 0 }'
}
# missing LO HI SORTED-SERIALS-FILE: how many of LO..HI the file lacks.
missing() {
	awk -v lo="$1" -v hi="$2" '$1 >= lo && $1 <= hi { n++ } END { print hi - lo + 1 - n }' "$3"
}
# uptime in centiseconds
now_cs() { awk '{ printf "%d\n", $1 * 100 }' /proc/uptime; }
