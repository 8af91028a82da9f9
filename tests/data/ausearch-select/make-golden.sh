#!/bin/sh
# Make ./golden from ./cases with a real ausearch (Debian's audit 3.0.9):
#   AUSEARCH=/path/to/ausearch tests/data/ausearch-select/make-golden.sh
# For each case, "== LOG|OPTIONS", ausearch's exit status, then the
# stamps ([node ]sec.ms:serial) of the events it selected, sorted.  The
# golden was made with ausearch built from Debian's audit 1:3.0.9-1
# source, unpatched (audit-userspace/scripts/deb-src.sh, git tag "base"),
# TZ=UTC LC_ALL=C, no /etc/audit/auditd.conf.
set -euf
dir=$(cd "$(dirname "$0")" && pwd)
logs=$dir/../logs
TZ=UTC LC_ALL=C
export TZ LC_ALL
: "${AUSEARCH:?set AUSEARCH to a real ausearch 3.0.9}"
grep -v '^#' "$dir/cases" | while IFS='|' read -r log opts; do
	echo "== $log|$opts"
	set +e
	# shellcheck disable=SC2086
	"$AUSEARCH" --raw -if "$logs/$log" $opts 2>/dev/null > "$dir/.out"
	echo "status $?"
	set -e
	sed -n 's/^\(node=[^ ]* \)\{0,1\}type=.* msg=audit(\([0-9.:]*\)).*/\1\2/p' "$dir/.out" | sort -u
done > "$dir/golden"
rm -f "$dir/.out"
