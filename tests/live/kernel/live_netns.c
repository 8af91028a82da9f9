// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Live tests of the per-network-namespace container ID sets (issue 3):
 * real UDP packets over the loopback of network namespaces, audited by
 * nftables ("log level audit") and iptables-legacy's AUDIT target.  Each
 * NETFILTER_PKT event must carry exactly one "op=netns contid=..." record
 * listing the IDs of the tasks in the packet's namespace, or none.
 *
 * The tasks are agents: forked processes that obey one-line commands
 * over a pipe, so that the test can set their IDs while they are idle and
 * childless, then move them between namespaces.
 */
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "auditnl.h"

struct agent {
	pid_t pid;
	FILE *to, *from;
};

static int lo_up(void)
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

static int send_udp(int port)
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

static void agent_start(struct agent *a)
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
static int agent_cmd(struct agent *a, const char *fmt, ...)
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

static void agent_quit(struct agent *a)
{
	fputs("q\n", a->to);
	fflush(a->to);
	assert_int_equal(reap(a->pid), 0);
	fclose(a->to);
	fclose(a->from);
}

static const char *ns_path(struct agent *a)
{
	static char p[64];

	snprintf(p, sizeof(p), "/proc/%d/ns/net", (int)a->pid);
	return p;
}

#define NFT_RULES \
	"nft add table inet contid && " \
	"nft add chain inet contid out '{ type filter hook output priority 0; }' && " \
	"nft add rule inet contid out udp dport 1000-1999 log level audit"
#define XT_RULES \
	"iptables-legacy -A OUTPUT -p udp --dport 1000:1999 -j AUDIT --type accept"

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
static void expect_packet(struct agent *a, int nrules, const char *want)
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

static void test_netns_sets(void **state)
{
	struct agent t0, t1, t2, t3;
	int c;

	(void)state;
	anl_forget();
	/* Namespace A: t0, without an ID, makes it and sends its packets. */
	agent_start(&t0);
	agent_cmd(&t0, "u");
	agent_cmd(&t0, "x %s && %s", NFT_RULES, XT_RULES);
	expect_packet(&t0, 2, NULL);	/* no task with an ID in A */

	/* t1 and t2 get IDs, then setns into A: both are listed. */
	agent_start(&t1);
	agent_start(&t2);
	assert_int_equal(contid_set(t1.pid, 9501), 0);
	assert_int_equal(contid_set(t2.pid, 9502), 0);
	agent_cmd(&t1, "s %s", ns_path(&t0));
	agent_cmd(&t2, "s %s", ns_path(&t0));
	expect_packet(&t0, 2, "9501,9502");

	/* A child of t1 comes and goes: 9501 stays, t1 still has it. */
	agent_cmd(&t1, "f");
	expect_packet(&t0, 2, "9501,9502");

	/* All of 9502's tasks exit: it is gone. */
	agent_quit(&t2);
	expect_packet(&t0, 2, "9501");

	/* Two tasks share 9501: t1 leaves A by unshare, its child stays. */
	c = agent_cmd(&t1, "F");
	assert_true(c > 0);
	agent_cmd(&t1, "u");
	expect_packet(&t0, 2, "9501");
	/* ... and t1 is counted in its new namespace, nft audited there. */
	agent_cmd(&t1, "x %s", NFT_RULES);
	expect_packet(&t1, 1, "9501");

	/* The last task of 9501 in A exits: A has no ID left. */
	agent_cmd(&t1, "k %d", c);
	expect_packet(&t0, 2, NULL);

	/* setns moves the ID back into A. */
	agent_cmd(&t1, "s %s", ns_path(&t0));
	expect_packet(&t0, 2, "9501");

	/* A container alone in its own namespace: only its ID. */
	agent_start(&t3);
	agent_cmd(&t3, "u");
	agent_cmd(&t3, "x %s", XT_RULES);
	assert_int_equal(contid_set(t3.pid, 9503), 0);
	expect_packet(&t3, 1, "9503");
	expect_packet(&t0, 2, "9501");

	agent_quit(&t3);
	agent_quit(&t1);
	agent_quit(&t0);
}

/* Many tasks share one ID in one namespace; the set has it once. */
static void test_netns_shared_id_counts(void **state)
{
	struct agent t0, t1;
	int kids[20];

	(void)state;
	anl_forget();
	agent_start(&t0);
	agent_cmd(&t0, "u");
	agent_cmd(&t0, "x %s", NFT_RULES);
	agent_start(&t1);
	assert_int_equal(contid_set(t1.pid, 9600), 0);
	agent_cmd(&t1, "s %s", ns_path(&t0));
	for (int i = 0; i < 20; i++)
		kids[i] = agent_cmd(&t1, "F");
	/* t1 leaves A: its 20 children keep 9600 there. */
	agent_cmd(&t1, "s /proc/1/ns/net");
	for (int i = 0; i < 20; i++) {
		expect_packet(&t0, 1, "9600");
		agent_cmd(&t1, "k %d", kids[i]);
	}
	expect_packet(&t0, 1, NULL);
	agent_quit(&t1);
	agent_quit(&t0);
}

