/* /proc/PID/containerid against a fake proc root; the spawn helper with a
 * fake setter that checks the child is held until its ID is set. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "internal.h"

/*
 * read() is wrapped (-Wl,--wrap=read, Makefile.am): a regular file in the
 * fake /proc cannot refuse a read the way the kernel does (EPERM when the
 * opener lacks CAP_AUDIT_CONTROL), so the next read fails with
 * fail_next_read when it is set.
 */
static int fail_next_read;
ssize_t __real_read(int fd, void *buf, size_t len);
ssize_t __wrap_read(int fd, void *buf, size_t len);
ssize_t __wrap_read(int fd, void *buf, size_t len)
{
	if (fail_next_read) {
		errno = fail_next_read;
		fail_next_read = 0;
		return -1;
	}
	return __real_read(fd, buf, len);
}

struct fixture {
	char root[64];
};

static void write_file(const char *path, const char *content)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(content, f);
	fclose(f);
}

static void read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char p[256];

	strcpy(fx->root, "/tmp/contid-proc-XXXXXX");
	assert_non_null(mkdtemp(fx->root));
	snprintf(p, sizeof(p), "%s/100", fx->root);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/100/containerid", fx->root);
	write_file(p, "");
	snprintf(p, sizeof(p), "%s/100/task", fx->root);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/100/task/101", fx->root);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/100/task/101/containerid", fx->root);
	write_file(p, "18446744073709551615");
	snprintf(p, sizeof(p), "%s/200", fx->root);	/* no containerid file */
	mkdir(p, 0700);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", fx->root);
	assert_int_equal(system(cmd), 0);
	free(fx);
	return 0;
}

static void test_write_read(void **state)
{
	struct fixture *fx = *state;
	char p[256], buf[64];
	uint64_t id = 0;

	snprintf(p, sizeof(p), "%s/100/containerid", fx->root);
	assert_int_equal(contid_task_write_at(fx->root, 100, 0, 123456), 0);
	read_file(p, buf, sizeof(buf));
	assert_string_equal(buf, "123456");
	assert_int_equal(contid_task_read_at(fx->root, 100, 0, &id), 0);
	assert_int_equal(id, 123456);
	/* the unset value is refused before anything is written */
	write_file(p, "7");
	assert_int_equal(contid_task_write_at(fx->root, 100, 0, CONTID_UNSET),
			 -CONTID_E_UNSET);
	read_file(p, buf, sizeof(buf));
	assert_string_equal(buf, "7");
	/* a thread's file; unset reads as CONTID_UNSET */
	assert_int_equal(contid_task_read_at(fx->root, 100, 101, &id), 0);
	assert_true(id == CONTID_UNSET);
	snprintf(p, sizeof(p), "%s/100/task/101/containerid", fx->root);
	write_file(p, "");	/* a regular file keeps old bytes; proc does not */
	assert_int_equal(contid_task_write_at(fx->root, 100, 101, 0), 0);
	read_file(p, buf, sizeof(buf));
	assert_string_equal(buf, "0");
	/* trailing newline accepted on read, junk is a protocol error */
	write_file(p, "42\n");
	assert_int_equal(contid_task_read_at(fx->root, 100, 101, &id), 0);
	assert_int_equal(id, 42);
	write_file(p, "4x");
	assert_int_equal(contid_task_read_at(fx->root, 100, 101, &id), -CONTID_E_PROTO);
	write_file(p, "");
	assert_int_equal(contid_task_read_at(fx->root, 100, 101, &id), -CONTID_E_PROTO);
}

static void test_missing(void **state)
{
	struct fixture *fx = *state;
	uint64_t id;

	/* the task exists but the kernel has no containerid file */
	assert_int_equal(contid_task_write_at(fx->root, 200, 0, 1), -CONTID_E_NOSUPPORT);
	assert_int_equal(contid_task_read_at(fx->root, 200, 0, &id), -CONTID_E_NOSUPPORT);
	/* no such task */
	assert_int_equal(contid_task_write_at(fx->root, 300, 0, 1), -ESRCH);
	assert_int_equal(contid_task_read_at(fx->root, 300, 0, &id), -ESRCH);
	assert_int_equal(contid_task_write_at(fx->root, 100, 999, 1), -ESRCH);
	assert_int_equal(contid_task_write_at(fx->root, 0, 0, 1), -EINVAL);
	assert_int_equal(contid_task_set_tid(1, 0, 1), -EINVAL);
	assert_int_equal(contid_task_set(1, CONTID_UNSET), -CONTID_E_UNSET);
}

