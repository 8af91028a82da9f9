/* Live: AUDIT_SIGNAL_INFO2 names the container ID of the task that last
 * signalled the audit daemon. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "live-common.h"
#include "livewait.h"

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void signal_parent(void *arg)
{
	(void)arg;
	kill(getppid(), SIGUSR1);
}

/*
 * The child's SIGUSR1 reached the test (it is pending, then handled, by
 * the time the child is reaped; the wait only guards that).
 */
static void wait_usr1(void)
{
	struct lw_wait w;

	lw_begin(&w, "SIGUSR1 from the child");
	while (!got_usr1) {
		if (!lw_going(&w, 0))
			break;
		lw_sleep_ms(10);
	}
	assert_int_equal(got_usr1, 1);
}

static void test_signal_info2(void **state)
{
	static struct contid_siginfo si;
	struct contid_handle *h = live_open_daemon();
	struct sigaction sa;
	pid_t child;
	int fd;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	assert_int_equal(sigaction(SIGUSR1, &sa, NULL), 0);

	child = live_fork_held(&fd, signal_parent, NULL);
	assert_int_equal(contid_task_set(child, 8675309), 0);
	live_release(fd);
	assert_int_equal(live_wait_exit(child), 0);
	wait_usr1();

	assert_int_equal(contid_siginfo_get(h, &si), 0);
	assert_int_equal(si.version, 2);
	assert_int_equal(si.contid_known, 1);
	assert_int_equal(si.pid, (uint32_t)child);
	assert_int_equal(si.contid, 8675309);
	assert_int_equal(si.uid, 0);	/* no loginuid in the guest: the uid */
	assert_true(si.ctx_len <= CONTID_MAX_MESSAGE_LENGTH);
	assert_int_equal(strlen(si.ctx), si.ctx_len);
	live_close_daemon(h);
}

static void test_signal_from_task_without_id(void **state)
{
	static struct contid_siginfo si;
	struct contid_handle *h = live_open_daemon();
	pid_t child;
	int fd;

	(void)state;
	got_usr1 = 0;
	child = live_fork_held(&fd, signal_parent, NULL);
	live_release(fd);
	assert_int_equal(live_wait_exit(child), 0);
	wait_usr1();
	assert_int_equal(contid_siginfo_get(h, &si), 0);
	assert_int_equal(si.pid, (uint32_t)child);
	assert_true(si.contid == CONTID_UNSET);
	live_close_daemon(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signal_info2),
		cmocka_unit_test(test_signal_from_task_without_id),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
