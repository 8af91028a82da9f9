# shellcheck shell=sh
# Shared by the oci suite's programs (tests/live/oci/live_oci_*.sh), which
# source it from /usr/share/contid/oci/lib.sh (staged by stage.sh):
# ok/bad and fails, R (the busybox root), T (a fresh directory), the
# bundle writer (on scripts/guest-oci.sh's) and the readers of tasks in
# and outside the guest's pid namespace.  The waits are livewait.sh's lw_wait, on progress, not on a
# clock (docs/testing.md, "Live waits").
. /usr/share/contid/livewait.sh
T=$(mktemp -d /tmp/live_oci.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# R, pid_of, oci_cgroup2 and oci_bundle: scripts/guest-oci.sh, shared
# with the demo.
. /usr/share/contid/oci/oci.sh
oci_cgroup2 || bad "mount -t cgroup2 on /sys/fs/cgroup"

# bundle NAME PROGRAM HOOKS [ANNOTATIONS]: $T/NAME/config.json (oci_bundle,
# hostname NAME), PROGRAM run by sh -c, the createRuntime HOOKS (JSON).
# crun does not show a hook's stderr (only "error executing hook `PATH`
# (exit code: N)"); its annotation run.oci.hooks.stderr sends it to a
# file, $T/NAME.hook-err, which the test reads.
bundle() {
	oci_bundle "$T/$1" "$1" "$2" "$3" "\"run.oci.hooks.stderr\": \"$T/$1.hook-err\"${4:+, $4}"
}
# The container's program: write /data/NAME, then three tasks in all.
# The sleeps hold until the runtime kills them: no deadline of their own.
prog() { echo "echo $1 > /data/$1; sleep 100000 & sleep 100000 & wait"; }

