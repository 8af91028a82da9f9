#!/bin/sh
# Debian's podman 4.3 (as root, crun, vfs storage, no network) with the
# runtime wrapper configured by the shipped example itself
# (/usr/share/doc/contidctl/examples/podman-containers.conf copied to
# /etc/containers/containers.conf.d/contid.conf, docs/oci-hook.md), on the
# patched kernel, read from outside:
#  - podman runs crun through /usr/sbin/contid-crun (podman info);
#  - podman run -d of a busybox container with the annotation
#    org.linux-audit.containerid=7101, and of one without (its ID the
#    first 16 hex digits of podman's 64-hex id): init, its child and a
#    podman exec'd process all hold the ID in /proc/PID/containerid;
#    conmon, podman's process above the runtime, holds none;
#  - podman exec: stdout and the exit status pass through;
#  - an auditctl-style openat rule on 7101 catches the exec'd cat's open of
#    a file, not the other container's open of it;
#  - one VIRT_MACHINE_ID mapping record per container names it as podman
#    ps does (its 64-hex id; the name of --name, passed with the
#    annotation org.linux-audit.containername), none for the execs;
#  - podman stop and rm leave no container task, no conmon, no crun state.
#
# podman's options, and why (the guest's containers.conf, staged by
# scripts/stage-podman.sh, says the rest):
#  --network none   no network in the guest (no netavark, CNI, slirp4netns);
#  --mount type=tmpfs,destination=/dev/mqueue   the test kernel has no
#                   POSIX message queues (CONFIG_POSIX_MQUEUE): the
#                   mqueue mount podman adds by default is replaced;
#  -v $T/data:/data the file the rule names, seen from outside.
#
# The checks are "[ ... ] && ok ... || bad ...": ok only prints.  The
# waits' conditions are evaluated by lw_wait, in single quotes.
# shellcheck disable=SC2015,SC2016
C=${CONTIDCTL:-/usr/sbin/contidctl}
# shellcheck source=tests/live/podman/lib.sh
. /usr/share/contid/podman/lib.sh
echo "== $(paste -sd' ' "$P/version") $(grep ^crun /usr/share/contid/oci/version)"

cp "$EXAMPLE" "$DROPIN" && ok "the example copied to $DROPIN" ||
	bad "cp $EXAMPLE $DROPIN"
rt=$(podman info --format '{{.Host.OCIRuntime.Name}} {{.Host.OCIRuntime.Path}}' 2> "$T/info.err")
[ "$rt" = "crun /usr/sbin/contid-crun" ] && ok "podman info: runtime $rt" ||
	bad "podman info: runtime '$rt', want 'crun /usr/sbin/contid-crun': $(cat "$T/info.err")"
import_busybox

mkdir -p "$T/data"
echo known > "$T/data/known"
# The rule names the file, so it catches exactly the opens of it: pa's
# exec'd cat (7101); pb's cat opens it too and must not count.
KRULE="-a always,exit -F arch=b64 -S openat -F path=$T/data/known -F contid=7101 -k pk"
# shellcheck disable=SC2086 # the rule's words
"$C" rule add -- $KRULE || bad "rule add -- $KRULE"
events_follow "$T/ev.json"

