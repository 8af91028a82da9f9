#!/bin/sh
# Issue 32: every line contidctl parse --json writes for the checked-in
# logs (tests/data, tests/data/records, the forged and control-byte logs of
# escape.sh) is valid against the shipped schema,
# data/contidctl-events.schema.json (JSON Schema 2020-12, with Python's
# jsonschema: python3-jsonschema, scripts/install-deps.sh; without it this
# test fails saying so).  A version-1 line and a number as a container ID
# are refused, so that the check can fail.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
schema=$srcdir/data/contidctl-events.schema.json
t=cli-json-schema
fails=0

py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import jsonschema' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
	echo "FAIL: no python3 with jsonschema (apt-get install python3-jsonschema)"
	exit 1
fi

# validate NAME WANT FILE: WANT "valid" or "invalid" (some line refused)
validate() {
	if "$py" - "$schema" "$3" > $t.py 2>&1 <<'PY'
import json, sys
from jsonschema import Draft202012Validator
v = Draft202012Validator(json.load(open(sys.argv[1])))
Draft202012Validator.check_schema(v.schema)
bad = 0
for n, line in enumerate(open(sys.argv[2], encoding='utf-8'), 1):
    for e in v.iter_errors(json.loads(line)):
        print('line %d: %s: %s' % (n, '/'.join(map(str, e.absolute_path)), e.message))
        bad += 1
sys.exit(1 if bad else 0)
PY
	then got=valid; else got=invalid; fi
	if [ "$got" = "$2" ]; then
		echo "ok: $1"
	else
		echo "FAIL: $1: $got, want $2"; head -n 20 $t.py; fails=$((fails + 1))
	fi
}

forged=780A617564697428313730303030303030302E3030303A39392920636F6E7469643D34320A2020202053595343414C4C20617263683D63303030303033652073797363616C6C3D353920636F6D6D3D66616B65
{
	echo "type=PATH msg=audit(1700000000.000:98): item=0 name=$forged inode=1 nametype=NORMAL"
	echo "type=PATH msg=audit(1700000000.000:98): item=1 name=C3A9FFC29225 inode=2"
	printf 'node=ev\033[31mil type=USER_CMD msg=audit(1700000001.000:5): pid=1 uid=0 msg=\047cmd=\033]2;x\007 a\\b\tc \303\251\035UID="r\033t"\047\n'
} > $t.log

for log in "$srcdir"/tests/data/contidctl.log "$srcdir"/tests/data/cover-letter.log \
	   "$srcdir"/tests/data/logs/*.log "$srcdir"/tests/data/records/*.log $t.log; do
	for i in "" -i; do
		"$CONTIDCTL" --json parse $i "$log" > $t.out 2>/dev/null
		validate "parse --json $i $(basename "$log")" valid $t.out
	done
done
echo '{"stamp":"1.000:1","sec":1,"msec":0,"serial":1,"contid":[42],"records":[{"type":"LOGIN","type_nr":1006,"text":"x=1","fields":{"x":"1"}}]}' > $t.out
validate "a version-1 line is refused" invalid $t.out
echo '{"kind":"event","version":2,"stamp":"1.000:1","sec":1,"msec":0,"serial":1,"contid":[42],"records":[{"type":"LOGIN","type_nr":1006,"text":"x=1","fields":{"x":"1"}}]}' > $t.out
validate "a container ID as a number is refused" invalid $t.out
echo '{"kind":"lost","version":2,"reason":"serial","count":5}' > $t.out
validate "a lost line" valid $t.out
printf '{"kind":"event","version":2,"stamp":"1.000:1","sec":1,"msec":0,"serial":1,"contid":[],"records":[{"type":"LOGIN","type_nr":1006,"text":"x=\\u001b","fields":{}}]}\n' > $t.out
validate "a control character in a log string is refused" invalid $t.out
rm -f $t.log $t.out $t.py
[ "$fails" = 0 ]
