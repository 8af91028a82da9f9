#!/usr/bin/env bash
# Build bzImage for one config variant out of tree, with ccache.
#   build.sh normal|debug|selinux  -> prints the path of bzImage
#   build.sh VARIANT TARGET...       -> builds only those make targets
#                                       (directories), no image, no cache
# selinux (base + selinux.config) and check-NAME (base + check-NAME.config)
# are for check-series.sh: build checks of other configs, with targets.
# Exit status 3: Kconfig refuses the variant's fragment (a symbol of it
# does not stick), with the reason; the check prints it as a skip.
# Object dirs: build/kernel/obj-<variant>.  The .config is regenerated only
# when a fragment changes, so an unchanged tree rebuilds nothing.
. "$(dirname "$0")/common.sh"

variant=${1:-normal}
shift || true
targets=("$@")
case "$variant" in
normal) frags=("$CONFIG_DIR/base.config") ;;
debug) frags=("$CONFIG_DIR/base.config" "$CONFIG_DIR/debug.config") ;;
selinux|check-*)
	[ -f "$CONFIG_DIR/$variant.config" ] || die "unknown variant $variant: no $CONFIG_DIR/$variant.config"
	frags=("$CONFIG_DIR/base.config" "$CONFIG_DIR/$variant.config") ;;
*) die "unknown variant $variant (normal|debug|selinux|check-NAME)" ;;
esac
[ -f "$KSRC/Makefile" ] || die "no tree at $KSRC: run kernel/scripts/prepare-tree.sh"
obj=${CONTID_KOBJ:-$BUILD_DIR/kernel/obj-$variant}
mkdir -p "$obj"

# The bzImage cache, shared by every clone on the machine: a build is keyed
# by all it is made of (the tree's git tree id, the config fragments, these
# scripts and the compiler), so the same inputs never build twice, and
# check-series.sh's build of the last patch is live-normal's kernel.  A
# tree with uncommitted changes is never cached.  CONTID_CACHE_DIR moves
# the cache; the newest $keep images are kept.  CONTID_IMAGE_CACHE=write
# builds without reading the cache and stores the result, =off neither
# reads nor stores (check-series.sh needs the compiler's output).
CACHE_DIR=${CONTID_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/contid}
cache_mode=${CONTID_IMAGE_CACHE:-on}
keep=8
key=""
[ ${#targets[@]} -eq 0 ] || cache_mode=off
if [ "$cache_mode" != off ] &&
   tree=$(git -C "$KSRC" rev-parse -q --verify 'HEAD^{tree}' 2>/dev/null) &&
   [ -z "$(git -C "$KSRC" status --porcelain 2>/dev/null)" ]; then
	key=$({ echo "$variant $tree"; cat "${frags[@]}" "$0" "$KERNEL_DIR/scripts/common.sh"
		gcc --version | head -n1; } | sha256sum | cut -c1-32)
fi
cached=$CACHE_DIR/kernel/$key/bzImage
if [ -n "$key" ] && [ "$cache_mode" = on ] && [ -f "$cached" ]; then
	touch "$CACHE_DIR/kernel/$key"
	log "$variant bzImage from the cache: $cached"
	echo "$cached"
	exit 0
fi

cc="gcc"
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_BASEDIR=$BUILD_DIR CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
# Reproducible-ish build info so that ccache hits across rebuilds.
export KBUILD_BUILD_TIMESTAMP="2018-03-16" KBUILD_BUILD_USER=contid KBUILD_BUILD_HOST=qemu
kmake() { make -s -C "$KSRC" O="$obj" ARCH=x86_64 CC="$cc" HOSTCC="$cc" -j"$JOBS" "$@"; }

stamp=$(cat "${frags[@]}" "$0" | sha256sum | cut -d' ' -f1)
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.config.stamp" 2>/dev/null)" != "$stamp" ]; then
	log "configuring $variant"
	kmake tinyconfig >/dev/null
	"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "${frags[@]}" >/dev/null
	kmake olddefconfig >/dev/null
	# merge_config only warns when a symbol does not stick: fail instead.
	# A check variant's own fragment overrides base.config, whose symbols
	# that depend on it may then not stick: only its own must.
	checked=("${frags[@]}")
	case "$variant" in check-*) checked=("$CONFIG_DIR/$variant.config") ;; esac
	missing=0
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=n) sym=${line%%=*}
			grep -q "^$sym=" "$obj/.config" && { log "config: $sym should be off"; missing=1; } ;;
		CONFIG_*=*) grep -qx "$line" "$obj/.config" || { log "config: $line did not stick"; missing=1; } ;;
		esac
	done < <(cat "${checked[@]}")
	if [ "$missing" = 1 ]; then
		case "$variant" in
		check-*) log "Kconfig refuses $(grep -h '^CONFIG_' "${checked[@]}" | tr '\n' ' ')($(grep -h '^# Kconfig: ' "${checked[@]}" | sed 's/^# Kconfig: //'))"
			exit 3 ;;
		esac
		die "config fragments do not apply"
	fi
	echo "$stamp" > "$obj/.config.stamp"
fi
if [ ${#targets[@]} -gt 0 ]; then
	log "building $variant ${targets[*]} in $obj"
	kmake "${targets[@]}"
	exit 0
fi
log "building $variant bzImage in $obj"
kmake bzImage
if [ -n "$key" ]; then
	mkdir -p "$CACHE_DIR/kernel/$key"
	cp "$obj/arch/x86/boot/bzImage" "$cached.tmp.$$" && mv "$cached.tmp.$$" "$cached"
	# shellcheck disable=SC2012
	ls -1t "$CACHE_DIR/kernel" | tail -n +$((keep + 1)) |
		while read -r old; do rm -rf "${CACHE_DIR:?}/kernel/$old"; done
	echo "$cached"
else
	echo "$obj/arch/x86/boot/bzImage"
fi
