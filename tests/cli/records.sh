#!/bin/sh
# contidctl parse on real logs (tests/data/logs/, origins in its README.md):
# record types libaudit knows, old formats, node= prefixes, ENRICHED
# interpretations, repeated field names, op=netns more=N.  Text, JSON and
# stderr compared exactly against tests/data/records/.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
data=$srcdir/tests/data
fails=0
. "$srcdir/tests/cli/lib.sh"

# check NAME LOG WANT-STDOUT WANT-STDERR-FILE [OPTION]: exit status 0,
# stdout and stderr exactly
check() {
	name=$1 log=$2 want=$3 werr=$4
	shift 4
	n0=$(cli_failures)
	ctl 0 "$(cat "$werr")" "$@" parse "$log" > cli-records.out
	if [ "$(cli_failures)" != "$n0" ]; then
		echo "FAIL: $name: exit status or stderr"
	elif ! diff -u "$want" cli-records.out; then
		echo "FAIL: $name: output differs from $want"; fails=$((fails + 1))
	else
		echo "ok: $name"
	fi
}

for f in oldfmt-golibaudit-rhel7 oldfmt-auparse-test enriched-lkml-viro-2024 node-beats-cent7; do
	e=$data/records/$f.stderr
	check "$f (text)" "$data/logs/$f.log" "$data/records/$f.txt" "$e"
	check "$f (json)" "$data/logs/$f.log" "$data/records/$f.json" "$e" --json
done
check "netns more= (text)" "$data/records/netns-more.log" "$data/records/netns-more.txt" /dev/null
check "netns more= (json)" "$data/records/netns-more.log" "$data/records/netns-more.json" /dev/null --json

# No raw control byte (the ENRICHED 0x1d) reaches a terminal in text mode.
ctl 0 "$(cat "$data/records/enriched-lkml-viro-2024.stderr")" \
	parse "$data/logs/enriched-lkml-viro-2024.log" > cli-records.out
if LC_ALL=C grep -q "$(printf '\035')" cli-records.out; then
	echo "FAIL: 0x1d printed in text mode"; fails=$((fails + 1))
else
	echo "ok: no 0x1d in text mode"
fi
# Old-format LOGIN: both auid values kept, as an array.
ctl 0 "$(cat "$data/records/oldfmt-auparse-test.stderr")" \
	--json parse "$data/logs/oldfmt-auparse-test.log" > cli-records.out
if grep -q '"fields":{"pid":"13015","uid":"0","auid":\["4294967295","0"\]}' cli-records.out; then
	echo "ok: repeated field as an array"
else
	echo "FAIL: repeated field as an array"; fails=$((fails + 1))
fi
rm -f cli-records.out cli-records.err
fails=$((fails + $(cli_failures)))
echo "$fails failed"
[ "$fails" = 0 ]
