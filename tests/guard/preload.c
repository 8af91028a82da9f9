/*
 * The host suite's guard, part 2 of 2 (tests/guard/README.md): preloaded
 * (LD_PRELOAD) into every process of a host test by contid-test-guard.
 *
 * It refuses, loudly, what a host test must never do to the machine it
 * runs on: create a NETLINK_AUDIT socket through libc, or open a
 * containerid file of the real /proc for writing.  The file is known by
 * what it is, not by how it is named: a path (absolute, relative, through
 * a directory descriptor, through /proc/self or a symbolic link) whose
 * last component, once resolved, is "containerid" in a directory on a
 * procfs mount.  The procroot seam's fake trees (ordinary directories)
 * are not refused.
 *
 * A refusal prints one line on stderr, appends it to the file named by
 * CONTID_GUARD_LOG (the guard fails the test when that file is not empty,
 * even if the test swallowed the status) and exits 99, automake's "hard
 * error".  The seccomp filter (guard.c) catches a socket() that does not
 * go through libc; its SIGSYS lands in the handler below.
 *
 * Not built with the sanitizers: ASan finds this library first in the
 * list (the guard sets verify_asan_link_order=0), and its interceptors,
 * reached through RTLD_NEXT, stay in the chain.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <linux/netlink.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/syscall.h>

static void refuse(const char *what) __attribute__((noreturn));

static void refuse(const char *what)
{
	char line[PATH_MAX + 512];
	/* the program's name (under valgrind /proc's comm is valgrind's) */
	const char *comm = program_invocation_short_name;
	const char *log = getenv("CONTID_GUARD_LOG");
	int fd, n;

	n = snprintf(line, sizeof(line),
		     "contid-test-guard: BLOCKED %s in pid %d (%s): a host test must not "
		     "touch the host's audit subsystem (tests/guard/README.md)\n",
		     what, (int)getpid(), comm);
	if (n < 0 || (size_t)n >= sizeof(line))
		n = (int)strlen(line);
	if (write(2, line, (size_t)n) < 0) {
		/* nothing more can be said: the exit status still fails */
	}
	if (log && *log) {
		fd = (int)syscall(SYS_openat, AT_FDCWD, log, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (fd >= 0) {
			if (write(fd, line, (size_t)n) < 0) {
				/* the status below still fails the test */
			}
			close(fd);
		}
	}
	_exit(99);
}

/* ---------------------------------------------------------- the socket */

static void check_socket(int domain, int protocol)
{
	if (domain == AF_NETLINK && protocol == NETLINK_AUDIT)
		refuse("socket(AF_NETLINK, ..., NETLINK_AUDIT)");
}

int socket(int domain, int type, int protocol)
{
	static int (*real)(int, int, int);

	check_socket(domain, protocol);
	if (!real)
		real = (int (*)(int, int, int))dlsym(RTLD_NEXT, "socket");
	return real(domain, type, protocol);
}

/* A raw socket syscall, stopped by the seccomp filter (SECCOMP_RET_TRAP). */
static void on_sigsys(int sig, siginfo_t *si, void *uc)
{
	char what[128];

	(void)sig;
	(void)uc;
	snprintf(what, sizeof(what), "system call %d (a NETLINK_AUDIT socket without libc, "
		 "or a foreign ABI: stopped by the seccomp filter)", si->si_syscall);
	refuse(what);
}

__attribute__((constructor)) static void guard_init(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSYS, &sa, NULL);
}

/* -------------------------------------------------- the containerid file */

static int on_procfs(const char *path)
{
	struct statfs sf;

	return statfs(path, &sf) == 0 && sf.f_type == PROC_SUPER_MAGIC;
}

static int is_containerid(const char *p)
{
	const char *b = strrchr(p, '/');

	return strcmp(b ? b + 1 : p, "containerid") == 0;
}

/* Is @path (relative to @dirfd) a containerid file of a mounted procfs? */
static int proc_containerid(int dirfd, const char *path)
{
	char full[PATH_MAX * 2 + 2], dir[PATH_MAX], res[PATH_MAX], link[32];
	const char *slash;
	ssize_t n;
	int saved = errno, hit = 0;

	if (!path)
		return 0;
	if (path[0] != '/' && dirfd != AT_FDCWD) {
		snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
		n = readlink(link, dir, sizeof(dir) - 1);
		if (n < 0)
			goto out;
		dir[n] = '\0';
		snprintf(full, sizeof(full), "%s/%s", dir, path);
	} else {
		snprintf(full, sizeof(full), "%s", path);
	}
	/* the file itself resolved (a link to it, /proc/self/fd/N) ... */
	if (realpath(full, res)) {
		hit = is_containerid(res) && on_procfs(res);
		goto out;
	}
	/* ... or, where it does not exist (a kernel without the series),
	 * its directory resolved and its own name */
	if (!is_containerid(full))
		goto out;
	slash = strrchr(full, '/');
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == full)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - full), full);
	if (realpath(dir, res))
		hit = on_procfs(res);
	else	/* a task that does not exist: the name says enough */
		hit = strncmp(full, "/proc/", 6) == 0;
