#!/bin/sh
# contidctl parse with ausearch's options (-m, -k, -ts/-te and the time
# words, -i, --raw, -if, the configured log and its rotated files, exit
# status 1 and "<no matches>") on the real logs of tests/data/logs:
# exit status, stdout and stderr compared exactly.
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
logs=$srcdir/tests/data/logs
TZ=UTC LC_ALL=C
export TZ LC_ALL
unset CONTIDCTL_NOW CONTIDCTL_AUDITD_CONF
t=cli-ausearch
fails=0
. "$srcdir/tests/cli/lib.sh"
: > $t.wout
: > $t.werr

# out, err, expect: tests/cli/lib.sh.  Every call, in expect and where
# the expected output is made from a plain "parse" (P below), goes
# through ctl: its status and stderr are checked exactly.
# P ARGS...: "parse ARGS" that must succeed with nothing on stderr
P() { ctl 0 "" parse "$@" < /dev/null; }

a=$logs/aus-test.log

# ---------------------------------------------------------------- -m
login_event() {
	cat <<'EOF'
audit(1170021601.343:296) contid=none
    LOGIN pid=2288 uid=0 subj=system_u:system_r:init_t:s0 old-auid=4294967295 auid=42 tty=(none) old-ses=4294967295 ses=1 res=1
    SYSCALL arch=c000003e syscall=1 success=yes exit=2 a0=8 a1=7fffa7aede20 a2=2 a3=0 items=0 ppid=1 pid=2288 auid=42 uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=(none) ses=1 comm="(systemd)" exe="/usr/lib/systemd/systemd" subj=system_u:system_r:init_t:s0 key=(null)
    PROCTITLE proctitle="(systemd)"
EOF
}
login_event | out
expect "-m LOGIN FILE" 0 parse -m LOGIN "$a"
login_event | out
expect "-m 1006 -if FILE" 0 parse -m 1006 -if "$a"
login_event | out
expect "--message UNKNOWN[1006] --input FILE" 0 parse --message 'UNKNOWN[1006]' --input "$a"
P "$a" | out
expect "-m ALL: every event" 0 parse -m ALL "$a"
# --raw: the events' lines as written (the AVC event :293 and LOGIN :296)
sed -n '1,4p;7,9p' "$a" | out
expect "-m LOGIN,PATH --raw" 0 parse -m LOGIN,PATH --raw "$a"
sed -n '1,4p;7,9p' "$a" | out
expect "-m LOGIN -m PATH -r (repeated -m adds)" 0 parse -m LOGIN -m PATH -r "$a"
echo '<no matches>' | err
expect "-m with no match: status 1, <no matches>" 1 parse -m ADD_USER "$a"
expect "--raw with no match: status 1, nothing said" 1 parse -m ADD_USER --raw "$a"
cat <<'EOF' | err
contidctl: parse: unknown record type 'NOPE' in -m
Try 'contidctl parse --help'.
EOF
expect "-m unknown type" 2 parse -m LOGIN,NOPE "$a"
cat <<'EOF' | err
contidctl: parse: -m needs a record type
Try 'contidctl parse --help'.
EOF
expect "-m empty" 2 parse -m , "$a"
cat <<'EOF' | err
contidctl: parse: option '-m' needs an argument
Try 'contidctl parse --help'.
EOF
expect "-m without argument" 2 parse "$a" -m

# ---------------------------------------------------------------- -k
r=$logs/aus-rhel10-enriched.log
for s in $(grep 'key=.time-change' "$r" | sed 's/.*msg=audit(\([^)]*\)).*/\1/'); do
	grep -F "audit($s)" "$r"
done | out
expect "-k time-change --raw (enriched log)" 0 parse -k time-change --raw "$r"
n=$(P -k identity "$r" | grep -c '^audit(')
if [ "$n" = 23 ]; then echo "ok: -k identity: 23 events"; else
	echo "FAIL: -k identity: $n events, want 23"; fails=$((fails + 1)); fi
echo '<no matches>' | err
expect "-k with no match" 1 parse -k nope "$a"

