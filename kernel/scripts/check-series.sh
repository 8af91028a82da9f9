#!/usr/bin/env bash
# Check the series as a maintainer would, in a separate worktree at
# "base" (build/kernel/series-src) with the normal config
# (build/kernel/obj-series):
#
#  1. Each patch, applied with git am in order:
#     - scripts/checkpatch.pl --strict on it;
#     - scripts/kernel-doc -none on the files it touches: no warning the
#       file did not have at base;
#     - it builds: the objects of the .c files it touches, compiled with
#       W=1 and sparse (C=2), with no warning the same object did not have
#       at base; every object of the config whose .c file includes a
#       header the patch changes (#include, directly), compiled with the
#       normal flags, warning-free; and a link check: every symbol the
#       series' objects need at this patch is defined by the objects at
#       this patch or by the rest of the kernel.
#  2. The whole series: one full build (bzImage, warning-free), which is
#     the image live-normal boots (build.sh's image cache).
#  3. The whole series in more configs, as far as the directories of the
#     .c files it touches: SELinux on (config/selinux.config, with
#     security/selinux/), CONFIG_AUDIT=n, CONFIG_AUDITSYSCALL=n,
#     CONFIG_NET_NS=n, CONFIG_PROC_FS=n (config/check-*.config).  A config
#     Kconfig refuses is skipped with the reason printed.
#
# Why not a whole build after each patch: two patches change
# include/linux/sched.h, which nearly every object includes, so a build a
# patch cost two full builds and more (82 minutes of a cold CI run on two
# cores).  What a patch can break is what it compiles differently: the
# files it touches, the files that include what it changes, and what its
# objects link against; that is what step 1 builds, and step 2 builds
# everything once.  docs/testing.md says what this leaves out.
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
# base tree, the patches, the config fragments, these scripts, the
# compiler and sparse): the same inputs are not checked twice on one
# machine.  Only passes are kept.
CACHE_DIR=${CONTID_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/contid}
key=$({ git -C "$KSRC" rev-parse 'base^{tree}'
	cat "$PATCH_DIR"/*.patch "$CONFIG_DIR"/*.config "$0" \
		"$KERNEL_DIR/scripts/build.sh" "$KERNEL_DIR/scripts/common.sh"
	gcc --version | head -n1; sparse --version 2>&1; } | sha256sum | cut -c1-32)
verdict=$CACHE_DIR/series/$key.pass
if [ -f "$verdict" ]; then
	echo "the same inputs passed this check on $(date -u -r "$verdict" '+%F %T UTC') (key $key); that run's report:"
	cat "$verdict"
	exit 0
fi
command -v sparse >/dev/null || die "sparse is not installed (scripts/install-deps.sh)"

wt=$BUILD_DIR/kernel/series-src
obj=$BUILD_DIR/kernel/obj-series
work=$BUILD_DIR/kernel/series-check
# build.sh on the worktree, into OBJ (default: the series' objects).
kbuild() {
	local variant=$1 o=${KOBJ:-$obj}
	shift
	CONTID_KSRC=$wt CONTID_KOBJ=$o "$KERNEL_DIR/scripts/build.sh" "$variant" "$@"
}
# make in the series' object directory, as build.sh runs it.
kmake() {
	local cc="gcc"
	command -v ccache >/dev/null && cc="ccache gcc"
	CCACHE_BASEDIR=$BUILD_DIR CCACHE_NOHASHDIR=1 \
	KBUILD_BUILD_TIMESTAMP="2018-03-16" KBUILD_BUILD_USER=contid KBUILD_BUILD_HOST=qemu \
		make -s -C "$wt" O="$obj" ARCH=x86_64 CC="$cc" HOSTCC="$cc" -j"$JOBS" "$@"
}
# A compiler's or a tool's warnings with the line and column numbers
# taken out (they move with every patch), one per line, sorted.
normalize() {
	grep -a -E ': (warning|error):' | sed -E -e 's#^[^ :]*series-src/##' -e 's#^(\.\./)+##' \
		-e 's#^([^: ]+):[0-9]+(:[0-9]+)?:#\1:#' | sort || true
}
# Lines of file $2 that file $1 does not have (as multisets).
new_lines() { diff <(sort "$1") <(sort "$2") | sed -n 's/^> //p' || true; }
# The object of each .c file given that the config builds (has a .cmd
# in the full build), one a line.
built_objs() {
	local c o
	for c in "$@"; do
		o=${c%.c}.o
		[ -f "$obj/$(dirname "$o")/.$(basename "$o").cmd" ] && echo "$o"
	done
	return 0
}
# The .c files of the config's objects that #include header $1 directly.
includers() {
	local h=$1 pat
	case "$h" in
	include/uapi/*) pat=${h#include/uapi/} ;;
	include/*) pat=${h#include/} ;;
	*) pat=$(basename "$h") ;;
	esac
	# shellcheck disable=SC2016
	grep -l -E "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]([./]*/)?${pat//./\\.}[>\"]" \
		"${all_c[@]/#/$wt/}" 2>/dev/null | sed "s#^$wt/##" |
		{ [ "$h" = "${h#include/}" ] && grep "^$(dirname "$h")/" || cat; } || true
}
# The global symbols an object defines, and those it needs.
defined_syms() { nm --defined-only "$1" | awk '$2 ~ /^[A-TV-Z]$/ { print $3 }' | sort -u; }
undefined_syms() { nm -u "$1" | awk '$1 == "U" { print $2 }' | sort -u; }

check() {
if [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
	rm -rf "$wt"
	git -C "$KSRC" worktree prune
	git -C "$KSRC" worktree add -q --detach "$wt" base
fi
git -C "$wt" am --abort >/dev/null 2>&1 || true
git -C "$wt" reset -q --hard base
git -C "$wt" clean -q -fdx
rm -rf "$work"
mkdir -p "$work"

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
selftest=$work/checkpatch-selftest.patch
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
# checkpatch runs in the kernel tree, its home: elsewhere it reads the
# tree around it (a git repository's settings) and reports other things.
out=$(cd "$wt" && scripts/checkpatch.pl --strict --no-tree --show-types -q "$selftest" 2>&1) || rc=$?
if [ "$rc" != 1 ] || ! printf '%s\n' "$out" | grep -q '^ERROR:TRAILING_WHITESPACE'; then
	echo "checkpatch.pl does not run (exit $rc on a known-bad patch):"
	printf '%s\n' "$out" | sed 's/^/    /'
	exit 1
fi
# kernel-doc must run: a comment that names a parameter the function
# lacks is a warning.
printf '/**\n * f() - f\n * @y: y\n */\nint f(int x);\n' > "$work/kdoc-selftest.c"
if ! "$wt/scripts/kernel-doc" -none "$work/kdoc-selftest.c" 2>&1 | grep -q "warning: .*'y'"; then
	echo "scripts/kernel-doc does not run (no warning on a known-bad comment)"
	exit 1
fi

# 1a. Apply every patch: checkpatch and kernel-doc, which need no build.
commits=()
for p in "${patches[@]}"; do
	name=$(basename "$p")
	if ! git -C "$wt" am -q --whitespace=error-all "$p" >/dev/null 2>&1; then
		echo "patch $name: does not apply"
		git -C "$wt" am --abort >/dev/null 2>&1 || true
		bad=1
		break
	fi
	commits+=("$(git -C "$wt" rev-parse HEAD)")
	rc=0
	report=$(cd "$wt" && scripts/checkpatch.pl --strict --no-tree --show-types -q "$p" 2>&1) || rc=$?
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
	kdoc_new=""
	while IFS= read -r f; do
		case "$f" in *.c|*.h) ;; *) continue ;; esac
		[ -f "$wt/$f" ] || continue
		(cd "$wt" && scripts/kernel-doc -none "$f" 2>&1) | normalize > "$work/kdoc.new"
		: > "$work/kdoc.base"
		if git -C "$wt" cat-file -e "base:$f" 2>/dev/null; then
			mkdir -p "$work/base/$(dirname "$f")"
			git -C "$wt" show "base:$f" > "$work/base/$f"
			(cd "$work/base" && "$wt/scripts/kernel-doc" -none "$f" 2>&1) | normalize > "$work/kdoc.base"
		fi
		kdoc_new+=$(new_lines "$work/kdoc.base" "$work/kdoc.new")
	done < <(git -C "$wt" diff --name-only HEAD^ HEAD)
	if [ -n "$kdoc_new" ]; then
		echo "patch $name: scripts/kernel-doc -none warns:"
		printf '%s\n' "$kdoc_new" | sed 's/^/    /'
		bad=1
	fi
	echo "patch $name: applies, checkpatch --strict clean${types:+ (explained: $types)}, kernel-doc clean"
done
[ "$bad" = 0 ] || { git -C "$wt" reset -q --hard base; return 1; }

# 2. The whole series, one full build: warning-free, and the image
# live-normal boots.  Its objects' .cmd files say what the config builds.
blog=$work/full-build.log
if ! CONTID_IMAGE_CACHE=write kbuild normal >"$blog" 2>&1; then
	echo "series: does not build"
	tail -n 30 "$blog" | sed 's/^/    /'
	return 1
fi
if grep -E 'warning:' "$blog" | grep -v '^\.config' >/dev/null; then
	echo "series: compiler warnings"
	grep -E 'warning:' "$blog" | sed 's/^/    /'
	return 1
fi
echo "series: builds (normal, bzImage)"
mapfile -t all_c < <(cd "$obj" && find . -name '.*.o.cmd' | sed -E 's#^\./##; s#(^|/)\.([^/]*)\.o\.cmd$#\1\2.c#' |
	while IFS= read -r c; do [ -f "$wt/$c" ] && echo "$c"; done | sort)
# The series' objects: those of the .c files it touches that the config
# builds.
mapfile -t series_c < <(git -C "$wt" diff --name-only base HEAD -- '*.c')
mapfile -t series_o < <(built_objs "${series_c[@]}")
printf '%s\n' "${series_o[@]}" | sort > "$work/series-objs"
# What vmlinux is linked from: vmlinux.a's objects, and the libraries'
# (their objects taken as needed).
(cd "$obj" && ar t vmlinux.a) | sort -u > "$work/vmlinux-objs"
(cd "$obj" && cat "$work/vmlinux-objs" && ar t lib/lib.a && ar t arch/x86/lib/lib.a) | sort -u > "$work/linked-objs"
# The rest of the kernel's symbols: every linked object but the series',
# as the full build made them.
comm -23 "$work/linked-objs" "$work/series-objs" |
	(cd "$obj" && while IFS= read -r o; do nm --defined-only "$o"; done) |
	awk '$2 ~ /^[A-TV-Z]$/ { print $3 }' | sort -u > "$work/rest.defined"
# Symbols the linker script provides (sections' bounds and the like):
# in vmlinux, defined by no object.
for o in "${series_o[@]}"; do nm --defined-only "$obj/$o"; done |
	awk '$2 ~ /^[A-TV-Z]$/ { print $3 }' | sort -u > "$work/series.defined"
nm "$obj/vmlinux" | awk 'NF == 3 { print $3 }' | sort -u |
	comm -23 - <(sort -u "$work/rest.defined" "$work/series.defined") > "$work/linker.defined"
# unresolved: what the series' objects (as they are now) and the objects
# in $work/inc.undef need that nothing defines.
unresolved() {
	cat "$work"/syms/*.undef "$work/inc.undef" | sort -u |
		comm -23 - <(sort -u "$work/rest.defined" "$work/linker.defined" "$work"/syms/*.def)
}

# 1b. Each patch builds.  At base first: the series' objects with W=1
# and sparse, whose warnings a patch may keep but not add to.
git -C "$wt" checkout -q base
mapfile -t base_o < <(for o in "${series_o[@]}"; do [ -f "$wt/${o%.o}.c" ] && echo "$o"; done)
mkdir -p "$work/syms"
if ! kmake W=1 C=2 "${base_o[@]}" >"$work/base-w1.log" 2>&1; then
	echo "base: the series' files do not build with W=1 and sparse"
	tail -n 30 "$work/base-w1.log" | sed 's/^/    /'
	return 1
fi
normalize < "$work/base-w1.log" > "$work/w1.base"
for o in "${base_o[@]}"; do
	defined_syms "$obj/$o" > "$work/syms/${o//\//_}.def"
	undefined_syms "$obj/$o" > "$work/syms/${o//\//_}.undef"
done
# The link check must be sound: at base, with what every object of the
# full build needs, nothing is missing.
comm -23 "$work/vmlinux-objs" "$work/series-objs" |
	(cd "$obj" && while IFS= read -r o; do nm -u "$o"; done) |
	awk '$1 == "U" { print $2 }' | sort -u > "$work/inc.undef"
missing=$(unresolved)
[ -z "$missing" ] || { echo "link check: unsound: at base, nothing defines$(printf ' %s' $missing)"; return 1; }

for i in "${!commits[@]}"; do
	name=$(basename "${patches[$i]}")
	git -C "$wt" checkout -q "${commits[$i]}"
	mapfile -t touched < <(git -C "$wt" diff --name-only "${commits[$i]}^" "${commits[$i]}")
	mapfile -t cfiles < <(printf '%s\n' "${touched[@]}" | grep '\.c$' || true)
	mapfile -t own_o < <(built_objs "${cfiles[@]}")
	mapfile -t inc_o < <(for h in "${touched[@]}"; do
		case "$h" in *.h) includers "$h" ;; esac
	done | sort -u | grep -v -x -F -f <(printf '%s\n' "${cfiles[@]}" '/dev/null') |
		while IFS= read -r c; do echo "${c%.c}.o"; done)
	log=$work/patch-$((i + 1)).log
	fail=""
	if [ ${#own_o[@]} -gt 0 ] && ! kmake W=1 C=2 "${own_o[@]}" >"$log" 2>&1; then
		fail="does not build (W=1, sparse)"
	elif [ ${#inc_o[@]} -gt 0 ] && ! kmake "${inc_o[@]}" >"$log.inc" 2>&1; then
		fail="an object including a header it changes does not build"
		cat "$log.inc" >> "$log"
	fi
	if [ -n "$fail" ]; then
		echo "patch $name: $fail"
		tail -n 30 "$log" | sed 's/^/    /'
		bad=1
		break
	fi
	normalize < "$log" > "$work/w1.new"
	warn=$(new_lines "$work/w1.base" "$work/w1.new")
	if grep -E 'warning:' "$log.inc" 2>/dev/null | grep -q .; then
		warn+=$(grep -E 'warning:' "$log.inc")
	fi
	for o in "${own_o[@]}"; do
		defined_syms "$obj/$o" > "$work/syms/${o//\//_}.def"
		undefined_syms "$obj/$o" > "$work/syms/${o//\//_}.undef"
	done
	# An object including a changed header may need a symbol through an
	# inline function of that header.
	for o in "${inc_o[@]}"; do
		if grep -q -x -F "$o" "$work/linked-objs"; then undefined_syms "$obj/$o"; fi
	done > "$work/inc.undef"
	if [ -n "$warn" ]; then
		echo "patch $name: new warnings (W=1 and sparse on its files, or in an object including its headers):"
		printf '%s\n' "$warn" | sed 's/^/    /'
		bad=1
	fi
	# The link check: what the series' objects need, as they are at this
	# patch, is defined by them or by the rest of the kernel.
	missing=$(unresolved)
	if [ -n "$missing" ]; then
		echo "patch $name: does not link: undefined$(printf ' %s' $missing)"
		bad=1
	elif [ -z "$warn" ]; then
		echo "patch $name: builds (W=1 and sparse: ${#own_o[@]} objects; ${#inc_o[@]} objects including its headers; links)"
	fi
done
[ "$bad" = 0 ] || { git -C "$wt" checkout -q "${commits[-1]}"; git -C "$wt" reset -q --hard base; return 1; }
git -C "$wt" checkout -q "${commits[-1]}"

# 3. The whole series in the other configs, as far as the directories of
# the .c files it touches (security/selinux/ too with SELinux, whose
# nlmsgtab.c checks at build time that every audit request is
# classified).
mapfile -t dirs < <(printf '%s\n' "${series_c[@]}" | xargs -r -n1 dirname | sort -u | sed 's|$|/|')
for v in selinux check-noaudit check-nosyscall check-nonetns check-noproc; do
	targets=("${dirs[@]}")
	[ "$v" = selinux ] && ! printf '%s\n' "${dirs[@]}" | grep -q -x 'security/selinux/' &&
		targets+=(security/selinux/)
	vlog=$work/$v.log
	rc=0
	KOBJ=$BUILD_DIR/kernel/obj-series-$v kbuild "$v" "${targets[@]}" >"$vlog" 2>&1 || rc=$?
	what=$(grep -v '^#' "$CONFIG_DIR/$v.config" | grep . | tr '\n' ' ')
	if [ "$rc" = 3 ]; then
		echo "config $v (${what% }): skipped: $(grep -a 'Kconfig refuses' "$vlog" | sed 's/^\[kernel\] //')"
		continue
	fi
	if [ "$rc" != 0 ]; then
		echo "config $v (${what% }): does not build"
		tail -n 30 "$vlog" | sed 's/^/    /'
		bad=1
	elif grep -E 'warning:' "$vlog" | grep -v '^\.config' >/dev/null; then
		echo "config $v (${what% }): compiler warnings"
		grep -E 'warning:' "$vlog" | sed 's/^/    /'
		bad=1
	else
		echo "config $v (${what% }): builds (${targets[*]})"
	fi
done
echo "config clang (LLVM=1): not built: a third compiler's build of the touched directories does not fit CI's 60 minutes (docs/testing.md)"
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
