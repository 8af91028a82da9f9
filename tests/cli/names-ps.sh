#!/bin/sh
# Issue 30: the name files (docs/oci-hook.md, "Names in contidctl ps"),
# with the fake contidctl of runtime.sh (tests/cli/contidctl-fake: a fake
# /proc/PID/containerid, a fake audit socket) and CONTID_NAME_DIR for
# /run/contid: nothing is set or written outside a temporary directory.
# Checks: the wrapper writes none where the directory is missing, the
# record's text where it exists (0644, no temporary file left), a warning
# when it cannot; ps shows each ID's name from its file, escaped as
# parse -i escapes it, and believes no file that is group-writable or
# names another ID.
srcdir=${srcdir:-.}
. "$srcdir/tests/cli/wrapper-lib.sh"
sleeps=
trap 'is_main && { for p in $sleeps; do kill $p; done; rm -rf "$T"; }' EXIT
echo '{"annotations":{"org.linux-audit.containerid":"4242","org.linux-audit.containername":"webshop"}}' \
	> "$T/b/config.json"

echo "== the wrapper writes the name file"
run_w 0 "" create c1
[ -e "$T/names" ] && bad "the name directory was created" || ok "no directory: no file"
mkdir "$T/names"
run_w 0 "" create c1
text="virt=oci contid=4242 runtime=\"fakert\" by=\"wrapper\" id=\"c1\" bundle=\"$T/b\" vm=\"webshop\" image=? pod=? namespace=? container=?"
if [ "$(cat "$T/names/4242")" = "$text" ] && [ "$(stat -c %a "$T/names/4242")" = 644 ] &&
   [ "$(ls -A "$T/names")" = 4242 ]; then
	ok "the file: the record's text, 0644, no temporary file"
else
	bad "name file: $(ls -lA "$T/names"; cat "$T/names/4242")"
fi
rmdir "$T/names" 2>/dev/null; rm -rf "$T/names"; : > "$T/names"
run_w 0 "contidctl: runtime: warning: cannot write the name file of container c1 (ID 4242): not a directory (ENOTDIR)" create c1
rm -f "$T/names"; mkdir "$T/names"
# the hook's (the ID and text of runtime.sh's hook case)
printf '{"id":"h1","pid":4242,"bundle":"/run/b","annotations":{"io.kubernetes.pod.namespace":"ns"}}' |
	"$FAKE" oci-hook 2> "$T/stderr"; rc=$?
if [ $rc = 0 ] && [ ! -s "$T/stderr" ] &&
   [ "$(cat "$T/names/628963565149030354")" = 'virt=oci contid=628963565149030354 runtime=? by="hook" id="h1" bundle="/run/b" vm=? image=? pod=? namespace="ns" container=?' ]; then
	ok "the hook writes the name file"
else
	bad "hook: $rc $(cat "$T/stderr") $(ls -A "$T/names")"
fi
rm -f "$T/names/"*