echo "== podman run -d, exec"
prun() {
	podman run -d --network none --mount type=tmpfs,destination=/dev/mqueue \
		-v "$T/data:/data" "$@" localhost/busybox sh -c 'sleep 100000 & wait'
}
# To a file, not $(...): a container's process holding the pipe would
# hang the test instead of failing it.
prun --name pa --annotation "$A=7101" --annotation "$N=pa" > "$T/run.pa" 2>&1 < /dev/null; rc=$?
ida=$(cat "$T/run.pa")
[ "$rc" = 0 ] && [ "$ida" = "$(cid pa)" ] && [ ${#ida} = 64 ] &&
	ok "podman run -d pa -> 0, its id $ida" || bad "podman run -d pa -> $rc: $ida (podman ps: $(cid pa))"
prun --name pb --annotation "$N=pb" > "$T/run.pb" 2>&1 < /dev/null; rc=$?
idb=$(cat "$T/run.pb")
[ "$rc" = 0 ] && [ "$idb" = "$(cid pb)" ] && [ ${#idb} = 64 ] &&
	ok "podman run -d pb -> 0, its id $idb" || bad "podman run -d pb -> $rc: $idb (podman ps: $(cid pb))"
# pb's ID: the first 16 hex digits of podman's id (docs/oci-hook.md).
hexb=$(echo "$idb" | cut -c1-16)
idnb=$(printf '%u' "0x$hexb")

# waitn NAME PID N: N tasks in the pid namespace of NAME's init PID.
waitn() {
	# For lw_wait's conditions: its own arguments are $1, $2...
	# shellcheck disable=SC2034
	wpid=$2 wn=$3
	lw_wait "$1: $3 tasks in the pid namespace of $2" '[ "$(ns_tasks "$wpid" | wc -l)" -ge "$wn" ]' \
		'ns_tasks "$wpid"; lw_tasks "$wpid"' || bad "$1: tasks in its pid namespace: $(ns_tasks "$2" | tr '\n' ' ')"
}
pa=$(cpid pa)
[ -n "$pa" ] && [ "$pa" != 0 ] || { bad "pa: no pid from podman inspect"; pa=0; } # pid 0: no task found
[ "$pa" = 0 ] || waitn pa "$pa" 2
before=$(ns_tasks "$pa" | tr '\n' ' ')
kid=$(ns_tasks "$pa" | grep -v -x "$pa" | head -n1)
podman exec -d pa sleep 100000 > "$T/exec-d" 2>&1 < /dev/null && ok "podman exec -d pa sleep" ||
	bad "podman exec -d pa: $(cat "$T/exec-d")"
[ "$pa" = 0 ] || waitn pa "$pa" 3
ex=$(ns_tasks "$pa" | while read -r p; do echo " $before " | grep -q " $p " || echo "$p"; done | head -n1)
for p in "$pa:init" "$kid:init's child" "$ex:the exec'd sleep"; do
	f=$(cat "/proc/${p%%:*}/containerid" 2>&1)
	[ "$f" = 7101 ] && ok "pa: $p has 7101 in /proc/PID/containerid" ||
		bad "pa: $p (pid '${p%%:*}'): /proc containerid '$f', want 7101"
done
[ "$(cat "/proc/$ex/comm" 2>&1)" = sleep ] && ok "pa: the exec'd task $ex is a sleep" ||
	bad "pa: the exec'd task '$ex' is '$(cat "/proc/$ex/comm" 2>&1)'"
cm=$(podman inspect --format '{{.State.ConmonPid}}' pa)
g=$("$C" get "$cm" 2>&1)
[ "$(cat "/proc/$cm/comm" 2>&1)" = conmon ] && [ "$g" = unset ] &&
	ok "pa: conmon ($cm), the runtime's parent, has no ID" || bad "pa: conmon '$cm' ($(cat "/proc/$cm/comm" 2>&1)) has '$g'"
# Foreground exec: stdout and the exit status exactly; it opens the file.
out=$(podman exec pa sh -c 'cat /data/known; echo "out of exec"; exit 7' 2> "$T/exec.err" < /dev/null); rc=$?
[ "$rc" = 7 ] && [ "$out" = "known
out of exec" ] && [ ! -s "$T/exec.err" ] &&
	ok "podman exec pa: status 7, stdout exactly 'known' 'out of exec', no stderr" ||
	bad "podman exec pa: status $rc, stdout '$out', stderr '$(cat "$T/exec.err")'"

pb=$(cpid pb)
[ -n "$pb" ] && [ "$pb" != 0 ] || { bad "pb: no pid from podman inspect"; pb=0; }
[ "$pb" = 0 ] || waitn pb "$pb" 2
out=$(podman exec pb cat /data/known 2>&1 < /dev/null); rc=$?
[ "$rc" = 0 ] && [ "$out" = known ] && ok "podman exec pb: reads the file" || bad "podman exec pb: status $rc, '$out'"
n=0
tb=$(ns_tasks "$pb" | tr '\n' ' ')
for p in $tb; do
	f=$(cat "/proc/$p/containerid" 2>&1)
	h=$("$C" get --hex "$p" 2>&1)
	[ "$f" = "$idnb" ] && [ "$h" = "$hexb" ] && n=$((n + 1)) ||
		bad "pb: task $p ($(cat "/proc/$p/comm")): /proc containerid '$f', get --hex '$h', want $idnb $hexb"
done
[ "$n" = 2 ] && ok "pb: init and its child ($tb) have $idnb ($hexb, the start of podman's id $idb)" ||
	bad "pb: $n of 2 tasks with $idnb: '$tb'"
g=$("$C" get $$)
[ "$g" = unset ] && ok "the test's shell (podman's parent) has no ID" || bad "the test's shell has '$g'"

# The records: pa's open caught, pb's not, one mapping record each.
# A marker sent now comes after every record of the runs and execs above.
events_end "$T/ev.json" contid-podman-end
caught_once "$T/ev.json" pk 7101 /data/known pa "pb ($idnb)"
grep -F '"type":"VIRT_MACHINE_ID"' "$T/ev.json" > "$T/map"
echo "the mapping records:"; cat "$T/map"
[ "$(wc -l < "$T/map")" = 2 ] && ok "two mapping records in all (pa, pb; none for the three execs)" ||
	bad "$(wc -l < "$T/map") mapping records, want 2 (pa and pb)"
# mapped NAME ID CONTID: one record for podman's id ID, naming NAME, by the
# wrapper, with podman's bundle for it.
mapped() {
	bundle=/var/lib/containers/storage/vfs-containers/$2/userdata
	grep -F "\"id\":\"$2\"" "$T/map" > "$T/map.$1"
	[ "$(wc -l < "$T/map.$1")" = 1 ] && grep -F "\"contid\":\"$3\"" "$T/map.$1" | grep -F '"runtime":"crun"' |
		grep -F '"by":"wrapper"' | grep -F "\"bundle\":\"$bundle\"" | grep -F -q "\"vm\":\"$1\"" &&
		ok "one mapping record for $1: contid $3 runtime crun by wrapper id $2 bundle $bundle vm $1" ||
		bad "$1's mapping records, want contid $3, id $2, bundle $bundle, vm $1: $(cat "$T/map.$1")"
}
mapped pa "$ida" 7101
mapped pb "$idb" "$idnb"
ps=$(podman ps --no-trunc --format '{{.ID}} {{.Names}}' | sort | tr '\n' '|')
want=$(printf '%s pa\n%s pb\n' "$ida" "$idb" | sort | tr '\n' '|')
[ "$ps" = "$want" ] && ok "podman ps: $ps" || bad "podman ps: '$ps', want '$want'"
# shellcheck disable=SC2086 # the rule's words
"$C" rule del -- $KRULE || bad "rule del -- $KRULE"

echo "== podman stop, rm"
# podman stops the two in parallel and prints each name as it is done:
# in either order
podman stop -t 0 pa pb > "$T/stop" 2>&1 && [ "$(sort "$T/stop" | tr '\n' ' ')" = "pa pb " ] &&
	ok "podman stop -t 0 pa pb" || bad "podman stop: $(cat "$T/stop")"
podman rm pa pb > "$T/rm" 2>&1 && [ "$(sort "$T/rm" | tr '\n' ' ')" = "pa pb " ] &&
	ok "podman rm pa pb" || bad "podman rm: $(cat "$T/rm")"
lw_wait "the containers' tasks and conmon to end" '[ -z "$(foreign_tasks)$(comm_tasks conmon)" ]' \
	'foreign_tasks; comm_tasks conmon' || bad "tasks left: $(foreign_tasks) conmon $(comm_tasks conmon)"
[ -z "$(foreign_tasks)" ] && ok "no container task remains" || bad "tasks remain: $(foreign_tasks)"
[ -z "$(comm_tasks conmon)" ] && ok "no conmon remains" || bad "conmon remains: $(comm_tasks conmon)"
for id in 7101 "$idnb"; do
	[ -z "$("$C" ps --contid "$id" | awk -v id="$id" '$1 == id')" ] && ok "no task holds $id" ||
		bad "tasks hold $id: $("$C" ps --contid "$id")"
done
[ -z "$(podman ps -a -q)" ] && ok "podman ps -a is empty" || bad "podman ps -a: $(podman ps -a)"
[ -z "$(/usr/bin/crun list -q 2>&1)" ] && ok "crun list is empty" || bad "crun list: $(/usr/bin/crun list 2>&1)"

rm -rf "$T" "$DROPIN"
[ "$fails" = 0 ] && echo "PASS: live_podman" || { echo "FAIL: live_podman: $fails check(s)"; exit 1; }
