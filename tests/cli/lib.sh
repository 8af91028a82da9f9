# Sourced by tests/cli/parse.sh, records.sh and ausearch.sh: every
# contidctl call goes through ctl, which checks its exit status and its
# stderr exactly, so that an ASan, UBSan or memcheck report (on stderr,
# with a status no test expects: valgrind-contidctl exits 99) fails the
# test even where only stdout is used (issue 33).
#
# ctl STATUS STDERR ARGS...: "$CONTIDCTL" ARGS with stdin and stdout
# passed on; a status other than STATUS or a stderr other than STDERR
# (exact text, "" for none) is a failure, said on stderr and counted in
# a file, so that a call inside a pipeline (a subshell) still counts.
# cli_failures prints the count.
cli_tmp=$(mktemp -d)
trap 'rm -rf "$cli_tmp"' EXIT
: > "$cli_tmp/fails"
ctl() {
	ctl_want_rc=$1 ctl_want_err=$2
	shift 2
	# A file of its own: two calls in one pipeline run at once.
	ctl_err=$(mktemp "$cli_tmp/err.XXXXXX")
	"$CONTIDCTL" "$@" 2> "$ctl_err"
	ctl_rc=$?
	if [ "$ctl_rc" != "$ctl_want_rc" ] || [ "$(cat "$ctl_err")" != "$ctl_want_err" ]; then
		{
			echo "FAIL: contidctl $*: exit status $ctl_rc, want $ctl_want_rc"
			echo "  stderr: $(cat "$ctl_err")"
			echo "  want:   $ctl_want_err"
		} >&2
		echo "contidctl $*" >> "$cli_tmp/fails"
	fi
	rm -f "$ctl_err"
	return 0
}
cli_failures() {
	wc -l < "$cli_tmp/fails" | tr -d ' '
}

# expect NAME STATUS ARGS...: ctl with stdin from /dev/null; stdout and
# stderr against $t.wout and $t.werr (set by out and err, emptied after
# each check); counts a failure in $fails.  $t is the sourcing script's.
# shellcheck disable=SC2154
out() { cat > "$t.wout"; }
err() { cat > "$t.werr"; }
expect() {
	name=$1 want=$2
	shift 2
	n0=$(cli_failures)
	ctl "$want" "$(cat "$t.werr")" "$@" < /dev/null > "$t.out"
	ok=1
	if [ "$(cli_failures)" != "$n0" ]; then
		echo "FAIL: $name: exit status or stderr"; ok=0
	fi
	if ! diff -u "$t.wout" "$t.out"; then
		echo "FAIL: $name: stdout"; ok=0
	fi
	if [ $ok = 1 ]; then echo "ok: $name"; else fails=$((fails + 1)); fi
	: > "$t.wout"
	: > "$t.werr"
}
