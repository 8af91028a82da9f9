// SPDX-License-Identifier: LGPL-2.1-or-later
/* Agents and packet checks for the network namespace live programs. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/sched.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "auditnl.h"
#include "netns_agent.h"

int lo_up(void)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int rc;

	if (fd < 0)
		return -1;
	strcpy(ifr.ifr_name, "lo");
	rc = ioctl(fd, SIOCGIFFLAGS, &ifr);
	ifr.ifr_flags |= IFF_UP;
	if (!rc)
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	close(fd);
	return rc;
}

int send_udp(int port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ssize_t n;

	if (fd < 0)
		return -1;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	n = sendto(fd, "contid", 6, 0, (struct sockaddr *)&sa, sizeof(sa));
	close(fd);
	return n == 6 ? 0 : -1;
}

/*
 * clone3() with set_tid a pid in use (our own): copy_process() gets past
 * copy_namespaces() and fails in alloc_pid() with EEXIST.  Returns 0 when
 * it failed so n times, else -1 (errno as it came).
 */
static int failed_forks(int n)
{
	for (int i = 0; i < n; i++) {
		pid_t tid = getpid();
		struct clone_args ca = {
			.exit_signal = SIGCHLD,
			.set_tid = (uint64_t)(uintptr_t)&tid,
			.set_tid_size = 1,
		};
		long rc = syscall(SYS_clone3, &ca, sizeof(ca));

		if (rc == 0)
			_exit(0);
		if (rc > 0) {
			waitpid((pid_t)rc, NULL, 0);
			errno = 0;
			return -1;
		}
		if (errno != EEXIST)
			return -1;
	}
	return 0;
}

/*
 * One packet to port with fail-nth armed at nth on this thread: the nth
 * allocation from a slab cache marked for failslab on the way fails.
 * *left is what fail-nth counted down to (0: that allocation was made
 * and failed).  Returns 0, or -1 with errno.
 */
static int send_udp_fail_nth(int port, int nth, int *left)
{
	int fd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC), rc, n;
	char buf[16];

	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%d", nth);
	rc = write(fd, buf, (size_t)n) == n ? send_udp(port) : -1;
	n = (int)pread(fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0 || write(fd, "0", 1) != 1)
		rc = -1;
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	*left = atoi(buf);
	return rc;
}

/* The agent's loop: one command per line, one reply line each. */
static void agent_loop(FILE *in, FILE *out)
{
	char line[512];

	while (fgets(line, sizeof(line), in)) {
		int rc = 0, fd;
		pid_t c;

		line[strcspn(line, "\n")] = 0;
		switch (line[0]) {
		case 'u':	/* a network namespace of our own */
			rc = unshare(CLONE_NEWNET) || lo_up();
			break;
		case 's':	/* setns into the namespace at the path */
			fd = open(line + 2, O_RDONLY | O_CLOEXEC);
			rc = fd < 0 || setns(fd, CLONE_NEWNET);
			if (fd >= 0)
				close(fd);
			break;
		case 'c':	/* that many forks failing after copy_namespaces() */
			rc = failed_forks(atoi(line + 2));
			break;
		case 'x':	/* run a command (nft, iptables) */
			rc = system(line + 2);
			break;
		case 'p':
			rc = send_udp(atoi(line + 2));
			break;
		case 'P': {	/* "P PORT NTH": send_udp_fail_nth(), replies left */
			int port = 0, nth = 0, left = -1;

			rc = sscanf(line + 2, "%d %d", &port, &nth) != 2 ||
			     send_udp_fail_nth(port, nth, &left);
			if (!rc) {
				fprintf(out, "ok %d\n", left);
				fflush(out);
				continue;
			}
			break;
		}
		case 'f':	/* a child that exits at once */
			c = fork();
			if (c == 0)
				_exit(0);
			rc = c < 0 || waitpid(c, NULL, 0) != c;
			break;
		case 'F':	/* a child that lives until killed */
			c = fork();
			if (c == 0) {
				for (;;)
					pause();
			}
			fprintf(out, "ok %d\n", (int)c);
			fflush(out);
			continue;
		case 'k':	/* kill and reap a child of ours */
			c = atoi(line + 2);
			rc = kill(c, SIGKILL) || waitpid(c, NULL, 0) != c;
			break;
		case 'q':
			_exit(0);
		default:
			rc = 1;
		}
		fprintf(out, rc ? "err %d\n" : "ok\n", errno);
		fflush(out);
	}
	_exit(0);
}

