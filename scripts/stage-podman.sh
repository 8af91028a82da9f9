#!/usr/bin/env bash
# Stage Debian's podman for the QEMU guest (the live podman and stock
# suites, tests/live/podman/ and tests/live/stock/): podman, conmon,
# containers-common's files, Debian's crun (scripts/stage-crun.sh) and a
# busybox image as a tarball to import.
#
#   stage-podman.sh STAGE_DIR
#
# Each .deb is fetched with apt-get download (never installed on the
# host; kept in build/PKG-deb) and unpacked into the stage.  Their
# libraries (libgpgme11, libsubid4, libdevmapper1.02.1, libglib2.0-0...:
# in scripts/install-deps.sh) must be on the host for mkinitramfs.sh to
# copy them.  Staged:
#   /usr/bin/podman, /usr/bin/conmon        podman 4.3, conmon 2.1
#   /etc/containers/policy.json             containers-common's (accept
#   /usr/share/containers/containers.conf   anything: the image is local)
#   /usr/share/containers/seccomp.json
#   /etc/containers/storage.conf            the vfs driver (below)
#   /etc/containers/containers.conf         the guest's settings (below)
#   /usr/share/contid/podman/busybox.tar    the image's root: busybox
# The wrapper's configuration is not staged: the tests copy the shipped
# example, /usr/share/doc/contidctl/examples/podman-containers.conf,
# where docs/oci-hook.md says to, so that they prove it works.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
stage=${1:?usage: stage-podman.sh STAGE_DIR}
build=${CONTID_BUILD_DIR:-$REPO/build}
die() { echo "stage-podman.sh: error: $*" >&2; exit 1; }
[ -d "$stage" ] || die "stage $stage missing"

# crun (podman's runtime) and oci.sh (oci_cgroup2), unless the oci
# suite's stage.sh staged them already (with runc: not again without).
[ -x "$stage/usr/bin/crun" ] || "$REPO/scripts/stage-crun.sh" "$stage" ||
	die "scripts/stage-crun.sh failed"

# unpack PKG: PKG's .deb (cached in build/PKG-deb) unpacked into a
# temporary directory; sets x to it and deb to the .deb.
unpack() {
	local cache=$build/$1-deb
	mkdir -p "$cache"
	deb=$(find "$cache" -maxdepth 1 -name "$1_*.deb" | sort | head -n1)
	if [ -z "$deb" ]; then
		(cd "$cache" && apt-get download "$1") >&2 || die "apt-get download $1 failed"
		deb=$(find "$cache" -maxdepth 1 -name "$1_*.deb" | sort | head -n1)
	fi
	x=$(mktemp -d "${TMPDIR:-/tmp}/contid-$1.XXXXXX")
	dpkg-deb -x "$deb" "$x"
}
# take PATH...: install each PATH of $x at the same path in the stage.
take() {
	local f
	for f in "$@"; do
		if [ ! -f "$x/$f" ] || [ -L "$x/$f" ]; then die "$deb has no $f"; fi
		install -D -m "$(stat -c %a "$x/$f")" "$x/$f" "$stage/$f"
		if [ -x "$stage/$f" ]; then
			miss=$(ldd "$stage/$f" | awk '/not found/ { print $1 }')
			[ -z "$miss" ] || die "$f needs $miss, not on the host (scripts/install-deps.sh)"
		fi
	done
}
versions=()
for p in podman conmon golang-github-containers-common; do
	unpack "$p"
	case "$p" in
	podman) take usr/bin/podman ;;
	conmon) take usr/bin/conmon ;;
	*) take etc/containers/policy.json usr/share/containers/containers.conf \
		usr/share/containers/seccomp.json ;;
	esac
	versions+=("$p $(dpkg-deb -f "$deb" Version) (Debian)")
	rm -rf "$x"
done
share=$stage/usr/share/contid/podman
mkdir -p "$share"
printf '%s\n' "${versions[@]}" > "$share/version"

# Storage: vfs (a plain copy of each layer) works on any file system, the
# initramfs root too; overlay would need CONFIG_OVERLAY_FS, which the
# test kernel does not have.
cat > "$stage/etc/containers/storage.conf" <<'EOF'
[storage]
driver = "vfs"
runroot = "/run/containers/storage"
graphroot = "/var/lib/containers/storage"
EOF
# The guest's settings, each for what the busybox guest lacks; the
# wrapper's example is a drop-in over them (containers.conf.d), as on a
# host whose own containers.conf says anything.
cat > "$stage/etc/containers/containers.conf" <<'EOF'
[containers]
# The test kernel has no keyrings (CONFIG_KEYS): crun --no-new-keyring.
keyring = false
# No journald: the containers' output to a file.
log_driver = "k8s-file"

[engine]
# No systemd: podman and crun make the cgroups in the cgroup2 mount.
cgroup_manager = "cgroupfs"
# No journald: podman's events to a file.
events_logger = "file"
# The guest's root is the initramfs, which pivot_root(2) refuses:
# crun --no-pivot (it chroots instead).
no_pivot_root = true
EOF
mkdir -p "$stage/var/tmp" "$stage/var/lib/containers" "$stage/etc/containers/containers.conf.d"
chmod 1777 "$stage/var/tmp"

# The image: busybox and its links, /etc/passwd and /etc/group for
# podman's user lookup, the mount points.  Imported in the guest with
# podman import (no registry, no network).
img=$(mktemp -d "${TMPDIR:-/tmp}/contid-podman-img.XXXXXX")
mkdir -p "$img/bin" "$img/etc" "$img/proc" "$img/sys" "$img/dev" "$img/tmp" "$img/data"
cp /bin/busybox "$img/bin/busybox"
for a in sh sleep echo cat ls; do ln -s busybox "$img/bin/$a"; done
echo "root:x:0:0:root:/root:/bin/sh" > "$img/etc/passwd"
echo "root:x:0:" > "$img/etc/group"
tar -C "$img" --owner=0 --group=0 --numeric-owner -cf "$share/busybox.tar" .
rm -rf "$img"
echo "stage-podman.sh: staged $(paste -sd' ' "$share/version"), a busybox image" >&2
