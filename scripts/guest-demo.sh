#!/bin/sh
# Runs inside the QEMU guest (contid.job=demo): the cover letter's two
# worked examples, done with contidctl alone, then a busybox container that
# Debian's crun starts and whose ID the OCI hook sets, with the records
# they produce.
set -e
say() { printf '\n### %s\n' "$*"; }

say "contidctl features"
contidctl features

# Follow the audit multicast group in the background for the records.
contidctl events > /tmp/events.txt 2>&1 &
events=$!
sleep 1

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
# --no-pivot: the guest's root is the initramfs, which pivot_root refuses;
# --no-new-keyring: the guest kernel has no keyrings (CONFIG_KEYS).
mount -t cgroup2 cgroup2 /sys/fs/cgroup
R=/usr/share/contid/oci/rootfs
B=/tmp/bundle
ID=3f5c0a1b2c3d4e5f00112233445566778899aabbccddeeff0011223344556677
N=4565535234069450335
mkdir -p $B
cat > $B/config.json <<END
{
	"ociVersion": "1.0.2",
	"process": {
		"user": {"uid": 0, "gid": 0},
		"args": ["sh", "-c", "sleep 1; echo hello > /data/hello; sleep 60 & sleep 60"],
		"env": ["PATH=/bin"], "cwd": "/"
	},
	"root": {"path": "$R"},
	"hostname": "demo",
	"mounts": [{"destination": "/proc", "type": "proc", "source": "proc"}],
	"hooks": {"createRuntime": [
		{"path": "/usr/sbin/contidctl", "args": ["contidctl", "oci-hook"]}
	]},
	"linux": {"namespaces": [{"type": "pid"}, {"type": "mount"},
		{"type": "ipc"}, {"type": "uts"}, {"type": "network"}]}
}
END
echo "\$ grep -A2 createRuntime $B/config.json"
grep -A2 createRuntime $B/config.json
echo "\$ contidctl rule add --dir $R/data --perm wa --contid $N --key crundemo"
contidctl rule add --dir $R/data --perm wa --contid $N --key crundemo
echo "\$ crun run --no-pivot --no-new-keyring --detach --bundle $B $ID"
crun run --no-pivot --no-new-keyring --detach --bundle $B $ID
sleep 2
echo "\$ crun list"
crun list
pid=$(crun state $ID | tr -d '\n ' | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')
echo "\$ cat /proc/$pid/containerid    # the container's init (pid $pid), read from outside"
echo "$(cat /proc/$pid/containerid)"
echo "\$ contidctl get --hex $pid      # the start of the container's id"
contidctl get --hex $pid
echo "\$ contidctl ps --contid $N      # every task of the container"
contidctl ps --contid $N
crun kill $ID KILL
sleep 1
crun delete -f $ID
contidctl rule del --dir $R/data --perm wa --contid $N --key crundemo

say "contidctl ps"
contidctl ps || true

kill "$events" 2>/dev/null || true
wait "$events" 2>/dev/null || true
say "Events seen (contidctl events)"
cat /tmp/events.txt
