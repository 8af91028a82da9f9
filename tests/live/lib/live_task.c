/* Live: contid_task_set/get against the kernel, each refusal of the table,
 * and the AUDIT_CONTAINER record of every attempt. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "live-common.h"

struct set_match {
	pid_t target;
	uint64_t old_id;
	uint64_t id;
	int res;
};

/* op=set pid=<us> ... opid=<target> old-contid=.. contid=.. res=.. */
static bool is_set_record(const struct contid_event *ev,
			  const struct contid_record *rec, void *data)
{
	struct set_match *m = data;

	(void)ev;
	return contid_record_type(rec) == CONTID_MSG_CONTAINER &&
	       live_field_is(rec, "op", "set") &&
	       live_field_is_u64(rec, "pid", (uint64_t)getpid()) &&
	       live_field_is_u64(rec, "opid", (uint64_t)m->target) &&
	       live_field_is_u64(rec, "old-contid", m->old_id) &&
	       live_field_is_u64(rec, "contid", m->id) &&
	       live_field_is_u64(rec, "res", (uint64_t)m->res);
}

static void expect_set_record(struct contid_handle *h, pid_t target,
			      uint64_t old_id, uint64_t id, int res)
{
	struct set_match m = { target, old_id, id, res };
	struct contid_event *ev = live_wait_event(h, is_set_record, &m);
	const struct contid_record *rec;
	int i, n;

	if (!ev)
		fail_msg("no CONTAINER record op=set opid=%d old-contid=%llu "
			 "contid=%llu res=%d", (int)target,
			 (unsigned long long)old_id, (unsigned long long)id, res);
	/* every documented field is there, in the documented order */
	for (i = 0; i < contid_event_record_count(ev); i++) {
		static const char *const order[] = {
			"op", "pid", "uid", "auid", "tty", "ses", "opid",
			"old-contid", "contid", "res",
		};
		const char *name;
		size_t k = 0;
		int j;

		rec = contid_event_record(ev, (unsigned int)i);
		if (contid_record_type(rec) != CONTID_MSG_CONTAINER)
			continue;
		n = contid_record_field_count(rec);
		for (j = 0; j < n && k < sizeof(order) / sizeof(order[0]); j++) {
			contid_record_field(rec, (unsigned int)j, &name, NULL, NULL);
			if (!strcmp(name, "subj"))
				continue;
			assert_string_equal(name, order[k]);
			k++;
		}
		assert_int_equal(k, sizeof(order) / sizeof(order[0]));
	}
	contid_event_free(ev);
}

static void test_set_get_and_record(void **state)
{
	struct contid_handle *h = live_open_daemon();
	uint64_t id = 0;
	int fd;
	pid_t child = live_fork_held(&fd, NULL, NULL);

	(void)state;
	live_drain(h);
	assert_int_equal(contid_task_get(child, &id), 0);
	assert_true(id == CONTID_UNSET);
	assert_int_equal(contid_task_set(child, 123456), 0);
	assert_int_equal(contid_task_get(child, &id), 0);
	assert_int_equal(id, 123456);
	assert_int_equal(contid_task_get_tid(child, child, &id), 0);
	assert_int_equal(id, 123456);
	expect_set_record(h, child, CONTID_UNSET, 123456, 1);

	/* already set, to a different value than the parent's: EEXIST */
	assert_int_equal(contid_task_set(child, 123457), -EEXIST);
	assert_int_equal(contid_task_get(child, &id), 0);
	assert_int_equal(id, 123456);
	expect_set_record(h, child, 123456, 123457, 0);

	/* the unset value never reaches the kernel */
	assert_int_equal(contid_task_set(child, CONTID_UNSET), -CONTID_E_UNSET);

	live_release(fd);
	assert_int_equal(live_wait_exit(child), 0);
	live_close_daemon(h);
}

static void test_self_is_eperm(void **state)
{
	struct contid_handle *h = live_open_daemon();

	(void)state;
	live_drain(h);
	assert_int_equal(contid_task_set(getpid(), 5), -EPERM);
	assert_string_equal(contid_task_strerror(-EPERM),
		"Permission denied: the caller or the opener lacks CAP_AUDIT_CONTROL, or the target is the caller or a kernel thread");
	/* the refusal got as far as the policy checks: logged with res=0 */
	expect_set_record(h, getpid(), CONTID_UNSET, 5, 0);
	live_close_daemon(h);
}

static void test_set_through_task_dir(void **state)
{
	uint64_t id = 0;
	int fd;
	pid_t child = live_fork_held(&fd, NULL, NULL);

	(void)state;
	/* /proc/PID/task/TID/containerid of the (only) thread */
	assert_int_equal(contid_task_set_tid(child, child, 777), 0);
	assert_int_equal(contid_task_get(child, &id), 0);
	assert_int_equal(id, 777);
	assert_int_equal(contid_task_get_tid(child, child, &id), 0);
	assert_int_equal(id, 777);
	assert_int_equal(contid_task_set_tid(child, child + 1000000, 1), -ESRCH);
	live_release(fd);
	assert_int_equal(live_wait_exit(child), 0);
}

