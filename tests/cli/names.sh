#!/bin/sh
# Issue 30: contidctl parse -i names the container of an ID after the ID,
# from the mapping records (VIRT_MACHINE_ID, virt=oci) read so far
# (docs/oci-hook.md, "Names in parse -i").  contidctl.names.txt is written
# by hand: an ID before its mapping (no name), vm= and, when vm=? the id=,
# a forged vm= with control bytes, a newline and the separators (escaped),
# Kubernetes' parts, a second mapping of an ID (the later wins), a
# mapping after the event (not applied), libvirt's records (ignored).
srcdir=${srcdir:-.}
CONTIDCTL=${CONTIDCTL:-./src/contidctl}
data=$srcdir/tests/data
log=$data/contidctl.names.log
t=cli-names
fails=0
. "$srcdir/tests/cli/lib.sh"
TZ=UTC LC_ALL=C
export TZ LC_ALL

# same NAME WANT GOT
same() {
	if [ "$2" = "$3" ]; then
		echo "ok: $1"
	else
		printf 'FAIL: %s:\n%s\nwant:\n%s\n' "$1" "$3" "$2"; fails=$((fails + 1))
	fi
}

ctl 0 "" parse -i "$log" > $t.out
if diff -u "$data/contidctl.names.txt" $t.out; then
	echo "ok: -i names the IDs (contidctl.names.txt)"
else
	echo "FAIL: -i names differ from $data/contidctl.names.txt"; fails=$((fails + 1))
fi

# The mappings of events not selected name the IDs all the same.
ctl 0 "" parse -i -m CONTAINER "$log" > $t.out
same "-i -m CONTAINER: names from records not selected" \
"audit(11/14/23 22:18:20.000:601) contid=4242
    CONTAINER op=set pid=10 uid=root auid=root tty=(none) ses=unset opid=11 old-contid=unset contid=4242 res=yes
audit(11/14/23 22:18:20.600:607) contid=4343(db)
    CONTAINER op=set pid=10 uid=root auid=root tty=(none) ses=unset opid=12 old-contid=4242(webshop) contid=4343(db) res=yes" \
"$(cat $t.out)"

# Without -i, no names; --raw and JSON are unchanged by -i.
ctl 0 "" parse -m CONTAINER_INFO "$log" > $t.out
same "no names without -i" \
"audit(1700000300.200:603) contid=4242
    CONTAINER_INFO op=task contid=4242
audit(1700000300.800:609) contid=4242
    CONTAINER_INFO op=task contid=4242
audit(1700000300.900:610) contid=77
    CONTAINER_INFO op=task contid=77
audit(1700000301.000:611) contid=5555
    CONTAINER_INFO op=task contid=5555" "$(cat $t.out)"
# (-i with --raw is refused, as ausearch refuses it: two output formats)
ctl 0 "" parse --raw -a 603 "$log" > $t.out
same "--raw: the log line" "$(sed -n 3p "$log")" "$(cat $t.out)"
ctl 2 "contidctl: parse: Conflicting output format --raw
Try 'contidctl parse --help'." parse -i --raw -a 603 "$log" > $t.out
same "-i --raw: refused, no output" "" "$(cat $t.out)"
ctl 0 "" --json parse -i -a 609 "$log" > $t.out
case "$(cat $t.out)" in
*'"contid":["4242"],'*'"contid":"4242"}'*) echo "ok: --json -i: no names" ;;
*) echo "FAIL: --json -i: $(cat $t.out)"; fails=$((fails + 1)) ;;
esac

# The table holds 4096 IDs: the 4097th ID's mapping is not kept (said once
# on stderr); a known ID's later mapping still replaces its name.
awk 'BEGIN {
	m = "pid=1 uid=0 auid=4294967295 ses=4294967295 msg=\047virt=oci contid="
	for (i = 1; i <= 4098; i++)
		printf "type=VIRT_MACHINE_ID msg=audit(1700000400.000:%d): %s%d runtime=? by=\"hook\" id=\"n%d\" bundle=? vm=? image=? pod=? namespace=? container=?\047\n", i, m, i, i
	printf "type=VIRT_MACHINE_ID msg=audit(1700000400.000:5000): %s1 runtime=? by=\"hook\" id=\"again\" bundle=? vm=? image=? pod=? namespace=? container=?\047\n", m
	for (i = 4095; i <= 4097; i++)
		printf "type=CONTAINER_INFO msg=audit(1700000400.000:%d): op=task contid=%d\n", 6000 + i, i
	printf "type=CONTAINER_INFO msg=audit(1700000400.000:7000): op=task contid=1\n"
}' > $t.log
ctl 0 "contidctl: more than 4096 container IDs mapped: later IDs are shown without names" \
	parse -i -m CONTAINER_INFO $t.log > $t.out
same "4096 IDs kept, the 4097th not; a kept ID renamed" \
"audit(11/14/23 22:20:00.000:10095) contid=4095(n4095)
    CONTAINER_INFO op=task contid=4095(n4095)
audit(11/14/23 22:20:00.000:10096) contid=4096(n4096)
    CONTAINER_INFO op=task contid=4096(n4096)
audit(11/14/23 22:20:00.000:10097) contid=4097
    CONTAINER_INFO op=task contid=4097
audit(11/14/23 22:20:00.000:7000) contid=1(again)
    CONTAINER_INFO op=task contid=1(again)" "$(cat $t.out)"

rm -f $t.out $t.log
fails=$((fails + $(cli_failures)))
echo "$fails failed"
[ "$fails" = 0 ]
