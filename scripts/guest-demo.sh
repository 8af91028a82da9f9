#!/bin/sh
# Runs inside the QEMU guest (contid.job=demo): the cover letter's two
# worked examples, done with contidctl alone; a busybox container that
# Debian's crun starts and whose ID the OCI hook sets (example 3); and the
# same container started through the runtime wrapper contid-crun, an exec
# session into it holding the container's ID, a rule on that ID catching
# the exec'd process's write, and the mapping record naming the container
# (example 4), with the records they produce.  Exits nonzero when what
# example 4 shows is not so (the guest's verdict, run-qemu.sh).
set -e
. /usr/share/contid/livewait.sh
# R (the busybox root), pid_of, oci_cgroup2, oci_bundle: scripts/guest-oci.sh
. /usr/share/contid/oci/oci.sh
say() { printf '\n### %s\n' "$*"; }
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# follow OUTPUT [OPTION]: contidctl events in the background into OUTPUT,
# its pid in $followed, once it is in the audit multicast group.
follow() {
	contidctl events ${2:+"$2"} > "$1" 2>&1 &
	followed=$!
	lw_wait "contidctl events $* in the audit multicast group" \
		"lw_audit_ready $followed multicast" "lw_tasks $followed"
}

say "contidctl features"
contidctl features

# Follow the audit multicast group in the background for the records:
# as contidctl prints them (shown at the end), and as audit log lines
# (--raw) for contidctl parse, which reads what auditd would have logged.
follow /tmp/events.txt
events=$followed
follow /tmp/events.log --raw
rawevents=$followed

say "Example 1: set container ID 123456 on a sleeping child"
sleep 2 &
child=$!
echo "\$ contidctl set $child 123456"
contidctl set "$child" 123456
echo "\$ contidctl get $child"
contidctl get "$child"
echo "\$ contidctl set $child 654321   # a second set is refused"
contidctl set "$child" 654321 || true

say "Example 2: audit writes under /tmp by container 123459"
echo "\$ contidctl rule add --dir /tmp --perm wa --contid 123459 --key tmpcontainerid"
contidctl rule add --dir /tmp --perm wa --contid 123459 --key tmpcontainerid
echo "\$ contidctl rule list"
contidctl rule list
echo "\$ contidctl run --contid 123459 -- sh -c 'echo hello > /tmp/tmpcontainerid'"
contidctl run --contid 123459 -- sh -c 'echo hello > /tmp/tmpcontainerid'
sleep 1
echo "\$ contidctl rule del --dir /tmp --perm wa --contid 123459 --key tmpcontainerid"
contidctl rule del --dir /tmp --perm wa --contid 123459 --key tmpcontainerid

say "Example 3: crun starts a busybox container, contidctl oci-hook sets its ID"
# The hook runs at createRuntime (docs/oci-hook.md); the ID is the first
# 16 hex digits of the container's 64-hex id, as engines name containers.
# The crun options: scripts/guest-oci.sh.
oci_cgroup2
B=/tmp/bundle
ID=3f5c0a1b2c3d4e5f00112233445566778899aabbccddeeff0011223344556677
N=4565535234069450335
HOOK='{"path": "/usr/sbin/contidctl", "args": ["contidctl", "oci-hook"]}'
oci_bundle $B demo "echo hello > /data/hello; sleep 60 & sleep 60" "$HOOK" ""
echo "\$ grep -F createRuntime $B/config.json"
grep -F createRuntime $B/config.json
echo "\$ contidctl rule add --dir $R/data --perm wa --contid $N --key crundemo"
contidctl rule add --dir $R/data --perm wa --contid $N --key crundemo
echo "\$ crun run --no-pivot --no-new-keyring --detach --bundle $B $ID"
crun run --no-pivot --no-new-keyring --detach --bundle $B $ID
lw_wait "the container's write of $R/data/hello" "[ -s $R/data/hello ]" "pid_of $ID crun"
echo "\$ crun list"
crun list
pid=$(pid_of $ID crun)
echo "\$ cat /proc/$pid/containerid    # the container's init (pid $pid), read from outside"
echo "$(cat /proc/$pid/containerid)"
echo "\$ contidctl get --hex $pid      # the start of the container's id"
contidctl get --hex $pid
echo "\$ contidctl ps --contid $N      # every task of the container"
contidctl ps --contid $N
crun kill $ID KILL
lw_wait "the end of container $ID's init" "lw_exited $pid" "lw_tasks $pid"
crun delete -f $ID
contidctl rule del --dir $R/data --perm wa --contid $N --key crundemo

