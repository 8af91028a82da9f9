#!/usr/bin/env bash
# Build libcontid's and contidctl's libFuzzer harnesses (clang, ASan,
# UBSan), replay the checked-in corpus and regression inputs, fuzz each
# harness, grow the checked-in corpus with what the run found, and print a
# table.
#
#   tests/fuzz/run.sh [harness...]   (default: record rule reply print state auconf)
#
# Two modes:
#   - default (CI): a fixed number of runs per harness (FUZZ_RUNS, or the
#     per-harness counts below, about a minute each here) from a seed
#     derived from the commit (the first 7 hex digits of `git rev-parse
#     HEAD`, plus one), or FUZZ_SEED: each commit fuzzes from a start of
#     its own, and the seed is printed, so FUZZ_SEED=N on a clean checkout
#     of the commit replays the run (libFuzzer still varies a little from
#     run to run);
#   - FUZZ_SECONDS=N: explore for N seconds per harness from a random seed
#     (or FUZZ_SEED), to look for new findings.
#
# The corpus is tests/fuzz/corpus/HARNESS/: seed-* written by mkseeds.c,
# real-* real inputs added by hand, and files named by their SHA-1 that
# earlier runs kept.  Fuzzing starts from a scratch copy under build/fuzz;
# after a clean run, the inputs it found that reach an edge the checked-in
# ones do not (libFuzzer -merge=1 -use_counters=0; none over
# FUZZ_GROW_MAX_LEN bytes, default 4096) are added to
# tests/fuzz/corpus/HARNESS/ for the next commit to carry; when any were,
# all kept files are minimized again against the seed-* and real-* files
# (those stay) and cut to the smallest FUZZ_GROW_MAX_FILES (default 256).
# FUZZ_GROW=0: the tree is left as it is.
#
# A crash, leak, timeout or out-of-memory fails the run;
# its input is kept in build/fuzz/artifacts-HARNESS/ and also printed in
# base64 at the end of the output, so a CI log alone reproduces it (see
# docs/testing.md for turning it into a regression test).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$here/../.." && pwd)
B=$REPO/build/fuzz
secs=${FUZZ_SECONDS:-}
declare -A defruns=([record]=800000 [rule]=500000 [reply]=1500000 [print]=25000
		   [state]=4000000 [auconf]=3000000)
grow=${FUZZ_GROW:-1}
grow_len=${FUZZ_GROW_MAX_LEN:-4096}
grow_files=${FUZZ_GROW_MAX_FILES:-256}
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(record rule reply print state auconf)
die() { echo "fuzz: error: $*" >&2; exit 1; }

if [ -n "${FUZZ_SEED:-}" ]; then
	seed=$FUZZ_SEED
	why="FUZZ_SEED"
elif [ -n "$secs" ]; then
	seed=0	# libFuzzer picks one (it prints it, and the table shows it)
	why="random"
