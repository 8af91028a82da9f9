/*
 * contid-test-guard PROGRAM [ARG...]: runs one host test so that it
 * cannot touch the audit subsystem of the machine it runs on
 * (tests/guard/README.md).  Every test of make check runs under it
 * (LOG_COMPILER and SH_LOG_COMPILER in Makefile.am), valgrind included:
 * the guard execs the test runner, the runner the test.
 *
 *   - a seccomp filter, inherited by every process of the test, stops
 *     socket(AF_NETLINK, *, NETLINK_AUDIT) however it is made
 *     (SECCOMP_RET_TRAP: the preload library's SIGSYS handler says so;
 *     a process without it dies of SIGSYS);
 *   - the preload library (preload.c) stops the same socket through libc
 *     and every open of a /proc containerid file for writing, with a
 *     message, a line in the guard's log and exit 99;
 *   - afterwards the guard fails the test (99) if the log has a line,
 *     whatever the test's own status, if the test died of SIGSYS, or if
 *     it exited 77 (a skip: the host suite never skips).
 * Otherwise the test's own exit status is the guard's.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#if defined(__x86_64__)
#define GUARD_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define GUARD_ARCH AUDIT_ARCH_AARCH64
#else
#error "contid-test-guard: add this architecture's AUDIT_ARCH (tests/guard/README.md)"
#endif

#ifndef GUARD_PRELOAD
#error "GUARD_PRELOAD: the path of contid-guard-preload.so"
#endif

#define ARG_LO(i) offsetof(struct seccomp_data, args[i])	/* little endian */

static int install_filter(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		/* another ABI (i386 on x86_64): nothing of a test uses one */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, GUARD_ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#ifdef __x86_64__
		/* x32 numbers */
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, ~0x40000000u),
#endif
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_NETLINK, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NETLINK_AUDIT, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) < 0)
		return -errno;
	return 0;
}

static int prepend_env(const char *name, const char *value, const char *sep)
{
	const char *old = getenv(name);
	char *v;
	int r;

	if (old && *old) {
		if (asprintf(&v, "%s%s%s", value, sep, old) < 0)
			return -1;
	} else if (!(v = strdup(value))) {
		return -1;
	}
	r = setenv(name, v, 1);
	free(v);
	return r;
}

static int log_has_lines(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && sb.st_size > 0;
}

static void show_log(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(2, buf, (size_t)n) < 0)
			break;
	close(fd);
}

int main(int argc, char **argv)
{
	char logpath[4096];
	const char *tmp = getenv("TMPDIR");
	int fd, status, err;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: contid-test-guard PROGRAM [ARG...]\n");
		return 99;
	}
	if (access(GUARD_PRELOAD, R_OK) < 0) {
		fprintf(stderr, "contid-test-guard: %s: %s\n", GUARD_PRELOAD, strerror(errno));
		return 99;
	}
	snprintf(logpath, sizeof(logpath), "%s/contid-guard.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(logpath);
	if (fd < 0) {
		fprintf(stderr, "contid-test-guard: cannot create %s: %s\n", logpath, strerror(errno));
		return 99;
	}
	close(fd);
	if (setenv("CONTID_GUARD_LOG", logpath, 1) < 0 ||
	    prepend_env("LD_PRELOAD", GUARD_PRELOAD, ":") < 0 ||
	    /* the library comes before ASan's runtime in the list */
	    prepend_env("ASAN_OPTIONS", "verify_asan_link_order=0", ":") < 0) {
		fprintf(stderr, "contid-test-guard: %s\n", strerror(errno));
		unlink(logpath);
		return 99;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "contid-test-guard: fork: %s\n", strerror(errno));
		unlink(logpath);
		return 99;
	}
	if (pid == 0) {
		err = install_filter();
		if (err < 0) {
			fprintf(stderr, "contid-test-guard: cannot install the seccomp filter: %s\n",
				strerror(-err));
			_exit(99);
		}
		execvp(argv[1], argv + 1);
		fprintf(stderr, "contid-test-guard: cannot run %s: %s\n", argv[1], strerror(errno));
		_exit(99);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "contid-test-guard: waitpid: %s\n", strerror(errno));
			unlink(logpath);
			return 99;
		}
	}
	if (log_has_lines(logpath)) {
		fprintf(stderr, "contid-test-guard: FAIL: %s touched the host's audit subsystem:\n",
			argv[1]);
		show_log(logpath);
		unlink(logpath);
		return 99;
	}
	unlink(logpath);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) {
		fprintf(stderr, "contid-test-guard: FAIL: %s was killed by SIGSYS: a system call "
			"the guard forbids (a NETLINK_AUDIT socket)\n", argv[1]);
		return 99;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
		fprintf(stderr, "contid-test-guard: FAIL: %s exited 77 (skip): "
			"a host test never skips\n", argv[1]);
		return 99;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
