# Shared by the aus live tests (sourced; busybox sh in the guest): the
# patched audit userspace of audit-userspace/ first in PATH, then the
# auditd suite's functions (start_auditd, stop_auditd, check, finish, ...).
# shellcheck shell=sh
AUS=/opt/contid-aus
[ -x $AUS/sbin/auditd ] || { echo "FAIL: $AUS/sbin/auditd is not in the guest (tests/live/aus/stage.sh)"; exit 1; }
PATH=$AUS/sbin:$PATH
LD_LIBRARY_PATH=$AUS/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH LD_LIBRARY_PATH
# auditd -c DIR: ENRICHED by default, aus_format raw|enriched to change.
AUDITD_ARGS="-c /etc/contid-aus/enriched"
aus_format() { AUDITD_ARGS="-c /etc/contid-aus/$1"; }
. /usr/share/contid/auditd/common.sh
[ "$(command -v auditd)" = $AUS/sbin/auditd ] || die "auditd is $(command -v auditd), not the patched one"
[ "$(command -v ausearch)" = $AUS/sbin/ausearch ] || die "ausearch is $(command -v ausearch), not the patched one"
[ "$(command -v auditctl)" = $AUS/sbin/auditctl ] || die "auditctl is $(command -v auditctl), not the patched one"
U=18446744073709551615
SEP=$(printf '\035')
# raw_of FILE: the lines of an audit log without ENRICHED's interpretations.
raw_of() { sed "s/$SEP.*//" "$@"; }
# serials_of FILE: the serials of the records in ausearch/log output, sorted.
serials_of() { sed -n 's/^type=[^ ]* msg=audit([0-9.]*:\([0-9]*\)).*/\1/p' "$1" | sort -n -u; }
