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
trap 'rm -rf "$T"' EXIT
ln -s "$(cd "$(dirname "$FAKE")" && pwd)/$(basename "$FAKE")" "$T/contid-fakert"
W=$T/contid-fakert
RT=$(cd "$srcdir/tests/cli" && pwd)/fake-runtime.sh
export CONTID_RUNTIME_PATH="$RT" FAKE_OUT="$T/out" FAKE_SET_LOG="$T/set.log" \
	FAKE_PROCROOT="$T/proc" FAKE_STATE_DIR="$T/state" FAKE_AUDIT_LOG="$T/audit" \
	CONTID_NAME_DIR="$T/names"
mkdir -p "$T/out" "$T/proc" "$T/state" "$T/b"

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
