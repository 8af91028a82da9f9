# Shared settings for the kernel scripts; sourced, not run.
# shellcheck shell=bash
set -euo pipefail

KERNEL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$KERNEL_DIR/.." && pwd)
# Everything generated lives under build/ (ignored by git).
BUILD_DIR=${CONTID_BUILD_DIR:-$REPO_DIR/build}
KSRC=${CONTID_KSRC:-$BUILD_DIR/kernel/src}
KTARBALL=${CONTID_KTARBALL:-/usr/src/linux-source-6.1.tar.xz}
PATCH_DIR=$KERNEL_DIR/patches
CONFIG_DIR=$KERNEL_DIR/config
JOBS=${JOBS:-$(nproc)}

log() { printf '[kernel] %s\n' "$*" >&2; }
die() { printf '[kernel] error: %s\n' "$*" >&2; exit 1; }

# The cover letter, kept with the series but never applied.
COVER_LETTER=$PATCH_DIR/0000-cover-letter.patch

# The series' patches in order, one per line: every *.patch but the cover
# letter.
series_patches() {
	local p
	for p in "$PATCH_DIR"/*.patch; do
		[ -f "$p" ] || continue
		[ "$p" = "$COVER_LETTER" ] && continue
		printf '%s\n' "$p"
	done
}

# What the tree is built from: the patches, not the cover letter.
series_hash() {
	series_patches | while IFS= read -r p; do cat "$p"; done |
		sha256sum | cut -d' ' -f1
}
