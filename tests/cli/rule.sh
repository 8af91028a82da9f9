#!/bin/sh
# contidctl rule print: the long options and auditctl rules after "--",
# read by the library's one rule parser and printed as auditctl -l prints
# them (the text "rule list" prints for the rule the kernel keeps); the
# exact stdout, stderr (auditctl's 32/64 bit warning) and exit status.
# No kernel is involved: "rule print" opens no socket.
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
fails=0
n=0

# expect STATUS "STDOUT" "STDERR" ARGS...
expect() {
	want_rc=$1 want_out=$2 want_err=$3
	shift 3
	n=$((n + 1))
	"$CONTIDCTL" "$@" >cli-rule.out 2>cli-rule.err
	rc=$?
	got_out=$(cat cli-rule.out)
	got_err=$(cat cli-rule.err)
	if [ "$rc" != "$want_rc" ] || [ "$got_out" != "$want_out" ] ||
	   [ "$got_err" != "$want_err" ]; then
		echo "FAIL: contidctl $*"
		echo "  want status $want_rc, stdout: $want_out"
		echo "                  stderr: $want_err"
		echo "  got  status $rc, stdout: $got_out"
		echo "                  stderr: $got_err"
		fails=$((fails + 1))
	else
		echo "ok: contidctl $*"
	fi
}
# p "PRINTED" ARGS...: rule print prints PRINTED, nothing on stderr
p() { out=$1; shift; expect 0 "$out" "" rule print "$@"; }
# same, and the printed text pasted back prints itself
pp() {
	out=$1; shift
	expect 0 "$out" "" rule print "$@"
	# shellcheck disable=SC2086
	expect 0 "$out" "" rule print -- $out
}
# w "PRINTED" ARGS...: printed after auditctl's warning
W="WARNING - 32/64 bit syscall mismatch, you should specify an arch"
w() { out=$1; shift; expect 0 "$out" "$W" rule print "$@"; }
# u "MESSAGE" ARGS...: usage error of rule print
u() { msg=$1; shift; expect 2 "" "contidctl: rule print: $msg
Try 'contidctl rule print --help'." rule print "$@"; }

echo "== the long options: one rule-building path with auditctl's"
p "-a always,exit -S all -F dir=/tmp -F perm=wa -F contid=123459 -F key=tmpcontainerid" \
	--dir /tmp --perm wa --contid 123459 --key tmpcontainerid
# -k twice is one key field, \001-joined, printed as two (auditctl -l)
w "-a never,exit -S openat,unlinkat -F contid!=5 -F uid=0 -F key=a -F key=b" \
	--action never --syscall openat -S 263 -F contid!=5 -F uid=0 -k a --key b
p "-a always,exclude -F msgtype=CWD -F contid=7" --list exclude -F msgtype=CWD -F containerid=7
p "-a always,user -F contid=7 -F uid=0" --list user --contid 7 -F uid=root
p "-a always,exit -F arch=b32 -S open -F contid=7" --contid 7 -F arch=b32 --syscall open

echo "== auditctl rules after --"
pp "-a always,exit -F arch=b64 -S close,openat -F contid=7 -F key=k" \
	-- -a always,exit -F arch=b64 -S openat,close -F contid=7 -k k
pp "-a always,exit -F arch=b32 -S open -F contid=7" -- -a always,exit -F arch=b32 -S open -F contid=7
# STIG's b32 rule: the i386 numbers (15, 94, 306), printed as i386 names
pp "-a always,exit -F arch=b32 -S chmod,fchmod,fchmodat -F auid>=1000 -F auid!=-1 -F key=perm_mod" \
	-- -a always,exit -F arch=b32 -S chmod,fchmod,fchmodat -F auid\>=1000 -F auid!=unset -k perm_mod
pp "-a always,exit -F arch=b32 -S 2047 -F key=x" -- -a exit,always -F arch=i386 -S 2047 -F key=x
pp "-w /etc/passwd -p wa -k identity" -- -w /etc/passwd -p wa -k identity
pp "-w /etc/sudoers.d -p wa -k scope" -- -w /etc/sudoers.d/ -p wa -k scope
pp "-w /nonexistent/file -p rwxa" -- -w /nonexistent/file
pp "-a always,exit -F arch=b64 -S all -C uid!=auid -F key=a -F key=b" \
	-- -a always,exit -F arch=b64 -S all -C auid!=uid -k a -F key=b
pp "-a always,exit -F arch=b64 -S execve -C uid!=euid -F euid=0 -F key=execpriv" \
	-- -a always,exit -F arch=b64 -S execve -C uid!=euid -F euid=0 -F key=execpriv
pp "-a always,exit -S all -F uid=0 -F gid=0 -F auid=-1" -- -a always,exit -F uid=root -F gid=root -F auid=unset
pp "-a never,exclude -F msgtype=CWD" -- -a exclude,never -F msgtype=CWD
pp "-a always,exit -F arch=b64 -S open -F exit=-EACCES -F success=0 -F a1&=0x3 -F key=access" \
	-- -a always,exit -F arch=b64 -S open -F exit=-EACCES -F success=0 -F a1\&=3 -k access
p "-a always,exit -F arch=b64 -S open -F uid=0 -F key=k" -- -a always,exit -k k -F uid=0 -F arch=b64 -S open
p "-A always,exit -F arch=b64 -S open" -- -A always,exit -Farch=b64 -Sopen
# -S before any arch=: the machine's arch, and auditctl 3.0.9's warning
# when the i386 numbers differ (open: 2 on x86_64, 5 on i386)
if [ "$(uname -m)" = x86_64 ]; then
	w "-a always,exit -S open -F key=k" -- -a always,exit -S open -k k
	# a number is the same in both: no warning (5 is fstat on x86_64)
	p "-a always,exit -S fstat -F key=k" -- -a always,exit -S 5 -k k
	p "-a always,exit -S all" -- -a always,exit -S all
fi

echo "== refusals"
u "-F arch=b32 must be before -S" -- -a always,exit -S open -F arch=b32
u "unknown system call 'newfstatat' for arch b32" -- -a always,exit -F arch=b32 -S open,newfstatat
u "unknown system call 'fstatat64'" -- -a always,exit -F arch=b64 -S fstatat64
u "unknown system call 'opne'" --contid 1 --syscall opne
u "unknown arch in '-F arch=b16': use b64, b32, x86_64, i386 or an AUDIT_ARCH number" -- -a always,exit -F arch=b16 -S open
u "unknown user 'nosuchuser-x' in '-F uid=nosuchuser-x'" -- -a always,exit -F uid=nosuchuser-x
u "unknown user 'nosuchuser-x' in '-F auid!=nosuchuser-x'" -- -a always,exit -F auid!=nosuchuser-x
u "unknown group 'nosuchgroup-x' in '-F gid=nosuchgroup-x'" -- -a always,exit -F gid=nosuchgroup-x
u "invalid value in '-F sessionid=root'" -- -a always,exit -F sessionid=root
u "invalid watch path 'etc/passwd': must start with '/'" -- -w etc/passwd
u "invalid permission 'rwq': use the letters r, w, x and a" -- -w /etc/passwd -p rwq
u "fields that cannot be compared in '-C uid=gid'" -- -a always,exit -C uid=gid
u "unknown field in '-C uid=bogus'" -- -a always,exit -C uid=bogus
u "invalid comparison '-C uid<auid': expected FIELD=FIELD or FIELD!=FIELD" -- -a always,exit -C "uid<auid"
u "field not allowed on this filter list in '-C uid=auid'" -- -a always,user -C uid=auid
u "-S is not allowed on this filter list" -- -a always,exclude -S open
u "a second rule at '-a always,exit': one -a or -w per rule" -- -a always,exit -a always,exit
u "a second rule at '-w /etc': one -a or -w per rule" -- -a always,exit -w /etc
u "invalid '-a always,bogus': expected ACTION,LIST (always or never; exit, user, exclude, task, filesystem or io_uring)" -- -a always,bogus
u "the rule must start with -a LIST,ACTION or -w PATH, not '-F uid=0'" -- -F uid=0
u "unknown rule option '-x'" -- -a always,exit -x 1
u "option '-F' needs an argument" -- -a always,exit -F
u "unexpected argument 'extra' in the rule" -- -a always,exit extra
u "no system call in '-S ,'" -- -a always,exit -S ,
u "invalid key in '-k $(printf 'a\001')'" -- -a always,exit -k "$(printf 'a\001')"
u "invalid value in '-F key=a b'" -- -a always,exit -F "key=a b"
u "-p needs a field before it" -- -a always,exit -p wa
u "give the rule either as options or after --, not both" --contid 5 -- -a always,exit
u "missing rule: start with -a LIST,ACTION or -w PATH" --
expect 2 "" "contidctl: rule add: -d and -W delete a rule: use 'contidctl rule del'
Try 'contidctl rule add --help'." rule add -- -d always,exit -S all

rm -f cli-rule.out cli-rule.err
echo "$n checks, $fails failed"
[ "$fails" = 0 ]
