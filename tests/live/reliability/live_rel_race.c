// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * live_rel_race: an orchestrator sets audit container IDs on targets that
 * fork, clone a thread, exit, or are set by a second orchestrator at the
 * same moment, for thousands of iterations.
 *
 * Every set either succeeds on a target that had no children or threads
 * yet, or fails with exactly EBUSY (fork, thread), ESRCH (exit) or EEXIST
 * (the slower of two setters); no task ever holds an ID other than its
 * parent's or the one set on it; and the AUDIT_CONTAINER records, read as
 * the registered audit daemon, say res=1 exactly when write() succeeded,
 * with the right pid, opid, old-contid and contid.
 *
 * The delay between releasing the target and writing the ID follows a
 * staircase per mode (longer after a success, shorter after a refusal)
 * with random jitter around it, so that both outcomes keep happening on
 * the normal and on the (3-5 times slower) debug kernel alike.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "auditnl.h"
#include "rel-common.h"

enum mode { M_FORK, M_THREAD, M_EXIT, M_EXIT_REAPED, M_TWO_SETTERS, M_NR };

static const char *const mode_name[M_NR] = {
	"fork", "thread", "exit (zombie)", "exit (reaped at once)", "two setters",
};

struct stats {
	long iters, ok, busy, srch_rec, srch_norec, eexist;
	long delay_us;		/* the staircase's current centre */
	long max_delay_seen;
};

static struct stats g_st[M_NR];
static long g_iterations;
static uint64_t g_next_id = 0x52454c0000000000ULL;	/* "REL" */

/* What a task created by the target reports about itself. */
struct report {
	pid_t pid;	/* pid (fork) or tid (thread) */
	int rc;		/* anl_task_read() of itself */
	uint64_t id;
};

struct targ {
	int rep_w;	/* report pipe, write end */
	int gate_r;	/* gate: EOF releases the new task */
	int gate_w;	/* the test's end: closed in the target */
	int go_r;	/* exit-reaped: the target waits for this */
	int go_w;
	long spin_us;	/* the target spins this long before acting */
	pid_t target;	/* two setters: whom to set */
	uint64_t id;	/* two setters: the second setter's value */
};

static void wait_eof(int fd)
{
	char c;

	while (read(fd, &c, 1) < 0 && errno == EINTR)
		;
}

static int write_all(int fd, const void *p, size_t n)
{
	return write(fd, p, n) == (ssize_t)n ? 0 : -1;
}

/* ---- targets -------------------------------------------------------- */

static int t_fork(void *p)
{
	struct targ *a = p;
	pid_t c;

	close(a->gate_w);
	rel_spin_us(a->spin_us);
	c = fork();
	if (c < 0)
		return 3;
	if (c == 0) {
		struct report r = { getpid(), 0, 0 };

		r.rc = anl_task_read(r.pid, 0, &r.id);
		if (write_all(a->rep_w, &r, sizeof(r)))
			_exit(4);
		wait_eof(a->gate_r);
		_exit(0);
	}
	return reap(c);
}

static void *t_thread_fn(void *p)
{
	struct targ *a = p;
	struct report r = { gettid(), 0, 0 };

	r.rc = anl_task_read(getpid(), r.pid, &r.id);
	if (write_all(a->rep_w, &r, sizeof(r)))
		return (void *)1;
	wait_eof(a->gate_r);
	return NULL;
}

static int t_thread(void *p)
{
	struct targ *a = p;
	pthread_t th;
	void *ret = (void *)1;

	close(a->gate_w);
	rel_spin_us(a->spin_us);
	if (pthread_create(&th, NULL, t_thread_fn, a))
		return 3;
	pthread_join(th, &ret);
	return ret ? 4 : 0;
}

static int t_exit(void *p)
{
	struct targ *a = p;

	rel_spin_us(a->spin_us);
	return 0;
}

/*
 * The reaper forks the target, reports its pid, and reaps it the moment
 * it exits, so that a set may find it exiting or gone altogether.
 */