static void test_no_such_task(void **state)
{
	pid_t pid = fork();
	uint64_t id;

	(void)state;
	if (pid == 0)
		_exit(0);
	assert_int_equal(live_wait_exit(pid), 0);
	/* reaped: gone */
	assert_int_equal(contid_task_set(pid, 5), -ESRCH);
	assert_int_equal(contid_task_get(pid, &id), -ESRCH);
}

static void make_grandchild(void *arg)
{
	int *fds = arg;
	pid_t gc = fork();

	if (gc == 0) {
		pause();
		_exit(0);
	}
	if (write(fds[1], &gc, sizeof(gc)) != sizeof(gc))
		_exit(1);
	/* wait for the parent's verdict, then clean up */
	{
		char c;

		if (read(fds[2], &c, 1) < 0)
			_exit(1);
	}
	kill(gc, SIGKILL);
	waitpid(gc, NULL, 0);
}

static void test_children_is_ebusy_and_inherit(void **state)
{
	int p1[2], p2[2], fds[3], fd;
	pid_t child, gc = 0;
	uint64_t id;

	(void)state;
	assert_int_equal(pipe(p1), 0);
	assert_int_equal(pipe(p2), 0);
	fds[0] = 0;
	fds[1] = p1[1];
	fds[2] = p2[0];
	child = live_fork_held(&fd, make_grandchild, fds);
	/* give the child its ID first: the grandchild inherits it */
	assert_int_equal(contid_task_set(child, 4242), 0);
	live_release(fd);
	assert_int_equal(read(p1[0], &gc, sizeof(gc)), sizeof(gc));
	assert_int_equal(contid_task_get(gc, &id), 0);
	assert_int_equal(id, 4242);
	/* the child now has a child: EBUSY (checked before EEXIST) */
	assert_int_equal(contid_task_set(child, 4242), -EBUSY);
	assert_string_equal(contid_task_strerror(-EBUSY),
			    "Task busy: it has children or threads");
	assert_int_equal(write(p2[1], "x", 1), 1);
	assert_int_equal(live_wait_exit(child), 0);
	close(p1[0]);
	close(p1[1]);
	close(p2[0]);
	close(p2[1]);
}

static void *idle_thread(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

static void make_thread(void *arg)
{
	int *fds = arg;
	pthread_t t;
	char c;

	if (pthread_create(&t, NULL, idle_thread, NULL) != 0)
		_exit(1);
	if (write(fds[1], "t", 1) != 1)
		_exit(1);
	if (read(fds[2], &c, 1) < 0)
		_exit(1);
	_exit(0);
}

static void test_threads_is_ebusy(void **state)
{
	int p1[2], p2[2], fds[3], fd;
	pid_t child;
	char c;

	(void)state;
	assert_int_equal(pipe(p1), 0);
	assert_int_equal(pipe(p2), 0);
	fds[1] = p1[1];
	fds[2] = p2[0];
	child = live_fork_held(&fd, make_thread, fds);
	live_release(fd);
	assert_int_equal(read(p1[0], &c, 1), 1);
	assert_int_equal(contid_task_set(child, 99), -EBUSY);
	assert_int_equal(write(p2[1], "x", 1), 1);
	assert_int_equal(live_wait_exit(child), 0);
	close(p1[0]);
	close(p1[1]);
	close(p2[0]);
	close(p2[1]);
}

/*
 * As uid 1000 without capabilities: the kernel refuses to read the ID of
 * the user's own child (EPERM on read) and the file's mode the open of
 * root's init (EACCES); both are -CONTID_E_READPERM.
 */
static int unprivileged_reads(void)
{
	uint64_t id = 7;
	int p[2];
	pid_t c;
	char ch;
	int rc = 0;

	if (setresuid(1000, 1000, 1000) || prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		return 10;
	if (pipe(p))
		return 11;
	c = fork();
	if (c == 0) {
		close(p[1]);
		if (read(p[0], &ch, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(p[0]);
	if (contid_task_get(c, &id) != -CONTID_E_READPERM)
		rc = 12;
	else if (contid_task_get_tid(c, c, &id) != -CONTID_E_READPERM)
		rc = 13;
	else if (contid_task_get(1, &id) != -CONTID_E_READPERM)
		rc = 14;
	else if (id != 7)
		rc = 15;
	close(p[1]);
	waitpid(c, NULL, 0);
	return rc;
}

static void test_read_needs_capability(void **state)
{
	pid_t u;
	int st;

	(void)state;
	u = fork();
	assert_true(u >= 0);
	if (u == 0)
		_exit(unprivileged_reads());
	assert_int_equal(waitpid(u, &st, 0), u);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_string_equal(contid_task_strerror(-CONTID_E_READPERM),
		"Permission denied: reading a container ID takes CAP_AUDIT_CONTROL");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_get_and_record),
		cmocka_unit_test(test_self_is_eperm),
		cmocka_unit_test(test_set_through_task_dir),
		cmocka_unit_test(test_no_such_task),
		cmocka_unit_test(test_children_is_ebusy_and_inherit),
		cmocka_unit_test(test_threads_is_ebusy),
		cmocka_unit_test(test_read_needs_capability),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
