# shellcheck shell=sh
# Waits that end on progress, not on a clock: the shell side of
# tests/live/common/livewait.h, for the live suites' scripts, the guest's
# init (kernel/guest/init) and run-qemu.sh.  POSIX sh (busybox in the
# guest, bash on the host).  In the guest: . /usr/share/contid/livewait.sh
# (kernel/scripts/mkinitramfs.sh installs it in every initramfs).
#
#   lw_wait WHAT COND PROGRESS
#
# evaluates COND until it succeeds (status 0).  Between tries it
# evaluates PROGRESS, a command whose output changes while what the wait
# depends on still moves (a file grows, a task uses CPU, a socket's
# queue changes); a change is progress.  It gives up, with status 1 and a
# message on stderr naming WHAT, when nothing moved for LIVE_WAIT_STALL
# seconds (default 120) or after LIVE_WAIT_BOUND seconds in all (default
# 900) even though things moved:
#
#   livewait: gave up: the events daemon's audit socket: nothing moved
#   for 120 s (waited 121 s; stall limit LIVE_WAIT_STALL=120 s)
#
# LW_HEARTBEAT=N prints "livewait: still waiting ..." every N seconds of
# the wait (the guest's init does, so the console shows it is alive).
# docs/testing.md, "Live waits", gives the reasons.

# Seconds since boot (monotonic; /proc/uptime).
lw_now() {
	read -r _lw_up _lw_idle < /proc/uptime
	echo "${_lw_up%.*}"
}

lw_wait() {
	_lw_what=$1 _lw_cond=$2 _lw_prog=$3
	_lw_stall=${LIVE_WAIT_STALL:-120} _lw_bound=${LIVE_WAIT_BOUND:-900}
	_lw_start=$(lw_now)
	_lw_moved=$_lw_start _lw_beat=$_lw_start _lw_last=""
	while ! eval "$_lw_cond"; do
		_lw_tok=$(eval "$_lw_prog" 2>/dev/null)
		_lw_t=$(lw_now)
		if [ "$_lw_tok" != "$_lw_last" ]; then
			_lw_last=$_lw_tok _lw_moved=$_lw_t
		fi
		if [ $((_lw_t - _lw_start)) -ge "$_lw_bound" ]; then
			echo "livewait: gave up: $_lw_what: still moving after $((_lw_t - _lw_start)) s, the overall bound (LIVE_WAIT_BOUND=$_lw_bound s)" >&2
			return 1
		fi
		if [ $((_lw_t - _lw_moved)) -ge "$_lw_stall" ]; then
			echo "livewait: gave up: $_lw_what: nothing moved for $((_lw_t - _lw_moved)) s (waited $((_lw_t - _lw_start)) s; stall limit LIVE_WAIT_STALL=$_lw_stall s)" >&2
			return 1
		fi
		if [ -n "${LW_HEARTBEAT:-}" ] && [ $((_lw_t - _lw_beat)) -ge "$LW_HEARTBEAT" ]; then
			echo "livewait: still waiting for $_lw_what ($((_lw_t - _lw_start)) s, last progress $((_lw_t - _lw_moved)) s ago)" >&2
			_lw_beat=$_lw_t
		fi
		sleep 0.2
	done
	return 0
}

# Progress of tasks: state and CPU time (own and reaped children's) of
# each PID from /proc/PID/stat ("gone" for one that is not there).
lw_tasks() {
	for _lw_p in "$@"; do
		# Not a pid (empty, "self"...): no progress, never /proc/stat's.
		case "$_lw_p" in
		'' | *[!0-9]*) echo "'$_lw_p' is not a pid"; continue ;;
		esac
		if [ -r "/proc/$_lw_p/stat" ]; then
			# After the comm: state, then utime stime cutime cstime
			# (fields 12-15 from there).
			sed 's/^.*) //' "/proc/$_lw_p/stat" 2>/dev/null | cut -d' ' -f1,12-15
		else
			echo "$_lw_p gone"
		fi
	done
}

# Progress of a whole session (setsid): the CPU time of every task whose
# session is SID, and their number.
lw_session() {
	for _lw_s in /proc/[0-9]*/stat; do
		sed 's/^.*) //' "$_lw_s" 2>/dev/null
	done | awk -v sid="$1" '$4 == sid { n++; t += $12 + $13 + $14 + $15 } END { print n + 0, t + 0 }'
}

# Progress of files: their sizes.
lw_files() {
	for _lw_f in "$@"; do
		if [ -e "$_lw_f" ]; then wc -c < "$_lw_f"; else echo "$_lw_f missing"; fi
	done
}

# The NETLINK_AUDIT sockets PID holds (its fds' socket inodes matched in
# /proc/net/netlink): "groups rmem drops" each; nothing when it has none.
# Their queue (rmem) and drops are progress for a wait on what PID reads.
lw_audit_sock() {
	lw_netlink_sock 9 "$1"
}

# The same for any netlink protocol: lw_netlink_sock PROTOCOL PID.
lw_netlink_sock() {
	for _lw_fd in /proc/"$2"/fd/*; do
		readlink "$_lw_fd" 2>/dev/null
	done | sed -n 's/^socket:\[\([0-9]*\)\]$/\1/p' |
		awk -v proto="$1" 'NR == FNR { ino[$1] = 1; next }
			$2 == proto && ($10 in ino) { print $4, $5, $9 }' - /proc/net/netlink
}

# True when PID has a NETLINK_AUDIT socket (joined to a multicast group
# when the second argument is "multicast"): a reader that is ready.
lw_audit_ready() {
	if [ "${2:-}" = multicast ]; then
		lw_audit_sock "$1" | grep -q -v '^00000000 '
	else
		[ -n "$(lw_audit_sock "$1")" ]
	fi
}

# A field of the kernel's audit status (pid, backlog, lost, ...) as
# "contidctl features" prints it (AUDIT_GET); nothing without contidctl.
lw_audit_status() {
	"${CONTIDCTL:-contidctl}" features 2>/dev/null | awk -v f="$1" '$1 == f { print $2 }'
}

# True when PID is the registered audit daemon.
lw_audit_daemon() {
	[ "$(lw_audit_status pid)" = "$1" ]
}

# How many tasks have PID as their parent (from /proc/*/stat).
lw_children() {
	lw_children_comm "$1" | wc -l
}

# The comm of each task whose parent is PID, one a line.
lw_children_comm() {
	for _lw_s in /proc/[0-9]*/stat; do
		sed -n 's/^[0-9]* (\(.*\)) [A-Za-z] \([0-9]*\) .*/\2 \1/p' "$_lw_s" 2>/dev/null
	done | awk -v p="$1" '$1 == p { sub(/^[0-9]+ /, ""); print }'
}

# Wait until PID has a child running COMM (any child when COMM is not
# given): a fork, or a fork and exec, that happened.
lw_wait_child() {
	if [ -n "${2:-}" ]; then
		lw_wait "task $1 to have a child running $2" \
			"lw_children_comm $1 | grep -q -x -F -e '$2'" "lw_tasks $1"
	else
		lw_wait "task $1 to have a child" '[ "$(lw_children '"$1"')" -gt 0 ]' "lw_tasks $1"
	fi
}

# lw_marker TEXT: an AUDIT_USER record with TEXT, sent with
# contid-live-marker (tests/live/run.sh stages it): a reader that shows
# TEXT has every record the kernel queued before it.
lw_marker() {
	contid-live-marker "$1"
}

# True when PID is gone or a zombie (it has exited, not yet reaped).
lw_exited() {
	[ ! -r "/proc/$1/stat" ] || [ "$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" = Z ]
}