# ---------------------------------------------------------------- -ts/-te
# aus-test.log: :293 at 2007-01-28 21:58:13 UTC, :294..:299 at 22:00:01.
P "$a" | sed -n '/:294)/,$p' | out
expect "-ts DATE TIME" 0 parse -ts 01/28/07 21:59:00 "$a"
P "$a" | sed -n '/:294)/,$p' | out
expect "-ts TIME DATE (either order)" 0 parse -ts 21:59 01/28/07 "$a"
P "$a" | sed -n '/:294)/,$p' | out
expect "--start DATE HH:MM, FILE first" 0 parse "$a" --start 01/28/07 22:00
P "$a" | out
expect "-ts DATE (midnight)" 0 parse -ts 01/28/07 "$a"
echo '<no matches>' | err
expect "-ts DATE after the log" 1 parse -ts 01/29/07 "$a"
P "$a" | sed -n '1,5p' | out
expect "-te DATE TIME: the second itself is in" 0 parse -te 01/28/07 21:58:13 "$a"
echo '<no matches>' | err
expect "-te DATE TIME before the log" 1 parse -te 01/28/07 21:58:12 "$a"
P "$a" | sed -n '1,5p' | out
expect "-ts .. -te window" 0 parse -ts 01/28/07 21:58 -te 01/28/07 21:59 "$a"
# time words against a fixed clock: 2007-01-28 (a Sunday) 23:00:00 UTC
CONTIDCTL_NOW=1170025200
export CONTIDCTL_NOW
for w in today yesterday this-week week-ago this-month this-year; do
	P "$a" | out
	expect "-ts $w (now 2007-01-28 23:00)" 0 parse -ts $w "$a"
done
for w in now recent this-hour; do
	echo '<no matches>' | err
	expect "-ts $w (now 2007-01-28 23:00): nothing" 1 parse -ts $w "$a"
done
for w in now recent this-hour today; do
	P "$a" | out
	expect "-te $w (now 2007-01-28 23:00)" 0 parse -te $w "$a"
done
echo '<no matches>' | err
expect "-te yesterday: nothing" 1 parse -te yesterday "$a"
CONTIDCTL_NOW=1170021601	# 22:00:01: now is :294's second
P "$a" | sed -n '/:294)/,$p' | out
expect "-ts now (now 22:00:01)" 0 parse -ts now "$a"
P "$a" | out
expect "-ts today 21:00 (word and time)" 0 parse -ts today 21:00 "$a"
unset CONTIDCTL_NOW
echo '<no matches>' | err
expect "-ts boot: the log is older than this boot" 1 parse -ts boot "$a"

for bad in "bogus|Invalid start date (bogus). Month, Day, and Year are required." \
	   "13/45/07|Invalid start date (13/45/07). Month, Day, and Year are required." \
	   "01/28/1999|Error parsing start date (01/28/1999)" \
	   "01/01/99|Error - year is 1999"; do
	printf 'contidctl: parse: %s\nTry '\''contidctl parse --help'\''.\n' "${bad#*|}" | err
	expect "-ts ${bad%%|*}" 2 parse -ts "${bad%%|*}" "$a"
done
printf "contidctl: parse: Invalid end time (25:00). Hour, Minute, and Second are required.\nTry 'contidctl parse --help'.\n" | err
expect "-te DATE 25:00" 2 parse -te 01/28/07 25:00 "$a"
printf "contidctl: parse: Error parsing start time (10:00:00x)\nTry 'contidctl parse --help'.\n" | err
expect "-ts DATE 10:00:00x" 2 parse -ts 01/28/07 10:00:00x "$a"
printf "contidctl: parse: -ts requires either date and/or time\nTry 'contidctl parse --help'.\n" | err
expect "-ts followed by an option" 2 parse -ts -if "$a"
printf "contidctl: parse: option '-te' needs an argument\nTry 'contidctl parse --help'.\n" | err
expect "-te at the end" 2 parse "$a" -te

# ---------------------------------------------------------------- -i
# ses and uid 0 / unset: host-independent names (root is uid and gid 0);
# the fields as ausearch -i 3.0.9 prints them
cat <<'EOF' | out
audit(04/12/17 22:48:09.295:58) contid=none
    SYSCALL arch=x86_64 syscall=connect success=no exit=EINPROGRESS(Operation now in progress) a0=0x6 a1=0x7ffed2893080 a2=0x10 a3=0xfe items=0 ppid=1 pid=1172 auid=unset uid=root gid=root euid=root suid=root fsuid=root egid=root sgid=root fsgid=root tty=(none) ses=unset comm=google_accounts exe=/usr/bin/python2.7;58d1ccfb (deleted) subj=system_u:system_r:unconfined_service_t:s0 key=(null)
    SOCKADDR saddr={ saddr_fam=inet laddr=169.254.169.254 lport=80 }