say "Example 4: the runtime wrapper contid-crun: an exec session holds the container's ID"
# Engines are configured to run /usr/sbin/contid-crun as their OCI runtime
# (docs/oci-hook.md): a link to contidctl that starts the real crun
# (/usr/bin/crun, the name after "contid-") with the ID already set, from
# config.json's annotation for run, and from the container's init for
# exec.  So a process exec'd into the container, which the hook of
# example 3 never reaches, holds the ID too.  No hook in config.json; the
# annotation org.linux-audit.containername names the container in the
# mapping record the wrapper writes, found by the ID with contidctl parse.
W=/usr/sbin/contid-crun
B4=/tmp/bundle-web
C4=web
N4=4242
echo "\$ ls -l $W"
ls -l $W
oci_bundle $B4 web "sleep 100000 & wait" "" \
	"\"org.linux-audit.containerid\": \"$N4\", \"org.linux-audit.containername\": \"webshop\""
echo "\$ grep -F -e createRuntime -e annotations $B4/config.json"
grep -F -e createRuntime -e annotations $B4/config.json
echo "\$ contidctl rule add --dir $R/data --perm wa --contid $N4 --key execdemo"
contidctl rule add --dir $R/data --perm wa --contid $N4 --key execdemo
echo "\$ contid-crun run --no-pivot --no-new-keyring --detach --bundle $B4 $C4"
$W run --no-pivot --no-new-keyring --detach --bundle $B4 $C4
init=$(pid_of $C4 crun)
echo "\$ cat /proc/$init/containerid    # the container's init (pid $init)"
echo "$(cat /proc/$init/containerid)"
# The exec'd shell writes a file in /data (the rule's directory, $R/data
# outside) and waits on a fifo there, so that it can be read from outside;
# --pid-file gives its pid.
mkfifo $R/data/release
echo "\$ contid-crun exec --pid-file /tmp/exec.pid $C4 sh -c 'echo from an exec session > /data/exec-note; read go < /data/release' &"
$W exec --pid-file /tmp/exec.pid $C4 sh -c 'echo from an exec session > /data/exec-note; read go < /data/release' &
session=$!
lw_wait "the exec session's pid file and its write of $R/data/exec-note" \
	"[ -s /tmp/exec.pid ] && [ -s $R/data/exec-note ]" "lw_tasks $session"
ex=$(cat /tmp/exec.pid)
echo "\$ cat /tmp/exec.pid; cat /proc/$ex/cmdline | tr '\\0' ' '"
echo "$ex"; tr '\0' ' ' < /proc/$ex/cmdline; echo
echo "\$ cat /proc/$ex/containerid    # the exec'd sh, read from outside"
echo "$(cat /proc/$ex/containerid)"
[ "$(cat /proc/$ex/containerid)" = "$(cat /proc/$init/containerid)" ] &&
	echo "(the exec'd process holds its container init's ID, $N4)" ||
	fail "the exec'd process (pid $ex) holds '$(cat /proc/$ex/containerid)', its init (pid $init) '$(cat /proc/$init/containerid)'"
# The runtime holds the ID too (the wrapper started it with it): crun
# exec's own process, "memfd:crun_clon...", until the session ends.
echo "\$ contidctl ps --contid $N4      # init, its sleep, crun exec and the exec'd sh"
contidctl ps --contid $N4
echo go > $R/data/release
wait $session && echo "(the exec session ended, status 0)" || fail "the exec session ended with status $?"
# The records of the write and of the mapping, once contidctl events has
# printed them (a wait on the log growing).
lw_wait "the rule's record and the mapping record in /tmp/events.log" \
	"grep -q 'key=\"execdemo\"' /tmp/events.log && grep -q '^type=VIRT_MACHINE_ID.* contid=$N4 ' /tmp/events.log" \
	"lw_files /tmp/events.log"
echo "\$ contidctl parse --contid $N4 -k execdemo /tmp/events.log    # the exec'd sh's write, caught by the rule"
contidctl parse --contid $N4 -k execdemo /tmp/events.log
echo "\$ contidctl parse --contid $N4 -m VIRT_MACHINE_ID /tmp/events.log    # the mapping record: ID -> container"
contidctl parse --contid $N4 -m VIRT_MACHINE_ID /tmp/events.log
crun kill $C4 KILL
lw_wait "the end of container $C4's init" "lw_exited $init" "lw_tasks $init"
crun delete -f $C4
contidctl rule del --dir $R/data --perm wa --contid $N4 --key execdemo
rm -f $R/data/release $R/data/exec-note /tmp/exec.pid

say "contidctl ps"
contidctl ps || true

kill "$events" "$rawevents" 2>/dev/null || true
wait "$events" "$rawevents" 2>/dev/null || true
say "Events seen (contidctl events)"
cat /tmp/events.txt
exit $failed
