#!/bin/sh
# A fake "real runtime" for tests/cli/runtime.sh: records how it was
# started in $FAKE_OUT and behaves as FAKE_* say.
#   $FAKE_OUT/argv   its arguments, each followed by a NUL (argv[0] first)
#   $FAKE_OUT/pid    its pid
#   $FAKE_OUT/fds    its open file descriptors (numbers, sorted)
#   "state ID": prints $FAKE_STATE_DIR/ID.json, or fails as runc does
#   FAKE_EXIT=N      exit N;  FAKE_KILL=SIG  kill itself with SIG
#   FAKE_WAIT=1      wait for a TERM, record it in $FAKE_OUT/signal, exit 3
#   FAKE_STDIN=1     copy stdin to stdout
printf '%s\0' "$0" "$@" > "$FAKE_OUT/argv"
echo $$ > "$FAKE_OUT/pid"
ls /proc/$$/fd > "$FAKE_OUT/fds.raw"
sort -n "$FAKE_OUT/fds.raw" | tr "\n" " " > "$FAKE_OUT/fds"
for a; do last=$a; done
for a; do
	if [ "$a" = state ]; then
		[ -f "$FAKE_STATE_DIR/$last.json" ] || { echo "container does not exist" >&2; exit 1; }
		cat "$FAKE_STATE_DIR/$last.json"
		exit 0
	fi
done
[ -n "${FAKE_STDIN:-}" ] && cat
if [ -n "${FAKE_WAIT:-}" ]; then
	trap 'echo TERM > "$FAKE_OUT/signal"; exit 3' TERM
	echo ready > "$FAKE_OUT/ready"
	# until the test's TERM, or the wrapper (our parent) is gone: no
	# clock (it was 10 s, which a loaded machine can exceed)
	while kill -0 "$PPID" 2>/dev/null; do sleep 0.1; done
	exit 9
fi
[ -n "${FAKE_KILL:-}" ] && kill -s "$FAKE_KILL" $$
exit "${FAKE_EXIT:-0}"
