/* audit_rule_data byte for byte, LIST_RULES decoding, and the refusals. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake-kernel.h"

#include "rule-layout.h"	/* OFF_*: struct audit_rule_data's offsets */

static void put32(unsigned char *b, size_t off, uint32_t v)
{
	/* host byte order, as the kernel reads it */
	memcpy(b + off, &v, 4);
}

/* 123 as a host-order u64, byte by byte */
static void put_id123(unsigned char *b)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	static const unsigned char id[8] = { 0x7b, 0, 0, 0, 0, 0, 0, 0 };
#else
	static const unsigned char id[8] = { 0, 0, 0, 0, 0, 0, 0, 0x7b };
#endif
	memcpy(b, id, 8);
}

static void assert_bytes(const void *got, size_t glen, const void *exp,
			 size_t elen)
{
	size_t i;

	assert_int_equal(glen, elen);
	for (i = 0; i < elen; i++)
		if (((const unsigned char *)got)[i] != ((const unsigned char *)exp)[i])
			fail_msg("byte %zu: got 0x%02x, expected 0x%02x", i,
				 ((const unsigned char *)got)[i],
				 ((const unsigned char *)exp)[i]);
}

static void test_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct audit_rule_data), OFF_BUF);
	assert_int_equal(offsetof(struct audit_rule_data, buflen), OFF_BUFLEN);
	assert_int_equal(offsetof(struct audit_rule_data, fieldflags), OFF_FFLAGS);
}

static void test_pack_contid_only(void **state)
{
	unsigned char exp[OFF_BUF + 8];
	struct contid_rule *r;
	void *buf;
	size_t len;

	(void)state;
	memset(exp, 0, sizeof(exp));
	put32(exp, OFF_FLAGS, 4);		/* exit */
	put32(exp, OFF_ACTION, 2);		/* always */
	put32(exp, OFF_COUNT, 1);
	put32(exp, OFF_FIELDS, 27);		/* AUDIT_CONTAINERID */
	put32(exp, OFF_VALUES, 8);
	put32(exp, OFF_FFLAGS, 0x40000000);	/* Audit_equal */
	put32(exp, OFF_BUFLEN, 8);
	put_id123(exp + OFF_BUF);

	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 123), 0);
	assert_int_equal(contid_rule_pack(r, &buf, &len), 0);
	assert_bytes(buf, len, exp, sizeof(exp));
	free(buf);
	contid_rule_free(r);
}

static void build_dir_contid_key(unsigned char *exp)
{
	memset(exp, 0, OFF_BUF + 14);
	put32(exp, OFF_FLAGS, 4);
	put32(exp, OFF_ACTION, 2);
	put32(exp, OFF_COUNT, 3);
	put32(exp, OFF_MASK + 8 * 4, 1u << 1);	/* openat = 257 = word 8 bit 1 */
	put32(exp, OFF_FIELDS + 0, 107);	/* AUDIT_DIR */
	put32(exp, OFF_FIELDS + 4, 27);
	put32(exp, OFF_FIELDS + 8, 210);	/* AUDIT_FILTERKEY */
	put32(exp, OFF_VALUES + 0, 4);
	put32(exp, OFF_VALUES + 4, 8);
	put32(exp, OFF_VALUES + 8, 2);
	put32(exp, OFF_FFLAGS + 0, 0x40000000);
	put32(exp, OFF_FFLAGS + 4, 0x30000000);	/* Audit_not_equal */
	put32(exp, OFF_FFLAGS + 8, 0x40000000);
	put32(exp, OFF_BUFLEN, 14);
	memcpy(exp + OFF_BUF, "/tmp", 4);
	put_id123(exp + OFF_BUF + 4);		/* unaligned: offset 1044 */
	memcpy(exp + OFF_BUF + 12, "k1", 2);
}

