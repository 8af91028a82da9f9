#!/usr/bin/env bash
# Build bzImage for one config variant out of tree, with ccache.
#   build.sh normal|debug      -> prints the path of bzImage
# Object dirs: build/kernel/obj-<variant>.  The .config is regenerated only
# when a fragment changes, so an unchanged tree rebuilds nothing.
. "$(dirname "$0")/common.sh"

variant=${1:-normal}
case "$variant" in
normal) frags=("$CONFIG_DIR/base.config") ;;
debug) frags=("$CONFIG_DIR/base.config" "$CONFIG_DIR/debug.config") ;;
*) die "unknown variant $variant (normal|debug)" ;;
esac
[ -f "$KSRC/Makefile" ] || die "no tree at $KSRC: run kernel/scripts/prepare-tree.sh"
obj=${CONTID_KOBJ:-$BUILD_DIR/kernel/obj-$variant}
mkdir -p "$obj"

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
	missing=0
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=n) sym=${line%%=*}
			grep -q "^$sym=" "$obj/.config" && { log "config: $sym should be off"; missing=1; } ;;
		CONFIG_*=*) grep -qx "$line" "$obj/.config" || { log "config: $line did not stick"; missing=1; } ;;
		esac
	done < <(cat "${frags[@]}")
	[ "$missing" = 0 ] || die "config fragments do not apply"
	echo "$stamp" > "$obj/.config.stamp"
fi
log "building $variant bzImage in $obj"
kmake bzImage
echo "$obj/arch/x86/boot/bzImage"
