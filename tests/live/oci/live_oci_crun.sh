#!/bin/sh
# Debian's crun runs busybox containers whose config.json has contidctl
# oci-hook at createRuntime (docs/oci-hook.md), on the patched kernel:
#  - every task of each container carries its ID, read from outside
#    (/proc/PID/containerid, contidctl get, contidctl ps), and no other task
#    does;
#  - the IDs: two engine-style 64-hex ids (their first 16 digits), two
#    annotations, one name (FNV-1a), all distinct as expected;
#  - a "rule add --contid" rule catches a write inside container 1, not
#    container 2's (caught by its own rule), each event with CONTAINER_INFO
#    op=task contid= of its container;
#  - the hook run twice: the second finds the ID held and succeeds;
#  - the hook refusing (bad annotation, ID already set, no "pid", malformed
#    state, a kernel without container IDs) makes "crun run" fail, naming
#    the hook that failed, the hook's stderr is its exact one-line message
#    (crun sends it to the file of the run.oci.hooks.stderr annotation),
#    and no container process remains.
#
# crun's options, and why:
#  --no-pivot         the guest's root is the initramfs (rootfs), which
#                     pivot_root(2) refuses; crun then chroots instead.
#  --no-new-keyring   the guest kernel has no CONFIG_KEYS (kernel/config/
#                     base.config takes only what the tests need).
#  --cgroup-manager=cgroupfs  no systemd in the guest: crun makes each
#                     container's cgroup in the cgroup2 hierarchy mounted
#                     below (the kernel has CONFIG_CGROUPS, no controllers).
#  --detach           the test reads the containers from outside while they
#                     run.
C=${CONTIDCTL:-/usr/sbin/contidctl}
. /usr/share/contid/oci/lib.sh
crun() { /usr/bin/crun --cgroup-manager=cgroupfs "$@"; }
run() { crun run --no-pivot --no-new-keyring --detach "$@"; }
echo "== $(grep ^crun /usr/share/contid/oci/version)"

HOOK='{"path": "/usr/sbin/contidctl", "args": ["contidctl", "oci-hook"]}'
state_pid() { pid_of "$1" crun; }
# check NAME ID HEX: the container runs, its three tasks (sh, two sleeps)
# all carry ID, and contidctl ps lists exactly those tasks with ID.
check() {
	name=$1 id=$2 hex=$3
	pid=$(state_pid "$name")
	[ -n "$pid" ] || { bad "$name: no pid in crun state: $(crun state "$name" 2>&1)"; return; }
	lw_wait "$name: 3 tasks in the pid namespace of $pid" '[ "$(ns_tasks "$pid" | wc -l)" -ge 3 ]' \
		'ns_tasks "$pid"; lw_tasks "$pid"'
	tasks=$(ns_tasks "$pid" | tr '\n' ' ')
	[ "$(echo $tasks | wc -w)" = 3 ] && ok "$name: 3 tasks in its pid namespace: $tasks" ||
		bad "$name: tasks in its pid namespace: '$tasks'"
	n=0
	for p in $tasks; do
		f=$(cat "/proc/$p/containerid" 2>&1)
		g=$("$C" get "$p" 2>&1)
		h=$("$C" get --hex "$p" 2>&1)
		if [ "$f" = "$id" ] && [ "$g" = "$id" ] && [ "$h" = "$hex" ]; then
			n=$((n + 1))
		else
			bad "$name: task $p ($(cat /proc/$p/comm)): /proc containerid '$f', get '$g', get --hex '$h', want $id $hex"
		fi
	done
	[ "$n" = 3 ] && ok "$name: every task has $id ($hex) in /proc/PID/containerid, get and get --hex"
	ps=$("$C" ps --contid "$id" | awk -v id="$id" -v hex="$hex" '$1 == id && $2 == hex { print $3 }' | sort -n | tr '\n' ' ')
	[ "$ps" = "$tasks" ] && ok "$name: contidctl ps --contid $id lists exactly its tasks" ||
		bad "$name: contidctl ps --contid $id lists '$ps', its tasks are '$tasks'"
	[ -f "$R/data/$name" ] && ok "$name: wrote /data/$name" || bad "$name: no /data/$name"
	[ -f "$T/$name.hook-err" ] && [ ! -s "$T/$name.hook-err" ] && ok "$name: the hook ran, quiet" ||
		bad "$name: the hook's stderr: $(cat "$T/$name.hook-err" 2>&1)"
}

