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
#include <linux/audit.h>
#include <cmocka.h>

#include "live-common.h"
#include "livewait.h"

/* A record read's wait: the turn of the wait loops here, not a limit. */
#define READ_TURN_MS 100

int live_handle_open(struct contid_handle **hp, unsigned int flags)
{
	int err = contid_handle_open(hp, flags);

	if (err == 0)
		assert_int_equal(contid_handle_set_timeout(*hp, (int)lw_bound_ms()), 0);
	return err;
}

struct contid_handle *live_open_daemon(void)
{
	struct contid_handle *h;
	int err;

	err = live_handle_open(&h, 0);
	if (err < 0)
		fail_msg("contid_handle_open: %s", contid_strerror(err));
	err = contid_handle_register(h);
	if (err == -EEXIST)
		fail_msg("another audit daemon (auditd?) holds the audit socket: "
			 "stop it to run the live tests");
	if (err < 0)
		fail_msg("register as audit daemon: %s", contid_strerror(err));
	return h;
}

void live_close_daemon(struct contid_handle *h)
{
	if (!h)
		return;
	contid_handle_unregister(h);
	contid_handle_close(h);
}

/* Whether a record of ev matches. */
static bool event_matches(struct contid_event *ev, live_match_fn match, void *data)
{
	for (int i = 0; i < contid_event_record_count(ev); i++)
		if (match(ev, contid_event_record(ev, (unsigned int)i), data))
			return true;
	return false;
}

/*
 * Read events from h until stop accepts one (returned, for the caller to
 * free), counting in *counted those that count accepts (when given).
 * what names the wait for its message.  NULL when the wait gave up.
 */
static struct contid_event *read_until(struct contid_handle *h, live_match_fn stop,
				       void *stop_data, live_match_fn count, void *count_data,
				       int *counted, const char *what)
{
	struct contid_reader *rd;
	struct contid_event *ev, *found = NULL;
	unsigned long long received = 0;
	int old = contid_handle_get_timeout(h);
	struct lw_wait w;
	int n;

	/*
	 * The reader's own wall-clock completion of idle events is set to
	 * the bound: events complete on their EOE, on a later stamp, or when
	 * flushed below, never because the kernel was slow.
	 */
	assert_int_equal(contid_reader_new(&rd, 256, (unsigned int)lw_bound_ms()), 0);
	contid_handle_set_timeout(h, READ_TURN_MS);
	lw_begin(&w, "%s", what);
	while (!found) {
		n = contid_reader_read_netlink(rd, h);
		if (n < 0)
			fail_msg("contid_reader_read_netlink: %s", contid_strerror(n));
		received += (unsigned long long)n;
		/*
		 * Idle, and the kernel holds nothing more: every event is
		 * whole.  A backlog that cannot be read (-errno) flushes too,
		 * as idleness alone did before.
		 */
		if (n == 0 && lw_audit_backlog() <= 0)
			contid_reader_flush(rd);
		while (!found && contid_reader_next(rd, &ev) == 1) {
			if (event_matches(ev, stop, stop_data))
				found = ev;
			else if (count && event_matches(ev, count, count_data))
				(*counted)++;
			if (found != ev)
				contid_event_free(ev);
		}
		if (!found && !lw_going_audit(&w, received))
			break;
	}
	contid_handle_set_timeout(h, old);
	contid_reader_free(rd);
	return found;
}

struct contid_event *live_wait_event(struct contid_handle *h,
				     live_match_fn match, void *data)
{
	return read_until(h, match, data, NULL, NULL, NULL,
			  "live_wait_event: a record the test's predicate accepts");
}

static bool is_marker(const struct contid_event *ev, const struct contid_record *rec,
		      void *data)
{
	const char *text = contid_record_text(rec);

	(void)ev;
	return contid_record_type(rec) == AUDIT_USER && text &&
	       strstr(text, data) != NULL;
}

int live_count_until_marker(struct contid_handle *h, live_match_fn match, void *data)
{
	static unsigned int seq;
	char text[64], quoted[80], what[128];
	struct contid_event *ev;
	int counted = 0, err;

	snprintf(text, sizeof(text), "contid-live-marker-%d-%u", (int)getpid(), ++seq);
	snprintf(quoted, sizeof(quoted), "msg='%s'", text);
	err = lw_audit_user(text);
	if (err < 0)
		fail_msg("sending the marker %s: %s", text, strerror(-err));
	snprintf(what, sizeof(what), "the AUDIT_USER record of the marker %s", text);
	ev = read_until(h, is_marker, quoted, match, data, &counted, what);
	if (!ev)
		fail_msg("the marker %s never arrived", text);
	contid_event_free(ev);
	return counted;
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
	live_count_until_marker(h, NULL, NULL);
}

void live_mkdir(const char *path)
{
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		fail_msg("mkdir %s: %s", path, strerror(errno));
}
