/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared by the network namespace live programs (live_netns,
 * live_netns_v3, live_netns_fail): agents, forked processes that obey
 * one-line commands over a pipe; tasks parked in an agent's namespace;
 * workers that move between two namespaces; and the check of the op=netns
 * record of a packet sent over a namespace's loopback.
 */
#ifndef CONTID_LIVE_NETNS_AGENT_H
#define CONTID_LIVE_NETNS_AGENT_H

#include <stdint.h>
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

/*
 * Fork a task that joins agent a's network namespace and pauses until it
 * is killed; returns once it is there (it says so on ready[1], read from
 * ready[0] here).
 */
pid_t park_in_ns(struct agent *a, int ready[2]);
/* SIGKILL each of the n tasks, then reap each: killed by SIGKILL. */
void kill_all(const pid_t *pids, int n);

/*
 * Workers, each with an ID of its own, that move between two network
 * namespaces A and B at once (issue 6; under fault injection, issue 12):
 * each takes a number of random steps (a child that exits at once, a
 * child that moves and exits, unshare(CLONE_NEWNET), setns into A or B,
 * and with clone_newnet a child cloned into a namespace of its own),
 * then moves a last time, the odd workers into A and the even ones into
 * B, and pauses until killed.
 */
#define MOVERS_MAX 16

struct mover_opts {
	int workers;		/* at most MOVERS_MAX */
	int rounds;		/* random steps each */
	unsigned int seed;	/* worker i's is seed + i */
	uint64_t id;		/* worker i's ID is id + i */
	int clone_newnet;	/* clone3(CLONE_NEWNET) among the steps */
	/* Called in each worker with 1 before its steps, 0 after (or NULL). */
	void (*make_it_fail)(int on);
};

struct movers {
	struct mover_opts o;
	struct agent a, b;	/* their namespaces: A and B, nft audited */
	pid_t w[MOVERS_MAX];
	int go[MOVERS_MAX][2], done[2];
	char pa[64], pb[64];	/* ns_path() of a and b */
	char wa[512], wb[512];	/* the sorted ID lists expected in A and B */
};

/* The agents, their namespaces and rules; the workers, with their IDs set, waiting. */
void movers_start(struct movers *m, const struct mover_opts *o);
/* Let the workers go; returns when each has made its last move. */
void movers_run(struct movers *m);
/*
 * A and B list exactly the IDs of the workers in them; once the workers
 * are killed, none.  Then the agents quit.
 */
void movers_end(struct movers *m);

#endif
