/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Waits that end on progress, not on a clock: the one wait loop of the
 * live tests' C programs (kernel, lib, reliability).  Standalone (libc
 * and the kernel's uapi headers only), so that the kernel suite, which
 * does not use libcontid on purpose (auditnl.h), can build it too.
 *
 * A wait goes on while what it depends on still moves, and gives up when
 * nothing moved for the stall limit, or when the overall bound is hit
 * even though things still moved.  Either way it prints, on stderr, which
 * wait it was, what it waited for and how long:
 *
 *   livewait: gave up: anl_sync: the AUDIT_USER marker contid-sync-7:
 *   nothing moved for 120 s (waited 131 s; stall limit 120 s)
 *
 * The caller turns everything that shows progress into one token (records
 * received, a task's CPU time, the kernel's audit backlog, ...): a token
 * that differs from the last one is progress.  docs/testing.md, "Live
 * waits", gives the limits and the reasons.
 *
 *	struct lw_wait w;
 *
 *	lw_begin(&w, "the zombie state of task %d", pid);
 *	while (!done()) {
 *		if (!lw_going(&w, lw_task_token(pid)))
 *			fail();
 *		lw_sleep_ms(10);
 *	}
 */
#ifndef CONTID_LIVE_LIVEWAIT_H
#define CONTID_LIVE_LIVEWAIT_H

#include <sys/types.h>

/*
 * The limits, in seconds: LIVE_WAIT_STALL (nothing moved for this long:
 * give up) and LIVE_WAIT_BOUND (the whole wait, moving or not), from the
 * environment (the kernel command line's NAME=value words reach the
 * guest's programs), else these defaults.
 */
#define LW_STALL_S 120
#define LW_BOUND_S 900

struct lw_wait {
	char what[256];		/* what is awaited, for the message */
	long start_ms;		/* lw_now_ms() at lw_begin() */
	long moved_ms;		/* the last progress */
	long stall_ms, bound_ms;
	unsigned long long token;
	long probe_ms;		/* the next audit backlog probe */
	long backlog;		/* the last probe's answer, or -errno */
	unsigned long turns;	/* lw_going() calls */
};

void lw_begin(struct lw_wait *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * One turn of the wait loop, after the caller found its condition unmet:
 * returns 1 to go on, 0 when the wait gives up (the message is printed).
 * It does not block: a loop that does not block elsewhere (in poll() on
 * what it waits for) calls lw_sleep_ms(10) per turn.
 */
int lw_going(struct lw_wait *w, unsigned long long token);
/*
 * lw_going() with the kernel's audit backlog (AUDIT_GET, probed at most
 * once a second on a socket of its own) folded into the token: records
 * the kernel still queues or hands out are progress.
 */
int lw_going_audit(struct lw_wait *w, unsigned long long token);

/* Two progress counters as one token (a change in either changes it). */
unsigned long long lw_mix(unsigned long long a, unsigned long long b);

/*
 * A task's progress: its state, CPU time (its own and its reaped
 * children's) and page faults from /proc/PID/stat; 0 when it is gone.
 */
unsigned long long lw_task_token(pid_t pid);

/*
 * The audit backlog (records the kernel holds for the daemon) from an
 * AUDIT_GET on a netlink socket of its own; a negative errno when it
 * cannot be had (a process without CAP_AUDIT_CONTROL gets -EPERM).
 */
long lw_audit_backlog(void);

/*
 * Send an AUDIT_USER message with text on a socket of its own and wait
 * for its ACK: the marker a test reads up to, to prove that everything
 * the kernel queued before it was delivered (a check that a record does
 * NOT come, without a silence window).  0 or a negative errno.
 */
int lw_audit_user(const char *text);

/*
 * Open a NETLINK_AUDIT socket of its own and send it one request (type,
 * NLM_F_REQUEST | NLM_F_ACK, sequence 1) with len bytes of payload:
 * returns the socket, for the caller to read the answer from, or a
 * negative errno.  The one request builder of lw_audit_user(),
 * lw_audit_backlog() and auditnl.c's anl_child_request().
 */
int lw_audit_send(int type, const void *payload, size_t len);

/* The overall bound in milliseconds (LIVE_WAIT_BOUND): for a library's
 * own request timeout, which cannot see progress. */
long lw_bound_ms(void);

long lw_now_ms(void);
void lw_sleep_ms(long ms);

#endif
