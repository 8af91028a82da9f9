/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One printing layer for text and JSON, after iproute2's json_print: every
 * value is printed with one call that names both its JSON key and its text
 * format, so "--json" output can never drift from the table.
 *
 *   print_u64(PRINT_ANY, "pid", "%-8" PRIu64, pid);
 *
 * PRINT_FP prints only in text mode, PRINT_JSON only in JSON mode,
 * PRINT_ANY in both.  In text mode @fmt is a printf format for the value
 * (NULL prints nothing); in JSON mode @key is the member name (NULL inside
 * an array).
 */
#ifndef CONTIDCTL_PRINT_H
#define CONTIDCTL_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum print_type {
	PRINT_FP = 1,
	PRINT_JSON = 2,
	PRINT_ANY = 3,
};

/* The version of the JSON lines of events and parse ("version"; docs/json.md). */
#define PRINT_JSON_VERSION 2

void print_init(FILE *out, bool json);
bool print_is_json(void);

/* Objects and arrays exist in JSON only; in text mode these do nothing. */
void print_open_object(const char *key);
void print_close_object(void);
void print_open_array(const char *key);
/* An array whose member name is from a log: the name percent-encoded as
 * print_json_member() encodes it. */
void print_open_log_array(const char *key);
void print_close_array(void);

void print_string(enum print_type t, const char *key, const char *fmt,
		  const char *value);
/* A string of @len bytes that may contain NULs or any byte. */
void print_string_len(enum print_type t, const char *key, const char *fmt,
		      const char *value, size_t len);
/*
 * JSON only: the member "KEY":"VALUE" of @klen and @len bytes from a log
 * (any bytes), or the array element "VALUE" when @key is NULL (the fields
 * of `--json parse`).  Both strings are log strings: a control byte, DEL,
 * '%', '+', a byte that is not part of valid UTF-8 and the bytes of a C1
 * control are written %XX (uppercase hex, RFC 3986, as laurel writes
 * them); '"' and '\\' as JSON escapes; valid UTF-8 as it is.  Percent-
 * decoding a value gives back the log's bytes exactly.
 */
void print_json_member(const char *key, size_t klen, const char *value,
		       size_t len);
void print_u64(enum print_type t, const char *key, const char *fmt,
	       uint64_t value);
void print_bool(enum print_type t, const char *key, const char *fmt,
		bool value);
/* JSON null; in text mode @fmt is printed as it is. */
void print_null(enum print_type t, const char *key, const char *fmt);
/* A container ID: a number, or null / "unset" for the unset value. */
void print_contid(enum print_type t, const char *key, const char *fmt,
		  uint64_t id);
/*
 * The same ID as 16 lowercase hex digits, zero-padded ("-" in text, null in
 * JSON when unset): a container engine's 64-hex-digit container ID begins
 * with these digits when the ID was derived from it (contidctl oci-hook), so
 * a person can match the ID with the short ID "podman ps" shows.
 */
void print_contid_hex(enum print_type t, const char *key, const char *fmt,
		      uint64_t id);
/*
 * Bytes that come from a log reach the text output through
 * print_log_bytes() only: every byte outside printable ASCII (0x20-0x7e)
 * is written as \xNN (two lowercase hex digits), so no control byte, no
 * newline and no byte of a multibyte sequence reaches a terminal.  The
 * modes differ in two bytes:
 *   PRINT_ESC_RECORD  a record's text as logged: the ENRICHED separator
 *                     0x1d as a space;
 *   PRINT_ESC_RAW     --raw: 0x1d as it is (auditd writes it; terminals
 *                     ignore it), so that --raw output parses again;
 *   PRINT_ESC_VALUE   a decoded value, a name or a node (-i): the
 *                     backslash as \x5c too, so that the text reads back
 *                     to exactly the decoded bytes.
 *   PRINT_ESC_NAME    a container's name from a mapping record, printed
 *                     in parentheses after its ID (parse -i,
 *                     contid-names.h): as PRINT_ESC_VALUE, and the
 *                     space, '(', ')', ',' and '=' as \xNN too, so that
 *                     a name can neither close the parentheses nor
 *                     forge another part.
 * Nothing in JSON mode (JSON strings have their own encoding).
 */
enum print_esc {
	PRINT_ESC_RECORD,
	PRINT_ESC_RAW,
	PRINT_ESC_VALUE,
	PRINT_ESC_NAME,
};
void print_log_bytes(const char *s, size_t len, enum print_esc mode);
/* The number of bytes print_log_bytes() writes for @s in text mode. */
size_t print_log_bytes_width(const char *s, size_t len, enum print_esc mode);
/* Audit record text: a JSON log string (print_json_member()), or
 * print_log_bytes(PRINT_ESC_RECORD). */
void print_log_text(enum print_type t, const char *key, const char *value);
/* Text only: printf-like free text (never with bytes from a log). */
void print_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* End of a line: "\n" in text mode; in JSON mode ends a top-level object's
 * line (one JSON object per line). */
void print_nl(void);
/* Flush the output; returns 0 or -errno if writing failed. */
int print_flush(void);

/* JSON-escape @len bytes of @s into @out (exposed for the tests). */
void json_write_string(FILE *out, const char *s, size_t len);

#endif