static int t_reaper(void *p)
{
	struct targ *a = p;
	pid_t t;

	close(a->go_w);
	t = fork();
	if (t < 0)
		return 3;
	if (t == 0) {
		wait_eof(a->go_r);
		rel_spin_us(a->spin_us);
		_exit(0);
	}
	close(a->go_r);
	if (write_all(a->rep_w, &t, sizeof(t)))
		return 4;
	return reap(t);
}

static int t_idle(void *p)
{
	(void)p;
	return 0;
}

/* The second orchestrator: sets its own value on the same target. */
static int t_setter(void *p)
{
	struct targ *a = p;
	char buf[32];
	int rc;

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)a->id);
	rel_spin_us(a->spin_us);
	rc = anl_task_write(a->target, 0, buf, strlen(buf), 0);
	return write_all(a->rep_w, &rc, sizeof(rc)) ? 4 : 0;
}

/* ---- checks --------------------------------------------------------- */

static void expect_id(pid_t pid, pid_t tid, uint64_t want, const char *what)
{
	uint64_t id = 0;
	int rc = anl_task_read(pid, tid, &id);

	if (rc)
		fail_msg("%s %d/%d: reading containerid gave %d", what, (int)pid,
			 (int)tid, rc);
	if (id != want)
		fail_msg("%s %d/%d holds %llu, want %llu", what, (int)pid, (int)tid,
			 (unsigned long long)id, (unsigned long long)want);
}

/*
 * After anl_sync(): the stored AUDIT_CONTAINER records are exactly the
 * given texts, in any order (two setters log in the order they took the
 * lock, which the test does not know).
 */
static void expect_records(const char *const *want, int n)
{
	size_t have = rel_count_type(AUDIT_CONTAINER);
	int used[4] = { 0 };

	assert_true(n <= 4);
	if (have != (size_t)n) {
		rel_dump_records();
		fail_msg("%zu AUDIT_CONTAINER records, want %d (first: %s)", have, n,
			 n ? want[0] : "none");
	}
	for (size_t k = 0; k < anl_count(); k++) {
		const struct rec *r = anl_rec(k);
		int found = 0;

		if (r->type != AUDIT_CONTAINER)
			continue;
		for (int j = 0; j < n && !found; j++)
			if (!used[j] && strcmp(r->text, want[j]) == 0)
				used[j] = found = 1;
		if (!found) {
			rel_dump_records();
			fail_msg("unexpected record: %s (want %s)", r->text, want[0]);
		}
	}
}

static void staircase(struct stats *s, int succeeded)
{
	long step = s->delay_us / 6 + 2;

	s->delay_us += succeeded ? step : -step;
	if (s->delay_us < 0)
		s->delay_us = 0;
	if (s->delay_us > 50000)
		s->delay_us = 50000;
}

static long jittered(const struct stats *s)
{
	long d = (long)rel_below((uint64_t)(2 * s->delay_us + 2));

	return d;
}

static int open_contid(pid_t pid)
{
	int fd = anl_task_open(pid, 0, O_RDWR);

	if (fd < 0)
		fail_msg("open /proc/%d/containerid: %s", (int)pid, strerror(-fd));
	return fd;
}

static int write_id(int fd, uint64_t id)
{
	char buf[32];
	ssize_t n;

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)id);
	n = write(fd, buf, strlen(buf));
	if (n < 0)
		return -errno;
	return n == (ssize_t)strlen(buf) ? 0 : -EIO;
}

/*
 * Open the target's file, release the task that races the set (release:
 * the write end of its pipe), wait the jittered delay and write id.  The
 * file is closed, or handed back in *fdp.
 */
static int timed_set(struct stats *s, pid_t t, int release, uint64_t id, int *fdp)
{
	int fd = open_contid(t), rc;
	long delay = jittered(s);

	if (delay > s->max_delay_seen)
		s->max_delay_seen = delay;
	release_child(release);
	rel_spin_us(delay);
	rc = write_id(fd, id);
	if (fdp)
		*fdp = fd;
	else
		close(fd);
	return rc;
}

/* ---- one iteration per mode ----------------------------------------- */

