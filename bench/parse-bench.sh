#!/usr/bin/env bash
# How fast audit logs are parsed: libcontid beside libauparse, contidctl
# beside ausearch, on a large log made of copies of the real-log corpus.
#
#   bench/parse-bench.sh [COPIES]      (default 700: about 190 MB)
#   bench/parse-bench.sh --log FILE    (an existing log, only read)
#   bench/parse-bench.sh --callgrind [COPIES]   (default 5: about 1.4 MB)
#
# Each command runs RUNS times (default 3), in rounds of one run of each;
# the table has the least wall and CPU time of the runs, the most memory
# and page faults.  CPU=N runs every command on CPU N: the vCPUs of a
# shared machine can differ for a spell (here the libcontid loop once
# took half as long again on one of the two, libauparse the same on
# both), and a table whose rows ran on different CPUs mixes them.
#
# --callgrind prints instead the instructions valgrind's callgrind counts
# for the libcontid loop, the libauparse loop, `contidctl parse` and
# `contidctl --json parse` on a small log: they repeat from run to run
# where times on a shared machine do not, so they tell whether a change
# made the parser faster, and the callgrind.out.* files it keeps (in
# $BUILD/callgrind) say where the instructions go (callgrind_annotate).
#
# Builds libcontid, contidctl and bench/parse-bench in $BUILD (default
# build/bench), writes the large log into a temporary file (removed at exit)
# and prints the table and the goals of issue 16.  ausearch comes from
# Debian's auditd package, fetched with `apt-get download` into
# build/auditd-deb and unpacked into the temporary directory; auditd is
# never installed (its postinst starts a daemon), and `ausearch -if FILE`
# only reads FILE; AUSEARCH=PATH takes that ausearch instead (a build of
# audit 3.0.9, say).  Numbers depend on the machine: compare the ratios.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$REPO/build/bench}
die() { echo "parse-bench.sh: error: $*" >&2; exit 1; }

copies=700
log=
callgrind=
case "${1:-}" in
--log) log=${2:?usage: parse-bench.sh --log FILE}; [ -r "$log" ] || die "$log unreadable" ;;
--callgrind) callgrind=1; copies=${2:-5} ;;
'') ;;
*) copies=$1 ;;
esac

"$REPO/scripts/build-userspace.sh" "$BUILD" >/dev/null
make -s -C "$BUILD" bench/parse-bench >/dev/null

# shellcheck source=bench/common.sh
. "$REPO/bench/common.sh"
bench_log parse-bench "$copies"

# The installed binary, not the libtool wrapper script.
contidctl=$BUILD/src/.libs/contidctl
[ -x "$contidctl" ] || contidctl=$BUILD/src/contidctl
export LD_LIBRARY_PATH=$BUILD/libcontid/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

if [ -n "$callgrind" ]; then
	command -v valgrind >/dev/null || die "no valgrind"
	out=$BUILD/callgrind
	mkdir -p "$out"
	count() {	# NAME CMD...: the instructions callgrind counts
		local name=$1
		shift
		valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.$name" \
			"$@" 2>&1 >/dev/null | sed -n 's/.*I *refs: *//p' | tr -d ,
	}
	printf 'log: %s copies of aus-rhel10-enriched.log, %s bytes\n\n' "$copies" "$(stat -c %s "$log")"
	lc=$(count libcontid "$BUILD/bench/parse-bench" --loop libcontid "$log")
	au=$(count libauparse "$BUILD/bench/parse-bench" --loop libauparse "$log" || true)
	txt=$(count parse "$contidctl" parse "$log")
	js=$(count json "$contidctl" --json parse "$log")
	printf '%-28s %14s\n' "" "instructions"
	printf '%-28s %14s\n' "libcontid reader loop" "$lc" "libauparse loop" "${au:-(none)}" \
		"contidctl parse" "$txt" "contidctl --json parse" "$js"
	echo
	[ -n "$au" ] && awk -v a="$au" -v b="$lc" \
		'BEGIN { printf "%-48s %6.2f\n", "libauparse loop / libcontid loop", a / b }'
	awk -v a="$js" -v b="$txt" \
		'BEGIN { printf "%-48s %6.2f\n", "contidctl --json parse / contidctl parse", a / b }'
	echo "profiles: $out/callgrind.out.* (callgrind_annotate FILE)"
	exit 0
fi

ausearch=()
cache=$REPO/build/auditd-deb
if [ -n "${AUSEARCH:-}" ]; then
	[ -x "$AUSEARCH" ] || die "AUSEARCH=$AUSEARCH is not an executable"
	ausearch=(--ausearch "$AUSEARCH")
elif command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null; then
	libver=$(dpkg-query -W -f='${Version}' libaudit1 2>/dev/null || true)
	mkdir -p "$cache"
	deb=$(ls "$cache"/auditd_*.deb 2>/dev/null | head -n1 || true)
	if [ -z "$deb" ] && [ -n "$libver" ]; then
		(cd "$cache" && apt-get download "auditd=$libver" >/dev/null 2>&1) || true
		deb=$(ls "$cache"/auditd_*.deb 2>/dev/null | head -n1 || true)
	fi
	if [ -n "$deb" ]; then
		dpkg-deb -x "$deb" "$tmp/auditd"
		[ -x "$tmp/auditd/sbin/ausearch" ] &&
			ausearch=(--ausearch "$tmp/auditd/sbin/ausearch")
	fi
fi
[ ${#ausearch[@]} -gt 0 ] || echo "parse-bench.sh: no ausearch (apt-get download auditd failed)" >&2

cpu=()
[ -z "${CPU:-}" ] || cpu=(--cpu "$CPU")
"$BUILD/bench/parse-bench" --runs "${RUNS:-3}" "${cpu[@]}" --contidctl "$contidctl" \
	"${ausearch[@]}" "$log"