/* Reading refused: by the kernel (read) or by the file's mode (open). */
static void test_read_refused(void **state)
{
	struct fixture *fx = *state;
	char p[256];
	uint64_t id = 5;
	pid_t c;
	int st;

	fail_next_read = EPERM;
	assert_int_equal(contid_task_read_at(fx->root, 100, 0, &id), -CONTID_E_READPERM);
	assert_int_equal(fail_next_read, 0);
	fail_next_read = EACCES;
	assert_int_equal(contid_task_read_at(fx->root, 100, 101, &id), -CONTID_E_READPERM);
	/* Other read errors stay what they are. */
	fail_next_read = EIO;
	assert_int_equal(contid_task_read_at(fx->root, 100, 0, &id), -EIO);
	assert_int_equal(id, 5);
	/* A file the caller may not open (another user's task, mode 0600):
	 * mode 000 and, for root, an fsuid without CAP_DAC_OVERRIDE. */
	snprintf(p, sizeof(p), "%s/100/containerid", fx->root);
	assert_int_equal(chmod(p, 0), 0);
	c = fork();
	assert_true(c >= 0);
	if (c == 0) {
		setfsuid(65534);
		_exit(contid_task_read_at(fx->root, 100, 0, &id) == -CONTID_E_READPERM ? 0 : 1);
	}
	assert_int_equal(waitpid(c, &st, 0), c);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_int_equal(chmod(p, 0600), 0);
	assert_int_equal(id, 5);
	/* The words for it. */
	assert_string_equal(contid_task_strerror(-CONTID_E_READPERM),
			    "Permission denied: reading a container ID takes CAP_AUDIT_CONTROL");
	assert_string_equal(contid_strerror(-CONTID_E_READPERM),
			    contid_task_strerror(-CONTID_E_READPERM));
}

static void test_id_parse(void **state)
{
	uint64_t id = 1;

	(void)state;
	assert_int_equal(contid_id_parse("0", &id), 0);
	assert_int_equal(id, 0);
	assert_int_equal(contid_id_parse("18446744073709551614", &id), 0);
	assert_true(id == UINT64_MAX - 1);
	assert_int_equal(contid_id_parse("18446744073709551615", &id), -CONTID_E_UNSET);
	assert_int_equal(contid_id_parse("18446744073709551616", &id), -ERANGE);
	assert_int_equal(contid_id_parse("-1", &id), -CONTID_E_SYNTAX);
	assert_int_equal(contid_id_parse(" 1", &id), -CONTID_E_SYNTAX);
	assert_int_equal(contid_id_parse("", &id), -CONTID_E_SYNTAX);
}

/*
 * The library's one number reader (number.c), and the callers that keep
 * their own errors around it: the first fault in reading order decides.
 */