/* Fork or thread: the target creates one task as soon as it is released. */
static void iter_child(enum mode m)
{
	struct stats *s = &g_st[m];
	uint64_t want = g_next_id++;
	int rep[2], gate[2], rel, rc;
	struct targ a = { 0 };
	struct report r;
	char rec[256];
	const char *recs[1] = { rec };
	pid_t t;

	assert_int_equal(pipe2(rep, O_CLOEXEC), 0);
	assert_int_equal(pipe2(gate, O_CLOEXEC), 0);
	a.rep_w = rep[1];
	a.gate_r = gate[0];
	a.gate_w = gate[1];
	a.spin_us = (long)rel_below(30);
	t = spawn_held(m == M_FORK ? t_fork : t_thread, &a, &rel);
	assert_true(t > 0);
	close(rep[1]);
	close(gate[0]);
	rc = timed_set(s, t, rel, want, NULL);

	/* The new task, still held at the gate, says what it inherited. */
	assert_int_equal(read(rep[0], &r, sizeof(r)), sizeof(r));
	assert_int_equal(r.rc, 0);
	if (rc == 0) {
		s->ok++;
		expect_id(t, 0, want, "target");
		if (r.id != want)
			fail_msg("%s %d read %llu itself, its parent got %llu",
				 mode_name[m], (int)r.pid, (unsigned long long)r.id,
				 (unsigned long long)want);
	} else {
		if (rc != -EBUSY)
			fail_msg("%s: write gave %d (%s), want 0 or -EBUSY", mode_name[m],
				 rc, strerror(-rc));
		s->busy++;
		expect_id(t, 0, CID_UNSET, "target");
		if (r.id != CID_UNSET)
			fail_msg("%s %d read %llu itself after EBUSY", mode_name[m],
				 (int)r.pid, (unsigned long long)r.id);
	}
	/* And /proc says the same about it. */
	if (m == M_FORK)
		expect_id(r.pid, 0, rc == 0 ? want : CID_UNSET, "child");
	else
		expect_id(t, r.pid, rc == 0 ? want : CID_UNSET, "thread");
	close(gate[1]);
	assert_int_equal(reap(t), 0);
	close(rep[0]);

	assert_int_equal(anl_sync(), 0);
	rel_set_record(rec, sizeof(rec), t, CID_UNSET, want, rc == 0);
	expect_records(recs, 1);
	anl_forget();
	staircase(s, rc == 0);
}

/* Exit: the target exits as soon as it is released and stays a zombie. */
static void iter_exit(void)
{
	struct stats *s = &g_st[M_EXIT];
	uint64_t want = g_next_id++;
	struct targ a = { 0 };
	int rel, rc;
	char rec[256];
	const char *recs[1] = { rec };
	pid_t t;

	a.spin_us = (long)rel_below(30);
	t = spawn_held(t_exit, &a, &rel);
	assert_true(t > 0);
	rc = timed_set(s, t, rel, want, NULL);
	if (rc == 0) {
		s->ok++;
	} else {
		if (rc != -ESRCH)
			fail_msg("exit: write gave %d (%s), want 0 or -ESRCH", rc,
				 strerror(-rc));
		s->srch_rec++;
	}
	/* Not reaped yet: the zombie still shows its ID. */
	expect_id(t, 0, rc == 0 ? want : CID_UNSET, "exiting target");
	assert_int_equal(reap(t), 0);
	assert_int_equal(anl_sync(), 0);
	rel_set_record(rec, sizeof(rec), t, CID_UNSET, want, rc == 0);
	expect_records(recs, 1);
	anl_forget();
	staircase(s, rc == 0);
}

/*
 * Exit, reaped at once by its own parent: the set may succeed, find the
 * target exiting (ESRCH and a res=0 record) or find it gone (ESRCH and no
 * record: the policy checks never ran).
 */
