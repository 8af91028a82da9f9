/* AUDIT_GET decoding (short structs), feature names, AUDIT_SET bytes. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fake-kernel.h"

static void test_decode_full_and_short(void **state)
{
	uint32_t s[12] = { 0x7f, 1, 1, 321, 0, 8192, 5, 2, 0xff, 60000, 7, 99 };
	struct contid_status st;

	(void)state;
	/* a newer kernel with one more field: the extra one is ignored */
	assert_int_equal(contid_status_decode(&st, s, sizeof(s)), 11);
	assert_int_equal(st.present, 0x7ff);
	assert_int_equal(st.pid, 321);
	assert_int_equal(st.backlog_limit, 8192);
	assert_int_equal(st.lost, 5);
	assert_int_equal(st.feature_bitmap, 0xff);
	assert_int_equal(st.backlog_wait_time_actual, 7);
	/* 3.x kernel: no backlog_wait_time_actual */
	assert_int_equal(contid_status_decode(&st, s, 40), 10);
	assert_true(contid_status_has(&st, CONTID_STATUS_BACKLOG_WAIT_TIME));
	assert_false(contid_status_has(&st, CONTID_STATUS_BACKLOG_WAIT_TIME_ACTUAL));
	assert_int_equal(st.backlog_wait_time_actual, 0);
	/* old kernel: 8 fields, no feature_bitmap */
	assert_int_equal(contid_status_decode(&st, s, 32), 8);
	assert_int_equal(st.present, 0xff);
	assert_false(contid_status_has(&st, CONTID_STATUS_FEATURE_BITMAP));
	assert_int_equal(st.feature_bitmap, 0);
	assert_int_equal(st.backlog, 2);
	/* a partial trailing field is not a field */
	assert_int_equal(contid_status_decode(&st, s, 38), 9);
	assert_int_equal(st.feature_bitmap, 0xff);
	assert_int_equal(st.backlog_wait_time, 0);
	assert_int_equal(contid_status_decode(&st, s, 3), -CONTID_E_TRUNCATED);
	assert_int_equal(contid_status_decode(&st, s, 0), -CONTID_E_TRUNCATED);
	assert_false(contid_status_has(&st, 99));
}

static void on_short_get(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	uint32_t s[9] = { 0, 1, 1, 0, 0, 64, 0, 0, 0x3f };

	fk_push_msg(fk, AUDIT_GET, 0, req->nlmsg_seq, s, sizeof(s), 0);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void test_get_short_struct_and_cache(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;
	uint32_t bm = 0;

	(void)state;
	fk.on_send = on_short_get;
	assert_int_equal(contid_handle_features(h, &bm), 0);
	assert_int_equal(bm, 0x3f);
	assert_int_equal(fk.nsent, 1);
	assert_int_equal(contid_handle_features(h, &bm), 0);
	assert_int_equal(fk.nsent, 1);	/* cached */
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(fk.nsent, 2);
	assert_int_equal(st.present, 0x1ff);
	assert_int_equal(st.backlog_limit, 64);
	contid_handle_close(h);
	fk_free(&fk);
}

static void test_feature_names(void **state)
{
	static const char *const names[] = {
		"backlog_limit", "backlog_wait_time", "executable_path",
		"exclude_extend", "sessionid_filter", "lost_reset", "filter_fs",
		"containerid_filter",
	};
	char buf[128];
	unsigned int i;

	(void)state;
	for (i = 0; i < 8; i++) {
		assert_int_equal(contid_feature_name(i, buf, sizeof(buf)),
				 strlen(names[i]));
		assert_string_equal(buf, names[i]);
	}
	assert_int_equal(contid_feature_name(8, buf, sizeof(buf)), 5);
	assert_string_equal(buf, "bit 8");
	contid_feature_name(31, buf, sizeof(buf));
	assert_string_equal(buf, "bit 31");
	assert_int_equal(contid_feature_name(32, buf, sizeof(buf)), -EINVAL);
	assert_int_equal(contid_features_format(0x81u | (1u << 12), buf, sizeof(buf)),
			 strlen("backlog_limit,containerid_filter,bit 12"));
	assert_string_equal(buf, "backlog_limit,containerid_filter,bit 12");
	assert_int_equal(contid_features_format(0, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	/* too small: the needed length is still returned */
	assert_int_equal(contid_features_format(0x3, buf, 5), 31);
}

static void on_ack(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void check_set(struct fake_kernel *fk, uint32_t mask, unsigned int idx,
		      uint32_t value)
{
	const struct nlmsghdr *req = (const struct nlmsghdr *)fk->last_req;
	uint32_t s[11];
	unsigned int i;

	assert_int_equal(req->nlmsg_type, AUDIT_SET);
	assert_int_equal(req->nlmsg_len, 16 + 44);
	memcpy(s, fk->last_req + 16, sizeof(s));
	assert_int_equal(s[0], mask);
	for (i = 1; i < 11; i++)
		assert_int_equal(s[i], i == idx ? value : 0);
}

static void test_set_requests(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);

	(void)state;
	fk.on_send = on_ack;
	assert_int_equal(contid_status_set_enabled(h, 1), 0);
	check_set(&fk, 0x1, 1, 1);
	assert_int_equal(contid_status_set_enabled(h, 3), -EINVAL);
	assert_int_equal(contid_status_set_backlog_limit(h, 8192), 0);
	check_set(&fk, 0x10, 5, 8192);
	assert_int_equal(contid_handle_register(h), 0);
	check_set(&fk, 0x4, 3, (uint32_t)getpid());
	assert_int_equal(contid_handle_unregister(h), 0);
	check_set(&fk, 0x4, 3, 0);
	assert_int_equal(fk.nsent, 4);
	contid_handle_close(h);
	fk_free(&fk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode_full_and_short),
		cmocka_unit_test(test_get_short_struct_and_cache),
		cmocka_unit_test(test_feature_names),
		cmocka_unit_test(test_set_requests),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
