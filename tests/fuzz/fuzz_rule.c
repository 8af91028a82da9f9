// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fuzz_rule: libcontid's rule decoder and the auditctl-syntax parser.
 *
 * Byte 0 chooses the side: bit 0 clear, the rest is a struct
 * audit_rule_data as the kernel sends it (contid_rule_unpack); bits 0-1
 * 01, it is rule text (contid_rule_parse); 11, it is "-F" expressions,
 * one a line (contid_rule_parse_field), added to an empty rule on the
 * list bits 2-4 name (the exit list starting with every syscall).  A
 * decoded rule is walked through every accessor, checked
 * (contid_rule_check), formatted, packed, and unpacked again; the
 * invariants below abort, so libFuzzer reports them like a crash:
 *   - pack(unpack(x)) unpacks again into an equal rule;
 *   - a parsed or built rule's own text parses again into an equal rule.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libcontid/contid.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk(const struct contid_rule *r)
{
	int n = contid_rule_field_count(r);
	char text[8192];
	uint64_t id;

	(void)contid_rule_get_list(r);
	(void)contid_rule_get_action(r);
	(void)contid_rule_get_flags(r);
	(void)contid_rule_get_mask(r);
	(void)contid_rule_check(NULL, r);
	for (int nr = -1; nr < 2050; nr += 97)
		(void)contid_rule_has_syscall(r, nr);
	for (int i = 0; i <= n; i++) {
		uint32_t field = 0, op = 0, value = 0;
		const char *s;

		if (contid_rule_field_get(r, (unsigned int)i, &field, &op, &value) == 0)
			(void)contid_rule_field_name(field);
		s = contid_rule_field_str(r, (unsigned int)i);
		if (s)
			(void)strlen(s);
		(void)contid_rule_field_containerid(r, (unsigned int)i, &id);
	}
	/* Small buffers too: the output is truncated like snprintf. */
	(void)contid_rule_format(r, text, 1);
	(void)contid_rule_format(r, text, 17);
	if (contid_rule_format(r, text, sizeof(text)) >= 0)
		text[sizeof(text) - 1] = '\0';
}

static void round_trip_wire(const struct contid_rule *r)
{
	struct contid_rule *again = NULL;
	void *buf = NULL;
	size_t len = 0;

	if (contid_rule_pack(r, &buf, &len) < 0)
		return;		/* -ENOMEM only */
	if (contid_rule_unpack(&again, buf, len) != 0 || !contid_rule_equal(r, again))
		abort();
	contid_rule_free(again);
	free(buf);
}

static void from_wire(const uint8_t *data, size_t size)
{
	struct contid_rule *r = NULL, *copy = NULL;

	if (contid_rule_unpack(&r, data, size) != 0)
		return;
	walk(r);
	round_trip_wire(r);
	if (contid_rule_dup(&copy, r) == 0) {
		if (!contid_rule_equal(r, copy))
			abort();
		contid_rule_free(copy);
	}
	contid_rule_free(r);
}

static char *text_of(const struct contid_rule *r)
{
	int n = contid_rule_format(r, NULL, 0);
	char *out;

	if (n < 0)
		abort();
	out = malloc((size_t)n + 1);
	if (out && contid_rule_format(r, out, (size_t)n + 1) != n)
		abort();
	return out;
}

/*
 * "-w PATH ..." whose PATH ends in '/' and is longer than 2: printed as
 * auditctl -l prints a dir=/x/ (or path=) perm rule, read by -w as /x, as
 * auditctl reads it (docs/libcontid.md), so it takes one more pass.
 */
static int trimmed_watch(const char *text)
{
	size_t len;

	if (strncmp(text, "-w ", 3))
		return 0;
	text += 3;
	len = strcspn(text, " ");
	return len > 2 && text[len - 1] == '/';
}

/*
 * @r's own text (what auditctl -l prints) parses again, and the text of
 * that rule reads back as itself.  The first pass may order the fields
 * otherwise, as auditctl would send them (the key last); @exact: @r came
 * from text, so its text is already that.  A "-w" path ending in '/'
 * (trimmed_watch) reads back as itself after one more pass: the first
 * pass can make one of a rule whose key came before its dir and perm.
 */
static void round_trip_text(const struct contid_rule *r, int exact)
{
	struct contid_rule *a = NULL, *b = NULL, *c = NULL;
	char *out = text_of(r), *out1 = NULL, *out2 = NULL, *out3 = NULL;

	if (!out)
		return;
	if (contid_rule_parse(&a, out) != 0)
		abort();
	out1 = text_of(a);
	if (out1 && exact && strncmp(out, "-w ", 3) && strcmp(out, out1))
		abort();
	if (out1 && contid_rule_parse(&b, out1) != 0)
		abort();
	if (b) {
		out2 = text_of(b);
		if (out2 && strcmp(out1, out2)) {
			if (!trimmed_watch(out1) || contid_rule_parse(&c, out2) != 0)
				abort();
			out3 = text_of(c);
			if (out3 && strcmp(out2, out3))
				abort();
		}
	}
	contid_rule_free(a);
	contid_rule_free(b);
	contid_rule_free(c);
	free(out);
	free(out1);
	free(out2);
	free(out3);
}

static void from_text(const uint8_t *data, size_t size)
{
	struct contid_rule *r = NULL;
	char *text = malloc(size + 1);

	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	if (contid_rule_parse(&r, text) == 0) {
		walk(r);
		round_trip_wire(r);
		round_trip_text(r, 1);
		contid_rule_free(r);
	}
	free(text);
}

static void from_fields(unsigned int list, const uint8_t *data, size_t size)
{
	struct contid_rule *r = NULL;
	char *text = malloc(size + 1), *expr, *save = NULL;

	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	if (contid_rule_new(&r, list, CONTID_ACTION_ALWAYS) != 0) {
		free(text);
		return;
	}
	if (list == CONTID_LIST_EXIT && contid_rule_add_syscall(r, CONTID_SYSCALL_ALL) != 0)
		abort();
	for (expr = strtok_r(text, "\n", &save); expr; expr = strtok_r(NULL, "\n", &save))
		(void)contid_rule_parse_field(r, expr);
	walk(r);
	round_trip_wire(r);
	round_trip_text(r, 0);
	contid_rule_free(r);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	if ((data[0] & 3) == 3)
		from_fields((data[0] >> 2) & 7, data + 1, size - 1);
	else if (data[0] & 1)
		from_text(data + 1, size - 1);
	else
		from_wire(data + 1, size - 1);
	return 0;
}
