# Shared settings for the kernel scripts; sourced, not run.
# shellcheck shell=bash
set -euo pipefail

KERNEL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$KERNEL_DIR/.." && pwd)
# Everything generated lives under build/ (ignored by git).
BUILD_DIR=${CONTID_BUILD_DIR:-$REPO_DIR/build}
KSRC=${CONTID_KSRC:-$BUILD_DIR/kernel/src}
KTARBALL=${CONTID_KTARBALL:-/usr/src/linux-source-6.1.tar.xz}
PATCH_DIR=$KERNEL_DIR/patches
CONFIG_DIR=$KERNEL_DIR/config
JOBS=${JOBS:-$(nproc)}

log() { printf '[kernel] %s\n' "$*" >&2; }
die() { printf '[kernel] error: %s\n' "$*" >&2; exit 1; }

series_hash() {
	cat "$PATCH_DIR"/*.patch 2>/dev/null | sha256sum | cut -d' ' -f1
}
