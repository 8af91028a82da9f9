#!/bin/sh
# contidctl oci-hook against the patched kernel, without a runtime: the
# hook is given states naming sleep tasks, as crun would at createRuntime
# (docs/oci-hook.md).  The ID chosen (hex prefix, hash, annotation), two
# containers with distinct IDs, and the kernel's refusals with their exact
# one-line messages and exit 1.
C=${CONTIDCTL:-/usr/sbin/contidctl}
# Waits on progress, not on a clock (docs/testing.md, "Live waits");
# LIVEWAIT: where it is (the deb suite runs these in its Debian root).
. "${LIVEWAIT:-/usr/share/contid/livewait.sh}"
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
A=org.linux-audit.containerid
ID1=0123456789abcdef0000000000000000000000000000000000000000000000aa
ID2=fedcba98765432100000000000000000000000000000000000000000000000bb

# hook WANT_RC WANT_STDERR STATE [ARGS...]
hook() {
	want_rc=$1 want_err=$2 st=$3
	shift 3
	printf '%s' "$st" | "$C" oci-hook "$@" > /tmp/hook.out 2> /tmp/hook.err
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$(cat /tmp/hook.err)" = "$want_err" ] && [ ! -s /tmp/hook.out ]; then
		ok "oci-hook $* -> $rc ${want_err:-(quiet)}"
	else
		bad "oci-hook $* < $st: want $want_rc '$want_err', got $rc '$(cat /tmp/hook.err)' out '$(cat /tmp/hook.out)'"
	fi
}

# The containers' tasks: they sleep until killed at the end, however slow
# the guest (no deadline of their own).
sleep 100000 & t1=$!
sleep 100000 & t2=$!
sleep 100000 & t3=$!
sleep 100000 & t4=$!
hook 0 "" '{"ociVersion":"1.0.2","id":"'$ID1'","status":"created","pid":'$t1',"bundle":"/b"}'
got=$("$C" get --hex "$t1")
[ "$got" = 0123456789abcdef ] && ok "container 1: get --hex = 0123456789abcdef" || bad "container 1: get --hex = '$got'"
got=$("$C" get "$t1")
[ "$got" = 81985529216486895 ] && ok "container 1: get = 81985529216486895" || bad "container 1: get = '$got'"
hook 0 "" '{"id":"'$ID2'","pid":'$t2'}'
got=$("$C" get --hex "$t2")
[ "$got" = fedcba9876543210 ] && ok "container 2: a distinct ID, fedcba9876543210" || bad "container 2: get --hex = '$got'"
hook 0 "" '{"id":"mybox","pid":'$t3'}'
got=$("$C" get "$t3")
[ "$got" = 8172591724613037108 ] && ok "a name: FNV-1a 64, 8172591724613037108" || bad "a name: get = '$got'"
hook 0 "" '{"id":"mybox","pid":'$t4',"annotations":{"'$A'":"0x2a"}}'
got=$("$C" get "$t4")
[ "$got" = 42 ] && ok "the annotation: 42" || bad "the annotation: get = '$got'"
"$C" ps --contid 81985529216486895 | grep -E -q "^81985529216486895 +0123456789abcdef +$t1 +$t1 " &&
	ok "ps: HEXID of container 1" || bad "ps: no row for container 1"

echo "== refusals: one line, exit 1, even with --allow-missing-kernel"
# The same ID again is what the runtime wrapper leaves (it set init's ID
# before the runtime ran): accepted, silent (docs/oci-hook.md).
hook 0 "" '{"id":"'$ID1'","pid":'$t1'}'
got=$("$C" get "$t1")
[ "$got" = 81985529216486895 ] && ok "container 1 again, same ID: accepted, get = 81985529216486895" ||
	bad "container 1 again: get = '$got'"
# Another ID on a task that has one: refused.
hook 1 "contidctl: oci-hook: cannot set the container ID of container $ID1 (pid $t1) to 7 (0000000000000007): the task's container ID is already set (EEXIST)" \
	'{"id":"'$ID1'","pid":'$t1',"annotations":{"'$A'":"7"}}'
hook 1 "contidctl: oci-hook: cannot set the container ID of container $ID1 (pid $t1) to 7 (0000000000000007): the task's container ID is already set (EEXIST)" \
	'{"id":"'$ID1'","pid":'$t1',"annotations":{"'$A'":"7"}}' --allow-missing-kernel
# A parent of one: its sleep holds until killed.
sh -c 'sleep 100000 & echo $! > "$0"; wait' /tmp/hook.kid & parent=$!
lw_wait_child "$parent" sleep || bad "sh $parent never forked its sleep"
hook 1 "contidctl: oci-hook: cannot set the container ID of container mybox (pid $parent) to 8172591724613037108 (716ae0df8fdb6c34): the task has children or threads (EBUSY)" \
	'{"id":"mybox","pid":'$parent'}'
kill "$(cat /tmp/hook.kid)" "$parent" 2>/dev/null
hook 1 "contidctl: oci-hook: cannot set the container ID of container mybox (pid 4000000) to 8172591724613037108 (716ae0df8fdb6c34): no such task (ESRCH)" \
	'{"id":"mybox","pid":4000000}'
# The hook targeting itself: the shell execs it with its own pid.  The
# cause's wording is contidctl set's, compared with what set prints.
sh -c 'exec '"$C"' set $$ 7' 2> /tmp/set.err
cause=$(sed 's/^contidctl: cannot set the container ID of [0-9]*: //' /tmp/set.err)
sh -c 'exec '"$C"' oci-hook <<EOF
{"id":"mybox","pid":$$}
EOF' 2> /tmp/hook.err; rc=$?
line=$(cat /tmp/hook.err)
case "$line" in
"contidctl: oci-hook: cannot set the container ID of container mybox (pid "*") to 8172591724613037108 (716ae0df8fdb6c34): $cause")
	case "$cause" in *"(EPERM)") [ "$rc" = 1 ] && ok "EPERM (self): $line" || bad "EPERM: rc $rc" ;;
	*) bad "set's EPERM cause: $cause" ;; esac ;;
*) bad "EPERM (self): rc $rc: $line" ;;
esac

kill "$t1" "$t2" "$t3" "$t4" 2>/dev/null
wait 2>/dev/null
rm -f /tmp/hook.out /tmp/hook.err /tmp/set.err
[ "$fails" = 0 ] && echo "PASS: live_cli_oci_hook" || { echo "FAIL: live_cli_oci_hook: $fails check(s)"; exit 1; }
