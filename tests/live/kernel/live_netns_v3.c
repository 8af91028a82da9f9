// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Live tests of the per-network-namespace container ID sets, for the
 * defects of the V3 review (issue 12):
 * - bug 1: a fork that fails after copy_namespaces() must not drop the
 *   parent's count (it did: the child's copy of the parent's pointer was
 *   put on the failure path, freeing the entry under the parent);
 * - bug 7: the op=netns list is bounded, 128 IDs and " more=N".
 * The allocation failures (bug 6) are in live_netns_fail, which needs the
 * debug kernel's fault injection.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "auditnl.h"
#include "netns_agent.h"

/*
 * Bug 1: clone3(set_tid = a pid in use) fails with EEXIST in alloc_pid(),
 * after copy_namespaces(); the failure path leaves the namespaces.  The
 * task's ID must stay listed, its later forks and exits must keep the
 * count right (a freed entry shows as a refcount report, or with KASAN
 * as a use-after-free).
 */
static void test_failed_fork_keeps_count(void **state)
{
	struct agent t0, t1, t2;

	(void)state;
	agent_start(&t0);
	agent_cmd(&t0, "u");
	agent_cmd(&t0, "x %s", NFT_RULES);
	agent_start(&t1);
	assert_int_equal(anl_task_set(t1.pid, 9801), 0);
	agent_cmd(&t1, "s %s", ns_path(&t0));
	expect_packet(&t0, 1, "9801");

	/* t1 alone holds 9801 in A: the failed forks must not drop it. */
	agent_cmd(&t1, "c 5");
	expect_packet(&t0, 1, "9801");
	for (int i = 0; i < 5; i++)
		agent_cmd(&t1, "f");
	expect_packet(&t0, 1, "9801");

	/* The same with a second task sharing the ID. */
	agent_start(&t2);
	assert_int_equal(anl_task_set(t2.pid, 9801), 0);
	agent_cmd(&t2, "s %s", ns_path(&t0));
	agent_cmd(&t2, "c 3");
	agent_cmd(&t1, "c 3");
	expect_packet(&t0, 1, "9801");
	agent_quit(&t2);
	expect_packet(&t0, 1, "9801");
	agent_cmd(&t1, "f");
	agent_quit(&t1);
	expect_packet(&t0, 1, NULL);
	agent_quit(&t0);
}

/*
 * Bug 7: a namespace with 300 distinct IDs.  The record lists 128 of
 * them, each one of the 300 and none twice, and ends with " more=172".
 */
#define MANY 300
#define CAP 128

static void check_capped_record(const char *text)
{
	static char seen[MANY];
	const char *p;
	char *end;
	size_t n = 0;

	memset(seen, 0, sizeof(seen));
	if (strncmp(text, "op=netns contid=", 16))
		fail_msg("not an op=netns record: %s", text);
	p = text + 16;
	for (;;) {
		unsigned long long id = strtoull(p, &end, 10);

		if (end == p)
			fail_msg("no ID at offset %zu: %s", (size_t)(p - text), text);
		if (id < 20000 || id >= 20000 + MANY)
			fail_msg("ID %llu is not in the namespace", id);
		if (seen[id - 20000]++)
			fail_msg("ID %llu listed twice", id);
		n++;
		if (*end != ',')
			break;
		p = end + 1;
	}
	if (n != CAP)
		fail_msg("%zu IDs listed, expected %d", n, CAP);
	assert_string_equal(end, " more=172");
}

static void test_netns_list_capped(void **state)
{
	struct agent t0;
	pid_t kids[MANY];
	int ready[2];
	int found = 0;

	(void)state;
	agent_start(&t0);
	agent_cmd(&t0, "u");
	agent_cmd(&t0, "x %s", NFT_RULES);
	assert_int_equal(pipe2(ready, O_CLOEXEC), 0);
	for (int i = 0; i < MANY; i++) {
		kids[i] = park_in_ns(&t0, ready);
		assert_int_equal(anl_task_set(kids[i], 20000 + (uint64_t)i), 0);
		if (i % 50 == 49) {	/* keep the store small */
			assert_int_equal(anl_sync(), 0);
			anl_forget();
		}
	}
	assert_int_equal(anl_sync(), 0);
	anl_forget();
	agent_cmd(&t0, "p 1234");
	assert_int_equal(anl_sync(), 0);
	for (long i = anl_find(0, AUDIT_NETFILTER_PKT, NULL); i >= 0;
	     i = anl_find((size_t)i + 1, AUDIT_NETFILTER_PKT, NULL)) {
		const struct rec *r = anl_rec((size_t)i);
		int aux = 0;

		for (size_t k = 0; k < anl_count(); k++) {
			const struct rec *y = anl_rec(k);

			if (y->serial != r->serial || y->type != AUDIT_CONTAINER_INFO)
				continue;
			aux++;
			check_capped_record(y->text);
		}
		assert_int_equal(aux, 1);
		found++;
	}
	assert_int_equal(found, 1);
	print_message("300 IDs: 128 listed, more=172\n");

	kill_all(kids, MANY);
	close(ready[0]);
	close(ready[1]);
	expect_packet(&t0, 1, NULL);
	agent_quit(&t0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_failed_fork_keeps_count),
		cmocka_unit_test(test_netns_list_capped),
	};

	return cmocka_run_group_tests_name("live_netns_v3", tests, anl_group_setup,
					   anl_group_teardown);
}
