/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Start a program with an audit container ID.
 *
 * The kernel only lets a parent set the ID of a child that has no children
 * and no threads, and a task cannot set its own.  So: fork; the child blocks
 * reading a "go" channel; the parent writes /proc/CHILD/containerid; only
 * then does it release the child, which execs.  The go channel is a
 * socketpair rather than a pipe so that releasing a child that died
 * meanwhile is EPIPE (MSG_NOSIGNAL), not a SIGPIPE in the caller.  No instruction of the program
 * runs without the ID.  The exec result comes back on a close-on-exec pipe:
 * EOF means exec succeeded, an int is the exec errno.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "internal.h"

extern char **environ;

static void kill_and_reap(pid_t pid)
{
	int st;

	kill(pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
}

/* In the child: only async-signal-safe calls until exec. */
static void child(int go_rd, int err_wr, const char *file, char *const argv[],
		  char *const envp[], unsigned int flags)
{
	char c;
	ssize_t n;
	int e;

	do {
		n = read(go_rd, &c, 1);
	} while (n < 0 && errno == EINTR);
	if (n != 1)
		_exit(127);	/* parent failed: never run the program */
	close(go_rd);
	if (!(flags & CONTID_SPAWN_KEEP_STDIO)) {
		int fd = open("/dev/null", O_RDWR);

		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
			if (fd > 2)
				close(fd);
		}
	}
	if (flags & CONTID_SPAWN_SEARCH_PATH)
		execvpe(file, argv, envp);
	else
		execve(file, argv, envp);
	e = errno;
	n = write(err_wr, &e, sizeof(e));
	(void)n;
	_exit(127);
}

static int proc_setter(void *ctx, pid_t pid, uint64_t id)
{
	(void)ctx;
	return contid_task_set(pid, id);
}

CONTID_EXPORT int contid_spawn(uint64_t id, const char *file,
			       char *const argv[], char *const envp[],
			       unsigned int flags, pid_t *pidp)
{
	return contid_spawn_with(proc_setter, NULL, id, file, argv, envp,
				 flags, pidp);
}

int contid_spawn_with(contid_setter_fn set, void *ctx, uint64_t id,
		      const char *file, char *const argv[], char *const envp[],
		      unsigned int flags, pid_t *pidp)
{
	int go[2], ep[2];
	pid_t pid;
	int r, e;
	ssize_t n;

	if (!file || !argv ||
	    (flags & ~(unsigned int)(CONTID_SPAWN_KEEP_STDIO | CONTID_SPAWN_SEARCH_PATH)))
		return -EINVAL;
	if (id == CONTID_UNSET)
		return -CONTID_E_UNSET;
	if (!envp)
		envp = environ;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, go) < 0)
		return -errno;
	if (pipe2(ep, O_CLOEXEC) < 0) {
		r = -errno;
		close(go[0]);
		close(go[1]);
		return r;
	}
	pid = fork();
	if (pid < 0) {
		r = -errno;
		close(go[0]);
		close(go[1]);
		close(ep[0]);
		close(ep[1]);
		return r;
	}
	if (pid == 0) {
		close(go[1]);
		close(ep[0]);
		child(go[0], ep[1], file, argv, envp, flags);
	}
	close(go[0]);
	close(ep[1]);

	r = set(ctx, pid, id);
	if (r < 0) {
		close(go[1]);	/* child reads EOF and exits: kill anyway */
		close(ep[0]);
		kill_and_reap(pid);
		return r;
	}
	do {
		n = send(go[1], "g", 1, MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n != 1) {
		r = n < 0 ? -errno : -EIO;
		close(go[1]);
		close(ep[0]);
		kill_and_reap(pid);
		return r;
	}
	close(go[1]);
	do {
		n = read(ep[0], &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	close(ep[0]);
	if (n == (ssize_t)sizeof(e)) {
		kill_and_reap(pid);
		return -e;
	}
	if (n != 0) {
		kill_and_reap(pid);
		return n < 0 ? -errno : -EIO;
	}
	if (pidp)
		*pidp = pid;
	return 0;
}
