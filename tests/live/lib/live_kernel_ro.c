/* Live: read-only requests against the guest's patched kernel (AUDIT_GET,
 * the signal info, LIST_RULES, each listed rule printed and parsed back to
 * the same bytes), from two threads at once.  Until issue 33 this was the
 * host unit test test_kernel_ro, which sent them to the host's kernel; the
 * host suite's tests/unit/test_threads runs the two threads against fake
 * kernels instead. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <libcontid/contid.h>

static void *worker(void *arg)
{
	struct contid_handle *h;
	struct contid_status st;
	struct contid_handle_stats hs;
	int i, err = 0;

	(void)arg;
	if (contid_handle_open(&h, 0) < 0)
		return (void *)1;
	for (i = 0; i < 200 && !err; i++)
		err = contid_status_get(h, &st);
	contid_handle_get_stats(h, &hs);
	contid_handle_close(h);
	return (void *)(intptr_t)(err || hs.stale || hs.foreign);
}

static void test_two_handles_two_threads(void **state)
{
	pthread_t a, b;
	void *ra, *rb;

	(void)state;
	assert_int_equal(pthread_create(&a, NULL, worker, NULL), 0);
	assert_int_equal(pthread_create(&b, NULL, worker, NULL), 0);
	pthread_join(a, &ra);
	pthread_join(b, &rb);
	assert_null(ra);
	assert_null(rb);
}

/*
 * @r printed as auditctl -l prints it, that text parsed back, and both
 * rules packed: the same audit_rule_data bytes, or the test fails with
 * the text.  (A watch reads its path's type from this machine: a dir
 * watch whose directory is gone since would come back as a path.)
 */
static void assert_round_trip(const struct contid_rule *r)
{
	struct contid_rule *back = NULL;
	void *want = NULL, *got = NULL;
	size_t want_len = 0, got_len = 0;
	char text[4096];
	int n, err;

	n = contid_rule_format(r, text, sizeof(text));
	assert_true(n > 0);
	assert_true((size_t)n < sizeof(text));
	err = contid_rule_parse(&back, text);
	if (err < 0)
		fail_msg("'%s' does not parse back: %s", text, contid_strerror(err));
	assert_int_equal(contid_rule_pack(r, &want, &want_len), 0);
	assert_int_equal(contid_rule_pack(back, &got, &got_len), 0);
	if (got_len != want_len || memcmp(got, want, want_len) != 0)
		fail_msg("'%s' parses back to other bytes (%zu, not %zu)",
			 text, got_len, want_len);
	free(want);
	free(got);
	contid_rule_free(back);
}

static int check_listed(const struct contid_rule *r, void *data)
{
	/* every rule the kernel lists can be printed and parsed back */
	assert_round_trip(r);
	(*(int *)data)++;
	return 0;
}

/*
 * The check itself, on a rule of this test's own: a host whose kernel
 * lists no rule (CI's) still runs every step of it.
 */
static void test_round_trip_check(void **state)
{
	struct contid_rule *r = NULL;

	(void)state;
	assert_int_equal(contid_rule_parse(&r,
		"-a always,exit -F arch=b64 -S openat,close -F uid=0 -F contid=7 -k a -k b"), 0);
	assert_round_trip(r);
	contid_rule_free(r);
}

static void test_status_siginfo_list(void **state)
{
	static struct contid_siginfo si;
	struct contid_handle *h;
	struct contid_status st;
	int n = 0, listed;

	(void)state;
	assert_int_equal(contid_handle_open(&h, 0), 0);
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_true(contid_status_has(&st, CONTID_STATUS_ENABLED));
	assert_int_equal(contid_siginfo_get(h, &si), 0);
	/* the series' kernel: SIGNAL_INFO2 */
	assert_true(st.feature_bitmap & CONTID_FEATURE_CONTAINERID_FILTER);
	assert_int_equal(si.version, 2);
	listed = contid_rule_list(h, check_listed, &n);
	assert_true(listed >= 0);
	assert_int_equal(listed, n);
	contid_handle_close(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_check),
		cmocka_unit_test(test_status_siginfo_list),
		cmocka_unit_test(test_two_handles_two_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
