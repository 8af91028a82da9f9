#!/bin/sh
# The runtime wrapper (contidctl under the name contid-RUNTIME,
# docs/oci-hook.md) on the host, with a fake /proc/PID/containerid
# (tests/cli/contidctl-fake) and a fake real runtime
# (tests/cli/fake-runtime.sh): nothing is set in the host's kernel.
# Checks: argv byte for byte, fds, stdin/stdout, exit status and signal
# pass-through, the ID of create/run (annotation, 64-hex id, FNV-1a) set on
# the runtime's own pid before it runs, exec's ID read from the init the
# runtime's state names, every failure with its exact message, the hook
# succeeding without a write when init already holds the ID, and the
# container mapping record (VIRT_MACHINE_ID, docs/interfaces.md): the exact
# message the fake audit socket receives, none when no ID was set.
srcdir=${srcdir:-.}
. "$srcdir/tests/cli/wrapper-lib.sh"
A=org.linux-audit.containerid
ID64=0123456789abcdef000000000000000000000000000000000000000000000000
echo '{"ociVersion":"1.0.2","annotations":{}}' > "$T/b/config.json"

reset() { rm -f "$T/out/"* "$T/set.log" "$T/audit"; }
# record_is TEXT: one message, a VIRT_MACHINE_ID (2502) with NLM_F_REQUEST
# and NLM_F_ACK, its payload TEXT and a NUL.
record_is() {
	{ printf '2502 5 %d\n' $((${#1} + 1)); printf '%s\0' "$1"; } > "$T/want-audit"
	if cmp -s "$T/want-audit" "$T/audit"; then ok "record: $1"; else
		bad "record: want $(od -c "$T/want-audit") got $(od -c "$T/audit" 2>&1)"; fi
}
no_record() { [ -e "$T/audit" ] && bad "$1: a record was sent: $(cat "$T/audit")" || ok "$1: no record"; }
# args_are WORD...: the fake runtime got exactly these arguments.
args_are() {
	printf '%s\0' "$@" > "$T/want-argv"
	if cmp -s "$T/want-argv" "$T/out/argv"; then ok "argv: $*"; else
		bad "argv: want $* got $(tr '\0' ' ' < "$T/out/argv")"; fi
}
# set_is ID: one set, of ID, on the fake runtime's own pid.
set_is() {
	want="$(cat "$T/out/pid" 2>/dev/null) $1"
	got=$(cat "$T/set.log" 2>/dev/null)
	[ "$got" = "$want" ] && ok "set: $got" || bad "set: want '$want' got '$got'"
}
no_set() { [ -s "$T/set.log" ] && bad "$1: an ID was set: $(cat "$T/set.log")" || ok "$1: no ID set"; }
echo "== create, run: the ID, the arguments untouched"
reset
run_w 0 "" --root /run/x --log=/l create --bundle "$T/b" --pid-file /p --console-socket /s $ID64
args_are "$RT" --root /run/x --log=/l create --bundle "$T/b" --pid-file /p --console-socket /s $ID64
set_is 81985529216486895
reset
run_w 0 "" run -d foobar
args_are "$RT" run -d foobar
set_is 9625390261332436968
reset
echo '{"annotations":{"'$A'":"0x2A"}}' > "$T/b2.json"
run_w 0 "" create -b"$T" --config b2.json -- 'we ird'
args_are "$RT" create -b"$T" --config b2.json -- 'we ird'
set_is 42
# Bytes a shell would mangle, an empty argument, a newline.
reset
run_w 0 "" --debug create --no-pivot "$(printf 'a\nb')" 'x y' ''
args_are "$RT" --debug create --no-pivot "$(printf 'a\nb')" 'x y' ''

echo "== other subcommands: exec'd untouched, same pid, no ID"
for c in "start c1" "kill c1 KILL" "delete --regex c.*" "delete -fr c1" "delete --bogus c1" "state c1x" "list" "--version" "features" "create --help c1"; do
	reset
	# shellcheck disable=SC2086
	(cd "$T/b" && exec "$W" $c) > /dev/null 2>&1 &
	p=$!
	wait $p
	# shellcheck disable=SC2086
	args_are "$RT" $c
	[ "$(cat "$T/out/pid")" = "$p" ] && ok "$c: same pid" || bad "$c: pid $(cat "$T/out/pid") not $p"
	no_set "$c"
done

echo "== fds, stdin, stdout, exit status, signals"
# The runtime's fds through the wrapper are those it has started directly
# (with --preserve-fds 2: 5 and 7; the harness's own are inherited alike).
reset
(cd "$T/b" && exec 5</dev/null 7>/dev/null && exec "$RT" create c1) > /dev/null
direct=$(cat "$T/out/fds")
reset
(cd "$T/b" && exec 5</dev/null 7>/dev/null && exec "$W" create --preserve-fds 2 c1) > /dev/null
f=$(cat "$T/out/fds")
case "$f" in "0 1 2 "*"5 "*"7 "*) ok "fds 5 and 7 reach the runtime: $f" ;; *) bad "fds: $f" ;; esac
[ "$f" = "$direct" ] && ok "the same fds as started directly: $f" || bad "fds $f, directly $direct"
reset
got=$(echo hello | FAKE_STDIN=1 "$W" run -b "$T/b" c1)
[ "$got" = hello ] && ok "stdin to stdout: $got" || bad "stdin/stdout: '$got'"
reset
FAKE_EXIT=42 "$W" run -b "$T/b" c1; rc=$?
[ $rc = 42 ] && ok "exit status 42" || bad "exit status $rc, not 42"
reset
sh -c 'FAKE_KILL=USR1 exec "$1" run -b "$2" c1; ' sh "$W" "$T/b"; rc=$?
[ $rc = 138 ] && ok "killed by USR1 like the runtime (sh: 138)" || bad "signal status $rc, not 138"
reset
FAKE_WAIT=1 "$W" run -b "$T/b" c1 & p=$!
wait_ready $p
kill -TERM $p; wait $p; rc=$?
[ "$(cat "$T/out/signal" 2>/dev/null)" = TERM ] && ok "TERM forwarded to the runtime" || bad "TERM not forwarded"
[ $rc = 3 ] && ok "its status after TERM: 3" || bad "status after TERM $rc, not 3"

echo "== exec: the ID of the container's init"
reset
mkdir -p "$T/proc/4242"; printf 7 > "$T/proc/4242/containerid"
echo '{"ociVersion":"1.0.2","id":"c1","status":"running","pid":4242,"bundle":"/b"}' > "$T/state/c1.json"
run_w 0 "" --root /r exec -t --env A=B -u 0:0 c1 sh -c 'echo x'
args_are "$RT" --root /r exec -t --env A=B -u 0:0 c1 sh -c 'echo x'
set_is 7
reset
mkdir -p "$T/proc/4343"; printf 18446744073709551615 > "$T/proc/4343/containerid"
echo '{"ociVersion":"1.0.2","id":"c2","status":"running","pid":4343}' > "$T/state/c2.json"
run_w 0 "" exec --process /p.json c2
args_are "$RT" exec --process /p.json c2
no_set "exec into a container without an ID"

echo "== the mapping record"
reset
run_w 0 "" run -d foobar
record_is "virt=oci contid=9625390261332436968 runtime=\"fakert\" by=\"wrapper\" id=\"foobar\" bundle=\"$T/b\" vm=? image=? pod=? namespace=? container=?"
# Kubernetes annotations (CRI-O's name and image); hostile values: a quote,
# a space, a newline, a non-ASCII byte are hex; an empty value is "".
reset
cat > "$T/b3.json" <<'JSON'
{"annotations":{"io.kubernetes.pod.name":"web-0","io.kubernetes.pod.namespace":"prod",
 "io.kubernetes.container.name":"nginx","io.kubernetes.cri-o.ContainerName":"k8s_nginx_web'0",
 "io.kubernetes.cri-o.ImageName":"docker.io/library/nginx:1.25",
 "io.kubernetes.cri.image-name":"not this one"}}
JSON
run_w 0 "" create -b "$T" --config b3.json $ID64
record_is "virt=oci contid=81985529216486895 runtime=\"fakert\" by=\"wrapper\" id=\"$ID64\" bundle=\"$T\" vm=6B38735F6E67696E785F7765622730 image=\"docker.io/library/nginx:1.25\" pod=\"web-0\" namespace=\"prod\" container=\"nginx\""
reset
printf '{"annotations":{"org.linux-audit.containername":"a b\\n\\u00e9","io.kubernetes.cri.sandbox-name":"","io.kubernetes.cri.container-name":"\\"x"}}' > "$T/b4.json"
run_w 0 "" create -b "$T" --config b4.json 'c"1'
record_is "virt=oci contid=17776325762368178291 runtime=\"fakert\" by=\"wrapper\" id=632231 bundle=\"$T\" vm=6120620AC3A9 image=? pod=\"\" namespace=? container=2278"
# A value longer than 512 bytes is cut to its first 512.
reset
long=$(printf '%0600d' 0)
printf '{"annotations":{"io.kubernetes.pod.name":"%s"}}' "$long" > "$T/b5.json"
run_w 0 "" create -b "$T" --config b5.json c5
record_is "virt=oci contid=622203767660113701 runtime=\"fakert\" by=\"wrapper\" id=\"c5\" bundle=\"$T\" vm=? image=? pod=\"$(printf '%0512d' 0)\" namespace=? container=?"
# exec and the other subcommands set nothing new: no record.
reset
mkdir -p "$T/proc/4242"; printf 7 > "$T/proc/4242/containerid"
run_w 0 "" exec c1 true
no_record "exec"
reset
(cd "$T/b" && "$W" delete c1) > /dev/null 2>&1
no_record "delete"
# No CAP_AUDIT_WRITE: a warning, the runtime runs with its ID.
reset
FAKE_AUDIT_ERR=EPERM run_w 0 "contidctl: runtime: warning: cannot write the mapping record of container foobar (ID 9625390261332436968): permission denied (CAP_AUDIT_WRITE is needed) (EPERM)" run foobar
set_is 9625390261332436968
# The hook's record: the state's id and bundle, the runtime unknown.
reset
rm -rf "$T/proc/4242"
printf '{"id":"h1","pid":4242,"bundle":"/run/b","annotations":{"io.kubernetes.pod.namespace":"ns"}}' |
	"$FAKE" oci-hook 2> "$T/stderr"; rc=$?
[ $rc = 0 ] && [ ! -s "$T/stderr" ] && ok "hook: set, exit 0" || bad "hook: $rc $(cat "$T/stderr")"
record_is "virt=oci contid=628963565149030354 runtime=? by=\"hook\" id=\"h1\" bundle=\"/run/b\" vm=? image=? pod=? namespace=\"ns\" container=?"

echo "== failures: exact messages, nothing started"
P="contidctl: runtime:"
reset
echo '{"annotations":{"'$A'":"12x"}}' > "$T/b/config.json"
run_w 1 "$P create: ./config.json: invalid container ID '12x' in the annotation $A: not a decimal or 0x hex number" create c1
[ -f "$T/out/argv" ] && bad "the runtime ran after a bad annotation" || ok "bad annotation: no runtime"
no_record "bad annotation"
echo '{"annotations":[]}' > "$T/b/config.json"
run_w 1 "$P run: ./config.json: the configuration's \"annotations\" is not an object" run c1
echo '{"ociVersion":"1.0.2"}' > "$T/b/config.json"
run_w 1 "$P create: cannot read /nonexistent/config.json: No such file or directory (ENOENT)" create --bundle /nonexistent c1
run_w 1 "$P create: unknown option '--bogus'" create --bogus c1
run_w 1 "$P create: option '--bundle' needs a value" create --bundle
run_w 1 "$P create: no container id" create -d
run_w 1 "$P runtime: unknown option '--new-global'" --new-global x create c1
reset
FAKE_SET_ERR=NOSUPPORT run_w 1 "contidctl: runtime: create: cannot start $RT with the container ID 9625390261332436968 (85944171f73967e8) of container foobar: the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)" create foobar
[ -f "$T/out/argv" ] && bad "the runtime ran without its ID" || ok "kernel without IDs: no runtime"
no_record "kernel without IDs"
run_w 1 "container does not exist
$P exec: cannot find container nosuch: '$RT state' failed (exit status 1)" exec nosuch sh
rm -rf "$T/proc/4242"
run_w 1 "$P exec: cannot read the container ID of container c1 (pid 4242): no such task (ESRCH)" exec c1 sh
CONTID_RUNTIME_PATH=/nonexistent/runc run_w 1 "$P cannot execute the real runtime '/nonexistent/runc': No such file or directory (ENOENT)" create c1
CONTID_RUNTIME_PATH=/nonexistent/runc run_w 1 "$P cannot execute the real runtime '/nonexistent/runc': No such file or directory (ENOENT)" delete c1
CONTID_RUNTIME_PATH=relative run_w 1 "$P CONTID_RUNTIME_PATH is not an absolute path" delete c1
ln -s "$(readlink "$W")" "$T/contid-no-such-runtime-x"
(unset CONTID_RUNTIME_PATH; cd "$T/b" && "$T/contid-no-such-runtime-x" list) 2> "$T/stderr"; rc=$?
want="$P cannot find the real runtime 'no-such-runtime-x' in /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin (set CONTID_RUNTIME_PATH)"
[ $rc = 1 ] && [ "$(cat "$T/stderr")" = "$want" ] && ok "runtime not found" || bad "runtime not found: $rc $(cat "$T/stderr")"

echo "== the hook after the wrapper: init holds the ID, nothing written"
reset
mkdir -p "$T/proc/4242"; printf 81985529216486895 > "$T/proc/4242/containerid"
printf '{"id":"%s","pid":4242}' $ID64 | FAKE_SET_ERR=EBUSY "$FAKE" oci-hook 2> "$T/stderr"; rc=$?
[ $rc = 0 ] && [ ! -s "$T/stderr" ] && ok "hook: same ID already held: exit 0" || bad "hook with the ID held: $rc $(cat "$T/stderr")"
printf 5 > "$T/proc/4242/containerid"
printf '{"id":"%s","pid":4242}' $ID64 | FAKE_SET_ERR=EEXIST "$FAKE" oci-hook 2> "$T/stderr"; rc=$?
want="contidctl: oci-hook: cannot set the container ID of container $ID64 (pid 4242) to 81985529216486895 (0123456789abcdef): the task's container ID is already set (EEXIST)"
[ $rc = 1 ] && [ "$(cat "$T/stderr")" = "$want" ] && ok "hook: another ID held: the write decides" || bad "hook, other ID: $rc $(cat "$T/stderr")"

[ "$fails" = 0 ] && echo "PASS: runtime" || { echo "FAIL: runtime: $fails"; exit 1; }
