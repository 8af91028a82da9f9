// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Benchmark (issues 3 and 12): the cost of fork+exit, of a pair of setns()
 * (into an empty network namespace and back) and of unshare(CLONE_NEWNET)
 * for a task with and without a container ID, against the IDs of the
 * 9,999 other tasks in its network namespace: none, one shared ID, 9,999
 * distinct ones.  Runs in the guest as root, all in one boot, and prints
 * a table with the ratios.  A benchmark, not a test: it asserts nothing
 * about time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/audit.h>
#include <linux/netlink.h>

/* setns pairs per fork+exit in a run. */
#define SETNS_MULT 40

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Audit off: the sets would otherwise print 10,000 records on the
 * console (no audit daemon here).  The ID counts do not depend on it.
 */
static void audit_off(void)
{
	struct {
		struct nlmsghdr nh;
		struct audit_status st;
	} m = { 0 };
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_AUDIT);

	m.nh.nlmsg_len = sizeof(m);
	m.nh.nlmsg_type = AUDIT_SET;
	m.nh.nlmsg_flags = NLM_F_REQUEST;
	m.st.mask = AUDIT_STATUS_ENABLED;
	m.st.enabled = 0;
	if (fd < 0 || sendto(fd, &m, sizeof(m), 0, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		perror("AUDIT_SET enabled=0");
	if (fd >= 0)
		close(fd);
}

static int set_contid(pid_t pid, unsigned long long id)
{
	char path[64], buf[32];
	int fd, n, rc;

	snprintf(path, sizeof(path), "/proc/%d/containerid", (int)pid);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%llu", id);
	rc = write(fd, buf, (size_t)n) == n ? 0 : -1;
	close(fd);
	return rc;
}

/*
 * The worker: a child that waits for one byte on the pipe (its ID is set
 * meanwhile), then times loops fork+exit and prints the mean.
 */
static int empty_fd, home_fd;

static pid_t held_worker(int *wfd, int loops)
{
	int p[2];
	pid_t c;
	char x;

	if (pipe(p))
		exit(2);
	c = fork();
	if (c < 0) {
		perror("fork");
		exit(2);
	}
	if (c == 0) {
		double t0;

		close(p[1]);
		if (read(p[0], &x, 1) != 1)
			_exit(0);
		t0 = now();
		for (int i = 0; i < loops; i++) {
			pid_t k = fork();

			if (k == 0)
				_exit(0);
			waitpid(k, NULL, 0);
		}
		printf("%.9f ", (now() - t0) / loops);
		/* A setns pair is short: many more of them, so that the
		 * clock (jiffies-grained under TCG) resolves their time. */
		t0 = now();
		for (int i = 0; i < loops * SETNS_MULT; i++) {
			if (setns(empty_fd, CLONE_NEWNET) || setns(home_fd, CLONE_NEWNET)) {
				perror("setns");
				_exit(5);
			}
		}
		printf("%.9f ", (now() - t0) / (loops * SETNS_MULT));
		/* A new namespace each time: far fewer of them. */
		t0 = now();
		for (int i = 0; i < loops / 20; i++) {
			if (unshare(CLONE_NEWNET)) {
				perror("unshare");
				_exit(5);
			}
		}
		printf("%.9f\n", (now() - t0) / (loops / 20));
		fflush(stdout);
		_exit(0);
	}
	close(p[0]);
	*wfd = p[1];
	return c;
}

struct timing {
	double fork, setns, unshare;
};

static struct timing run_worker(unsigned long long id, int loops)
{
	int wfd, out[2], st;
	struct timing per;
	pid_t w;
	FILE *f;

	if (pipe(out))
		exit(2);
	fflush(stdout);
	w = fork();
	if (w == 0) {
		/* A wrapper whose stdout is the pipe: the worker inherits it. */
		dup2(out[1], 1);
		close(out[0]);
		pid_t c = held_worker(&wfd, loops);

		if (id && set_contid(c, id)) {
			perror("set worker ID");
			_exit(3);
		}
		if (write(wfd, "x", 1) != 1)
			_exit(3);
		waitpid(c, &st, 0);
		_exit(WIFEXITED(st) ? WEXITSTATUS(st) : 4);
	}
	close(out[1]);
	f = fdopen(out[0], "r");
	if (!f || fscanf(f, "%lf %lf %lf", &per.fork, &per.setns, &per.unshare) != 3) {
		fprintf(stderr, "worker gave no timing\n");
		exit(3);
	}
	fclose(f);
	waitpid(w, &st, 0);
	return per;
}

static pid_t *fork_idle(int n)
{
	pid_t *kids = calloc((size_t)n, sizeof(*kids));

	for (int i = 0; i < n; i++) {
		kids[i] = fork();
		if (kids[i] < 0) {
			perror("fork");
			exit(2);
		}
		if (kids[i] == 0) {
			for (;;)
				pause();
		}
	}
	return kids;
}

static void kill_all(pid_t *kids, int n)
{
	for (int i = 0; i < n; i++)
		kill(kids[i], SIGKILL);
	for (int i = 0; i < n; i++)
		waitpid(kids[i], NULL, 0);
	free(kids);
}

static void set_all(pid_t *kids, int n, unsigned long long first, int distinct)
{
	for (int i = 0; i < n; i++) {
		if (set_contid(kids[i], first + (distinct ? (unsigned long long)i : 0))) {
			fprintf(stderr, "set ID on task %d: %s\n", i, strerror(errno));
			exit(3);
		}
	}
}

static void row(const char *ids, const char *worker, struct timing t)
{
	printf("| %s | %s | %.1f | %.1f | %.1f |\n", ids, worker, t.fork * 1e6,
	       t.setns * 1e6, t.unshare * 1e6);
}

int main(int argc, char **argv)
{
	int loops = argc > 1 ? atoi(argv[1]) : 2000;
	int extra = argc > 2 ? atoi(argv[2]) : 9999;
	struct timing base, one, shared, shared0, many, many0;
	char label[64];
	pid_t *kids, empty;

	audit_off();
	if (unshare(CLONE_NEWNET)) {
		perror("unshare");
		return 2;
	}
	home_fd = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	empty = fork();
	if (empty == 0) {
		if (unshare(CLONE_NEWNET))
			_exit(2);
		for (;;)
			pause();
	}
	sleep(1);
	snprintf(label, sizeof(label), "/proc/%d/ns/net", (int)empty);
	empty_fd = open(label, O_RDONLY | O_CLOEXEC);
	if (home_fd < 0 || empty_fd < 0) {
		perror("open ns");
		return 2;
	}
	/*
	 * The same number of other tasks is in the namespace in every run,
	 * first without IDs, then all with one shared ID, then (a new set of
	 * tasks, as a set ID is not replaced) each with its own.
	 */
	kids = fork_idle(extra);
	run_worker(0, loops / 4);	/* warm up */
	base = run_worker(0, loops);
	one = run_worker(1, loops);
	set_all(kids, extra, 1, 0);
	shared = run_worker(1, loops);
	shared0 = run_worker(0, loops);
	kill_all(kids, extra);
	kids = fork_idle(extra);
	set_all(kids, extra, 100000, 1);
	many = run_worker(1, loops);
	many0 = run_worker(0, loops);

	printf("netns benchmark: %d fork+exit, %d setns pairs, %d unshare per run, one boot\n",
	       loops, loops * SETNS_MULT, loops / 20);
	{
		struct timespec res;

		clock_getres(CLOCK_MONOTONIC, &res);
		printf("CLOCK_MONOTONIC resolution: %ld ns\n", res.tv_nsec);
	}
	printf("%d other tasks in the namespace in every run\n", extra);
	printf("| IDs in the netns | worker | us per fork+exit | us per setns pair | us per unshare |\n");
	printf("| --- | --- | --- | --- | --- |\n");
	row("0", "no ID", base);
	row("1 (the worker's)", "ID 1", one);
	snprintf(label, sizeof(label), "1, shared by %d tasks", extra + 1);
	row(label, "ID 1", shared);
	snprintf(label, sizeof(label), "1, shared by %d tasks", extra);
	row(label, "no ID", shared0);
	snprintf(label, sizeof(label), "%d distinct", extra + 1);
	row(label, "ID 1", many);
	snprintf(label, sizeof(label), "%d distinct", extra);
	row(label, "no ID", many0);
	printf("ratio fork+exit with %d IDs / with 1 ID: %.3f\n", extra + 1, many.fork / one.fork);
	printf("ratio setns with an ID / without, 1 shared ID: %.3f\n", shared.setns / shared0.setns);
	printf("ratio setns with an ID / without, %d IDs: %.3f\n", extra + 1, many.setns / many0.setns);
	printf("ratio unshare with an ID / without, %d IDs: %.3f\n", extra + 1,
	       many.unshare / many0.unshare);

	kill_all(kids, extra);
	kill(empty, SIGKILL);
	waitpid(empty, NULL, 0);
	return 0;
}
