// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Live test of the allocation failures of the per-network-namespace
 * container ID counts (issue 12, bug 6), with the debug kernel's fault
 * injection: failslab, filtered to the tasks that ask for it
 * (/proc/self/make-it-fail) and to the entries' own slab cache, which the
 * debug run marks with "slub_debug=A,audit_contid_net" (tests/live/run.sh).
 *
 * Staged for the debug run only (stage.sh): the normal kernel has no
 * fault injection.  On a kernel without it this program fails, it never
 * skips.
 *
 * 1. Sets with half of the allocations failing: each set either succeeds
 *    or is refused with ENOMEM and changes nothing (the ID reads back
 *    unset, the namespace does not list it); both outcomes must occur.
 * 2. Tasks with IDs fork, clone into new namespaces, unshare and setns
 *    with a third of the allocations failing: a task that could not be
 *    counted is reported by a kernel message (at least one must be seen)
 *    and counted again at its next namespace change; once they stop
 *    failing and move a last time, each namespace lists exactly the IDs
 *    of its tasks, and none once they are gone.  The run's kmemleak scan
 *    and splat check cover the rest.
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
#include <linux/sched.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "auditnl.h"
#include "netns_agent.h"

#define FAILSLAB "/sys/kernel/debug/failslab/"
#define CACHE_MARK "/sys/kernel/slab/audit_contid_net/failslab"
#define RECORD_MARK "/sys/kernel/slab/audit_buffer/failslab"
#define LOST_MSG "no memory to count container ID"

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		fail_msg("open %s: %s (fault injection missing?)", path, strerror(errno));
	n = write(fd, text, strlen(text));
	if (n != (ssize_t)strlen(text))
		fail_msg("write %s to %s: %s", text, path, strerror(errno));
	close(fd);
}

static void self_fail(int on)
{
	int fd = open("/proc/self/make-it-fail", O_WRONLY | O_CLOEXEC);

	if (fd < 0 || write(fd, on ? "1" : "0", 1) != 1)
		_exit(100);
	close(fd);
}

/*
 * The two caches failslab may fail here: the audit container ID entries'
 * and the audit records'.  Their marks are read-only in sysfs since 5.9,
 * so the debug run sets both on the kernel command line
 * (slub_debug=A,audit_contid_net,audit_buffer, which also keeps them from
 * being merged with other caches); with cache-filter on, allocations from
 * the other caches never fail.  The tests check that both are marked.
 */
static void check_marked(const char *path)
{
	char mark[8] = "";
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, mark, sizeof(mark) - 1);

	if (n <= 0)
		fail_msg("%s: %s (no such cache, or no SLUB sysfs)", path, strerror(errno));
	close(fd);
	if (strcmp(mark, "1\n"))
		fail_msg("%s reads '%s', not 1: boot with slub_debug=A,audit_contid_net,audit_buffer",
			 path, mark);
}

static void check_marks(void)
{
	check_marked(CACHE_MARK);
	check_marked(RECORD_MARK);
}

/* failslab on the two caches, for the tasks that ask, at pct %. */
static void injection(int pct)
{
	char buf[32];

	check_marks();
	write_file(FAILSLAB "cache-filter", "Y");
	write_file(FAILSLAB "task-filter", "Y");
	write_file(FAILSLAB "ignore-gfp-wait", "N");
	write_file(FAILSLAB "verbose", "0");
	write_file(FAILSLAB "interval", "1");
	write_file(FAILSLAB "space", "0");
	write_file(FAILSLAB "times", "-1");
	snprintf(buf, sizeof(buf), "%d", pct);
	write_file(FAILSLAB "probability", buf);
}

/* The kernel's messages from here on: an fd on /dev/kmsg at its end. */
static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	assert_true(fd >= 0);
	assert_true(lseek(fd, 0, SEEK_END) >= 0);
	return fd;
}

static int kmsg_count(int fd, const char *text)
{
	char rec[2048];
	int n = 0;

	for (;;) {
		ssize_t r = read(fd, rec, sizeof(rec) - 1);

		if (r < 0 && errno == EPIPE)
			continue;	/* overwritten records */
		if (r <= 0)
			break;
		rec[r] = 0;
		if (strstr(rec, text))
			n++;
	}
	close(fd);
	return n;
}

#define TARGETS 40

