# shellcheck shell=sh
# Shared by the oci suite's programs (tests/live/oci/live_oci_*.sh), which
# source it from /usr/share/contid/oci/lib.sh (staged by stage.sh):
# ok/bad and fails, R (the busybox root), T (a fresh directory), the
# bundle writer and the readers of tasks in and outside the guest's pid
# namespace.  The waits are livewait.sh's lw_wait, on progress, not on a
# clock (docs/testing.md, "Live waits").
. /usr/share/contid/livewait.sh
R=/usr/share/contid/oci/rootfs
T=$(mktemp -d /tmp/live_oci.XXXXXX)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# pid_of ID RUNTIME...: the "pid" of RUNTIME's state of container ID.
pid_of() { id=$1; shift; "$@" state "$id" 2>/dev/null | tr -d '\n ' | sed -n 's/.*"pid":\([0-9]*\).*/\1/p'; }

# crun and runc statfs() /sys/fs/cgroup to tell cgroup v1 from v2.
if ! grep -q '^[^ ]* /sys/fs/cgroup cgroup2 ' /proc/mounts; then
	mount -t cgroup2 cgroup2 /sys/fs/cgroup || bad "mount -t cgroup2 on /sys/fs/cgroup"
fi

# bundle NAME PROGRAM HOOKS [ANNOTATIONS]: $T/NAME/config.json, the shared
# busybox root, PROGRAM run by sh -c, the createRuntime HOOKS (JSON).
# crun does not show a hook's stderr (only "error executing hook `PATH`
# (exit code: N)"); its annotation run.oci.hooks.stderr sends it to a
# file, $T/NAME.hook-err, which the test reads.
bundle() {
	mkdir -p "$T/$1"
	cat > "$T/$1/config.json" <<EOF
{
	"ociVersion": "1.0.2",
	"process": {
		"terminal": false,
		"user": {"uid": 0, "gid": 0},
		"args": ["sh", "-c", "$2"],
		"env": ["PATH=/bin"],
		"cwd": "/",
		"capabilities": {
			"bounding": ["CAP_DAC_OVERRIDE", "CAP_KILL", "CAP_SETUID", "CAP_SETGID"],
			"effective": ["CAP_DAC_OVERRIDE", "CAP_KILL", "CAP_SETUID", "CAP_SETGID"],
			"permitted": ["CAP_DAC_OVERRIDE", "CAP_KILL", "CAP_SETUID", "CAP_SETGID"]
		},
		"noNewPrivileges": true
	},
	"root": {"path": "$R", "readonly": false},
	"hostname": "$1",
	"mounts": [
		{"destination": "/proc", "type": "proc", "source": "proc"},
		{"destination": "/dev", "type": "tmpfs", "source": "tmpfs", "options": ["nosuid", "mode=755"]},
		{"destination": "/tmp", "type": "tmpfs", "source": "tmpfs"}
	],
	"hooks": {"createRuntime": [$3]},
	"annotations": {"run.oci.hooks.stderr": "$T/$1.hook-err"${4:+, $4}},
	"linux": {
		"namespaces": [{"type": "pid"}, {"type": "mount"}, {"type": "ipc"},
			{"type": "uts"}, {"type": "network"}]
	}
}
EOF
}
# The container's program: write /data/NAME, then three tasks in all.
# The sleeps hold until the runtime kills them: no deadline of their own.
prog() { echo "echo $1 > /data/$1; sleep 100000 & sleep 100000 & wait"; }
hostns=$(readlink /proc/1/ns/pid)
# ns_tasks PID: every task in PID's pid namespace, read from the host.
ns_tasks() {
	ns=$(readlink "/proc/$1/ns/pid") || return
	for d in /proc/[0-9]*; do
		[ "$(readlink "$d/ns/pid" 2>/dev/null)" = "$ns" ] && echo "${d#/proc/}"
	done | sort -n
}
# foreign_tasks: every task outside the guest's pid namespace.
foreign_tasks() {
	for d in /proc/[0-9]*; do
		ns=$(readlink "$d/ns/pid" 2>/dev/null) || continue
		[ "$ns" = "$hostns" ] || echo "${d#/proc/}"
	done
}

