#!/usr/bin/env bash
# Build the Debian packages (libcontid0, libcontid-dev, contidctl) as a
# distribution would, and check them with lintian (docs/debian.md):
#
#   scripts/deb.sh [OUTDIR]      (default build/deb)
#   scripts/deb.sh --inputs-hash (print the hash of the build's inputs)
#
# The tree (tracked and new files, nothing ignored: no build output) is
# copied out of the repository and built there with
# dpkg-buildpackage -b -uc -us, so dh_autoreconf and dh_clean never touch
# the checkout.  The .debs, .changes and .buildinfo land in OUTDIR.  Fails
# on any lintian error or warning, and on a .la file in a package.
#
# OUTDIR/inputs.sha256 records the hash of the files the build was made
# from (their paths and contents); tests/live/deb/stage.sh reuses the
# .debs when it matches --inputs-hash and rebuilds them when it does not.
# tests/live/deb/ (the package install test, which only consumes the
# .debs) is neither copied nor hashed, nor is tests/fuzz/corpus/, which
# tests/fuzz/run.sh grows while other steps run and no package holds.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "deb.sh: $*" >&2; exit 1; }

# The build's input files, NUL-separated, sorted: tracked and new files,
# nothing ignored, that exist (a deleted tracked file is not an input).
inputs() {
	(cd "$REPO" && git ls-files -co --exclude-standard -z -- . ':!tests/live/deb' \
		':!tests/fuzz/corpus' |
		xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
		sort -z
}
inputs_hash() {
	inputs | (cd "$REPO" && xargs -0 sha256sum --) | sha256sum | cut -d' ' -f1
}
if [ "${1:-}" = --inputs-hash ]; then
	inputs_hash
	exit 0
fi
out=${1:-$REPO/build/deb}
for t in dpkg-buildpackage dh lintian; do
	command -v "$t" >/dev/null || die "$t missing (scripts/install-deps.sh installs it)"
done

version=$(dpkg-parsechangelog -l "$REPO/debian/changelog" -S Version)
work=$(mktemp -d "${TMPDIR:-/tmp}/contid-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
src=$work/libcontid-$version
mkdir -p "$src"
hash=$(inputs_hash)
inputs | tar -C "$REPO" --null -T - -cf - | tar -C "$src" -xf -

echo "deb.sh: building $version in $src"
(cd "$src" && nice -n 10 dpkg-buildpackage -b -uc -us -j"$(nproc)")

mkdir -p "$out"
rm -f "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo "$out"/inputs.sha256
cp "$work"/*.deb "$work"/*.changes "$work"/*.buildinfo "$out"/
changes=$(ls "$out"/*.changes)

for d in "$out"/*.deb; do
	echo "== $(basename "$d")"
	dpkg-deb -c "$d" | awk '{ $1 = $2 = $3 = $4 = $5 = ""; sub(/^ +/, ""); print }'
	if dpkg-deb -c "$d" | grep -E '\.la$'; then
		die "$(basename "$d") ships a libtool archive"
	fi
done

# Installing a package must not change how containers start (issue 30).
"$REPO/scripts/deb-inactive.sh" "$out"/*.deb ||
	die "a package would enable an OCI hook or engine configuration on installation"

echo "== lintian"
lintian --fail-on error,warning --display-info --show-overrides "$changes"
# Written last: only a build that passed lintian is reused.
echo "$hash" > "$out/inputs.sha256"
echo "deb.sh: $(ls "$out"/*.deb | wc -l) packages in $out, lintian: no errors, no warnings"