EOF
expect "-i: arch, syscall, errno, users, groups, unset, quotes" 0 parse -i -m SOCKADDR -ts 04/12/17 22:48:09 -te 04/12/17 22:48:09 "$logs/golibaudit-normal.log"
# aus-test3.log's event :194435 alone (node=, hex proctitle, uid 1000):
# the name of uid and gid 1000 as this host has them, or unknown(1000).
grep -F ':194435)' "$logs/aus-test3.log" > $t.one
u=$(getent passwd 1000 | cut -d: -f1)
g=$(getent group 1000 | cut -d: -f1)
cat <<'EOF' | sed "s/@U@/${u:-unknown(1000)}/g; s/@G@/${g:-unknown(1000)}/g" | out
node=auditdtest.a1959.org audit(01/03/16 00:37:51.394:194435) contid=none
    SYSCALL arch=x86_64 syscall=select success=yes exit=1 a0=0xc a1=0x56420184ade0 a2=0x564201867510 a3=0x0 items=0 ppid=1271 pid=1281 auid=@U@ uid=@U@ gid=@G@ euid=@U@ suid=@U@ fsuid=@U@ egid=@G@ sgid=@G@ fsgid=@G@ tty=(none) ses=1 comm=sshd exe=/usr/sbin/sshd subj=unconfined_u:unconfined_r:unconfined_t:s0-s0:c0.c1023 key=(null)
    PROCTITLE proctitle=sshd: burn [priv]
EOF
expect "-i: hex proctitle decoded, user and group names, node=" 0 parse -i $t.one
cat <<'EOF' | out
{"kind":"event","version":2,"node":"auditdtest.a1959.org","stamp":"1451781471.394:194435","sec":1451781471,"msec":394,"serial":194435,"contid":[],"records":[{"type":"PROCTITLE","type_nr":1327,"node":"auditdtest.a1959.org","text":"proctitle=737368643A206275726E205B707269765D","fields":{"proctitle":"sshd: burn [priv]"}}]}
EOF
grep PROCTITLE $t.one > $t.two
expect "--json -i: fields interpreted, text as written" 0 --json parse -i -if $t.two
# an i386 record: its syscall named from the i386 table (5 is open there,
# fstat on x86_64), as ausearch -i names it
printf '%s\n' 'type=SYSCALL msg=audit(1492037289.295:60): arch=40000003 syscall=5 success=yes exit=3 a0=1 items=1 pid=7 auid=0 uid=0 ses=1 key=(null)' > $t.one
cat <<'EOF' | out
audit(04/12/17 22:48:09.295:60) contid=none
    SYSCALL arch=i386 syscall=open success=yes exit=3 a0=0x1 items=1 pid=7 auid=root uid=root ses=1 key=(null)
EOF
expect "-i: an i386 syscall named from the i386 table" 0 parse -i $t.one
rm -f $t.one $t.two

# ---------------------------------------------------------------- --format
# ausearch's --format: raw is --raw, interpret (interp...) -i, default
# neither; one format only ("Multiple"), -i and --raw not together
# ("Conflicting"); csv and text: tests/cli/format.sh.
printf '%s\n' 'type=SYSCALL msg=audit(1492037289.295:60): arch=40000003 syscall=5 success=yes exit=3 a0=1 items=1 pid=7 auid=0 uid=0 ses=1 key=(null)' > $t.one
for f in interpret interp; do
	cat <<'EOF' | out
audit(04/12/17 22:48:09.295:60) contid=none
    SYSCALL arch=i386 syscall=open success=yes exit=3 a0=0x1 items=1 pid=7 auid=root uid=root ses=1 key=(null)
EOF
	expect "--format $f: as -i" 0 parse --format $f $t.one
done
cat <<'EOF' | out
audit(1492037289.295:60) contid=none
    SYSCALL arch=40000003 syscall=5 success=yes exit=3 a0=1 items=1 pid=7 auid=0 uid=0 ses=1 key=(null)
EOF
expect "--format default: as written" 0 parse --format default $t.one
for f in "--format raw" "--format default --raw"; do
	cp $t.one $t.wout
	# shellcheck disable=SC2086
	expect "$f: the log's lines" 0 parse $f $t.one
done
for bad in "--format raw --format raw|Multiple output formats, use only 1" \
	   "-i --format raw|Multiple output formats, use only 1" \
	   "--format interpret -r|Conflicting output format --raw" \
	   "-i --raw|Conflicting output format --raw" \
	   "--raw -i|Conflicting output format -i" \
	   "-r --interpret|Conflicting output format --interpret" \
	   "--format json|Unknown option (json)"; do
	printf 'contidctl: parse: %s\nTry '\''contidctl parse --help'\''.\n' "${bad#*|}" | err
	# shellcheck disable=SC2086
	expect "${bad%%|*} refused" 2 parse ${bad%%|*} $t.one
