#!/usr/bin/env bash
# Extract Debian's linux-source tree into build/kernel/src, make it a git
# tree whose tag "base" is the pristine source, and apply kernel/patches/
# with git am (all but the cover letter, 0000-cover-letter.patch).  Re-running is cheap: nothing happens when the applied series
# already matches kernel/patches/.
#
#   prepare-tree.sh            extract if needed, (re)apply the series
#   prepare-tree.sh --base     stop at the base commit (no patches)
#   FORCE=1 prepare-tree.sh    discard local commits in the tree
. "$(dirname "$0")/common.sh"

want_patches=1
[ "${1:-}" = "--base" ] && want_patches=0

[ -r "$KTARBALL" ] || die "$KTARBALL missing: apt-get install linux-source"

if [ ! -d "$KSRC/.git" ]; then
	log "extracting $KTARBALL into $KSRC"
	rm -rf "$KSRC" "$KSRC.tmp"
	mkdir -p "$KSRC.tmp"
	tar -C "$KSRC.tmp" -xf "$KTARBALL"
	mv "$KSRC.tmp"/linux-source-* "$KSRC"
	rmdir "$KSRC.tmp"
	git -C "$KSRC" init -q
	git -C "$KSRC" config user.name "libcontid developers"
	git -C "$KSRC" config user.email "dev@libcontid.invalid"
	git -C "$KSRC" config core.autocrlf false
	# Commit the tarball exactly as shipped (-f: its .gitignore ignores /*).
	git -C "$KSRC" add -f -A .
	git -C "$KSRC" commit -q -m "Debian $(basename "$KTARBALL") as shipped"
	git -C "$KSRC" tag pristine
	# Debian's .gitignore ends with "/*" and "!/debian/", which hide the
	# whole tree from git status and git add.  Drop those two lines in a
	# commit of our own, below the series, so new files show up.
	sed -i -e '\#^/\*$#d' -e '\#^!/debian/$#d' "$KSRC/.gitignore"
	git -C "$KSRC" commit -q -a -m "local: let git see the tree (not part of the series)"
	git -C "$KSRC" tag base
fi

applied=$(git -C "$KSRC" config --get contid.series || true)
if [ "$want_patches" = 0 ]; then
	git -C "$KSRC" reset -q --hard base
	git -C "$KSRC" config contid.series none
	exit 0
fi
want=$(series_hash)
if [ "$applied" = "$want" ] &&
   [ "$(git -C "$KSRC" rev-parse HEAD)" = "$(git -C "$KSRC" config --get contid.head)" ]; then
	log "series already applied ($(git -C "$KSRC" rev-list --count base..HEAD) patches)"
	exit 0
fi
if [ "$applied" != "none" ] && [ -n "$applied" ] &&
   [ "$(git -C "$KSRC" rev-parse HEAD)" != "$(git -C "$KSRC" config --get contid.head || true)" ] &&
   [ "${FORCE:-0}" != 1 ]; then
	die "$KSRC has commits that are not in kernel/patches/: run kernel/scripts/export-patches.sh, or FORCE=1 to discard them"
fi
git -C "$KSRC" am --abort >/dev/null 2>&1 || true
git -C "$KSRC" reset -q --hard base
mapfile -t patches < <(series_patches)
if [ ${#patches[@]} -gt 0 ]; then
	log "applying ${#patches[@]} patches"
	git -C "$KSRC" am -q --whitespace=error-all "${patches[@]}" ||
		die "git am failed; fix the patch (see git -C $KSRC am --show-current-patch)"
fi
git -C "$KSRC" config contid.series "$want"
git -C "$KSRC" config contid.head "$(git -C "$KSRC" rev-parse HEAD)"
