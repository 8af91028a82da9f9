// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Live tests of the audit container ID permission model (issue 12, V3),
 * run as root inside QEMU against the patched kernel:
 *  - write-once survives reparenting (a set ID is marked on the task, not
 *    compared with the parent's);
 *  - kernel threads are refused;
 *  - the opener of /proc/PID/containerid needs CAP_AUDIT_CONTROL too, to
 *    write and to read;
 *  - AUDIT_CONTAINERID on the io_uring exit list.
 * Each checks the exact errno, the /proc value and the AUDIT_CONTAINER
 * record where the request reaches the policy checks.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/io_uring.h>

#include "auditnl.h"
#include "expect.h"
#include "livewait.h"

#define UID_USER 1000


static void expect_contid(pid_t pid, uint64_t want)
{
	uint64_t id = 0;

	assert_int_equal(anl_task_read(pid, 0, &id), 0);
	assert_int_equal(id, want);
}

static void put_byte(int fd)
{
	assert_int_equal(write(fd, "x", 1), 1);
}

static void get_byte(int fd)
{
	char c;

	if (read(fd, &c, 1) != 1)
		_exit(90);
}

static pid_t read_pid(int fd)
{
	pid_t p = 0;

	assert_int_equal(read(fd, &p, sizeof(p)), (ssize_t)sizeof(p));
	return p;
}

/* Field 4 (ppid) of /proc/PID/stat. */
static pid_t ppid_of(pid_t pid)
{
	char path[64], buf[512], *p;
	int ppid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	if (!p || !(p = strrchr(buf, ')')))
		return -1;
	if (sscanf(p + 2, "%*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

/* ------------------------------------------------------------------ */
/* Bug 2: write-once is a mark on the task, whoever the parent becomes */

static void test_eexist_after_reparent(void **state)
{
	int go_s[2], go_q1[2], go_q2[2], hold_t[2], pids[2];
	struct lw_wait w;
	pid_t s, q, t;

	(void)state;
	assert_int_equal(pipe(go_s), 0);
	assert_int_equal(pipe(go_q1), 0);
	assert_int_equal(pipe(go_q2), 0);
	assert_int_equal(pipe(hold_t), 0);
	assert_int_equal(pipe(pids), 0);
	s = fork();
	assert_true(s >= 0);
	if (s == 0) {
		/* S: a subreaper; forks Q when told, reaps until alone. */
		if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))
			_exit(91);
		get_byte(go_s[0]);
		q = fork();
		if (q == 0) {
			/* Q: forks T when told, exits when told. */
			get_byte(go_q1[0]);
			t = fork();
			if (t == 0) {
				get_byte(hold_t[0]);
				_exit(0);
			}
			if (write(pids[1], &t, sizeof(t)) != sizeof(t))
				_exit(92);
			get_byte(go_q2[0]);
			_exit(0);
		}
		if (write(pids[1], &q, sizeof(q)) != sizeof(q))
			_exit(93);
		while (wait(NULL) > 0 || errno == EINTR)
			;
		_exit(0);
	}
	/* S holds 500, set while it has no children. */
	assert_int_equal(anl_task_set(s, 500), 0);
	put_byte(go_s[1]);
	q = read_pid(pids[0]);
	/* Q inherited 500 from S and may replace it. */
	expect_contid(q, 500);
	assert_int_equal(anl_task_set(q, 600), 0);
	put_byte(go_q1[1]);
	t = read_pid(pids[0]);
	/* T inherited 600 from Q; set 500 on it (now T's own). */
	expect_contid(t, 600);
	assert_int_equal(anl_task_set(t, 500), 0);
	expect_set_record(getpid(), t, "600", "500", 1);
	/* Q dies: T goes to the subreaper S, whose ID is T's too. */
	put_byte(go_q2[1]);
	lw_begin(&w, "task %d reparented to the subreaper %d after %d exits", (int)t, (int)s,
		 (int)q);
	while (ppid_of(t) != s) {
		if (!lw_going(&w, lw_mix(lw_task_token(q), lw_task_token(t))))
			break;
		lw_sleep_ms(10);
	}
	assert_int_equal(ppid_of(t), s);
	anl_forget();
	/* Set on T before: refused, whatever its parent holds now. */
	assert_int_equal(anl_task_set(t, 700), -EEXIST);
	expect_set_record(getpid(), t, "500", "700", 0);
	assert_int_equal(anl_task_set(t, 500), -EEXIST);
	expect_contid(t, 500);
	put_byte(hold_t[1]);
	assert_int_equal(reap(s), 0);
	close(go_s[0]), close(go_s[1]), close(go_q1[0]), close(go_q1[1]);
	close(go_q2[0]), close(go_q2[1]), close(hold_t[0]), close(hold_t[1]);
	close(pids[0]), close(pids[1]);
}

/* The mark is the task's own: a child of a task whose ID was set
 * inherits the ID unmarked and may be given another. */
static void test_inherited_id_replaceable(void **state)
{
	int go[2], pids[2], hold[2];
	pid_t p, c;

	(void)state;
	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(pids), 0);
	assert_int_equal(pipe(hold), 0);
	p = fork();
	assert_true(p >= 0);
	if (p == 0) {
		get_byte(go[0]);
		c = fork();
		if (c == 0) {
			get_byte(hold[0]);
			_exit(0);
		}
		if (write(pids[1], &c, sizeof(c)) != sizeof(c))
			_exit(92);
		_exit(reap(c));
	}
	assert_int_equal(anl_task_set(p, 810), 0);
	put_byte(go[1]);
	c = read_pid(pids[0]);
	expect_contid(c, 810);
	assert_int_equal(anl_task_set(c, 811), 0);
	expect_set_record(getpid(), c, "810", "811", 1);
	assert_int_equal(anl_task_set(c, 812), -EEXIST);
	expect_contid(c, 811);
	expect_contid(p, 810);
	put_byte(hold[1]);
	assert_int_equal(reap(p), 0);
	close(go[0]), close(go[1]), close(pids[0]), close(pids[1]);
	close(hold[0]), close(hold[1]);
}

/* ------------------------------------------------------------------ */
/* Bug 3: kernel threads */

#define PF_KTHREAD_FLAG 0x00200000u

/* Field 9 (flags) of /proc/PID/stat, or 0. */
static unsigned int flags_of(pid_t pid, char *comm, size_t cap)
{
	char path[64], buf[512], *p, *o;
	unsigned int fl = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	if (!p || !(p = strrchr(buf, ')')) || !(o = strchr(buf, '(')))
		return 0;
	snprintf(comm, cap, "%.*s", (int)(p - o - 1), o + 1);
	if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %u", &fl) != 1)
		return 0;
	return fl;
}

/* A kernel thread other than kthreadd: kthreadd's child, no children. */
static pid_t some_kthread(char *comm, size_t cap)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	pid_t found = 0;

	assert_non_null(d);
	while (!found && (e = readdir(d))) {
		pid_t pid = (pid_t)atoi(e->d_name);

		if (pid > 2 && ppid_of(pid) == 2 &&
		    (flags_of(pid, comm, cap) & PF_KTHREAD_FLAG))
			found = pid;
	}
	closedir(d);
	return found;
}

