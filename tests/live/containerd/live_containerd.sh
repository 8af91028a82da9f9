#!/bin/sh
# Debian's containerd (1.6) starting busybox containers through the runc
# shim (io.containerd.runc.v2) with the runtime wrapper as its runc
# binary, on the patched kernel, read from outside (docs/oci-hook.md,
# "Engines"):
#  - the shipped containerd-config.toml, as containerd reads it (config
#    dump): the CRI plugin's runc runtime is the runc shim and its
#    BinaryName is /usr/sbin/contid-runc;
#  - an image imported from a local archive (ctr image import; no network);
#  - ctr run --runc-binary /usr/sbin/contid-runc of two containers, one
#    named with 64 hex digits as engines do (its ID: the first 16), one
#    with the annotation org.linux-audit.containerid: init, its children
#    and the processes of ctr task exec (detached and in the foreground:
#    its stdout and exit status) hold the container's ID; the test's shell
#    does not;
#  - one mapping record (VIRT_MACHINE_ID) for each container naming it
#    (runtime runc, by wrapper, its id, bundle and name), none for an exec;
#  - the name file /run/contid/ID written at the start and removed when
#    the shim deletes the container through the wrapper (ctr task rm);
#  - nothing left: no task, no shim, no name file.
#
# Why the run looks as it does:
#  CONTAINERD_SNAPSHOTTER=native  (ctr's --snapshotter) the guest kernel
#                     has no overlayfs: the native snapshotter copies the
#                     image's layer.
#  --cpu-shares 0     ctr's default of 1024 makes runc write cpu.weight; the
#                     guest kernel has no cpu controller.
#  CONTID_RUNTIME_PATH  the wrapper's real runtime is $T/runc-guest, which
#                     executes /usr/sbin/runc with two changes for the guest,
#                     both after the wrapper read config.json and set the ID:
#                     - it drops containerd's default mqueue mount at
#                       /dev/mqueue from the bundle's config.json (the guest
#                       kernel has no CONFIG_POSIX_MQUEUE: runc would fail
#                       with "no such device");
#                     - it adds --no-pivot to runc create (the guest's root is
#                       the initramfs, which pivot_root refuses, as in
#                       live_oci_*).  Not ctr run --no-pivot: ctr 1.6 then
#                       sends task options of its own that replace the
#                       container's runtime options, BinaryName with them,
#                       and the shim runs runc directly (no ID).
#                     The variable reaches the wrapper from containerd
#                     through the shim's environment.
C=${CONTIDCTL:-/usr/sbin/contidctl}
. /usr/share/contid/oci/lib.sh
D=/usr/share/contid/containerd
CFG=/usr/share/doc/contidctl/examples/containerd-config.toml
A=org.linux-audit.containerid
N=org.linux-audit.containername
IMG=docker.io/contid/busybox:live
export CONTAINERD_SNAPSHOTTER=native
t0=$(lw_now)
echo "== $(cat "$D/version"), $(grep ^runc /usr/share/contid/oci/version)"

echo "== the shipped configuration, as containerd reads it"
cat "$CFG"
containerd --config "$CFG" config dump > "$T/dump" 2> "$T/dump.err" ||
	bad "containerd config dump: $(cat "$T/dump.err")"
awk '/^ *\[/ { on = 0 } /^ *\[plugins\."io\.containerd\.grpc\.v1\.cri"\.containerd\.runtimes\.runc(\.options)?\]$/ { on = 1 } on' \
	"$T/dump" > "$T/runc-section"
cat "$T/runc-section"
grep -q -x ' *runtime_type = "io.containerd.runc.v2"' "$T/runc-section" &&
	grep -q -x ' *BinaryName = "/usr/sbin/contid-runc"' "$T/runc-section" &&
	ok "config dump: the CRI runc runtime is io.containerd.runc.v2 with BinaryName /usr/sbin/contid-runc" ||
	bad "config dump: no runtime_type io.containerd.runc.v2 and BinaryName /usr/sbin/contid-runc in the runc runtime"

