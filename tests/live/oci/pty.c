/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contid-live-pty PROGRAM [ARG...]: run PROGRAM with a new pseudo-terminal
 * as its controlling terminal and its stdin, stdout and stderr, and copy
 * what it writes there to our stdout; exit as it exited (128+N when killed
 * by signal N).  For the oci suite's "exec -t" checks: a runtime's
 * foreground terminal exec needs the caller to have a terminal (runc opens
 * /dev/tty), and the guest's programs run without one.  Nothing is written
 * to the terminal: the program's stdin sees no input.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[4096];
	int m, s, status;
	ssize_t n;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: contid-live-pty PROGRAM [ARG...]\n");
		return 2;
	}
	m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0) {
		perror("contid-live-pty: /dev/ptmx");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("contid-live-pty: fork");
		return 2;
	}
	if (pid == 0) {
		if (setsid() < 0 || (s = open(ptsname(m), O_RDWR)) < 0 ||
		    ioctl(s, TIOCSCTTY, 0) < 0 || dup2(s, 0) < 0 || dup2(s, 1) < 0 ||
		    dup2(s, 2) < 0) {
			perror("contid-live-pty: the terminal");
			_exit(127);
		}
		if (s > 2)
			close(s);
		execvp(argv[1], argv + 1);
		perror("contid-live-pty: exec");
		_exit(127);
	}
	/* Until the last writer closes the terminal: EIO (Linux). */
	while ((n = read(m, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (write(1, buf, (size_t)n) != n)
			break;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 2;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
