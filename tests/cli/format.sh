#!/bin/sh
# contidctl parse --format csv|text (issue 32) against the patched
# ausearch 3.0.9: for each case of tests/data/format/cases, stdout, once
# the CONTID column (csv) or the " in container ID" phrase (text) is taken
# off, is byte for byte what ausearch printed (NAME.out, made by ausearch:
# tests/data/format/README.md), in the same order or, where ausearch
# prints events as they complete, as the same lines sorted; stderr is
# ausearch's (NAME.err) and the exit status 0.  Then the CONTID column and
# the phrase themselves (written here by hand from contid.log), each
# refusal with its exact message and status, and a forged log whose
# values hold a newline and ESC: escaped, never raw.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
data=$srcdir/tests/data/format
TZ=UTC LC_ALL=C
export TZ LC_ALL
unset CONTIDCTL_NOW CONTIDCTL_AUDITD_CONF
t=cli-format
fails=0
. "$srcdir/tests/cli/lib.sh"

# The lines without the CONTID column (csv) or the phrase (text).
strip() {
	case "$1" in
	*csv*) sed 's/,[^,]*$//' ;;
	*) sed 's/ in containers\{0,1\} [0-9][0-9 ]*\( (+[0-9]* more)\)\{0,1\}$//' ;;
	esac
}

n=0
grep -v '^#' "$data/cases" > $t.cases
while IFS='|' read -r name log opts order; do
	n=$((n + 1))
	werr=
	[ -f "$data/$name.err" ] && werr=$(cat "$data/$name.err")
	n0=$(cli_failures)
	# shellcheck disable=SC2086
	ctl 0 "$werr" parse $opts "$srcdir/$log" < /dev/null > $t.out
	strip "$opts" < $t.out > $t.got
	cp "$data/$name.out" $t.want
	if [ "$order" = sorted ]; then
		sort $t.got > $t.got2 && mv $t.got2 $t.got
		sort $t.want > $t.want2 && mv $t.want2 $t.want
	fi
	if [ "$(cli_failures)" != "$n0" ]; then
		echo "FAIL: $name: exit status or stderr"; fails=$((fails + 1))
	elif ! cmp -s $t.want $t.got; then
		echo "FAIL: $name: not ausearch's output ($order order)"
		diff -u $t.want $t.got | head -n 20
		fails=$((fails + 1))
	# the phrase or the column was there to take off: as many lines
	elif [ "$(wc -l < $t.out)" != "$(wc -l < "$data/$name.out")" ]; then
		echo "FAIL: $name: line count"; fails=$((fails + 1))
	else
		echo "ok: $name: ausearch's $(wc -l < $t.want) lines ($order order)"
	fi
done < $t.cases
[ "$n" -ge 15 ] || { echo "FAIL: only $n cases read"; fails=$((fails + 1)); }

# out, err, expect: tests/cli/lib.sh.
: > $t.wout
: > $t.werr

# The container IDs of contid.log's events (tests/aus/data/commands says
# which record carries which): 100 set 7, 101 in 7, 102 the netns list
# 8,7,9 and 2 more, 103 task 8 and target 9, 104 set 10, 105 none.
c=$srcdir/tests/aus/data/contid.log
ctl 0 "error normalizing NETFILTER_PKT" parse --format csv "$c" > $t.out
sed 's/.*,//' $t.out > $t.got
printf '%s\n' CONTID 7 7 '8 7 9 (+2 more)' '8 9' 10 '' > $t.want
if cmp -s $t.want $t.got; then echo "ok: csv: the CONTID column"; else
	echo "FAIL: csv: the CONTID column"; diff -u $t.want $t.got; fails=$((fails + 1)); fi
ctl 0 "" parse --format text "$c" > $t.out
sed -n 's/.* in \(containers\{0,1\} .*\)$/\1/p' $t.out > $t.got
printf '%s\n' 'container 7' 'container 7' 'containers 8 7 9 (+2 more)' \
	'containers 8 9' 'container 10' > $t.want
