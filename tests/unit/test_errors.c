/* One error convention: library codes above every errno, one message each. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <libcontid/contid.h>

/* Constants: checked when this file compiles, not when it runs. */
_Static_assert(CONTID_E_BASE == 4096, "library codes start at 4096");
_Static_assert(CONTID_E_PROTO >= 4096, "library codes above every errno");
_Static_assert(EHWPOISON < 4096, "the largest Linux errno below the base");

static void test_codes_above_errno(void **state)
{
	int e, f;

	(void)state;
	for (e = CONTID_E_BASE; e < CONTID_E_MAX; e++) {
		const char *m = contid_strerror(-e);

		assert_non_null(m);
		assert_string_not_equal(m, "Unknown libcontid error");
		/* distinct messages, same for +e and -e */
		assert_string_equal(m, contid_strerror(e));
		for (f = CONTID_E_BASE; f < e; f++)
			assert_string_not_equal(m, contid_strerror(-f));
	}
	assert_string_equal(contid_strerror(-CONTID_E_MAX), "Unknown libcontid error");
	assert_string_equal(contid_strerror(0), "Success");
	assert_string_equal(contid_strerror(-EPERM), strerror(EPERM));
	assert_string_equal(contid_strerror(-ETIMEDOUT), strerror(ETIMEDOUT));
	assert_string_equal(contid_strerror(-CONTID_E_NOFEATURE),
			    "Kernel lacks the containerid rule filter (feature bit absent)");
}

static void test_task_messages(void **state)
{
	(void)state;
	assert_string_equal(contid_task_strerror(-EPERM),
		"Permission denied: the caller or the opener lacks CAP_AUDIT_CONTROL, or the target is the caller or a kernel thread");
	assert_string_equal(contid_task_strerror(-EBUSY),
		"Task busy: it has children or threads");
	assert_string_equal(contid_task_strerror(-EEXIST),
		"The container ID of the task was already set");
	assert_string_equal(contid_task_strerror(-ESRCH), "No such task");
	assert_string_equal(contid_task_strerror(-EINVAL), "Invalid or unset container ID");
	assert_string_equal(contid_task_strerror(-CONTID_E_NOSUPPORT),
		"Kernel lacks audit container ID support (no containerid file in /proc)");
	assert_string_equal(contid_task_strerror(-CONTID_E_UNSET),
			    contid_strerror(-CONTID_E_UNSET));
	assert_string_equal(contid_task_strerror(-EIO), strerror(EIO));
	assert_string_equal(contid_version(), PACKAGE_VERSION);
}

/* The code's name, from the same table as its message (LIBCONTID_1.2). */
static void test_code_names(void **state)
{
	char want[64];
	int e, f;

	(void)state;
	for (e = CONTID_E_BASE; e < CONTID_E_MAX; e++) {
		const char *n = contid_strerrorname(-e);

		assert_non_null(n);
		assert_int_equal(strncmp(n, "CONTID_E_", 9), 0);
		assert_string_equal(n, contid_strerrorname(e));
		for (f = CONTID_E_BASE; f < e; f++)
			assert_string_not_equal(n, contid_strerrorname(-f));
	}
	snprintf(want, sizeof(want), "%s", contid_strerrorname(-CONTID_E_PROTO));
	assert_string_equal(want, "CONTID_E_PROTO");
	assert_string_equal(contid_strerrorname(-CONTID_E_NOFEATURE), "CONTID_E_NOFEATURE");
	assert_string_equal(contid_strerrorname(-CONTID_E_READPERM), "CONTID_E_READPERM");
	assert_null(contid_strerrorname(-CONTID_E_MAX));
	assert_null(contid_strerrorname(0));
	assert_null(contid_strerrorname(-EPERM));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_codes_above_errno),
		cmocka_unit_test(test_task_messages),
		cmocka_unit_test(test_code_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
