/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The text/JSON printing layer; see print.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "print.h"

#define MAX_DEPTH 16

static FILE *out;
static bool json;
/* Per nesting level: has a member already been written (comma needed)? */
static bool first[MAX_DEPTH];
static int depth;

/*
 * Everything printed goes into this buffer and reaches @out in one fwrite
 * when it fills and at print_flush(): a profile of `--json parse` had
 * most of its time in stdio calls (fputc, fwrite, fprintf) made once per
 * value, key, comma and escape.  Whoever writes to @out directly flushes
 * first (print_flush()); at exit the buffer is flushed too.
 */
static char obuf[1 << 16];
static size_t olen;

static void ob_flush(void)
{
	if (olen && out)
		fwrite(obuf, 1, olen, out);
	olen = 0;
}

static void ob_write(const void *s, size_t n)
{
	if (olen + n > sizeof(obuf)) {
		ob_flush();
		if (n > sizeof(obuf)) {
			fwrite(s, 1, n, out);
			return;
		}
	}
	memcpy(obuf + olen, s, n);
	olen += n;
}

static inline void ob_putc(char c)
{
	if (olen == sizeof(obuf))
		ob_flush();
	obuf[olen++] = c;
}

static void ob_puts(const char *s)
{
	ob_write(s, strlen(s));
}

