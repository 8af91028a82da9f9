/*
 * contidctl oci-hook's choice of ID (docs/oci-hook.md) and its reading of
 * the OCI state: exact IDs, exact messages for every refusal.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "oci-state.h"

#define HEX48 "000000000000000000000000000000000000000000000000"

static void test_fnv1a64_vectors(void **state)
{
	(void)state;
	/* The published FNV-1a 64 test vectors. */
	assert_int_equal(oci_fnv1a64("", 0), 0xcbf29ce484222325ULL);
	assert_int_equal(oci_fnv1a64("a", 1), 0xaf63dc4c8601ec8cULL);
	assert_int_equal(oci_fnv1a64("foobar", 6), 0x85944171f73967e8ULL);
	/* Every byte counts. */
	assert_int_equal(oci_fnv1a64("ab", 2) == oci_fnv1a64("a", 1), 0);
}

static void test_id_hex_prefix(void **state)
{
	enum oci_id_source src = OCI_ID_ANNOTATION;
	const char *id = "0123456789abcdef" HEX48;

	(void)state;
	assert_int_equal(oci_contid_from_id(id, 64, &src), 0x0123456789abcdefULL);
	assert_int_equal(src, OCI_ID_HEX_PREFIX);
	/* podman's "podman ps" short ID is the first 12 digits of such an ID. */
	id = "fffffffffffffffe" HEX48;
	assert_int_equal(oci_contid_from_id(id, 64, &src), 0xfffffffffffffffeULL);
	assert_int_equal(src, OCI_ID_HEX_PREFIX);
	id = "0000000000000000" HEX48;
	assert_int_equal(oci_contid_from_id(id, 64, &src), 0);
	assert_int_equal(src, OCI_ID_HEX_PREFIX);
}

static void test_id_hash(void **state)
{
	static const char *const ids[] = {
		"foobar",
		"0123456789abcdef",				/* 16 digits only */
		"0123456789abcdef" HEX48 "0",			/* 65 */
		"0123456789abcdef" "00000000000000000000000000000000000000000000000",	/* 63 */
		"0123456789ABCDEF" HEX48,			/* engines write lowercase */
		"0123456789abcdef" "00000000000000000000000000000000000000000000000g",
		"ffffffffffffffff" HEX48,			/* prefix is the unset value */
	};
	enum oci_id_source src;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		src = OCI_ID_HEX_PREFIX;
		assert_int_equal(oci_contid_from_id(ids[i], strlen(ids[i]), &src),
				 oci_fnv1a64(ids[i], strlen(ids[i])));
		assert_int_equal(src, OCI_ID_HASH);
	}
	assert_int_equal(oci_contid_from_id("foobar", 6, &src), 0x85944171f73967e8ULL);
}

static void test_annotation_values(void **state)
{
	static const struct {
		const char *s;
		uint64_t id;
	} good[] = {
		{ "0", 0 }, { "42", 42 }, { "0x2a", 42 }, { "0X2A", 42 }, { "0x0", 0 },
		{ "007", 7 }, { "18446744073709551614", 18446744073709551614ULL },
		{ "0xfffffffffffffffe", 0xfffffffffffffffeULL },
		{ "0x00000000000000000001", 1 },	/* leading zeros */
	};
	static const struct {
		const char *s, *why;
	} bad[] = {
		{ "", "not a decimal or 0x hex number" },
		{ "0x", "not a decimal or 0x hex number" },
		{ "x1", "not a decimal or 0x hex number" },
		{ "-1", "not a decimal or 0x hex number" },
		{ "+1", "not a decimal or 0x hex number" },
		{ " 1", "not a decimal or 0x hex number" },
		{ "1 ", "not a decimal or 0x hex number" },
		{ "1a", "not a decimal or 0x hex number" },
		{ "0x1g", "not a decimal or 0x hex number" },
		{ "0x-1", "not a decimal or 0x hex number" },
		{ "00x1", "not a decimal or 0x hex number" },
		{ "18446744073709551615", "the unset value is not a valid ID" },
		{ "0xffffffffffffffff", "the unset value is not a valid ID" },
		{ "0xFFFFFFFFFFFFFFFF", "the unset value is not a valid ID" },
		{ "18446744073709551616", "larger than 18446744073709551614" },
		{ "99999999999999999999", "larger than 18446744073709551614" },
		{ "0x10000000000000000", "larger than 18446744073709551614" },
	};
	const char *why;
	uint64_t id;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		why = NULL;
		id = 12345;
		assert_int_equal(oci_contid_parse(good[i].s, &id, &why), 0);
		assert_int_equal(id, good[i].id);
		assert_null(why);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		id = 12345;
		assert_int_equal(oci_contid_parse(bad[i].s, &id, &why), -1);
		assert_string_equal(why, bad[i].why);
		assert_int_equal(id, 12345);
	}
}

