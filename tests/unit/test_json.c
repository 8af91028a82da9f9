/*
 * contidctl's JSON strings (src/print.c): every byte of every string, as
 * json_write_string() and print_json_member() write it, escaped as a
 * plain byte-by-byte reading of RFC 8259 says (and for print_json_member(),
 * a log string, of docs/json.md: %XX for control bytes, DEL, '%', '+',
 * bytes not valid UTF-8 and C1 controls), whatever the string's
 * length and wherever its special bytes fall.  print.c escapes eight or
 * sixteen bytes a step; this reference escapes one byte at a time, so a
 * step that skips, repeats or mis-escapes a byte at a word's edge shows
 * here.  The reference's UTF-8 check is written apart from print.c's on
 * purpose.
 */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "print.h"

/* The length of the valid UTF-8 sequence at @s (of @len), or 0 (RFC 3629:
 * no overlong form, no surrogate, nothing above U+10FFFF). */
static size_t ref_utf8(const unsigned char *s, size_t len)
{
	size_t n, i;
	uint32_t cp, min;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2, cp = s[0] & 0x1f, min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3, cp = s[0] & 0x0f, min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4, cp = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n > len)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* The reference: a quoted JSON string of @s, one byte at a time; @pct:
 * a log string. */
static size_t ref_escape(char *o, const unsigned char *s, size_t len, bool pct)
{
	char *start = o;
	size_t i = 0, u;

	*o++ = '"';
	while (i < len) {
		unsigned char c = s[i];

		/* U+0080-U+009F is C2 80 - C2 9F */
		if (c >= 0x80 && (u = ref_utf8(s + i, len - i)) &&
		    !(pct && u == 2 && c == 0xc2 && s[i + 1] <= 0x9f)) {
			memcpy(o, s + i, u);
			o += u;
			i += u;
			continue;
		}
		i++;
		if (pct && c != '"' && c != '\\' &&
		    (c < 0x20 || c >= 0x7f || c == '%' || c == '+')) {
			o += sprintf(o, "%%%02X", c);
			continue;
		}
		switch (c) {
		case '"':
			o += sprintf(o, "\\\"");
			break;
		case '\\':
			o += sprintf(o, "\\\\");
			break;
		case '\n':
			o += sprintf(o, "\\n");
			break;
		case '\r':
			o += sprintf(o, "\\r");
			break;
		case '\t':
			o += sprintf(o, "\\t");
			break;
		case '\b':
			o += sprintf(o, "\\b");
			break;
		case '\f':
			o += sprintf(o, "\\f");
			break;
		default:
			if (c < 0x20 || c >= 0x7f)
				o += sprintf(o, "\\u%04x", c);
			else
				*o++ = (char)c;
		}
	}
	*o++ = '"';
	return (size_t)(o - start);
}

/* json_write_string() of @s against the reference. */
static void check(const unsigned char *s, size_t len)
{
	char want[6 * 300 + 3], *got = NULL;
	size_t wn, gn = 0;
	FILE *f;

	assert_true(len <= 300);
	wn = ref_escape(want, s, len, false);
	f = open_memstream(&got, &gn);
	assert_non_null(f);
	json_write_string(f, (const char *)s, len);
	assert_int_equal(fclose(f), 0);
	if (gn != wn || memcmp(got, want, wn)) {
		size_t i;

		fprintf(stderr, "input (%zu bytes):", len);
		for (i = 0; i < len; i++)
			fprintf(stderr, " %02x", s[i]);
		fprintf(stderr, "\nwant: %.*s\ngot:  %.*s\n", (int)wn, want, (int)gn, got);
	}
	assert_int_equal(gn, wn);
	assert_memory_equal(got, want, wn);
	free(got);
}

/* print_json_member() of @s as the value of key "k", in an object, and
 * as an element of an array, against the reference. */
