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
CACHE_DIR=${CONTID_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/contid}
JOBS=${JOBS:-$(nproc)}

log() { printf '[audit-userspace] %s\n' "$*" >&2; }
die() { printf '[audit-userspace] error: %s\n' "$*" >&2; exit 1; }

series_hash() {
	cat "$PATCH_DIR"/*.patch 2>/dev/null | sha256sum | cut -d' ' -f1
}
