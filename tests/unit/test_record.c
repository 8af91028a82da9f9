/* The record parser on real record text (the cover letter's examples). */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <libcontid/contid.h>

static const char container_line[] =
	"type=CONTAINER msg=audit(1521122590.315:222): op=set pid=689 uid=0 "
	"subj=unconfined_u:unconfined_r:unconfined_t:s0-s0:c0.c1023 auid=0 "
	"tty=pts0 ses=3 opid=707 old-contid=18446744073709551615 contid=123456 res=1\n";

static const char proctitle_line[] =
	"type=PROCTITLE msg=audit(1521122591.614:227): proctitle=7065726C002D6500"
	"736C65657020313B206F70656E286D792024746D7066696C652C20273E272C20222F746D70"
	"2F746D70636F6E7461696E6572696422293B20636C6F73652824746D7066696C65293B";

static void field_is(const struct contid_record *r, unsigned int i,
		     const char *name, const char *value)
{
	const char *n, *v;

	assert_int_equal(contid_record_field(r, i, &n, &v, NULL), 0);
	assert_string_equal(n, name);
	assert_string_equal(v, value);
}

static void test_container_record(void **state)
{
	struct contid_record *r;

	(void)state;
	assert_int_equal(contid_record_parse_log(&r, container_line,
						 strlen(container_line)), 0);
	assert_int_equal(contid_record_type(r), 1020);
	assert_int_equal(contid_record_sec(r), 1521122590);
	assert_int_equal(contid_record_msec(r), 315);
	assert_int_equal(contid_record_serial(r), 222);
	assert_null(contid_record_node(r));
	assert_int_equal(contid_record_field_count(r), 11);
	field_is(r, 0, "op", "set");
	field_is(r, 1, "pid", "689");
	field_is(r, 3, "subj", "unconfined_u:unconfined_r:unconfined_t:s0-s0:c0.c1023");
	field_is(r, 6, "ses", "3");
	field_is(r, 8, "old-contid", "18446744073709551615");
	field_is(r, 9, "contid", "123456");
	field_is(r, 10, "res", "1");
	assert_int_equal(contid_record_field(r, 11, NULL, NULL, NULL), -CONTID_E_NOTFOUND);
	assert_string_equal(contid_record_find(r, "opid"), "707");
	assert_null(contid_record_find(r, "nope"));
	assert_int_equal(strncmp(contid_record_text(r), "op=set pid=689 ", 15), 0);
	assert_int_equal(strlen(contid_record_text(r)),
			 strlen(container_line) - strlen("type=CONTAINER msg=audit(1521122590.315:222): ") - 1);
	contid_record_free(r);
}

static void test_hex_and_quotes(void **state)
{
	static const char expect[] = "perl\0-e\0sleep 1; open(my $tmpfile, '>', "
		"\"/tmp/tmpcontainerid\"); close($tmpfile);";
	static const char path_line[] =
		"type=PATH msg=audit(1521122591.614:227): item=1 name=\"/tmp/tmpcontainerid\" "
		"inode=18427 dev=00:26 mode=0100644 nametype=CREATE comm=2F746D702F6120620A";
	struct contid_record *r;
	const char *v;
	size_t len;

	(void)state;
	assert_int_equal(contid_record_parse_log(&r, proctitle_line,
						 strlen(proctitle_line)), 0);
	assert_int_equal(contid_record_type(r), 1327);
	assert_int_equal(contid_record_field(r, 0, NULL, &v, &len), 0);
	assert_int_equal(len, sizeof(expect) - 1);
	assert_memory_equal(v, expect, len);
	assert_string_equal(contid_record_field_raw(r, 0), "7065726C002D6500"
		"736C65657020313B206F70656E286D792024746D7066696C652C20273E272C20222F746D70"
		"2F746D70636F6E7461696E6572696422293B20636C6F73652824746D7066696C65293B");
	contid_record_free(r);

	assert_int_equal(contid_record_parse_log(&r, path_line, strlen(path_line)), 0);
	field_is(r, 1, "name", "/tmp/tmpcontainerid");
	assert_string_equal(contid_record_field_raw(r, 1), "\"/tmp/tmpcontainerid\"");
	/* dev=00:26 is not hex-decoded: only the kernel's hex fields are */
	field_is(r, 3, "dev", "00:26");
	field_is(r, 4, "mode", "0100644");
	field_is(r, 6, "comm", "/tmp/a b\n");
	contid_record_free(r);
}

