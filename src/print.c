/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The text/JSON printing layer; see print.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "print.h"

#define MAX_DEPTH 16

static FILE *out;
static bool json;
/* Per nesting level: has a member already been written (comma needed)? */
static bool first[MAX_DEPTH];
static int depth;

void print_init(FILE *f, bool j)
{
	out = f;
	json = j;
	depth = 0;
	first[0] = true;
}

bool print_is_json(void)
{
	return json;
}

/* Length of the valid UTF-8 sequence at @s (at most @len bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t len)
{
	size_t n, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n > len)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/*
 * RFC 8259 string: quote, backslash and control characters escaped, valid
 * UTF-8 passed through.  A byte that is not part of valid UTF-8 is written
 * as \u00XX (the Latin-1 character of that value), so the output is always
 * valid JSON and no byte is silently dropped.
 */
void json_write_string(FILE *f, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0, n;
	const char *esc;

	/* Bytes that need no escape go out as one fwrite per run: a
	 * profile of `--json parse` had half its time in one fwrite per
	 * character here. */
	fputc('"', f);
	while (i < len) {
		unsigned char c = s[i];

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			i++;
			continue;
		}
		if (c >= 0x80) {
			n = utf8_len(s + i, len - i);
			if (n) {
				i += n;
				continue;
			}
		}
		if (i > run)
			fwrite(s + run, 1, i - run, f);
		switch (c) {
		case '"':
			esc = "\\\"";
			break;
		case '\\':
			esc = "\\\\";
			break;
		case '\n':
			esc = "\\n";
			break;
		case '\r':
			esc = "\\r";
			break;
		case '\t':
			esc = "\\t";
			break;
		case '\b':
			esc = "\\b";
			break;
		case '\f':
			esc = "\\f";
			break;
		default:
			/* Control, DEL, or a byte that is not valid UTF-8. */
			esc = NULL;
			fprintf(f, "\\u%04x", c);
			break;
		}
		if (esc)
			fputs(esc, f);
		run = ++i;
	}
	if (i > run)
		fwrite(s + run, 1, i - run, f);
	fputc('"', f);
}

/* Start a JSON member or array element: comma, key. */
static void json_member(const char *key)
{
	if (!first[depth])
		fputc(',', out);
	first[depth] = false;
	if (key) {
		json_write_string(out, key, strlen(key));
		fputc(':', out);
	}
}

static void open_(const char *key, char c)
{
	if (!json)
		return;
	if (depth > 0)
		json_member(key);
	fputc(c, out);
	if (depth < MAX_DEPTH - 1)
		depth++;
	first[depth] = true;
}

static void close_(char c)
{
	if (!json)
		return;
	fputc(c, out);
	if (depth > 0)
		depth--;
	first[depth] = false;
}

void print_open_object(const char *key)
{
	open_(key, '{');
}

void print_close_object(void)
{
	close_('}');
}

void print_open_array(const char *key)
{
	open_(key, '[');
}

void print_close_array(void)
{
	close_(']');
}

/* Formats come from this program only, never from data. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

void print_string_len(enum print_type t, const char *key, const char *fmt,
		      const char *value, size_t len)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		json_write_string(out, value, len);
	} else if ((t & PRINT_FP) && fmt) {
		/* Text mode prints the string up to a NUL. */
		fprintf(out, fmt, value);
	}
}

/*
 * Record text as a log holds it.  JSON: a string like any other (0x1d is
 * \u001d).  Text: the ENRICHED separator 0x1d is written as a space and
 * any other control byte but the tab as \xNN, so no raw control byte
 * reaches a terminal.
 */
void print_log_text(enum print_type t, const char *key, const char *value)
{
	const unsigned char *s = (const unsigned char *)value;

	if (json) {
		print_string(t, key, NULL, value);
		return;
	}
	if (!(t & PRINT_FP))
		return;
	/* Plain bytes go out as one fwrite per run, not one call each. */
	while (*s) {
		const unsigned char *p = s;

		while (*p && *p != 0x1d && (*p >= 0x20 || *p == '\t') && *p != 0x7f)
			p++;
		if (p > s)
			fwrite(s, 1, (size_t)(p - s), out);
		if (!*p)
			break;
		if (*p == 0x1d)
			fputc(' ', out);
		else
			fprintf(out, "\\x%02x", *p);
		s = p + 1;
	}
}

void print_string(enum print_type t, const char *key, const char *fmt,
		  const char *value)
{
	print_string_len(t, key, fmt, value, strlen(value));
}

void print_u64(enum print_type t, const char *key, const char *fmt,
	       uint64_t value)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		fprintf(out, "%" PRIu64, value);
	} else if ((t & PRINT_FP) && fmt) {
		fprintf(out, fmt, value);
	}
}

void print_i64(enum print_type t, const char *key, const char *fmt,
	       int64_t value)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		fprintf(out, "%" PRId64, value);
	} else if ((t & PRINT_FP) && fmt) {
		fprintf(out, fmt, value);
	}
}

void print_bool(enum print_type t, const char *key, const char *fmt,
		bool value)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		fputs(value ? "true" : "false", out);
	} else if ((t & PRINT_FP) && fmt) {
		fprintf(out, fmt, value ? "yes" : "no");
	}
}

void print_null(enum print_type t, const char *key, const char *fmt)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		fputs("null", out);
	} else if ((t & PRINT_FP) && fmt) {
		fputs(fmt, out);
	}
}

/* @fmt takes a string: the decimal ID or "unset". */
void print_contid(enum print_type t, const char *key, const char *fmt,
		  uint64_t id)
{
	char buf[24];

	if (json) {
		if (id == UINT64_MAX)
			print_null(t, key, NULL);
		else
			print_u64(t, key, NULL, id);
		return;
	}
	if (id == UINT64_MAX)
		snprintf(buf, sizeof(buf), "unset");
	else
		snprintf(buf, sizeof(buf), "%" PRIu64, id);
	print_string(t, key, fmt, buf);
}

void print_contid_hex(enum print_type t, const char *key, const char *fmt,
		      uint64_t id)
{
	char buf[24];

	if (id == UINT64_MAX) {
		if (json)
			print_null(t, key, NULL);
		else
			print_string(t, key, fmt, "-");
		return;
	}
	snprintf(buf, sizeof(buf), "%016" PRIx64, id);
	print_string(t, key, fmt, buf);
}

void print_text(const char *fmt, ...)
{
	va_list ap;

	if (json)
		return;
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
}

#pragma GCC diagnostic pop

void print_nl(void)
{
	if (!json || depth == 0)
		fputc('\n', out);
}

int print_flush(void)
{
	if (fflush(out) != 0 || ferror(out))
		return -(errno ? errno : EIO);
	return 0;
}
