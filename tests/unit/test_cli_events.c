/*
 * contidctl events and features against the fake kernel: src/ is linked in with
 * contid_handle_open() wrapped (-Wl,--wrap) to hand out fake handles, one
 * fake kernel for control handles (AUDIT_GET) and one for the multicast
 * log handle.  stdout and stderr are compared exactly.
 */
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

#include "fake-kernel.h"

/* From src/contidctl.h, whose fail() clashes with cmocka's. */
extern bool opt_json;

/* src/contidctl.c is compiled with -Dmain=contidctl_main. */
#undef main
int contidctl_main(int argc, char **argv);

int __real_contid_handle_open(struct contid_handle **hp, unsigned int flags);
int __wrap_contid_handle_open(struct contid_handle **hp, unsigned int flags);

static struct fake_kernel fk_ctl, fk_log;
static unsigned int opens_ctl, opens_log;
static uint32_t status_enabled;
static uint32_t status_features;	/* the feature bitmap AUDIT_GET gives */
static int status_err;		/* != 0: AUDIT_GET is refused with this */
static const char *log_text;	/* an AUDIT_USER record on the log socket */

static void on_ctl_send(struct fake_kernel *fk, const struct nlmsghdr *req);

int __wrap_contid_handle_open(struct contid_handle **hp, unsigned int flags)
{
	/* fk_open() clears the fake: script it afterwards. */
	if (flags & CONTID_OPEN_READLOG) {
		opens_log++;
		*hp = fk_open(&fk_log);
		if (log_text)
			fk_push_msg(&fk_log, AUDIT_USER, 0, 0, log_text,
				    strlen(log_text), 0);
	} else {
		opens_ctl++;
		*hp = fk_open(&fk_ctl);
		fk_ctl.on_send = on_ctl_send;
	}
	return *hp ? 0 : -ENOMEM;
}

