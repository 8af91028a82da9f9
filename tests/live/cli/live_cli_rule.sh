#!/bin/sh
# contidctl rule add/list/del and run, and the cover letter's second example
# with contidctl alone: a dir=/tmp perm=wa contid=123459 key=tmpcontainerid
# rule, a program started by "contidctl run --contid 123459", the event
# carrying CONTAINER_INFO op=task contid=123459 and the key.
C=${CONTIDCTL:-/usr/sbin/contidctl}
# Waits on progress, not on a clock (docs/testing.md, "Live waits");
# LIVEWAIT: where it is (the deb suite runs these in its Debian root).
. "${LIVEWAIT:-/usr/share/contid/livewait.sh}"
T=$(mktemp -d /tmp/live_cli.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
has() { grep -F -q -- "$2" "$1"; }
key=tmpcontainerid
rule="-a always,exit -S all -F dir=/tmp -F perm=wa -F contid=123459 -F key=$key"

echo "== example 2: rule add, run, event, rule del"
rm -f /tmp/$key
"$C" rule add --dir /tmp --perm wa --contid 123459 --key $key; rc=$?
[ "$rc" = 0 ] && ok "rule add -> 0" || bad "rule add -> $rc"
"$C" rule list > "$T/list"; cat "$T/list"
grep -F -x -q -- "$rule" "$T/list" && ok "rule list: $rule" || bad "rule list lacks: $rule"
"$C" --json rule list > "$T/list.json"
has "$T/list.json" "{\"list\":\"exit\",\"action\":\"always\",\"contid\":[123459],\"rule\":\"$rule\"}" &&
	ok "rule list --json" || { bad "rule list --json"; cat "$T/list.json"; }
"$C" rule add --dir /tmp --perm wa --contid 123459 --key $key 2> "$T/err"; rc=$?
want="contidctl: cannot add the rule '$rule': the rule already exists (EEXIST)"
[ "$rc" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && ok "EEXIST: $want" || bad "EEXIST: rc=$rc $(cat "$T/err")"

"$C" events --json --contid 123459 > "$T/ev.json" 2> "$T/ev.err" &
evpid=$!
lw_wait "contidctl events (pid $evpid) in the audit multicast group" \
	"lw_audit_ready $evpid multicast" "lw_tasks $evpid" || bad "events never joined the multicast group"
"$C" run --contid 123459 -- sh -c "echo > /tmp/$key"; rc=$?
[ "$rc" = 0 ] && ok "run --contid 123459 -> 0" || bad "run -> $rc"
# The event checked below must come: wait for its CONTAINER_INFO record.
lw_wait "events --json to print the CONTAINER_INFO op=task contid=123459 record" \
	"grep -F -q '\"text\":\"op=task contid=123459\"' '$T/ev.json'" \
	"lw_files '$T/ev.json'; lw_tasks $evpid; lw_audit_sock $evpid; lw_audit_status backlog" ||
	bad "events --json never printed the CONTAINER_INFO record"
kill -INT "$evpid"
wait "$evpid"; rc=$?
[ "$rc" = 0 ] && ok "events: SIGINT -> exit 0" || bad "events exit $rc"
if grep -F '"type":"CONTAINER_INFO"' "$T/ev.json" | grep -F '"text":"op=task contid=123459"' |
   grep -F -q "\"key\":\"$key\""; then
	ok "event with CONTAINER_INFO op=task contid=123459 and key $key"
else
	bad "no event with CONTAINER_INFO op=task contid=123459 and key $key"; cat "$T/ev.json" "$T/ev.err"
fi
grep -v -q '"contid":\["123459"\]' "$T/ev.json" && grep -v '"contid":\["123459"\]' "$T/ev.json" | grep -q '"stamp"' &&
	bad "the filter let through an event without 123459" || ok "every event carries 123459"

"$C" rule del --dir /tmp --perm wa --contid 123459 --key $key; rc=$?
[ "$rc" = 0 ] && ok "rule del -> 0" || bad "rule del -> $rc"
"$C" rule list > "$T/list"
grep -F -q -- "contid=123459" "$T/list" && bad "rule still listed" || ok "rule list no longer shows it"
"$C" rule del --dir /tmp --perm wa --contid 123459 --key $key 2> "$T/err"; rc=$?
want="contidctl: cannot delete the rule '$rule': no such rule (ENOENT)"
[ "$rc" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && ok "ENOENT: $want" || bad "ENOENT: rc=$rc $(cat "$T/err")"
rm -f /tmp/$key

echo "== rules contidctl did not add are listed too; -F and --syscall"
"$C" rule add --syscall openat --syscall unlinkat -F contid!=5 -F uid=0 -k other; rc=$?
[ "$rc" = 0 ] && ok "rule add --syscall -F" || bad "rule add --syscall -F -> $rc"
"$C" rule list > "$T/list"; cat "$T/list"
grep -F -x -q -- "-a always,exit -S openat,unlinkat -F contid!=5 -F uid=0 -F key=other" "$T/list" &&
	ok "listed with -S" || bad "rule with -S not listed as expected"
"$C" rule del --syscall openat --syscall unlinkat -F contid!=5 -F uid=0 -k other || bad "rule del of it"
# two keys: one key field joined with \001 (two key fields: EINVAL)
"$C" rule add --contid 98 -k a --key b; rc=$?
[ "$rc" = 0 ] && ok "rule add -k a --key b" || bad "rule add -k a --key b -> $rc"
"$C" rule list | grep -F -x -q -- "-a always,exit -S all -F contid=98 -F key=a -F key=b" &&
	ok "two keys listed as auditctl -l does" || bad "two keys not listed"
"$C" rule del --contid 98 -k a --key b || bad "rule del of the two-key rule"
# an auditctl rule as auditctl takes it, b32 names, listed back as auditctl -l
"$C" rule add -- -a always,exit -F arch=b32 -S chmod,fchmod,fchmodat -F contid=97 -k perm_mod; rc=$?
[ "$rc" = 0 ] && ok "rule add -- auditctl b32 rule" || bad "rule add -- auditctl b32 rule -> $rc"
"$C" rule list | grep -F -x -q -- "-a always,exit -F arch=b32 -S chmod,fchmod,fchmodat -F contid=97 -F key=perm_mod" &&
	ok "b32 rule listed with i386 names" || bad "b32 rule not listed as expected"
"$C" rule del -- -a always,exit -F arch=b32 -S chmod,fchmod,fchmodat -F contid=97 -k perm_mod || bad "rule del -- b32 rule"
"$C" rule add -- -w /etc/passwd -p wa -k identity && "$C" rule list | grep -F -x -q -- "-w /etc/passwd -p wa -k identity" &&
	ok "watch listed as -w" || bad "watch not listed as -w"
"$C" rule del -- -w /etc/passwd -p wa -k identity || bad "rule del of the watch"
"$C" rule add --list exclude -F msgtype=CWD -F contid=99 && "$C" rule list | grep -F -q -- "-a always,exclude -F msgtype=CWD -F contid=99" &&
	ok "exclude list rule" || bad "exclude list rule"
"$C" rule del --list exclude -F msgtype=CWD -F contid=99 || bad "rule del exclude"

echo "== run: exit status, signals, the ID before the first instruction"
got=$("$C" run --contid 4242 -- sh -c 'cat /proc/$$/containerid')
[ "$got" = 4242 ] && ok "run: the program sees its ID 4242" || bad "run: program saw '$got'"
"$C" run --contid 4243 sh -c 'exit 7'; rc=$?
[ "$rc" = 7 ] && ok "run: exit status 7 passed on" || bad "run: exit status $rc, want 7"
# SIGINT and SIGQUIT are not in the loop: a background job of a
# non-interactive shell starts with them ignored (POSIX), and so does the
# program contidctl runs, so "forwarded" cannot be seen from here (the CI
# run of 55284ff hung, then saw exit 0, on them).
for s in TERM HUP USR1 USR2; do
	"$C" run --contid 4244 -- sleep 100000 &
	rp=$!
	# The program runs (forked and exec'd): the signal is forwarded.
	lw_wait_child "$rp" sleep || bad "run $rp never started sleep"
	kill -$s "$rp"
	wait "$rp"; rc=$?
	n=$(kill -l "$s" 2>/dev/null)
	case $s in TERM) n=15;; INT) n=2;; HUP) n=1;; QUIT) n=3;; USR1) n=10;; USR2) n=12;; esac
	[ "$rc" = $((128 + n)) ] && ok "run: SIG$s forwarded, exit $rc" || bad "run: SIG$s: exit $rc, want $((128 + n))"
done
"$C" run --contid 4245 -- /nonexistent/prog 2> "$T/err"; rc=$?
[ "$rc" = 127 ] && ok "run: missing program -> 127" || bad "run missing program -> $rc $(cat "$T/err")"

rm -rf "$T"
[ "$fails" = 0 ] && echo "PASS: live_cli_rule" || { echo "FAIL: live_cli_rule: $fails check(s)"; exit 1; }
