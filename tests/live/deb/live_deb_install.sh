#!/bin/sh
# Install the three .debs (libcontid0, libcontid-dev, contidctl) into the
# guest's Debian root /debroot with its real dpkg (tests/live/deb/stage.sh
# builds the root), run contidctl's live checks against the installed
# files, and remove them: nothing may be left behind.
#
# Run as /live/live_deb_install in the guest: it mounts /proc, /sys, /dev
# and a /tmp into the root and runs itself there (--in-root) with chroot
# and an empty environment (no LD_LIBRARY_PATH: the busybox initramfs's
# own libcontid in /usr/lib is outside the root anyway).
R=/debroot
S=/usr/share/contid/deb
if [ "${1:-}" != --in-root ]; then
	[ -x "$R/usr/bin/dpkg" ] || { echo "FAIL: no $R/usr/bin/dpkg: the deb suite's stage.sh did not run"; exit 1; }
	mount -t proc proc "$R/proc" && mount -t sysfs sysfs "$R/sys" &&
		mount -o bind /dev "$R/dev" && mount -t tmpfs tmpfs "$R/tmp" ||
		{ echo "FAIL: mounting /proc, /sys, /dev, /tmp in $R"; exit 1; }
	chmod 1777 "$R/tmp"
	cp -r "$S/debs" "$S/cli" "$S/root-packages" "$R/tmp/"
	cp "$0" "$R/tmp/live_deb_install"
	cp /usr/share/contid/livewait.sh "$R/tmp/livewait.sh"
	chroot "$R" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb \
		LIVEWAIT=/tmp/livewait.sh /bin/sh /tmp/live_deb_install --in-root
	rc=$?
	umount "$R/tmp" "$R/dev" "$R/sys" "$R/proc"
	exit "$rc"
fi

# In the root.  Debian's busybox sh runs its own applets before the PATH's
# programs (FEATURE_SH_STANDALONE): its dpkg and dpkg-deb applets would
# shadow the real ones.  A function comes before an applet.
dpkg() { /usr/bin/dpkg "$@"; }
# Waits on progress, not on a clock (docs/testing.md, "Live waits").
. "$LIVEWAIT"
dpkg_deb() { /usr/bin/dpkg-deb "$@"; }
cd /tmp || exit 1
[ "$(dpkg --version | head -n 1 | cut -d' ' -f1-2)" = "Debian 'dpkg'" ] ||
	{ echo "FAIL: dpkg is not Debian's: $(dpkg --version 2>&1 | head -n 1)"; exit 1; }
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# same DESC FILE1 FILE2: equal, or the difference is shown.
same() {
	if cmp -s "$2" "$3"; then ok "$1"; else bad "$1:"; diff "$2" "$3" | head -n 40; fi
}
lib0=$(ls debs/libcontid0_*.deb) dev=$(ls debs/libcontid-dev_*.deb) ctl=$(ls debs/contidctl_*.deb)
V=$(dpkg_deb -f "$lib0" Version)
A=$(dpkg --print-architecture)

# The whole root, files and directories, with their type, mode, owner,
# size, link target and contents (md5), but /proc, /sys, /dev, /tmp, and
# dpkg's own database and log (compared apart: the status file and info/).
# ldconfig's aux-cache holds the inode and ctime of each library it read,
# which every ldconfig run changes: its contents are not compared (its
# type, mode, owner and size are; /etc/ld.so.cache is, in full).
PRUNE='( -path /proc -o -path /sys -o -path /dev -o -path /tmp -o -path /var/lib/dpkg -o -path /var/log/dpkg.log ) -prune'
listing() {
	# shellcheck disable=SC2086
	{ find / $PRUNE -o -exec stat -c '%n %F %a %u:%g %s %N' {} + | sort
	  find / $PRUNE -o -type f ! -path /var/cache/ldconfig/aux-cache -exec md5sum {} + | sort; } > "$1"
	(cd /var/lib/dpkg/info && md5sum *) > "$1.info"
	cp /var/lib/dpkg/status "$1.status"
}
# state PKG: dpkg's status of PKG, or "absent" when it has none.
state() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null || echo absent; }

echo "== the root: $(dpkg --version | head -n 1)"
want=$(sort root-packages)
got=$(dpkg-query -W -f='${Package} ${Status}\n' | sort)
exp=$(for p in $want; do echo "$p install ok installed"; done)
[ "$got" = "$exp" ] && ok "dpkg-query: the $(echo "$want" | wc -l) host packages installed: $(echo $want)" ||
	{ bad "dpkg-query -W"; echo "$got"; }
dpkg --verify > verify.out 2>&1; rc=$?
[ "$rc" = 0 ] && [ ! -s verify.out ] && ok "dpkg --verify: their files are there, unchanged" ||
	{ bad "dpkg --verify -> $rc"; head -n 40 verify.out; }
