#!/usr/bin/env bash
# Make apt able to fetch Debian source packages: where no deb-src entry
# exists, write /etc/apt/sources.list.d/contid-deb-src.sources with one
# deb-src stanza for each deb entry the machine already has (same URIs,
# suites, components and key), then apt-get update.  Run as root.
# Nothing happens when apt already knows a deb-src entry.
. "$(dirname "$0")/common.sh"

out=/etc/apt/sources.list.d/contid-deb-src.sources
if apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -qx 'Sources'; then
	log "apt already has deb-src entries"
	exit 0
fi
[ "$(id -u)" = 0 ] || die "run as root to add $out"

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
	echo "# Written by libcontid's audit-userspace/scripts/deb-src.sh:"
	echo "# the deb entries of this machine, as deb-src."
	# deb822 files: each stanza whose Types has deb gets a deb-src twin.
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && [ "$f" != "$out" ] || continue
		awk '
		function flush() {
			if (isdeb && uris != "") {
				print ""; print "Types: deb-src"; print uris; print suites
				if (comps != "") print comps
				if (key != "") print key
			}
			isdeb = 0; uris = suites = comps = key = ""
		}
		/^[ \t]*$/ { flush(); next }
		/^#/ { next }
		/^Types:/ { for (i = 2; i <= NF; i++) if ($i == "deb") isdeb = 1; next }
		/^URIs:/ { uris = $0; next }
		/^Suites:/ { suites = $0; next }
		/^Components:/ { comps = $0; next }
		/^Signed-By:/ { key = $0; next }
		END { flush() }' "$f"
	done
	# One-line sources.list entries.
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		sed -n -E 's/^[[:space:]]*deb([[:space:]]+\[[^]]*\])?[[:space:]]+([^[:space:]]+)[[:space:]]+([^[:space:]]+)[[:space:]]*(.*)$/\n#one-line\nTypes: deb-src\nURIs: \2\nSuites: \3\nComponents: \4/p' "$f" |
			grep -v '^#one-line'
	done
} > "$tmp"
grep -q '^Types: deb-src' "$tmp" || die "no deb entry found to derive a deb-src entry from"
install -m 0644 "$tmp" "$out"
log "wrote $out"
apt-get update -qq