static void test_kthread_refused(void **state)
{
	char comm[64] = "";
	pid_t k;

	(void)state;
	/* kthreadd itself (it has children: EPERM must come first). */
	assert_true(flags_of(2, comm, sizeof(comm)) & PF_KTHREAD_FLAG);
	assert_string_equal(comm, "kthreadd");
	assert_int_equal(anl_task_set(2, 42), -EPERM);
	expect_set_record(getpid(), 2, UNSET_STR, "42", 0);
	expect_contid(2, CID_UNSET);
	/* A kernel thread without children or threads. */
	k = some_kthread(comm, sizeof(comm));
	assert_true(k > 2);
	print_message("kernel thread %d (%s)\n", (int)k, comm);
	anl_forget();
	assert_int_equal(anl_task_set(k, 43), -EPERM);
	expect_set_record(getpid(), k, UNSET_STR, "43", 0);
	expect_contid(k, CID_UNSET);
}

/* ------------------------------------------------------------------ */
/* Bug 4: the opener's credentials */

/* A task running as UID_USER, dumpable so that its /proc files are its. */
static int as_user_held(void *arg)
{
	int *p = arg;

	close(p[0]);
	if (setresuid(UID_USER, UID_USER, UID_USER))
		return 80;
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		return 81;
	if (write(p[1], "u", 1) != 1)
		return 82;
	/* Held until the test closes its end of the release pipe. */
	pause();
	return 0;
}

