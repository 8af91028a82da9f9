#!/bin/sh
# The runtime wrapper (docs/oci-hook.md) in front of Debian's crun and
# runc, no hook in config.json, on the patched kernel, read from outside:
#  - contid-crun run: the container's init and its child hold the ID of
#    the annotation; contid-crun exec: the exec'd process holds it too, its
#    stdout and exit status pass through exactly;
#  - one VIRT_MACHINE_ID mapping record (contidctl events --json) names the
#    container (runtime crun, by wrapper, its id, bundle and name), none
#    for the exec;
#  - an auditctl-style openat rule on the ID catches the exec'd process's
#    open of a file, not a second container's (another ID) open of it;
#  - contid-runc run: no EBUSY (runc's init has threads by createRuntime,
#    the wrapper sets the ID on runc itself), init and its child hold it;
#  - exec into a container that does not exist, and a real runtime that
#    does not exist: the exact messages, nothing left behind.
# The crun options are live_oci_crun's (see there).  runc: --no-pivot and
# --no-new-keyring for the same reasons; its cgroupfs manager is its
# default.
C=${CONTIDCTL:-/usr/sbin/contidctl}
. /usr/share/contid/oci/lib.sh
W=/usr/sbin/contid-crun
WR=/usr/sbin/contid-runc
wcrun() { "$W" --cgroup-manager=cgroupfs "$@"; }
A=org.linux-audit.containerid
N=org.linux-audit.containername
echo "== $(tr '\n' ' ' < /usr/share/contid/oci/version)"
for w in "$W" "$WR"; do
	[ "$(readlink "$w")" = contidctl ] && ok "$w -> contidctl" || bad "$w: $(ls -l "$w" 2>&1)"
done

echo "== events followed, an openat rule on container 7001"
rm -f "$R/data/wrapper-known"
echo known > "$R/data/wrapper-known"
# The rule names the file, so it catches exactly the opens of it: one by
# wc1's exec'd cat (7001); wc2's cat (7002) opens it too and must not count.
KRULE="-a always,exit -F arch=b64 -S openat -F path=$R/data/wrapper-known -F contid=7001 -k k"
"$C" rule add -- $KRULE || bad "rule add -- $KRULE"
"$C" events --json > "$T/ev.json" 2> "$T/ev.err" &
evpid=$!
lw_wait "contidctl events (pid $evpid) in the audit multicast group" \
	"lw_audit_ready $evpid multicast" "lw_tasks $evpid" || bad "events never joined the multicast group"

echo "== contid-crun run, exec"
bundle wc1 "sleep 100000 & wait" "" "\"$A\": \"7001\", \"$N\": \"wrapbox1\""
bundle wc2 "sleep 100000 & wait" "" "\"$A\": \"7002\""
for c in wc1 wc2; do
	wcrun run --no-pivot --no-new-keyring --detach --bundle "$T/$c" "$c" > "$T/run.$c" 2>&1 &&
		ok "contid-crun run $c" || bad "contid-crun run $c: $(cat "$T/run.$c")"
done
p1=$(pid_of wc1 /usr/bin/crun)
[ -n "$p1" ] || { bad "wc1: no pid in crun state"; p1=0; } # pid 0: no /proc/0, no task found
[ "$p1" = 0 ] || lw_wait "wc1's init and its sleep in the pid namespace of $p1" '[ "$(ns_tasks "$p1" | wc -l)" -ge 2 ]' \
	'ns_tasks "$p1"; lw_tasks "$p1"' || bad "wc1: tasks in its pid namespace: $(ns_tasks "$p1" | tr '\n' ' ')"
kid=$(ns_tasks "$p1" | grep -v -x "$p1" | head -n1)
wcrun exec -d --pid-file "$T/exec.pid" wc1 /bin/sleep 100000 > "$T/exec-d" 2>&1 &&
	ok "contid-crun exec -d wc1 sleep" || bad "contid-crun exec -d: $(cat "$T/exec-d")"
ex=$(cat "$T/exec.pid" 2>/dev/null)
for p in "$p1:init" "$kid:init's child" "$ex:the exec'd sleep"; do
	f=$(cat "/proc/${p%%:*}/containerid" 2>&1)
	[ "$f" = 7001 ] && ok "wc1: $p has 7001 in /proc/PID/containerid" ||
		bad "wc1: $p (pid '${p%%:*}'): /proc containerid '$f', want 7001"