static struct contid_rule *make_dir_contid_key(void)
{
	struct contid_rule *r;

	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_syscall_name(r, "openat"), 0);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_DIR, CONTID_OP_EQ, "/tmp"), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_NE, 123), 0);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, "k1"), 0);
	return r;
}

static void test_pack_strings_around_contid(void **state)
{
	unsigned char exp[OFF_BUF + 14];
	struct contid_rule *r = make_dir_contid_key(), *back;
	void *buf;
	size_t len;
	uint64_t id;

	(void)state;
	build_dir_contid_key(exp);
	assert_int_equal(contid_rule_pack(r, &buf, &len), 0);
	assert_bytes(buf, len, exp, sizeof(exp));
	/* and back, losslessly */
	assert_int_equal(contid_rule_unpack(&back, buf, len), 0);
	assert_int_equal(contid_rule_equal(r, back), 1);
	assert_int_equal(contid_rule_field_count(back), 3);
	assert_string_equal(contid_rule_field_str(back, 0), "/tmp");
	assert_int_equal(contid_rule_field_containerid(back, 1, &id), 0);
	assert_int_equal(id, 123);
	assert_int_equal(contid_rule_field_containerid(back, 0, &id), -CONTID_E_NOTFOUND);
	assert_string_equal(contid_rule_field_str(back, 2), "k1");
	assert_null(contid_rule_field_str(back, 1));
	assert_int_equal(contid_rule_has_syscall(back, 257), 1);
	assert_int_equal(contid_rule_has_syscall(back, 2), 0);
	free(buf);
	contid_rule_free(back);
	contid_rule_free(r);
}

static void test_pack_max_fields(void **state)
{
	unsigned char *exp = calloc(1, OFF_BUF + 8);
	struct contid_rule *r;
	void *buf;
	size_t len;
	unsigned int i;

	(void)state;
	assert_non_null(exp);
	put32(exp, OFF_FLAGS, 4);
	put32(exp, OFF_ACTION, 2);
	put32(exp, OFF_COUNT, 64);
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	for (i = 0; i < 63; i++) {
		assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_UID, CONTID_OP_NE, i), 0);
		put32(exp, OFF_FIELDS + 4 * i, 1);
		put32(exp, OFF_VALUES + 4 * i, i);
		put32(exp, OFF_FFLAGS + 4 * i, 0x30000000);
	}
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 123), 0);
	put32(exp, OFF_FIELDS + 4 * 63, 27);
	put32(exp, OFF_VALUES + 4 * 63, 8);
	put32(exp, OFF_FFLAGS + 4 * 63, 0x40000000);
	put32(exp, OFF_BUFLEN, 8);
	put_id123(exp + OFF_BUF);
	/* the 65th field of any kind is refused */
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_UID, CONTID_OP_EQ, 0),
			 -CONTID_E_TOOMANYFIELDS);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, "k"),
			 -CONTID_E_TOOMANYFIELDS);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 1),
			 -CONTID_E_TOOMANYFIELDS);
	assert_int_equal(contid_rule_parse_field(r, "pid=1"), -CONTID_E_TOOMANYFIELDS);
	assert_int_equal(contid_rule_pack(r, &buf, &len), 0);
	assert_bytes(buf, len, exp, OFF_BUF + 8);
	free(buf);
	free(exp);
	contid_rule_free(r);
}

static void test_unpack_errors(void **state)
{
	unsigned char b[OFF_BUF + 20];
	struct contid_rule *r = NULL;

	(void)state;
	build_dir_contid_key(b);
	/* netlink padding after buflen is ignored */
	assert_int_equal(contid_rule_unpack(&r, b, OFF_BUF + 16), 0);
	contid_rule_free(r);
	assert_int_equal(contid_rule_unpack(&r, b, OFF_BUF + 13), -CONTID_E_TRUNCATED);
	assert_int_equal(contid_rule_unpack(&r, b, 100), -CONTID_E_TRUNCATED);
	put32(b, OFF_VALUES + 4, 7);	/* container ID must be 8 bytes */
	assert_int_equal(contid_rule_unpack(&r, b, OFF_BUF + 14), -CONTID_E_PROTO);
	build_dir_contid_key(b);
	put32(b, OFF_BUFLEN, 13);	/* strings overrun buflen */
	assert_int_equal(contid_rule_unpack(&r, b, OFF_BUF + 14), -CONTID_E_PROTO);
	build_dir_contid_key(b);
	put32(b, OFF_COUNT, 65);
	assert_int_equal(contid_rule_unpack(&r, b, OFF_BUF + 14), -CONTID_E_PROTO);
}

