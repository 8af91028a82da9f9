/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared by the network namespace live programs (live_netns,
 * live_netns_v3, live_netns_fail): agents, forked processes that obey
 * one-line commands over a pipe, and the check of the op=netns record of
 * a packet sent over a namespace's loopback.
 */
#ifndef CONTID_LIVE_NETNS_AGENT_H
#define CONTID_LIVE_NETNS_AGENT_H

#include <stdio.h>
#include <sys/types.h>

struct agent {
	pid_t pid;
	FILE *to, *from;
};

#define NFT_RULES \
	"nft add table inet contid && " \
	"nft add chain inet contid out '{ type filter hook output priority 0; }' && " \
	"nft add rule inet contid out udp dport 1000-1999 log level audit"
#define XT_RULES \
	"iptables-legacy -A OUTPUT -p udp --dport 1000:1999 -j AUDIT --type accept"

int lo_up(void);
int send_udp(int port);
void agent_start(struct agent *a);
/* Send a command; returns the reply's number after "ok " (0 if none). */
int agent_cmd(struct agent *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void agent_quit(struct agent *a);
/* /proc/PID/ns/net of the agent (a static buffer). */
const char *ns_path(struct agent *a);
/*
 * Agent a sends one UDP packet over its loopback, which nrules audit
 * rules match: that many NETFILTER_PKT events, each with the op=netns
 * list want (sorted), or with no CONTAINER_INFO record when want is NULL.
 */
void expect_packet(struct agent *a, int nrules, const char *want);

#endif
