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