static pid_t spawn_user_task(void)
{
	int p[2], rel;
	pid_t t;
	char c;

	assert_int_equal(pipe(p), 0);
	t = spawn_held(as_user_held, p, &rel);
	assert_true(t > 0);
	release_child(rel);
	close(p[1]);
	assert_int_equal(read(p[0], &c, 1), 1);
	close(p[0]);
	return t;
}

static void kill_user_task(pid_t t)
{
	assert_int_equal(kill(t, SIGKILL), 0);
	assert_int_equal(reap(t), 128 + SIGKILL);
}

struct opener_arg {
	pid_t target;
	int rdonly;
};

/*
 * Open the target's containerid with effective UID UID_USER (no effective
 * capabilities), then get root and CAP_AUDIT_CONTROL back and use the fd.
 * Exit status: 0 for EPERM, 1 for success, 2 + errno otherwise.
 */
static int open_unpriv_use_priv(void *arg)
{
	struct opener_arg *a = arg;
	char path[64], buf[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/containerid", (int)a->target);
	if (seteuid(UID_USER))
		return 70;
	fd = open(path, a->rdonly ? O_RDONLY : O_WRONLY);
	if (fd < 0)
		return 71;
	if (seteuid(0))
		return 72;
	n = a->rdonly ? read(fd, buf, sizeof(buf)) : write(fd, "321", 3);
	if (n >= 0)
		return 1;
	return errno == EPERM ? 0 : 2 + errno;
}

static void test_opener_without_cap_cannot_write(void **state)
{
	struct opener_arg a = { 0, 0 };
	pid_t t, w;
	int rel;

	(void)state;
	t = spawn_user_task();
	a.target = t;
	w = spawn_held(open_unpriv_use_priv, &a, &rel);
	release_child(rel);
	assert_int_equal(reap(w), 0);
	/* The writer is privileged: the policy checks ran and refused. */
	expect_set_record(w, t, UNSET_STR, "321", 0);
	expect_contid(t, CID_UNSET);
	/* The same task, opened by a privileged opener: set. */
	anl_forget();
	assert_int_equal(anl_task_set(t, 321), 0);
	expect_set_record(getpid(), t, UNSET_STR, "321", 1);
	kill_user_task(t);
}

static void test_opener_without_cap_cannot_read(void **state)
{
	struct opener_arg a = { 0, 1 };
	pid_t t, w;
	int rel;

	(void)state;
	t = spawn_user_task();
	assert_int_equal(anl_task_set(t, 322), 0);
	a.target = t;
	w = spawn_held(open_unpriv_use_priv, &a, &rel);
	release_child(rel);
	assert_int_equal(reap(w), 0);
	expect_contid(t, 322);
	kill_user_task(t);
}

/* Entirely unprivileged: a task reading its own child's ID. */
static int user_reads_child(void *arg)
{
	char path[64], buf[64];
	int p[2], fd, rc;
	pid_t c;
	char ch;

	(void)arg;
	if (setresuid(UID_USER, UID_USER, UID_USER))
		return 60;
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		return 61;
	if (pipe(p))
		return 62;
	c = fork();
	if (c == 0) {
		close(p[1]);
		if (read(p[0], &ch, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(p[0]);
	snprintf(path, sizeof(path), "/proc/%d/containerid", (int)c);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		rc = 63;
	} else {
		ssize_t n = read(fd, buf, sizeof(buf));

		rc = n >= 0 ? 1 : errno == EPERM ? 0 : 2 + errno;
		close(fd);
	}
	/* Its own file too. */
	if (!rc) {
		fd = open("/proc/self/containerid", O_RDONLY);
		if (fd < 0)
			rc = 64;
		else if (read(fd, buf, sizeof(buf)) >= 0)
			rc = 65;
		else if (errno != EPERM)
			rc = 66;
		if (fd >= 0)
			close(fd);
	}
	close(p[1]);
	if (reap(c) != 0 && !rc)
		rc = 67;
	return rc;
}

static void test_unprivileged_reader_refused(void **state)
{
	pid_t u;
	int rel;

	(void)state;
	u = spawn_held(user_reads_child, NULL, &rel);
	assert_int_equal(anl_task_set(u, 323), 0);
	release_child(rel);
	assert_int_equal(reap(u), 0);
}

/* ------------------------------------------------------------------ */
/* Bug 8: AUDIT_CONTAINERID on the io_uring exit list */

/*
 * On IORING_OP_OPENAT only: an all-ones mask is not listed back as sent
 * (the kernel expands the syscall class bits at its top), so the listed
 * bytes could not be compared.
 */
static void uring_rule(struct rule *r, uint64_t id)
{
	rule_init(r, AUDIT_FILTER_URING_EXIT, AUDIT_ALWAYS);
	rule_syscall(r, IORING_OP_OPENAT);
	rule_contid(r, AUDIT_EQUAL, id);
}

static void test_uring_rule_accepted(void **state)
{
	struct rule r, ne;

	(void)state;
	uring_rule(&r, 4242);
	assert_int_equal(rule_add(&r), 0);
	assert_int_equal(rule_listed(&r), 1);
	/* != too; other operators stay refused there as everywhere. */
	rule_init(&ne, AUDIT_FILTER_URING_EXIT, AUDIT_ALWAYS);
	rule_syscall(&ne, IORING_OP_OPENAT);
	rule_contid(&ne, AUDIT_NOT_EQUAL, 4242);
	assert_int_equal(rule_add(&ne), 0);
	assert_int_equal(rule_del(&ne), 0);
	rule_init(&ne, AUDIT_FILTER_URING_EXIT, AUDIT_ALWAYS);
	rule_syscall(&ne, IORING_OP_OPENAT);
	rule_contid(&ne, AUDIT_GREATER_THAN, 4242);
	assert_int_equal(rule_add(&ne), -EINVAL);
	assert_int_equal(rule_del(&r), 0);
	assert_int_equal(rule_listed(&r), 0);
}

/* One IORING_OP_OPENAT of "/" through raw io_uring syscalls. */
static int uring_openat(void *arg)
{
	struct io_uring_params p;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqe;
	unsigned int *tail, *array, *ctail, *chead;
	void *sq, *cq;
	int fd, n;

	(void)arg;
	memset(&p, 0, sizeof(p));
	fd = (int)syscall(SYS_io_uring_setup, 4, &p);
	if (fd < 0)
		return 50;
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd,
		  IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd,
		  IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe),
		    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd,
		    IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED)
		return 51;
	tail = (unsigned int *)((char *)sq + p.sq_off.tail);
	array = (unsigned int *)((char *)sq + p.sq_off.array);
	memset(&sqes[0], 0, sizeof(sqes[0]));
	sqes[0].opcode = IORING_OP_OPENAT;
	sqes[0].fd = AT_FDCWD;
	sqes[0].addr = (unsigned long)"/";
	sqes[0].open_flags = O_RDONLY | O_DIRECTORY;
	array[*tail & *(unsigned int *)((char *)sq + p.sq_off.ring_mask)] = 0;
	__atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
	n = (int)syscall(SYS_io_uring_enter, fd, 1, 1, IORING_ENTER_GETEVENTS,
			 NULL, 0);
	if (n != 1)
		return 52;
	chead = (unsigned int *)((char *)cq + p.cq_off.head);
	ctail = (unsigned int *)((char *)cq + p.cq_off.tail);
	if (__atomic_load_n(ctail, __ATOMIC_ACQUIRE) == *chead)
		return 53;
	cqe = (struct io_uring_cqe *)((char *)cq + p.cq_off.cqes) +
	      (*chead & *(unsigned int *)((char *)cq + p.cq_off.ring_mask));
	if (cqe->res < 0)
		return 54;
	close(cqe->res);
	close(fd);
	return 0;
}

static pid_t run_uring_with(uint64_t id)
{
	int rel;
	pid_t c = spawn_held(uring_openat, NULL, &rel);

	assert_true(c > 0);
	assert_int_equal(anl_task_set(c, id), 0);
	release_child(rel);
	assert_int_equal(reap(c), 0);
	return c;
}

static long find_uringop(pid_t pid)
{
	char p[24];

	snprintf(p, sizeof(p), "%d", (int)pid);
	for (long i = anl_find(0, AUDIT_URINGOP, NULL); i >= 0;
	     i = anl_find((size_t)i + 1, AUDIT_URINGOP, NULL))
		if (rec_has(anl_rec((size_t)i), "pid", p))
			return i;
	return -1;
}

static void test_uring_rule_filters(void **state)
{
	struct rule r;
	const struct rec *u;
	pid_t a, b;
	long i, j;
	char key[64];

	(void)state;
	uring_rule(&r, 4300);
	rule_str(&r, AUDIT_FILTERKEY, AUDIT_EQUAL, "uring-contid");
	assert_int_equal(rule_add(&r), 0);
	a = run_uring_with(4300);
	b = run_uring_with(4301);
	assert_int_equal(rule_del(&r), 0);
	assert_int_equal(anl_sync(), 0);
	/* The matching task's operation is logged, with its ID ... */
	i = find_uringop(a);
	if (i < 0)
		anl_dump();
	assert_true(i >= 0);
	u = anl_rec((size_t)i);
	assert_true(rec_has(u, "uring_op", "18"));
	assert_non_null(rec_field(u, "key", key, sizeof(key)));
	assert_string_equal(key, "uring-contid");	/* rec_field() unquotes */
	j = anl_find(0, AUDIT_CONTAINER_INFO, W("op=task", "contid=4300"));
	assert_true(j >= 0);
	assert_int_equal(anl_rec((size_t)j)->serial, u->serial);
	assert_int_equal(anl_rec((size_t)j)->sec, u->sec);
	assert_int_equal(anl_rec((size_t)j)->msec, u->msec);
	assert_string_equal(anl_rec((size_t)j)->text, "op=task contid=4300");
	/* ... the other one's is not. */
	assert_int_equal(find_uringop(b), -1);
	assert_int_equal(anl_find(0, AUDIT_CONTAINER_INFO, W("contid=4301")), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_eexist_after_reparent, anl_test_setup),
		cmocka_unit_test_setup(test_inherited_id_replaceable, anl_test_setup),
		cmocka_unit_test_setup(test_kthread_refused, anl_test_setup),
		cmocka_unit_test_setup(test_opener_without_cap_cannot_write, anl_test_setup),
		cmocka_unit_test_setup(test_opener_without_cap_cannot_read, anl_test_setup),
		cmocka_unit_test_setup(test_unprivileged_reader_refused, anl_test_setup),
		cmocka_unit_test_setup(test_uring_rule_accepted, anl_test_setup),
		cmocka_unit_test_setup(test_uring_rule_filters, anl_test_setup),
	};

	return cmocka_run_group_tests(tests, anl_group_setup, anl_group_teardown);
}
