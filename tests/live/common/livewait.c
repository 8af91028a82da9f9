// SPDX-License-Identifier: LGPL-2.1-or-later
/* Waits that end on progress, not on a clock: see livewait.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "livewait.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/netlink.h>

long lw_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

void lw_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* LIVE_WAIT_STALL or LIVE_WAIT_BOUND in seconds (> 0), else dflt. */
static long limit_ms(const char *name, long dflt)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return dflt * 1000L;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v <= 0) {
		fprintf(stderr, "livewait: %s=%s is not a positive number of seconds, using %ld\n",
			name, s, dflt);
		return dflt * 1000L;
	}
	return v * 1000L;
}

long lw_bound_ms(void)
{
	return limit_ms("LIVE_WAIT_BOUND", LW_BOUND_S);
}

void lw_begin(struct lw_wait *w, const char *fmt, ...)
{
	va_list ap;

	memset(w, 0, sizeof(*w));
	va_start(ap, fmt);
	vsnprintf(w->what, sizeof(w->what), fmt, ap);
	va_end(ap);
	w->start_ms = w->moved_ms = lw_now_ms();
	w->stall_ms = limit_ms("LIVE_WAIT_STALL", LW_STALL_S);
	w->bound_ms = limit_ms("LIVE_WAIT_BOUND", LW_BOUND_S);
	w->backlog = -ENODATA;
	w->probe_ms = w->start_ms + 1000;
}

int lw_going(struct lw_wait *w, unsigned long long token)
{
	long now = lw_now_ms();

	if (w->turns++ == 0 || token != w->token) {
		w->token = token;
		w->moved_ms = now;
	}
	if (now - w->start_ms >= w->bound_ms) {
		fprintf(stderr,
			"livewait: gave up: %s: still moving after %ld s, the overall bound "
			"(LIVE_WAIT_BOUND=%ld s)\n",
			w->what, (now - w->start_ms) / 1000, w->bound_ms / 1000);
		return 0;
	}
	if (now - w->moved_ms >= w->stall_ms) {
		fprintf(stderr,
			"livewait: gave up: %s: nothing moved for %ld s (waited %ld s; "
			"stall limit LIVE_WAIT_STALL=%ld s)%s\n",
			w->what, (now - w->moved_ms) / 1000, (now - w->start_ms) / 1000,
			w->stall_ms / 1000, w->backlog == -ENODATA ? "" : "; audit backlog probed");
		if (w->backlog != -ENODATA)
			fprintf(stderr, "livewait: the last audit backlog probe: %ld\n", w->backlog);
		return 0;
	}
	return 1;
}

int lw_going_audit(struct lw_wait *w, unsigned long long token)
{
	long now = lw_now_ms();

	if (now >= w->probe_ms) {
		w->backlog = lw_audit_backlog();
		w->probe_ms = lw_now_ms() + 1000;
	}
	return lw_going(w, lw_mix(token, (unsigned long long)w->backlog));
}

unsigned long long lw_mix(unsigned long long a, unsigned long long b)
{
	/* splitmix64's finalizer over a, then b: a change in either shows. */
	unsigned long long z = a + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31)) ^ b;
}

unsigned long long lw_task_token(pid_t pid)
{
	char path[48], buf[1024];
	unsigned long long minflt = 0, majflt = 0, ut = 0, st = 0, cut = 0, cst = 0;
	char state = '?';
	const char *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* After the comm's closing parenthesis: state ppid pgrp session
	 * tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime
	 * cutime cstime (proc(5)). */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %c %*d %*d %*d %*d %*d %*u %llu %*u %llu %*u %llu %llu %llu %llu",
			 &state, &minflt, &majflt, &ut, &st, &cut, &cst) != 7)
		return 1;
	return lw_mix(lw_mix(lw_mix((unsigned long long)state, ut + st + cut + cst), minflt),
		      majflt);
}

int lw_audit_send(int type, const void *payload, size_t len)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct nlmsghdr *nh = calloc(1, NLMSG_SPACE(len));
	int fd;

	if (!nh)
		return -ENOMEM;
	nh->nlmsg_len = NLMSG_LENGTH(len);
	nh->nlmsg_type = (unsigned short)type;
	nh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nh->nlmsg_seq = 1;
	if (len)
		memcpy(NLMSG_DATA(nh), payload, len);
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0) {
		fd = -errno;
	} else if (sendto(fd, nh, nh->nlmsg_len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		int e = errno;

		close(fd);
		fd = -e;
	}
	free(nh);
	return fd;
}

/*
 * Send one request without payload or with text (lw_audit_send()) and
 * wait for a message of reply_type (NLMSG_ERROR: the ACK); its payload
 * goes to out (cap bytes).  Returns 0, the request's negative errno, or
 * -errno.
 */
static long request_once(int type, const char *text, int reply_type, void *out, size_t cap,
			 const char *what)
{
	_Alignas(struct nlmsghdr) char buf[NLMSG_SPACE(1024)];
	struct nlmsghdr *nh = (struct nlmsghdr *)buf;
	struct lw_wait w;
	long rc = -ETIMEDOUT;
	int fd;

	fd = lw_audit_send(type, text, text ? strlen(text) + 1 : 0);
	if (fd < 0)
		return fd;
	/* Nothing to measure but the stall limit: these waits are the
	 * others' probes and markers. */
	lw_begin(&w, "%s", what);
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		ssize_t n;

		if (poll(&pfd, 1, 100) < 0 && errno != EINTR) {
			rc = -errno;
			break;
		}
		n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			rc = -errno;
			break;
		}
		if (n >= (ssize_t)NLMSG_SPACE(sizeof(struct nlmsgerr)) &&
		    nh->nlmsg_type == NLMSG_ERROR) {
			int e = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;

			if (e || reply_type == NLMSG_ERROR) {
				rc = e;
				break;
			}
		} else if (n >= (ssize_t)NLMSG_HDRLEN && nh->nlmsg_type == reply_type) {
			size_t plen = (size_t)n - NLMSG_HDRLEN;

			memcpy(out, NLMSG_DATA(nh), plen < cap ? plen : cap);
			rc = 0;
			break;
		}
		if (n < 0 && !lw_going(&w, 0))
			break;
	}
	close(fd);
	return rc;
}

int lw_audit_user(const char *text)
{
	return (int)request_once(AUDIT_USER, text, NLMSG_ERROR, NULL, 0,
				 "the ACK of an AUDIT_USER marker");
}

long lw_audit_backlog(void)
{
	struct audit_status st;
	long rc;

	/*
	 * The ACK comes at once, the reply from a kernel thread of its own:
	 * wait for the reply.
	 */
	memset(&st, 0, sizeof(st));
	rc = request_once(AUDIT_GET, NULL, AUDIT_GET, &st, sizeof(st),
			  "the AUDIT_GET reply to the audit backlog probe");
	return rc < 0 ? rc : (long)st.backlog;
}
