/*
 * guard-probe MODE: tries one thing the guard must stop (or, for the
 * modes named allowed-*, must let through) and says what happened.  Run by
 * tests/guard/guard.sh under contid-test-guard.  A forbidden attempt that
 * comes back prints "NOT BLOCKED" and exits 0, so that the script sees
 * the guard fail; nothing is ever written to a containerid file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/netlink.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>

static int done(const char *what, long r)
{
	printf("NOT BLOCKED: %s returned %ld (%s)\n", what, r, r < 0 ? strerror(errno) : "ok");
	if (r >= 0)
		close((int)r);
	return 0;
}

static int allowed(const char *what, long r, int want_errno)
{
	if (r < 0 && errno != want_errno) {
		printf("allowed-mode failed: %s: %s\n", what, strerror(errno));
		return 1;
	}
	printf("allowed: %s\n", what);
	if (r >= 0)
		close((int)r);
	return 0;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";
	FILE *f;
	int d;

	if (!strcmp(m, "socket"))
		return done("socket", socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT));
	if (!strcmp(m, "socket-raw"))
		return done("syscall(SYS_socket)",
			    syscall(SYS_socket, AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT));
	if (!strcmp(m, "socket-raw-nohandler")) {
		signal(SIGSYS, SIG_DFL);
		return done("syscall(SYS_socket)",
			    syscall(SYS_socket, AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT));
	}
	if (!strcmp(m, "open"))
		return done("open", open("/proc/self/containerid", O_WRONLY | O_CLOEXEC));
	if (!strcmp(m, "open-rdwr"))
		return done("open", open("/proc/1/task/1/containerid", O_RDWR | O_CLOEXEC));
	if (!strcmp(m, "openat")) {
		d = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		return done("openat", openat(d, "self/containerid", O_WRONLY | O_CLOEXEC));
	}
	if (!strcmp(m, "relative")) {
		if (chdir("/proc/self") < 0)
			return 2;
		return done("open", open("containerid", O_WRONLY | O_CLOEXEC));
	}
	if (!strcmp(m, "no-such-task"))
		return done("open", open("/proc/999999999/containerid", O_WRONLY | O_CLOEXEC));
	if (!strcmp(m, "fopen")) {
		f = fopen("/proc/self/containerid", "w");
		return done("fopen", f ? fileno(f) : -1);
	}
	if (!strcmp(m, "fopen-rplus")) {
		f = fopen("/proc/self/../1/containerid", "r+");
		return done("fopen", f ? fileno(f) : -1);
	}
	if (!strcmp(m, "symlink")) {
		/* argv[2]: a link to /proc/self made by the script */
		char p[4096];

		snprintf(p, sizeof(p), "%s/containerid", argc > 2 ? argv[2] : ".");
		return done("open", open(p, O_WRONLY | O_CLOEXEC));
	}
	/* what the guard must let through */
	if (!strcmp(m, "allowed-read"))
		return allowed("open(/proc/self/containerid, O_RDONLY)",
			       open("/proc/self/containerid", O_RDONLY | O_CLOEXEC), ENOENT);
	if (!strcmp(m, "allowed-route"))
		return allowed("socket(NETLINK_ROUTE)",
			       socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE), 0);
	if (!strcmp(m, "allowed-fake-root")) {
		/* argv[2]: a fake procroot directory made by the script */
		char p[4096];

		snprintf(p, sizeof(p), "%s/containerid", argc > 2 ? argv[2] : ".");
		return allowed("open(FAKEROOT/containerid, O_WRONLY|O_CREAT)",
			       open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0600), 0);
	}
	fprintf(stderr, "guard-probe: unknown mode '%s'\n", m);
	return 2;
}