static void iter_exit_reaped(void)
{
	struct stats *s = &g_st[M_EXIT_REAPED];
	uint64_t want = g_next_id++, id = 0;
	struct targ a = { 0 };
	int rep[2], go[2], rel, fd, rc, rrc;
	char rec[256], buf[32];
	const char *recs[1] = { rec };
	ssize_t n;
	pid_t rp, t;

	assert_int_equal(pipe2(rep, O_CLOEXEC), 0);
	assert_int_equal(pipe2(go, O_CLOEXEC), 0);
	a.rep_w = rep[1];
	a.go_r = go[0];
	a.go_w = go[1];
	a.spin_us = (long)rel_below(30);
	rp = spawn_held(t_reaper, &a, &rel);
	assert_true(rp > 0);
	close(rep[1]);
	close(go[0]);
	release_child(rel);
	assert_int_equal(read(rep[0], &t, sizeof(t)), sizeof(t));
	close(rep[0]);
	rc = timed_set(s, t, go[1], want, &fd);
	/* Read back through the same file: the task or ESRCH. */
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	rrc = n < 0 ? -errno : 0;
	if (n >= 0) {
		buf[n] = '\0';
		id = strtoull(buf, NULL, 10);
	}
	close(fd);
	assert_int_equal(reap(rp), 0);
	assert_int_equal(anl_sync(), 0);
	rel_set_record(rec, sizeof(rec), t, CID_UNSET, want, rc == 0);
	if (rc == 0) {
		s->ok++;
		expect_records(recs, 1);
		if (rrc == 0 && id != want)
			fail_msg("reaped target %d shows %llu after a successful set",
				 (int)t, (unsigned long long)id);
	} else {
		if (rc != -ESRCH)
			fail_msg("exit (reaped): write gave %d (%s), want 0 or -ESRCH",
				 rc, strerror(-rc));
		if (rel_count_type(AUDIT_CONTAINER) == 0) {
			/* Gone before the checks: it cannot come back. */
			s->srch_norec++;
			if (rrc != -ESRCH)
				fail_msg("target %d gone at write but read gave %d", (int)t,
					 rrc);
		} else {
			s->srch_rec++;
			expect_records(recs, 1);
			if (rrc == 0 && id != CID_UNSET)
				fail_msg("target %d shows %llu after ESRCH", (int)t,
					 (unsigned long long)id);
		}
		if (rrc && rrc != -ESRCH)
			fail_msg("read after ESRCH gave %d", rrc);
	}
	anl_forget();
	staircase(s, rc == 0);
}

/* Two orchestrators, two values, one target: one wins, one gets EEXIST. */
static void iter_two_setters(void)
{
	struct stats *s = &g_st[M_TWO_SETTERS];
	uint64_t mine = g_next_id++, theirs = g_next_id++;
	struct targ a = { 0 };
	int rep[2], rel_t, rel_s, rc, their_rc;
	char rec_mine[256], rec_theirs[256];
	const char *recs[2] = { rec_mine, rec_theirs };
	pid_t t, setter;

	assert_int_equal(pipe2(rep, O_CLOEXEC), 0);
	t = spawn_held(t_idle, NULL, &rel_t);
	assert_true(t > 0);
	a.rep_w = rep[1];
	a.target = t;
	a.id = theirs;
	a.spin_us = (long)rel_below(30);
	setter = spawn_held(t_setter, &a, &rel_s);
	assert_true(setter > 0);
	close(rep[1]);
	rc = timed_set(s, t, rel_s, mine, NULL);
	assert_int_equal(read(rep[0], &their_rc, sizeof(their_rc)), sizeof(their_rc));
	close(rep[0]);
	assert_int_equal(reap(setter), 0);
	if (rc == 0 && their_rc == -EEXIST) {
		s->ok++;
		expect_id(t, 0, mine, "target");
		rel_set_record(rec_mine, sizeof(rec_mine), t, CID_UNSET, mine, 1);
		rel_set_record_by(rec_theirs, sizeof(rec_theirs), setter, t, mine, theirs, 0);
	} else if (rc == -EEXIST && their_rc == 0) {
		s->eexist++;
		expect_id(t, 0, theirs, "target");
		rel_set_record(rec_mine, sizeof(rec_mine), t, theirs, mine, 0);
		rel_set_record_by(rec_theirs, sizeof(rec_theirs), setter, t, CID_UNSET, theirs, 1);
	} else {
		fail_msg("two setters: %d and %d, want exactly one 0 and one -EEXIST", rc,
			 their_rc);
	}
	release_child(rel_t);
	assert_int_equal(reap(t), 0);
	assert_int_equal(anl_sync(), 0);
	expect_records(recs, 2);
	anl_forget();
	staircase(s, rc == 0);
}