static void test_node_unknown_and_user(void **state)
{
	static const char l1[] =
		"node=host1 type=UNKNOWN[1340] msg=audit(10.020:30): op=netns contid=1,2,3";
	static const char l2[] =
		"type=USER_START msg=audit(1.000:2): pid=5 uid=0 auid=0 ses=1 "
		"msg='op=PAM:session_open acct=\"root\" exe=\"/bin/su\" res=success'";
	static const char l3[] =
		"type=SYSCALL msg=audit(1.000:3): arch=c000003e syscall=257 "
		"comm=\"cat\"\x1dUID=\"root\" AUID=\"root\"";
	struct contid_record *r;

	(void)state;
	assert_int_equal(contid_record_parse_log(&r, l1, strlen(l1)), 0);
	assert_string_equal(contid_record_node(r), "host1");
	assert_int_equal(contid_record_type(r), 1340);
	assert_int_equal(contid_record_msec(r), 20);
	field_is(r, 1, "contid", "1,2,3");
	contid_record_free(r);

	assert_int_equal(contid_record_parse_log(&r, l2, strlen(l2)), 0);
	assert_int_equal(contid_record_type(r), 1105);
	assert_int_equal(contid_record_field_count(r), 8);
	field_is(r, 4, "op", "PAM:session_open");
	field_is(r, 5, "acct", "root");
	field_is(r, 7, "res", "success");
	contid_record_free(r);

	/* ENRICHED: interpretations after 0x1d are not fields */
	assert_int_equal(contid_record_parse_log(&r, l3, strlen(l3)), 0);
	assert_int_equal(contid_record_field_count(r), 3);
	field_is(r, 2, "comm", "cat");
	contid_record_free(r);
}

static void test_netlink_payload_and_junk(void **state)
{
	static const char p[] = "audit(1521122591.614:227): op=task contid=123459\0\0\0";
	struct contid_record *r = NULL;
	static const char *const junk[] = {
		"", "hello", "type=SYSCALL", "type=SYSCALL msg=audit(1.2): a=b",
		"type=NOSUCHTYPE msg=audit(1.2:3): a=b", "type=SYSCALL msg=audit(x.2:3): a=b",
		"type=SYSCALL msg=audit(1.2:3) a=b", "node=x",
	};
	size_t i;

	(void)state;
	assert_int_equal(contid_record_parse_netlink(&r, 1340, p, sizeof(p) - 1), 0);
	assert_int_equal(contid_record_serial(r), 227);
	assert_int_equal(contid_record_field_count(r), 2);
	field_is(r, 1, "contid", "123459");
	assert_string_equal(contid_record_text(r), "op=task contid=123459");
	contid_record_free(r);
	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		r = NULL;
		assert_int_equal(contid_record_parse_log(&r, junk[i], strlen(junk[i])),
				 -CONTID_E_NOTRECORD);
		assert_null(r);
	}
	assert_int_equal(contid_record_parse_netlink(&r, 1300, "hello", 5),
			 -CONTID_E_NOTRECORD);
	assert_int_equal(contid_msgtype_number("CONTAINER"), 1020);
	assert_int_equal(contid_msgtype_number("CONTAINER_INFO"), 1340);
	assert_int_equal(contid_msgtype_number("UNKNOWN[1021]"), 1021);
	assert_int_equal(contid_msgtype_number("1300"), 1300);
	assert_int_equal(contid_msgtype_number("BOGUS"), -CONTID_E_BADVALUE);
	assert_string_equal(contid_msgtype_name(1340), "CONTAINER_INFO");
	assert_null(contid_msgtype_name(1999));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_container_record),
		cmocka_unit_test(test_hex_and_quotes),
		cmocka_unit_test(test_node_unknown_and_user),
		cmocka_unit_test(test_netlink_payload_and_junk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
