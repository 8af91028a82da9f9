#!/bin/sh
# Stands in for tests/unit/compare-auparse when configure found no
# libauparse: reported as SKIP (77), never as a pass.
echo "compare-auparse not built: install libauparse-dev (scripts/install-deps.sh) and reconfigure"
exit 77