static void test_refusals(void **state)
{
	struct contid_rule *r;
	char key[300];
	unsigned char b[OFF_BUF + 14];

	(void)state;
	assert_int_equal(contid_rule_new(&r, 2, CONTID_ACTION_ALWAYS), -EINVAL);
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, 1), -EINVAL);

	/* containerid only on exit, io_uring exit, user, exclude */
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_IO_URING, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 1), 0);
	assert_int_equal(contid_rule_parse_field(r, "contid!=2"), 0);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	contid_rule_free(r);
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_TASK, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 1), -CONTID_E_BADLIST);
	assert_int_equal(contid_rule_parse_field(r, "contid=1"), -CONTID_E_BADLIST);
	contid_rule_free(r);
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_FS, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 1), -CONTID_E_BADLIST);
	contid_rule_free(r);
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_USER, CONTID_ACTION_NEVER), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_EQ, 1), 0);
	contid_rule_free(r);
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXCLUDE, CONTID_ACTION_NEVER), 0);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_NE, 1), 0);

	/* = and != only */
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_LT, 1), -CONTID_E_BADOP);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_GE, 1), -CONTID_E_BADOP);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_BITMASK, 1), -CONTID_E_BADOP);
	assert_int_equal(contid_rule_add_containerid(r, CONTID_OP_BITTEST, 1), -CONTID_E_BADOP);
	/* the container ID is not a 32-bit field */
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_CONTAINERID, CONTID_OP_EQ, 1),
			 -CONTID_E_BADVALUE);

	/* keys up to 256 bytes */
	memset(key, 'k', sizeof(key));
	key[257] = '\0';
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, key),
			 -CONTID_E_KEYLEN);
	key[256] = '\0';
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, key), 0);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_DIR, CONTID_OP_LT, "/"),
			 -CONTID_E_BADOP);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	contid_rule_free(r);

	/* contid_rule_check catches what a decoded rule may carry */
	build_dir_contid_key(b);
	put32(b, OFF_FLAGS, 1);				/* task list */
	assert_int_equal(contid_rule_unpack(&r, b, sizeof(b)), 0);
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADLIST);
	contid_rule_free(r);
	build_dir_contid_key(b);
	put32(b, OFF_FFLAGS + 4, 0x20000000);		/* > on the container ID */
	assert_int_equal(contid_rule_unpack(&r, b, sizeof(b)), 0);
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADOP);
	contid_rule_free(r);
}

/*
 * A decoded always,exit rule of one string field @field with = and @len
 * bytes of @c, as a kernel reply may carry one that contid_rule_add_*()
 * would not build.
 */
static struct contid_rule *decoded_string(uint32_t field, size_t len, char c)
{
	unsigned char *b = calloc(1, OFF_BUF + len);
	struct contid_rule *r;

	assert_non_null(b);
	put32(b, OFF_FLAGS, 4);
	put32(b, OFF_ACTION, 2);
	put32(b, OFF_COUNT, 1);
	put32(b, OFF_FIELDS, field);
	put32(b, OFF_VALUES, (uint32_t)len);
	put32(b, OFF_FFLAGS, 0x40000000);
	put32(b, OFF_BUFLEN, (uint32_t)len);
	memset(b + OFF_BUF, c, len);
	assert_int_equal(contid_rule_unpack(&r, b, OFF_BUF + len), 0);
	free(b);
	return r;
}

