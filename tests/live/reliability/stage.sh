#!/usr/bin/env bash
# Stage the reliability live programs: races around the set, hostile
# writes to /proc/PID/containerid and hostile audit rules.
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"
kern=$here/../kernel
CC=${CC:-gcc}
for t in "$here"/live_rel_*.c; do
	name=$(basename "$t" .c)
	$CC -std=c11 -O1 -g -Wall -Wextra -Werror -I"$kern" -I"$here/../common" \
		-o "$stage/live/$name" "$t" "$here/rel-common.c" "$kern/auditnl.c" \
		"$here/../common/livewait.c" -lcmocka -lpthread
done
