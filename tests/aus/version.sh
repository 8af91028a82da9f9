#!/usr/bin/env bash
# The version of the patched audit packages (build.sh deb,
# docs/audit-userspace.md "Package version"), without building them:
#  - it is Debian's version with the local suffix, and sorts above it and
#    below every later Debian upload of the package (stable updates, NMU,
#    new revision, new upstream), with dpkg --compare-versions;
#  - local-version.sh writes it as the top changelog entry that
#    dpkg-parsechangelog reads back, keeps the old entries, and refuses a
#    changelog at any other version (a second run among them).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$here/../.." && pwd)
# shellcheck source=../../audit-userspace/scripts/common.sh
. "$REPO/audit-userspace/scripts/common.sh"
set +e
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

[ "$AUS_LOCAL_VERSION" = "1:3.0.9-1+contid1" ] && ok "version $AUS_LOCAL_VERSION" ||
	bad "version is $AUS_LOCAL_VERSION, not 1:3.0.9-1+contid1"
# vcmp A OP B
vcmp() {
	if dpkg --compare-versions "$1" "$2" "$3"; then ok "$1 $2 $3"; else bad "not $1 $2 $3"; fi
}
vcmp "$AUS_LOCAL_VERSION" gt 1:3.0.9-1
vcmp "$AUS_LOCAL_VERSION" gt 1:3.0.9-1~bpo12+1
# A binNMU rebuilds Debian's same source: the patched build stays.
vcmp "$AUS_LOCAL_VERSION" gt 1:3.0.9-1+b1
for later in 1:3.0.9-1+deb12u1 1:3.0.9-1.1 1:3.0.9-2 1:3.0.9-2~bpo12+1 1:3.1-1 1:4.0-1; do
	vcmp "$AUS_LOCAL_VERSION" lt "$later"
done

t=$(mktemp -d "${TMPDIR:-/tmp}/aus-version.XXXXXX")
trap 'rm -rf "$t"' EXIT
cat > "$t/changelog" <<'CL'
audit (1:3.0.9-1) unstable; urgency=medium

  * New upstream release.

 -- Someone <someone@example.org>  Mon, 06 Feb 2023 10:00:00 +0100

audit (1:3.0.8-1) unstable; urgency=medium

  * Older.

 -- Someone <someone@example.org>  Mon, 01 Aug 2022 10:00:00 +0100
CL
cp "$t/changelog" "$t/orig"
if "$REPO/audit-userspace/scripts/local-version.sh" "$t/changelog" 2>"$t/err"; then
	v=$(dpkg-parsechangelog -l "$t/changelog" -S Version)
	[ "$v" = "$AUS_LOCAL_VERSION" ] && ok "changelog top: $v" || bad "changelog top is $v"
	d=$(dpkg-parsechangelog -l "$t/changelog" -S Distribution)
	[ "$d" = unstable ] && ok "distribution kept: $d" || bad "distribution $d"
	n=$(dpkg-parsechangelog -l "$t/changelog" --format rfc822 --all | sed -n 's/^Version: //p' | tr '\n' ' ')
	[ "$n" = "$AUS_LOCAL_VERSION 1:3.0.9-1 1:3.0.8-1 " ] && ok "entries: $n" || bad "entries: $n"
	tail -n 11 "$t/changelog" | cmp -s - "$t/orig" && ok "old entries unchanged" || bad "old entries changed"
else
	bad "local-version.sh failed: $(cat "$t/err")"
fi
# A second run: refused, the file unchanged.
cp "$t/changelog" "$t/once"
msg=$("$REPO/audit-userspace/scripts/local-version.sh" "$t/changelog" 2>&1)
rc=$?
want="[audit-userspace] error: $t/changelog is at $AUS_LOCAL_VERSION, not $AUS_VERSION"
[ "$rc" = 1 ] && [ "$msg" = "$want" ] && ok "second run refused: $msg" || bad "second run: $rc $msg"
cmp -s "$t/changelog" "$t/once" && ok "refused run changed nothing" || bad "refused run changed the file"

[ "$fails" = 0 ] && echo "PASS: aus-version" || { echo "FAIL: aus-version: $fails"; exit 1; }