static void test_key_too_long_after_decode(void **state)
{
	struct contid_rule *r = decoded_string(210, 300, 'k');

	(void)state;
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_KEYLEN);
	contid_rule_free(r);
}

/*
 * A decoded rule as contid_rule_add_*() would not build it: @text parsed,
 * packed, and the 32 bits at @off in the bytes set to @v.
 */
static struct contid_rule *decoded_with(const char *text, size_t off, uint32_t v)
{
	struct contid_rule *r;
	void *buf;
	size_t len;

	assert_int_equal(contid_rule_parse(&r, text), 0);
	assert_int_equal(contid_rule_pack(r, &buf, &len), 0);
	contid_rule_free(r);
	put32(buf, off, v);
	assert_int_equal(contid_rule_unpack(&r, buf, len), 0);
	free(buf);
	return r;
}

/* ... with its list changed to @list */
static struct contid_rule *decoded_on_list(const char *text, uint32_t list)
{
	return decoded_with(text, OFF_FLAGS, list);
}

/* ... with the first field's operator changed to @op */
static struct contid_rule *decoded_with_op(const char *text, uint32_t op)
{
	return decoded_with(text, OFF_FFLAGS, op);
}

/* contid_rule_check() of @r returns @want; @r is freed. */
static void check_is(struct contid_rule *r, int want)
{
	assert_int_equal(contid_rule_check(NULL, r), want);
	contid_rule_free(r);
}

/* contid_rule_check() refuses msgtype off the user and exclude lists,
 * as contid_rule_add_field() and the kernel's audit_field_valid() do. */
static void test_check_msgtype_list(void **state)
{
	struct contid_rule *r;

	(void)state;
	r = decoded_on_list("-a always,exclude -F msgtype=USER", CONTID_LIST_EXIT);
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADLIST);
	contid_rule_free(r);
	r = decoded_on_list("-a always,exclude -F msgtype=USER", CONTID_LIST_TASK);
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADLIST);
	contid_rule_free(r);
	r = decoded_on_list("-a always,exclude -F msgtype=USER", CONTID_LIST_USER);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	contid_rule_free(r);
}

/* contid_rule_check() takes only = and != on arch (and perm, filetype,
 * loginuid_set, field_compare), as contid_rule_add_field() and the
 * kernel's audit_field_valid() do. */
static void test_check_arch_ops(void **state)
{
	static const uint32_t ops[] = {
		CONTID_OP_LT, CONTID_OP_GT, CONTID_OP_LE, CONTID_OP_GE,
		CONTID_OP_BITMASK, CONTID_OP_BITTEST,
	};
	static const char text[] = "-a always,exit -F arch=b64 -S all";
	struct contid_rule *r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		r = decoded_with_op(text, ops[i]);
		assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADOP);
		contid_rule_free(r);
	}
	r = decoded_with_op(text, CONTID_OP_NE);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	contid_rule_free(r);
}

/* The kernel takes one key field a rule (audit_data_to_entry(): a second
 * is -EINVAL); contid_rule_check() refuses a second before sending. */
static void test_check_duplicate_keys(void **state)
{
	struct contid_rule *r;

	(void)state;
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, "a"), 0);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, "b"), 0);
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADVALUE);
	contid_rule_free(r);
	/* keys given as text join into one field; != keys do not */
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -S all -k a -F key=b"), 0);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	contid_rule_free(r);
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -S all -F key!=a -F key!=b"), 0);
	assert_int_equal(contid_rule_check(NULL, r), -CONTID_E_BADVALUE);
	contid_rule_free(r);
}

/*
 * contid_rule_check() makes every check contid_rule_add_*() makes (one
 * field_valid() in rule.c): a field comparison off the exit list, and an
 * operator the kernel does not know (audit_to_op() gives Audit_bad) on a
 * number field, come back refused, not sent.
 */