static void on_ctl_send(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	/* mask enabled failure pid rate_limit backlog_limit lost backlog
	 * feature_bitmap backlog_wait_time backlog_wait_time_actual */
	uint32_t s[11] = { 0, status_enabled, 1, 0, 0, 64, 0, 0, status_features, 0, 0 };

	if (req->nlmsg_type != AUDIT_GET) {
		fk_push_ack(fk, req->nlmsg_seq, 0);
		return;
	}
	if (status_err) {
		fk_push_ack(fk, req->nlmsg_seq, status_err);
		return;
	}
	fk_push_msg(fk, AUDIT_GET, 0, req->nlmsg_seq, s, sizeof(s), 0);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static char out[8192], err[8192];

static void read_all(FILE *f, char *buf, size_t size)
{
	size_t n;

	fflush(f);
	rewind(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
}

/* Run "contidctl ARGS..." with stdout and stderr captured; returns the
 * exit status (usage errors exit: not used here). */
static int run(int argc, char **argv)
{
	FILE *fo = tmpfile(), *fe = tmpfile();
	int so = dup(1), se = dup(2), rc;

	assert_non_null(fo);
	assert_non_null(fe);
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(fo), 1);
	dup2(fileno(fe), 2);
	optind = 0;
	opt_json = false;
	rc = contidctl_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	read_all(fo, out, sizeof(out));
	read_all(fe, err, sizeof(err));
	fclose(fo);
	fclose(fe);
	return rc;
}

static int setup(void **state)
{
	(void)state;
	memset(&fk_ctl, 0, sizeof(fk_ctl));
	memset(&fk_log, 0, sizeof(fk_log));
	log_text = NULL;
	opens_ctl = opens_log = 0;
	status_enabled = 1;
	status_features = 0xff;
	status_err = 0;
	/* A hang (waiting for records that never come) fails the test. */
	alarm(10);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	alarm(0);
	fk_free(&fk_ctl);
	fk_free(&fk_log);
	return 0;
}

static void test_disabled_says_so(void **state)
{
	char *argv[] = { "contidctl", "events", NULL };

	(void)state;
	status_enabled = 0;
	assert_int_equal(run(2, argv), 1);
	assert_string_equal(out, "");
	assert_string_equal(err,
		"contidctl: events: auditing is disabled (audit status enabled=0): "
		"the kernel sends no records; enable it with \"auditctl -e 1\"\n");
	/* nothing was subscribed to */
	assert_int_equal(opens_log, 0);
	assert_int_equal(fk_ctl.sent_types[0], AUDIT_GET);
}

static void test_disabled_daemon_says_so(void **state)
{
	char *argv[] = { "contidctl", "events", "--daemon", NULL };
	unsigned int i;

	(void)state;
	status_enabled = 0;
	assert_int_equal(run(3, argv), 1);
	assert_string_equal(out, "");
	assert_string_equal(err,
		"contidctl: events: auditing is disabled (audit status enabled=0): "
		"the kernel sends no records; enable it with \"auditctl -e 1\"\n");
	/* never registered as the audit daemon */
	for (i = 0; i < fk_ctl.nsent && i < 64; i++)
		assert_int_equal(fk_ctl.sent_types[i], AUDIT_GET);
}

static const char want_event[] =
	"audit(1700000000.123:42) contid=none\n"
	"    USER msg='hello'\n";

static void test_enabled_reads(void **state)
{
	char *argv[] = { "contidctl", "events", "--count", "1", NULL };

	(void)state;
	status_enabled = 1;
	log_text = "audit(1700000000.123:42): msg='hello'";
	assert_int_equal(run(4, argv), 0);
	assert_string_equal(out, want_event);
	assert_int_equal(opens_log, 1);
}

static void test_locked_reads(void **state)
{
	char *argv[] = { "contidctl", "events", "--count", "1", NULL };

	(void)state;
	status_enabled = 2;	/* enabled and locked */
	log_text = "audit(1700000000.123:42): msg='hello'";
	assert_int_equal(run(4, argv), 0);
	assert_string_equal(out, want_event);
}

/* Without CAP_AUDIT_CONTROL the status cannot be read: say so, go on. */
static void test_status_refused_warns(void **state)
{
	char *argv[] = { "contidctl", "events", "--count", "1", NULL };

	(void)state;
	status_err = -EPERM;
	log_text = "audit(1700000000.123:42): msg='hello'";
	assert_int_equal(run(4, argv), 0);
	assert_string_equal(out, want_event);
	assert_non_null(strstr(err,
		"contidctl: events: warning: cannot read the audit status "
		"(permission denied (CAP_AUDIT_CONTROL is needed) (EPERM)): not checking that auditing is enabled\n"));
}

/*
 * contidctl features, text and JSON, exactly: its formats are literals of
 * src/cmd-status.c; the feature names come from the library.  An unknown
 * bit (0x400) is printed because it is set; bit 7 (containerid_filter) is
 * printed clear.
 */
static void test_features(void **state)
{
	char *argv[] = { "contidctl", "features", NULL };
	char *jargv[] = { "contidctl", "--json", "features", NULL };
	bool proc = access("/proc/self/containerid", F_OK) == 0;
	char want[4096];

	(void)state;
	status_features = 0x47f;
	snprintf(want, sizeof(want), "%s%s\n",
		"enabled                    1\n"
		"failure                    1\n"
		"pid                        0\n"
		"rate_limit                 0\n"
		"backlog_limit              64\n"
		"lost                       0\n"
		"backlog                    0\n"
		"backlog_wait_time          0\n"
		"backlog_wait_time_actual   0\n"
		"feature_bitmap             0x0000047f\n"
		"features:\n"
		"  backlog_limit            yes (0x00000001)\n"
		"  backlog_wait_time        yes (0x00000002)\n"
		"  executable_path          yes (0x00000004)\n"
		"  exclude_extend           yes (0x00000008)\n"
		"  sessionid_filter         yes (0x00000010)\n"
		"  lost_reset               yes (0x00000020)\n"
		"  filter_fs                yes (0x00000040)\n"
		"  containerid_filter       no (0x00000080)\n"
		"  bit 10                   yes (0x00000400)\n"
		"container ID rules         NOT supported: the kernel lacks containerid_filter (0x00000080)\n",
		proc ? "container IDs (/proc)      supported (/proc/PID/containerid)\n" :
		       "container IDs (/proc)      NOT supported: no /proc/PID/containerid\n");
	assert_int_equal(run(2, argv), 0);
	assert_string_equal(err, "");
	assert_string_equal(out, want);

	snprintf(want, sizeof(want), "%s%s}\n",
		"{\"enabled\":1,\"failure\":1,\"pid\":0,\"rate_limit\":0,"
		"\"backlog_limit\":64,\"lost\":0,\"backlog\":0,"
		"\"backlog_wait_time\":0,\"backlog_wait_time_actual\":0,"
		"\"feature_bitmap\":1151,\"features\":{\"backlog_limit\":true,"
		"\"backlog_wait_time\":true,\"executable_path\":true,"
		"\"exclude_extend\":true,\"sessionid_filter\":true,"
		"\"lost_reset\":true,\"filter_fs\":true,"
		"\"containerid_filter\":false,\"bit 10\":true},"
		"\"containerid_rules\":false,",
		proc ? "\"containerid_proc\":true" : "\"containerid_proc\":false");
	assert_int_equal(run(3, jargv), 0);
	assert_string_equal(err, "");
	assert_string_equal(out, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_disabled_says_so, setup, teardown),
		cmocka_unit_test_setup_teardown(test_disabled_daemon_says_so, setup, teardown),
		cmocka_unit_test_setup_teardown(test_enabled_reads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locked_reads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_status_refused_warns, setup, teardown),
		cmocka_unit_test_setup_teardown(test_features, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
