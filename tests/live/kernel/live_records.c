// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Live tests of the kernel series part 2 (issue 3): the container ID on
 * standalone records (op=user, abend, seccomp, config, feature, tty) and
 * in syscall-joined events (op=task), the per-network-namespace ID sets
 * and the op=netns record of NETFILTER_PKT events, with real packets over
 * the loopback of network namespaces, filtered by nft and iptables-legacy.
 *
 * Runs as the registered audit daemon, like live_kernel; actors are child
 * processes, since the daemon's own syscalls are never audited.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>

#include "auditnl.h"

/* The stored record of type whose text contains needle; fails if none. */
static const struct rec *find_rec(int type, const char *needle)
{
	assert_int_equal(anl_sync(), 0);
	for (long i = anl_find(0, type, NULL); i >= 0;
	     i = anl_find((size_t)i + 1, type, NULL))
		if (strstr(anl_rec((size_t)i)->text, needle))
			return anl_rec((size_t)i);
	anl_dump();
	fail_msg("no record of type %d containing %s", type, needle);
	return NULL;
}

static long count_in_event(unsigned long serial, int type)
{
	long n = 0;

	for (size_t k = 0; k < anl_count(); k++)
		if (anl_rec(k)->serial == serial && anl_rec(k)->type == type)
			n++;
	return n;
}

static const struct rec *event_rec(unsigned long serial, int type)
{
	for (size_t k = 0; k < anl_count(); k++)
		if (anl_rec(k)->serial == serial && anl_rec(k)->type == type)
			return anl_rec(k);
	return NULL;
}

/*
 * The event of r has exactly one CONTAINER_INFO record, with exactly text
 * want; standalone: no SYSCALL record in the event, joined: one.
 */
static void expect_aux(const struct rec *r, const char *want, int joined)
{
	unsigned long serial = r->serial;
	const struct rec *x;

	if (joined)
		assert_true(anl_wait(AUDIT_EOE, NULL) >= 0);
	assert_int_equal(anl_sync(), 0);
	x = event_rec(serial, AUDIT_CONTAINER_INFO);
	if (!x) {
		anl_dump();
		fail_msg("event %lu (type %d) has no CONTAINER_INFO", serial, r->type);
	}
	assert_string_equal(x->text, want);
	assert_int_equal(count_in_event(serial, AUDIT_CONTAINER_INFO), 1);
	assert_int_equal(count_in_event(serial, AUDIT_SYSCALL), joined ? 1 : 0);
}

/* No CONTAINER_INFO in the event of r (a task without an ID). */
static void expect_no_aux(const struct rec *r)
{
	assert_int_equal(anl_sync(), 0);
	assert_int_equal(count_in_event(r->serial, AUDIT_CONTAINER_INFO), 0);
}

#define setup_test anl_test_setup

/*
 * Run fn in a held child with container ID id (none if CID_UNSET); its
 * pid in *pid if not NULL.  Returns what reap() says.
 */
static int run_with_pid(uint64_t id, int (*fn)(void *), void *arg, pid_t *pid)
{
	int rel;
	pid_t c = spawn_held(fn, arg, &rel);

	assert_true(c > 0);
	if (id != CID_UNSET)
		assert_int_equal(anl_task_set(c, id), 0);
	release_child(rel);
	if (pid)
		*pid = c;
	return reap(c);
}

static int run_with(uint64_t id, int (*fn)(void *), void *arg)
{
	return run_with_pid(id, fn, arg, NULL);
}

/*
 * A task without an audit context: a task rule "never" on gid 4242 makes
 * audit_alloc() give none to a task forked with that gid.  The child sets
 * the gid and forks the actor, which inherits the child's container ID.
 */
#define NOCTX_GID 4242
struct noctx {
	int (*fn)(void *);
	void *arg;
};

static int noctx_parent(void *p)
{
	struct noctx *n = p;
	int st;
	pid_t g;

	if (setgid(NOCTX_GID))
		return 90;
	g = fork();
	if (g < 0)
		return 91;
	if (g == 0)
		_exit(n->fn(n->arg));
	if (waitpid(g, &st, 0) != g || !WIFEXITED(st))
		return 92;
	return WEXITSTATUS(st);
}

static struct rule noctx_rule;

