// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_print: contidctl's printers (src/print.c, src/event-print.c,
 * src/ausearch.c, src/normalize.c) over events read from audit.log text
 * (issue 32).
 *
 * Byte 0: bit 0 keeps only events carrying container ID 42; bit 1 reads
 * the text output's events without their fields split (what `parse` does
 * without -i, -k or JSON); bits 2-5 are the --extra-* of the csv
 * (NORM_EXTRA_*).  The rest is audit.log text.  The events are printed in
 * every form: text, text -i, --raw, JSON, JSON -i, --format csv and
 * --format text (libauparse's normalizer).
 *
 * Invariants (abort = finding):
 *   - text forms: no byte outside printable ASCII but the newline ending
 *     a line (and in --raw the ENRICHED separator 0x1d); every line is an
 *     event line ("audit(" or "node="), a record line ("    "), or in
 *     --raw a log line ("type=" or "node="), and there are as many event
 *     lines as events, as many --raw lines as records: no log byte starts
 *     a line;
 *   - csv and text (normalized): the same bytes as the text forms; in csv
 *     a header line first, then lines whose last column is the CONTID
 *     (digits and spaces, then " (+N more)" or nothing); in text every
 *     line "At ..." or "On ...": no log byte starts a line;
 *   - JSON: every line is one JSON object (jansson), one line an event,
 *     each {"kind":"event","version":2,...} with its container IDs as
 *     strings of digits; no string, once parsed, holds a control byte or
 *     DEL (log bytes are percent-encoded: docs/json.md).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "contidctl.h"
#include "ausearch.h"
#include "events.h"
#include "normalize.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What src/contidctl.c gives the printers. */
bool opt_json;

int fail(int err, const char *cause, const char *fmt, ...)
{
	(void)err;
	(void)cause;
	(void)fmt;
	abort();
}

_Noreturn void usage_error(const char *cmd, const char *fmt, ...)
{
	(void)cmd;
	(void)fmt;
	abort();
}

enum form { TEXT, TEXT_I, RAW, JSON, JSON_I, CSV, NTEXT, NFORMS };

static bool starts(const char *l, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(l, p, k) == 0;
}

/* The CONTID column: "", or IDs separated by a space, then " (+N more)". */
static bool contid_column(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || (s[i] >= '0' && s[i] <= '9')))
		i++;
	if (i == n)
		return true;
	if (n - i < 9 || memcmp(s + i, "(+", 2) || memcmp(s + n - 6, " more)", 6))
		return false;
	for (i += 2; i < n - 6; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* --format csv|text: printable ASCII lines of the shape said above. */
static void check_normalized(const char *out, size_t len, enum form f)
{
	size_t i = 0, lines = 0;

	if (len && out[len - 1] != '\n')
		abort();
	while (i < len) {
		const char *l = out + i, *nl = memchr(l, '\n', len - i), *comma;
		size_t n = (size_t)(nl - l), k;

		for (k = 0; k < n; k++)
			if ((unsigned char)l[k] < 0x20 || (unsigned char)l[k] > 0x7e)
				abort();
		if (f == CSV && lines == 0) {
			if (!starts(l, n, "NODE,EVENT,") || memcmp(l + n - 7, ",CONTID", 7))
				abort();
		} else if (f == CSV) {
			comma = memrchr(l, ',', n);
			if (!comma || !contid_column(comma + 1, n - (size_t)(comma + 1 - l)))
				abort();
		} else if (!starts(l, n, "At ") && !starts(l, n, "On ")) {
			abort();
		}
		lines++;
		i += n + 1;
	}
}

static void check_text(const char *out, size_t len, enum form f, size_t events,
		       size_t records)
{
	size_t lines = 0, heads = 0, i = 0;

	if (len && out[len - 1] != '\n')
		abort();
	while (i < len) {
		const char *l = out + i, *nl = memchr(l, '\n', len - i);
		size_t n = (size_t)(nl - l), k;

		for (k = 0; k < n; k++) {
			unsigned char c = (unsigned char)l[k];

			if ((c < 0x20 || c > 0x7e) && !(f == RAW && c == 0x1d))
				abort();
		}
		lines++;
		if (f == RAW) {
			if (!starts(l, n, "type=") && !starts(l, n, "node="))
				abort();
		} else if (starts(l, n, "audit(") || starts(l, n, "node=")) {
			heads++;
		} else if (!starts(l, n, "    ")) {
			abort();
		}
		i += n + 1;
	}
	if (f == RAW ? lines != records : heads != events)
		abort();
}

/* No string in @j (recursively) holds a byte < 0x20 or DEL. */
static void no_controls(json_t *j)
{
	const char *k;
	json_t *v;
	size_t i, n;

	if (json_is_string(j)) {
		const char *s = json_string_value(j);

		n = json_string_length(j);
		for (i = 0; i < n; i++)
			if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
				abort();
	} else if (json_is_object(j)) {
		json_object_foreach(j, k, v) {
			for (i = 0; k[i]; i++)
				if ((unsigned char)k[i] < 0x20 || k[i] == 0x7f)
					abort();
			no_controls(v);
		}
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			no_controls(v);
	}
}

/* {"kind":"event","version":2,...,"contid":["DIGITS",...],...} */
static void check_event(json_t *j)
{
	json_t *ids = json_object_get(j, "contid"), *v;
	size_t i;

	if (!json_is_string(json_object_get(j, "kind")) ||
	    strcmp(json_string_value(json_object_get(j, "kind")), "event") ||
	    json_integer_value(json_object_get(j, "version")) != 2 || !json_is_array(ids))
		abort();
	json_array_foreach(ids, i, v) {
		const char *s = json_string_value(v);

		if (!s || !*s || strspn(s, "0123456789") != strlen(s))
			abort();
	}
	no_controls(j);
}

static void check_json(const char *out, size_t len, size_t events)
{
	size_t i = 0, lines = 0;

	while (i < len) {
		const char *l = out + i, *nl = memchr(l, '\n', len - i);
		size_t n;
		json_error_t err;
		json_t *j;

		if (!nl)
			abort();
		n = (size_t)(nl - l);
		/* "\\u0000" is valid JSON (a decoded proctitle's NULs) */
		j = json_loadb(l, n, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &err);
		if (!j || !json_is_object(j)) {
			fprintf(stderr, "fuzz_print: invalid JSON line: %s: %.*s\n",
				j ? "not an object" : err.text, (int)n, l);
			abort();
		}
		check_event(j);
		json_decref(j);
		lines++;
		i += n + 1;
	}
	if (lines != events)
		abort();
}

static void print_form(const uint8_t *data, size_t size, enum form f)
{
	static const uint64_t ids[] = { 42 };
	struct contid_reader *rd;
	struct contid_event *ev;
	struct norm *norm = NULL;
	bool normalized = f == CSV || f == NTEXT;
	size_t events = 0, records = 0, len = 0;
	char *out = NULL;
	FILE *mem = open_memstream(&out, &len);

	if (!mem || contid_reader_new(&rd, 0, 0) < 0)
		abort();
	if ((data[0] & 1) && contid_reader_set_filter(rd, ids, 1) < 0)
		abort();
	if ((data[0] & 2) && (f == TEXT || f == RAW))
		contid_reader_set_fields(rd, 0);
	print_init(mem, f == JSON || f == JSON_I);
	if (normalized) {
		norm = norm_new(f == CSV ? NORM_CSV : NORM_TEXT,
				f == CSV ? (unsigned int)(data[0] >> 2) & 15 : 0);
		if (!norm)
			abort();
	}
	if (contid_reader_feed_log(rd, (const char *)data + 1, size - 1) < 0 ||
	    contid_reader_flush(rd) < 0)
		abort();
	while (contid_reader_next(rd, &ev) == 1) {
		events++;
		records += (size_t)contid_event_record_count(ev);
		if (f == RAW)
			search_print_raw(ev);
		else if (norm)
			norm_print(norm, ev);
		else
			print_event(ev, f == TEXT_I || f == JSON_I);
		contid_event_free(ev);
	}
	if (print_flush() < 0 || fclose(mem))
		abort();
	norm_free(norm);
	if (f == JSON || f == JSON_I)
		check_json(out, len, events);
	else if (normalized)
		check_normalized(out, len, f);
	else
		check_text(out, len, f, events, records);
	free(out);
	contid_reader_free(rd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	for (enum form f = TEXT; f < NFORMS; f++)
		print_form(data, size, f);
	return 0;
}
