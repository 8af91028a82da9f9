#!/bin/sh
# contidctl get and ps as a user without CAP_AUDIT_CONTROL: the kernel
# refuses to read a container ID to an opener without the capability
# (EPERM, the user's own tasks) and the file's mode refuses the open of
# another user's task (EACCES); contidctl says why, exactly.
C=${CONTIDCTL:-/usr/sbin/contidctl}
T=$(mktemp -d /tmp/live_cli_perm.XXXXXX)
chmod 0777 "$T"
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
U=contidtest
# busybox su needs the user in /etc/passwd.
grep -q "^$U:" /etc/passwd 2>/dev/null ||
	echo "$U:x:1000:1000:live test user:/tmp:/bin/sh" >> /etc/passwd
[ "$(su -s /bin/sh "$U" -c 'id -u')" = 1000 ] && ok "su to $U (uid 1000)" ||
	{ bad "cannot run as $U"; exit 1; }
want_cause="permission denied: reading container IDs takes CAP_AUDIT_CONTROL (CONTID_E_READPERM)"

echo "== get of the user's own task: the kernel refuses the read"
su -s /bin/sh "$U" -c "sleep 100000 & echo \$! > $T/pid; $C get \$(cat $T/pid) > $T/out 2> $T/err; echo \$? > $T/rc; kill \$(cat $T/pid)"
p=$(cat "$T/pid")
want="contidctl: cannot get the container ID of $p: $want_cause"
[ "$(cat "$T/rc")" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && [ ! -s "$T/out" ] &&
	ok "get own task: $want" || bad "get own task: rc=$(cat "$T/rc") err=$(cat "$T/err") out=$(cat "$T/out")"

echo "== get of root's task (pid 1): the file's mode refuses the open"
su -s /bin/sh "$U" -c "$C get 1 > $T/out 2> $T/err; echo \$? > $T/rc"
want="contidctl: cannot get the container ID of 1: $want_cause"
[ "$(cat "$T/rc")" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && [ ! -s "$T/out" ] &&
	ok "get pid 1: $want" || bad "get pid 1: rc=$(cat "$T/rc") err=$(cat "$T/err")"

echo "== ps: refused as a whole, with the reason"
su -s /bin/sh "$U" -c "$C ps > $T/out 2> $T/err; echo \$? > $T/rc"
want="contidctl: cannot read the container IDs of the tasks: $want_cause"
[ "$(cat "$T/rc")" = 1 ] && [ "$(cat "$T/err")" = "$want" ] && [ ! -s "$T/out" ] &&
	ok "ps: $want" || bad "ps: rc=$(cat "$T/rc") err=$(cat "$T/err") out=$(head -c 300 "$T/out")"
su -s /bin/sh "$U" -c "$C --json ps > $T/out 2> $T/err; echo \$? > $T/rc"
[ "$(cat "$T/rc")" = 1 ] && [ "$(cat "$T/err")" = "$want" ] &&
	ok "ps --json: the same" || bad "ps --json: rc=$(cat "$T/rc") err=$(cat "$T/err")"

echo "== root still reads"
got=$("$C" get 1)
[ "$got" = unset ] && ok "root: get 1 = unset" || bad "root: get 1 = '$got'"

rm -rf "$T"
[ "$fails" = 0 ] && echo "PASS: live_cli_perm" || { echo "FAIL: live_cli_perm: $fails check(s)"; exit 1; }