static void ob_u64(uint64_t v)
{
	char b[20];
	size_t i = sizeof(b);

	do {
		b[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	ob_write(b + i, sizeof(b) - i);
}

static void ob_vprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
static void ob_vprintf(const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	/* most of print_text's are words without a conversion: vsnprintf
	 * was 9% of `parse` */
	if (!strchr(fmt, '%')) {
		ob_puts(fmt);
		return;
	}
	va_copy(aq, ap);
	n = vsnprintf(obuf + olen, sizeof(obuf) - olen, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(obuf) - olen) {
		olen += (size_t)n;
		return;
	}
	ob_flush();
	if ((size_t)n < sizeof(obuf)) {
		vsnprintf(obuf, sizeof(obuf), fmt, ap);
		olen = (size_t)n;
	} else {
		vfprintf(out, fmt, ap);
	}
}

static void ob_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void ob_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ob_vprintf(fmt, ap);
	va_end(ap);
}

/*
 * @fmt with one conversion, @conv ("s" or PRIu64), and no other '%':
 * its text before and after the conversion, to write around the value
 * without printf.  Returns false for any other format.
 */
static bool simple_fmt(const char *fmt, const char *conv, size_t *pre,
		       const char **post)
{
	const char *pc = strchr(fmt, '%');
	size_t n = strlen(conv);

	if (!pc || strncmp(pc + 1, conv, n) || strchr(pc + 1 + n, '%'))
		return false;
	*pre = (size_t)(pc - fmt);
	*post = pc + 1 + n;
	return true;
}

static void print_exit_flush(void)
{
	ob_flush();
}

void print_init(FILE *f, bool j)
{
	static bool registered;

	if (out && out != f)
		ob_flush();
	if (!registered && atexit(print_exit_flush) == 0)
		registered = true;
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

/* Bytes a JSON string cannot hold as they are: control bytes, '"', '\\',
 * DEL, and every byte >= 0x80 (checked as UTF-8). */
static const unsigned char json_special[256] = {
#define R4(x) x, x, x, x
#define R16(x) R4(x), R4(x), R4(x), R4(x)
	R16(1), R16(1),			/* 0x00-0x1f */
	0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x20-0x2f: '"' */
	R16(0), R16(0),			/* 0x30-0x4f */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,	/* 0x50-0x5f: '\\' */
	R16(0),				/* 0x60-0x6f */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,	/* 0x70-0x7f: DEL */
	R16(1), R16(1), R16(1), R16(1), R16(1), R16(1), R16(1), R16(1),
};

#undef R16
#undef R4

/*
 * Log bytes in JSON (print_json_member(), print_log_text()): what
 * json_special marks, and '%' and '+', the bytes laurel percent-encodes
 * besides (docs/json.md).
 */
static inline bool json_stop(unsigned char c, bool pct)
{
	return json_special[c] || (pct && (c == '%' || c == '+'));
}

/*
 * The one escaping path of the text output (print_log_bytes()): every
 * byte outside printable ASCII (0x20-0x7e) is written as \xNN, whatever
 * the mode; the modes differ only in the bytes below.  Bit (1 << mode)
 * of esc_class[c] set: @c is escaped in that mode.
 */
static unsigned char esc_class[256];

static void esc_class_init(void)
{
	unsigned int c;

	if (esc_class['\n'])
		return;
	for (c = 0; c < 256; c++)
		if (c < 0x20 || c > 0x7e)
			esc_class[c] = 1 << PRINT_ESC_RECORD | 1 << PRINT_ESC_RAW |
				       1 << PRINT_ESC_VALUE | 1 << PRINT_ESC_NAME;
	/* the ENRICHED separator: a space in the record text, as logged in --raw */
	esc_class[0x1d] = 1 << PRINT_ESC_RECORD | 1 << PRINT_ESC_VALUE |
			  1 << PRINT_ESC_NAME;
	/* a decoded value reads back to its bytes: no literal "\x41" */
	esc_class['\\'] = 1 << PRINT_ESC_VALUE | 1 << PRINT_ESC_NAME;
	/* a name in "ID(NAME,pod=P)": no byte of it ends or splits that */
	esc_class[' '] = esc_class['('] = esc_class[')'] = esc_class[','] =
		esc_class['='] = 1 << PRINT_ESC_NAME;
}

/*
 * The length of the run at @s (at most @len bytes) that @mode copies as
 * it is: sixteen bytes a step with SSE2, then eight (bit tricks on a
 * 64-bit word mark a byte below 0x20, DEL, a byte >= 0x80 and a
 * backslash; the byte loop then decides by the table), then byte by
 * byte.
 */
static size_t plain_run(const unsigned char *s, size_t len, unsigned int bit)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	const uint64_t high = UINT64_C(0x8080808080808080);
	size_t i = 0;

	/* the word tests know the bytes of every mode but PRINT_ESC_NAME's
	 * (names are short: the byte loop) */
#if defined(__SSE2__)
	/* sixteen bytes a step, to the next byte the table may escape; one
	 * this mode keeps (a backslash in record text) is passed over
	 * (print_log_bytes() was a fifth of `parse`) */
	while (bit != 1u << PRINT_ESC_NAME && i + 16 <= len) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i ctl = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x20)), v);
		__m128i hi = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7f)), v);
		__m128i bs = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
		unsigned int m = ((unsigned int)_mm_movemask_epi8(ctl) ^ 0xffffu) |
				 (unsigned int)_mm_movemask_epi8(_mm_or_si128(hi, bs));

		if (!m) {
			i += 16;
			continue;
		}
		i += (size_t)__builtin_ctz(m);
		if (esc_class[s[i]] & bit)
			return i;
		i++;
	}
#endif
	for (; bit != 1u << PRINT_ESC_NAME && i + 8 <= len; i += 8) {
		uint64_t x, y, stop;

		memcpy(&x, s + i, 8);
		stop = ((x - ones * 0x20) & ~x) | x;
		y = x ^ (ones * 0x7f);
		stop |= (y - ones) & ~y;
		y = x ^ (ones * '\\');
		stop |= (y - ones) & ~y;
		if (stop & high)
			break;
	}
	while (i < len && !(esc_class[s[i]] & bit))
		i++;
	return i;
}

/*
 * RFC 8259 string: quote, backslash and control characters escaped, valid
 * UTF-8 passed through.  A byte that is not part of valid UTF-8 is written
 * as \u00XX (the Latin-1 character of that value), so the output is always
 * valid JSON and no byte is silently dropped.  Runs of bytes that need no
 * escape are copied as one: a profile of `--json parse` had half its time
 * in one fwrite per character here, then most of the rest in the calls
 * per run.
 */
