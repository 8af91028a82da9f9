#!/usr/bin/env bash
# Configure and build libcontid and contidctl out of tree.
#   build-userspace.sh [DIR [CONFIGURE ARGS...]]   (default build/userspace)
# The live suite installs the result from build/userspace into the guest.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$REPO/build/userspace}
shift || true
cd "$REPO"
[ -x configure ] && [ configure -nt configure.ac ] && [ Makefile.in -nt Makefile.am ] ||
	autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
mkdir -p "$dir"
cd "$dir"
if [ ! -f Makefile ] || [ "$(cat .configure-args 2>/dev/null)" != "$*" ]; then
	"$REPO/configure" --prefix=/usr --enable-werror "$@" >/dev/null
	echo "$*" > .configure-args
fi
make -s -j"$(nproc)" >/dev/null