static void test_check_compare_list_unknown_op(void **state)
{
	static const char cmp[] = "-a always,exit -C uid=euid";
	struct contid_rule *r;

	(void)state;
	check_is(decoded_on_list(cmp, CONTID_LIST_USER), -CONTID_E_BADLIST);
	check_is(decoded_on_list(cmp, CONTID_LIST_EXIT), 0);

	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_PID, 0x12345678, 1),
			 -CONTID_E_BADOP);
	contid_rule_free(r);
	check_is(decoded_with_op("-a always,exit -F pid=1", 0x12345678),
		 -CONTID_E_BADOP);
	check_is(decoded_with_op("-a always,exit -F pid=1", 0), -CONTID_E_BADOP);
}

/*
 * The list checks of the kernel's audit_field_valid() (6.1) that
 * contid_rule_add_field() did not make: fstype only on the filesystem
 * list and with = or != only, the filesystem list takes only fstype and
 * key fields, perm not on the io_uring list.  The kernel answers -EINVAL;
 * the library refuses them before sending, in add_* and in check alike.
 */
static void test_kernel_list_checks(void **state)
{
	struct contid_rule *r;

	(void)state;
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_FSTYPE, CONTID_OP_EQ,
					       0x74726163), -CONTID_E_BADLIST);
	assert_int_equal(contid_rule_field_count(r), 0);
	contid_rule_free(r);

	assert_int_equal(contid_rule_new(&r, CONTID_LIST_FS, CONTID_ACTION_NEVER), 0);
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_FSTYPE, CONTID_OP_LT,
					       0x74726163), -CONTID_E_BADOP);
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_UID, CONTID_OP_EQ, 0),
			 -CONTID_E_BADLIST);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_DIR, CONTID_OP_EQ, "/tmp"),
			 -CONTID_E_BADLIST);
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_FSTYPE, CONTID_OP_EQ,
					       0x74726163), 0);
	assert_int_equal(contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, "k"), 0);
	assert_int_equal(contid_rule_check(NULL, r), 0);
	contid_rule_free(r);
	assert_int_equal(contid_rule_parse(&r, "-a never,filesystem -F uid=0"),
			 -CONTID_E_BADLIST);
	assert_int_equal(contid_rule_parse(&r, "-a never,exit -F fstype=tracefs"),
			 -CONTID_E_BADLIST);

	assert_int_equal(contid_rule_new(&r, CONTID_LIST_IO_URING, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_field(r, CONTID_FIELD_PERM, CONTID_OP_EQ,
					       CONTID_PERM_READ), -CONTID_E_BADLIST);
	contid_rule_free(r);

	/* decoded rules, as a list reply or other bytes may carry them */
	check_is(decoded_on_list("-a never,filesystem -F fstype=tracefs -k k",
				 CONTID_LIST_EXIT), -CONTID_E_BADLIST);
	check_is(decoded_on_list("-a always,exit -F uid=0", CONTID_LIST_FS),
		 -CONTID_E_BADLIST);
	check_is(decoded_on_list("-a always,exit -F perm=r", CONTID_LIST_IO_URING),
		 -CONTID_E_BADLIST);
}

/*
 * A decoded string field the add functions would refuse: empty (the
 * kernel's audit_unpack_string() refuses a length of 0) or longer than
 * PATH_MAX (-ENAMETOOLONG there): contid_rule_check() refuses both, as
 * contid_rule_add_field_str() does.
 */
static void test_check_string_length(void **state)
{
	(void)state;
	check_is(decoded_string(107, 0, 'd'), -CONTID_E_BADVALUE);	/* dir */
	check_is(decoded_string(107, 4097, 'd'), -CONTID_E_STRLEN);
}

/* The kernel takes one exe field a rule, as one key (audit_data_to_entry():
 * a second is -EINVAL); contid_rule_check() refuses a second before
 * sending. */