/*
 * The byte at @s[*@i] (of @len) into @o, escaped if it must be, or the
 * valid UTF-8 sequence it starts; advances *@i.  Returns the new end.
 * @pct (bytes from a log): a control byte, DEL, '%', '+', a byte that is
 * not part of valid UTF-8 and the bytes of a C1 control (U+0080-U+009F)
 * are %XX (RFC 3986, as laurel writes them), so that a consumer's
 * percent-decoding gives back the log's bytes and an invalid byte is
 * told from a valid character.
 */
static inline char *json_byte(char *o, const unsigned char *s, size_t len,
			      size_t *i, bool pct)
{
	static const char hex[] = "0123456789abcdef", HEX[] = "0123456789ABCDEF";
	unsigned char c = s[*i];

	if (!json_stop(c, pct)) {
		*o++ = (char)c;
		++*i;
		return o;
	}
	if (c >= 0x80) {
		size_t u = utf8_len(s + *i, len - *i);

		if (u && !(pct && c == 0xc2 && s[*i + 1] < 0xa0)) {
			memcpy(o, s + *i, u);
			*i += u;
			return o + u;
		}
	}
	++*i;
	if (pct && c != '"' && c != '\\') {
		*o++ = '%';
		*o++ = HEX[c >> 4];
		*o++ = HEX[c & 15];
		return o;
	}
	*o++ = '\\';
	switch (c) {
	case '"':
	case '\\':
		*o++ = (char)c;
		break;
	case '\n':
		*o++ = 'n';
		break;
	case '\r':
		*o++ = 'r';
		break;
	case '\t':
		*o++ = 't';
		break;
	case '\b':
		*o++ = 'b';
		break;
	case '\f':
		*o++ = 'f';
		break;
	default:
		/* Control, DEL, or a byte that is not valid UTF-8. */
		*o++ = 'u';
		*o++ = '0';
		*o++ = '0';
		*o++ = hex[c >> 4];
		*o++ = hex[c & 15];
		break;
	}
	return o;
}

/*
 * The bytes of the word @x that may not be plain in a JSON string of log
 * bytes: the high bit of each byte below 0x2c (the control bytes, and
 * '"', '%' and '+', with the plain bytes among them: ' ', '!', '#', '$',
 * '&', '\'', '(', ')', '*'), '\\', DEL or >= 0x80 (bit tricks on a
 * 64-bit word).  Nonzero when one of the eight bytes is a byte to escape;
 * a marked byte is tested again by json_stop().  One range test in place
 * of a test for each of '"', '%', '+' and the control bytes: each test
 * cost --json parse 2% of its instructions (callgrind), the plain bytes
 * it marks besides are rare in field names and values.  A borrow only
 * carries upwards, from a marked byte: on a little-endian word the lowest
 * mark is the first marked byte, a higher one may be false.
 */
static inline uint64_t json_marks(uint64_t x)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	const uint64_t high = UINT64_C(0x8080808080808080);
	uint64_t m, y;

	m = (x - ones * 0x2c) & ~x;
	y = x ^ (ones * 0x7f);
	m |= (y - ones) & ~y;
	y = x ^ (ones * '\\');
	m |= (y - ones) & ~y;
	return (m | x) & high;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The 1 to 7 bytes at @s as the low bytes of a word, the rest zero,
 * without reading past them. */
static inline uint64_t load_short(const unsigned char *s, size_t n)
{
	uint32_t a, b;

	if (n >= 4) {
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		return a | (uint64_t)b << (8 * (n - 4));
	}
	return s[0] | (uint64_t)s[n >> 1] << (8 * (n >> 1)) |
	       (uint64_t)s[n - 1] << (8 * (n - 1));
}
#endif

