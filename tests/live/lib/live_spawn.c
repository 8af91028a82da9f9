/* Live: contid_spawn starts a program that already has its ID. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "live-common.h"

static void test_program_sees_its_id(void **state)
{
	char out[] = "/tmp/contid-live-spawn";
	char script[128], buf[64] = { 0 };
	char *argv[] = { "sh", "-c", script, NULL };
	pid_t pid = 0;
	int fd;
	ssize_t n;

	(void)state;
	live_mkdir("/tmp");
	unlink(out);
	/* the very first thing the program does is read its own ID */
	snprintf(script, sizeof(script), "cat /proc/self/containerid > %s", out);
	assert_int_equal(contid_spawn(555, "/bin/sh", argv, NULL,
				      CONTID_SPAWN_KEEP_STDIO, &pid), 0);
	assert_true(pid > 0);
	assert_int_equal(live_wait_exit(pid), 0);
	fd = open(out, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	assert_true(n > 0);
	assert_string_equal(buf, "555");
	unlink(out);
}

static void test_parent_reads_child_id(void **state)
{
	/* Alive until killed below, however slow the guest: no deadline. */
	char *argv[] = { "sleep", "600", NULL };
	pid_t pid = 0;
	uint64_t id = 0;

	(void)state;
	assert_int_equal(contid_spawn(556, "sleep", argv, NULL,
				      CONTID_SPAWN_SEARCH_PATH, &pid), 0);
	assert_int_equal(contid_task_get(pid, &id), 0);
	assert_int_equal(id, 556);
	assert_int_equal(kill(pid, SIGTERM), 0);
	assert_int_equal(live_wait_exit(pid), 128 + SIGTERM);
}

static void test_exec_failure(void **state)
{
	char *argv[] = { "x", NULL };
	pid_t pid = 0;

	(void)state;
	assert_int_equal(contid_spawn(557, "/nonexistent/program", argv, NULL, 0, &pid),
			 -ENOENT);
	assert_int_equal(pid, 0);
	assert_int_equal(contid_spawn(CONTID_UNSET, "/bin/true", argv, NULL, 0, &pid),
			 -CONTID_E_UNSET);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_program_sees_its_id),
		cmocka_unit_test(test_parent_reads_child_id),
		cmocka_unit_test(test_exec_failure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
