#!/usr/bin/env bash
# Write the commits on top of "base" in build/audit-userspace/src back to
# audit-userspace/patches/ (git format-patch), replacing what was there.
. "$(dirname "$0")/common.sh"
[ -d "$AUS_SRC/.git" ] || die "no tree at $AUS_SRC: run prepare-tree.sh"
rm -f "$PATCH_DIR"/*.patch
git -C "$AUS_SRC" format-patch -q --no-signature --zero-commit -N -o "$PATCH_DIR" base..HEAD
git -C "$AUS_SRC" config contid.series "$(series_hash)"
git -C "$AUS_SRC" config contid.head "$(git -C "$AUS_SRC" rev-parse HEAD)"
ls -1 "$PATCH_DIR"
