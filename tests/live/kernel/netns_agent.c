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