void agent_start(struct agent *a)
{
	int down[2], up[2];

	assert_int_equal(pipe2(down, O_CLOEXEC), 0);
	assert_int_equal(pipe2(up, O_CLOEXEC), 0);
	a->pid = fork();
	assert_true(a->pid >= 0);
	if (a->pid == 0) {
		close(down[1]);
		close(up[0]);
		agent_loop(fdopen(down[0], "r"), fdopen(up[1], "w"));
	}
	close(down[0]);
	close(up[1]);
	a->to = fdopen(down[1], "w");
	a->from = fdopen(up[0], "r");
	assert_non_null(a->to);
	assert_non_null(a->from);
}

/* Send a command; returns the reply's number after "ok " (0 if none). */
int agent_cmd(struct agent *a, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vfprintf(a->to, fmt, ap);
	va_end(ap);
	fputc('\n', a->to);
	fflush(a->to);
	assert_non_null(fgets(line, sizeof(line), a->from));
	if (strncmp(line, "ok", 2))
		fail_msg("agent %d: %s", (int)a->pid, line);
	return atoi(line + 2);
}

void agent_quit(struct agent *a)
{
	fputs("q\n", a->to);
	fflush(a->to);
	assert_int_equal(reap(a->pid), 0);
	fclose(a->to);
	fclose(a->from);
}