echo "== containerd"
cat > "$T/runc-guest" <<'EOS'
#!/bin/sh
# The guest's runc (live_containerd's header says why): containerd's
# mqueue mount dropped, --no-pivot added to create, then runc itself.
b= prev= sub=
for a; do [ "$prev" = --bundle ] && b=$a; prev=$a; done
first=1
for a; do
	[ -z "$first" ] || set --
	first=
	set -- "$@" "$a"
	if [ -z "$sub" ] && [ "$a" = create ]; then
		sub=$a
		set -- "$@" --no-pivot
	fi
done
if [ "$sub" = create ] && [ -n "$b" ] && [ -f "$b/config.json" ]; then
	sed -i 's|{"destination":"/dev/mqueue","type":"mqueue","source":"mqueue","options":\[[^]]*\]},||' "$b/config.json"
	if grep -q '"type":"mqueue"' "$b/config.json"; then
		echo "runc-guest: the mqueue mount is still in $b/config.json" >&2
		exit 1
	fi
fi
exec /usr/sbin/runc "$@"
EOS
chmod 0755 "$T/runc-guest"
mkdir -p /run/contid
CONTID_RUNTIME_PATH=$T/runc-guest containerd --config "$CFG" > "$T/containerd.log" 2>&1 &
cd_pid=$!
lw_wait "containerd (pid $cd_pid) to answer ctr version" 'ctr version > /dev/null 2>&1' \
	"lw_tasks $cd_pid; lw_files '$T/containerd.log'" && ok "containerd answers" ||
	{ bad "containerd never answered: $(tail -n 20 "$T/containerd.log")"; }
echo "containerd up after $(($(lw_now) - t0)) s"

events_follow "$T/ev.json"

echo "== ctr image import"
ctr image import --base-name docker.io/contid/busybox "$D/busybox.tar" > "$T/import" 2>&1 &&
	ok "ctr image import: $(tr '\n' ' ' < "$T/import")" || bad "ctr image import: $(cat "$T/import")"
imgs=$(ctr image ls -q 2>&1)
[ "$imgs" = "$IMG" ] && ok "ctr image ls: $imgs" || bad "ctr image ls: '$imgs', want $IMG"

echo "== ctr run --runc-binary /usr/sbin/contid-runc"
ID1=0123456789abcdef00000000000000000000000000000000000000000000c7d1
# ctr_run NAME ARGS...: a container of the image running sh -c PROGRAM:
# write /data/NAME, then three tasks in all, until killed.
ctr_run() {
	n=$1; shift
	ctr run -d --cpu-shares 0 --runc-binary /usr/sbin/contid-runc "$@" "$IMG" "$n" \
		sh -c "echo $n > /data/$n; sleep 100000 & sleep 100000 & wait" > "$T/run.$n" 2>&1 < /dev/null
}
ctr_run "$ID1" --annotation "$N=ctrbox1" && ok "ctr run $ID1" || bad "ctr run $ID1: $(cat "$T/run.$ID1")"
ctr_run ctr2 --annotation "$A=9102" && ok "ctr run ctr2" || bad "ctr run ctr2: $(cat "$T/run.ctr2")"
ctr container info "$ID1" > "$T/info" 2>&1
# Runtime.Options: runc's options (containerd.runc.v1.Options) as
# protobuf, in base64; BinaryName is a string field of it.
opts=$(grep -A1 '"type_url": "containerd.runc.v1.Options"' "$T/info" | sed -n 's/.*"value": "\([^"]*\)".*/\1/p')
grep -q '"Name": "io.containerd.runc.v2"' "$T/info" && echo "$opts" | base64 -d | grep -a -q -F /usr/sbin/contid-runc &&
	ok "ctr container info: runtime io.containerd.runc.v2, its options name /usr/sbin/contid-runc" ||
	bad "ctr container info: $(grep -A6 '"Runtime"' "$T/info")"
