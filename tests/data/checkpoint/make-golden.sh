#!/bin/sh
# Make ./golden from ./steps with the real ausearch 3.0.9 (steps.sh says
# what the steps do and what is printed):
#   AUSEARCH=/path/to/ausearch tests/data/checkpoint/make-golden.sh
# (GOLDEN=FILE writes FILE instead: tests/aus/host.sh compares it with
# ./golden.)
# The golden was made with the patched ausearch of audit-userspace/
# (audit-userspace/scripts/build.sh plain: ROOT/usr/sbin/ausearch, run
# with LD_LIBRARY_PATH=ROOT/usr/lib/x86_64-linux-gnu, as tests/aus/host.sh
# runs it), TZ=UTC LC_ALL=C, no /etc/audit/auditd.conf.  ausearch's
# stderr is not kept: contidctl's own messages are written by hand in
# ./steps.
set -euf
dir=$(cd "$(dirname "$0")" && pwd)
TZ=UTC LC_ALL=C
export TZ LC_ALL
umask 022	# the mode of a new checkpoint depends on it
: "${AUSEARCH:?set AUSEARCH to a real ausearch 3.0.9}"
. "$dir/steps.sh"
step_prog() {
	# shellcheck disable=SC2086
	case $1 in
	run) "$AUSEARCH" --raw $2 < /dev/null ;;
	logs) "$AUSEARCH" --raw -if logs $2 < /dev/null ;;
	pipe) cat "${2%% *}" | "$AUSEARCH" --raw ${2#* } ;;
	esac
}
step_err() { :; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set +e
steps_run "$dir/steps" "$dir/ckpt.log" "$tmp/w" > "${GOLDEN:-$dir/golden}"
