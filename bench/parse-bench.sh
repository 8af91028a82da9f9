#!/usr/bin/env bash
# How fast audit logs are parsed: libcontid beside libauparse, contidctl
# beside ausearch, on a large log made of copies of the real-log corpus.
#
#   bench/parse-bench.sh [COPIES]      (default 700: about 190 MB)
#   bench/parse-bench.sh --log FILE    (an existing log, only read)
#
# Builds libcontid, contidctl and bench/parse-bench in $BUILD (default
# build/bench), writes the large log into a temporary file (removed at exit)
# and prints the table and the goals of issue 16.  ausearch comes from
# Debian's auditd package, fetched with `apt-get download` into
# build/auditd-deb and unpacked into the temporary directory; auditd is
# never installed (its postinst starts a daemon), and `ausearch -if FILE`
# only reads FILE.  Numbers depend on the machine: compare the ratios.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$REPO/build/bench}
die() { echo "parse-bench.sh: error: $*" >&2; exit 1; }

copies=700
log=
case "${1:-}" in
--log) log=${2:?usage: parse-bench.sh --log FILE}; [ -r "$log" ] || die "$log unreadable" ;;
'') ;;
*) copies=$1 ;;
esac

"$REPO/scripts/build-userspace.sh" "$BUILD" >/dev/null
make -s -C "$BUILD" bench/parse-bench >/dev/null

tmp=$(mktemp -d "${TMPDIR:-/tmp}/parse-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ -z "$log" ]; then
	# The real RHEL 10 enriched log, as the issue measured.
	log=$tmp/big.log
	"$BUILD/bench/parse-bench" --make "$copies" "$log" \
		"$REPO/tests/data/logs/aus-rhel10-enriched.log"
fi

ausearch=()
cache=$REPO/build/auditd-deb
if command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null; then
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

# The installed binary, not the libtool wrapper script.
contidctl=$BUILD/src/.libs/contidctl
[ -x "$contidctl" ] || contidctl=$BUILD/src/contidctl
LD_LIBRARY_PATH=$BUILD/libcontid/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
	"$BUILD/bench/parse-bench" --contidctl "$contidctl" "${ausearch[@]}" "$log"