/*
 * @s (@len bytes, a field's name or value) escaped into @o, which has
 * room for 6 * @len + 8 bytes; returns the end.  Plain bytes go out a
 * word at a time, the last one to seven as one word too (written whole,
 * counted by their number); a string with a byte to escape goes byte by
 * byte from the word that holds it.  The byte loop alone was a tenth of
 * `--json parse` (callgrind).
 */
static inline __attribute__((always_inline)) char *
json_short(char *o, const unsigned char *s, size_t len, bool pct)
{
	size_t i = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t x;

	for (; len - i >= 8; i += 8, o += 8) {
		memcpy(&x, s + i, 8);
		if (json_marks(x))
			goto bytes;
		memcpy(o, &x, 8);
	}
	if (i < len) {
		size_t n = len - i;

		if (len >= 8) {
			memcpy(&x, s + len - 8, 8);
			x >>= 8 * (8 - n);
		} else {
			x = load_short(s, n);
		}
		if (json_marks(x) & ((UINT64_C(1) << (8 * n)) - 1))
			goto bytes;
		memcpy(o, &x, 8);
		o += n;
	}
	return o;
bytes:
#endif
	while (i < len) {
		while (i < len && !json_stop(s[i], pct))
			*o++ = (char)s[i++];
		if (i < len)
			o = json_byte(o, s, len, &i, pct);
	}
	return o;
}

static void ob_json_string(const char *str, size_t len, bool pct)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n, stop;
	char *o;

	/* a short string (names, most values) and its quotes in one go:
	 * room for json_short() and the quotes */
	if (len < 16 && olen + 6 * len + 10 <= sizeof(obuf)) {
		o = obuf + olen;
		*o++ = '"';
		o = json_short(o, s, len, pct);
		*o++ = '"';
		olen = (size_t)(o - obuf);
		return;
	}
	ob_putc('"');
	while (i < len) {
		/*
		 * Up to 4096 input bytes a step, escaped straight into the
		 * buffer: room for each as \u00XX and a UTF-8 sequence that
		 * starts before the step's end.
		 */
		n = len - i < 4096 ? len - i : 4096;
		if (olen + 6 * n + 8 > sizeof(obuf))
			ob_flush();
		o = obuf + olen;
		stop = i + n;
		while (i < stop) {
			uint64_t x, m;
			size_t lim = stop;

#if defined(__SSE2__)
			/*
			 * Sixteen bytes a step: stored whole, then only those
			 * before the first to escape count; a quote or a
			 * backslash is escaped here, anything else by
			 * json_byte().  The record text ("comm=\"ls\"
			 * exe=\"...\"") has a quote every few bytes: through
			 * json_byte() each was a tenth of `--json parse`.
			 */
			if (i + 16 <= stop) {
				__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
				__m128i ctl = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x20)), v);
				__m128i hi = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7f)), v);
				__m128i q = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
							 _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
				__m128i esc = _mm_or_si128(hi, q);
				unsigned int b;
				size_t k, end16 = i + 16;

				/* '%' and '+': log bytes (json_byte() decides) */
				if (pct)
					esc = _mm_or_si128(esc, _mm_or_si128(
						_mm_cmpeq_epi8(v, _mm_set1_epi8('%')),
						_mm_cmpeq_epi8(v, _mm_set1_epi8('+'))));
				b = ((unsigned int)_mm_movemask_epi8(ctl) ^ 0xffffu) |
				    (unsigned int)_mm_movemask_epi8(esc);

				_mm_storeu_si128((__m128i *)(void *)o, v);
				if (!b) {
					o += 16;
					i += 16;
					continue;
				}
				if (i + 32 <= stop) {
					/*
					 * The quotes and backslashes of the
					 * block one after another, each
					 * followed by the rest of the block
					 * stored again from the text (16
					 * bytes remain to load): the record
					 * text has several a block, and
					 * testing the block again after each
					 * was a tenth of `--json parse`.
					 */
					while (b) {
						k = end16 - 16 + (size_t)__builtin_ctz(b);
						o += k - i;
						i = k;
						if (s[i] != '"' && s[i] != '\\')
							break;
						*o++ = '\\';
						*o++ = (char)s[i++];
						_mm_storeu_si128((__m128i *)(void *)o,
								 _mm_loadu_si128((const __m128i *)
										 (const void *)(s + i)));
						b &= b - 1;
					}
					if (!b) {
						o += end16 - i;
						i = end16;
					} else {
						o = json_byte(o, s, len, &i, pct);
					}
					continue;
				}
				k = (size_t)__builtin_ctz(b);
				o += k;
				i += k;
				if (s[i] == '"' || s[i] == '\\') {
					*o++ = '\\';
					*o++ = (char)s[i++];
				} else {
					o = json_byte(o, s, len, &i, pct);
				}
				continue;
			}
