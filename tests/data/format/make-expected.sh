#!/bin/sh
# Make NAME.out and NAME.err of ./cases with the patched ausearch 3.0.9
# (audit-userspace/, the plain build of audit-userspace/scripts/build.sh):
#   AUSEARCH=/path/to/root/usr/sbin/ausearch \
#   LD_LIBRARY_PATH=/path/to/root/usr/lib/x86_64-linux-gnu \
#   tests/data/format/make-expected.sh
# NAME.out is ausearch's stdout; NAME.err its stderr without its notes on
# the host's configuration (no /etc/audit/auditd.conf on a host without
# auditd), only when there is something else.  ausearch must exit 0.  TZ=UTC LC_ALL=C.  contidctl never writes these files.
set -euf
dir=$(cd "$(dirname "$0")" && pwd)
top=$dir/../../..
TZ=UTC LC_ALL=C
export TZ LC_ALL
: "${AUSEARCH:?set AUSEARCH to the patched ausearch 3.0.9}"
grep -v '^#' "$dir/cases" | while IFS='|' read -r name log opts order; do
	# shellcheck disable=SC2086
	"$AUSEARCH" -if "$top/$log" $opts > "$dir/$name.out" 2> "$dir/.err" || {
		echo "make-expected: $name: ausearch failed" >&2; exit 1; }
	grep -v -x -e "Config file /etc/audit/auditd.conf doesn't exist, skipping" \
		"$dir/.err" > "$dir/$name.err" || rm -f "$dir/$name.err"
	echo "$name: $(wc -l < "$dir/$name.out") lines ($order)"
done
rm -f "$dir/.err"