static void test_check_duplicate_exe(void **state)
{
	struct contid_rule *r;

	(void)state;
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -S all -F exe=/bin/a"), 0);
	check_is(r, 0);
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -S all -F exe=/bin/a "
					   "-F exe!=/bin/b"), 0);
	check_is(r, -CONTID_E_BADVALUE);
}

/* -S numbers through contid_rule_add_syscall_name(): decimal digits only,
 * below the mask's 2048 bits. */
static void test_syscall_numbers(void **state)
{
	static const char *const bad[] = {
		"", "+1", "-1", " 1", "1 ", "0x1", "1a", "2048", "2147483647",
		"2147483648", "99999999999999999999",
	};
	struct contid_rule *r;
	size_t i;

	(void)state;
	assert_int_equal(contid_rule_new(&r, CONTID_LIST_EXIT, CONTID_ACTION_ALWAYS), 0);
	assert_int_equal(contid_rule_add_syscall_name(r, "2047"), 0);
	assert_int_equal(contid_rule_has_syscall(r, 2047), 1);
	assert_int_equal(contid_rule_add_syscall_name(r, "007"), 0);
	assert_int_equal(contid_rule_has_syscall(r, 7), 1);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(contid_rule_add_syscall_name(r, bad[i]),
				 -CONTID_E_UNKNOWN_SYSCALL);
	contid_rule_free(r);
}

/* fake kernel: AUDIT_GET answers with feature bitmap fk->user */
static void on_rule_req(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	if (req->nlmsg_type == AUDIT_GET) {
		uint32_t s[11] = { 0 };

		s[8] = (uint32_t)(uintptr_t)fk->user;
		fk_push_msg(fk, AUDIT_GET, 0, req->nlmsg_seq, s, sizeof(s), 0);
	}
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void test_feature_bit_checked(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_rule *r = make_dir_contid_key(), *plain;
	unsigned char exp[OFF_BUF + 14];

	(void)state;
	fk.on_send = on_rule_req;
	fk.user = (void *)(uintptr_t)0x7f;	/* everything but containerid */
	assert_int_equal(contid_rule_add(h, r), -CONTID_E_NOFEATURE);
	assert_int_equal(contid_rule_delete(h, r), -CONTID_E_NOFEATURE);
	assert_int_equal(fk.nsent, 1);		/* only the AUDIT_GET */
	assert_int_equal(fk.sent_types[0], AUDIT_GET);
	/* a rule without a container ID does not need the bit */
	assert_int_equal(contid_rule_parse(&plain, "-a always,exit -S openat -k x"), 0);
	assert_int_equal(contid_rule_add(h, plain), 0);
	assert_int_equal(fk.sent_types[1], AUDIT_ADD_RULE);
	contid_rule_free(plain);
	contid_handle_close(h);

	h = fk_open(&fk);
	fk.on_send = on_rule_req;
	fk.user = (void *)(uintptr_t)0xff;
	assert_int_equal(contid_rule_add(h, r), 0);
	assert_int_equal(fk.nsent, 2);
	assert_int_equal(fk.sent_types[1], AUDIT_ADD_RULE);
	build_dir_contid_key(exp);
	assert_int_equal(((const struct nlmsghdr *)fk.last_req)->nlmsg_len,
			 16 + sizeof(exp));
	assert_bytes(fk.last_req + 16, sizeof(exp), exp, sizeof(exp));
	assert_int_equal(contid_rule_delete(h, r), 0);
	assert_int_equal(fk.sent_types[2], AUDIT_DEL_RULE);
	assert_int_equal(fk.nsent, 3);		/* features cached */
	contid_handle_close(h);
	contid_rule_free(r);
	fk_free(&fk);
}

static void on_add_eexist(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_ack(fk, req->nlmsg_seq, -EEXIST);
}

static void test_kernel_refusal(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_rule *r;

	(void)state;
	fk.on_send = on_add_eexist;
	assert_int_equal(contid_rule_parse(&r, "-a always,exit -S openat"), 0);
	assert_int_equal(contid_rule_add(h, r), -EEXIST);
	contid_rule_free(r);
	contid_handle_close(h);
	fk_free(&fk);
}

/* LIST_RULES: ACK first, two rules (one datagram each, padded), DONE */
static void on_list(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	unsigned char b[OFF_BUF + 14];
	unsigned char dg[2048];
	size_t n;
	uint32_t seq = req->nlmsg_seq;

	fk_push_ack(fk, seq, 0);
	build_dir_contid_key(b);
	n = fk_build(dg, AUDIT_LIST_RULES, NLM_F_MULTI, seq, b, sizeof(b));
	assert_int_equal(n, 16 + 1056);		/* 1054 padded to 1056 */
	fk_push_raw(fk, dg, n, 0);
	fk_push_msg(fk, AUDIT_LIST_RULES, NLM_F_MULTI, seq - 5, b, sizeof(b), 0);
	memset(b, 0, sizeof(b));
	put32(b, OFF_FLAGS, 5);
	put32(b, OFF_ACTION, 0);
	put32(b, OFF_COUNT, 1);
	put32(b, OFF_FIELDS, 12);		/* msgtype */
	put32(b, OFF_VALUES, 1340);
	put32(b, OFF_FFLAGS, 0x40000000);
	fk_push_msg(fk, AUDIT_LIST_RULES, NLM_F_MULTI, seq, b, OFF_BUF, 0);
	fk_push_msg(fk, NLMSG_DONE, NLM_F_MULTI, seq, NULL, 0, 0);
}

struct collected {
	int n;
	char text[4][256];
	struct contid_rule *first;
};

static int collect(const struct contid_rule *r, void *data)
{
	struct collected *c = data;

	contid_rule_format(r, c->text[c->n], sizeof(c->text[0]));
	if (c->n == 0)
		assert_int_equal(contid_rule_dup(&c->first, r), 0);
	c->n++;
	return 0;
}

static void test_list_rules(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct collected c = { 0 };
	struct contid_rule *orig = make_dir_contid_key();
	struct contid_handle_stats hs;

	(void)state;
	fk.on_send = on_list;
	assert_int_equal(contid_rule_list(h, collect, &c), 2);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.text[0],
		"-a always,exit -S openat -F dir=/tmp -F contid!=123 -F key=k1");
	assert_string_equal(c.text[1], "-a never,exclude -F msgtype=CONTAINER_INFO");
	assert_int_equal(contid_rule_equal(orig, c.first), 1);
	contid_handle_get_stats(h, &hs);
	assert_int_equal(hs.stale, 1);
	contid_rule_free(c.first);
	contid_rule_free(orig);
	contid_handle_close(h);
	fk_free(&fk);
}