ctr task ls > "$T/tasks" 2>&1
cat "$T/tasks"
task_pid() { awk -v id="$1" '$1 == id { print $2 }' "$T/tasks"; }
# check NAME ID: the container's three tasks hold ID; sets p (init's pid).
check() {
	p=$(task_pid "$1")
	[ -n "$p" ] || { bad "$1: no task in ctr task ls"; p=0; return; }
	lw_wait "$1: 3 tasks in the pid namespace of $p" '[ "$(ns_tasks "$p" | wc -l)" -ge 3 ]' \
		'ns_tasks "$p"; lw_tasks "$p"' || bad "$1: tasks: $(ns_tasks "$p" | tr '\n' ' ')"
	tasks=$(ns_tasks "$p" | tr '\n' ' ')
	comms=$(for q in $tasks; do cat "/proc/$q/comm"; done | sort | tr '\n' ' ')
	[ "$comms" = "sh sleep sleep " ] && ok "$1: init and its two children: $tasks" ||
		bad "$1: tasks '$tasks' ($comms), want sh sleep sleep"
	k=0
	for q in $tasks; do
		f=$(cat "/proc/$q/containerid" 2>&1)
		[ "$f" = "$2" ] && k=$((k + 1)) || bad "$1: task $q ($(cat "/proc/$q/comm")) has '$f', want $2"
	done
	[ "$k" = 3 ] && ok "$1: init ($p) and its children hold $2"
}
check "$ID1" 81985529216486895
p1=$p t1=$tasks
check ctr2 9102
echo "== ctr task exec"
ctr task exec -d --exec-id e1 "$ID1" sleep 100000 > "$T/exec.e1" 2>&1 < /dev/null &&
	ok "ctr task exec -d $ID1 sleep" || bad "ctr task exec -d: $(cat "$T/exec.e1")"
[ "$p1" = 0 ] || lw_wait "the exec'd sleep in the pid namespace of $p1" '[ "$(ns_tasks "$p1" | wc -l)" -ge 4 ]' \
	'ns_tasks "$p1"; lw_tasks "$p1"' || bad "no 4th task in $ID1: $(ns_tasks "$p1" | tr '\n' ' ')"
ex=$(for q in $(ns_tasks "$p1"); do case " $t1" in *" $q "*) ;; *) echo "$q" ;; esac; done)
if [ "$(echo "$ex" | wc -w)" = 1 ] && [ "$(cat "/proc/$ex/comm")" = sleep ]; then
	f=$(cat "/proc/$ex/containerid" 2>&1)
	[ "$f" = 81985529216486895 ] && ok "$ID1: the exec'd sleep ($ex) holds 81985529216486895" ||
		bad "$ID1: the exec'd sleep ($ex) has '$f'"
else
	bad "$ID1: the exec'd process: '$ex' among $(ns_tasks "$p1" | tr '\n' ' ')"
fi
out=$(ctr task exec --exec-id e2 "$ID1" sh -c 'cat /data/$0; exit 5' "$ID1" 2> "$T/exec.e2" < /dev/null); rc=$?
[ "$rc" = 5 ] && [ "$out" = "$ID1" ] && [ ! -s "$T/exec.e2" ] &&
	ok "ctr task exec $ID1 (foreground): stdout exactly '$ID1', status 5" ||
	bad "ctr task exec (foreground): status $rc, stdout '$out', stderr '$(cat "$T/exec.e2")'"
out=$(ctr task exec --exec-id e3 ctr2 sh -c 'cat /data/ctr2' 2>&1 < /dev/null); rc=$?
[ "$rc" = 0 ] && [ "$out" = ctr2 ] && ok "ctr task exec ctr2: $out" || bad "ctr task exec ctr2: $rc '$out'"
g=$("$C" get $$)
[ "$g" = unset ] && ok "the test's shell has no ID" || bad "the test's shell has '$g'"

echo "== the mapping records, the name files"
events_end "$T/ev.json" contid-containerd-end
grep -F '"type":"VIRT_MACHINE_ID"' "$T/ev.json" > "$T/map"
echo "the mapping records:"; cat "$T/map"
B=/run/containerd/io.containerd.runtime.v2.task/default
[ "$(wc -l < "$T/map")" = 2 ] && ok "two mapping records (none for the three execs)" ||
	bad "$(wc -l < "$T/map") mapping records, want 2"
