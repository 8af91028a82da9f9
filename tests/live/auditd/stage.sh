#!/usr/bin/env bash
# Stage Debian's auditd, ausearch and auditctl with a guest configuration,
# the suite's helper and its tests into a live-suite stage.
#
#   stage.sh STAGE_DIR VARIANT        (called by tests/live/run.sh)
#
# auditd is never installed on the host (its postinst would start the host's
# audit daemon): the package is fetched with `apt-get download` into
# $CONTID_BUILD_DIR/auditd-deb (or build/auditd-deb), once, and unpacked into
# the stage.  Its shared libraries must be on the host for mkinitramfs.sh to
# copy them; a missing one fails with the package that provides it.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"
cache=$build/auditd-deb

need_contidctl
for t in apt-get dpkg-deb dpkg-query ldd; do
	command -v "$t" >/dev/null || die "$t missing on the host"
done

# The auditd package: the version that matches the host's libaudit1, which
# auditd depends on with "=".
libver=$(dpkg-query -W -f='${Version}' libaudit1 2>/dev/null) ||
	die "libaudit1 is not installed on the host: apt-get install libaudit1"
mkdir -p "$cache"
deb=$(ls "$cache"/auditd_*.deb 2>/dev/null | head -n1 || true)
if [ -n "$deb" ] && [ "$(dpkg-deb -f "$deb" Version)" != "$libver" ]; then
	rm -f "$deb"
	deb=""
fi
if [ -z "$deb" ]; then
	# The package lists may be missing or stale on a machine that had
	# every package already: update them once and try again.
	(cd "$cache" && apt-get download "auditd=$libver") >&2 ||
		{ [ "$(id -u)" = 0 ] && apt-get update -qq >&2 &&
		  (cd "$cache" && apt-get download "auditd=$libver") >&2; } ||
		die "apt-get download auditd=$libver failed"
	deb=$(ls "$cache"/auditd_*.deb 2>/dev/null | head -n1 || true)
	[ -n "$deb" ] || die "apt-get download left no auditd_*.deb in $cache"
fi
ver=$(dpkg-deb -f "$deb" Version)

x=$(mktemp -d "${TMPDIR:-/tmp}/contid-auditd.XXXXXX")
trap 'rm -rf "$x"' EXIT
dpkg-deb -x "$deb" "$x"
mkdir -p "$stage/usr/sbin"
for b in auditd ausearch auditctl; do
	[ -x "$x/sbin/$b" ] || die "$deb has no sbin/$b"
	install -m 0755 "$x/sbin/$b" "$stage/usr/sbin/$b"
done

# Each library the binaries need, on the host (mkinitramfs copies them).
pkg_of() {
	case "$1" in
	libwrap.so.*) echo libwrap0 ;;
	libaudit.so.*) echo libaudit1 ;;
	libauparse.so.*) echo libauparse0 ;;
	libcap-ng.so.*) echo libcap-ng0 ;;
	libgssapi_krb5.so.*) echo libgssapi-krb5-2 ;;
	libkrb5.so.*) echo libkrb5-3 ;;
	libk5crypto.so.*) echo libk5crypto3 ;;
	libkrb5support.so.*) echo libkrb5support0 ;;
	libcom_err.so.*) echo libcom-err2 ;;
	libkeyutils.so.*) echo libkeyutils1 ;;
	libtirpc.so.*) echo libtirpc3 ;;
	libnsl.so.*) echo libnsl2 ;;
	*) echo "the package that ships $1" ;;
	esac
}
missing=""
for b in auditd ausearch auditctl; do
	for lib in $(ldd "$stage/usr/sbin/$b" 2>/dev/null | awk '/not found/ { print $1 }'); do
		case " $missing " in *" $(pkg_of "$lib") "*) ;; *) missing="$missing $(pkg_of "$lib")" ;; esac
		echo "auditd/stage.sh: $b needs $lib, which is not on the host" >&2
	done
done
[ -z "$missing" ] ||
	die "install the libraries auditd $ver needs: apt-get install --no-install-recommends$missing"
for p in libauparse0 libaudit1; do
	v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
	[ "$v" = "$ver" ] || die "auditd $ver needs $p $ver on the host, found '${v:-none}'"
done

# The guest configuration.  ENRICHED is Debian's default.  flush =
# INCREMENTAL with freq = 1: every record is flushed from auditd's stdio
# buffer at once (fsync on a tmpfs costs nothing), so a log checked while
# auditd runs, or after it died, holds every record it received.  No dispatcher plugins, no network, and no space
# action that could halt or suspend the guest (its /var/log is a tmpfs
# of a few hundred MB at most, and the tests write far less).
mkdir -p "$stage/etc/audit/plugins.d" "$stage/var/log/audit" "$stage/var/run"
chmod 0700 "$stage/var/log/audit"
umask 027
sed -e 's/@FORMAT@/ENRICHED/' -e 's,@PLUGIN_DIR@,/etc/audit/plugins.d,' \
	"$here/auditd.conf.in" > "$stage/etc/audit/auditd.conf"
chmod 0640 "$stage/etc/audit/auditd.conf"
umask 022
echo "auditd $ver (Debian)" > "$stage/etc/audit/contid-version"

# The helper (load generator, multicast witness) and the tests.
CC=${CC:-gcc}
mkdir -p "$stage/usr/bin"  # contidctl, in usr/sbin, no longer makes it
$CC -std=c11 -O2 -Wall -Wextra -Werror -o "$stage/usr/bin/contid-auditd-helper" \
	"$here/helper.c"
mkdir -p "$stage/usr/share/contid/auditd" "$stage/live"
install -m 0644 "$here/common.sh" "$stage/usr/share/contid/auditd/common.sh"
stage_tests live_auditd_
echo "auditd/stage.sh: staged auditd $ver, ausearch, auditctl and $n test(s) ($variant)" >&2