/* parse STATE: 0 and the result in *st, or -1 and the message in msg. */
static char msg[512];

static int parse(const char *json, struct oci_state *st)
{
	memset(st, 0, sizeof(*st));
	msg[0] = '\0';
	return oci_state_parse(json, strlen(json), st, msg, sizeof(msg));
}

static void test_state_good(void **state)
{
	struct oci_state st;

	(void)state;
	/* What crun gives a createRuntime hook (podman's container). */
	assert_int_equal(parse("{\"ociVersion\":\"1.0.2-dev\",\"id\":\"0123456789abcdef" HEX48
			       "\",\"status\":\"created\",\"pid\":4242,\"bundle\":\"/b\","
			       "\"annotations\":{\"io.podman.annotations.autoremove\":\"FALSE\"}}", &st), 0);
	assert_int_equal(st.pid, 4242);
	assert_int_equal(st.contid, 0x0123456789abcdefULL);
	assert_int_equal(st.source, OCI_ID_HEX_PREFIX);
	assert_string_equal(st.id_shown, "0123456789abcdef" HEX48);
	/* A name: hashed; no annotations at all. */
	assert_int_equal(parse("{\"id\":\"foobar\",\"pid\":1}", &st), 0);
	assert_int_equal(st.contid, 0x85944171f73967e8ULL);
	assert_int_equal(st.source, OCI_ID_HASH);
	/* The annotation wins over the id. */
	assert_int_equal(parse("{\"id\":\"foobar\",\"pid\":2147483647,\"annotations\":"
			       "{\"" OCI_CONTID_ANNOTATION "\":\"0x2a\"}}", &st), 0);
	assert_int_equal(st.pid, 2147483647);
	assert_int_equal(st.contid, 42);
	assert_int_equal(st.source, OCI_ID_ANNOTATION);
	/* A shown id is printable and cut at 64 bytes. */
	assert_int_equal(parse("{\"id\":\"a\\nb\\u00e9\\u007fc\",\"pid\":3}", &st), 0);
	assert_string_equal(st.id_shown, "a?b???c");
	assert_int_equal(parse("{\"id\":\"0123456789abcdef" HEX48 "z\",\"pid\":3}", &st), 0);
	assert_string_equal(st.id_shown, "0123456789abcdef" HEX48 "...");
	assert_int_equal(st.source, OCI_ID_HASH);
}