static void test_set_enomem_changes_nothing(void **state)
{
	struct agent na;
	pid_t kids[TARGETS], setter;
	int res[TARGETS], ready[2], out[2];
	int ok = 0, nomem = 0;
	char want[1024] = "";

	(void)state;
	agent_start(&na);
	agent_cmd(&na, "u");
	agent_cmd(&na, "x %s", NFT_RULES);
	assert_int_equal(pipe2(ready, O_CLOEXEC), 0);
	for (int i = 0; i < TARGETS; i++)
		kids[i] = park_in_ns(&na, ready);

	injection(50);
	assert_int_equal(pipe2(out, O_CLOEXEC), 0);
	setter = fork();
	assert_true(setter >= 0);
	if (setter == 0) {
		self_fail(1);
		for (int i = 0; i < TARGETS; i++) {
			int rc = anl_task_set(kids[i], 30000 + (uint64_t)i);

			if (write(out[1], &rc, sizeof(rc)) != sizeof(rc))
				_exit(2);
		}
		_exit(0);
	}
	close(out[1]);
	for (int i = 0; i < TARGETS; i++)
		assert_int_equal(read(out[0], &res[i], sizeof(res[i])), sizeof(res[i]));
	close(out[0]);
	assert_int_equal(reap(setter), 0);
	injection(0);

	for (int i = 0; i < TARGETS; i++) {
		uint64_t id = 0;

		assert_int_equal(anl_task_read(kids[i], 0, &id), 0);
		if (res[i] == 0) {
			ok++;
			assert_int_equal(id, 30000 + (uint64_t)i);
			snprintf(want + strlen(want), sizeof(want) - strlen(want), "%s%d",
				 *want ? "," : "", 30000 + i);
		} else if (res[i] == -ENOMEM) {
			nomem++;
			assert_int_equal(id, CID_UNSET);
		} else {
			fail_msg("set %d: %s, expected success or ENOMEM", i, strerror(-res[i]));
		}
	}
	print_message("sets under failslab: %d succeeded, %d refused with ENOMEM\n", ok, nomem);
	assert_true(ok > 0);
	assert_true(nomem > 0);
	expect_packet(&na, 1, want);

	kill_all(kids, TARGETS);
	close(ready[0]);
	close(ready[1]);
	expect_packet(&na, 1, NULL);
	agent_quit(&na);
}

/*
 * The one path that cannot refuse: a task with an ID moving to a new
 * network namespace (unshare), with every allocation from the entries'
 * cache failing for it.  audit_contid_net_prepare()'s allocation fails,
 * then audit_contid_net_sync()'s: the task moves all the same, keeps its
 * ID, and the kernel says so exactly once, naming the ID and the pid.
 * This runs before the random failures below, so that the message's
 * ratelimit (10 in 5 s, per call site) has not been used yet in this boot.
 */
static void test_uncounted_move_said_once(void **state)
{
	int go[2], out[2], kmsg[2], rc = -1;
	char want[128];
	uint64_t id = 0;
	pid_t kid;

	(void)state;
	assert_int_equal(pipe2(go, O_CLOEXEC), 0);
	assert_int_equal(pipe2(out, O_CLOEXEC), 0);
	kid = fork();
	assert_true(kid >= 0);
	if (kid == 0) {
		char c;

		if (read(go[0], &c, 1) != 1)
			_exit(2);
		self_fail(1);
		rc = unshare(CLONE_NEWNET) ? -errno : 0;
		self_fail(0);
		if (write(out[1], &rc, sizeof(rc)) != sizeof(rc))
			_exit(3);
		pause();
		_exit(0);
	}
	close(go[0]);
	close(out[1]);
	assert_int_equal(anl_task_set(kid, 42000), 0);
	/* two fds: a dup would share the read position */
	kmsg[0] = kmsg_open();
	kmsg[1] = kmsg_open();
	injection(100);
	assert_int_equal(write(go[1], "g", 1), 1);
	assert_int_equal(read(out[0], &rc, sizeof(rc)), sizeof(rc));
	injection(0);
	assert_int_equal(rc, 0);
	assert_int_equal(anl_task_read(kid, 0, &id), 0);
	assert_int_equal(id, 42000);
	snprintf(want, sizeof(want), LOST_MSG " 42000 of pid %d in its network namespace",
		 (int)kid);
	assert_int_equal(kmsg_count(kmsg[0], want), 1);
	assert_int_equal(kmsg_count(kmsg[1], LOST_MSG), 1);
	kill_all(&kid, 1);
	close(go[1]);
	close(out[0]);
}