#endif
			/* eight plain bytes a step: none < 0x20, '"', '\\',
			 * DEL or >= 0x80 (bit tricks on a 64-bit word); a
			 * word with one goes byte by byte */
			if (i + 8 <= stop) {
				memcpy(&x, s + i, 8);
				m = json_marks(x);
				/* the 8 bytes go out whole; only those
				 * before the first to escape count */
				memcpy(o, s + i, 8);
				if (!m) {
					o += 8;
					i += 8;
					continue;
				}
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
				/*
				 * A borrow only carries upwards, from a byte
				 * that is marked rightly: the lowest mark is
				 * the first byte to escape.  Quote-dense
				 * text ("comm=\"ls\" exe=\"...\"") went
				 * byte by byte here.
				 */
				{
					size_t k = (size_t)__builtin_ctzll(m) >> 3;

					o += k;
					i += k;
					o = json_byte(o, s, len, &i, pct);
					continue;
				}
#endif
				lim = i + 8;
			}
			while (i < lim) {
				while (i < lim && !json_stop(s[i], pct))
					*o++ = (char)s[i++];
				if (i < lim)
					o = json_byte(o, s, len, &i, pct);
			}
		}
		olen = (size_t)(o - obuf);
	}
	ob_putc('"');
}

void json_write_string(FILE *f, const char *str, size_t len)
{
	FILE *saved = out;

	ob_flush();
	out = f;
	ob_json_string(str, len, false);
	ob_flush();
	out = saved;
}

/* Start a JSON member or array element: comma, key (@klen bytes; @pct:
 * from a log). */
static void json_member_len(const char *key, size_t klen, bool pct)
{
	if (!first[depth])
		ob_putc(',');
	first[depth] = false;
	if (key) {
		ob_json_string(key, klen, pct);
		ob_putc(':');
	}
}

static void json_member(const char *key)
{
	json_member_len(key, key ? strlen(key) : 0, false);
}

#define JSON_SHORT 64	/* a name and value up to this, in one go */

void print_json_member(const char *key, size_t klen, const char *value,
		       size_t len)
{
	char *o;

	if (!json)
		return;
	if (klen + len > JSON_SHORT) {
		json_member_len(key, klen, true);
		ob_json_string(value, len, true);
		return;
	}
	if (olen + 6 * (klen + len) + 16 > sizeof(obuf))
		ob_flush();
	o = obuf + olen;
	if (!first[depth])
		*o++ = ',';
	first[depth] = false;
	if (key) {
		*o++ = '"';
		o = json_short(o, (const unsigned char *)key, klen, true);
		*o++ = '"';
		*o++ = ':';
	}
	*o++ = '"';
	o = json_short(o, (const unsigned char *)value, len, true);
	*o++ = '"';
	olen = (size_t)(o - obuf);
}

/* @pct: @key is from a log (print_open_log_array()). */
static inline void open_(const char *key, char c, bool pct)
{
	if (!json)
		return;
	if (depth > 0 && key) {
		json_member_len(key, strlen(key), pct);
	} else if (depth > 0) {
		/* an element: json_member_len() without its key */
		if (!first[depth])
			ob_putc(',');
		first[depth] = false;
	}
	ob_putc(c);
	if (depth < MAX_DEPTH - 1)
		depth++;
	first[depth] = true;
}

