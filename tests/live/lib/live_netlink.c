/* Live: handles against the kernel; two handles in two threads. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
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

static void test_open_close(void **state)
{
	struct contid_handle *h, *m;
	struct contid_handle_stats hs;

	(void)state;
	assert_int_equal(live_handle_open(&h, 0), 0);
	assert_true(contid_handle_fd(h) >= 0);
	assert_int_equal(live_handle_open(&m, CONTID_OPEN_READLOG), 0);
	assert_int_equal(contid_handle_open(&m, 0x80), -EINVAL);
	assert_int_equal(contid_handle_get_stats(h, &hs), 0);
	assert_int_equal(hs.stale, 0);
	contid_handle_close(h);
	contid_handle_close(m);
}

static void *worker(void *arg)
{
	struct contid_handle *h;
	struct contid_status st;
	struct contid_handle_stats hs;
	int i, err;

	(void)arg;
	if (live_handle_open(&h, 0) < 0)
		return (void *)1;
	for (i = 0; i < 300; i++) {
		err = contid_status_get(h, &st);
		if (err < 0 || st.enabled != 1)
			break;
	}
	contid_handle_get_stats(h, &hs);
	contid_handle_close(h);
	/* no reply of the other handle ever reached this one */
	return (void *)(intptr_t)(i != 300 || hs.stale || hs.foreign);
}

static void test_two_threads(void **state)
{
	pthread_t a, b;
	void *ra, *rb;

	(void)state;
	assert_int_equal(pthread_create(&a, NULL, worker, NULL), 0);
	assert_int_equal(pthread_create(&b, NULL, worker, NULL), 0);
	assert_int_equal(pthread_join(a, &ra), 0);
	assert_int_equal(pthread_join(b, &rb), 0);
	assert_null(ra);
	assert_null(rb);
}

static void test_kernel_errno(void **state)
{
	struct contid_handle *d = live_open_daemon();
	struct contid_handle *h;

	(void)state;
	assert_int_equal(live_handle_open(&h, 0), 0);
	/* refused locally */
	assert_int_equal(contid_status_set_enabled(h, 3), -EINVAL);
	/* refused by the kernel, with the errno of its NLMSG_ERROR:
	 * a healthy daemon is registered, and a pid that is not ours */
	assert_int_equal(contid_handle_register(h), -EEXIST);
	assert_int_equal(contid_status_set_pid(h, (uint32_t)getpid() + 100000), -EINVAL);
	contid_handle_close(h);
	live_close_daemon(d);
}

static void test_multicast_gets_records(void **state)
{
	struct contid_handle *m;
	struct contid_reader *rd;
	struct contid_event *ev;
	int fd, got = 0, n;
	unsigned long long received = 0;
	struct lw_wait w;
	pid_t child;

	(void)state;
	assert_int_equal(live_handle_open(&m, CONTID_OPEN_READLOG), 0);
	/* Reads wait a turn each; the loop waits on progress (livewait.h). */
	contid_handle_set_timeout(m, 100);
	child = live_fork_held(&fd, NULL, NULL);
	assert_int_equal(contid_task_set(child, 31337), 0);
	assert_int_equal(contid_reader_new(&rd, 0, 0), 0);
	assert_int_equal(contid_reader_set_filter(rd, (uint64_t[]){ 31337 }, 1), 0);
	lw_begin(&w, "a record with contid 31337 on the READLOG multicast socket");
	while (!got) {
		n = contid_reader_read_netlink(rd, m);
		assert_true(n >= 0);
		received += (unsigned long long)n;
		if (n == 0)
			contid_reader_flush(rd);
		while (contid_reader_next(rd, &ev) == 1) {
			got = 1;
			contid_event_free(ev);
		}
		if (!got && !lw_going_audit(&w, received))
			break;
	}
	assert_int_equal(got, 1);
	live_release(fd);
	live_wait_exit(child);
	contid_reader_free(rd);
	contid_handle_close(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_close),
		cmocka_unit_test(test_two_threads),
		cmocka_unit_test(test_kernel_errno),
		cmocka_unit_test(test_multicast_gets_records),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
