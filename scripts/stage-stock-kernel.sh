#!/usr/bin/env bash
# Fetch Debian 12's stock kernel (the image package linux-image-amd64
# depends on) and print the path of its vmlinuz, for tests/live/run.sh's
# LIVE_KERNEL: the guest initramfs booted on a kernel without audit
# container IDs (the live stock suite, tests/live/stock/).
#
#   stage-stock-kernel.sh        prints build/stock-kernel/vmlinuz-VERSION
#
# The .deb is fetched with apt-get download (never installed on the host)
# and kept in build/linux-image-deb; only its vmlinuz is used.  The guest
# needs no module of it: Debian's config builds in the initramfs (gzip),
# the 8250 serial console, devtmpfs, tmpfs, cgroup2, the namespaces,
# seccomp, POSIX message queues and audit.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
build=${CONTID_BUILD_DIR:-$REPO/build}
die() { echo "stage-stock-kernel.sh: error: $*" >&2; exit 1; }

# The image package: what the metapackage linux-image-amd64 depends on.
pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -n1)
[ -n "$pkg" ] || die "apt-cache depends linux-image-amd64 names no linux-image-VERSION-amd64"
cache=$build/linux-image-deb
mkdir -p "$cache"
deb=$(find "$cache" -maxdepth 1 -name "${pkg}_*.deb" | sort | head -n1)
if [ -z "$deb" ]; then
	(cd "$cache" && apt-get download "$pkg") >&2 || die "apt-get download $pkg failed"
	deb=$(find "$cache" -maxdepth 1 -name "${pkg}_*.deb" | sort | head -n1)
fi
[ -n "$deb" ] || die "no ${pkg}_*.deb in $cache"
ver=${pkg#linux-image-}
out=$build/stock-kernel/vmlinuz-$ver
if [ ! -f "$out" ]; then
	x=$(mktemp -d "${TMPDIR:-/tmp}/contid-stock.XXXXXX")
	dpkg-deb --fsys-tarfile "$deb" | tar -C "$x" -xf - "./boot/vmlinuz-$ver" ||
		{ rm -rf "$x"; die "$deb has no boot/vmlinuz-$ver"; }
	mkdir -p "$(dirname "$out")"
	mv "$x/boot/vmlinuz-$ver" "$out"
	rm -rf "$x"
fi
echo "stage-stock-kernel.sh: $pkg $(dpkg-deb -f "$deb" Version) (Debian): $out" >&2
echo "$out"
