#!/usr/bin/env bash
# Fetch Debian's audit source package (apt-get source, into the cache so
# that every clone on the machine shares one download), unpack it with
# dpkg-source into build/audit-userspace/src as a git tree whose tag
# "base" is the source as Debian ships it, and apply
# audit-userspace/patches/ with git am.  Re-running is cheap: nothing
# happens when the applied series already matches the patches.
#
#   prepare-tree.sh            fetch and unpack if needed, (re)apply the series
#   prepare-tree.sh --base     stop at the base commit (no patches)
#   FORCE=1 prepare-tree.sh    discard local commits in the tree
. "$(dirname "$0")/common.sh"

want_patches=1
[ "${1:-}" = "--base" ] && want_patches=0
command -v dpkg-source >/dev/null || die "dpkg-source missing: apt-get install -y dpkg-dev"

dl=$CACHE_DIR/audit-userspace/source
upver=${AUS_VERSION#*:}
dsc=$dl/${AUS_PACKAGE}_${upver}.dsc
if [ ! -f "$dsc" ]; then
	if ! apt-cache showsrc "$AUS_PACKAGE" 2>/dev/null | grep -q '^Version:'; then
		"$AUS_DIR/scripts/deb-src.sh"
	fi
	log "fetching $AUS_PACKAGE=$AUS_VERSION source into $dl"
	mkdir -p "$dl.tmp.$$"
	(cd "$dl.tmp.$$" && apt-get source -qq --download-only "$AUS_PACKAGE=$AUS_VERSION") ||
		die "apt-get source $AUS_PACKAGE=$AUS_VERSION failed"
	mkdir -p "$dl"
	mv "$dl.tmp.$$"/* "$dl"/ && rmdir "$dl.tmp.$$"
fi

if [ ! -d "$AUS_SRC/.git" ]; then
	log "unpacking $dsc into $AUS_SRC"
	rm -rf "$AUS_SRC" "$AUS_SRC.tmp"
	mkdir -p "$(dirname "$AUS_SRC")"
	dpkg-source -q --no-check -x "$dsc" "$AUS_SRC.tmp" >/dev/null
	mv "$AUS_SRC.tmp" "$AUS_SRC"
	git -C "$AUS_SRC" init -q
	git -C "$AUS_SRC" config user.name "libcontid developers"
	git -C "$AUS_SRC" config user.email "dev@libcontid.invalid"
	git -C "$AUS_SRC" config core.autocrlf false
	git -C "$AUS_SRC" add -f -A .
	git -C "$AUS_SRC" commit -q -m "Debian $AUS_PACKAGE $AUS_VERSION as unpacked by dpkg-source"
	git -C "$AUS_SRC" tag base
fi

applied=$(git -C "$AUS_SRC" config --get contid.series || true)
if [ "$want_patches" = 0 ]; then
	git -C "$AUS_SRC" reset -q --hard base
	git -C "$AUS_SRC" config contid.series none
	exit 0
fi
want=$(series_hash)
if [ "$applied" = "$want" ] &&
   [ "$(git -C "$AUS_SRC" rev-parse HEAD)" = "$(git -C "$AUS_SRC" config --get contid.head)" ]; then
	log "series already applied ($(git -C "$AUS_SRC" rev-list --count base..HEAD) patches)"
	exit 0
fi
if [ "$applied" != "none" ] && [ -n "$applied" ] &&
   [ "$(git -C "$AUS_SRC" rev-parse HEAD)" != "$(git -C "$AUS_SRC" config --get contid.head || true)" ] &&
   [ "${FORCE:-0}" != 1 ]; then
	die "$AUS_SRC has commits that are not in audit-userspace/patches/: run audit-userspace/scripts/export-patches.sh, or FORCE=1 to discard them"
fi
git -C "$AUS_SRC" am --abort >/dev/null 2>&1 || true
git -C "$AUS_SRC" reset -q --hard base
git -C "$AUS_SRC" clean -q -fdx
shopt -s nullglob
patches=("$PATCH_DIR"/*.patch)
if [ ${#patches[@]} -gt 0 ]; then
	log "applying ${#patches[@]} patches"
	git -C "$AUS_SRC" am -q --whitespace=nowarn "${patches[@]}" ||
		die "git am failed; fix the patch (see git -C $AUS_SRC am --show-current-patch)"
fi
git -C "$AUS_SRC" config contid.series "$want"
git -C "$AUS_SRC" config contid.head "$(git -C "$AUS_SRC" rev-parse HEAD)"