done
rm -f $t.one

# ---------------------------------------------------------------- inputs
cat <<'EOF' | err
contidctl: cannot open 'no-such.log': No such file or directory (ENOENT)
EOF
expect "-if missing file" 1 parse -if no-such.log
printf "contidctl: parse: -if given twice\nTry 'contidctl parse --help'.\n" | err
expect "-if twice" 2 parse -if "$a" -if "$a"
printf "contidctl: parse: both -if '%s' and FILE '%s'\nTry 'contidctl parse --help'.\n" "$a" "$a" | err
expect "-if and FILE" 2 parse -if "$a" "$a"
printf "contidctl: parse: option '-if' needs an argument\nTry 'contidctl parse --help'.\n" | err
expect "-if without argument" 2 parse -if
printf "contidctl: parse: unexpected argument 'b.log'\nTry 'contidctl parse --help'.\n" | err
expect "two FILEs" 2 parse a.log b.log
printf "contidctl: parse: unknown option '-z'\nTry 'contidctl parse --help'.\n" | err
expect "unknown option" 2 parse -z "$a"

# The configured log (log_file of auditd.conf) and its rotated files,
# oldest first, as one stream: :293 is in audit.log.2, :294 in .1, the
# rest in audit.log.
d=$t.dir
rm -rf $d
mkdir $d
sed -n '1,4p' "$a" > $d/audit.log.2
sed -n '5p' "$a" > $d/audit.log.1
sed -n '6,$p' "$a" > $d/audit.log
printf '# auditd.conf\nlocal_events = yes\nlog_file =  %s/audit.log  \nlog_format = ENRICHED\n' "$PWD/$d" > $d/auditd.conf
CONTIDCTL_AUDITD_CONF=$d/auditd.conf
export CONTIDCTL_AUDITD_CONF
cat "$a" | out
expect "--input-logs: audit.log.2, .1, audit.log" 0 parse --input-logs --raw
P "$a" | sed -n '/:294)/,$p' | out
expect "--input-logs -ts" 0 parse --input-logs -ts 01/28/07 22:00
rm $d/audit.log.1
# a gap in the numbers ends the search, as in ausearch: .2 is not read
sed -n '6,$p' "$a" | out
expect "--input-logs without audit.log.1" 0 parse --input-logs --raw
# issue 32: the configured log is the whole stream auditd wrote, so its
# serial gaps are lost events (a FILE's are not, without --gaps)
cp "$srcdir/tests/data/contidctl.log" $d/audit.log
cat "$srcdir/tests/data/contidctl.parse.txt" | out
printf '%s\n' "contidctl: parse: 5 event(s) lost (gaps in the serial numbers)" \
	"contidctl: parse: 1 line(s) skipped: not audit records" | err
expect "--input-logs: the configured log's gaps are lost events" 0 parse --input-logs
cat "$srcdir/tests/data/contidctl.parse.txt" | out
echo "contidctl: parse: 1 line(s) skipped: not audit records" | err
expect "the same log as a FILE: no lost events" 0 parse $d/audit.log
# Issue 32, ausearch 3.0.9's rule (src/ausearch.c is_pipe()): without a
# FILE, -if or --input-logs, standard input is read only when it is a
# pipe; /dev/null, a redirected file and a terminal are not: the
# configured log is read.
sed -n '1,4p' "$a" > $d/audit.log
sed -n '1,4p' "$a" | out
expect "stdin /dev/null: the configured log" 0 parse --raw
sed -n '1,4p' "$a" | out
n0=$(cli_failures)
ctl 0 "" parse --raw < "$a" > $t.out
if [ "$(cli_failures)" = "$n0" ] && cmp -s $t.wout $t.out; then
	echo "ok: stdin a redirected file: the configured log, not the file"
else
	echo "FAIL: stdin a redirected file"; fails=$((fails + 1))
fi
n0=$(cli_failures)
sed -n '5,$p' "$a" | ctl 0 "" parse --raw > $t.out
if [ "$(cli_failures)" = "$n0" ] && sed -n '5,$p' "$a" | cmp -s - $t.out; then
	echo "ok: stdin a pipe: standard input"
else
	echo "FAIL: stdin a pipe"; fails=$((fails + 1))
