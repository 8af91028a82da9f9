# Shared settings for the audit-userspace scripts; sourced, not run.
# shellcheck shell=bash
set -euo pipefail

AUS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$AUS_DIR/.." && pwd)
# Everything generated lives under build/ (ignored by git).
BUILD_DIR=${CONTID_BUILD_DIR:-$REPO_DIR/build}
AUS_ROOT=$BUILD_DIR/audit-userspace
# The unpacked source (a git tree: tag "base" is upstream as Debian ships it).
AUS_SRC=${CONTID_AUS_SRC:-$AUS_ROOT/src}
PATCH_DIR=$AUS_DIR/patches
# The Debian source package the series is made against.
AUS_PACKAGE=audit
AUS_VERSION=${CONTID_AUS_VERSION:-1:3.0.9-1}
# The version of the packages build.sh deb makes: Debian's and a local
# suffix, the form "dch --local +contid" gives (docs/audit-userspace.md,
# "Package version").  It sorts above Debian's 1:3.0.9-1 and below any
# later Debian upload of it (1:3.0.9-1+deb12u1, 1:3.0.9-1.1, 1:3.0.9-2):
# tests/aus/version.sh checks that with dpkg --compare-versions.  Bump the
# counter when the series changes between two builds users install.
AUS_LOCAL_SUFFIX=+contid1
AUS_LOCAL_VERSION=$AUS_VERSION$AUS_LOCAL_SUFFIX
CACHE_DIR=${CONTID_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/contid}
JOBS=${JOBS:-$(nproc)}

log() { printf '[audit-userspace] %s\n' "$*" >&2; }
die() { printf '[audit-userspace] error: %s\n' "$*" >&2; exit 1; }

series_hash() {
	cat "$PATCH_DIR"/*.patch 2>/dev/null | sha256sum | cut -d' ' -f1
}
