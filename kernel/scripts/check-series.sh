#!/usr/bin/env bash
# Check the series as a maintainer would: in a separate worktree at "base",
# apply the patches one by one with git am; after each, run
# scripts/checkpatch.pl --strict on it and build bzImage (incrementally)
# with the normal config (build/kernel/obj-series).  The whole series is
# then built once with SELinux enabled (config/selinux.config,
# build/kernel/obj-series-selinux): security/selinux/ and the directories
# of the .c files the series touches.
#
# A checkpatch report fails the check unless the patch's commit message
# has a line "checkpatch: <TYPE> <why>" for each reported type.  A
# checkpatch that cannot run fails the check: it must first find the
# faults of a known-bad patch, and each run must end in one of its own
# verdicts.  The cover letter (0000-cover-letter.patch) must be there, is
# not applied, and must count the patches.
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

mapfile -t patches < <(series_patches)
[ ${#patches[@]} -gt 0 ] || die "no patches in $PATCH_DIR"
bad=0
[ -f "$COVER_LETTER" ] || { echo "no cover letter $COVER_LETTER"; bad=1; }
if [ -f "$COVER_LETTER" ]; then
	want=$(printf '%02d' ${#patches[@]})
	grep -q "^Subject: \[PATCH 00/$want\] " "$COVER_LETTER" ||
		{ echo "cover letter: Subject is not [PATCH 00/$want]"; bad=1; }
	grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE \*\*\*' "$COVER_LETTER" &&
		{ echo "cover letter: format-patch's placeholder left in"; bad=1; }
fi

# checkpatch must run: on a patch adding trailing white space it reports
# ERROR:TRAILING_WHITESPACE and exits 1.
selftest=$BUILD_DIR/kernel/checkpatch-selftest.patch
cat > "$selftest" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <test@example.invalid>
Subject: [PATCH] test: trailing white space

Signed-off-by: Test <test@example.invalid>
---
 lib/x.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/lib/x.c b/lib/x.c
--- a/lib/x.c
+++ b/lib/x.c
@@ -1,1 +1,2 @@
 int x;
+int y; 
PATCH
rc=0
out=$("$wt/scripts/checkpatch.pl" --strict --no-tree --show-types -q "$selftest" 2>&1) || rc=$?
if [ "$rc" != 1 ] || ! printf '%s\n' "$out" | grep -q '^ERROR:TRAILING_WHITESPACE'; then
	echo "checkpatch.pl does not run (exit $rc on a known-bad patch):"
	printf '%s\n' "$out" | sed 's/^/    /'
	exit 1
fi

for p in "${patches[@]}"; do
	name=$(basename "$p")
	if ! git -C "$wt" am -q --whitespace=error-all "$p" >/dev/null 2>&1; then
		echo "patch $name: does not apply"
		git -C "$wt" am --abort >/dev/null 2>&1 || true
		bad=1
		break
	fi
	rc=0
	report=$("$wt/scripts/checkpatch.pl" --strict --no-tree --show-types -q "$p" 2>&1) || rc=$?
	types=$(printf '%s\n' "$report" | { grep -o -E '^(ERROR|WARNING|CHECK):[A-Z_]+' || true; } | cut -d: -f2 | sort -u)
	# Exit 0 with nothing to say, or 1 with its reports: anything else is
	# checkpatch failing to run, never a clean patch.
	if { [ "$rc" = 0 ] && [ -n "$report" ]; } || { [ "$rc" = 1 ] && [ -z "$types" ]; } ||
	   [ "$rc" -gt 1 ]; then
		echo "patch $name: checkpatch.pl did not run (exit $rc)"
		printf '%s\n' "$report" | sed 's/^/    /'
		bad=1
		break
	fi
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
	echo "patch $name: applies, checkpatch --strict clean${types:+ (explained: $types)}, builds (normal)"
done
# SELinux once, on the whole series: security/selinux/ (nlmsgtab.c's
# build-time check that every audit request is classified) and every
# directory whose .c files the series touches, with the SELinux hooks
# compiled in.  Per patch it would double the check's time for a table
# that only the patch adding a request can break, and that patch is
# still caught here: the check fails naming the series.
if [ "$bad" = 0 ]; then
	mapfile -t dirs < <(git -C "$wt" diff --name-only base HEAD -- '*.c' |
		xargs -r -n1 dirname | sort -u | sed 's|$|/|')
	blog=$BUILD_DIR/kernel/series-build-selinux.log
	if ! CONTID_KSRC=$wt CONTID_KOBJ=$BUILD_DIR/kernel/obj-series-selinux \
		"$KERNEL_DIR/scripts/build.sh" selinux security/selinux/ "${dirs[@]}" >"$blog" 2>&1; then
		echo "series: does not build with the selinux config"
		tail -n 30 "$blog" | sed 's/^/    /'
		bad=1
	elif grep -E 'warning:' "$blog" | grep -v '^\.config' >/dev/null; then
		echo "series: compiler warnings with the selinux config"
		grep -E 'warning:' "$blog" | sed 's/^/    /'
		bad=1
	else
		echo "series: builds with the selinux config (security/selinux/ ${dirs[*]})"
	fi
fi
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
