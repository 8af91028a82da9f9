#!/bin/sh
# contidctl set/get/ps and the cover letter's first example, contidctl only:
#   sleep 2 & child=$!; contidctl set $child 123456
# checked through "contidctl events --json" (multicast) and "contidctl get";
# then the EEXIST, EBUSY and EPERM refusals with their exact messages.
C=${CONTIDCTL:-/usr/sbin/contidctl}
# Waits on progress, not on a clock (docs/testing.md, "Live waits");
# LIVEWAIT: where it is (the deb suite runs these in its Debian root).
. "${LIVEWAIT:-/usr/share/contid/livewait.sh}"
T=$(mktemp -d /tmp/live_cli.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
check() { # check DESC CMD...: CMD must succeed
	d=$1; shift
	if "$@"; then ok "$d"; else bad "$d"; fi
}
has() { grep -F -q -- "$2" "$1"; }

echo "== example 1: set the container ID of a sleep task, seen by events --json"
"$C" events --json > "$T/ev.json" 2> "$T/ev.err" &
evpid=$!
lw_wait "contidctl events (pid $evpid) in the audit multicast group" \
	"lw_audit_ready $evpid multicast" "lw_tasks $evpid" || bad "events never joined the multicast group"
# The cover letter says "sleep 2"; the task must outlive the checks
# however slow the guest: it sleeps until killed at the end.
sleep 100000 &
child=$!
"$C" set "$child" 123456; rc=$?
[ "$rc" = 0 ] && ok "contidctl set $child 123456 -> 0" || bad "contidctl set $child 123456 -> $rc"
got=$("$C" get "$child")
[ "$got" = 123456 ] && ok "contidctl get $child = 123456" || bad "contidctl get $child = '$got'"
got=$("$C" get "$child/$child")
[ "$got" = 123456 ] && ok "contidctl get $child/$child = 123456" || bad "get PID/TID = '$got'"
got=$("$C" get --tid "$child" "$child")
[ "$got" = 123456 ] && ok "contidctl get --tid = 123456" || bad "get --tid = '$got'"
got=$("$C" --json get "$child")
[ "$got" = "{\"pid\":$child,\"tid\":$child,\"contid\":123456}" ] && ok "get --json: $got" || bad "get --json: $got"
got=$("$C" get $$)
[ "$got" = unset ] && ok "get of the shell: unset" || bad "get of the shell: '$got'"
# 123456 = 0x1e240: --hex prints 16 digits, as a container's ID begins.
got=$("$C" get --hex "$child")
[ "$got" = 000000000001e240 ] && ok "get --hex $child = 000000000001e240" || bad "get --hex = '$got'"
got=$("$C" get -x "$child" $$)
[ "$got" = "$child 000000000001e240
$$ -" ] && ok "get -x of two tasks" || bad "get -x of two tasks: '$got'"
got=$("$C" --json get --hex "$child")
[ "$got" = "{\"pid\":$child,\"tid\":$child,\"contid\":123456,\"hexid\":\"000000000001e240\"}" ] && ok "get --hex --json: $got" || bad "get --hex --json: $got"
got=$("$C" --json get --hex $$)
[ "$got" = "{\"pid\":$$,\"tid\":$$,\"contid\":null,\"hexid\":null}" ] && ok "get --hex --json unset: $got" || bad "get --hex --json unset: $got"

echo "== ps: the task in its container with its network namespace"
"$C" ps --contid 123456 > "$T/ps.txt"; cat "$T/ps.txt"
ns=$(stat -L -c %i /proc/$child/ns/net)
head -n 1 "$T/ps.txt" | grep -E -q '^CONTID +HEXID +PID +TID +NETNS +COMM$' && ok "ps header" || bad "ps header: $(head -n 1 "$T/ps.txt")"
if grep -E -q "^123456 +000000000001e240 +$child +$child +$ns +sleep\$" "$T/ps.txt"; then ok "ps row for $child (netns $ns)"; else bad "ps row for $child"; fi
"$C" ps --json --contid 123456 > "$T/ps.json"
has "$T/ps.json" "{\"contid\":123456,\"pid\":$child,\"tid\":$child,\"netns\":$ns,\"comm\":\"sleep\"}" && ok "ps --json row" || { bad "ps --json row"; cat "$T/ps.json"; }
"$C" ps > "$T/psall.txt"
grep -E -q "^unset +- +1 +1 " "$T/psall.txt" && ok "ps lists pid 1 as unset" || bad "ps lists pid 1 as unset"

echo "== refusals"
"$C" set "$child" 654321 2> "$T/err"; rc=$?
want="contidctl: cannot set the container ID of $child: the task's container ID is already set (EEXIST)"
[ "$rc" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && ok "EEXIST: $want" || bad "EEXIST: rc=$rc $(cat "$T/err")"
# A parent of one: its sleep holds until killed (no deadline of its own).
sh -c 'sleep 100000 & echo $! > "$0"; wait' "$T/kid" &
parent=$!
lw_wait_child "$parent" sleep || bad "sh $parent never forked its sleep"
"$C" set "$parent" 777 2> "$T/err"; rc=$?
want="contidctl: cannot set the container ID of $parent: the task has children or threads (EBUSY)"
[ "$rc" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && ok "EBUSY: $want" || bad "EBUSY: rc=$rc $(cat "$T/err")"
# Its sleep first (it would outlive it), then the sh.
kill "$(cat "$T/kid")" "$parent" 2>/dev/null
# The shell execs contidctl: it targets itself.
sh -c 'exec '"$C"' set $$ 778' 2> "$T/err"; rc=$?
grep -q "^contidctl: cannot set the container ID of [0-9]*: permission denied: the caller lacks CAP_AUDIT_CONTROL, or the task is the caller or a kernel thread (EPERM)\$" "$T/err" && [ "$rc" = 1 ] &&
	ok "EPERM (self): $(cat "$T/err")" || bad "EPERM: rc=$rc $(cat "$T/err")"
"$C" set 4000000 5 2> "$T/err"; rc=$?
want="contidctl: cannot set the container ID of 4000000: no such task (ESRCH)"
[ "$rc" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && ok "ESRCH" || bad "ESRCH: rc=$rc $(cat "$T/err")"
"$C" set "$child" 18446744073709551615 2> "$T/err"; rc=$?
[ "$rc" = 2 ] && ok "unset value is a usage error" || bad "unset value: rc=$rc"

# The last record expected: the EEXIST attempt's (res=0).  Every check
# below is of a record that must be there, so waiting for it is the end.
lw_wait "events --json to print the EEXIST attempt's record (opid $child, contid 654321)" \
	"grep -F '\"opid\":\"$child\"' '$T/ev.json' | grep -F -q '\"contid\":\"654321\"'" \
	"lw_files '$T/ev.json'; lw_tasks $evpid; lw_audit_sock $evpid; lw_audit_status backlog" ||
	bad "events --json never printed the EEXIST attempt's record"
kill -TERM "$evpid"
wait "$evpid"; rc=$?
[ "$rc" = 0 ] && ok "events: SIGTERM -> exit 0" || bad "events exit $rc"
# The AUDIT_CONTAINER record: op=set ... opid=$child old-contid=UNSET contid=123456 res=1
if grep -F "\"type\":\"CONTAINER\"" "$T/ev.json" | grep -F "\"opid\":\"$child\"" |
   grep -F "\"old-contid\":\"18446744073709551615\",\"contid\":\"123456\",\"res\":\"1\"" |
   grep -F -q "\"op\":\"set\""; then
	ok "events --json: CONTAINER op=set opid=$child old-contid=18446744073709551615 contid=123456 res=1"
else
	bad "no CONTAINER op=set record for $child"; cat "$T/ev.json" "$T/ev.err"
fi
grep -F "\"opid\":\"$child\"" "$T/ev.json" | grep -F "\"contid\":\"654321\"" | grep -F -q "\"res\":\"0\"" &&
	ok "events --json: the EEXIST attempt logged res=0" || bad "no res=0 record for the EEXIST attempt"
grep -F "\"contid\":[\"123456\"]" "$T/ev.json" | grep -F -q "\"opid\":\"$child\"" &&
	ok "event contid list [123456]" || bad "event contid list"

kill "$child" 2>/dev/null; wait "$child" 2>/dev/null
rm -rf "$T"
[ "$fails" = 0 ] && echo "PASS: live_cli_set_get" || { echo "FAIL: live_cli_set_get: $fails check(s)"; exit 1; }