echo "== ps shows the names"
# task ID: a sleeping task of this test holding ID (fake /proc)
task() {
	sleep 100000 &
	sleeps="$sleeps $!"
	# ps shows the comm: wait until the child has exec'd sleep (seen as
	# "bash" under a loaded CI run); no time limit of its own either
	while kill -0 $! 2>/dev/null && [ "$(cat /proc/$!/comm 2>/dev/null)" != sleep ]; do
		:
	done
	mkdir -p "$T/proc/$!/task/$!"
	printf %s "$1" > "$T/proc/$!/task/$!/containerid"
	eval "pid_$1=$!"
}
task 4242; task 77; task 5; task 6; task 8
run_w 0 "" create c1
# a forged vm=: "a) x" and a newline, Kubernetes' parts
printf '%s\n' 'virt=oci contid=77 runtime="runc" by="hook" id="c77" bundle="/b" vm=612920780A image=? pod="shop-7d9" namespace="prod" container="nginx"' > "$T/names/77"
# group-writable: not believed; naming another ID: not believed
printf '%s\n' 'virt=oci contid=5 runtime=? by="hook" id="five" bundle=? vm=? image=? pod=? namespace=? container=?' > "$T/names/5"
chmod 664 "$T/names/5"
printf '%s\n' 'virt=oci contid=7 runtime=? by="hook" id="seven" bundle=? vm=? image=? pod=? namespace=? container=?' > "$T/names/6"
# id= when vm= is unknown
printf '%s\n' 'virt=oci contid=8 runtime=? by="hook" id="eight" bundle=? vm=? image=? pod=? namespace=? container=?' > "$T/names/8"
"$FAKE" ps --set > "$T/ps" 2> "$T/stderr"; rc=$?
row() {
	eval "p=\$pid_$1"
	printf '%-20s %016x %8s %8s %-12s %s\n' "$2" "$1" "$p" "$p" \
		"$(stat -L -c %i /proc/$p/ns/net)" sleep
}
{
	printf '%-20s %-16s %8s %8s %-12s %s\n' CONTID HEXID PID TID NETNS COMM
	row 5 5; echo; row 6 6; echo; row 8 "8(eight)"; echo
	row 77 "77(a\\x29\\x20x\\x0a,namespace=prod,pod=shop-7d9,container=nginx)"; echo
	row 4242 "4242(webshop)"
} > "$T/want"
if [ $rc = 0 ] && [ ! -s "$T/stderr" ] && cmp -s "$T/want" "$T/ps"; then
	ok "ps: names from the files, escaped; files not believed ignored"
else
	bad "ps: $rc $(cat "$T/stderr"): $(diff "$T/want" "$T/ps")"
fi
"$FAKE" --json ps --contid 4242 > "$T/ps" 2> "$T/stderr"
case "$(cat "$T/ps")" in
'{"contid":4242,"pid":'*) ok "--json ps: unchanged" ;;
*) bad "--json ps: $(cat "$T/ps" "$T/stderr")" ;;
esac

echo "== the wrapper's delete removes its container's files, once deleted"
for p in $sleeps; do kill $p; done
sleeps=
rm -rf "$T/names"; mkdir "$T/names"
# name ID RUNTIME ID-FIELD: a file as the wrapper or the hook writes it
name() {
	printf 'virt=oci contid=%s runtime=%s by="wrapper" id=%s bundle="/b" vm=? image=? pod=? namespace=? container=?\n' \
		"$1" "$2" "$3" > "$T/names/$1"
}
fill() {
	rm -rf "$T/names"; mkdir "$T/names"
	name 1 '"fakert"' '"c1"'       # c1's: removed by a successful delete c1
	name 2 '"fakert"' '"c1x"'      # another container
	name 3 '"runc"' '"c1"'         # another runtime's c1
	name 4 '?' '"c1"'              # the hook's (runtime unknown)
	name 5 '"fakert"' '632031'     # "c 1", hex-encoded as the wrapper writes it
	name 6 '"fakert"' '"c1"'; chmod 664 "$T/names/6" # not believed: stays
	mkdir "$T/names/7"             # not a file
	name 8 '"fakert"' '"c1"'; mv "$T/names/8" "$T/names/.8.abcdef" # a temporary file
	printf 'virt=oci contid=10 runtime="fakert" by="wrapper" id="c1" bundle="/b" vm=? image=? pod=? namespace=? container=?\n' \
		> "$T/names/9"                 # names another ID: not believed
}
files_are() {
	got=$(cd "$T/names" && ls -A | sort | tr '\n' ' ')
	[ "$got" = "$1" ] && ok "$2: files left: $got" || bad "$2: files left '$got', want '$1'"
}
all=".8.abcdef 1 2 3 4 5 6 7 9 "
fill
reset_out() { rm -f "$T/out/"*; }
reset_out
FAKE_EXIT=1 "$W" delete c1 > "$T/stdout" 2> "$T/stderr"; rc=$?
[ $rc = 1 ] && [ ! -s "$T/stderr" ] && ok "delete c1, the runtime failing: status 1, no message of ours" ||
	bad "delete c1 (runtime fails): $rc '$(cat "$T/stderr")'"