out=$(dpkg --audit 2>&1); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] && ok "dpkg --audit: nothing" || bad "dpkg --audit -> $rc: $out"
# The library cache as libc-bin's ldconfig trigger leaves it.
ldconfig || bad "ldconfig"
listing before

echo "== a missing dependency: contidctl without libcontid0"
dep=$(dpkg_deb -f "$ctl" Depends | tr ',' '\n' | sed 's/^ *//' | grep '^libcontid0 ')
dpkg -i "$ctl" > out 2> err; rc=$?
cat out err
cat > err.want <<EOF
dpkg: dependency problems prevent configuration of contidctl:
 contidctl depends on $dep; however:
  Package libcontid0 is not installed.

dpkg: error processing package contidctl (--install):
 dependency problems - leaving unconfigured
Errors were encountered while processing:
 contidctl
EOF
[ "$rc" = 1 ] && ok "dpkg -i $ctl -> 1" || bad "dpkg -i $ctl -> $rc, want 1"
same "dpkg's error, exactly" err.want err
# dpkg checks Depends when it configures: it unpacked the package and
# refused to configure it.
s=$(state contidctl)
[ "$s" = "install ok unpacked" ] && ok "contidctl: '$s', not configured" || bad "contidctl: '$s'"
dpkg --configure contidctl > out 2> err2; rc=$?
sed -n '1,3p' err.want > err2.want
[ "$rc" = 1 ] && sed -n '1,3p' err2 | cmp -s - err2.want && ok "dpkg --configure contidctl: refused again -> 1" ||
	{ bad "dpkg --configure contidctl -> $rc"; cat err2; }
dpkg -P contidctl > out 2>&1; rc=$?
[ "$rc" = 0 ] && ok "dpkg -P contidctl -> 0" || { bad "dpkg -P contidctl -> $rc"; cat out; }
s=$(state contidctl)
[ "$s" = absent ] && ok "contidctl: no status left" || bad "contidctl: '$s'"
listing refused
same "after the refused install and the purge: the root as before" before refused
same "  and dpkg's status file as before" before.status refused.status
same "  and its info/ as before" before.info refused.info

echo "== dpkg -i of the three"
dpkg -i "$lib0" "$dev" "$ctl" > out 2>&1; rc=$?
cat out
[ "$rc" = 0 ] && ok "dpkg -i -> 0" || bad "dpkg -i -> $rc"
for p in libcontid0 libcontid-dev contidctl; do
	s=$(dpkg-query -W -f='${Status} ${Version}' "$p" 2>&1)
	[ "$s" = "install ok installed $V" ] && ok "dpkg -s $p: $s" || bad "dpkg -s $p: $s"
	dpkg -s "$p" | grep -q '^Status: install ok installed$' || bad "dpkg -s $p: no Status: install ok installed"
done
dpkg -L contidctl > L.ctl; dpkg -L libcontid0 > L.lib; dpkg -L libcontid-dev > L.dev
grep -x -q /usr/sbin/contidctl L.ctl && ok "dpkg -L contidctl: /usr/sbin/contidctl" || bad "dpkg -L contidctl lacks /usr/sbin/contidctl"
so=$(grep -E '^/usr/lib/[^/]+/libcontid\.so\.0$' L.lib)
[ -n "$so" ] && ok "dpkg -L libcontid0: $so" || { bad "dpkg -L libcontid0 lacks libcontid.so.0"; cat L.lib; }
real=$(readlink -f "$so")
grep -x -q "$real" L.lib && ok "  -> $real, also libcontid0's" || bad "$so -> $real, not in dpkg -L libcontid0"
grep -E -x -q '/usr/lib/[^/]+/libcontid\.so' L.dev && grep -x -q /usr/include/libcontid/contid.h L.dev &&
	ok "dpkg -L libcontid-dev: libcontid.so and contid.h" || bad "dpkg -L libcontid-dev"
out=$(dpkg --verify libcontid0 libcontid-dev contidctl 2>&1); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] && ok "dpkg --verify of the three: clean" || bad "dpkg --verify -> $rc: $out"
out=$(dpkg --audit 2>&1)
[ -z "$out" ] && ok "dpkg --audit: nothing" || bad "dpkg --audit: $out"
# The cache names it by the first directory of ld.so.conf that has it,
# /lib/<triplet> (the merged /usr's link): the same file.
c=$(ldconfig -p | sed -n 's/^	libcontid\.so\.0 (libc6,x86-64) => //p')
[ -n "$c" ] && [ "$(readlink -f "$c")" = "$real" ] &&
	ok "the ldconfig trigger ran: libcontid.so.0 => $c in the cache, $real" || { bad "libcontid.so.0 not in ldconfig -p"; ldconfig -p | grep contid; }

