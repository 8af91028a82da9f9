#!/bin/sh
# Stands in for tests/unit/test_rules_golden when configure found no
# libaudit: a test that cannot run fails (scripts/install-deps.sh).
echo "FAIL: libaudit-dev missing: the golden rule test cannot run (apt-get install libaudit-dev)"
exit 1
