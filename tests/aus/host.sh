#!/usr/bin/env bash
# Host tests of the patched audit userspace (audit-userspace/), the
# host-audit-userspace step of scripts/test.sh:
#
#  1. each patch of the series applies in order (check-series.sh);
#  2. the plain build (audit-userspace/scripts/build.sh plain, cached);
#  3. rule-pack: the patched libaudit packs a few contid rules to bytes
#     written by hand in rule-pack.c; and, as a second check, every contid
#     rule of its table to the bytes libcontid packs, both refusing the
#     same rules;
#  4. the patched ausearch (and auparse's interpretations, through -i) on
#     tests/aus/data/contid.log: for each command of tests/aus/data/commands
#     the exit status and stderr written there by hand, and a stdout that
#     is, line by line, the records of the events written there by hand,
#     taken from contid.log's text and laid out by tests/aus/expect.awk
#     (under -i: each record's type, stamp, field names, and its contid
#     fields as tests/aus/data/interpreted writes them by hand); and
#     ausearch --contid N finds the events contidctl parse --contid N finds;
#  5. ausearch --checkpoint still gives tests/data/checkpoint/golden, which
#     tests/cli/checkpoint.sh compares contidctl parse --checkpoint with.
# No expected output here is written by the tools under test.
#
#   tests/aus/host.sh            run them
set -euo pipefail
case "${1-}" in
'') ;;
*) echo "usage: tests/aus/host.sh" >&2; exit 2 ;;
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

echo "== rule-pack: the patched libaudit's bytes against bytes written by hand, then libcontid's"
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

echo "== ausearch on tests/aus/data/contid.log, against the log's own records"
export TZ=UTC LC_ALL=C
data=$here/data
log=$data/contid.log
while IFS='|' read -r name args want_exit events want_err; do
	case "$name" in ''|'#'*) continue ;; esac
	got=$B/aus-host/$name
	fmt=default
	case " $args " in
	*" --raw "*) fmt=raw ;;
	*" -i "*) fmt=interpreted ;;
	esac
	rc=0
	# shellcheck disable=SC2086
	LD_LIBRARY_PATH=$lib "$root/usr/sbin/ausearch" -if "$log" $args \
		>"$got.out" 2>"$got.err" || rc=$?
	# stderr without the host's configuration notes (there may be no
	# /etc/audit/auditd.conf: auditd is not installed on the host)
	grep -v -x -e "Config file /etc/audit/auditd.conf doesn't exist, skipping" \
		-e "stat: No such file or directory" "$got.err" > "$got.err2" || true
	# what it must print: the records of EVENTS, from contid.log's text
	awk -v fmt="$fmt" -v events="$events" -f "$here/expect.awk" \
		"$data/interpreted" "$log" > "$got.want"
	if [ "$fmt" = interpreted ]; then
		awk -v fmt=skeleton -f "$here/expect.awk" < "$got.out" > "$got.cmp"
	else
		cp "$got.out" "$got.cmp"
	fi
	printf '%s' "$want_err${want_err:+
}" > "$got.err-want"
	why=
	[ "$rc" = "$want_exit" ] || why="exit $rc, expected $want_exit"
	cmp -s "$got.want" "$got.cmp" || why="${why:+$why; }stdout is not the $fmt records of events '${events}'"
	cmp -s "$got.err-want" "$got.err2" || why="${why:+$why; }stderr is not '$want_err'"
	if [ -z "$why" ]; then
		echo "ok: ausearch $args: events '${events}', $(grep -c '^type=' "$got.out") records, $fmt"
	else
		bad "ausearch $args: $why"
		diff "$got.want" "$got.cmp" | head -n 20 || true
		diff "$got.err-want" "$got.err2" | head -n 5 || true
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

echo "== --checkpoint: the patched ausearch still gives tests/data/checkpoint/golden"
aus_wrap=$B/aus-host/ausearch
printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$lib" "$root/usr/sbin/ausearch" > "$aus_wrap"
chmod +x "$aus_wrap"
if AUSEARCH=$aus_wrap GOLDEN=$B/aus-host/checkpoint.golden \
	"$REPO/tests/data/checkpoint/make-golden.sh" &&
	diff -u "$REPO/tests/data/checkpoint/golden" "$B/aus-host/checkpoint.golden"; then
	echo "ok: the checkpoint golden is ausearch's"
else
	bad "ausearch --checkpoint no longer gives tests/data/checkpoint/golden"
fi

[ "$fails" = 0 ] || { echo "aus host tests: $fails failure(s)"; exit 1; }
echo "aus host tests: all passed"
