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

static void test_netns_race(void **state)
{
	static const struct mover_opts o = {
		.workers = RACE_WORKERS,
		.rounds = RACE_ROUNDS,
		.seed = 1000,
		.id = 9700,
	};
	struct movers m;

	(void)state;
	movers_start(&m, &o);
	movers_run(&m);
	print_message("race: %d workers x %d rounds of fork/exit/unshare/setns\n",
		      RACE_WORKERS, RACE_ROUNDS);
	movers_end(&m);
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