static void test_parse_uint(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(contid_parse_uint("4294967295", 10, 10, UINT32_MAX, &v), 0);
	assert_true(v == UINT32_MAX);
	assert_int_equal(contid_parse_uint("4294967296", 10, 10, UINT32_MAX, &v), -ERANGE);
	assert_int_equal(contid_parse_uint("12x", 2, 10, UINT64_MAX, &v), 0);
	assert_true(v == 12);
	assert_int_equal(contid_parse_uint("", 0, 10, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(contid_parse_uint("1a", 2, 10, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(contid_parse_uint("18", 2, 8, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(contid_parse_uint("fF", 2, 16, UINT64_MAX, &v), 0);
	assert_true(v == 255);
	assert_int_equal(contid_parse_uint("5", 1, 10, 4, &v), -ERANGE);

	/* contid_id_parse(): out of range before the bad character, or not */
	assert_int_equal(contid_id_parse("99999999999999999999x", &v), -ERANGE);
	assert_int_equal(contid_id_parse("1x99999999999999999999", &v), -CONTID_E_SYNTAX);
	assert_int_equal(contid_id_parse("+1", &v), -CONTID_E_SYNTAX);
}

struct setter_ctx {
	const char *marker;
	pid_t pid;
	uint64_t id;
	int ret;
	int ran_early;
};

static int fake_setter(void *ctx, pid_t pid, uint64_t id)
{
	struct setter_ctx *sc = ctx;

	sc->pid = pid;
	sc->id = id;
	/* the child must not run the program while we hold it */
	usleep(200000);
	if (access(sc->marker, F_OK) == 0)
		sc->ran_early = 1;
	return sc->ret;
}

static void test_spawn_holds_child(void **state)
{
	struct fixture *fx = *state;
	char marker[128], script[256];
	struct setter_ctx sc = { 0 };
	char *argv[] = { "sh", "-c", script, NULL };
	pid_t pid = 0;
	int st;

	snprintf(marker, sizeof(marker), "%s/ran", fx->root);
	snprintf(script, sizeof(script), "echo ran > %s", marker);
	sc.marker = marker;
	assert_int_equal(contid_spawn_with(fake_setter, &sc, 77, "/bin/sh", argv,
					   NULL, CONTID_SPAWN_KEEP_STDIO, &pid), 0);
	assert_int_equal(sc.pid, pid);
	assert_int_equal(sc.id, 77);
	assert_int_equal(sc.ran_early, 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(access(marker, F_OK), 0);
	unlink(marker);
}

static int ok_setter(void *ctx, pid_t pid, uint64_t id)
{
	(void)ctx;
	(void)pid;
	(void)id;
	return 0;
}

static void test_spawn_stdio(void **state)
{
	struct fixture *fx = *state;
	char marker[128], script[512], buf[600];
	char *argv[] = { "sh", "-c", script, NULL };
	pid_t pid;
	int st, fd;

	snprintf(marker, sizeof(marker), "%s/fd", fx->root);
	snprintf(script, sizeof(script),
		 "readlink /proc/$$/fd/0 > %s; readlink /proc/$$/fd/2 >> %s; true",
		 marker, marker);
	assert_int_equal(contid_spawn_with(ok_setter, NULL, 1, "/bin/sh", argv,
					   NULL, 0, &pid), 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	read_file(marker, buf, sizeof(buf));
	assert_string_equal(buf, "/dev/null\n/dev/null\n");
	/* kept: the child's stderr is ours */
	fd = open(marker, O_WRONLY | O_TRUNC);
	close(fd);
	snprintf(script, sizeof(script), "readlink /proc/$$/fd/2 > %s; true", marker);
	assert_int_equal(contid_spawn_with(ok_setter, NULL, 1, "/bin/sh", argv,
					   NULL, CONTID_SPAWN_KEEP_STDIO, &pid), 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	read_file(marker, buf, sizeof(buf));
	{
		/* whatever our own stderr is (a log file, a tty, /dev/null) */
		char mine[600] = { 0 };
		ssize_t n = readlink("/proc/self/fd/2", mine, sizeof(mine) - 2);

		assert_true(n > 0);
		mine[n] = '\n';
		assert_string_equal(buf, mine);
	}
}

static void test_spawn_set_fails(void **state)
{
	struct fixture *fx = *state;
	char marker[128], script[256];
	struct setter_ctx sc = { .ret = -EBUSY };
	char *argv[] = { "sh", "-c", script, NULL };
	pid_t pid = 0;

	snprintf(marker, sizeof(marker), "%s/ran2", fx->root);
	snprintf(script, sizeof(script), "echo ran > %s", marker);
	sc.marker = marker;
	assert_int_equal(contid_spawn_with(fake_setter, &sc, 5, "/bin/sh", argv,
					   NULL, 0, &pid), -EBUSY);
	assert_int_equal(pid, 0);
	assert_true(sc.pid > 0);
	/* killed and reaped already */
	assert_int_equal(waitpid(sc.pid, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
	assert_int_equal(access(marker, F_OK), -1);
}

static int killing_setter(void *ctx, pid_t pid, uint64_t id)
{
	siginfo_t si;

	(void)id;
	*(pid_t *)ctx = pid;
	kill(pid, SIGKILL);	/* the child dies while held */
	/*
	 * Wait until it is dead (a zombie, its end of the go channel
	 * closed) without reaping it: contid_spawn_with() must still reap
	 * it.  A sleep here was not enough on a loaded machine: a child
	 * not yet dead took the "go" and the spawn reported success.
	 */
	while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) < 0 && errno == EINTR)
		;
	return 0;
}

static void test_spawn_child_died_while_held(void **state)
{
	char *argv[] = { "true", NULL };
	pid_t seen = 0, pid = 0;

	(void)state;
	/* EPIPE, not a SIGPIPE killing the caller; the child is reaped */
	assert_int_equal(contid_spawn_with(killing_setter, &seen, 5, "/bin/true",
					   argv, NULL, 0, &pid), -EPIPE);
	assert_int_equal(pid, 0);
	assert_true(seen > 0);
	assert_int_equal(waitpid(seen, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
}

static void test_spawn_exec_fails(void **state)
{
	struct setter_ctx sc = { .marker = "/nonexistent" };
	char *argv[] = { "x", NULL };
	pid_t pid = 0;

	(void)state;
	assert_int_equal(contid_spawn_with(fake_setter, &sc, 5, "/nonexistent/x",
					   argv, NULL, 0, &pid), -ENOENT);
	assert_int_equal(pid, 0);
	assert_int_equal(waitpid(sc.pid, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
	assert_int_equal(contid_spawn_with(fake_setter, &sc, 5, "no-such-program-x",
					   argv, NULL, CONTID_SPAWN_SEARCH_PATH, &pid),
			 -ENOENT);
	/* refused up front: no child at all */
	sc.pid = 0;
	assert_int_equal(contid_spawn_with(fake_setter, &sc, CONTID_UNSET, "/bin/true",
					   argv, NULL, 0, &pid), -CONTID_E_UNSET);
	assert_int_equal(sc.pid, 0);
	assert_int_equal(contid_spawn(5, "/bin/true", argv, NULL, 0x100, &pid), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_uint),
		cmocka_unit_test_setup_teardown(test_write_read, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_refused, setup, teardown),
		cmocka_unit_test(test_id_parse),
		cmocka_unit_test_setup_teardown(test_spawn_holds_child, setup, teardown),
		cmocka_unit_test_setup_teardown(test_spawn_stdio, setup, teardown),
		cmocka_unit_test_setup_teardown(test_spawn_set_fails, setup, teardown),
		cmocka_unit_test(test_spawn_exec_fails),
		cmocka_unit_test(test_spawn_child_died_while_held),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
