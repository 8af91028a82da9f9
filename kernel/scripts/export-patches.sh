#!/usr/bin/env bash
# Regenerate kernel/patches/ from the commits on top of "base" in the tree:
# edit the tree, commit (or rebase -i), then run this.
. "$(dirname "$0")/common.sh"
[ -d "$KSRC/.git" ] || die "no tree at $KSRC"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "no commits on top of base"
git -C "$KSRC" diff --quiet HEAD || die "uncommitted changes in $KSRC: commit them first"
rm -f "$PATCH_DIR"/*.patch
mkdir -p "$PATCH_DIR"
# --zero-commit and no signature: the files change only when a patch does.
git -C "$KSRC" format-patch -q --zero-commit --no-signature \
	-o "$PATCH_DIR" base..HEAD
git -C "$KSRC" config contid.series "$(series_hash)"
git -C "$KSRC" config contid.head "$(git -C "$KSRC" rev-parse HEAD)"
log "wrote $n patches to $PATCH_DIR"