static int stop_at_first(const struct contid_rule *r, void *data)
{
	(void)r;
	(void)data;
	return -ECANCELED;
}

static void test_list_callback_stops(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);

	(void)state;
	fk.on_send = on_list;
	assert_int_equal(contid_rule_list(h, stop_at_first, NULL), -ECANCELED);
	contid_handle_close(h);
	fk_free(&fk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_pack_contid_only),
		cmocka_unit_test(test_pack_strings_around_contid),
		cmocka_unit_test(test_pack_max_fields),
		cmocka_unit_test(test_unpack_errors),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_key_too_long_after_decode),
		cmocka_unit_test(test_check_msgtype_list),
		cmocka_unit_test(test_check_arch_ops),
		cmocka_unit_test(test_check_duplicate_keys),
		cmocka_unit_test(test_check_compare_list_unknown_op),
		cmocka_unit_test(test_kernel_list_checks),
		cmocka_unit_test(test_check_string_length),
		cmocka_unit_test(test_syscall_numbers),
		cmocka_unit_test(test_check_duplicate_exe),
		cmocka_unit_test(test_feature_bit_checked),
		cmocka_unit_test(test_kernel_refusal),
		cmocka_unit_test(test_list_rules),
		cmocka_unit_test(test_list_callback_stops),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
