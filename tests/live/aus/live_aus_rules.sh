#!/bin/sh
# The patched auditctl and contidctl on the same rules: each rule with a
# contid field added by auditctl is listed identically by auditctl -l and
# contidctl rule list, and auditctl -d deletes it; each added by contidctl
# rule add is listed the same by auditctl -l and deleted by auditctl -d.
# The exit, user and exclude lists (io_uring: see below); = and !=; the field before,
# between and after string fields.  auditctl -s names the feature bit.
. /usr/share/contid/aus/common.sh
T=$(mktemp -d /tmp/aus_rules.XXXXXX)

echo "== auditctl -s"
auditctl -s > "$T/s" 2>&1; rc=$?
check "auditctl -s: exit status" 0 "$rc"
check "auditctl -s: containerid_filter" "containerid_filter 1" "$(grep '^containerid_filter' "$T/s")"

# contid_rules CMD...: the rules with a contid field CMD lists (other
# suites' rules, if any, are not this test's).
contid_rules() { "$@" 2>&1 | grep -- 'contid' ; }
check "no contid rule at the start (auditctl -l)" "" "$(contid_rules auditctl -l)"

# Each line: the rule as given, then "|", then as auditctl -l prints it.
cat > "$T/rules" <<'RULES'
-a always,exit -F arch=b64 -S openat -F contid=720001 -k ausr|-a always,exit -F arch=b64 -S openat -F contid=720001 -F key=ausr
-a exit,always -F arch=b64 -S openat,unlinkat -F contid!=720002 -F uid=0 -k ausr|-a always,exit -F arch=b64 -S openat,unlinkat -F contid!=720002 -F uid=0 -F key=ausr
-a always,exit -F dir=/tmp -F perm=wa -F contid=18446744073709551614 -F key=ausr|-a always,exit -S all -F dir=/tmp -F perm=wa -F contid=18446744073709551614 -F key=ausr
-a always,exit -F dir=/tmp -F contid=720004 -F perm=wa -k a -k b|-a always,exit -S all -F dir=/tmp -F contid=720004 -F perm=wa -F key=a -F key=b
-a always,exit -F contid=720005 -F path=/tmp -F perm=r|-a always,exit -S all -F contid=720005 -F path=/tmp -F perm=r
-a always,user -F contid=720006|-a always,user -F contid=720006
-a never,user -F uid=0 -F contid!=720007|-a never,user -F uid=0 -F contid!=720007
-a never,exclude -F contid=720008|-a never,exclude -F contid=720008
-a always,exclude -F contid!=720009|-a always,exclude -F contid!=720009
RULES
# The io_uring list: with the field where this tree's kernel series takes
# it there (stage.sh), else below.
URING=$(cat /etc/contid-aus/contid-uring)
if [ "$URING" = 1 ]; then
	cat >> "$T/rules" <<'RULES'
-a always,io_uring -F contid=720010|-a always,io_uring -S all -F contid=720010
-a always,io_uring -S 18 -F contid!=720011|-a always,io_uring -S 18 -F contid!=720011
RULES
fi
i=0
while IFS='|' read -r rule want; do
	i=$((i + 1))
	del=$(echo "$rule" | sed 's/^-a /-d /')
	echo "== $i: auditctl $rule"
	# shellcheck disable=SC2086
	auditctl $rule > "$T/out" 2>&1; rc=$?
	check "auditctl -a: exit status" 0 "$rc"
	[ "$rc" = 0 ] || cat "$T/out"
	check "auditctl -l" "$want" "$(contid_rules auditctl -l)"
	check "contidctl rule list" "$want" "$(contid_rules "$C" rule list)"
	# shellcheck disable=SC2086
	auditctl $del > "$T/out" 2>&1; rc=$?
	check "auditctl -d: exit status" 0 "$rc"
	check "after auditctl -d: auditctl -l" "" "$(contid_rules auditctl -l)"
	check "after auditctl -d: contidctl rule list" "" "$(contid_rules "$C" rule list)"

	echo "== $i: contidctl rule add -- $rule"
	# shellcheck disable=SC2086
	"$C" rule add -- $rule > "$T/out" 2>&1; rc=$?
	check "contidctl rule add: exit status" 0 "$rc"
	[ "$rc" = 0 ] || cat "$T/out"
	check "auditctl -l" "$want" "$(contid_rules auditctl -l)"
	# shellcheck disable=SC2086
	auditctl $del > "$T/out" 2>&1; rc=$?
	check "auditctl -d of contidctl's rule: exit status" 0 "$rc"
	check "after auditctl -d: contidctl rule list" "" "$(contid_rules "$C" rule list)"
