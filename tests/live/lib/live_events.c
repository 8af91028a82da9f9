/* Live: an openat by a task with an ID, caught by a contid rule, arrives as
 * an event with CONTAINER_INFO op=task contid=N; the reader's filter. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "live-common.h"

#define ID 123459
#define KEY "tmpcontainerid"

static void open_file(void *arg)
{
	int fd = open(arg, O_WRONLY | O_CREAT, 0600);

	if (fd >= 0)
		close(fd);
}

static bool is_keyed_syscall(const struct contid_event *ev,
			     const struct contid_record *rec, void *data)
{
	(void)ev;
	(void)data;
	return contid_record_type(rec) == 1300 && live_field_is(rec, "key", KEY);
}

static struct contid_rule *add_rule(struct contid_handle *h)
{
	struct contid_rule *r;
	int err;

	assert_int_equal(contid_rule_parse(&r, "-a always,exit -F arch=b64 -S openat "
					   "-F contid=123459 -k " KEY), 0);
	err = contid_rule_add(h, r);
	if (err < 0)
		fail_msg("add rule: %s", contid_strerror(err));
	return r;
}

static void test_openat_event_has_contid(void **state)
{
	struct contid_handle *d = live_open_daemon();
	struct contid_handle *c;
	struct contid_rule *r;
	struct contid_event *ev;
	const struct contid_record *rec;
	char path[] = "/tmp/contid-live-events";
	int fd, i, info = 0;
	pid_t child;

	(void)state;
	live_mkdir("/tmp");
	assert_int_equal(live_handle_open(&c, 0), 0);
	r = add_rule(c);
	live_drain(d);

	child = live_fork_held(&fd, open_file, path);
	assert_int_equal(contid_task_set(child, ID), 0);
	live_release(fd);
	assert_int_equal(live_wait_exit(child), 0);

	ev = live_wait_event(d, is_keyed_syscall, NULL);
	if (!ev)
		fail_msg("no SYSCALL record with key=%s", KEY);
	assert_int_equal(contid_event_has_contid(ev, ID), 1);
	assert_int_equal(contid_event_contid_count(ev), 1);
	for (i = 0; i < contid_event_record_count(ev); i++) {
		rec = contid_event_record(ev, (unsigned int)i);
		if (contid_record_type(rec) == CONTID_MSG_CONTAINER_INFO) {
			assert_true(live_field_is(rec, "op", "task"));
			assert_true(live_field_is_u64(rec, "contid", ID));
			info++;
		}
		if (contid_record_type(rec) == 1300) {
			assert_true(live_field_is_u64(rec, "pid", (uint64_t)child));
			assert_true(live_field_is(rec, "syscall", "257"));
		}
	}
	assert_int_equal(info, 1);
	assert_int_equal(contid_event_end(ev), CONTID_EVENT_EOE);
	contid_event_free(ev);

	/* a task without the ID is not caught by the rule */
	child = live_fork_held(&fd, open_file, path);
	live_release(fd);
	assert_int_equal(live_wait_exit(child), 0);
	/* None before a marker sent after the child was reaped: its
	 * syscall's records were queued before the marker's. */
	assert_int_equal(live_count_until_marker(d, is_keyed_syscall, NULL), 0);

	assert_int_equal(contid_rule_delete(c, r), 0);
	contid_rule_free(r);
	contid_handle_close(c);
	live_close_daemon(d);
	unlink(path);
}

static void test_filter_and_stats(void **state)
{
	struct contid_handle *d = live_open_daemon();
	struct contid_reader *rd;
	struct contid_event *ev;
	struct contid_reader_stats st;
	uint64_t want = 777001;
	int fd, tries, got = 0;
	pid_t a, b;

	(void)state;
	live_drain(d);
	assert_int_equal(contid_reader_new(&rd, 0, 0), 0);
	assert_int_equal(contid_reader_set_filter(rd, &want, 1), 0);
	a = live_fork_held(&fd, NULL, NULL);
	assert_int_equal(contid_task_set(a, 777000), 0);
	live_release(fd);
	b = live_fork_held(&fd, NULL, NULL);
	assert_int_equal(contid_task_set(b, 777001), 0);
	live_release(fd);
	live_wait_exit(a);
	live_wait_exit(b);
	for (tries = 0; tries < 25 && !got; tries++) {
		if (contid_reader_read_netlink(rd, d) == 0)
			contid_reader_flush(rd);
		while (contid_reader_next(rd, &ev) == 1) {
			/* only the event of 777001 passes the filter */
			assert_int_equal(contid_event_has_contid(ev, 777001), 1);
			assert_int_equal(contid_event_has_contid(ev, 777000), 0);
			got++;
			contid_event_free(ev);
		}
	}
	assert_int_equal(got, 1);
	contid_reader_get_stats(rd, &st);
	assert_true(st.filtered >= 1);
	contid_reader_free(rd);
	live_close_daemon(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_openat_event_has_contid),
		cmocka_unit_test(test_filter_and_stats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
