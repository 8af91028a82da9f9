# Sourced by tests/cli/runtime.sh and names-ps.sh: the fake contidctl
# (tests/cli/contidctl-fake, tests/cli/fake-task.c) as the runtime wrapper
# contid-fakert ($W) in a temporary directory $T, removed at exit, the
# fake runtime (tests/cli/fake-runtime.sh) as the real one, the bundle
# $T/b, every fake's file under $T, and the name files in $T/names
# (created by the test that wants them).  ok, bad and $fails count.
FAKE=${CONTIDCTL_FAKE:-./tests/cli/contidctl-fake}
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
T=$(mktemp -d "${TMPDIR:-/tmp}/cli-wrapper.XXXXXX")
# The EXIT trap acts in this shell only: once, under a heavily loaded CI
# run (host-deb's make check), names-ps.sh's trap ran in another process
# while the test went on, and removed $T under it.  is_main: the shell
# that runs it is this one (the pid of a command substitution's parent).
main_pid=$(exec sh -c 'echo $PPID')
is_main() { [ "$(exec sh -c 'echo $PPID')" = "$main_pid" ]; }
trap 'is_main && rm -rf "$T"' EXIT
ln -s "$(cd "$(dirname "$FAKE")" && pwd)/$(basename "$FAKE")" "$T/contid-fakert"
W=$T/contid-fakert
RT=$(cd "$srcdir/tests/cli" && pwd)/fake-runtime.sh
export CONTID_RUNTIME_PATH="$RT" FAKE_OUT="$T/out" FAKE_SET_LOG="$T/set.log" \
	FAKE_PROCROOT="$T/proc" FAKE_STATE_DIR="$T/state" FAKE_AUDIT_LOG="$T/audit" \
	CONTID_NAME_DIR="$T/names"
mkdir -p "$T/out" "$T/proc" "$T/state" "$T/b"

# wait_ready PID: until the fake runtime under the wrapper PID says it
# waits for a signal ($T/out/ready), or PID is gone: on progress, not
# on a clock (it was 5 s, which a loaded machine can exceed).
wait_ready() {
	while [ ! -f "$T/out/ready" ] && kill -0 "$1" 2>/dev/null; do
		sleep 0.1
	done
}

# run_w STATUS STDERR ARGS...: the wrapper's status and stderr.
run_w() {
	want_rc=$1 want_err=$2
	shift 2
	(cd "$T/b" && "$W" "$@") > "$T/stdout" 2> "$T/stderr"
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$(cat "$T/stderr")" = "$want_err" ]; then
		ok "$* -> $rc"
	else
		bad "$*: want $want_rc '$want_err', got $rc '$(cat "$T/stderr")'"
	fi
}
