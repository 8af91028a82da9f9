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
# gone NAME RUNTIME...: RUNTIME has no state of NAME, does not list it,
# and there is no cgroup of it.
gone() {
	n=$1; shift
	"$@" state "$n" > /dev/null 2>&1 && bad "$n: $1 has a state" || ok "$n: $1 has no state"
	"$@" list -q 2>/dev/null | grep -q -x -F "$n" && bad "$n: listed by $1 list" || ok "$n: not in $1 list"
	[ -d "/sys/fs/cgroup/$n" ] && bad "$n: a cgroup" || ok "$n: no cgroup"
}
# descendants PID: the tasks below PID, three generations deep.
descendants() {
	for g in 1 2 3; do
		# shellcheck disable=SC2046 # pids, one word each
		set -- "$1" $(for d in /proc/[0-9]*; do
			pp=$(awk '{ print $4 }' "$d/stat" 2>/dev/null)
			for p in "$@"; do [ "$pp" = "$p" ] && echo "${d#/proc/}"; done
		done | sort -u)
	done
	shift; echo "$@"
}
# end_wait WHAT FILE: wait for $tp, whose output is FILE, to end
# (progress: FILE grows, its tasks move); st is its status.  When nothing
# moves, show where its tasks are, kill them, st 124.
end_wait() {
	if lw_wait "$1 to end" "lw_exited $tp" "lw_files '$2'; lw_tasks $tp \$(descendants $tp)"; then
		wait "$tp"; st=$?
		return
	fi
	echo "$1 did not end; its output: $(od -A n -c "$2" | head -n 5)"
	for d in $tp $(descendants "$tp"); do
		echo "  $d $(cat "/proc/$d/comm") ppid $(awk '{ print $4, "state", $3, "utime", $14 }' "/proc/$d/stat") wchan $(cat "/proc/$d/wchan" 2>/dev/null)"
	done
	# shellcheck disable=SC2046 # pids, one word each
	kill -KILL $(descendants "$tp") "$tp"
	wait "$tp"; st=124
}
# passthrough NAME "RUNTIME" WRAPPER...: foreground execs into the running
# container NAME, each through the wrapper (WRAPPER... exec) and through
# the RUNTIME command alone (its words), which must give the same: stdin
# to the process, a terminal (-t: the runtime makes the container's pty
# and copies it to the caller's terminal, which contid-live-pty gives),
# and TERM sent to the wrapper (or the runtime) while the process waits.
# Status and output exactly.
passthrough() {
	n=$1 rt=$2; shift 2
	out=$(printf 'line one\nline two\n' | "$@" exec "$n" /bin/sh -c 'cat; exit 4' 2> "$T/in.err"); rc=$?
	[ "$rc" = 4 ] && [ "$out" = "line one
line two" ] && [ ! -s "$T/in.err" ] && ok "$* exec $n: stdin to the process, its stdout and status 4" ||
		bad "$* exec $n, stdin: status $rc, stdout '$out', stderr '$(cat "$T/in.err")'"
	# A terminal: contid-live-pty gives the caller one (runc's foreground
	# "exec -t" opens /dev/tty; the guest's programs have none).
	tty_cmd='test -t 0 && test -t 1 && echo "a tty"; exit 3'
	# shellcheck disable=SC2086 # the runtime's command, in words
	contid-live-pty $rt exec -t "$n" /bin/sh -c "$tty_cmd" > "$T/tty.rt" 2>&1 < /dev/null & tp=$!
	end_wait "exec -t through $rt alone" "$T/tty.rt"; rc_rt=$st
	contid-live-pty "$@" exec -t "$n" /bin/sh -c "$tty_cmd" > "$T/tty.w" 2>&1 < /dev/null & tp=$!
	end_wait "exec -t through the wrapper" "$T/tty.w"; rc=$st
	# crun leaves the terminals' output processing on (LF written as CR
	# LF), runc sets the caller's terminal raw: the same bytes both ways,
	# the line "a tty" either way.
	[ "$rc_rt" = 3 ] && [ "$(tr -d '\r' < "$T/tty.rt")" = "a tty" ] &&
		ok "$rt exec -t $n alone: a terminal, 'a tty', status 3: $(od -A n -c "$T/tty.rt")" ||
		bad "$rt exec -t $n alone: status $rc_rt, output '$(cat "$T/tty.rt")'"
	[ "$rc" = 3 ] && cmp -s "$T/tty.rt" "$T/tty.w" &&
		ok "$* exec -t $n: the process's stdin and stdout are a terminal, status 3, the bytes $rt alone gives" ||
		bad "$* exec -t $n: status $rc, output '$(od -A n -c "$T/tty.w")', want 3 and the bytes of $rt alone"
	sig_w='' sig_rt=''
	for how in w rt; do
		rm -f "$R/data/ready-$how"
		# shellcheck disable=SC2086 # the runtime's command, in words
		[ "$how" = w ] || set -- $rt
		# No child of its own outlives it: runc's foreground exec does not
		# end while one does (a "sleep & wait" shell that got TERM and
		# exited left runc waiting; crun returned).
		"$@" exec "$n" /bin/sh -c "trap 'echo got TERM; exit 9' TERM; echo ready > /data/ready-$how; while :; do sleep 1; done" \
			> "$T/sig.$how" 2>&1 < /dev/null &
		sp=$!
		lw_wait "$n: the exec'd shell ($how) ready" "[ -f '$R/data/ready-$how' ]" "lw_tasks $sp" ||
			bad "$n: the exec'd shell ($how) never ready"
		kill -TERM "$sp"; tp=$sp
		end_wait "the exec ($how) sent TERM" "$T/sig.$how"
		if [ "$how" = w ]; then sig_w=$st; else sig_rt=$st; fi
	done
	echo "exec, TERM to $rt alone: status $sig_rt, output '$(cat "$T/sig.rt")'"
	[ "$sig_w" = "$sig_rt" ] && cmp -s "$T/sig.rt" "$T/sig.w" && [ "$sig_w" = 9 ] &&
		ok "TERM to the wrapper's exec: the process got it, status 9, output 'got TERM', as $rt alone" ||
		bad "TERM to the wrapper's exec: status $sig_w, output '$(cat "$T/sig.w")'; $rt alone: $sig_rt '$(cat "$T/sig.rt")'"
}
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
events_follow "$T/ev.json"

echo "== contid-crun run, exec"
# The name files (docs/oci-hook.md, "Names in contidctl ps"): written where
# /run/contid exists, removed by the wrapper's delete.
mkdir /run/contid
bundle wc1 "sleep 100000 & wait" "" "\"$A\": \"7001\", \"$N\": \"wrapbox1\""
bundle wc2 "sleep 100000 & wait" "" "\"$A\": \"7002\""
for c in wc1 wc2; do
	wcrun run --no-pivot --no-new-keyring --detach --bundle "$T/$c" "$c" > "$T/run.$c" 2>&1 &&
		ok "contid-crun run $c" || bad "contid-crun run $c: $(cat "$T/run.$c")"
done
want="virt=oci contid=7001 runtime=\"crun\" by=\"wrapper\" id=\"wc1\" bundle=\"$T/wc1\" vm=\"wrapbox1\" image=? pod=? namespace=? container=?"
[ "$(cat /run/contid/7001 2>&1)" = "$want" ] && ok "/run/contid/7001: $want" ||
	bad "/run/contid/7001: '$(cat /run/contid/7001 2>&1)', want '$want'"
[ -f /run/contid/7002 ] && ok "/run/contid/7002 written" || bad "no /run/contid/7002"
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
events_end "$T/ev.json" contid-oci-wrapper-end
caught_once "$T/ev.json" k 7001 /data/wrapper-known wc1 "wc2 (7002)"
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
# A bad annotation: refused before the runtime starts.
bundle wcbad "sleep 100000 & wait" "" "\"$A\": \"12x\""
wcrun run --no-pivot --no-new-keyring --detach --bundle "$T/wcbad" wcbad > "$T/run.wcbad" 2>&1 < /dev/null; rc=$?
want="contidctl: runtime: run: $T/wcbad/config.json: invalid container ID '12x' in the annotation $A: not a decimal or 0x hex number"
[ "$rc" = 1 ] && [ "$(cat "$T/run.wcbad")" = "$want" ] && ok "contid-crun run wcbad (annotation 12x) -> 1: $want" ||
	bad "contid-crun run wcbad -> $rc '$(cat "$T/run.wcbad")', want '$want'"
gone wcbad /usr/bin/crun --cgroup-manager=cgroupfs
# The real runtime not found: a wrapper named for a runtime that is nowhere.
ln -s /usr/sbin/contidctl "$T/contid-nosuchrt"
"$T/contid-nosuchrt" run --detach --bundle "$T/wcbad" wcnone > "$T/run.wcnone" 2>&1 < /dev/null; rc=$?
want="contidctl: runtime: cannot find the real runtime 'nosuchrt' in /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin (set CONTID_RUNTIME_PATH)"
[ "$rc" = 1 ] && [ "$(cat "$T/run.wcnone")" = "$want" ] && ok "contid-nosuchrt run -> 1: $want" ||
	bad "contid-nosuchrt run -> $rc '$(cat "$T/run.wcnone")', want '$want'"
after=$(foreign_tasks | sort -n | tr '\n' ' ')
[ "$before" = "$after" ] && ok "the failures left no container task" || bad "tasks before '$before', after '$after'"

echo "== contid-crun exec: stdin, a terminal, a signal; kill, delete"
passthrough wc1 "/usr/bin/crun --cgroup-manager=cgroupfs" "$W" --cgroup-manager=cgroupfs

echo "== contid-crun delete: the name file goes once crun deleted the container"
"$W" --cgroup-manager=cgroupfs delete wc1 > "$T/del.wc1" 2>&1; rc=$?
/usr/bin/crun --cgroup-manager=cgroupfs delete wc1 > "$T/del.direct" 2>&1; rc2=$?
[ "$rc" != 0 ] && [ "$rc" = "$rc2" ] && [ "$(cat "$T/del.wc1")" = "$(cat "$T/del.direct")" ] &&
	ok "contid-crun delete wc1 (running) -> $rc, crun's own words: $(cat "$T/del.wc1")" ||
	bad "contid-crun delete wc1 (running) -> $rc '$(cat "$T/del.wc1")'; crun alone -> $rc2 '$(cat "$T/del.direct")'"
[ -f /run/contid/7001 ] && ok "a failed delete keeps /run/contid/7001" || bad "/run/contid/7001 gone after a failed delete"
"$W" --cgroup-manager=cgroupfs kill wc1 KILL > "$T/kill.wc1" 2>&1 && [ ! -s "$T/kill.wc1" ] &&
	ok "contid-crun kill wc1 KILL" || bad "contid-crun kill wc1: $(cat "$T/kill.wc1")"
/usr/bin/crun kill wc2 KILL
lw_wait "wc1's and wc2's tasks to end after kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks ||
	bad "tasks left: $(foreign_tasks)"
"$W" --cgroup-manager=cgroupfs delete wc1 > "$T/del.wc1" 2>&1; rc=$?
[ "$rc" = 0 ] && [ ! -s "$T/del.wc1" ] && ok "contid-crun delete wc1 -> 0, quiet" || bad "contid-crun delete wc1 -> $rc: $(cat "$T/del.wc1")"
[ ! -e /run/contid/7001 ] && ok "/run/contid/7001 removed by the wrapper's delete" || bad "/run/contid/7001 still there"
gone wc1 /usr/bin/crun --cgroup-manager=cgroupfs
/usr/bin/crun --cgroup-manager=cgroupfs delete wc2 || bad "crun delete wc2"
[ -f /run/contid/7002 ] && ok "crun alone (no wrapper) deleting wc2 leaves /run/contid/7002" || bad "/run/contid/7002 gone"
rm -f /run/contid/7002

for c in wc1 wc2; do /usr/bin/crun kill "$c" KILL > /dev/null 2>&1; done
/usr/bin/crun kill wcmiss KILL > /dev/null 2>&1 # there only after a failure above
lw_wait "wc1's and wc2's tasks to end after crun kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks ||
	bad "tasks left: $(foreign_tasks)"
for c in wc1 wc2 wcmiss; do /usr/bin/crun --cgroup-manager=cgroupfs delete -f "$c" > /dev/null 2>&1; done

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
want="virt=oci contid=7004 runtime=\"runc\" by=\"wrapper\" id=\"wr1\" bundle=\"$T/wr1\" vm=? image=? pod=? namespace=? container=?"
[ "$(cat /run/contid/7004 2>&1)" = "$want" ] && ok "/run/contid/7004: $want" ||
	bad "/run/contid/7004: '$(cat /run/contid/7004 2>&1)', want '$want'"

echo "== contid-runc: an openat rule on wr1's ID, wr2 (7006) beside it"
bundle wr2 "sleep 100000 & wait" "" "\"$A\": \"7006\""
"$WR" run --no-pivot --no-new-keyring --detach --bundle "$T/wr2" wr2 > "$T/run.wr2" 2>&1 < /dev/null; rc=$?
[ "$rc" = 0 ] && [ ! -s "$T/run.wr2" ] && ok "contid-runc run wr2 -> 0" || bad "contid-runc run wr2 -> $rc: $(cat "$T/run.wr2")"
p2=$(pid_of wr2 runc)
f=$(cat "/proc/${p2:-0}/containerid" 2>&1)
[ "$f" = 7006 ] && ok "wr2: init has 7006" || bad "wr2: init (pid '$p2') has '$f'"
echo known > "$R/data/runc-known"
KRULE2="-a always,exit -F arch=b64 -S openat -F path=$R/data/runc-known -F contid=7004 -k kr"
"$C" rule add -- $KRULE2 || bad "rule add -- $KRULE2"
events_follow "$T/ev2.json"
for c in wr1 wr2; do
	out=$("$WR" exec "$c" /bin/cat /data/runc-known 2>&1); rc=$?
	[ "$rc" = 0 ] && [ "$out" = known ] && ok "contid-runc exec $c cat: known" || bad "contid-runc exec $c cat: $rc '$out'"
done
events_end "$T/ev2.json" contid-oci-runc-end
caught_once "$T/ev2.json" kr 7004 /data/runc-known wr1 "wr2 (7006)"
"$C" rule del -- $KRULE2 || bad "rule del -- $KRULE2"

echo "== contid-runc exec: stdin, a terminal, a signal"
passthrough wr1 /usr/sbin/runc "$WR"

echo "== contid-runc failures"
bundle wrbad "sleep 100000 & wait" "" "\"$A\": \"12x\""
before=$(foreign_tasks | sort -n | tr '\n' ' ')
"$WR" run --no-pivot --no-new-keyring --detach --bundle "$T/wrbad" wrbad > "$T/run.wrbad" 2>&1 < /dev/null; rc=$?
want="contidctl: runtime: run: $T/wrbad/config.json: invalid container ID '12x' in the annotation $A: not a decimal or 0x hex number"
[ "$rc" = 1 ] && [ "$(cat "$T/run.wrbad")" = "$want" ] && ok "contid-runc run wrbad (annotation 12x) -> 1: $want" ||
	bad "contid-runc run wrbad -> $rc '$(cat "$T/run.wrbad")', want '$want'"
gone wrbad runc
# runc's line starts with its clock (time="..."): compared without it.
notime() { sed 's/^time="[^"]*" //'; }
runcsays=$(runc state nosuch 2>&1 | notime)
want="$runcsays
contidctl: runtime: exec: cannot find container nosuch: '/usr/sbin/runc state' failed (exit status 1)"
out=$("$WR" exec nosuch /bin/true 2>&1); rc=$?
out=$(printf '%s\n' "$out" | notime)
[ "$rc" = 1 ] && [ "$out" = "$want" ] && ok "contid-runc exec nosuch -> 1: $(echo "$out" | tr '\n' '|')" ||
	bad "contid-runc exec nosuch -> $rc: '$out', want '$want'"
CONTID_RUNTIME_PATH=/nonexistent/runc "$WR" run --no-pivot --no-new-keyring --detach --bundle "$T/wr2" wrmiss \
	> "$T/run.wrmiss" 2>&1 < /dev/null; rc=$?
want="contidctl: runtime: cannot execute the real runtime '/nonexistent/runc': No such file or directory (ENOENT)"
[ "$rc" = 1 ] && [ "$(cat "$T/run.wrmiss")" = "$want" ] && ok "CONTID_RUNTIME_PATH=/nonexistent/runc contid-runc run -> 1: $want" ||
	bad "runc missing: -> $rc '$(cat "$T/run.wrmiss")', want '$want'"
gone wrmiss runc
after=$(foreign_tasks | sort -n | tr '\n' ' ')
[ "$before" = "$after" ] && ok "the failures left no container task" || bad "tasks before '$before', after '$after'"

echo "== contid-runc kill, delete"
"$WR" kill wr1 KILL > "$T/kill.wr1" 2>&1 && [ ! -s "$T/kill.wr1" ] && ok "contid-runc kill wr1 KILL" ||
	bad "contid-runc kill wr1: $(cat "$T/kill.wr1")"
runc kill wr2 KILL; runc kill wr0 KILL > /dev/null 2>&1
lw_wait "wr1's and wr2's tasks to end after kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks ||
	bad "tasks left: $(foreign_tasks)"
"$WR" delete wr1 > "$T/del.wr1" 2>&1; rc=$?
[ "$rc" = 0 ] && [ ! -s "$T/del.wr1" ] && ok "contid-runc delete wr1 -> 0, quiet" || bad "contid-runc delete wr1 -> $rc: $(cat "$T/del.wr1")"
[ ! -e /run/contid/7004 ] && ok "/run/contid/7004 removed by the wrapper's delete" || bad "/run/contid/7004 still there"
gone wr1 runc
"$WR" delete wr2 || bad "contid-runc delete wr2"
runc delete -f wr0 > /dev/null 2>&1
left=$(ls -A /run/contid)
[ -z "$left" ] && ok "no name file left" || bad "name files left: $left"
rm -rf /run/contid

rm -rf "$T" "$R/data/wrapper-known" "$R/data/runc-known" "$R"/data/ready-*
[ "$fails" = 0 ] && echo "PASS: live_oci_wrapper" || { echo "FAIL: live_oci_wrapper: $fails check(s)"; exit 1; }
