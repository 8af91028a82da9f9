/*
 * contidctl events and features against the fake kernel: src/ is linked in with
 * contid_handle_open() wrapped (-Wl,--wrap) to hand out fake handles, one
 * fake kernel for control handles (AUDIT_GET) and one for the multicast
 * log handle.  stdout and stderr are compared exactly.
 *
 * contidctl set, run and oci-hook write a fake /proc: contid_task_set(),
 * contid_task_set_tid() and contid_spawn() are wrapped to the library's
 * procroot seam (contid_task_write_at(), contid_spawn_with()), so that no
 * containerid file of the host is opened (issue 33; tests/guard).  The
 * kernel-dependent checks tests/cli/usage.sh and oci-hook.sh made against
 * the host's kernel are here, for each kind of kernel.
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
#include <sys/stat.h>
#include <cmocka.h>

#include "fake-kernel.h"

/* From src/contidctl.h, whose fail() clashes with cmocka's. */
extern bool opt_json;

/* src/contidctl.c is compiled with -Dmain=contidctl_main. */
#undef main
int contidctl_main(int argc, char **argv);

int __real_contid_handle_open(struct contid_handle **hp, unsigned int flags);
int __wrap_contid_handle_open(struct contid_handle **hp, unsigned int flags);
int __wrap_contid_task_set(pid_t pid, uint64_t id);
int __wrap_contid_task_set_tid(pid_t pid, pid_t tid, uint64_t id);
int __wrap_contid_spawn(uint64_t id, const char *file, char *const argv[],
			char *const envp[], unsigned int flags, pid_t *pidp);

/*
 * The fake /proc: PROCROOT/PID exists for the tasks a test names; with
 * fake_ids, PROCROOT/PID/containerid too (a kernel with container IDs),
 * without it the directory alone (a kernel without them).
 */
static char procroot[64];
static bool fake_ids;

static void fake_task(pid_t pid)
{
	char p[128];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%d", procroot, (int)pid);
	assert_int_equal(mkdir(p, 0700), 0);
	if (fake_ids) {
		snprintf(p, sizeof(p), "%s/%d/containerid", procroot, (int)pid);
		/* empty: a write at offset 0 leaves exactly what was written */
		f = fopen(p, "w");
		assert_non_null(f);
		fclose(f);
	}
}

