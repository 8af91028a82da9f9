/* Live: contid rules added, listed back byte for byte, deleted. */
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
#include <linux/audit.h>

#include "live-common.h"

struct find {
	const struct contid_rule *want;
	int found;
	int total;
	char text[1024];
};

/*
 * @listed is @want as the kernel keeps it: the same bytes, but the syscall
 * class bits (the top 16 of the mask's last word) that the kernel expands
 * and clears (audit_to_entry_common); auditctl's and libcontid's "every
 * syscall" sets them.
 */
static int listed_equal(const struct contid_rule *listed,
			const struct contid_rule *want)
{
	void *a = NULL, *b = NULL;
	size_t la, lb, off = offsetof(struct audit_rule_data, mask) + 63 * 4;
	uint32_t w;
	int eq;

	if (contid_rule_pack(listed, &a, &la) < 0 || contid_rule_pack(want, &b, &lb) < 0) {
		free(a);
		return 0;
	}
	memcpy(&w, (char *)b + off, 4);
	w &= 0x0000ffffu;
	memcpy((char *)b + off, &w, 4);
	eq = la == lb && !memcmp(a, b, la);
	free(a);
	free(b);
	return eq;
}

static int find_cb(const struct contid_rule *r, void *data)
{
	struct find *f = data;

	f->total++;
	if (listed_equal(r, f->want)) {
		f->found++;
		contid_rule_format(r, f->text, sizeof(f->text));
	}
	return 0;
}

static int count_listed(struct contid_handle *h, const struct contid_rule *r,
			char *text, size_t len)
{
	struct find f = { .want = r };
	int n = contid_rule_list(h, find_cb, &f);

	if (n < 0)
		fail_msg("contid_rule_list: %s", contid_strerror(n));
	assert_int_equal(n, f.total);
	if (text)
		snprintf(text, len, "%s", f.text);
	return f.found;
}

/* @text added, listed back as @listed (auditctl -l's text) */
static void add_list_delete2(const char *text, const char *listed_text)
{
	struct contid_handle *h;
	struct contid_rule *r;
	char listed[1024];
	int err;

	assert_int_equal(live_handle_open(&h, 0), 0);
	err = contid_rule_parse(&r, text);
	if (err < 0)
		fail_msg("parse %s: %s", text, contid_strerror(err));
	err = contid_rule_add(h, r);
	if (err < 0)
		fail_msg("add %s: %s", text, contid_strerror(err));
	/* the kernel lists it exactly as added, and it prints the same */
	assert_int_equal(count_listed(h, r, listed, sizeof(listed)), 1);
	assert_string_equal(listed, listed_text);
	/* adding it twice is the kernel's EEXIST */
	assert_int_equal(contid_rule_add(h, r), -EEXIST);
	assert_int_equal(contid_rule_delete(h, r), 0);
	assert_int_equal(count_listed(h, r, NULL, 0), 0);
	/* deleting again: ENOENT from the kernel */
	assert_int_equal(contid_rule_delete(h, r), -ENOENT);
	contid_rule_free(r);
	contid_handle_close(h);
}

static void add_list_delete(const char *text)
{
	add_list_delete2(text, text);
}

static void test_contid_only(void **state)
{
	(void)state;
	add_list_delete("-a always,exit -F arch=b64 -S openat -F contid=123459");
}

static void test_strings_around_contid(void **state)
{
	(void)state;
	live_mkdir("/tmp");
	live_mkdir("/tmp/contid-live");
	add_list_delete2("-a always,exit -F arch=b64 -S openat -F dir=/tmp/contid-live "
			 "-F perm=wa -F contid=123459 -k tmpcontainerid",
			 "-a always,exit -F arch=b64 -S openat -F dir=/tmp/contid-live "
			 "-F perm=wa -F contid=123459 -F key=tmpcontainerid");
	/* a string before the ID and one after it (the key goes last) */
	add_list_delete("-a always,exit -F arch=b64 -S openat -F path=/tmp/contid-live "
			"-F contid!=7 -F key=after");
	/* every syscall (all 64 mask words sent, as auditctl) */
	add_list_delete("-a always,exit -S all -F contid=8 -F key=k");
	/* b32 names */
	add_list_delete("-a always,exit -F arch=b32 -S chmod,fchmod,fchmodat -F contid=9");
}

static void test_user_and_exclude_lists(void **state)
{
	(void)state;
	add_list_delete("-a always,user -F contid=5");
	add_list_delete("-a always,exclude -F contid!=6");
}

static void test_delete_matches_64bit_value(void **state)
{
	struct contid_handle *h;
	struct contid_rule *a, *b;

	(void)state;
	assert_int_equal(live_handle_open(&h, 0), 0);
	/* same low 32 bits, different high bits */
	assert_int_equal(contid_rule_parse(&a, "-a always,exit -S openat -F contid=4294967297"), 0);
	assert_int_equal(contid_rule_parse(&b, "-a always,exit -S openat -F contid=1"), 0);
	assert_int_equal(contid_rule_add(h, a), 0);
	assert_int_equal(contid_rule_delete(h, b), -ENOENT);
	assert_int_equal(count_listed(h, a, NULL, 0), 1);
	assert_int_equal(contid_rule_delete(h, a), 0);
	contid_rule_free(a);
	contid_rule_free(b);
	contid_handle_close(h);
}

static void test_refused_before_sending(void **state)
{
	struct contid_handle *h;
	struct contid_rule *r;

	(void)state;
	assert_int_equal(live_handle_open(&h, 0), 0);
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -F contid>5"), -CONTID_E_BADOP);
	assert_int_equal(contid_rule_parse(&r, "-a always,task -F contid=5"), -CONTID_E_BADLIST);
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -S openat -F contid=5"), 0);
	assert_int_equal(contid_rule_check(h, r), 0);	/* the bit is there */
	contid_rule_free(r);
	contid_handle_close(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_contid_only),
		cmocka_unit_test(test_strings_around_contid),
		cmocka_unit_test(test_user_and_exclude_lists),
		cmocka_unit_test(test_delete_matches_64bit_value),
		cmocka_unit_test(test_refused_before_sending),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
