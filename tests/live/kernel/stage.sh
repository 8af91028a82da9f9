#!/usr/bin/env bash
# Stage the kernel series' part-2 live programs (records, network
# namespaces), the V3 permission model's (live_perm) and the packet
# filters they drive: nft and iptables-legacy
# (Debian's nftables and iptables packages) with the xtables extensions.
#   stage.sh STAGE_DIR VARIANT
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../stage-common.sh"
# This suite's programs differ by variant: it must be given.
: "${2:?usage: stage.sh STAGE_DIR VARIANT}"
CC=${CC:-gcc}
# live_netns_fail needs fault injection (failslab), in the debug config
# only: the normal run does not stage it (programs.debug lists it).
progs="live_records live_netns live_netns_v3 live_perm"
[ "$variant" = debug ] && progs="$progs live_netns_fail"
for t in $progs; do
	$CC -std=c11 -O1 -g -Wall -Wextra -Werror -I"$here/../common" -o "$stage/live/$t" \
		"$here/$t.c" "$here/netns_agent.c" "$here/auditnl.c" "$here/expect.c" \
		"$here/../common/livewait.c" -lcmocka -lpthread
done
for f in /usr/sbin/nft /usr/sbin/xtables-legacy-multi; do
	[ -x "$f" ] || { echo "stage.sh: $f missing: apt-get install nftables iptables" >&2; exit 1; }
done
mkdir -p "$stage/usr/sbin"
cp /usr/sbin/nft /usr/sbin/xtables-legacy-multi "$stage/usr/sbin/"
ln -sf xtables-legacy-multi "$stage/usr/sbin/iptables-legacy"
xt=/usr/lib/x86_64-linux-gnu/xtables
[ -d "$xt" ] || { echo "stage.sh: $xt missing" >&2; exit 1; }
mkdir -p "$stage$xt"
cp "$xt"/libxt_AUDIT.so "$xt"/libxt_udp.so "$xt"/libxt_standard.so \
	"$xt"/libipt_*.so "$stage$xt/" 2>/dev/null || cp "$xt"/*.so "$stage$xt/"
# The extensions are libraries (mode 0644): make mkinitramfs see their
# dependencies too (libxtables and libc, which the binary needs anyway).
