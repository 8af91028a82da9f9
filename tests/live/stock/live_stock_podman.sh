#!/bin/sh
# On Debian 12's stock kernel (no audit container IDs; booted with
# LIVE_KERNEL=$(scripts/stage-stock-kernel.sh), docs/testing.md "stock"):
#  - the packages install: dpkg -i of libcontid0 and contidctl in the
#    guest's Debian root (tests/live/deb/stage.sh's /debroot) exits 0 and
#    puts nothing in /etc/containers;
#  - nothing enabled (no containers.conf.d drop-in, no hook): Debian's
#    podman runs a busybox container, podman exec into it, stop and rm,
#    each exiting 0, as without the packages;
#  - the wrapper configured (the shipped example copied where
#    docs/oci-hook.md says): podman run is refused with the wrapper's
#    exact message, "the kernel does not support audit container IDs
#    (CONTID_E_NOSUPPORT)", no container task, conmon or crun state
#    remains, and podman rm removes what podman recorded.
# podman's settings are the podman suite's (scripts/stage-podman.sh's
# containers.conf); this kernel has POSIX message queues, so podman's
# default mqueue mount stays.
#
# The checks are "[ ... ] && ok ... || bad ...": ok only prints.
# shellcheck disable=SC2015,SC2016
# shellcheck source=tests/live/podman/lib.sh
. /usr/share/contid/podman/lib.sh
echo "== $(uname -r): $(paste -sd' ' "$P/version") $(grep ^crun /usr/share/contid/oci/version)"
if [ -e /proc/self/containerid ]; then
	echo "FAIL: /proc/self/containerid exists: this is the patched kernel; the stock suite runs on Debian's (LIVE_KERNEL=\$(scripts/stage-stock-kernel.sh))"
	exit 1
fi
ok "the kernel has no /proc/PID/containerid"

echo "== the packages install"
# In the Debian root of the deb suite (tests/live/deb/stage.sh): its real
# dpkg, with the host's installed packages as the root's database.
D=/debroot
mount -t proc proc "$D/proc" && mount -o bind /dev "$D/dev" && mount -t tmpfs tmpfs "$D/tmp" ||
	bad "mounting /proc, /dev, /tmp in $D"
chmod 1777 "$D/tmp"
cp /usr/share/contid/deb/debs/libcontid0_*.deb /usr/share/contid/deb/debs/contidctl_*.deb "$D/tmp/"
inroot() { chroot "$D" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root /bin/sh -c "$1"; }
inroot 'cd /tmp && /usr/bin/dpkg -i libcontid0_*.deb contidctl_*.deb' > "$T/dpkg" 2>&1 &&
	ok "dpkg -i libcontid0 contidctl -> 0" || { bad "dpkg -i:"; cat "$T/dpkg"; }
st=$(inroot "/usr/bin/dpkg-query -W -f='\${Status} ' libcontid0 contidctl")
[ "$st" = "install ok installed install ok installed " ] && ok "dpkg-query: both installed" || bad "dpkg-query: '$st'"
# Installing enables nothing: no podman or CRI-O configuration, no hook.
[ ! -e "$D/etc/containers" ] && [ ! -e "$D/usr/share/containers" ] &&
	ok "the packages put nothing in /etc/containers or /usr/share/containers" ||
	bad "the packages installed: $(find "$D/etc/containers" "$D/usr/share/containers" 2>&1 | tr '\n' ' ')"
out=$(inroot '/usr/sbin/contidctl get 1' 2>&1); rc=$?
want="contidctl: cannot get the container ID of 1: the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)"
[ "$rc" = 1 ] && [ "$out" = "$want" ] && ok "the installed contidctl get 1 -> 1: $out" ||
	bad "the installed contidctl get 1 -> $rc: '$out', want 1: '$want'"
inroot '/usr/bin/dpkg -P contidctl libcontid0' > "$T/dpkg" 2>&1 && ok "dpkg -P contidctl libcontid0 -> 0" ||
	{ bad "dpkg -P:"; cat "$T/dpkg"; }
umount "$D/tmp" "$D/dev" "$D/proc"

echo "== nothing enabled"
[ ! -e "$DROPIN" ] && ok "no $DROPIN" || bad "$DROPIN exists"
rt=$(podman info --format '{{.Host.OCIRuntime.Name}} {{.Host.OCIRuntime.Path}}' 2> "$T/info.err")
[ "$rt" = "crun /usr/bin/crun" ] && ok "podman info: runtime $rt" ||
	bad "podman info: runtime '$rt', want 'crun /usr/bin/crun': $(cat "$T/info.err")"
import_busybox
out=$(podman run --rm --network none localhost/busybox echo hello from busybox 2> "$T/run.err" < /dev/null); rc=$?
[ "$rc" = 0 ] && [ "$out" = "hello from busybox" ] && ok "podman run --rm echo -> 0: $out" ||
	bad "podman run --rm -> $rc: '$out', stderr $(cat "$T/run.err")"
