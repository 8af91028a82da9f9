#!/usr/bin/env bash
# Build libcontid's libFuzzer harnesses (clang, ASan, UBSan), replay the
# checked-in seed corpus and regression inputs, then fuzz each harness and
# print a table.
#
#   tests/fuzz/run.sh [harness...]       (default: record rule reply print)
#
# Two modes:
#   - default (CI): a fixed number of runs per harness (FUZZ_RUNS, or the
#     per-harness counts below, about a minute each here) from a fixed seed
#     (FUZZ_SEED, default 1): the same work on a loaded machine, from the
#     same start (libFuzzer still varies a little from run to run);
#   - FUZZ_SECONDS=N: explore for N seconds per harness from a random seed
#     (or FUZZ_SEED), to look for new findings.
#
# New inputs go to a scratch corpus under build/fuzz, never into the
# checked-in one.  A crash, leak, timeout or out-of-memory fails the run;
# its input is kept in build/fuzz/artifacts-HARNESS/ and also printed in
# base64 at the end of the output, so a CI log alone reproduces it (see
# docs/testing.md for turning it into a regression test).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$here/../.." && pwd)
B=$REPO/build/fuzz
secs=${FUZZ_SECONDS:-}
declare -A defruns=([record]=800000 [rule]=500000 [reply]=1500000 [print]=25000)
if [ -n "$secs" ]; then
	seed=${FUZZ_SEED:-0}	# 0: libFuzzer picks one (it prints it)
else
	seed=${FUZZ_SEED:-1}
fi
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(record rule reply print)
die() { echo "fuzz: error: $*" >&2; exit 1; }

command -v clang >/dev/null || die "clang missing: apt-get install clang"
mkdir -p "$B"
# config.h, from a configure run of its own.
"$REPO/scripts/build-userspace.sh" "$B/conf" CC=clang >/dev/null ||
	die "configure/build of libcontid with clang failed"
flags=(-std=c11 -g -O1 -Wall -Wextra -Werror -D_GNU_SOURCE
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
       -I"$REPO/include" -I"$REPO/libcontid" -I"$B/conf")
libsrc=("$REPO"/libcontid/*.c)

# The checked-in seeds are what mkseeds.c writes today.
clang -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -I"$REPO/include" -o "$B/mkseeds" \
	"$here/mkseeds.c" "$B/conf/libcontid/.libs/libcontid-internal.a" -lmnl ||
	die "building mkseeds failed"
rm -rf "$B/seeds-check"
"$B/mkseeds" "$B/seeds-check" "$REPO"/tests/data/contidctl.log \
	"$REPO"/tests/data/cover-letter.log >/dev/null
diff -r "$B/seeds-check" "$here/corpus" >/dev/null ||
	die "tests/fuzz/corpus differs from what mkseeds.c writes: rerun it (see mkseeds.c)"

declare -A maxlen=([record]=16384 [rule]=8192 [reply]=16384 [print]=16384)
# Harnesses over contidctl's own code: its sources and libraries too.
declare -A extra=([print]="$REPO/src/print.c $REPO/src/event-print.c $REPO/src/ausearch.c -I$REPO/src -ljansson")
rows=()
found=()
fail=0
for h in "${harnesses[@]}"; do
	src=$here/fuzz_$h.c
	[ -f "$src" ] || die "no harness $src"
	bin=$B/fuzz_$h
	# shellcheck disable=SC2086 # extra is words on purpose
	clang "${flags[@]}" -o "$bin" "$src" "${libsrc[@]}" ${extra[$h]:-} -lmnl ||
		die "building fuzz_$h failed"
	seeds=$here/corpus/$h
	regress=$here/regress/$h
	[ -d "$seeds" ] && [ -n "$(ls -A "$seeds")" ] || die "no seed corpus in $seeds"
	art=$B/artifacts-$h
	rm -rf "$art" && mkdir -p "$art"
	# Every seed and regression input, once.
	inputs=("$seeds"/*)
	[ -d "$regress" ] && inputs+=("$regress"/*)
	if ! "$bin" -artifact_prefix="$art/" -runs=1 "${inputs[@]}" >"$B/replay-$h.log" 2>&1; then
		tail -n 30 "$B/replay-$h.log" >&2
		echo "fuzz: $h: a checked-in input fails (log: $B/replay-$h.log)" >&2
		fail=1
		rows+=("$h replay FAILED")
		continue
	fi
	scratch=$B/corpus-$h
	rm -rf "$scratch" && mkdir -p "$scratch"
	cp "$seeds"/* "$scratch/"
	[ -d "$regress" ] && cp "$regress"/* "$scratch/" 2>/dev/null || true
	ncorp=$(ls "$scratch" | wc -l)
	rc=0
	if [ -n "$secs" ]; then
		budget=(-max_total_time="$secs")
	else
		budget=(-runs="${FUZZ_RUNS:-${defruns[$h]}}")
	fi
	t0=$SECONDS
	"$bin" -artifact_prefix="$art/" "${budget[@]}" -seed="$seed" -max_len="${maxlen[$h]}" \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		"$scratch" >"$B/fuzz-$h.log" 2>&1 || rc=$?
	took=$((SECONDS - t0))
	used_seed=$(sed -n 's/.*Seed: \([0-9]*\).*/\1/p' "$B/fuzz-$h.log" | head -n1)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/fuzz-$h.log" | tail -n1)
	cov=$(grep -a -o 'cov: [0-9]*' "$B/fuzz-$h.log" | tail -n1 | cut -d' ' -f2)
	corp=$(ls "$scratch" | wc -l)
	crashes=$(ls "$art" | wc -l)
	if [ "$rc" != 0 ] || [ "$crashes" != 0 ]; then
		fail=1
		grep -a -A 30 -E 'ERROR: |runtime error|deadly signal' "$B/fuzz-$h.log" | head -n 40 >&2 || true
		echo "fuzz: $h FAILED (exit $rc); inputs kept in $art" >&2
		for a in "$art"/*; do
			[ -f "$a" ] || continue
			found+=("$h $(basename "$a") $(stat -c %s "$a") $(base64 -w0 "$a")")
		done
	fi
	rows+=("$(printf '%-8s %10s %6s %12s %6s -> %-6s %6s %7s' "$h" "${used_seed:-?}" "$took" \
		"${runs:-?}" "$ncorp" "$corp" "${cov:-?}" "$crashes")")
done
echo "fuzz: harness        seed  secs         runs  corpus seeds -> now   cov crashes"
for r in "${rows[@]}"; do
	echo "fuzz: $r"
done
if [ "$fail" != 0 ]; then
	# Each failing input, to rebuild it from the log alone:
	#   echo BASE64 | base64 -d >in && build/fuzz/fuzz_HARNESS in
	for f in "${found[@]}"; do
		read -r h name size b64 <<<"$f"
		echo "fuzz: input $h $name ($size bytes) base64: $b64"
	done
	echo "fuzz: FAILED" >&2
	exit 1
fi
echo "fuzz: all harnesses clean"