done < "$T/rules"
check "rules checked" $((9 + 2 * URING)) "$i"

echo "== the io_uring list"
# auditctl's io_uring list (patch 0006), with a field the kernel takes there
auditctl -a always,io_uring -S 18 -F uid=0 -k ausr > "$T/out" 2>&1; rc=$?
check "auditctl -a always,io_uring -S 18 -F uid=0 -k ausr: exit status" 0 "$rc"
want="-a always,io_uring -S 18 -F uid=0 -F key=ausr"
check "auditctl -l" "$want" "$(auditctl -l 2>&1 | grep -- 'io_uring')"
check "contidctl rule list" "$want" "$("$C" rule list 2>&1 | grep -- 'io_uring')"
auditctl -d always,io_uring -S 18 -F uid=0 -k ausr > "$T/out" 2>&1; rc=$?
check "auditctl -d of the io_uring rule: exit status" 0 "$rc"
check "after auditctl -d" "" "$(auditctl -l 2>&1 | grep -- 'io_uring')"
# The field itself: docs/interfaces.md allows it on the
# io_uring list and the patched libaudit packs it; a kernel series that
# refuses it there (kernel/patches/0005 before V3) answers EINVAL.
if [ "$URING" = 0 ]; then
	auditctl -a always,io_uring -F contid=720010 > "$T/out" 2>&1; rc=$?
	check "auditctl -a always,io_uring -F contid=720010: exit status (kernel: EINVAL)" 1 "$rc"
	check "auditctl's message" "Error sending add rule data request (Invalid argument)" "$(head -n1 "$T/out")"
	check "no io_uring rule listed" "" "$(auditctl -l 2>&1 | grep -- 'io_uring')"
fi

echo "== auditctl -l -i: the unset ID as \"unset\""
auditctl -a always,exit -F arch=b64 -S openat -F contid=unset -k ausr > "$T/out" 2>&1; rc=$?
check "auditctl -a ... -F contid=unset: exit status" 0 "$rc"
check "auditctl -l" "-a always,exit -F arch=b64 -S openat -F contid=$U -F key=ausr" "$(contid_rules auditctl -l)"
check "auditctl -l -i (arch interpreted too)" "-a always,exit -F arch=x86_64 -S openat -F contid=unset -F key=ausr" "$(contid_rules auditctl -l -i)"
check "contidctl rule list" "-a always,exit -F arch=b64 -S openat -F contid=$U -F key=ausr" "$(contid_rules "$C" rule list)"
auditctl -d always,exit -F arch=b64 -S openat -F contid=$U -k ausr > "$T/out" 2>&1; rc=$?
check "auditctl -d ... -F contid=$U: exit status" 0 "$rc"
check "after auditctl -d" "" "$(contid_rules auditctl -l)"

echo "== refusals: auditctl refuses what the kernel would"
for r in "contid>=5" "contid<5" "contid&5" "contid=abc" "contid=-1" "contid=18446744073709551616"; do
	auditctl -a always,exit -F "$r" > "$T/out" 2>&1; rc=$?
	[ "$rc" != 0 ] && ok "auditctl -F $r refused (exit $rc): $(head -n1 "$T/out")" ||
		bad "auditctl -F $r: exit status 0"
done
auditctl -a always,task -F contid=5 > "$T/out" 2>&1; rc=$?
[ "$rc" != 0 ] && ok "auditctl -a always,task -F contid=5 refused (exit $rc): $(head -n1 "$T/out")" ||
	bad "auditctl -a always,task -F contid=5: exit status 0"
check "no contid rule at the end" "" "$(contid_rules auditctl -l)"

rm -rf "$T"
finish live_aus_rules