grep -F "\"id\":\"$ID1\"" "$T/map" | grep -F '"contid":"81985529216486895"' | grep -F '"runtime":"runc"' |
	grep -F '"by":"wrapper"' | grep -F "\"bundle\":\"$B/$ID1\"" | grep -F -q '"vm":"ctrbox1"' &&
	ok "$ID1's mapping record: contid 81985529216486895 runtime runc by wrapper bundle $B/$ID1 vm ctrbox1" ||
	bad "no mapping record for $ID1 with contid, runtime, by, bundle and vm"
grep -F '"id":"ctr2"' "$T/map" | grep -F '"contid":"9102"' | grep -F '"runtime":"runc"' |
	grep -F '"by":"wrapper"' | grep -F "\"bundle\":\"$B/ctr2\"" | grep -F -q '"vm":"?"' &&
	ok "ctr2's mapping record: contid 9102 runtime runc by wrapper bundle $B/ctr2 vm ?" ||
	bad "no mapping record for ctr2 with contid 9102, runtime runc, by wrapper, bundle $B/ctr2, vm ?"
want="virt=oci contid=81985529216486895 runtime=\"runc\" by=\"wrapper\" id=\"$ID1\" bundle=\"$B/$ID1\" vm=\"ctrbox1\" image=? pod=? namespace=? container=?"
[ "$(cat /run/contid/81985529216486895 2>&1)" = "$want" ] && ok "/run/contid/81985529216486895: $want" ||
	bad "/run/contid/81985529216486895: '$(cat /run/contid/81985529216486895 2>&1)', want '$want'"
ps=$("$C" ps --contid 81985529216486895 | awk 'NR == 2 { print $1 }')
[ "$ps" = "81985529216486895(ctrbox1)" ] && ok "contidctl ps names it: $ps" || bad "contidctl ps: '$ps'"
[ -f /run/contid/9102 ] && ok "/run/contid/9102 written" || bad "no /run/contid/9102"

echo "== kill, delete: the shim deletes through the wrapper"
for c in "$ID1" ctr2; do ctr task kill -s SIGKILL "$c" || bad "ctr task kill $c"; done
lw_wait "the containers' tasks to end after ctr task kill" '[ -z "$(foreign_tasks)" ]' foreign_tasks ||
	bad "tasks left: $(foreign_tasks)"
for c in "$ID1" ctr2; do
	# ctr task rm waits for the exit the shim reports (a stopped task)
	lw_wait "$c: its task stopped" "ctr task ls | grep -q '^$c .* STOPPED'" "ctr task ls" ||
		bad "$c: not stopped: $(ctr task ls)"
	ctr task rm "$c" > "$T/rm.$c" 2>&1 && ok "ctr task rm $c" || bad "ctr task rm $c: $(cat "$T/rm.$c")"
	ctr container rm "$c" > "$T/rm.$c" 2>&1 && ok "ctr container rm $c" || bad "ctr container rm $c: $(cat "$T/rm.$c")"
done
left=$(ls -A /run/contid)
[ -z "$left" ] && ok "the name files are gone (the wrapper's delete)" || bad "name files left: $left"
[ -z "$(ctr task ls -q)" ] && [ -z "$(ctr container ls -q)" ] && ok "no task, no container in ctr" ||
	bad "ctr still lists: $(ctr task ls -q) $(ctr container ls -q)"
shims() { for d in /proc/[0-9]*; do [ "$(cat "$d/comm" 2>/dev/null)" = containerd-shim ] && echo "${d#/proc/}"; done; }
lw_wait "the shims to exit" '[ -z "$(shims)" ]' shims || bad "shims left: $(shims)"
kill "$cd_pid"; wait "$cd_pid"
rmdir /run/contid
echo "containerd's log:"; grep -v "level=info" "$T/containerd.log" | tail -n 40
echo "the containerd suite took $(($(lw_now) - t0)) s in the guest"
rm -rf "$T" "$R"/data/*
[ "$fails" = 0 ] && echo "PASS: live_containerd" || { echo "FAIL: live_containerd: $fails check(s)"; exit 1; }
