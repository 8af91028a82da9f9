#!/usr/bin/env bash
# local-version.sh CHANGELOG: prepend the entry "dch --local +contid" would
# add to a Debian changelog whose top entry is $AUS_VERSION, making the
# version $AUS_LOCAL_VERSION (common.sh).  Refuses a changelog whose top
# version is anything else (a second run, or another source version), so the
# packages can never carry a suffix over the wrong base.  Used by
# build.sh deb; tests/aus/version.sh runs it on a copy.
. "$(dirname "$0")/common.sh"
[ $# = 1 ] || die "usage: local-version.sh CHANGELOG"
cl=$1
top=$(dpkg-parsechangelog -l "$cl" -S Version) || die "cannot read $cl"
[ "$top" = "$AUS_VERSION" ] || die "$cl is at $top, not $AUS_VERSION"
dist=$(dpkg-parsechangelog -l "$cl" -S Distribution)
urgency=$(dpkg-parsechangelog -l "$cl" -S Urgency)
tmp=$cl.contid.$$
{
	printf '%s (%s) %s; urgency=%s\n\n' "$AUS_PACKAGE" "$AUS_LOCAL_VERSION" "$dist" "$urgency"
	printf '  * Audit container ID series (libcontid, audit-userspace/patches/,\n'
	printf '    series sha256 %s).\n\n' "$(series_hash | cut -c1-16)"
	printf ' -- libcontid developers <dev@libcontid.invalid>  %s\n\n' \
		"$(dpkg-parsechangelog -l "$cl" -S Date)"
	cat "$cl"
} > "$tmp"
mv "$tmp" "$cl"
log "$cl: $AUS_LOCAL_VERSION"
