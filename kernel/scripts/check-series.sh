#!/usr/bin/env bash
# Check the series as a maintainer would: in a separate worktree at "base",
# apply the patches one by one with git am; after each, run
# scripts/checkpatch.pl --strict on it and build bzImage (incrementally,
# with the normal config, in build/kernel/obj-series).
#
# A checkpatch report fails the check unless the patch's commit message
# has a line "checkpatch: <TYPE> <why>" for each reported type.
. "$(dirname "$0")/common.sh"

"$KERNEL_DIR/scripts/prepare-tree.sh" >/dev/null   # makes sure base exists

# A pass is remembered under the hash of everything the check reads (the
# base tree, the patches, the config fragments, these scripts and the
# compiler): the same inputs are not checked twice on one machine (a cold
# check builds the tree once per patch).  Only passes are kept.
CACHE_DIR=${CONTID_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/contid}
key=$({ git -C "$KSRC" rev-parse 'base^{tree}'
	cat "$PATCH_DIR"/*.patch "$CONFIG_DIR"/*.config "$0" \
		"$KERNEL_DIR/scripts/build.sh" "$KERNEL_DIR/scripts/common.sh"
	gcc --version | head -n1; } | sha256sum | cut -c1-32)
verdict=$CACHE_DIR/series/$key.pass
if [ -f "$verdict" ]; then
	echo "the same inputs passed this check on $(date -u -r "$verdict" '+%F %T UTC') (key $key); that run's report:"
	cat "$verdict"
	exit 0
fi

check() {
wt=$BUILD_DIR/kernel/series-src
if [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
	rm -rf "$wt"
	git -C "$KSRC" worktree prune
	git -C "$KSRC" worktree add -q --detach "$wt" base
fi
git -C "$wt" am --abort >/dev/null 2>&1 || true
git -C "$wt" reset -q --hard base
git -C "$wt" clean -q -fdx

shopt -s nullglob
patches=("$PATCH_DIR"/*.patch)
[ ${#patches[@]} -gt 0 ] || die "no patches in $PATCH_DIR"
bad=0
for p in "${patches[@]}"; do
	name=$(basename "$p")
	if ! git -C "$wt" am -q --whitespace=error-all "$p" >/dev/null 2>&1; then
		echo "patch $name: does not apply"
		git -C "$wt" am --abort >/dev/null 2>&1 || true
		bad=1
		break
	fi
	report=$("$wt/scripts/checkpatch.pl" --strict --no-tree --show-types -q "$p" 2>&1 || true)
	types=$(printf '%s\n' "$report" | { grep -o -E '^(ERROR|WARNING|CHECK):[A-Z_]+' || true; } | cut -d: -f2 | sort -u)
	unexplained=""
	for t in $types; do
		grep -q "^checkpatch: $t " "$p" || unexplained="$unexplained $t"
	done
	if [ -n "$unexplained" ]; then
		echo "patch $name: checkpatch --strict:$unexplained"
		printf '%s\n' "$report" | sed 's/^/    /'
		bad=1
	fi
	# Every build compiles (its warnings are read below); the last
	# patch's, the series as live-normal runs it, goes into build.sh's
	# image cache.
	cache=off
	[ "$p" = "${patches[-1]}" ] && cache=write
	if ! CONTID_IMAGE_CACHE=$cache CONTID_KSRC=$wt CONTID_KOBJ=$BUILD_DIR/kernel/obj-series \
		"$KERNEL_DIR/scripts/build.sh" normal >"$BUILD_DIR/kernel/series-build.log" 2>&1; then
		echo "patch $name: does not build"
		tail -n 30 "$BUILD_DIR/kernel/series-build.log" | sed 's/^/    /'
		bad=1
		break
	fi
	# Warnings in files the patch touches count as build failures too.
	if grep -E 'warning:' "$BUILD_DIR/kernel/series-build.log" | grep -v '^\.config' >/dev/null; then
		echo "patch $name: compiler warnings"
		grep -E 'warning:' "$BUILD_DIR/kernel/series-build.log" | sed 's/^/    /'
		bad=1
	fi
	echo "patch $name: applies, checkpatch --strict clean${types:+ (explained: $types)}, builds"
done
git -C "$wt" reset -q --hard base
[ "$bad" = 0 ] && echo "checked: ${#patches[@]} patches" && return 0
return 1
}

mkdir -p "$CACHE_DIR/series"
report=$(mktemp "$CACHE_DIR/series/.run.XXXXXX")
trap 'rm -f "$report"' EXIT
# errexit and pipefail hold inside check: a failure ends the script here.
check | tee "$report"
mv "$report" "$verdict"
