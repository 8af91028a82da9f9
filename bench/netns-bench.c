// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Benchmark (issue 3): the cost of fork+exit of a contained task against
 * the number of distinct container IDs in its network namespace.  Runs in
 * the guest as root: makes a network namespace, times N fork+exit of a
 * task with an ID there while the namespace holds 1 ID, then again after
 * 9,999 other tasks there got distinct IDs, all in one boot, and
 * prints a table with the ratio.  A benchmark, not a test: it asserts
 * nothing about time.
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
		printf("%.9f\n", (now() - t0) / loops);
		fflush(stdout);
		_exit(0);
	}
	close(p[0]);
	*wfd = p[1];
	return c;
}

static double run_worker(unsigned long long id, int loops)
{
	int wfd, out[2], st;
	double per;
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
	if (!f || fscanf(f, "%lf", &per) != 1) {
		fprintf(stderr, "worker gave no timing\n");
		exit(3);
	}
	fclose(f);
	waitpid(w, &st, 0);
	return per;
}

int main(int argc, char **argv)
{
	int loops = argc > 1 ? atoi(argv[1]) : 2000;
	int extra = argc > 2 ? atoi(argv[2]) : 9999;
	double base, one, many, base2;
	pid_t *kids;

	audit_off();
	if (unshare(CLONE_NEWNET)) {
		perror("unshare");
		return 2;
	}
	/*
	 * The same 9,999 extra tasks are in the namespace in both runs, first
	 * without IDs, then each with its own: only the number of distinct
	 * IDs differs (the number of tasks alone changes fork+exit time).
	 */
	kids = calloc((size_t)extra, sizeof(*kids));
	for (int i = 0; i < extra; i++) {
		kids[i] = fork();
		if (kids[i] < 0) {
			perror("fork");
			return 2;
		}
		if (kids[i] == 0) {
			for (;;)
				pause();
		}
	}
	run_worker(0, loops / 4);	/* warm up */
	base = run_worker(0, loops);
	one = run_worker(1, loops);
	for (int i = 0; i < extra; i++) {
		if (set_contid(kids[i], 100000ULL + (unsigned long long)i)) {
			fprintf(stderr, "set ID on task %d: %s\n", i, strerror(errno));
			return 3;
		}
	}
	many = run_worker(1, loops);
	base2 = run_worker(0, loops);

	printf("netns fork+exit benchmark: %d fork+exit per run, one boot\n", loops);
	printf("| distinct IDs in the netns | worker | us per fork+exit |\n");
	printf("| --- | --- | --- |\n");
	printf("%d other tasks in the namespace in every run\n", extra);
	printf("| 0 | no ID | %.1f |\n", base * 1e6);
	printf("| 1 | ID 1 | %.1f |\n", one * 1e6);
	printf("| %d | ID 1 | %.1f |\n", extra + 1, many * 1e6);
	printf("| %d | no ID | %.1f |\n", extra, base2 * 1e6);
	printf("ratio fork+exit with %d IDs / with 1 ID: %.3f\n", extra + 1, many / one);
	printf("ratio, tasks without an ID, after / before: %.3f\n", base2 / base);

	for (int i = 0; i < extra; i++)
		kill(kids[i], SIGKILL);
	for (int i = 0; i < extra; i++)
		waitpid(kids[i], NULL, 0);
	return 0;
}