const char *ns_path(struct agent *a)
{
	static char p[64];

	snprintf(p, sizeof(p), "/proc/%d/ns/net", (int)a->pid);
	return p;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sort the list of an op=netns record, comma-joined. */
static void sorted_list(const char *text, char *out, size_t cap)
{
	uint64_t ids[64];
	size_t n = 0, o = 0;
	const char *p;
	char *end;

	assert_int_equal(strncmp(text, "op=netns contid=", 16), 0);
	p = text + 16;
	while (*p && n < 64) {
		ids[n++] = strtoull(p, &end, 10);
		assert_true(end != p);
		p = *end == ',' ? end + 1 : end;
		assert_true(*end == ',' || *end == 0);
	}
	qsort(ids, n, sizeof(ids[0]), cmp_u64);
	out[0] = 0;
	for (size_t i = 0; i < n; i++)
		o += (size_t)snprintf(out + o, cap - o, "%s%llu", i ? "," : "",
				      (unsigned long long)ids[i]);
}

/*
 * Agent a sends one UDP packet over its loopback, which nrules audit
 * rules match: that many NETFILTER_PKT events, each with the op=netns
 * list want (sorted), or with no CONTAINER_INFO record when want is NULL.
 * NETFILTER_PKT records carry no ports, so everything stored is cleared
 * first: nothing else in the guest crosses an audit rule.
 */
void expect_packet(struct agent *a, int nrules, const char *want)
{
	char got[1024];
	int seen = 0;

	assert_int_equal(anl_sync(), 0);
	anl_forget();
	agent_cmd(a, "p 1234");
	assert_int_equal(anl_sync(), 0);
	for (long i = anl_find(0, AUDIT_NETFILTER_PKT, NULL); i >= 0;
	     i = anl_find((size_t)i + 1, AUDIT_NETFILTER_PKT, NULL)) {
		const struct rec *r = anl_rec((size_t)i);
		int aux = 0;

		assert_non_null(strstr(r->text, "saddr=127.0.0.1 daddr=127.0.0.1 proto=17"));
		seen++;
		for (size_t k = 0; k < anl_count(); k++) {
			const struct rec *x = anl_rec(k);

			if (x->serial != r->serial || x->type != AUDIT_CONTAINER_INFO)
				continue;
			aux++;
			if (!want)
				fail_msg("unexpected: %s", x->text);
			sorted_list(x->text, got, sizeof(got));
			assert_string_equal(got, want);
		}
		assert_int_equal(aux, want ? 1 : 0);
	}
	if (seen != nrules) {
		anl_dump();
		fail_msg("%d NETFILTER_PKT events, expected %d", seen, nrules);
	}
}


pid_t park_in_ns(struct agent *a, int ready[2])
{
	int fd = open(ns_path(a), O_RDONLY | O_CLOEXEC);
	pid_t c;
	char x;

	assert_true(fd >= 0);
	c = fork();
	assert_true(c >= 0);
	if (c == 0) {
		if (setns(fd, CLONE_NEWNET) || write(ready[1], "x", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(fd);
	assert_int_equal(read(ready[0], &x, 1), 1);
	return c;
}

void kill_all(const pid_t *pids, int n)
{
	for (int i = 0; i < n; i++)
		assert_int_equal(kill(pids[i], SIGKILL), 0);
	for (int i = 0; i < n; i++)
		assert_int_equal(reap(pids[i]), 128 + SIGKILL);
}

/* Worker i's steps (see netns_agent.h); returns only on a failed step. */
static int mover(const struct movers *m, int i)
{
	const struct mover_opts *o = &m->o;
	unsigned int seed = o->seed + (unsigned int)i;
	int fa = open(m->pa, O_RDONLY | O_CLOEXEC), fb = open(m->pb, O_RDONLY | O_CLOEXEC);

	if (fa < 0 || fb < 0)
		return 1;
	if (o->make_it_fail)
		o->make_it_fail(1);
	for (int r = 0; r < o->rounds; r++) {
		struct clone_args ca = { .flags = CLONE_NEWNET, .exit_signal = SIGCHLD };
		int step = (int)(rand_r(&seed) % (o->clone_newnet ? 6u : 5u));
		pid_t c;

		/* Without clone_newnet, step 1 (the clone) is never drawn. */
		if (!o->clone_newnet && step >= 1)
			step++;
		switch (step) {
		case 0:	/* a child that exits at once */
			c = fork();
			if (c == 0)
				_exit(0);
			if (c < 0 || waitpid(c, NULL, 0) != c)
				return 2;
			break;
		case 1:	/* a child in a namespace of its own */
			c = (pid_t)syscall(SYS_clone3, &ca, sizeof(ca));
			if (c == 0)
				_exit(0);
			if (c < 0 || waitpid(c, NULL, 0) != c)
				return 3;
			break;
		case 2:	/* a child that moves, then exits */
			c = fork();
			if (c == 0)
				_exit(setns(rand_r(&seed) % 2 ? fa : fb, CLONE_NEWNET) ||
				      unshare(CLONE_NEWNET));
			if (c < 0 || waitpid(c, NULL, 0) != c)
				return 4;
			break;
		case 3:
			if (unshare(CLONE_NEWNET))
				return 5;
			break;
		case 4:
			if (setns(fa, CLONE_NEWNET))
				return 6;
			break;
		default:
			if (setns(fb, CLONE_NEWNET))
				return 7;
			break;
		}
	}
	/* No more failures: the last move counts the task where it ends. */
	if (o->make_it_fail)
		o->make_it_fail(0);
	if (setns(i % 2 ? fa : fb, CLONE_NEWNET))
		return 8;
	if (write(m->done[1], "x", 1) != 1)
		return 9;
	for (;;)
		pause();
}

void movers_start(struct movers *m, const struct mover_opts *o)
{
	char x;

	assert_true(o->workers > 0 && o->workers <= MOVERS_MAX);
	m->o = *o;
	agent_start(&m->a);
	agent_cmd(&m->a, "u");
	agent_cmd(&m->a, "x %s", NFT_RULES);
	agent_start(&m->b);
	agent_cmd(&m->b, "u");
	agent_cmd(&m->b, "x %s", NFT_RULES);
	snprintf(m->pa, sizeof(m->pa), "%s", ns_path(&m->a));
	snprintf(m->pb, sizeof(m->pb), "%s", ns_path(&m->b));
	assert_int_equal(pipe2(m->done, O_CLOEXEC), 0);
	for (int i = 0; i < o->workers; i++) {
		assert_int_equal(pipe2(m->go[i], O_CLOEXEC), 0);
		m->w[i] = fork();
		assert_true(m->w[i] >= 0);
		if (m->w[i] == 0) {
			close(m->go[i][1]);
			if (read(m->go[i][0], &x, 1) != 1)
				_exit(10);
			_exit(mover(m, i));
		}
		close(m->go[i][0]);
		assert_int_equal(anl_task_set(m->w[i], o->id + (uint64_t)i), 0);
	}
	/* Sorted lists: the odd workers end in A, the even ones in B. */
	m->wa[0] = m->wb[0] = 0;
	for (int i = 0; i < o->workers; i++) {
		char *l = i % 2 ? m->wa : m->wb;
		size_t len = strlen(l);

		snprintf(l + len, sizeof(m->wa) - len, "%s%llu", *l ? "," : "",
			 (unsigned long long)(o->id + (uint64_t)i));
	}
}

void movers_run(struct movers *m)
{
	char x;

	for (int i = 0; i < m->o.workers; i++)
		assert_int_equal(write(m->go[i][1], "x", 1), 1);
	for (int i = 0; i < m->o.workers; i++) {
		if (read(m->done[0], &x, 1) != 1)
			fail_msg("a worker died");
		close(m->go[i][1]);
	}
}

void movers_end(struct movers *m)
{
	expect_packet(&m->a, 1, m->wa);
	expect_packet(&m->b, 1, m->wb);
	kill_all(m->w, m->o.workers);
	expect_packet(&m->a, 1, NULL);
	expect_packet(&m->b, 1, NULL);
	close(m->done[0]);
	close(m->done[1]);
	agent_quit(&m->a);
	agent_quit(&m->b);
}
