#!/bin/sh
# DRAFT, fails on the normal image: crun needs CONFIG_USER_NS (wip/oci-live/README.md).  Debian's crun runs a busybox
# bundle whose createRuntime hook is contidctl oci-hook: every process of
# the container carries the ID (read from outside), its syscalls' records
# carry op=task contid=, a rule on the ID catches its write, two
# containers get distinct IDs, and a refused hook stops the container.
C=${CONTIDCTL:-/usr/sbin/contidctl}
B=/usr/share/contid/crun-bundle
T=$(mktemp -d /tmp/live_oci.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# The guest's root is the initramfs (rootfs), which pivot_root refuses;
# the guest kernel has no cgroups (kernel/config/base.config).
crun() { /usr/bin/crun --cgroup-manager=disabled "$@"; }
# crun statfs()s /sys/fs/cgroup even with its cgroup manager disabled; the
# kernel has no CONFIG_CGROUPS, so give it a directory on a tmpfs.
if [ ! -d /sys/fs/cgroup ]; then
	mount -t tmpfs tmpfs /sys/fs && mkdir /sys/fs/cgroup || bad "no /sys/fs/cgroup"
fi
ID1=0123456789abcdef0000000000000000000000000000000000000000000000c1
ID2=fedcba98765432100000000000000000000000000000000000000000000000c2

"$C" rule add --contid 81985529216486895 --syscall openat --key oci-w > "$T/rule.out" 2>&1 ||
	bad "rule add --contid: $(cat "$T/rule.out")"
"$C" events --json --contid 81985529216486895 > "$T/ev.json" 2> "$T/ev.err" &
evpid=$!
sleep 1

crun run --no-pivot --no-new-keyring --detach --bundle "$B" "$ID1" > "$T/run1" 2>&1 ||
	bad "crun run $ID1: $(cat "$T/run1")"
crun run --no-pivot --no-new-keyring --detach --bundle "$B" "$ID2" > "$T/run2" 2>&1 ||
	bad "crun run $ID2: $(cat "$T/run2")"
sleep 2
n=$("$C" ps --contid 81985529216486895 | grep -c -E '^81985529216486895 +0123456789abcdef ')
[ "$n" -ge 3 ] && ok "container 1: $n tasks with ID 0123456789abcdef (sh and two sleeps)" ||
	{ bad "container 1: $n tasks"; "$C" ps --set; }
n=$("$C" ps --contid 18364758544493064720 | grep -c -E '^18364758544493064720 +fedcba9876543210 ')
[ "$n" -ge 3 ] && ok "container 2: $n tasks, a distinct ID" || bad "container 2: $n tasks"
pid1=$(crun state "$ID1" | sed -n 's/.*"pid": *\([0-9]*\).*/\1/p')
got=$("$C" get --hex "$pid1")
[ "$got" = 0123456789abcdef ] && ok "crun state pid $pid1: get --hex = $got" || bad "get --hex $pid1 = '$got'"

sleep 2
kill -TERM "$evpid"; wait "$evpid"
grep -F '"key":"oci-w"' "$T/ev.json" | grep -q . && ok "the rule caught the container's write" ||
	{ bad "no oci-w record"; cat "$T/ev.json" "$T/ev.err"; }
grep -F '"type":"CONTAINER_INFO"' "$T/ev.json" | grep -F '"op":"task"' | grep -q -F '"contid":"81985529216486895"' &&
	ok "CONTAINER_INFO op=task contid=81985529216486895" || bad "no op=task record"
"$C" rule del --contid 81985529216486895 --syscall openat --key oci-w

echo "== a refused hook: the container does not start"
# An annotation with the unset value: the hook fails, so must crun.
sed 's/"hostname": "oci",/"hostname": "oci", "annotations": {"org.linux-audit.containerid": "18446744073709551615"},/' \
	"$B/config.json" > "$T/config.json"
mkdir -p "$T/b" && cp "$T/config.json" "$T/b/config.json" && ln -s "$B/rootfs" "$T/b/rootfs"
crun run --no-pivot --no-new-keyring --detach --bundle "$T/b" bad > "$T/run3" 2>&1; rc=$?
[ "$rc" != 0 ] && grep -q -F "contidctl: oci-hook: invalid container ID '18446744073709551615' in the annotation org.linux-audit.containerid: the unset value is not a valid ID" "$T/run3" &&
	ok "crun refused: $(cat "$T/run3")" || bad "crun run with a bad annotation: rc=$rc $(cat "$T/run3")"
crun state bad > /dev/null 2>&1 && bad "container 'bad' exists" || ok "no container 'bad'"

for c in "$ID1" "$ID2"; do crun kill "$c" KILL; sleep 1; crun delete -f "$c"; done
rm -rf "$T"
[ "$fails" = 0 ] && echo "PASS: live_oci_crun" || { echo "FAIL: live_oci_crun: $fails check(s)"; exit 1; }