done
# Foreground exec: stdout and the exit status exactly; it opens the file.
out=$(wcrun exec wc1 /bin/sh -c 'cat /data/wrapper-known; echo "out of exec"; exit 7' 2> "$T/exec.err"); rc=$?
[ "$rc" = 7 ] && [ "$out" = "known
out of exec" ] && [ ! -s "$T/exec.err" ] &&
	ok "contid-crun exec wc1: status 7, stdout exactly 'known' 'out of exec', no stderr" ||
	bad "contid-crun exec wc1: status $rc, stdout '$out', stderr '$(cat "$T/exec.err")'"
out=$(wcrun exec wc2 /bin/sh -c 'cat /data/wrapper-known' 2>&1); rc=$?
[ "$rc" = 0 ] && [ "$out" = known ] && ok "contid-crun exec wc2: reads the file" ||
	bad "contid-crun exec wc2: status $rc, '$out'"
p2=$(pid_of wc2 /usr/bin/crun)
f=$(cat "/proc/$p2/containerid" 2>&1)
[ "$f" = 7002 ] && ok "wc2: init has 7002" || bad "wc2: init (pid '$p2') has '$f'"
g=$("$C" get $$)
[ "$g" = unset ] && ok "the test's shell (the wrapper's parent) has no ID" || bad "the test's shell has '$g'"

# The records: wc1's open caught, wc2's not, one mapping record each.
# A marker sent now comes after every record of the runs and execs above
# (their records were queued before it), so what events printed up to it
# is all there is.
lw_marker contid-oci-wrapper-end || bad "contid-live-marker"
lw_wait "events --json to print the marker contid-oci-wrapper-end" \
	"grep -F -q contid-oci-wrapper-end '$T/ev.json'" "lw_files '$T/ev.json'; lw_tasks $evpid" ||
	bad "the marker never reached contidctl events"
kill -INT "$evpid"; wait "$evpid"
grep -F '"key":"k"' "$T/ev.json" > "$T/k"
if [ "$(wc -l < "$T/k")" = 1 ] && grep -F '"type":"CONTAINER_INFO"' "$T/k" | grep -F -q '"text":"op=task contid=7001"' &&
   grep -F '"type":"SYSCALL"' "$T/k" | grep -F -q '"comm":"cat"' && grep -F -q '"name":"/data/wrapper-known"' "$T/k"; then
	ok "the openat rule caught one event, wc1's exec'd cat opening /data/wrapper-known: CONTAINER_INFO op=task contid=7001; wc2's open (7002) not caught"
else
	bad "want one k event, wc1's cat (7001), got $(wc -l < "$T/k"):"; cat "$T/k" "$T/ev.err"
fi
grep -F '"type":"VIRT_MACHINE_ID"' "$T/ev.json" > "$T/map"
echo "the mapping records:"; cat "$T/map"
[ "$(wc -l < "$T/map")" = 2 ] && ok "two mapping records in all (wc1, wc2; none for the three execs)" ||
	bad "$(wc -l < "$T/map") mapping records, want 2 (wc1 and wc2)"
grep -F '"id":"wc1"' "$T/map" > "$T/map1"
[ "$(wc -l < "$T/map1")" = 1 ] && grep -F '"contid":"7001"' "$T/map1" | grep -F '"runtime":"crun"' |
	grep -F '"by":"wrapper"' | grep -F "\"bundle\":\"$T/wc1\"" | grep -F -q '"vm":"wrapbox1"' &&
	ok "one mapping record for wc1: contid 7001 runtime crun by wrapper id wc1 bundle $T/wc1 vm wrapbox1 (none for the execs)" ||
	bad "wc1's mapping records: $(cat "$T/map1")"
grep -F '"id":"wc2"' "$T/map" | grep -F '"contid":"7002"' | grep -F '"runtime":"crun"' | grep -F '"by":"wrapper"' |
	grep -F "\"bundle\":\"$T/wc2\"" | grep -F -q '"vm":"?"' &&
	ok "a mapping record for wc2: contid 7002 runtime crun by wrapper bundle $T/wc2 vm ? (no name)" ||
	bad "no mapping record for wc2 with contid 7002, runtime crun, by wrapper, bundle $T/wc2, vm ?"
"$C" rule del -- $KRULE || bad "rule del -- $KRULE"

echo "== failures"
before=$(foreign_tasks | sort -n | tr '\n' ' ')
crunsays=$(/usr/bin/crun --cgroup-manager=cgroupfs state nosuch 2>&1)
want="$crunsays
contidctl: runtime: exec: cannot find container nosuch: '/usr/bin/crun state' failed (exit status 1)"
out=$(wcrun exec nosuch /bin/true 2>&1); rc=$?
[ "$rc" = 1 ] && [ "$out" = "$want" ] && ok "exec nosuch -> 1: $(echo "$out" | tr '\n' '|')" ||
	bad "exec nosuch -> $rc: '$out', want '$want'"
bundle wcmiss "sleep 100000 & wait" "" "\"$A\": \"7003\""
# To a file, not $(...): a container started by mistake would hold a pipe
# open and the test would hang instead of failing.
CONTID_RUNTIME_PATH=/nonexistent/crun wcrun run --no-pivot --no-new-keyring --detach --bundle "$T/wcmiss" wcmiss \
	> "$T/run.wcmiss" 2>&1 < /dev/null; rc=$?
out=$(cat "$T/run.wcmiss")
want="contidctl: runtime: cannot execute the real runtime '/nonexistent/crun': No such file or directory (ENOENT)"
[ "$rc" = 1 ] && [ "$out" = "$want" ] && ok "CONTID_RUNTIME_PATH=/nonexistent/crun run -> 1: $out" ||
	bad "runtime missing: -> $rc '$out', want '$want'"
/usr/bin/crun state wcmiss > /dev/null 2>&1 && bad "wcmiss: crun has a state" || ok "wcmiss: crun has no state"
[ -d /sys/fs/cgroup/wcmiss ] && bad "wcmiss: a cgroup" || ok "wcmiss: no cgroup"
[ -z "$("$C" ps --contid 7003 | awk '$1 == 7003')" ] && ok "wcmiss: no task with 7003" || bad "wcmiss: tasks with 7003"
after=$(foreign_tasks | sort -n | tr '\n' ' ')
[ "$before" = "$after" ] && ok "the failures left no container task" || bad "tasks before '$before', after '$after'"

for c in wc1 wc2; do /usr/bin/crun kill "$c" KILL; done
/usr/bin/crun kill wcmiss KILL > /dev/null 2>&1 # there only after a failure above
lw_wait "wc1's and wc2's tasks to end after crun kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks ||
	bad "tasks left: $(foreign_tasks)"
for c in wc1 wc2; do /usr/bin/crun --cgroup-manager=cgroupfs delete -f "$c" || bad "crun delete $c"; done
/usr/bin/crun --cgroup-manager=cgroupfs delete -f wcmiss > /dev/null 2>&1

echo "== contid-runc run, exec; runc and the hook"
HOOK='{"path": "/usr/sbin/contidctl", "args": ["contidctl", "oci-hook"]}'
runc() { /usr/sbin/runc "$@"; }
# runc alone with the hook (no wrapper): what the wrapper is for.
bundle wr0 "sleep 100000 & wait" "$HOOK" "\"$A\": \"7005\""
# runc's init is a Go program with threads by createRuntime: the hook's
# write is refused (EBUSY) and runc fails, its error quoting the hook's
# stderr ("\n" for the newline).
runc run --no-pivot --no-new-keyring --detach --bundle "$T/wr0" wr0 > "$T/run.wr0" 2>&1 < /dev/null; rc=$?
p=$(sed -n 's/.*container wr0 (pid \([0-9]*\)).*/\1/p' "$T/run.wr0" | head -n1)
want="error running hook #0: error running hook: exit status 1, stdout: , stderr: contidctl: oci-hook: cannot set the container ID of container wr0 (pid $p) to 7005 (0000000000001b5d): the task has children or threads (EBUSY)\\n"
if [ "$rc" = 1 ] && [ -n "$p" ] && grep -F 'level=error msg="runc run failed: ' "$T/run.wr0" | grep -F -q "$want"; then
	ok "runc run wr0 with the hook, no wrapper -> 1, the hook refused: EBUSY (runc's init has threads)"
else
	bad "runc run wr0 (hook, no wrapper) -> $rc, want 1 and: $want; got: $(cat "$T/run.wr0")"
fi
[ -n "$p" ] && [ ! -d "/proc/$p" ] && ok "wr0: its pid $p is gone" || bad "wr0: pid '$p' still there"
runc state wr0 > /dev/null 2>&1 && bad "wr0: runc has its state" || ok "wr0: runc has no state for it"
[ -z "$("$C" ps --contid 7005 | awk '$1 == 7005')" ] && ok "wr0: no task with 7005" || bad "wr0: tasks with 7005"
# The wrapper and the hook: init already holds the ID, the hook succeeds
# without writing (runc's init has threads, a write would be EBUSY).
bundle wr1 "sleep 100000 & wait" "$HOOK" "\"$A\": \"7004\""
"$WR" run --no-pivot --no-new-keyring --detach --bundle "$T/wr1" wr1 > "$T/run.wr1" 2>&1 < /dev/null; rc=$?
[ "$rc" = 0 ] && [ ! -s "$T/run.wr1" ] && ok "contid-runc run wr1 (with the hook) -> 0, no output" ||
	bad "contid-runc run wr1 -> $rc: $(cat "$T/run.wr1")"
pr=$(pid_of wr1 runc)
# pid 0 when none: no wait then (an empty pid would make them read
# /proc//stat, which is /proc/stat, always moving), and no task found.
[ -n "$pr" ] || { bad "wr1: no pid in runc state: $(runc state wr1 2>&1)"; pr=0; }
[ "$pr" = 0 ] || lw_wait "wr1's init and its sleep in the pid namespace of $pr" '[ "$(ns_tasks "$pr" | wc -l)" -ge 2 ]' \
	'ns_tasks "$pr"; lw_tasks "$pr"' || bad "wr1: tasks in its pid namespace: $(ns_tasks "$pr" | tr '\n' ' ')"
"$WR" exec -d --pid-file "$T/rexec.pid" wr1 /bin/sleep 100000 > "$T/rexec-d" 2>&1 < /dev/null; rc=$?
[ "$rc" = 0 ] && ok "contid-runc exec -d wr1 sleep -> 0" || bad "contid-runc exec -d wr1 -> $rc: $(cat "$T/rexec-d")"
rex=$(cat "$T/rexec.pid" 2>/dev/null)
[ -n "$rex" ] || rex=0
[ "$pr" = 0 ] || lw_wait "wr1: the exec'd sleep $rex in the pid namespace of $pr" '[ "$(ns_tasks "$pr" | wc -l)" -ge 3 ]' \
	'ns_tasks "$pr"; lw_tasks "$pr"' || bad "wr1: tasks in its pid namespace: $(ns_tasks "$pr" | tr '\n' ' ')"
rtasks=$(ns_tasks "$pr" | tr '\n' ' ')
rcomms=$(for p in $rtasks; do cat "/proc/$p/comm"; done | sort | tr '\n' ' ')
[ "$rcomms" = "sh sleep sleep " ] && ok "wr1: 3 tasks, sh sleep sleep: $rtasks" || bad "wr1: tasks '$rtasks' ($rcomms), want sh, sleep, the exec'd sleep"
n=0
for p in $rtasks; do
	f=$(cat "/proc/$p/containerid" 2>&1)
	[ "$f" = 7004 ] && n=$((n + 1)) || bad "wr1: task $p ($(cat /proc/$p/comm)) has '$f', want 7004"
done
[ "$n" = 3 ] && echo " $rtasks " | grep -F -q " $rex " && ok "wr1: init, its sleep and the exec'd sleep ($rex) have 7004" ||
	bad "wr1: $n of 3 tasks with 7004, exec'd sleep '$rex' among '$rtasks'"
runc kill wr1 KILL; runc kill wr0 KILL > /dev/null 2>&1
lw_wait "wr1's tasks to end after runc kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks ||
	bad "wr1: tasks left: $(foreign_tasks)"
runc delete -f wr1 || bad "runc delete wr1"
runc delete -f wr0 > /dev/null 2>&1

rm -rf "$T" "$R/data/wrapper-known"
[ "$fails" = 0 ] && echo "PASS: live_oci_wrapper" || { echo "FAIL: live_oci_wrapper: $fails check(s)"; exit 1; }