#define WORKERS 8
#define ROUNDS 100

/*
 * The moves of live_netns's race, and clones into new namespaces, with a
 * third of the allocations failing in the workers.
 */
static void test_moves_under_failures(void **state)
{
	static const struct mover_opts o = {
		.workers = WORKERS,
		.rounds = ROUNDS,
		.seed = 2000,
		.id = 9900,
		.clone_newnet = 1,
		.make_it_fail = self_fail,
	};
	struct movers m;
	int kmsg, lost;

	(void)state;
	movers_start(&m, &o);
	kmsg = kmsg_open();
	injection(30);
	movers_run(&m);
	injection(0);
	lost = kmsg_count(kmsg, LOST_MSG);
	print_message("moves under failslab: %d \"" LOST_MSG "\" messages\n", lost);
	assert_true(lost > 0);
	movers_end(&m);
}

/* The audit lost counter (AUDIT_GET). */
static unsigned int lost_count(void)
{
	struct audit_status st;

	assert_true(anl_status(&st) > 0);
	return st.lost;
}

/*
 * One packet in agent a's namespace, with the second allocation from the
 * audit records' cache failing (fail-nth 2): the first is its
 * NETFILTER_PKT record, the second the op=netns record.  Returns what
 * fail-nth counted down to: 0 when a second allocation was made.
 */
static int packet_second_alloc_fails(struct agent *a)
{
	int left = agent_cmd(a, "P 1234 2");

	assert_int_equal(anl_sync(), 0);
	return left;
}

#define IDLE_ROUNDS 5

/*
 * V3.1: a namespace whose IDs are all idle (their tasks gone, the entries
 * kept for a second) costs a packet nothing.  V3 started the op=netns
 * record whenever the namespace's list was not empty, idle entries
 * included, and freed it again for want of an ID to list: an allocation
 * for nothing in softirq, and a lost record counted (a panic under -f 2)
 * when it failed.  With failslab on the records' cache, the second
 * allocation of a packet failing:
 * - with an ID in use, the op=netns record is that allocation: it fails
 *   and the lost count moves by one (the check can see the allocation);
 * - straight after that ID's task left, there is no second allocation,
 *   and the lost count stays.
 * Each round sends its packet within milliseconds of the task's exit, well
 * inside the second an idle entry is kept.
 */
static void test_idle_ids_cost_packets_nothing(void **state)
{
	struct agent na;
	int ready[2];
	unsigned int lost;

	(void)state;
	agent_start(&na);
	agent_cmd(&na, "u");
	agent_cmd(&na, "x %s", NFT_RULES);
	assert_int_equal(pipe2(ready, O_CLOEXEC), 0);
	check_marks();
	write_file(FAILSLAB "cache-filter", "Y");
	write_file(FAILSLAB "task-filter", "N");
	write_file(FAILSLAB "verbose", "0");
	write_file(FAILSLAB "probability", "0");	/* fail-nth only */
	for (int i = 0; i < IDLE_ROUNDS; i++) {
		pid_t kid = park_in_ns(&na, ready);

		assert_int_equal(anl_task_set(kid, 41000 + (uint64_t)i), 0);
		assert_int_equal(anl_sync(), 0);
		anl_forget();
		lost = lost_count();
		assert_int_equal(packet_second_alloc_fails(&na), 0);
		assert_int_equal(lost_count(), lost + 1);
		assert_int_equal(anl_find(0, AUDIT_CONTAINER_INFO, NULL), -1);
		assert_true(anl_find(0, AUDIT_NETFILTER_PKT, NULL) >= 0);

		anl_forget();
		kill_all(&kid, 1);
		lost = lost_count();
		assert_int_equal(packet_second_alloc_fails(&na), 1);
		assert_int_equal(lost_count(), lost);
		assert_int_equal(anl_find(0, AUDIT_CONTAINER_INFO, NULL), -1);
		assert_true(anl_find(0, AUDIT_NETFILTER_PKT, NULL) >= 0);
	}
	close(ready[0]);
	close(ready[1]);
	agent_quit(&na);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_enomem_changes_nothing),
		cmocka_unit_test(test_uncounted_move_said_once),
		cmocka_unit_test(test_moves_under_failures),
		cmocka_unit_test(test_idle_ids_cost_packets_nothing),
	};

	return cmocka_run_group_tests_name("live_netns_fail", tests, anl_group_setup,
					   anl_group_teardown);
}
