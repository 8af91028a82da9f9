#!/usr/bin/env bash
# Host tests of the patched audit userspace (audit-userspace/), the
# host-audit-userspace step of scripts/test.sh:
#
#  1. each patch of the series applies in order (check-series.sh);
#  2. the plain build (audit-userspace/scripts/build.sh plain, cached);
#  3. rule-pack: the patched libaudit packs every contid rule of its table
#     to the bytes libcontid packs for the same text, and both refuse the
#     same rules;
#  4. the patched ausearch (and auparse's interpretations, through -i) on
#     tests/aus/data/contid.log: the exit status, stdout and stderr of
#     each command of tests/aus/data/commands equal tests/aus/data/NAME.out
#     exactly; and ausearch --contid N finds the events contidctl parse
#     --contid N finds.
#
#   tests/aus/host.sh            run them
#   tests/aus/host.sh --regen    rewrite the .out files (review the diff)
# Rewriting is an argument, never an environment variable: nothing left in
# the environment can turn the comparison into a rewrite (issue 33).
set -euo pipefail
regen=0
case "${1-}" in
'') ;;
--regen) regen=1 ;;
*) echo "usage: tests/aus/host.sh [--regen]" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$here/../.." && pwd)
B=${CONTID_BUILD_DIR:-$REPO/build}
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

echo "== the packages' local version"
"$here/version.sh" || fails=$((fails + 1))

echo "== the series applies"
"$REPO/audit-userspace/scripts/check-series.sh"

echo "== the plain build"
out=$(nice -n 10 "$REPO/audit-userspace/scripts/build.sh" plain | tail -n1)
root=$out/root
lib=$root/usr/lib/x86_64-linux-gnu
echo "patched audit userspace: $out"

"$REPO/scripts/build-userspace.sh" "$B/userspace" CC=gcc
ulib=$B/userspace/libcontid/.libs
[ -e "$ulib/libcontid.so" ] || { echo "FAIL: no $ulib/libcontid.so"; exit 1; }

echo "== rule-pack: the patched libaudit's bytes against libcontid's"
mkdir -p "$B/aus-host"
gcc -std=gnu11 -Wall -Wextra -Werror -I"$root/usr/include" -I"$REPO/include" -I"$REPO/tests/unit" \
	-o "$B/aus-host/rule-pack" "$here/rule-pack.c" \
	-L"$lib" -laudit -L"$ulib" -lcontid
# Whether the tree's kernel series (and so libcontid) takes the field on
# the io_uring list (rule-pack.c).
uring=0
grep -q 'listnr != AUDIT_FILTER_URING_EXIT' "$REPO"/kernel/patches/*.patch && uring=1
echo "the kernel series takes contid on the io_uring list: $uring"
AUS_CONTID_URING=$uring LD_LIBRARY_PATH=$lib:$ulib "$B/aus-host/rule-pack" || bad "rule-pack"

echo "== ausearch on tests/aus/data/contid.log"
export TZ=UTC LC_ALL=C
data=$here/data
log=$data/contid.log
while IFS='|' read -r name args; do
	case "$name" in ''|'#'*) continue ;; esac
	got=$B/aus-host/$name.out
	# shellcheck disable=SC2086
	# stderr without the host's configuration notes (there may be no
	# /etc/audit/auditd.conf: auditd is not installed on the host)
	{ LD_LIBRARY_PATH=$lib "$root/usr/sbin/ausearch" -if "$log" $args 2>"$got.err"
	  echo "exit $?"
	  grep -v -x -e "Config file /etc/audit/auditd.conf doesn't exist, skipping" \
		-e "stat: No such file or directory" "$got.err"; } > "$got" || true
	if [ "$regen" = 1 ]; then
		cp "$got" "$data/$name.out"
		echo "wrote $data/$name.out"
	elif cmp -s "$data/$name.out" "$got"; then
		echo "ok: ausearch $args ($(grep -c '^type=' "$got") records)"
	else
		bad "ausearch $args: output differs from $data/$name.out"
		diff "$data/$name.out" "$got" | head -n 20
	fi
done < "$data/commands"

echo "== ausearch --contid N = contidctl parse --contid N"
C=$B/userspace/src/contidctl	# libtool's wrapper finds libcontid itself
for id in 7 8 9 10 1234; do
	a=$(LD_LIBRARY_PATH=$lib "$root/usr/sbin/ausearch" -if "$log" --contid $id --raw 2>/dev/null |
		sed -n 's/^type=[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/p' | sort -n -u | tr '\n' ' ')
	p=$("$C" --json parse --contid $id "$log" 2>/dev/null |
		sed -n 's/.*"serial":\([0-9]*\),.*/\1/p' | sort -n -u | tr '\n' ' ')
	if [ "$a" = "$p" ]; then
		echo "ok: contid=$id: the same events: ${a:-none}"
	else
		bad "contid=$id: ausearch gives '$a', contidctl parse '$p'"
	fi
done

[ "$fails" = 0 ] || { echo "aus host tests: $fails failure(s)"; exit 1; }
echo "aus host tests: all passed"
