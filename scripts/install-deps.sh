#!/usr/bin/env bash
# Install the Debian 12 packages the build and the tests need.  Cheap when
# they are all there already (no apt-get update then).
set -euo pipefail
pkgs=(
	# the kernel tree, its build, and the guest
	linux-source flex bison bc libelf-dev libssl-dev cpio ccache make gcc
	perl python3 qemu-system-x86 busybox-static
	# the series check's sparse (make C=2)
	sparse
	# userspace
	libmnl-dev libcmocka-dev autoconf automake libtool pkg-config
	# contidctl oci-hook parses the runtime's state JSON with jansson
	libjansson-dev
	# contidctl parse --format csv|text: libauparse's normalizer
	libauparse-dev
	# tests/cli/json-schema.sh validates parse --json against the schema
	python3-jsonschema
	# the Debian packages (scripts/deb.sh) and their check
	dpkg-dev debhelper lintian
	# second compiler, sanitizer runtimes, valgrind, the parser benchmark
	clang libclang-rt-14-dev valgrind
	# the golden rule test builds the published rules with libaudit
	libaudit-dev
	# the guest's packet filters for the NETFILTER_PKT tests (run only in
	# the guest: installing them starts nothing on the host)
	nftables iptables
	# the libraries of Debian's auditd, ausearch and auditctl, which
	# tests/live/auditd/stage.sh fetches with apt-get download and unpacks
	# for the guest only (auditd is never installed on the host)
	libaudit1 libauparse0 libcap-ng0 libtirpc3 libcom-err2 libkeyutils1
	libwrap0 libnsl2 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0
	# the libraries of Debian's crun, which tests/live/oci/stage.sh fetches
	# with apt-get download and unpacks for the guest only (crun is never
	# installed on the host)
	libyajl2 libseccomp2 libcap2 libsystemd0
	# the libraries of Debian's podman and conmon, which
	# scripts/stage-podman.sh fetches the same way (podman is never
	# installed on the host)
	libgpgme11 libsubid4 libdevmapper1.02.1 libglib2.0-0 libassuan0
	libgpg-error0
	# the patched audit userspace (audit-userspace/): apt-get source and
	# dpkg-source, and what its plain build links
	dpkg-dev libcap-ng-dev
	# scripts (patch: bench/bound.patch, applied to a copy by bench/bound.sh
	# and checked by the host-gcc and host-clang steps)
	git xz-utils gzip coreutils patch
)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || { echo "install-deps: run as root to install: ${missing[*]}" >&2; exit 1; }
	echo "install-deps: installing ${missing[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