fi
n0=$(cli_failures)
ctl 0 "" parse --raw -if - < "$a" > $t.out
if [ "$(cli_failures)" = "$n0" ] && cmp -s "$a" $t.out; then
	echo "ok: -if - reads a redirected file"
else
	echo "FAIL: -if - < FILE"; fails=$((fails + 1))
fi
: > $t.wout
printf 'log_file = %s/none.log\n' "$PWD/$d" > $d/auditd.conf
printf "contidctl: cannot read the audit log '%s/none.log': No such file or directory (ENOENT)\n" "$PWD/$d" | err
expect "stdin /dev/null, no log: the configured log's error" 1 parse
printf "contidctl: cannot read the audit log '%s/none.log': No such file or directory (ENOENT)\n" "$PWD/$d" | err
expect "--input-logs, no log" 1 parse --input-logs
printf "contidctl: parse: --input-logs with a FILE\nTry 'contidctl parse --help'.\n" | err
expect "--input-logs with FILE" 2 parse --input-logs "$a"
unset CONTIDCTL_AUDITD_CONF

# ---------------------------------------------------------------- unreadable
# Issue 32: input that cannot be read says why, not "N line(s) skipped:
# not audit records".  A compressed log (gzip's magic 1f 8b; bzip2, xz,
# zstd too), as FILE and from a pipe: status 1, nothing printed.
gzip -c "$a" > $t.gz
printf '%s\n' "contidctl: parse: $t.gz: compressed (gzip); use zcat $t.gz | contidctl parse" | err
expect "a gzip FILE" 1 parse $t.gz
n0=$(cli_failures)
cat $t.gz | ctl 1 "contidctl: parse: standard input: compressed (gzip); use zcat FILE | contidctl parse" parse > $t.out
if [ "$(cli_failures)" = "$n0" ] && [ ! -s $t.out ]; then
	echo "ok: gzip from a pipe"
else
	echo "FAIL: gzip from a pipe"; fails=$((fails + 1))
fi
printf 'BZh91AY' > $t.bz2
printf '%s\n' "contidctl: parse: $t.bz2: compressed (bzip2); use bzcat $t.bz2 | contidctl parse" | err
expect "a bzip2 FILE" 1 parse $t.bz2
# A line over 1 MiB (the reader's limit): said by its number, the lines
# around it read.  Line 2 has 1 MiB + 1 bytes; line 6, 1 MiB exactly, is
# read (and is no record).
{
	sed -n 1p "$a"
	head -c 1048577 /dev/zero | tr '\0' x; echo
	sed -n '2,4p' "$a"
	head -c 1048576 /dev/zero | tr '\0' y; echo
} > $t.long
sed -n '1,4p' "$a" | out
printf '%s\n' "contidctl: parse: $t.long: line 2: longer than 1 MiB, skipped" \
	"contidctl: parse: 1 line(s) skipped: not audit records" | err
expect "a line over 1 MiB: its number" 0 parse --raw $t.long
sed -n '1,4p' "$a" | out
n0=$(cli_failures)
cat $t.long | ctl 0 "contidctl: parse: standard input: line 2: longer than 1 MiB, skipped
contidctl: parse: 1 line(s) skipped: not audit records" parse --raw > $t.out
if [ "$(cli_failures)" = "$n0" ] && cmp -s $t.wout $t.out; then
	echo "ok: a line over 1 MiB from a pipe"
else
	echo "FAIL: a line over 1 MiB from a pipe"; fails=$((fails + 1))
fi
: > $t.wout
# The number is the line's in its own file: --input-logs reads
# audit.log.1 (two lines, not records), then audit.log, whose line 2 is
# still line 2.
rm -f $d/audit.log.2
printf 'junk\njunk\n' > $d/audit.log.1
cp $t.long $d/audit.log
printf 'log_file = %s/audit.log\n' "$PWD/$d" > $d/auditd.conf
sed -n '1,4p' "$a" | out
printf '%s\n' "contidctl: parse: $PWD/$d/audit.log: line 2: longer than 1 MiB, skipped" \
	"contidctl: parse: 3 line(s) skipped: not audit records" | err
CONTIDCTL_AUDITD_CONF=$d/auditd.conf
export CONTIDCTL_AUDITD_CONF
expect "a line over 1 MiB in a second log: its number in that log" 0 parse --input-logs --raw
unset CONTIDCTL_AUDITD_CONF
rm -f $t.gz $t.bz2 $t.long
rm -rf $d $t.out $t.err $t.wout $t.werr
fails=$((fails + $(cli_failures)))
echo "$fails failed"
[ "$fails" = 0 ]
