#!/usr/bin/env bash
# Stage the containerd suite: Debian's containerd (containerd, ctr and
# containerd-shim-runc-v2 from the containerd .deb, fetched with apt-get
# download into build/containerd-deb and unpacked here, never installed on
# the host), runc and the busybox root (scripts/stage-crun.sh --runc), the
# root packed as an OCI image archive for "ctr image import", the oci
# suite's lib.sh, and the program live_containerd.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

need_contidctl
"$REPO/scripts/stage-crun.sh" "$stage" --runc || die "scripts/stage-crun.sh failed"
# the oci suite's helpers (ok/bad, $T, the readers of tasks from outside)
install -D -m 0644 "$REPO/tests/live/oci/lib.sh" "$stage/usr/share/contid/oci/lib.sh"
[ -f "$stage/usr/share/doc/contidctl/examples/containerd-config.toml" ] ||
	die "the shipped containerd-config.toml is not in the stage (make install)"

cache=$build/containerd-deb
mkdir -p "$cache"
deb=$(ls "$cache"/containerd_*.deb 2>/dev/null | head -n1 || true)
if [ -z "$deb" ]; then
	(cd "$cache" && apt-get download containerd) >&2 || die "apt-get download containerd failed"
	deb=$(ls "$cache"/containerd_*.deb | head -n1)
fi
x=$(mktemp -d "${TMPDIR:-/tmp}/contid-containerd.XXXXXX")
trap 'rm -rf "$x"' EXIT
dpkg-deb -x "$deb" "$x"
for b in containerd ctr containerd-shim-runc-v2; do
	[ -x "$x/usr/bin/$b" ] && [ ! -L "$x/usr/bin/$b" ] || die "$deb has no usr/bin/$b"
	install -D -m 0755 "$x/usr/bin/$b" "$stage/usr/bin/$b"
	miss=$(ldd "$stage/usr/bin/$b" | awk '/not found/ { print $1 }')
	[ -z "$miss" ] || die "$b needs $miss, not on the host"
done
d=$stage/usr/share/contid/containerd
mkdir -p "$d"
echo "containerd $(dpkg-deb -f "$deb" Version) (Debian)" > "$d/version"

# The image: the busybox root of stage-crun.sh as one layer, in an OCI
# image layout archive (oci-layout, index.json, blobs/sha256/), made the
# same, byte for byte, from the same root.  Named by the index's
# io.containerd.image.name annotation, which ctr 1.6 imports it as.
img=$x/img
mkdir -p "$img/blobs/sha256"
blob() { # blob FILE: moves FILE to blobs/sha256/DIGEST, prints DIGEST SIZE
	local h s
	h=$(sha256sum "$1" | cut -d' ' -f1)
	s=$(stat -c %s "$1")
	mv "$1" "$img/blobs/sha256/$h"
	echo "$h $s"
}
tar -C "$stage/usr/share/contid/oci/rootfs" --sort=name --mtime=@0 --owner=0 --group=0 \
	--numeric-owner -cf "$x/layer.tar" --exclude=./data/* .
diffid=$(sha256sum "$x/layer.tar" | cut -d' ' -f1)
gzip -n -9 "$x/layer.tar"
read -r lh ls < <(blob "$x/layer.tar.gz")
printf '{"architecture":"amd64","os":"linux","config":{"Env":["PATH=/bin"],"Cmd":["sh"]},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]}}' \
	"$diffid" > "$x/config.json"
read -r ch cs < <(blob "$x/config.json")
printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"sha256:%s","size":%s}]}' \
	"$ch" "$cs" "$lh" "$ls" > "$x/manifest.json"
read -r mh ms < <(blob "$x/manifest.json")
printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"platform":{"architecture":"amd64","os":"linux"},"annotations":{"io.containerd.image.name":"docker.io/contid/busybox:live","org.opencontainers.image.ref.name":"live"}}]}' \
	"$mh" "$ms" > "$img/index.json"
echo '{"imageLayoutVersion":"1.0.0"}' > "$img/oci-layout"
tar -C "$img" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf "$d/busybox.tar" .

stage_tests live_containerd
echo "containerd/stage.sh: staged $(cat "$d/version"), an image of $(stat -c %s "$d/busybox.tar") bytes and $n program(s) ($variant)" >&2
