#!/bin/sh
# Stands in for tests/unit/compare-auparse when configure found no
# libauparse: a failure, like tests/unit/no-libaudit.sh, so that a build
# without it can never pass as if the comparison had run.
echo "compare-auparse not built: install libauparse-dev (scripts/install-deps.sh) and reconfigure"
exit 1
