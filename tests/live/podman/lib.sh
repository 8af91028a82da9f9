# shellcheck shell=sh
# Shared by the podman programs (tests/live/podman/live_podman.sh and
# tests/live/stock/live_stock_podman.sh), which source it from
# /usr/share/contid/podman/lib.sh: ok/bad and fails, T (a fresh
# directory), podman's setup in the guest and the readers of tasks from
# outside the containers.  Waits are livewait.sh's lw_wait, on progress
# (docs/testing.md, "Live waits").
# The variables set here are the programs'.
# shellcheck disable=SC2034
# shellcheck source=tests/live/common/livewait.sh
. /usr/share/contid/livewait.sh
T=$(mktemp -d /tmp/live_podman.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# oci_cgroup2: scripts/guest-oci.sh's, staged by scripts/stage-crun.sh.
# shellcheck source=scripts/guest-oci.sh
. /usr/share/contid/oci/oci.sh
oci_cgroup2 || bad "mount -t cgroup2 on /sys/fs/cgroup"
P=/usr/share/contid/podman
EXAMPLE=/usr/share/doc/contidctl/examples/podman-containers.conf
DROPIN=/etc/containers/containers.conf.d/contid.conf
A=org.linux-audit.containerid
N=org.linux-audit.containername
podman() { /usr/bin/podman "$@"; }
# podman's locks are POSIX shared memory (shm_open: /dev/shm).
grep -q '^[^ ]* /dev/shm tmpfs ' /proc/mounts ||
	{ mkdir -p /dev/shm && mount -t tmpfs -o mode=1777 shm /dev/shm; } || bad "mount -t tmpfs on /dev/shm"
# podman adds /etc/hosts and /etc/resolv.conf to each container from the
# host's; the initramfs has neither.
[ -e /etc/hosts ] || echo "127.0.0.1 localhost" > /etc/hosts
[ -e /etc/resolv.conf ] || : > /etc/resolv.conf

# import_busybox: podman import of the staged busybox root as
# localhost/busybox (no registry, no network).
import_busybox() {
	if podman import "$P/busybox.tar" localhost/busybox > "$T/import" 2>&1; then
		ok "podman import busybox.tar localhost/busybox"
	else
		bad "podman import: $(cat "$T/import")"
	fi
}

# cid NAME: podman's full (64-hex) id of container NAME, as podman ps
# prints it with --no-trunc.
cid() { podman ps -a --no-trunc --filter "name=^$1\$" --format '{{.ID}}'; }
# cpid NAME: the pid of container NAME's init, as podman inspect says.
cpid() { podman inspect --format '{{.State.Pid}}' "$1" 2>/dev/null; }

# comm_tasks COMM: the guest's tasks named COMM (conmon, crun).
comm_tasks() {
	for d in /proc/[0-9]*; do
		[ "$(cat "$d/comm" 2>/dev/null)" = "$1" ] && echo "${d#/proc/}"
	done
}