static void noctx_rule_add(void)
{
	rule_init(&noctx_rule, AUDIT_FILTER_TASK, AUDIT_NEVER);
	rule_field(&noctx_rule, AUDIT_GID, AUDIT_EQUAL, NOCTX_GID);
	assert_int_equal(rule_add(&noctx_rule), 0);
}

static int run_noctx_with(uint64_t id, int (*fn)(void *), void *arg)
{
	struct noctx n = { fn, arg };
	int rc;

	noctx_rule_add();
	rc = run_with(id, noctx_parent, &n);
	assert_int_equal(rule_del(&noctx_rule), 0);
	return rc;
}

/* ------------------------------------------------------------------ */
/* USER_*: standalone in 6.1 (logged with no context), op=user */

static int send_user(void *arg)
{
	return anl_child_user_msg(arg) ? 1 : 0;
}

static void test_user_standalone(void **state)
{
	(void)state;
	assert_int_equal(run_with(9100, send_user, "recs-user-9100"), 0);
	expect_aux(find_rec(AUDIT_USER, "msg='recs-user-9100'"), "op=user contid=9100", 0);

	/* No ID, no aux record. */
	assert_int_equal(run_with(CID_UNSET, send_user, "recs-user-none"), 0);
	expect_no_aux(find_rec(AUDIT_USER, "msg='recs-user-none'"));
}

/* ------------------------------------------------------------------ */
/* ANOM_ABEND: core dumps happen after syscall exit: standalone, op=abend */

static int segfault(void *arg)
{
	struct rlimit rl = { 0, 0 };

	(void)arg;
	/* cmocka's handler, inherited: the default action dumps core. */
	signal(SIGSEGV, SIG_DFL);
	setrlimit(RLIMIT_CORE, &rl);
	*(volatile int *)0 = 1;
	return 0;
}

static void test_abend_standalone(void **state)
{
	pid_t c;
	char needle[64];

	(void)state;
	assert_int_equal(run_with_pid(9200, segfault, NULL, &c), 128 + SIGSEGV);
	snprintf(needle, sizeof(needle), " pid=%d ", (int)c);
	const struct rec *r = find_rec(AUDIT_ANOM_ABEND, needle);

	assert_non_null(strstr(r->text, " sig=11 res=1"));
	expect_aux(r, "op=abend contid=9200", 0);
}

/* ------------------------------------------------------------------ */
/* SECCOMP: the filter runs before audit_syscall_entry(): standalone */

static int seccomp_log_getppid(void *arg)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_LOG),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	(void)arg;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		return 1;
	syscall(SYS_getppid);
	return 0;
}

static void test_seccomp_standalone(void **state)
{
	pid_t c;
	char needle[64];

	(void)state;
	assert_int_equal(run_with_pid(9300, seccomp_log_getppid, NULL, &c), 0);
	snprintf(needle, sizeof(needle), " pid=%d ", (int)c);
	const struct rec *r = find_rec(AUDIT_SECCOMP, needle);
	char want[64];

	snprintf(want, sizeof(want), " syscall=%d ", SYS_getppid);
	assert_non_null(strstr(r->text, want));
	assert_non_null(strstr(r->text, " code=0x7ffc0000"));
	expect_aux(r, "op=seccomp contid=9300", 0);
}

/* ------------------------------------------------------------------ */
/* CONFIG_CHANGE and FEATURE_CHANGE: joined (op=task) and standalone */

static int add_del_keyed_rule(void *arg)
{
	struct rule r;

	rule_init(&r, AUDIT_FILTER_EXIT, AUDIT_ALWAYS);
	rule_syscall(&r, SYS_getppid);
	rule_str(&r, AUDIT_FILTERKEY, AUDIT_EQUAL, arg);
	if (anl_child_request(AUDIT_ADD_RULE, &r, rule_size(&r)))
		return 1;
	return anl_child_request(AUDIT_DEL_RULE, &r, rule_size(&r)) ? 2 : 0;
}

static void test_config_rule_standalone(void **state)
{
	(void)state;
	assert_int_equal(run_noctx_with(9400, add_del_keyed_rule, "recs9400"), 0);
	const struct rec *r = find_rec(AUDIT_CONFIG_CHANGE, "op=add_rule key=\"recs9400\"");

	expect_aux(r, "op=config contid=9400", 0);
	r = find_rec(AUDIT_CONFIG_CHANGE, "op=remove_rule key=\"recs9400\"");
	expect_aux(r, "op=config contid=9400", 0);
}

