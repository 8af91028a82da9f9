#!/bin/sh
# contidctl features, --version, and signal-info after a kill -USR1 from
# a contained task to "contidctl events --daemon" (the registered daemon).
C=${CONTIDCTL:-/usr/sbin/contidctl}
# Waits on progress, not on a clock (docs/testing.md, "Live waits");
# LIVEWAIT: where it is (the deb suite runs these in its Debian root).
. "${LIVEWAIT:-/usr/share/contid/livewait.sh}"
T=$(mktemp -d /tmp/live_cli.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
has() { grep -F -q -- "$2" "$1"; }

echo "== features"
"$C" features > "$T/f"; rc=$?; cat "$T/f"
[ "$rc" = 0 ] && ok "features -> 0" || bad "features -> $rc"
grep -E -q '^  containerid_filter +yes \(0x00000080\)$' "$T/f" && ok "containerid_filter yes" || bad "containerid_filter not yes"
grep -E -q '^container ID rules +supported' "$T/f" && ok "container ID rules supported" || bad "rules not supported"
grep -E -q '^container IDs \(/proc\) +supported' "$T/f" && ok "/proc containerid supported" || bad "/proc not supported"
grep -E -q '^enabled +1$' "$T/f" && ok "audit enabled" || bad "audit not shown enabled"
"$C" --json features > "$T/f.json"
has "$T/f.json" '"containerid_filter":true' && has "$T/f.json" '"containerid_rules":true' &&
	ok "features --json" || { bad "features --json"; cat "$T/f.json"; }
"$C" --version | grep -q '^contidctl ' && ok "--version" || bad "--version"

echo "== signal-info: kill -USR1 from container 123460 to the daemon"
"$C" events --daemon > "$T/ev" 2> "$T/ev.err" &
dpid=$!
# Registered: the kernel's audit status names it (AUDIT_GET's pid).
if CONTIDCTL=$C lw_wait "contidctl events --daemon (pid $dpid) registered as the audit daemon" \
	"lw_audit_daemon $dpid" "lw_tasks $dpid"; then
	ok "events --daemon registered as $dpid"
else
	bad "events --daemon not registered"; cat "$T/ev.err"
fi
"$C" run --contid 123460 -- kill -USR1 "$dpid"; rc=$?
[ "$rc" = 0 ] && ok "contained kill -USR1 $dpid" || bad "contained kill -> $rc"
# The signal was taken (no longer pending: handled, or fatal) before
# kill -0 says whether the daemon survived it: no time window.
usr1_pending() {
	for m in $(sed -n -e 's/^SigPnd:[[:space:]]*//p' -e 's/^ShdPnd:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null); do
		[ $((0x$m & 0x200)) != 0 ] && return 0
	done
	return 1
}
lw_wait "the daemon $dpid to take SIGUSR1" "! usr1_pending $dpid" "lw_tasks $dpid" ||
	bad "SIGUSR1 still pending for $dpid"
kill -0 "$dpid" 2>/dev/null && ok "daemon survives SIGUSR1" || bad "daemon died of SIGUSR1"
"$C" signal-info > "$T/si"; rc=$?; cat "$T/si"
[ "$rc" = 0 ] && ok "signal-info -> 0" || bad "signal-info -> $rc"
grep -q '^contid   123460$' "$T/si" && ok "signal-info contid 123460" || bad "signal-info contid"
grep -q '^request  AUDIT_SIGNAL_INFO2$' "$T/si" && ok "answered by SIGNAL_INFO2" || bad "not SIGNAL_INFO2"
"$C" --json signal-info > "$T/si.json"
has "$T/si.json" '"contid":123460,"contid_known":true' && ok "signal-info --json" || { bad "signal-info --json"; cat "$T/si.json"; }
"$C" events --daemon 2> "$T/err"; rc=$?
[ "$rc" = 1 ] && grep -q "^contidctl: cannot register as the audit daemon: another audit daemon is registered (EEXIST)\$" "$T/err" &&
	ok "second daemon: EEXIST" || bad "second daemon: rc=$rc $(cat "$T/err")"
# It has printed: the set record of the contained kill's "run" at least.
lw_wait "the daemon $dpid to print an event" "[ -s '$T/ev' ]" \
	"lw_files '$T/ev'; lw_tasks $dpid; lw_audit_sock $dpid" || bad "the daemon printed nothing"
kill -TERM "$dpid"
wait "$dpid"; rc=$?
[ "$rc" = 0 ] && ok "daemon: SIGTERM -> exit 0" || bad "daemon exit $rc"
[ -s "$T/ev" ] && ok "daemon printed events" || bad "daemon printed no events"
pid=$("$C" features | sed -n 's/^pid  *//p')
[ "$pid" = 0 ] && ok "daemon unregistered (pid 0)" || bad "daemon pid still $pid"

rm -rf "$T"
[ "$fails" = 0 ] && echo "PASS: live_cli_features" || { echo "FAIL: live_cli_features: $fails check(s)"; exit 1; }