/*
 * Issue 6: many tasks with many IDs fork, exit, unshare(CLONE_NEWNET) and
 * setns at once; at the end each namespace's list is exactly the IDs of
 * the tasks in it.  The namespaces made by unshare die on the way (the
 * debug config's kmemleak scan checks that they left nothing behind).
 */
#define RACE_WORKERS 12
#define RACE_ROUNDS 150

static int race_worker(const char *a, const char *b, unsigned int seed, int done_fd,
		       int final_a)
{
	int fa = open(a, O_RDONLY | O_CLOEXEC), fb = open(b, O_RDONLY | O_CLOEXEC);

	if (fa < 0 || fb < 0)
		return 1;
	for (int i = 0; i < RACE_ROUNDS; i++) {
		pid_t c;

		switch (rand_r(&seed) % 5) {
		case 0:	/* a child that exits at once */
			c = fork();
			if (c == 0)
				_exit(0);
			if (c < 0 || waitpid(c, NULL, 0) != c)
				return 2;
			break;
		case 1:	/* a child that moves, then exits */
			c = fork();
			if (c == 0)
				_exit(setns(rand_r(&seed) % 2 ? fa : fb, CLONE_NEWNET) ||
				      unshare(CLONE_NEWNET));
			if (c < 0 || waitpid(c, NULL, 0) != c)
				return 3;
			break;
		case 2:
			if (unshare(CLONE_NEWNET))
				return 4;
			break;
		case 3:
			if (setns(fa, CLONE_NEWNET))
				return 5;
			break;
		default:
			if (setns(fb, CLONE_NEWNET))
				return 6;
			break;
		}
	}
	if (setns(final_a ? fa : fb, CLONE_NEWNET))
		return 7;
	if (write(done_fd, "x", 1) != 1)
		return 8;
	for (;;)
		pause();
}

static void test_netns_race(void **state)
{
	struct agent na, nb;
	pid_t w[RACE_WORKERS];
	int go[RACE_WORKERS][2], done[2];
	char pa[64], pb[64], wa[512] = "", wb[512] = "";
	char x;

	(void)state;
	agent_start(&na);
	agent_cmd(&na, "u");
	agent_cmd(&na, "x %s", NFT_RULES);
	agent_start(&nb);
	agent_cmd(&nb, "u");
	agent_cmd(&nb, "x %s", NFT_RULES);
	snprintf(pa, sizeof(pa), "%s", ns_path(&na));
	snprintf(pb, sizeof(pb), "%s", ns_path(&nb));
	assert_int_equal(pipe2(done, O_CLOEXEC), 0);

	for (int i = 0; i < RACE_WORKERS; i++) {
		assert_int_equal(pipe2(go[i], O_CLOEXEC), 0);
		w[i] = fork();
		assert_true(w[i] >= 0);
		if (w[i] == 0) {
			close(go[i][1]);
			if (read(go[i][0], &x, 1) != 1)
				_exit(9);
			_exit(race_worker(pa, pb, 1000u + (unsigned int)i, done[1], i % 2));
		}
		close(go[i][0]);
		assert_int_equal(contid_set(w[i], 9700 + (uint64_t)i), 0);
	}
	/* Sorted lists: the odd workers end in A, the even ones in B. */
	for (int i = 0; i < RACE_WORKERS; i++) {
		char *l = i % 2 ? wa : wb;

		snprintf(l + strlen(l), 512 - strlen(l), "%s%d", *l ? "," : "", 9700 + i);
	}
	for (int i = 0; i < RACE_WORKERS; i++)
		assert_int_equal(write(go[i][1], "x", 1), 1);
	for (int i = 0; i < RACE_WORKERS; i++) {
		if (read(done[0], &x, 1) != 1)
			fail_msg("a race worker died");
		close(go[i][1]);
	}
	expect_packet(&na, 1, wa);
	expect_packet(&nb, 1, wb);
	print_message("race: %d workers x %d rounds of fork/exit/unshare/setns\n",
		      RACE_WORKERS, RACE_ROUNDS);
	for (int i = 0; i < RACE_WORKERS; i++) {
		assert_int_equal(kill(w[i], SIGKILL), 0);
		assert_int_equal(reap(w[i]), 128 + SIGKILL);
	}
	expect_packet(&na, 1, NULL);
	expect_packet(&nb, 1, NULL);
	close(done[0]);
	close(done[1]);
	agent_quit(&na);
	agent_quit(&nb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_netns_sets),
		cmocka_unit_test(test_netns_shared_id_counts),
		cmocka_unit_test(test_netns_race),
	};

	return cmocka_run_group_tests_name("live_netns", tests, anl_group_setup, anl_group_teardown);
}