static uint32_t backlog_now;

static int set_backlog(void *arg)
{
	struct audit_status s = { 0 };

	(void)arg;
	s.mask = AUDIT_STATUS_BACKLOG_LIMIT;
	s.backlog_limit = backlog_now;
	return anl_child_request(AUDIT_SET, &s, sizeof(s)) ? 1 : 0;
}

static void test_config_set(void **state)
{
	struct audit_status st;
	char needle[64];

	(void)state;
	assert_true(anl_status(&st) > 0);
	backlog_now = st.backlog_limit;
	snprintf(needle, sizeof(needle), "op=set audit_backlog_limit=%u old=%u",
		 backlog_now, backlog_now);

	assert_int_equal(run_with(9410, set_backlog, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, needle), "op=task contid=9410", 1);

	anl_forget();
	assert_int_equal(run_noctx_with(9411, set_backlog, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, needle), "op=config contid=9411", 0);
}

static int trim(void *arg)
{
	(void)arg;
	return anl_child_request(AUDIT_TRIM, NULL, 0) ? 1 : 0;
}

static void test_config_trim(void **state)
{
	(void)state;
	assert_int_equal(run_with(9420, trim, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, "op=trim res=1"), "op=task contid=9420", 1);
	anl_forget();
	assert_int_equal(run_noctx_with(9421, trim, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, "op=trim res=1"), "op=config contid=9421", 0);
}

static int tty_set(void *arg)
{
	struct audit_tty_status s = { .enabled = 1, .log_passwd = 0 };

	(void)arg;
	return anl_child_request(AUDIT_TTY_SET, &s, sizeof(s)) ? 1 : 0;
}

static void test_config_tty_set(void **state)
{
	const char *n = "op=tty_set old-enabled=0 new-enabled=1";

	(void)state;
	assert_int_equal(run_with(9430, tty_set, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, n), "op=task contid=9430", 1);
	anl_forget();
	assert_int_equal(run_noctx_with(9431, tty_set, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, n), "op=config contid=9431", 0);
}

static int set_feature(void *arg)
{
	struct audit_features f = {
		.vers = AUDIT_FEATURE_VERSION,
		.mask = AUDIT_FEATURE_TO_MASK(AUDIT_FEATURE_ONLY_UNSET_LOGINUID),
		.features = 1,
		.lock = 0,
	};

	(void)arg;
	return anl_child_request(AUDIT_SET_FEATURE, &f, sizeof(f)) ? 1 : 0;
}

/* Back to the default; only a change is logged. */
static void feature_reset(void)
{
	struct audit_features f = {
		.vers = AUDIT_FEATURE_VERSION,
		.mask = AUDIT_FEATURE_TO_MASK(AUDIT_FEATURE_ONLY_UNSET_LOGINUID),
	};

	assert_int_equal(anl_request(AUDIT_SET_FEATURE, &f, sizeof(f)), 0);
}

static void test_feature(void **state)
{
	const char *n = "feature=only_unset_loginuid old=0 new=1 old_lock=0 new_lock=0 res=1";

	(void)state;
	assert_int_equal(run_with(9440, set_feature, NULL), 0);
	expect_aux(find_rec(AUDIT_FEATURE_CHANGE, n), "op=task contid=9440", 1);
	feature_reset();
	anl_forget();
	assert_int_equal(run_noctx_with(9441, set_feature, NULL), 0);
	expect_aux(find_rec(AUDIT_FEATURE_CHANGE, n), "op=feature contid=9441", 0);
	feature_reset();
}

/* ------------------------------------------------------------------ */
/* TTY: pushed by AUDIT_USER_TTY from a syscall (joined) or standalone */

