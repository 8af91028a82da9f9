/* Helpers for the live tests. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "live-common.h"

struct contid_handle *live_open_daemon(void)
{
	struct contid_handle *h;
	int err;

	err = contid_handle_open(&h, 0);
	if (err < 0)
		fail_msg("contid_handle_open: %s", contid_strerror(err));
	err = contid_handle_register(h);
	if (err == -EEXIST)
		fail_msg("another audit daemon (auditd?) holds the audit socket: "
			 "stop it to run the live tests");
	if (err < 0)
		fail_msg("register as audit daemon: %s", contid_strerror(err));
	contid_handle_set_timeout(h, 200);
	return h;
}

void live_close_daemon(struct contid_handle *h)
{
	if (!h)
		return;
	contid_handle_set_timeout(h, 2000);
	contid_handle_unregister(h);
	contid_handle_close(h);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

struct contid_event *live_wait_event(struct contid_handle *h,
				     live_match_fn match, void *data,
				     int timeout_ms)
{
	struct contid_reader *rd;
	struct contid_event *ev, *found = NULL;
	uint64_t deadline = now_ms() + (uint64_t)timeout_ms;
	int n, i;

	assert_int_equal(contid_reader_new(&rd, 256, 500), 0);
	while (!found) {
		bool timed_out = now_ms() >= deadline;

		n = contid_reader_read_netlink(rd, h);
		if (n < 0)
			fail_msg("contid_reader_read_netlink: %s", contid_strerror(n));
		if (n == 0 || timed_out)
			contid_reader_flush(rd);
		while (!found && contid_reader_next(rd, &ev) == 1) {
			for (i = 0; i < contid_event_record_count(ev); i++) {
				if (match(ev, contid_event_record(ev, (unsigned int)i), data)) {
					found = ev;
					break;
				}
			}
			if (found != ev)
				contid_event_free(ev);
		}
		if (timed_out)
			break;
	}
	contid_reader_free(rd);
	return found;
}

pid_t live_fork_held(int *release_fd, void (*fn)(void *), void *arg)
{
	int p[2];
	pid_t pid;
	char c;

	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(0);	/* released by close: just exit */
		if (fn)
			fn(arg);
		_exit(0);
	}
	close(p[0]);
	*release_fd = p[1];
	return pid;
}

void live_release(int fd)
{
	assert_int_equal(write(fd, "g", 1), 1);
	close(fd);
}

int live_wait_exit(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + WTERMSIG(st);
}

bool live_field_is(const struct contid_record *rec, const char *name,
		   const char *value)
{
	const char *v = contid_record_find(rec, name);

	return v && !strcmp(v, value);
}

bool live_field_is_u64(const struct contid_record *rec, const char *name,
		       uint64_t value)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, value);
	return live_field_is(rec, name, buf);
}

void live_drain(struct contid_handle *h)
{
	struct contid_reader *rd;
	struct contid_event *ev;
	int old = contid_handle_get_timeout(h);

	contid_handle_set_timeout(h, 50);
	assert_int_equal(contid_reader_new(&rd, 0, 0), 0);
	while (contid_reader_read_netlink(rd, h) > 0)
		;
	contid_reader_flush(rd);
	while (contid_reader_next(rd, &ev) == 1)
		contid_event_free(ev);
	contid_reader_free(rd);
	contid_handle_set_timeout(h, old);
}

void live_mkdir(const char *path)
{
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		fail_msg("mkdir %s: %s", path, strerror(errno));
}
