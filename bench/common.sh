# shellcheck shell=bash
# Sourced by bench/parse-bench.sh and bench/bound.sh, after they set
# REPO, BUILD (with bench/parse-bench built in it) and log.

# bench_log NAME COPIES: a temporary directory $tmp (NAME.XXXXXX), removed
# at exit; and unless $log names an existing log, COPIES copies of the
# real RHEL 10 enriched log (the log issue 16 measured; stamps and serials
# shifted per copy) in $tmp/big.log, made $log.
bench_log() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	if [ -z "$log" ]; then
		log=$tmp/big.log
		"$BUILD/bench/parse-bench" --make "$2" "$log" \
			"$REPO/tests/data/logs/aus-rhel10-enriched.log"
	fi
}