files_are "$all" "a failed delete"
reset_out
(exec "$W" --root /r delete --force c1) > "$T/stdout" 2> "$T/stderr" & p=$!
wait $p; rc=$?
printf '%s\0' "$RT" --root /r delete --force c1 > "$T/want-argv"
[ $rc = 0 ] && [ ! -s "$T/stderr" ] && [ ! -s "$T/stdout" ] && cmp -s "$T/want-argv" "$T/out/argv" &&
	[ "$(cat "$T/out/pid")" != "$p" ] &&
	ok "delete --force c1: status 0, the arguments untouched, the runtime waited for (its own pid)" ||
	bad "delete --force c1: $rc '$(cat "$T/stderr")' argv $(tr '\0' ' ' < "$T/out/argv")"
files_are ".8.abcdef 2 3 4 5 6 7 9 " "delete c1"
"$W" delete -f 'c 1' 2> "$T/stderr"; rc=$?
[ $rc = 0 ] && [ ! -s "$T/stderr" ] && ok "delete -f 'c 1': 0" || bad "delete 'c 1': $rc $(cat "$T/stderr")"
files_are ".8.abcdef 2 3 4 6 7 9 " "delete 'c 1' (its id hex-encoded in the file)"
fill
sh -c 'FAKE_KILL=USR1 exec "$1" delete c1' sh "$W"; rc=$?
[ $rc = 138 ] && ok "delete: killed by USR1 like the runtime (sh: 138)" || bad "delete, USR1: $rc, not 138"
files_are "$all" "a delete killed by a signal"
got=$(echo in | FAKE_STDIN=1 FAKE_EXIT=0 "$W" delete c1 2> "$T/stderr")
[ "$got" = in ] && [ ! -s "$T/stderr" ] && ok "delete: stdin to the runtime, its stdout ours" ||
	bad "delete stdin/stdout: '$got' $(cat "$T/stderr")"
reset_out
FAKE_WAIT=1 "$W" delete c1x & p=$!
wait_ready $p
kill -TERM $p; wait $p; rc=$?
[ "$(cat "$T/out/signal" 2>/dev/null)" = TERM ] && [ $rc = 3 ] && ok "delete: TERM forwarded, its status 3" ||
	bad "delete: TERM: $(cat "$T/out/signal" 2>/dev/null), status $rc"
files_are ".8.abcdef 2 3 4 5 6 7 9 " "delete c1x (status 3): c1's gone before, c1x's stays"
fill
"$W" delete --regex c1 2> "$T/stderr"; rc=$?
files_are "$all" "delete --regex (passed untouched)"
rm -rf "$T/names"
"$W" delete c1 2> "$T/stderr"; rc=$?
[ $rc = 0 ] && [ ! -s "$T/stderr" ] && ok "delete, no name directory: 0, quiet" || bad "no directory: $rc $(cat "$T/stderr")"
: > "$T/names"
"$W" delete c1 2> "$T/stderr"; rc=$?
want="contidctl: runtime: warning: cannot remove the name file of container c1: not a directory (ENOTDIR)"
[ $rc = 0 ] && [ "$(cat "$T/stderr")" = "$want" ] && ok "names not a directory: 0, $want" ||
	bad "names a file: $rc '$(cat "$T/stderr")'"
rm -f "$T/names"
CONTID_RUNTIME_PATH=$T/nonexistent "$W" delete c1 2> "$T/stderr"; rc=$?
want="contidctl: runtime: cannot execute the real runtime '$T/nonexistent': No such file or directory (ENOENT)"
[ $rc = 1 ] && [ "$(cat "$T/stderr")" = "$want" ] && ok "delete, the runtime missing: 1, $want" ||
	bad "delete, runtime missing: $rc '$(cat "$T/stderr")'"

echo "$fails failed"
[ "$fails" = 0 ]
