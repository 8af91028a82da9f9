#!/usr/bin/env bash
# Check that each patch of audit-userspace/patches/ applies, in order, to
# Debian's audit source as unpacked by dpkg-source (git am, one patch at a
# time, in a scratch clone of the tree's base), and that each is a
# format-patch file with a subject and a message body.  The build of the
# whole series is build.sh's job (scripts/test.sh host-audit-userspace).
. "$(dirname "$0")/common.sh"

# The tree's tag "base" is the source as Debian ships it; the checkout
# itself is left alone (a build may be using it).
[ -d "$AUS_SRC/.git" ] || "$AUS_DIR/scripts/prepare-tree.sh" >&2
shopt -s nullglob
patches=("$PATCH_DIR"/*.patch)
[ ${#patches[@]} -gt 0 ] || die "no patches in $PATCH_DIR"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/contid-aus-series.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
git clone -q --no-checkout "$AUS_SRC" "$scratch/t"
git -C "$scratch/t" checkout -q base
git -C "$scratch/t" config user.name "libcontid developers"
git -C "$scratch/t" config user.email "dev@libcontid.invalid"
fail=0
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	name=$(basename "$p")
	subj=$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$p" | head -n1)
	body=$(awk '/^Subject:/ { s = 1; next } s && /^$/ { b = 1; next } b && /^---$/ { exit } b && NF { n++ } END { print n + 0 }' "$p")
	if [ -z "$subj" ] || [ "$body" -lt 2 ]; then
		echo "FAIL $i $name: no subject or no message body" >&2
		fail=1
		continue
	fi
	if git -C "$scratch/t" am -q --whitespace=error-all "$p" >/dev/null 2>&1; then
		echo "ok   $i $name: applies ($(git -C "$scratch/t" diff --shortstat HEAD~1 | sed 's/^ //'))"
	else
		echo "FAIL $i $name: does not apply on patches 1..$((i - 1))" >&2
		git -C "$scratch/t" am --abort >/dev/null 2>&1 || true
		fail=1
		break
	fi
done
[ "$fail" = 0 ] || die "the series does not apply"
echo "audit-userspace: ${#patches[@]} patches apply in order to $AUS_PACKAGE $AUS_VERSION"
