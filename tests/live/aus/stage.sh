#!/usr/bin/env bash
# Stage the patched audit userspace (audit-userspace/: Debian's audit 3.0.9
# with the container ID series) and this suite's tests into a live-suite
# stage.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
#
# The tools are built (or taken from the cache) by
# audit-userspace/scripts/build.sh plain and staged under /opt/contid-aus,
# beside Debian's stock auditd of the auditd suite in /usr/sbin: the
# suite's common.sh puts /opt/contid-aus/sbin first in PATH and
# /opt/contid-aus/lib in LD_LIBRARY_PATH, so both suites can run in one
# guest.  Nothing is installed on the host.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"

need_contidctl

out=$("$REPO/audit-userspace/scripts/build.sh" plain | tail -n1) ||
	die "audit-userspace/scripts/build.sh plain failed"
root=$out/root
aus=$stage/opt/contid-aus
mkdir -p "$aus/sbin" "$aus/lib"
for b in auditd auditctl ausearch aureport; do
	[ -x "$root/usr/sbin/$b" ] || die "$root has no usr/sbin/$b"
	install -m 0755 "$root/usr/sbin/$b" "$aus/sbin/$b"
done
# The shared libraries, with their soname links (not the .so dev links).
for l in "$root"/usr/lib/x86_64-linux-gnu/lib{audit,auparse}.so.*; do
	cp -a "$l" "$aus/lib/"
done
[ -e "$aus/lib/libaudit.so.1" ] && [ -e "$aus/lib/libauparse.so.0" ] ||
	die "$root has no libaudit.so.1 or libauparse.so.0"
# Every library the tools need besides these two must be on the host
# (mkinitramfs.sh copies them).
for b in "$aus"/sbin/*; do
	miss=$(LD_LIBRARY_PATH=$aus/lib ldd "$b" | awk '/not found/ { print $1 }')
	[ -z "$miss" ] || die "$(basename "$b") needs $miss, not on the host"
done

# Two configurations, ENRICHED (Debian's default) and RAW, each a
# directory for auditd -c: the auditd suite's settings (every record
# flushed at once, no plugins, no space actions; see its stage.sh).
for fmt in ENRICHED RAW; do
	d=$stage/etc/contid-aus/$(echo "$fmt" | tr 'A-Z' 'a-z')
	mkdir -p "$d"
	sed -e "s/@FORMAT@/$fmt/" -e 's,@PLUGIN_DIR@,/etc/contid-aus/plugins.d,' \
		"$REPO/tests/live/auditd/auditd.conf.in" > "$d/auditd.conf"
	chmod 0640 "$d/auditd.conf"
done
mkdir -p "$stage/etc/contid-aus/plugins.d" "$stage/var/log/audit" "$stage/var/run"
# Whether this tree's kernel series takes the contid field on the io_uring
# list (docs/interfaces.md says it does; kernel/patches/0005 before V3
# refused it, and so did libcontid): live_aus_rules expects what the series
# says.
# AUS_CONTID_URING=0|1 overrides it for a LIVE_KERNEL of another tree.
uring=0
grep -q 'listnr != AUDIT_FILTER_URING_EXIT' "$REPO"/kernel/patches/*.patch && uring=1
echo "${AUS_CONTID_URING:-$uring}" > "$stage/etc/contid-aus/contid-uring"
n=$(ls "$REPO"/audit-userspace/patches/*.patch | wc -l)
echo "audit 3.0.9 (Debian) with the $n patches of audit-userspace/" > "$stage/etc/contid-aus/version"

# The auditd suite's helper and shared functions (the same files its own
# stage.sh installs, so either suite can run alone), and the tests.
CC=${CC:-gcc}
mkdir -p "$stage/usr/bin"  # contidctl, in usr/sbin, no longer makes it
$CC -std=c11 -O2 -Wall -Wextra -Werror -o "$stage/usr/bin/contid-auditd-helper" \
	"$REPO/tests/live/auditd/helper.c"
mkdir -p "$stage/usr/share/contid/auditd" "$stage/usr/share/contid/aus" "$stage/live"
install -m 0644 "$REPO/tests/live/auditd/common.sh" "$stage/usr/share/contid/auditd/common.sh"
install -m 0644 "$here/common.sh" "$stage/usr/share/contid/aus/common.sh"
stage_tests live_aus_
echo "aus/stage.sh: staged the patched auditd, auditctl, ausearch, aureport and $n test(s) ($variant)" >&2