/* ---- the test ------------------------------------------------------- */

static void test_race(void **state)
{
	long t0 = rel_now_ms();
	int order[M_NR];

	(void)state;
	for (int m = 0; m < M_NR; m++)
		g_st[m].delay_us = 100;
	for (long i = 0; i < g_iterations; i++) {
		enum mode m;

		if (i % M_NR == 0) {
			/* Each block of M_NR runs every mode once, shuffled. */
			for (int k = 0; k < M_NR; k++)
				order[k] = k;
			for (int k = M_NR - 1; k > 0; k--) {
				int j = (int)rel_below((uint64_t)k + 1), x = order[k];

				order[k] = order[j];
				order[j] = x;
			}
		}
		m = (enum mode)order[i % M_NR];
		g_st[m].iters++;
		switch (m) {
		case M_FORK:
		case M_THREAD:
			iter_child(m);
			break;
		case M_EXIT:
			iter_exit();
			break;
		case M_EXIT_REAPED:
			iter_exit_reaped();
			break;
		case M_TWO_SETTERS:
			iter_two_setters();
			break;
		default:
			fail();
		}
		if (i % 500 == 499)
			print_message("  %ld iterations, %ld ms\n", i + 1, rel_now_ms() - t0);
	}
	for (int m = 0; m < M_NR; m++) {
		const struct stats *s = &g_st[m];

		print_message("race %-22s %5ld iterations: success %ld, EBUSY %ld, "
			      "ESRCH %ld (+%ld gone, no record), EEXIST %ld; "
			      "delay centre %ld us, max %ld us\n",
			      mode_name[m], s->iters, s->ok, s->busy, s->srch_rec,
			      s->srch_norec, s->eexist, s->delay_us, s->max_delay_seen);
	}
	print_message("race: %ld iterations in %ld ms\n", g_iterations, rel_now_ms() - t0);
	/* A race that never went both ways was not exercised. */
	if (!g_st[M_FORK].ok || !g_st[M_FORK].busy)
		fail_msg("fork race: only one outcome (%ld success, %ld EBUSY)",
			 g_st[M_FORK].ok, g_st[M_FORK].busy);
	if (!g_st[M_THREAD].ok || !g_st[M_THREAD].busy)
		fail_msg("thread race: only one outcome (%ld success, %ld EBUSY)",
			 g_st[M_THREAD].ok, g_st[M_THREAD].busy);
	if (!g_st[M_EXIT].ok || !g_st[M_EXIT].srch_rec)
		fail_msg("exit race: only one outcome (%ld success, %ld ESRCH)",
			 g_st[M_EXIT].ok, g_st[M_EXIT].srch_rec);
	if (!g_st[M_EXIT_REAPED].ok ||
	    !(g_st[M_EXIT_REAPED].srch_rec + g_st[M_EXIT_REAPED].srch_norec))
		fail_msg("exit (reaped) race: only one outcome (%ld success, %ld ESRCH)",
			 g_st[M_EXIT_REAPED].ok,
			 g_st[M_EXIT_REAPED].srch_rec + g_st[M_EXIT_REAPED].srch_norec);
	if (!g_st[M_TWO_SETTERS].ok || !g_st[M_TWO_SETTERS].eexist)
		fail_msg("two setters: only one order (%ld won, %ld lost)",
			 g_st[M_TWO_SETTERS].ok, g_st[M_TWO_SETTERS].eexist);
}

static int setup_group(void **state)
{
	signal(SIGPIPE, SIG_IGN);
	if (anl_group_setup(state))
		return -1;
	rel_learn_tty();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_race),
	};

	rel_start("live_rel_race");
	g_iterations = rel_iters(rel_debug_kernel() ? 1250 : 3500);
	printf("live_rel_race: %ld iterations\n", g_iterations);
	fflush(stdout);
	return cmocka_run_group_tests_name("live_rel_race", tests, setup_group,
					   anl_group_teardown);
}