static void test_state_bad(void **state)
{
	static const struct {
		const char *json, *msg;
	} bad[] = {
		{ "", "the state is not valid JSON: '[' or '{' expected near end of file (line 1, column 0)" },
		{ "{\"id\":\"a\",\"pid\":1", "the state is not valid JSON: '}' expected near end of file (line 1, column 17)" },
		{ "{\"id\":\"a\",\"pid\":1} x", "the state is not valid JSON: end of file expected near 'x' (line 1, column 20)" },
		{ "{\"id\":\"a\",\"pid\":1,\"pid\":2}", "the state is not valid JSON: duplicate object key near '\"pid\"' (line 1, column 23)" },
		/* jansson's text near the error, its control and non-ASCII
		 * bytes as '?': one line (fuzz_state, regress/state/) */
		{ "{\"id\":\"a\\\n\",\"pid\":1}",
		  "the state is not valid JSON: invalid escape near '\"a\\?' (line 2, column 0)" },
		{ "{\"id\":\"a\xc3\xa9\\x\",\"pid\":1}",
		  "the state is not valid JSON: invalid escape near '\"a??\\x' (line 1, column 11)" },
		{ "[1]", "the state is not a JSON object" },
		{ "{\"id\":\"a\"}", "the state has no \"pid\" (the hook runs at createRuntime, once the container's process exists)" },
		{ "{\"id\":\"a\",\"pid\":0}", "the state's \"pid\" is not a positive integer" },
		{ "{\"id\":\"a\",\"pid\":-5}", "the state's \"pid\" is not a positive integer" },
		{ "{\"id\":\"a\",\"pid\":2147483648}", "the state's \"pid\" is not a positive integer" },
		{ "{\"id\":\"a\",\"pid\":12.0}", "the state's \"pid\" is not a positive integer" },
		{ "{\"id\":\"a\",\"pid\":\"12\"}", "the state's \"pid\" is not a positive integer" },
		{ "{\"id\":\"a\",\"pid\":null}", "the state's \"pid\" is not a positive integer" },
		{ "{\"pid\":1}", "the state has no \"id\" string" },
		{ "{\"id\":\"\",\"pid\":1}", "the state has no \"id\" string" },
		{ "{\"id\":7,\"pid\":1}", "the state has no \"id\" string" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":[]}", "the state's \"annotations\" is not an object" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":{\"" OCI_CONTID_ANNOTATION "\":42}}",
		  "the annotation " OCI_CONTID_ANNOTATION " is not a string" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":{\"" OCI_CONTID_ANNOTATION "\":\"4x\"}}",
		  "invalid container ID '4x' in the annotation " OCI_CONTID_ANNOTATION ": not a decimal or 0x hex number" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":{\"" OCI_CONTID_ANNOTATION "\":\"4\\u0000\"}}",
		  "the state is not valid JSON: \\u0000 is not allowed without JSON_ALLOW_NUL near '\"4\\u0000\"' (line 1, column 72)" },
		{ "{\"id\":\"a\\u0000\",\"pid\":1}",
		  "the state is not valid JSON: \\u0000 is not allowed without JSON_ALLOW_NUL near '\"a\\u0000\"' (line 1, column 15)" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":{\"" OCI_CONTID_ANNOTATION "\":\"4\\n\"}}",
		  "invalid container ID '4?' in the annotation " OCI_CONTID_ANNOTATION ": not a decimal or 0x hex number" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":{\"" OCI_CONTID_ANNOTATION "\":\"18446744073709551615\"}}",
		  "invalid container ID '18446744073709551615' in the annotation " OCI_CONTID_ANNOTATION ": the unset value is not a valid ID" },
		{ "{\"id\":\"a\",\"pid\":1,\"annotations\":{\"" OCI_CONTID_ANNOTATION "\":\"0x10000000000000000\"}}",
		  "invalid container ID '0x10000000000000000' in the annotation " OCI_CONTID_ANNOTATION ": larger than 18446744073709551614" },
	};
	struct oci_state st;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(bad[i].json, &st), -1);
		assert_string_equal(msg, bad[i].msg);
	}
	/* A NUL byte in the input itself, even after a whole object. */
	assert_int_equal(oci_state_parse("{\"id\":\"a\",\0\"pid\":1}", 18, &st, msg, sizeof(msg)), -1);
	assert_string_equal(msg, "the state is not valid JSON: a NUL byte at offset 10");
	assert_int_equal(oci_state_parse("{\"id\":\"a\",\"pid\":1}\0x", 20, &st, msg, sizeof(msg)), -1);
	assert_string_equal(msg, "the state is not valid JSON: a NUL byte at offset 18");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fnv1a64_vectors),
		cmocka_unit_test(test_id_hex_prefix),
		cmocka_unit_test(test_id_hash),
		cmocka_unit_test(test_annotation_values),
		cmocka_unit_test(test_state_good),
		cmocka_unit_test(test_state_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
