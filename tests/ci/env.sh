#!/bin/bash
# .ci/run starts scripts/test.sh from an environment it builds itself
# (issue 33): none of the variables that could change a run's verdict
# reaches it.  `.ci/run --print-env` performs .ci/run's own exec with
# env(1) in place of scripts/test.sh, so what it prints is exactly the
# environment scripts/test.sh would start with; the suite is not run.
# Run by scripts/test.sh host (step host-ci).
set -uo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# What could make a run green or smaller from outside: automake's test
# knobs, make's, the old deny-list's names (and one of each prefix), the
# loader's, bash's and the regeneration switch tests/aus/host.sh once had.
hostile=(
	LOG_COMPILER=true SH_LOG_COMPILER=true LOG_DRIVER=true
	XFAIL_TESTS=tests/unit/compare-auparse TESTS=tests/unit/test_errors
	TEST_LOGS=x.log RECHECK_LOGS= TESTS_ENVIRONMENT=true AM_TESTS_ENVIRONMENT=true
	TEST_GUARD=true TEST_RUNNER=true DISABLE_HARD_ERRORS=yes
	AUS_REGEN=1
	MAKEFLAGS="LOG_COMPILER=true -k" MFLAGS=-k GNUMAKEFLAGS=-k MAKELEVEL=3 MAKEFILES=/dev/null
	REL_ITERS=1 REL_SEED=1 LIVE_SUITES=kernel LIVE_TIMEOUT=1 FUZZ_TIME=0 FUZZ_RUNS=0
	CONTID_CACHE_DIR=/tmp/poisoned CONTID_BUILD_DIR=/tmp/elsewhere CMOCKA_TEST_ABORT=1
	CMOCKA_MESSAGE_OUTPUT=xml CONTIDCTL=/bin/true JOBS=1 FORCE=1
	CC=true CFLAGS=-O0 CPPFLAGS=-DX LDFLAGS=-s LIBS=-lm VALGRIND=true
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=0 LSAN_OPTIONS=exitcode=0
	LD_PRELOAD= LD_LIBRARY_PATH=/nonexistent
	BASH_ENV="$tmp/bash_env" ENV="$tmp/bash_env" SHELLOPTS=xtrace
	XDG_CACHE_HOME=/tmp/poisoned
)
# PATH is .ci/run's own, whatever the caller's says
std_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# anything BASH_ENV makes a bash run says so
printf 'echo INJECTED-BY-BASH_ENV\n' > "$tmp/bash_env"

# allowed NAME=VALUE...: they reach scripts/test.sh unchanged
env -i "${hostile[@]}" PATH="$tmp/evil:$PATH" HOME=/home/ci TERM=dumb LANG=C.UTF-8 \
	LC_ALL=C TMPDIR=/tmp CI=true 'BASH_FUNC_make%%=() { true; }' \
	"$REPO/.ci/run" --print-env > "$tmp/env" 2> "$tmp/err"
rc=$?
[ "$rc" = 0 ] || bad ".ci/run --print-env exited $rc"
[ -s "$tmp/err" ] && bad ".ci/run --print-env wrote on stderr: $(cat "$tmp/err")"
grep -q INJECTED "$tmp/env" "$tmp/err" && bad "BASH_ENV ran in .ci/run"
printf '%s\n' "PATH=$std_path" HOME=/home/ci TERM=dumb LANG=C.UTF-8 LC_ALL=C TMPDIR=/tmp CI=true |
	sort > "$tmp/want"
sort "$tmp/env" > "$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then
	echo "ok: .ci/run passes exactly HOME TERM LANG LC_ALL TMPDIR CI, and its own PATH"
else
	bad "the environment .ci/run builds:"
	diff "$tmp/want" "$tmp/got"
fi
# each hostile name, one by one: absent from what scripts/test.sh gets
for kv in "${hostile[@]}" 'BASH_FUNC_make%%=() { true; }'; do
	name=${kv%%=*}
	if grep -q "^$name=" "$tmp/got"; then
		bad "$name reaches scripts/test.sh through .ci/run"
	else
		echo "ok: $name does not reach scripts/test.sh"
	fi
done
# An allowed variable that is unset stays unset (not set to empty).
env -i PATH="$PATH" "$REPO/.ci/run" --print-env > "$tmp/env2"
if [ "$(cat "$tmp/env2")" = "PATH=$std_path" ]; then
	echo "ok: with PATH alone, its own PATH alone"
else
	bad "with PATH alone .ci/run passes: $(tr '\n' ' ' < "$tmp/env2")"
fi
# A mode .ci/run does not know is refused (it never runs the suite then).
env -i PATH="$PATH" "$REPO/.ci/run" --bogus > "$tmp/out" 2>&1
rc=$?
[ "$rc" = 2 ] && [ "$(cat "$tmp/out")" = "usage: .ci/run [--print-env]" ] &&
	echo "ok: .ci/run --bogus -> 2" || bad ".ci/run --bogus: $rc $(cat "$tmp/out")"

# tests/aus/host.sh has no expected output to rewrite any more (issue 33:
# the tools under test write none of it): AUS_REGEN is not read, and any
# argument, --regen included, is refused.
if grep -n 'AUS_REGEN' "$REPO/tests/aus/host.sh"; then
	bad "tests/aus/host.sh still reads AUS_REGEN"
else
	echo "ok: tests/aus/host.sh does not read AUS_REGEN"
fi
for arg in --bogus --regen; do
	out=$(env -i PATH="$PATH" AUS_REGEN=1 bash "$REPO/tests/aus/host.sh" "$arg" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && [ "$out" = "usage: tests/aus/host.sh" ]; then
		echo "ok: tests/aus/host.sh $arg -> 2"
	else
		bad "tests/aus/host.sh $arg: $rc $out"
	fi
done

[ "$fails" = 0 ] || { echo "ci env: $fails failure(s)"; exit 1; }
echo "ci env: all passed"