podman run -d --name plain --network none localhost/busybox sh -c 'sleep 100000 & wait' > "$T/run.plain" 2>&1 < /dev/null; rc=$?
id=$(cat "$T/run.plain")
[ "$rc" = 0 ] && [ "$id" = "$(cid plain)" ] && ok "podman run -d plain -> 0, its id $id" ||
	bad "podman run -d plain -> $rc: $id"
out=$(podman exec plain sh -c 'echo in plain; exit 3' 2>&1 < /dev/null); rc=$?
[ "$rc" = 3 ] && [ "$out" = "in plain" ] && ok "podman exec plain -> 3: $out" || bad "podman exec plain -> $rc: '$out'"
podman stop -t 0 plain > "$T/stop" 2>&1 && podman rm plain > "$T/rm" 2>&1 && ok "podman stop, rm plain" ||
	bad "podman stop, rm plain: $(cat "$T/stop" "$T/rm")"
lw_wait "plain's tasks and conmon to end" '[ -z "$(foreign_tasks)$(comm_tasks conmon)" ]' \
	'foreign_tasks; comm_tasks conmon' || bad "tasks left: $(foreign_tasks) conmon $(comm_tasks conmon)"

echo "== the wrapper configured"
cp "$EXAMPLE" "$DROPIN" && ok "the example copied to $DROPIN" || bad "cp $EXAMPLE $DROPIN"
rt=$(podman info --format '{{.Host.OCIRuntime.Name}} {{.Host.OCIRuntime.Path}}' 2> "$T/info.err")
[ "$rt" = "crun /usr/sbin/contid-crun" ] && ok "podman info: runtime $rt" ||
	bad "podman info: runtime '$rt', want 'crun /usr/sbin/contid-crun': $(cat "$T/info.err")"
# refused WHAT RC N [START]: podman's status RC and its one line on
# stderr, the wrapper's refusal of crun's create for the ID N (annotation)
# of the container whose 64-hex id podman printed (ID in the line), no
# stdout; START: podman start's words before crun's.
refused() {
	line=$(cat "$T/err")
	id=$(echo "$line" | sed -n 's/.* of container \([0-9a-f]\{64\}\): .*/\1/p')
	hex=$(printf '%016x' "$3")
	start=${4:+"unable to start container \"$id\": "}
	want="Error: OCI runtime error: ${start}crun: contidctl: runtime: create: cannot start /usr/bin/crun with the container ID $3 ($hex) of container $id: the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)"
	if [ "$rc" = "$2" ] && [ -n "$id" ] && [ "$line" = "$want" ] && [ ! -s "$T/out" ]; then
		ok "$1 -> $rc: $line"
	else
		bad "$1 -> $rc (want $2), stdout '$(cat "$T/out")', stderr: $line; want: $want"
	fi
	lw_wait "$1: its tasks and conmon to end" '[ -z "$(foreign_tasks)$(comm_tasks conmon)" ]' \
		'foreign_tasks; comm_tasks conmon' || bad "$1: tasks left: $(foreign_tasks) conmon $(comm_tasks conmon)"
	[ -z "$(foreign_tasks)" ] && ok "$1: no container task" || bad "$1: tasks: $(foreign_tasks)"
	[ -z "$(comm_tasks conmon)" ] && ok "$1: no conmon" || bad "$1: conmon: $(comm_tasks conmon)"
	[ -z "$(/usr/bin/crun list -q 2>&1)" ] && ok "$1: crun has no container (crun list is empty)" ||
		bad "$1: crun list: $(/usr/bin/crun list 2>&1)"
}
# To files, not $(...): a container started by mistake would hold a pipe.
run_nos() {
	podman run "$@" --network none localhost/busybox sh -c 'sleep 100000 & wait' > "$T/out" 2> "$T/err" < /dev/null
}
run_nos -d --name nos --annotation "$A=7201"; rc=$?
refused "podman run -d nos" 126 7201
run_nos --rm --name nosrm --annotation "$A=7202"; rc=$?
refused "podman run --rm nosrm" 126 7202
podman create --name noc --network none --annotation "$A=7203" localhost/busybox sleep 100000 > "$T/create" 2>&1 < /dev/null &&
	ok "podman create noc -> 0 (no runtime run yet)" || bad "podman create noc: $(cat "$T/create")"
podman start noc > "$T/out" 2> "$T/err" < /dev/null; rc=$?
refused "podman start noc" 125 7203 start
# podman keeps the record of what it created (Created, never started);
# --rm removed nosrm's; the runtime has none (above).
ps=$(podman ps -a --format '{{.Names}} {{.Status}}' | sort | tr '\n' '|')
[ "$ps" = "noc Created|nos Created|" ] && ok "podman ps -a: $ps (nosrm removed)" ||
	bad "podman ps -a: '$ps', want 'noc Created|nos Created|'"
podman rm nos noc > "$T/rm" 2>&1 && ok "podman rm nos noc" || bad "podman rm nos noc: $(cat "$T/rm")"
[ -z "$(podman ps -a -q)" ] && ok "podman ps -a is empty" || bad "podman ps -a: $(podman ps -a)"

rm -rf "$T" "$DROPIN"
[ "$fails" = 0 ] && echo "PASS: live_stock_podman" || { echo "FAIL: live_stock_podman: $fails check(s)"; exit 1; }