static void check_member(const unsigned char *s, size_t len)
{
	char want[6 * 300 + 16], *got = NULL;
	size_t wn, gn = 0;
	FILE *f;

	assert_true(len <= 300);
	memcpy(want, "{\"k\":", 5);
	wn = 5 + ref_escape(want + 5, s, len, true);
	memcpy(want + wn, ",[", 2);
	wn += 2 + ref_escape(want + wn + 2, s, len, true);
	memcpy(want + wn, "]}", 2);
	wn += 2;
	f = open_memstream(&got, &gn);
	assert_non_null(f);
	print_init(f, true);
	print_open_object(NULL);
	print_json_member("k", 1, (const char *)s, len);
	print_open_array(NULL);
	print_json_member(NULL, 0, (const char *)s, len);
	print_close_array();
	print_close_object();
	assert_int_equal(print_flush(), 0);
	assert_int_equal(fclose(f), 0);
	if (gn != wn || memcmp(got, want, wn))
		fprintf(stderr, "want: %.*s\ngot:  %.*s\n", (int)wn, want, (int)gn, got);
	assert_int_equal(gn, wn);
	assert_memory_equal(got, want, wn);
	free(got);
	print_init(NULL, false);
}

/* What print.c must tell from a plain byte, one or more bytes each. */
static const struct {
	const char *s;
	size_t len;
} specials[] = {
	{ "\"", 1 }, { "\\", 1 }, { "\0", 1 }, { "\n", 1 }, { "\t", 1 },
	{ "\x1d", 1 }, { "\x1f", 1 }, { "\x7f", 1 }, { " ", 1 }, { "~", 1 },
	{ "\x80", 1 }, { "\xff", 1 }, { "\xc3\xa9", 2 }, { "\xc0\xaf", 2 },
	{ "\xe2\x82\xac", 3 }, { "\xed\xa0\x80", 3 }, { "\xe2\x82", 2 },
	{ "\xf0\x9f\x98\x80", 4 }, { "\xf4\x90\x80\x80", 4 }, { "\xc3", 1 },
	{ "%", 1 }, { "+", 1 }, { "\xc2\x85", 2 }, { "\xc2\x9f", 2 }, { "\xc2\xa0", 2 },
	{ "\xc2", 1 },
};

#define NSPECIALS (sizeof(specials) / sizeof(specials[0]))

/* Every length up to 72 with one special at every position, and two
 * specials side by side: the edges of every 8- and 16-byte step, and
 * both sides of print_json_member()'s limit for a name and value in one go
 * (64 bytes). */
static void test_every_position(void **state)
{
	unsigned char s[96];
	size_t len, pos, k, j;

	(void)state;
	for (len = 0; len <= 72; len++) {
		memset(s, 'a', sizeof(s));
		check(s, len);
		check_member(s, len);
		for (k = 0; k < NSPECIALS; k++) {
			for (pos = 0; pos + specials[k].len <= len; pos++) {
				memset(s, 'a', sizeof(s));
				memcpy(s + pos, specials[k].s, specials[k].len);
				check(s, len);
				check_member(s, len);
				for (j = 0; j < NSPECIALS; j += 4) {
					size_t p2 = pos + specials[k].len;

					if (p2 + specials[j].len > len)
						continue;
					memcpy(s + p2, specials[j].s, specials[j].len);
					check(s, len);
					check_member(s, len);
				}
			}
		}
	}
}

/* Strings of record-like text with specials sprinkled at random (a fixed
 * seed: the same strings every run), up to 300 bytes. */
static void test_random(void **state)
{
	static const char plain[] = "comm=\"ls\" exe=/usr/bin/ls a0=7ffd uid=0 ";
	unsigned char s[300];
	unsigned int seed = 16, i;
	size_t len, n, k;

	(void)state;
	for (i = 0; i < 5000; i++) {
		seed = seed * 1103515245u + 12345u;
		len = (seed >> 8) % 300;
		for (n = 0; n < len;) {
			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 8) {
				s[n++] = (unsigned char)plain[(seed >> 4) % (sizeof(plain) - 1)];
				continue;
			}
			k = (seed >> 4) % NSPECIALS;
			if (n + specials[k].len > len)
				break;
			memcpy(s + n, specials[k].s, specials[k].len);
			n += specials[k].len;
		}
		check(s, n);
		check_member(s, n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_position),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
