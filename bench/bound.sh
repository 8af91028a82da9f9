#!/usr/bin/env bash
# How much of issue 16's 5x budget the first step of any field split
# takes: the libcontid reader loop beside the same loop with the split
# replaced by its mask pass alone, on a large log made of copies of the
# real-log corpus.
#
#   bench/bound.sh [COPIES]      (default 700: about 190 MB)
#   bench/bound.sh --log FILE    (an existing log, only read)
#
# Builds the library as it is ($BUILD, default build/bench, as
# parse-bench.sh does) and a copy of it with bench/bound.patch applied
# (build/bound): with CONTID_BENCH_BOUND=mask its reader copies each
# record's text for the split and runs the split's mask pass
# (fast_block(), the bytes that end names and values, 64 at a time) over
# the copy, and stops there, no field made; with =text it runs the mask
# pass over the line's text in place and keeps the record bare, what a
# split without NUL-terminated copies would at least cost.  Both are for
# measuring only: the patch is never built by anything else.
#
# Each loop runs in its own process (parse-bench --loop), RUNS rounds
# (default 5) of one run of each, on CPU $CPU (default 1: the vCPUs of a
# shared machine can differ for a spell); the table has the least CPU
# time (user + system) of each, with the reader loop again with its
# fields split and none read (what the loop's contid_record_field()
# calls cost).  Then what 5 times the libauparse loop leaves, after each
# bound, for the rest of the split and the calls, per field.  Numbers
# depend on the machine: compare within one table.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$REPO/build/bench}
BOUND=$REPO/build/bound
RUNS=${RUNS:-5}
CPU=${CPU:-1}
die() { echo "bound.sh: error: $*" >&2; exit 1; }

copies=700
log=
case "${1:-}" in
--log) log=${2:?usage: bound.sh --log FILE}; [ -r "$log" ] || die "$log unreadable" ;;
'') ;;
*) copies=$1 ;;
esac
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "RUNS=$RUNS: not a count"
if ! [[ "$CPU" =~ ^[0-9]+$ ]] || [ "$CPU" -ge "$(nproc)" ]; then
	die "CPU=$CPU: no such CPU"
fi

"$REPO/scripts/build-userspace.sh" "$BUILD" >/dev/null
make -s -C "$BUILD" bench/parse-bench >/dev/null

# The patched copy: the tree as it is (not only what is committed), less
# the builds.  tar keeps the files' times, so only what changed rebuilds.
mkdir -p "$BOUND/src"
tar -C "$REPO" --exclude=./build --exclude=./.git -cf - . | tar -C "$BOUND/src" -xf -
# (A failed patch leaves the copy half patched; the next run's tar
# puts it back.)
patch -s -F0 -r - -d "$BOUND/src" -p1 < "$REPO/bench/bound.patch" ||
	die "bench/bound.patch does not apply to libcontid/record.c any more: refresh it"
"$BOUND/src/scripts/build-userspace.sh" "$BOUND/obj" >/dev/null

# shellcheck source=bench/common.sh
. "$REPO/bench/common.sh"
bench_log bound "$copies"

bench=$BUILD/bench/parse-bench
lib=$BUILD/libcontid/.libs
blib=$BOUND/obj/libcontid/.libs
# The rows: name, library, CONTID_BENCH_BOUND, loop.
rows=(
	"floor|$lib||floor"
	"nofields|$lib||nofields"
	"text|$blib|text|libcontid"
	"mask|$blib|mask|libcontid"
	"unread|$lib||unread"
	"reader|$lib||libcontid"
	"libauparse|$lib||libauparse"
)
fields=$(LD_LIBRARY_PATH=$lib "$bench" --loop libcontid "$log" | sed -n 's/.* \([0-9]*\) fields$/\1/p')
if [ -z "$fields" ] || [ "$fields" -eq 0 ]; then
	die "the reader loop read no field"
fi

declare -A best
TIMEFORMAT='%3U %3S'
for ((r = 0; r < RUNS; r++)); do
	for row in "${rows[@]}"; do
		IFS='|' read -r name l b loop <<<"$row"
		# the loop's own output to /dev/null, bash's times to $t
		if ! t=$( { time CONTID_BENCH_BOUND=$b LD_LIBRARY_PATH=$l \
			taskset -c "$CPU" "$bench" --loop "$loop" "$log" >/dev/null 2>&1; } 2>&1 ); then
			[ "$name" = libauparse ] && continue	# built without libauparse
			die "parse-bench --loop $loop failed"
		fi
		ms=$(awk '{ printf "%.1f", ($1 + $2) * 1000 }' <<<"$t")
		if [ -z "${best[$name]:-}" ] || awk -v a="$ms" -v b="${best[$name]}" 'BEGIN { exit !(a < b) }'; then
			best[$name]=$ms
		fi
	done
done

printf 'log: %s, %s bytes, %s fields; CPU %s, least of %s rounds\n\n' \
	"$log" "$(stat -c %s "$log")" "$fields" "$CPU" "$RUNS"
printf '%-34s %9s\n' "loop" "CPU ms"
printf '%-34s %9s\n' \
	"floor: read, cut lines" "${best[floor]}" \
	"reader, no fields split" "${best[nofields]}" \
	"  + mask pass in place" "${best[text]}" \
	"  + mask pass on the split copy" "${best[mask]}" \
	"reader, fields split, none read" "${best[unread]}" \
	"reader loop, every field read" "${best[reader]}" \
	"libauparse loop" "${best[libauparse]:-(none)}"
echo
if [ -z "${best[libauparse]:-}" ]; then
	echo "no libauparse loop (built without auparse.h): no budget"
	exit 0
fi
awk -v au="${best[libauparse]}" -v t="${best[text]}" -v m="${best[mask]}" \
    -v un="${best[unread]}" -v rd="${best[reader]}" -v nf="${best[nofields]}" \
    -v f="$fields" 'BEGIN {
	b = au / 5
	printf "5 x libauparse: %.1f ms for the whole reader loop\n", b
	printf "%-56s %8s %9s\n", "", "ms", "ns/field"
	printf "%-56s %8.1f %9.2f\n", "the loop'"'"'s field calls (every field read - none read)", rd - un, (rd - un) * 1e6 / f
	printf "%-56s %8.1f %9.2f\n", "the split after its mask pass (none read - mask pass)", un - m, (un - m) * 1e6 / f
	printf "%-56s %8.1f %9.2f\n", "room at 5x for those two, after the mask pass", b - m, (b - m) * 1e6 / f
	printf "%-56s %8.1f %9.2f\n", "  the same, the mask pass in place (no copies)", b - t, (b - t) * 1e6 / f
	printf "%-56s %8.1f %9.2f\n", "  the same, mask pass included", b - nf, (b - nf) * 1e6 / f
}'