out:
	errno = saved;
	return hit;
}

static int writes(int flags)
{
	return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_TRUNC | O_CREAT));
}

static void check_open(const char *fn, int dirfd, const char *path, int flags)
{
	char what[PATH_MAX + 64];

	if (writes(flags) && proc_containerid(dirfd, path)) {
		snprintf(what, sizeof(what), "%s(\"%s\") for writing", fn, path);
		refuse(what);
	}
}

static int fopen_writes(const char *mode)
{
	return mode && strpbrk(mode, "wa+") != NULL;
}

static void check_fopen(const char *fn, const char *path, const char *mode)
{
	char what[PATH_MAX + 64];

	if (fopen_writes(mode) && proc_containerid(AT_FDCWD, path)) {
		snprintf(what, sizeof(what), "%s(\"%s\", \"%s\")", fn, path, mode);
		refuse(what);
	}
}

static mode_t open_mode(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

#define NEXT(name) \
	static __typeof__(&name) real_##name; \
	if (!real_##name) \
		real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

/*
 * open(2)'s variadic forms, each passed on to libc's openat (what open is
 * on Linux): the mode only with O_CREAT or O_TMPFILE, as libc reads it.
 * DIRFD_DECL is empty or AT_DIRFD (the leading parameter).
 */
#define AT_DIRFD int dirfd,
#define WRAP_OPEN(name, label, DIRFD_DECL, dirfd_value) \
int name(DIRFD_DECL const char *path, int flags, ...) \
{ \
	va_list ap; \
	mode_t m; \
\
	NEXT(openat); \
	va_start(ap, flags); \
	m = open_mode(flags, ap); \
	va_end(ap); \
	check_open(label, dirfd_value, path, flags); \
	return real_openat(dirfd_value, path, flags, m); \
}
WRAP_OPEN(open, "open", , AT_FDCWD)
WRAP_OPEN(open64, "open", , AT_FDCWD)
WRAP_OPEN(openat, "openat", AT_DIRFD, dirfd)
WRAP_OPEN(openat64, "openat", AT_DIRFD, dirfd)

/* _FORTIFY_SOURCE's entry points */
int __open_2(const char *path, int flags);
int __open_2(const char *path, int flags)
{
	NEXT(__open_2);
	check_open("open", AT_FDCWD, path, flags);
	return real___open_2(path, flags);
}

int __open64_2(const char *path, int flags);
int __open64_2(const char *path, int flags)
{
	NEXT(__open64_2);
	check_open("open", AT_FDCWD, path, flags);
	return real___open64_2(path, flags);
}

int __openat_2(int dirfd, const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags)
{
	NEXT(__openat_2);
	check_open("openat", dirfd, path, flags);
	return real___openat_2(dirfd, path, flags);
}

int __openat64_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags)
{
	NEXT(__openat64_2);
	check_open("openat", dirfd, path, flags);
	return real___openat64_2(dirfd, path, flags);
}

int creat(const char *path, mode_t m)
{
	NEXT(creat);
	check_open("creat", AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC);
	return real_creat(path, m);
}

int creat64(const char *path, mode_t m)
{
	NEXT(creat64);
	check_open("creat", AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC);
	return real_creat64(path, m);
}

FILE *fopen(const char *path, const char *mode)
{
	NEXT(fopen);
	check_fopen("fopen", path, mode);
	return real_fopen(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	NEXT(fopen64);
	check_fopen("fopen", path, mode);
	return real_fopen64(path, mode);
}

FILE *freopen(const char *path, const char *mode, FILE *f)
{
	NEXT(freopen);
	check_fopen("freopen", path, mode);
	return real_freopen(path, mode, f);
}

FILE *freopen64(const char *path, const char *mode, FILE *f)
{
	NEXT(freopen64);
	check_fopen("freopen", path, mode);
	return real_freopen64(path, mode, f);
}
