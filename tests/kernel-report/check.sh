#!/bin/sh
# kernel/scripts/run-qemu.sh fails a run on kernel reports it finds with
#   grep -a -n -E -f kernel/scripts/splat-patterns LOG
# This feeds that same grep, with that same pattern file, sample lines of
# each kind of report (reports: KASAN, BUG, soft lockup, WARN, cut here,
# panic, GPF, oops, lockdep's three, RCU usage, sleeping in atomic, UBSAN,
# list corruption, kmemleak, RCU stalls, hung task, hard lockup) and lines
# a clean run prints (clean, an empty line among them).  Each report line
# must match, no clean line may, and each pattern must match a report
# line (a pattern nothing exercises, or one a typo broke, fails).
srcdir=${srcdir:-.}
pat=$srcdir/kernel/scripts/splat-patterns
here=$srcdir/tests/kernel-report
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -s "$pat" ] || { echo "FAIL: $pat missing or empty"; exit 1; }
# the scan as run-qemu.sh runs it, over the whole sample log
scan() { grep -a -n -E -f "$pat" "$1"; }

n=0
while IFS= read -r line; do
	n=$((n + 1))
	printf '%s\n' "$line" > "$tmp/one"
	if scan "$tmp/one" > /dev/null; then
		echo "ok: report $n matches: $line"
	else
		echo "FAIL: report $n not found by the scan: $line"; fails=$((fails + 1))
	fi
done < "$here/reports"
[ "$n" = 26 ] || { echo "FAIL: $n report lines, want 26"; fails=$((fails + 1)); }

scan "$here/clean" > "$tmp/hits"
rc=$?
if [ "$rc" = 1 ]; then
	echo "ok: no line of the clean log matches"
else
	echo "FAIL: the scan on the clean log: exit $rc"; cat "$tmp/hits"; fails=$((fails + 1))
fi
# all report lines in one log: grep finds each (its line numbers)
scan "$here/reports" | cut -d: -f1 > "$tmp/nums"
if [ "$(tr '\n' ' ' < "$tmp/nums")" = "$(seq 1 26 | tr '\n' ' ')" ]; then
	echo "ok: the scan of all reports reports lines 1-26"
else
	echo "FAIL: the scan of all reports: lines $(tr '\n' ' ' < "$tmp/nums")"; fails=$((fails + 1))
fi
# every pattern is exercised by a report line
p=0
while IFS= read -r re; do
	p=$((p + 1))
	if [ -z "$re" ]; then
		echo "FAIL: pattern $p is empty (it would match every line)"; fails=$((fails + 1))
	elif grep -a -q -E -e "$re" "$here/reports"; then
		echo "ok: pattern $p exercised: $re"
	else
		echo "FAIL: pattern $p matches no report line: $re"; fails=$((fails + 1))
	fi
done < "$pat"
[ "$p" = 23 ] || { echo "FAIL: $p patterns, want 23"; fails=$((fails + 1)); }

echo "$fails failed"
[ "$fails" = 0 ]
