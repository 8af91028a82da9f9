# shellcheck shell=sh
# Containers in the QEMU guest: what scripts/guest-demo.sh (the demo's
# crun examples), tests/live/oci/lib.sh and tests/live/podman/lib.sh (the
# live oci, podman and stock suites) share,
# installed by scripts/stage-crun.sh as /usr/share/contid/oci/oci.sh next
# to the busybox root and Debian's crun.  POSIX sh (busybox).
#
# The crun options both use, and why: --no-pivot (the guest's root is the
# initramfs, which pivot_root refuses), --no-new-keyring (the guest kernel
# has no keyrings, CONFIG_KEYS).
R=/usr/share/contid/oci/rootfs

# pid_of ID RUNTIME...: the "pid" of RUNTIME's state of container ID.
pid_of() { id=$1; shift; "$@" state "$id" 2>/dev/null | tr -d '\n ' | sed -n 's/.*"pid":\([0-9]*\).*/\1/p'; }

# ns_tasks PID: every task in PID's pid namespace, read from the guest's
# (the live oci and podman suites).
ns_tasks() {
	ns=$(readlink "/proc/$1/ns/pid") || return
	for d in /proc/[0-9]*; do
		[ "$(readlink "$d/ns/pid" 2>/dev/null)" = "$ns" ] && echo "${d#/proc/}"
	done | sort -n
}
# foreign_tasks: every task outside the guest's own pid namespace (pid 1's).
foreign_tasks() {
	hostns=$(readlink /proc/1/ns/pid)
	for d in /proc/[0-9]*; do
		ns=$(readlink "$d/ns/pid" 2>/dev/null) || continue
		[ "$ns" = "$hostns" ] || echo "${d#/proc/}"
	done
}

# events_follow EVENTS: contidctl events --json ($C, the suite's) into
# EVENTS (its stderr in the same name with .err for .json) in the
# background, its pid in $evpid, waited on until it is in the audit
# multicast group.  Says bad (the suite's) if it never joins.
events_follow() {
	"$C" events --json > "$1" 2> "${1%.json}.err" &
	evpid=$!
	lw_wait "contidctl events (pid $evpid) in the audit multicast group" \
		"lw_audit_ready $evpid multicast" "lw_tasks $evpid" || bad "events never joined the multicast group"
}

# events_end EVENTS MARKER: a marker record MARKER, which comes after
# every record the kernel queued before it, waited on until the events
# of events_follow printed it into EVENTS; then events is stopped, so
# what EVENTS holds is all there is.  Says bad (the suite's) on failure.
events_end() {
	lw_marker "$2" || bad "contid-live-marker"
	lw_wait "events --json to print the marker $2" \
		"grep -F -q $2 '$1'" "lw_files '$1'; lw_tasks $evpid" ||
		bad "the marker never reached contidctl events"
	kill -INT "$evpid"; wait "$evpid"
}

# caught_once EVENTS KEY CONTID PATH WHO OTHER: the openat rule of key KEY
# caught exactly one event in EVENTS (contidctl events --json; its stderr
# in the same name with .err for .json), WHO's exec'd cat opening PATH in
# container CONTID: a CONTAINER_INFO op=task record of CONTID, a SYSCALL
# record of comm cat, a PATH record naming PATH; so OTHER's open of PATH
# was not caught.  Says ok or bad (the suite's).
caught_once() {
	co_k=$1.$2
	grep -F "\"key\":\"$2\"" "$1" > "$co_k"
	if [ "$(wc -l < "$co_k")" = 1 ] &&
	   grep -F '"type":"CONTAINER_INFO"' "$co_k" | grep -F -q "\"text\":\"op=task contid=$3\"" &&
	   grep -F '"type":"SYSCALL"' "$co_k" | grep -F -q '"comm":"cat"' &&
	   grep -F -q "\"name\":\"$4\"" "$co_k"; then
		ok "the openat rule caught one event, $5's exec'd cat opening $4: CONTAINER_INFO op=task contid=$3; $6's open not caught"
	else
		bad "want one $2 event, $5's cat ($3), got $(wc -l < "$co_k"):"
		cat "$co_k" "${1%.json}.err"
	fi
}

# oci_cgroup2: crun and runc statfs() /sys/fs/cgroup to tell cgroup v1
# from v2; mount cgroup2 there unless it is.
oci_cgroup2() {
	grep -q '^[^ ]* /sys/fs/cgroup cgroup2 ' /proc/mounts ||
		mount -t cgroup2 cgroup2 /sys/fs/cgroup
}

# oci_bundle DIR HOSTNAME PROGRAM HOOKS ANNOTATIONS: DIR/config.json, the
# busybox root $R (writable: /data is $R/data, seen from outside), PROGRAM
# run by sh -c as root with a few capabilities (a devpts of its own at
# /dev/pts, for a runtime's "exec -t"), the createRuntime HOOKS and
# the ANNOTATIONS (JSON, the members without the brackets; may be empty).
# PROGRAM must not hold a double quote or a backslash.
oci_bundle() {
	mkdir -p "$1"
	cat > "$1/config.json" <<EOF
{
	"ociVersion": "1.0.2",
	"process": {
		"terminal": false,
		"user": {"uid": 0, "gid": 0},
		"args": ["sh", "-c", "$3"],
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
	"hostname": "$2",
	"mounts": [
		{"destination": "/proc", "type": "proc", "source": "proc"},
		{"destination": "/dev", "type": "tmpfs", "source": "tmpfs", "options": ["nosuid", "mode=755"]},
		{"destination": "/dev/pts", "type": "devpts", "source": "devpts", "options": ["nosuid", "noexec", "newinstance", "ptmxmode=0666", "mode=0620"]},
		{"destination": "/tmp", "type": "tmpfs", "source": "tmpfs"}
	],
	"hooks": {"createRuntime": [$4]},
	"annotations": {$5},
	"linux": {
		"namespaces": [{"type": "pid"}, {"type": "mount"}, {"type": "ipc"},
			{"type": "uts"}, {"type": "network"}]
	}
}
EOF
}