ID1=0123456789abcdef0000000000000000000000000000000000000000000000c1
ID2=fedcba98765432100000000000000000000000000000000000000000000000c2
A=org.linux-audit.containerid
rm -f "$R"/data/*
bundle "$ID1" "$(prog "$ID1")" "$HOOK"
bundle "$ID2" "$(prog "$ID2")" "$HOOK"
bundle ann42 "$(prog ann42)" "$HOOK" "\"$A\": \"42\""
bundle ann43 "$(prog ann43)" "$HOOK" "\"$A\": \"0x2b\""
bundle mybox "$(prog mybox)" "$HOOK"
# The hook twice: the second finds the ID init already holds and succeeds
# without writing (as after the runtime wrapper, docs/oci-hook.md).
bundle held "$(prog held)" "$HOOK, $HOOK"

echo "== rules on containers 1 and 2, events followed"
"$C" rule add --dir "$R/data" --perm wa --contid 81985529216486895 --key oci-w1 ||
	bad "rule add --contid 81985529216486895"
"$C" rule add --dir "$R/data" --perm wa --contid 18364758544493064720 --key oci-w2 ||
	bad "rule add --contid 18364758544493064720"
events_follow "$T/ev.json"

echo "== six containers"
for c in "$ID1" "$ID2" ann42 ann43 mybox held; do
	run --bundle "$T/$c" "$c" > "$T/run.$c" 2>&1 && ok "crun run $c" ||
		bad "crun run $c: $(cat "$T/run.$c")"
done
check "$ID1" 81985529216486895 0123456789abcdef
check "$ID2" 18364758544493064720 fedcba9876543210
check ann42 42 000000000000002a
check ann43 43 000000000000002b
check mybox 8172591724613037108 716ae0df8fdb6c34
check held 763646887640320190 0a9904cc5fa248be
# The IDs above are six distinct values: two containers never share one.
g=$("$C" get $$)
[ "$g" = unset ] && ok "the test's shell (crun's parent) has no ID" || bad "the test's shell has '$g'"
# The containers run in cgroups of their own, under the cgroupfs manager.
pid=$(state_pid mybox)
cg=$(cat "/proc/$pid/cgroup")
[ "$cg" != "0::/" ] && ok "mybox in cgroup $cg" || bad "mybox cgroup '$cg'"

# The containers wrote /data/NAME before their three tasks were there
# (check): a marker sent now comes after every record of those writes, so
# the checks below, the "did not catch" one too, see them all.
events_end "$T/ev.json" contid-oci-events-end
grep -F '"key":"oci-w1"' "$T/ev.json" > "$T/w1"
grep -F '"key":"oci-w2"' "$T/ev.json" > "$T/w2"
if [ -s "$T/w1" ] && grep -F '"type":"CONTAINER_INFO"' "$T/w1" | grep -F -q '"text":"op=task contid=81985529216486895"' &&
   grep -F -q "/data/$ID1" "$T/w1"; then
	ok "the contid rule caught container 1's write to /data/$ID1: CONTAINER_INFO op=task contid=81985529216486895"
else
	bad "no oci-w1 event for container 1's write"; cat "$T/ev.json" "$T/ev.err"
fi
grep -F -v '"text":"op=task contid=81985529216486895"' "$T/w1" | grep -q . &&
	{ bad "an oci-w1 event without op=task contid=81985529216486895:"; grep -F -v 'contid=81985529216486895' "$T/w1"; } ||
	ok "every oci-w1 event is container 1's ($(wc -l < "$T/w1"))"
grep -F -q "/data/$ID2" "$T/w1" && bad "the rule on container 1 caught container 2's write" ||
	ok "the rule on container 1 did not catch container 2's write"
if grep -F '"type":"CONTAINER_INFO"' "$T/w2" | grep -F -q '"text":"op=task contid=18364758544493064720"' &&
   grep -F -q "/data/$ID2" "$T/w2"; then
	ok "container 2's write caught by its own rule: CONTAINER_INFO op=task contid=18364758544493064720"
else
	bad "no oci-w2 event for container 2's write"; cat "$T/w2"
fi
"$C" rule del --dir "$R/data" --perm wa --contid 81985529216486895 --key oci-w1 || bad "rule del oci-w1"
"$C" rule del --dir "$R/data" --perm wa --contid 18364758544493064720 --key oci-w2 || bad "rule del oci-w2"

for c in "$ID1" "$ID2" ann42 ann43 mybox held; do
	crun kill "$c" KILL
done
lw_wait "the containers' tasks to end after crun kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks
for c in "$ID1" "$ID2" ann42 ann43 mybox held; do
	crun delete -f "$c" || bad "crun delete $c"
done
[ -z "$(foreign_tasks)" ] && ok "the containers are gone" || bad "tasks left: $(foreign_tasks)"

echo "== the hook refuses: crun run fails with its one line, nothing remains"
# refused NAME HOOKPATH WANT: crun run NAME fails, saying the hook
# HOOKPATH failed, the hook's stderr is the one line WANT (PID in WANT
# stands for the container's pid, which must be gone, COL for the length
# of the state in $T/state.NAME), and no container task, state or cgroup
# remains.
refused() {
	name=$1 hook=$2 want=$3
	run --bundle "$T/$name" "$name" > "$T/run.$name" 2>&1; rc=$?
	line=$(cat "$T/$name.hook-err")
	crunsays="error executing hook \`$hook\` (exit code: 1)"
	grep -F -x -q "$crunsays" "$T/run.$name" && ok "crun run $name: $crunsays" ||
		bad "crun run $name: no '$crunsays' in: $(cat "$T/run.$name")"
	p=$(echo "$line" | sed -n 's/.* (pid \([0-9]*\)) .*/\1/p')
	[ -n "$p" ] && want=$(echo "$want" | sed "s/(pid PID)/(pid $p)/")
	[ -f "$T/state.$name" ] && want=$(echo "$want" | sed "s/(line 1, column COL)/(line 1, column $(wc -c < "$T/state.$name"))/")
	if [ "$rc" != 0 ] && [ "$line" = "$want" ]; then
		ok "crun run $name -> $rc: $line"
	else
		bad "crun run $name -> $rc, want the hook's line: $want, got: $line"
	fi
	[ -z "$p" ] || { [ ! -d "/proc/$p" ] && ok "$name: its pid $p is gone" || bad "$name: pid $p still there"; }
	lw_wait "$name: its tasks to end" '[ -z "$(foreign_tasks)" ]' foreign_tasks
	[ -z "$(foreign_tasks)" ] && ok "$name: no container task remains" ||
		bad "$name: tasks remain: $(foreign_tasks)"
	crun state "$name" > /dev/null 2>&1 && { bad "$name: crun still has its state"; crun delete -f "$name"; } ||
		ok "$name: crun has no state for it"
	[ -d "/sys/fs/cgroup/$name" ] && bad "$name: its cgroup remains" || ok "$name: no cgroup left"
}
H='contidctl: oci-hook:'

