#!/usr/bin/env bash
# Benchmark: fork+exit, setns() pairs and unshare(CLONE_NEWNET) of a task
# with and without an ID, with no ID, 1 shared ID and 10,000 distinct
# container IDs in its network namespace, in one boot of the patched
# kernel (normal config).  Prints a table and the ratio; asserts nothing
# about time (timings under TCG are noisy: read the ratio).
#   scripts/bench-netns.sh [LOOPS [EXTRA_IDS]]
# BENCH_KERNEL=PATH boots that bzImage instead of the series' (to compare
# with an older series in the same way); BENCH_JOB names the QEMU log
# (build/qemu-$BENCH_JOB.log), so that two runs can go side by side.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO"
scripts/install-deps.sh
job=${BENCH_JOB:-bench}
if [ -n "${BENCH_KERNEL:-}" ]; then
	img=$BENCH_KERNEL
else
	kernel/scripts/prepare-tree.sh
	img=$(kernel/scripts/build.sh normal | tail -n1)
fi
stage=build/$job-stage
rm -rf "$stage"
mkdir -p "$stage/usr/share/contid" "$stage/usr/bin"
gcc -std=c11 -O2 -Wall -Wextra -Werror -o "$stage/usr/bin/netns-bench" bench/netns-bench.c
printf '#!/bin/sh\nexec /usr/bin/netns-bench %s %s\n' "${1:-2000}" "${2:-9999}" \
	> "$stage/usr/share/contid/bench.sh"
chmod 0755 "$stage/usr/share/contid/bench.sh"
kernel/scripts/mkinitramfs.sh build/$job.cpio.gz --tree "$stage"
kernel/scripts/run-qemu.sh --kernel "$img" --initrd build/$job.cpio.gz \
	--job bench --timeout 900 --mem 2048 --log build/qemu-$job.log
grep -a -E '^(\||netns|ratio|CLOCK)' build/qemu-$job.log
