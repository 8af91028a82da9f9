#!/usr/bin/env bash
# Build a gzip'd cpio initramfs: busybox (Debian's busybox-static), the
# guest init script, and the given files with every shared library they need.
#
#   mkinitramfs.sh OUT.cpio.gz [--add SRC:DEST]... [--tree DIR]...
#
# --add copies one file (an executable gets its libraries too);
# --tree copies a staged directory (e.g. a `make install DESTDIR=`) as-is,
# and the libraries of every ELF file in it.
. "$(dirname "$0")/common.sh"

out=${1:?usage: mkinitramfs.sh OUT.cpio.gz [--add SRC:DEST]... [--tree DIR]...}
shift
[ -x /bin/busybox ] || die "busybox missing: apt-get install busybox-static"
ldd /bin/busybox >/dev/null 2>&1 && die "/bin/busybox is not static: apt-get install busybox-static"

root=$(mktemp -d "${TMPDIR:-/tmp}/contid-initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,etc,root,usr/bin,usr/sbin,usr/lib,lib64,run,var/log}
cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
install -m 0755 "$KERNEL_DIR/guest/init" "$root/init"
# The waits on progress the init and the live scripts source.
install -D -m 0644 "$REPO_DIR/tests/live/common/livewait.sh" "$root/usr/share/contid/livewait.sh"
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "root:x:0:" > "$root/etc/group"
echo "nobody:x:65534:65534:nobody:/:/bin/false" >> "$root/etc/passwd"
echo "nogroup:x:65534:" >> "$root/etc/group"

# Copy the shared libraries an ELF file needs, at their own paths.
add_libs() {
	local f=$1 lib
	ldd "$f" >/dev/null 2>&1 || return 0	# not a dynamic ELF file
	for lib in $(ldd "$f" 2>/dev/null | grep -o '/[^ ]*' | sort -u); do
		# Libraries of a staged tree are in the image already.
		case "$lib" in "${tree:-/nonexistent}"/*) continue ;; esac
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}

while [ $# -gt 0 ]; do
	case "$1" in
	--add)
		src=${2%%:*} dest=${2#*:}
		[ -e "$src" ] || die "--add: $src missing"
		mkdir -p "$root$(dirname "$dest")"
		cp -L "$src" "$root$dest"
		add_libs "$src"
		shift 2 ;;
	--tree)
		[ -d "$2" ] || die "--tree: $2 missing"
		tree=$(cd "$2" && pwd)
		cp -a "$tree/." "$root/"
		while IFS= read -r -d '' f; do
			LD_LIBRARY_PATH="$tree/usr/lib:$tree/usr/local/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" add_libs "$f"
		done < <(find "$tree" -type f -perm -u+x -print0)
		tree=""
		shift 2 ;;
	*) die "unknown argument $1" ;;
	esac
done

(cd "$root" && find . -print0 | sort -z | cpio --null -o -H newc --quiet -R 0:0) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
log "initramfs $out ($(du -h "$out" | cut -f1))"