static void close_(char c)
{
	if (!json)
		return;
	ob_putc(c);
	if (depth > 0)
		depth--;
	first[depth] = false;
}

void print_open_object(const char *key)
{
	open_(key, '{', false);
}

void print_close_object(void)
{
	close_('}');
}

void print_open_array(const char *key)
{
	open_(key, '[', false);
}

void print_open_log_array(const char *key)
{
	open_(key, '[', true);
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
		ob_json_string(value, len, false);
	} else if ((t & PRINT_FP) && fmt) {
		size_t pre;
		const char *post;

		/* Text mode prints the string up to a NUL. */
		if (simple_fmt(fmt, "s", &pre, &post)) {
			ob_write(fmt, pre);
			ob_puts(value);
			ob_puts(post);
		} else {
			ob_printf(fmt, value);
		}
	}
}

size_t print_log_bytes_width(const char *value, size_t len, enum print_esc mode)
{
	const unsigned char *s = (const unsigned char *)value;
	size_t i, w = len;

	esc_class_init();
	for (i = 0; i < len; i++)
		if ((esc_class[s[i]] & (1u << mode)) &&
		    !(s[i] == 0x1d && mode == PRINT_ESC_RECORD))
			w += 3;
	return w;
}

void print_log_bytes(const char *value, size_t len, enum print_esc mode)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)value, *end = s + len, *p;
	unsigned int bit = 1u << mode;

	if (json)
		return;
	esc_class_init();
	/* Plain bytes go out as one copy per run, found eight at a time (a
	 * profile of `parse` had a quarter of its time in the byte loop). */
	while (s < end) {
		char e[4] = { '\\', 'x' };

		p = s + plain_run(s, (size_t)(end - s), bit);
		if (p > s)
			ob_write(s, (size_t)(p - s));
		if (p == end)
			break;
		if (*p == 0x1d && mode == PRINT_ESC_RECORD) {
			ob_putc(' ');
		} else {
			e[2] = hex[*p >> 4];
			e[3] = hex[*p & 15];
			ob_write(e, 4);
		}
		s = p + 1;
	}
}

/*
 * Record text as a log holds it: a JSON string, or in text
 * print_log_bytes(PRINT_ESC_RECORD).
 */
void print_log_text(enum print_type t, const char *key, const char *value)
{
	if (json) {
		if (t & PRINT_JSON)
			print_json_member(key, key ? strlen(key) : 0, value, strlen(value));
		return;
	}
	if (t & PRINT_FP)
		print_log_bytes(value, strlen(value), PRINT_ESC_RECORD);
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
		ob_u64(value);
	} else if ((t & PRINT_FP) && fmt) {
		size_t pre;
		const char *post;

		if (simple_fmt(fmt, PRIu64, &pre, &post)) {
			ob_write(fmt, pre);
			ob_u64(value);
			ob_puts(post);
		} else {
			ob_printf(fmt, value);
		}
	}
}

void print_bool(enum print_type t, const char *key, const char *fmt,
		bool value)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		ob_puts(value ? "true" : "false");
	} else if ((t & PRINT_FP) && fmt) {
		ob_printf(fmt, value ? "yes" : "no");
	}
}

void print_null(enum print_type t, const char *key, const char *fmt)
{
	if (json) {
		if (!(t & PRINT_JSON))
			return;
		json_member(key);
		ob_puts("null");
	} else if ((t & PRINT_FP) && fmt) {
		ob_puts(fmt);
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
	ob_vprintf(fmt, ap);
	va_end(ap);
}

#pragma GCC diagnostic pop

void print_nl(void)
{
	if (!json || depth == 0)
		ob_putc('\n');
}

int print_flush(void)
{
	if (!out)
		return fflush(stdout) != 0 ? -(errno ? errno : EIO) : 0;
	ob_flush();
	if (fflush(out) != 0 || ferror(out))
		return -(errno ? errno : EIO);
	return 0;
}
