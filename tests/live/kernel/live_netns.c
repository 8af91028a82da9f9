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
#include "netns_agent.h"

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
	assert_int_equal(anl_task_set(t1.pid, 9501), 0);
	assert_int_equal(anl_task_set(t2.pid, 9502), 0);
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
	assert_int_equal(anl_task_set(t3.pid, 9503), 0);
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
	assert_int_equal(anl_task_set(t1.pid, 9600), 0);
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
		assert_int_equal(anl_task_set(w[i], 9700 + (uint64_t)i), 0);
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