if cmp -s $t.want $t.got && [ "$(wc -l < $t.out)" = 6 ] &&
   [ "$(tail -n 1 $t.out)" = "At 10:20:01 12/05/25 root successfully shutdown-audit using signal" ]; then
	echo "ok: text: the phrase, none for the event without an ID"
else
	echo "FAIL: text: the phrase"; diff -u $t.want $t.got; cat $t.out; fails=$((fails + 1))
fi

# Nothing selected: no header, "<no matches>", status 1, as ausearch.
printf '<no matches>\n' | err
expect "csv: nothing selected" 1 parse --format csv -a 999 "$c"

# ---------------------------------------------------------------- refusals
# shellcheck disable=SC2089 # the quote is the message's
for bad in "--format xml|Unknown option (xml)" \
	   "--format csv --format text|Multiple output formats, use only 1" \
	   "-i --format csv|Multiple output formats, use only 1" \
	   "--format csv -i|Conflicting output format -i" \
	   "--format text --raw|Conflicting output format --raw" \
	   "--format csv -r|Conflicting output format --raw" \
	   "--extra-keys|--extra options requires format to be csv" \
	   "--format text --extra-labels|--extra options requires format to be csv" \
	   "--format raw --extra-time|--extra options requires format to be csv" \
	   "-i --extra-obj2|--extra options requires format to be csv" \
	   "--extra-keys=1 --format csv|option '--extra-keys' doesn't allow an argument"; do
	printf 'contidctl: parse: %s\nTry '\''contidctl parse --help'\''.\n' "${bad#*|}" | err
	# shellcheck disable=SC2086,SC2090
	expect "${bad%%|*} refused" 2 parse ${bad%%|*} "$c"
done
for f in csv text; do
	printf 'contidctl: parse: --json cannot be used with --format %s\nTry '\''contidctl parse --help'\''.\n' $f | err
	expect "--json with --format $f refused" 2 --json parse --format $f "$c"
done

# ---------------------------------------------------------------- forgery
# A node holding ESC, an exe and a key in hex that decode to a newline,
# ESC sequences and a backslash: every byte outside printable ASCII (and
# the backslash) as \xNN, as -i writes values; one line an event.
# (ausearch writes \012 and \033 for them, and the backslash as it is.)
printf 'node=n\033X type=SYSCALL msg=audit(1764930000.100:200): arch=c000003e syscall=257 success=yes exit=3 a0=ffffff9c a1=7ffd0000 a2=241 a3=1b6 items=0 ppid=1 pid=2 auid=0 uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=pts0 ses=3 comm="x" exe=2F746D702F780A1B5B316D5C key=6B0A1B\nnode=n\033X type=CONTAINER_INFO msg=audit(1764930000.100:200): op=task contid=7\n' > $t.log
cat <<'EOF' | out
NODE,EVENT,DATE,TIME,SERIAL_NUM,EVENT_KIND,SESSION,SUBJ_PRIME,SUBJ_SEC,SUBJ_KIND,ACTION,RESULT,OBJ_PRIME,OBJ_SEC,OBJ_KIND,HOW,KEY,CONTID
n\x1bX,SYSCALL,12/05/25,10:20:00,200,audit-rule,3,root,root,privileged-acct,opened-file,success,,,file,/tmp/x\x0a\x1b[1m\x5c,k\x0a\x1b,7
EOF
expect "forgery: csv escapes the node, the how and the key" 0 parse --format csv --extra-keys $t.log
cat <<'EOF' | out
On n\x1bX at 10:20:00 12/05/25 root successfully opened-file using /tmp/x\x0a\x1b[1m\x5c in container 7
EOF
expect "forgery: text escapes the node and the how" 0 parse --format text $t.log

rm -f $t.cases $t.out $t.got $t.want $t.wout $t.werr $t.log
[ "$fails" = 0 ] || { echo "cli format: $fails failure(s)"; exit 1; }
echo "cli format: all passed"
