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
trap 'for p in $sleeps; do kill $p; done; rm -rf "$T"' EXIT
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
	sleep 60 &
	sleeps="$sleeps $!"
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

echo "$fails failed"
[ "$fails" = 0 ]