elif head=$(git -C "$REPO" rev-parse --verify -q HEAD 2>/dev/null); then
	# 1 .. 2^28: libFuzzer takes an unsigned int, 0 means random
	seed=$((16#${head:0:7} + 1))
	why="from commit ${head:0:12}"
else
	seed=1
	why="no git commit"
fi
[[ "$seed" =~ ^[0-9]+$ ]] || die "FUZZ_SEED must be a number: $seed"
echo "fuzz: seed $seed ($why); replay: FUZZ_SEED=$seed tests/fuzz/run.sh"

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
# Its files are in the corpus as it writes them; the corpus has more.
(cd "$B/seeds-check" && find . -type f) | while read -r f; do
	cmp -s "$B/seeds-check/$f" "$here/corpus/$f" || echo "$f"
done | grep -q . &&
	die "tests/fuzz/corpus differs from what mkseeds.c writes: rerun it (see mkseeds.c)"
for d in "$here"/corpus/*/; do
	for f in "$d"seed-*; do
		[ -e "$f" ] || continue
		[ -f "$B/seeds-check/$(basename "$d")/$(basename "$f")" ] ||
			die "$f: mkseeds.c no longer writes it: remove it"
	done
done

declare -A maxlen=([record]=16384 [rule]=8192 [reply]=16384 [print]=16384
		   [state]=16384 [auconf]=8192)
# Harnesses over contidctl's own code: its sources and libraries too.
declare -A extra=([print]="$REPO/src/print.c $REPO/src/event-print.c $REPO/src/ausearch.c $REPO/src/ausearch-select.c $REPO/src/interpret.c $REPO/src/sockaddr.c $REPO/src/contid-names.c $REPO/src/normalize.c -I$REPO/src -ljansson -lauparse"
		  [state]="$REPO/src/oci-state.c -I$REPO/src -ljansson"
		  [auconf]="$REPO/src/ausearch.c $REPO/src/ausearch-select.c $REPO/src/checkpoint.c $REPO/src/print.c $REPO/src/interpret.c $REPO/src/sockaddr.c -I$REPO/src -ljansson")

# grow HARNESS BIN: add what the scratch corpus found to the checked-in one.
grow() {
	local h=$1 bin=$2 seeds=$here/corpus/$1 cand=$B/grow-$1 keep=$B/keep-$1
	local before after named=(-regextype egrep -regex '.*/[0-9a-f]{40}')
	# Coverage here is edges (-use_counters=0): an input is kept for an
	# edge no checked-in input reaches, not for a new hit count, so a
	# run that reaches nothing new changes nothing.
	local merge=("$bin" -merge=1 -use_counters=0 -max_len="${maxlen[$h]}" -timeout=10
		     -rss_limit_mb=2048)
	before=$(find "$seeds" -type f "${named[@]}" | wc -l)
	rm -rf "$cand" "$keep" && mkdir -p "$cand" "$keep"
	# The scratch files not checked in already (as a corpus or regression
	# input, by content), of at most grow_len bytes.
	find "$seeds" "$here/regress/$h" -type f -exec sha1sum {} + 2>/dev/null |
		cut -d' ' -f1 | sort -u >"$B/known-$h"
	find "$B/corpus-$h" -type f -size -"$((grow_len + 1))"c -exec sha1sum {} + |
		sort -k1,1 | join -v1 - "$B/known-$h" | while read -r sum f; do
			cp "$f" "$cand/$sum"
		done
	# -merge=1 adds to the first directory only inputs with new coverage,
	# each under the SHA-1 of its content.
	"${merge[@]}" "$seeds" "$cand" >"$B/grow-$h.log" 2>&1 || {
		tail -n 20 "$B/grow-$h.log" >&2
		echo "fuzz: $h: merging new inputs into $seeds failed" >&2
		return 1
	}
	after=$(find "$seeds" -type f "${named[@]}" | wc -l)
	if [ "$after" != "$before" ]; then
		# Something was added: minimize all kept files against the
		# fixed ones (older ones the new ones cover drop out), then
		# keep the smallest grow_files.
		cp "$seeds"/seed-* "$seeds"/real-* "$keep"/ 2>/dev/null || true
		find "$seeds" -type f "${named[@]}" -exec mv -t "$cand" {} +
		"${merge[@]}" "$keep" "$cand" >>"$B/grow-$h.log" 2>&1 || {
			echo "fuzz: $h: minimizing $seeds failed (its kept files are in $cand)" >&2
			return 1
		}
		find "$keep" -type f "${named[@]}" -printf '%s %p\n' |
			sort -n | head -n "$grow_files" | cut -d' ' -f2- |
			while read -r f; do mv "$f" "$seeds/"; done
		after=$(find "$seeds" -type f "${named[@]}" | wc -l)
	fi
	echo "$before $after"
}
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
	kept=-
	if [ "$rc" = 0 ] && [ "$crashes" = 0 ] && [ "$grow" != 0 ]; then
		if kept=$(grow "$h" "$bin"); then
			kept="${kept% *}->${kept#* }"
		else
			kept=FAILED
			fail=1
		fi
	fi
	if [ "$rc" != 0 ] || [ "$crashes" != 0 ]; then
		fail=1
		grep -a -A 30 -E 'ERROR: |runtime error|deadly signal' "$B/fuzz-$h.log" | head -n 40 >&2 || true
		echo "fuzz: $h FAILED (exit $rc); inputs kept in $art" >&2
		for a in "$art"/*; do
			[ -f "$a" ] || continue
			found+=("$h $(basename "$a") $(stat -c %s "$a") $(base64 -w0 "$a")")
		done
	fi
	rows+=("$(printf '%-8s %10s %6s %12s %6s -> %-6s %6s %7s %9s' "$h" "${used_seed:-?}" "$took" \
		"${runs:-?}" "$ncorp" "$corp" "${cov:-?}" "$crashes" "$kept")")
done
echo "fuzz: harness        seed  secs         runs  corpus seeds -> now   cov crashes      kept"
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