/* what a fake task's containerid file holds */
static const char *fake_id(pid_t pid)
{
	static char buf[64];
	char p[128];
	FILE *f;
	size_t n;

	snprintf(p, sizeof(p), "%s/%d/containerid", procroot, (int)pid);
	f = fopen(p, "r");
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

int __wrap_contid_task_set(pid_t pid, uint64_t id)
{
	return contid_task_write_at(procroot, pid, 0, id);
}

int __wrap_contid_task_set_tid(pid_t pid, pid_t tid, uint64_t id)
{
	return contid_task_write_at(procroot, pid, tid, id);
}

static pid_t spawned;

/* contid_spawn()'s child, made a fake task when its ID is set */
static int fake_setter(void *ctx, pid_t pid, uint64_t id)
{
	(void)ctx;
	spawned = pid;
	fake_task(pid);
	return contid_task_write_at(procroot, pid, 0, id);
}

int __wrap_contid_spawn(uint64_t id, const char *file, char *const argv[],
			char *const envp[], unsigned int flags, pid_t *pidp)
{
	return contid_spawn_with(fake_setter, NULL, id, file, argv, envp,
				 flags, pidp);
}

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
	fake_ids = false;
	spawned = 0;
	snprintf(procroot, sizeof(procroot), "/tmp/contid-cli-proc.XXXXXX");
	assert_non_null(mkdtemp(procroot));
	/* A hang (waiting for records that never come) fails the test. */
	alarm(10);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];

	alarm(0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", procroot);
	assert_int_equal(system(cmd), 0);
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

/* --raw: the records as the audit log line parse reads back, even with
 * --json; the next run without it prints events again. */
static void test_raw_log_lines(void **state)
{
	char *argv[] = { "contidctl", "events", "--raw", "--count", "1", NULL };
	char *jargv[] = { "contidctl", "--json", "events", "-r", "--count", "1", NULL };
	char *pargv[] = { "contidctl", "events", "--count", "1", NULL };
	static const char want[] = "type=USER msg=audit(1700000000.123:42): msg='hello'\n";

	(void)state;
	log_text = "audit(1700000000.123:42): msg='hello'";
	assert_int_equal(run(5, argv), 0);
	assert_string_equal(out, want);
	assert_int_equal(run(6, jargv), 0);
	assert_string_equal(out, want);
	assert_int_equal(run(4, pargv), 0);
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

/* The rule as it would have been sent, and nothing sent but AUDIT_GET. */
static void expect_nofeature(int argc, char **argv, const char *want_err)
{
	unsigned int i;

	status_features = 0x7f;	/* all but containerid_filter (0x80) */
	assert_int_equal(run(argc, argv), 1);
	assert_string_equal(out, "");
	assert_string_equal(err, want_err);
	for (i = 0; i < fk_ctl.nsent && i < 64; i++)
		assert_int_equal(fk_ctl.sent_types[i], AUDIT_GET);
}

/*
 * Without feature bit 0x80 a container ID rule is refused before it is
 * sent; the message shows the rule as it would have been sent.  Two keys
 * are ONE key field: -k a --key b (or -k a -F key=b) is joined by the
 * library into the value "a\001b", as auditctl sends it, and the message
 * prints that field as auditctl -l does, one -F key= per key.  Two key
 * fields would be refused before the feature check (the kernel takes one,
 * contid_rule_check()): the NOFEATURE refusal shows the rule has one.
 */
static void test_rule_nofeature(void **state)
{
	char *a1[] = { "contidctl", "rule", "add", "--dir", "/tmp", "--perm", "wa",
		       "--contid", "123459", "--key", "tmpcontainerid", NULL };
	char *a2[] = { "contidctl", "rule", "del", "--action", "never", "--syscall", "openat",
		       "-S", "263", "-F", "contid!=5", "-F", "uid=0", "-k", "a", "--key", "b", NULL };
	char *a3[] = { "contidctl", "rule", "del", "--action", "never", "--syscall", "openat",
		       "-F", "contid!=5", "-k", "a", "-F", "key=b", NULL };
	char *a4[] = { "contidctl", "rule", "add", "--list", "exclude", "-F", "msgtype=CWD",
		       "-F", "containerid=7", NULL };

	(void)state;
	expect_nofeature(11, a1, "contidctl: cannot add the rule '-a always,exit -S all -F dir=/tmp -F perm=wa -F contid=123459 -F key=tmpcontainerid': the kernel does not support audit container ID rules (CONTID_E_NOFEATURE)\n");
	expect_nofeature(17, a2, "contidctl: cannot delete the rule '-a never,exit -S openat,unlinkat -F contid!=5 -F uid=0 -F key=a -F key=b': the kernel does not support audit container ID rules (CONTID_E_NOFEATURE)\n");
	expect_nofeature(13, a3, "contidctl: cannot delete the rule '-a never,exit -S openat -F contid!=5 -F key=a -F key=b': the kernel does not support audit container ID rules (CONTID_E_NOFEATURE)\n");
	expect_nofeature(9, a4, "contidctl: cannot add the rule '-a always,exclude -F msgtype=CWD -F contid=7': the kernel does not support audit container ID rules (CONTID_E_NOFEATURE)\n");
}

/* A kernel without container IDs: /proc/PID has no containerid. */
static void test_set_run_nosupport(void **state)
{
	char *set[] = { "contidctl", "set", "1", "5", NULL };
	char *runp[] = { "contidctl", "run", "--contid", "5", "/nonexistent/prog", NULL };

	(void)state;
	fake_task(1);
	assert_int_equal(run(4, set), 1);
	assert_string_equal(out, "");
	assert_string_equal(err, "contidctl: cannot set the container ID of 1: the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)\n");
	assert_int_equal(run(5, runp), 1);
	assert_string_equal(out, "");
	assert_string_equal(err, "contidctl: cannot run '/nonexistent/prog' with container ID 5: the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)\n");
	assert_true(spawned > 0);
	assert_null(fake_id(spawned));
}

/* A kernel with them: the ID is written, then the exec fails. */
static void test_set_run_supported(void **state)
{
	char *set[] = { "contidctl", "set", "1", "5", NULL };
	char *runp[] = { "contidctl", "run", "--contid", "5", "/nonexistent/prog", NULL };

	(void)state;
	fake_ids = true;
	fake_task(1);
	assert_int_equal(run(4, set), 0);
	assert_string_equal(out, "");
	assert_string_equal(err, "");
	assert_string_equal(fake_id(1), "5");
	assert_int_equal(run(5, runp), 127);
	assert_string_equal(out, "");
	assert_string_equal(err, "contidctl: cannot run '/nonexistent/prog': no such program (ENOENT)\n");
	assert_string_equal(fake_id(spawned), "5");
}

/* contidctl oci-hook ARGS with @state on stdin */
static int hook(const char *state, char *arg)
{
	char *argv[] = { "contidctl", "oci-hook", arg, NULL };
	FILE *in = tmpfile();
	int saved = dup(0), rc;

	assert_non_null(in);
	fputs(state, in);
	fflush(in);
	rewind(in);
	dup2(fileno(in), 0);
	rc = run(arg ? 3 : 2, argv);
	dup2(saved, 0);
	close(saved);
	fclose(in);
	return rc;
}

#define H "contidctl: oci-hook: cannot set the container ID of container "

/* The ID chosen, as the failing write shows it: no such task (ESRCH). */
static void test_oci_hook_no_task(void **state)
{
	(void)state;
	assert_int_equal(hook("{\"id\":\"0123456789abcdef000000000000000000000000000000000000000000000000\",\"pid\":4000000}", NULL), 1);
	assert_string_equal(err, H "0123456789abcdef000000000000000000000000000000000000000000000000 (pid 4000000) to 81985529216486895 (0123456789abcdef): no such task (ESRCH)\n");
	assert_int_equal(hook("{\"id\":\"foobar\",\"pid\":4000000}", NULL), 1);
	assert_string_equal(err, H "foobar (pid 4000000) to 9625390261332436968 (85944171f73967e8): no such task (ESRCH)\n");
	assert_int_equal(hook("{\"id\":\"foobar\",\"pid\":4000000,\"annotations\":{\"org.linux-audit.containerid\":\"0x2A\"}}", NULL), 1);
	assert_string_equal(err, H "foobar (pid 4000000) to 42 (000000000000002a): no such task (ESRCH)\n");
	assert_int_equal(hook("{\"id\":\"foo\\nbar\",\"pid\":4000000,\"annotations\":{\"org.linux-audit.containerid\":\"42\"}}", "--allow-missing-kernel"), 1);
	assert_string_equal(err, H "foo?bar (pid 4000000) to 42 (000000000000002a): no such task (ESRCH)\n");
	assert_string_equal(out, "");
}

/* A kernel without container IDs: a failure, or with the option a warning. */
static void test_oci_hook_nosupport(void **state)
{
	(void)state;
	fake_task(4242);
	assert_int_equal(hook("{\"id\":\"foobar\",\"pid\":4242}", NULL), 1);
	assert_string_equal(err, H "foobar (pid 4242) to 9625390261332436968 (85944171f73967e8): the kernel does not support audit container IDs (CONTID_E_NOSUPPORT)\n");
	assert_int_equal(hook("{\"id\":\"foobar\",\"pid\":4242}", "--allow-missing-kernel"), 0);
	assert_string_equal(err, "contidctl: oci-hook: warning: the kernel does not support audit container IDs: container foobar (pid 4242) runs without an audit container ID\n");
	assert_string_equal(out, "");
}

/* A kernel with them: the ID is written. */
static void test_oci_hook_sets(void **state)
{
	(void)state;
	fake_ids = true;
	fake_task(4242);
	assert_int_equal(hook("{\"id\":\"foobar\",\"pid\":4242}", NULL), 0);
	assert_string_equal(err, "");
	assert_string_equal(out, "");
	assert_string_equal(fake_id(4242), "9625390261332436968");
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	/* the hook's name file: never /run/contid of this machine */
	setenv("CONTID_NAME_DIR", "/nonexistent", 1);
	const struct CMUnitTest tests[] = {
		T(test_disabled_says_so),
		T(test_disabled_daemon_says_so),
		T(test_enabled_reads),
		T(test_locked_reads),
		T(test_raw_log_lines),
		T(test_status_refused_warns),
		T(test_features),
		T(test_rule_nofeature),
		T(test_set_run_nosupport),
		T(test_set_run_supported),
		T(test_oci_hook_no_task),
		T(test_oci_hook_nosupport),
		T(test_oci_hook_sets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
