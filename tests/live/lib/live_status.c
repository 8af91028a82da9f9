/* Live: AUDIT_GET / AUDIT_SET and the feature bitmap of the patched kernel. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "live-common.h"

static void test_status_and_features(void **state)
{
	struct contid_handle *h;
	struct contid_status st;
	uint32_t bm = 0;
	char names[512];

	(void)state;
	assert_int_equal(live_handle_open(&h, 0), 0);
	assert_int_equal(contid_status_get(h, &st), 0);
	/* a 6.1 kernel sends the whole current struct */
	assert_int_equal(st.present, (1u << CONTID_STATUS_NFIELDS) - 1);
	assert_int_equal(st.enabled, 1);	/* booted with audit=1 */
	assert_true(st.feature_bitmap & CONTID_FEATURE_CONTAINERID_FILTER);
	assert_int_equal(contid_handle_features(h, &bm), 0);
	assert_int_equal(bm, st.feature_bitmap);
	contid_features_format(bm, names, sizeof(names));
	assert_non_null(strstr(names, "containerid_filter"));
	assert_non_null(strstr(names, "backlog_limit"));
	assert_true(contid_status_has(&st, CONTID_STATUS_FEATURE_BITMAP));
	assert_true(contid_status_has(&st, CONTID_STATUS_BACKLOG_WAIT_TIME_ACTUAL));
	contid_feature_name(7, names, sizeof(names));
	assert_string_equal(names, "containerid_filter");
	assert_true(contid_handle_fd(h) >= 0);
	contid_handle_close(h);
}

static void test_set_backlog_and_enabled(void **state)
{
	struct contid_handle *h;
	struct contid_status st;
	uint32_t old;

	(void)state;
	assert_int_equal(live_handle_open(&h, 0), 0);
	assert_int_equal(contid_status_get(h, &st), 0);
	old = st.backlog_limit;
	assert_int_equal(contid_status_set_backlog_limit(h, old + 17), 0);
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.backlog_limit, old + 17);
	assert_int_equal(contid_status_set_backlog_limit(h, old), 0);
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.backlog_limit, old);
	assert_int_equal(contid_status_set_enabled(h, 1), 0);
	contid_handle_close(h);
}

static void test_register_unregister(void **state)
{
	struct contid_handle *h = live_open_daemon();
	struct contid_handle *q;
	struct contid_status st;

	(void)state;
	assert_int_equal(live_handle_open(&q, 0), 0);
	assert_int_equal(contid_status_get(q, &st), 0);
	assert_int_equal(st.pid, (uint32_t)getpid());
	live_close_daemon(h);
	assert_int_equal(contid_status_get(q, &st), 0);
	assert_int_equal(st.pid, 0);
	contid_handle_close(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status_and_features),
		cmocka_unit_test(test_set_backlog_and_enabled),
		cmocka_unit_test(test_register_unregister),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