echo "== the installed contidctl loads the installed library"
# The only libcontid files in the root are the packages'.
# shellcheck disable=SC2086
find / $PRUNE -o -name 'libcontid*' -print | sort > found
grep '/libcontid[^/]*$' L.lib L.dev | cut -d: -f2- | sort > listed
same "every libcontid* in the root is the packages'" listed found
/lib64/ld-linux-x86-64.so.2 --list /usr/sbin/contidctl > ldlist; cat ldlist
c=$(sed -n 's/^	libcontid\.so\.0 => \(.*\) (0x[0-9a-f]*)$/\1/p' ldlist)
[ -n "$c" ] && [ "$(readlink -f "$c")" = "$real" ] && ok "ld.so --list: libcontid.so.0 => $c, $real" || bad "ld.so --list: '$c'"
/usr/sbin/contidctl events --json > ev.out 2>&1 &
p=$!
# Running, its libraries mapped: its audit socket has joined the group.
lw_wait "the installed contidctl events (pid $p) in the audit multicast group" \
	"lw_audit_ready $p multicast" "lw_tasks $p" || bad "contidctl events never joined the group"
maps=$(awk '$6 ~ /libcontid/ { print $6 }' "/proc/$p/maps" | sort -u)
[ "$maps" = "$real" ] && ok "contidctl (pid $p) maps $maps only" || bad "contidctl maps: '$maps', want $real"
grep -E -q " /usr/sbin/contidctl$" "/proc/$p/maps" && ok "and runs /usr/sbin/contidctl" || bad "pid $p is not /usr/sbin/contidctl"
kill "$p"; wait "$p"
sum=$(md5sum < "$real" | cut -c1-32)
grep -q "^$sum  ${real#/}\$" "/var/lib/dpkg/info/libcontid0:$A.md5sums" &&
	ok "its md5 $sum is the package's" || bad "$real md5 $sum not in libcontid0's md5sums"

echo "== contidctl's live checks against /usr/sbin/contidctl"
for s in live_cli_set_get live_cli_rule live_cli_features live_cli_oci_hook live_cli_perm; do
	CONTIDCTL=/usr/sbin/contidctl LIVEWAIT=$LIVEWAIT sh "cli/$s.sh" > cli.out 2>&1; rc=$?
	sed "s/^/  $s: /" cli.out
	[ "$rc" = 0 ] && [ "$(tail -n 1 cli.out)" = "PASS: $s" ] && ok "$s with the installed contidctl" ||
		bad "$s -> $rc"
done

echo "== dpkg -r of the three"
dpkg -r contidctl libcontid-dev libcontid0 > out 2>&1; rc=$?
cat out
[ "$rc" = 0 ] && ok "dpkg -r -> 0" || bad "dpkg -r -> $rc"
for p in libcontid0 libcontid-dev contidctl; do
	s=$(state "$p")
	case "$s" in
	absent|"deinstall ok not-installed") ok "$p: $s" ;;
	*) bad "$p after dpkg -r: '$s'" ;;
	esac
done
ldconfig -p | grep -q libcontid && bad "libcontid still in the ldconfig cache" || ok "the ldconfig cache has no libcontid"
listing removed
same "after dpkg -r: the root as before, exactly" before removed

echo "== dpkg -i again, dpkg -P"
dpkg -i "$lib0" "$dev" "$ctl" > out 2>&1; rc=$?
[ "$rc" = 0 ] && ok "dpkg -i -> 0" || { bad "dpkg -i -> $rc"; cat out; }
[ -x /usr/sbin/contidctl ] && [ "$(/usr/sbin/contidctl get 1)" = unset ] &&
	ok "contidctl get 1: unset" || bad "contidctl get 1 after the reinstall"
dpkg -P contidctl libcontid-dev libcontid0 > out 2>&1; rc=$?
cat out
[ "$rc" = 0 ] && ok "dpkg -P -> 0" || bad "dpkg -P -> $rc"
for p in libcontid0 libcontid-dev contidctl; do
	s=$(state "$p")
	[ "$s" = absent ] && ok "$p: no status left" || bad "$p after dpkg -P: '$s'"
done
listing purged
same "after dpkg -P: the root as before, exactly" before purged
same "  and dpkg's status file as before" before.status purged.status
same "  and its info/ as before" before.info purged.info
out=$(dpkg --verify 2>&1); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] && ok "dpkg --verify: the host packages untouched" || bad "dpkg --verify -> $rc: $out"

[ "$fails" = 0 ] && echo "PASS: live_deb_install" || { echo "FAIL: live_deb_install: $fails check(s)"; exit 1; }