static int tty_read_and_push(void *arg)
{
	struct audit_tty_status s = { .enabled = 1, .log_passwd = 0 };
	char buf[64];
	int m, sl;

	(void)arg;
	if (anl_child_request(AUDIT_TTY_SET, &s, sizeof(s)))
		return 1;
	m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) || unlockpt(m))
		return 2;
	sl = open(ptsname(m), O_RDWR | O_NOCTTY);
	if (sl < 0)
		return 3;
	if (write(m, "contid\n", 7) != 7)
		return 4;
	if (read(sl, buf, sizeof(buf)) != 7)
		return 5;
	/* Pushes the buffered TTY data, then logs USER_TTY. */
	if (anl_child_request(AUDIT_USER_TTY, "x", 2))
		return 6;
	return 0;
}

static void test_tty(void **state)
{
	const char *n = "data=636F6E746964";	/* "contid" */

	(void)state;
	assert_int_equal(run_with(9450, tty_read_and_push, NULL), 0);
	expect_aux(find_rec(AUDIT_TTY, n), "op=task contid=9450", 1);
	anl_forget();
	assert_int_equal(run_noctx_with(9451, tty_read_and_push, NULL), 0);
	expect_aux(find_rec(AUDIT_TTY, n), "op=tty contid=9451", 0);
}

/* ------------------------------------------------------------------ */
/* Watch and mark rule changes, caused by a contained task's syscall */

static int do_rmdir(void *arg)
{
	return rmdir(arg) ? 1 : 0;
}

static void test_watch_removed(void **state)
{
	struct rule r;

	(void)state;
	assert_int_equal(mkdir("/tmp/recs-watch", 0700), 0);
	rule_init(&r, AUDIT_FILTER_EXIT, AUDIT_ALWAYS);
	rule_all_syscalls(&r);
	rule_str(&r, AUDIT_WATCH, AUDIT_EQUAL, "/tmp/recs-watch/f");
	rule_str(&r, AUDIT_FILTERKEY, AUDIT_EQUAL, "recs-watch");
	assert_int_equal(rule_add(&r), 0);
	assert_int_equal(run_with(9460, do_rmdir, "/tmp/recs-watch"), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, "op=remove_rule path=\"/tmp/recs-watch/f\""),
		   "op=task contid=9460", 1);
	/* The kernel removed the rule with its directory. */
	assert_int_equal(rule_del(&r), -ENOENT);
}

static int do_unlink_rmdir(void *arg)
{
	(void)arg;
	return unlink("/tmp/recs-exe/x") || rmdir("/tmp/recs-exe") ? 1 : 0;
}

/* An exe= rule's mark is on the directory: removing it drops the rule. */
static void test_mark_removed(void **state)
{
	struct rule r;
	int fd;

	(void)state;
	assert_int_equal(mkdir("/tmp/recs-exe", 0700), 0);
	fd = open("/tmp/recs-exe/x", O_CREAT | O_WRONLY, 0700);
	assert_true(fd >= 0);
	close(fd);
	rule_init(&r, AUDIT_FILTER_EXIT, AUDIT_ALWAYS);
	rule_all_syscalls(&r);
	rule_str(&r, AUDIT_EXE, AUDIT_EQUAL, "/tmp/recs-exe/x");
	rule_str(&r, AUDIT_FILTERKEY, AUDIT_EQUAL, "recs-exe");
	assert_int_equal(rule_add(&r), 0);
	assert_int_equal(run_with(9470, do_unlink_rmdir, NULL), 0);
	expect_aux(find_rec(AUDIT_CONFIG_CHANGE, "op=autoremove_rule path=\"/tmp/recs-exe/x\""),
		   "op=task contid=9470", 1);
	assert_int_equal(rule_del(&r), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_user_standalone, setup_test),
		cmocka_unit_test_setup(test_abend_standalone, setup_test),
		cmocka_unit_test_setup(test_seccomp_standalone, setup_test),
		cmocka_unit_test_setup(test_config_rule_standalone, setup_test),
		cmocka_unit_test_setup(test_config_set, setup_test),
		cmocka_unit_test_setup(test_config_trim, setup_test),
		cmocka_unit_test_setup(test_config_tty_set, setup_test),
		cmocka_unit_test_setup(test_feature, setup_test),
		cmocka_unit_test_setup(test_tty, setup_test),
		cmocka_unit_test_setup(test_watch_removed, setup_test),
		cmocka_unit_test_setup(test_mark_removed, setup_test),
	};

	return cmocka_run_group_tests_name("live_records", tests, anl_group_setup, anl_group_teardown);
}