# An annotation with the unset value.
bundle badann "$(prog badann)" "$HOOK" "\"$A\": \"18446744073709551615\""
refused badann "$C" "$H invalid container ID '18446744073709551615' in the annotation $A: the unset value is not a valid ID"

# The ID already set: the hook, then the hook given the state with another
# id ("twice2": another FNV-1a ID), whose write is refused.
cat > "$T/rename.sh" <<EOF
sed 's/"id" *: *"twice"/"id":"twice2"/' | exec $C oci-hook
EOF
bundle twice "$(prog twice)" "$HOOK, {\"path\": \"/bin/sh\", \"args\": [\"sh\", \"$T/rename.sh\"]}"
refused twice /bin/sh "$H cannot set the container ID of container twice2 (pid PID) to 8347220336043401267 (73d748ab8fc8a033): the task's container ID is already set (EEXIST)"
[ -z "$("$C" ps --contid 9872583898689742771 | awk '$1 == 9872583898689742771')" ] &&
	ok "twice: no task has its ID" || bad "twice: tasks with its ID remain"

# The state without "pid", and a malformed one (the closing brace cut):
# crun's state, edited by a wrapper on its way to the hook.
cat > "$T/nopid.sh" <<EOF
sed -e 's/"pid" *: *[0-9]* *, *//' -e 's/, *"pid" *: *[0-9]*//' | tee "$T/state.nopid" | exec $C oci-hook
EOF
cat > "$T/trunc.sh" <<EOF
s=\$(tr -d '\n'); s=\${s%\}}
printf %s "\$s" > "$T/state.trunc"
printf %s "\$s" | exec $C oci-hook
EOF
bundle nopid "$(prog nopid)" "{\"path\": \"/bin/sh\", \"args\": [\"sh\", \"$T/nopid.sh\"]}"
refused nopid /bin/sh "$H the state has no \"pid\" (the hook runs at createRuntime, once the container's process exists)"
grep -q '"id"' "$T/state.nopid" && ! grep -q '"pid"' "$T/state.nopid" &&
	ok "nopid: the hook got crun's state without \"pid\"" || bad "nopid: state $(cat "$T/state.nopid")"
bundle trunc "$(prog trunc)" "{\"path\": \"/bin/sh\", \"args\": [\"sh\", \"$T/trunc.sh\"]}"
# COL: the length of the state the hook got, one line (jansson counts from 0).
refused trunc /bin/sh "$H the state is not valid JSON: '}' expected near end of file (line 1, column COL)"

# A kernel without container IDs, as the hook sees it: in a mount
# namespace of its own, an empty directory over /proc/PID, so
# /proc/PID/containerid does not exist while /proc/PID does.
mkdir -p "$T/empty"
cat > "$T/nokernel.sh" <<EOF
s=\$(cat)
p=\$(printf %s "\$s" | tr -d '\n ' | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')
printf %s "\$s" | exec unshare -m sh -c "mount --bind $T/empty /proc/\$p && exec $C oci-hook"
EOF
bundle nokernel "$(prog nokernel)" "{\"path\": \"/bin/sh\", \"args\": [\"sh\", \"$T/nokernel.sh\"]}"
refused nokernel /bin/sh "$H cannot set the container ID of container nokernel (pid PID) to 6292772031682922787 (57546ad280f94923): the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)"

[ -z "$(crun list -q 2>/dev/null)" ] && ok "crun list is empty" || bad "crun list: $(crun list)"
rm -rf "$T" "$R"/data/*
[ "$fails" = 0 ] && echo "PASS: live_oci_crun" || { echo "FAIL: live_oci_crun: $fails check(s)"; exit 1; }
