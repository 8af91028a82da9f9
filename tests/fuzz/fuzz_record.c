// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fuzz_record: libcontid's record parser and event reader.
 *
 * Byte 0 chooses the entry point:
 *   0: one audit.log line (contid_record_parse_log), every accessor
 *      (the type name as written names the type's number; an ENRICHED
 *      interpretation only of an existing field); read by a reader (its
 *      own fast split), the same record;
 *   1: a netlink record (contid_record_parse_netlink); bytes 1-2 the type;
 *      written as the audit.log line auditd would write, it must parse
 *      (contid_record_parse_log) into the same record, interpretations
 *      included;
 *   2: audit.log text fed to a reader in pieces whose sizes come from
 *      byte 1 (each piece from a malloc'd copy of its exact size), with
 *      a small window and timeout, events walked, flushed;
 *      the events and counters must be those of the same text fed whole;
 *   3: netlink datagrams fed to a reader: [u16 length][datagram]...
 * Byte 1 (modes 2, 3) also sets the filter: odd, only events carrying
 * container ID 1, 700001 or the unset value.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/audit.h>

#include <libcontid/contid.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk_record(const struct contid_record *rec)
{
	int n = contid_record_field_count(rec);
	const char *s;

	s = contid_msgtype_name(contid_record_type(rec));
	if (s && contid_msgtype_number(s) != (int)contid_record_type(rec))
		abort();
	(void)contid_record_sec(rec);
	(void)contid_record_msec(rec);
	(void)contid_record_serial(rec);
	s = contid_record_node(rec);
	if (s)
		(void)strlen(s);
	(void)strlen(contid_record_text(rec));
	for (int i = 0; i <= n; i++) {
		const char *name = NULL, *value = NULL;
		size_t vlen = 0;

		if (contid_record_field(rec, (unsigned int)i, &name, &value, &vlen) == 0) {
			/* The decoded value is vlen bytes and a NUL. */
			if (value[vlen] != '\0')
				abort();
			(void)contid_record_find(rec, name);
		}
		s = contid_record_field_raw(rec, (unsigned int)i);
		if (s)
			(void)strlen(s);
		/* an ENRICHED interpretation only for an existing field */
		s = contid_record_field_interp(rec, (unsigned int)i);
		if (s && i == n)
			abort();
		if (s)
			(void)strlen(s);
	}
	/* the type as written names the type's number, when the table
	 * knows the name */
	s = contid_record_type_name(rec);
	if (s && contid_msgtype_number(s) >= 0 &&
	    (unsigned int)contid_msgtype_number(s) != contid_record_type(rec))
		abort();
	(void)contid_record_find(rec, "contid");
	(void)contid_record_find(rec, "");
}

/* @a and @b read the same: stamp, type, node, text, every field as
 * decoded and as written, every interpretation. */
static void same_record(const struct contid_record *a, const struct contid_record *b)
{
	const char *na = contid_record_node(a), *nb = contid_record_node(b);
	int n = contid_record_field_count(a);

	if (contid_record_type(a) != contid_record_type(b) ||
	    contid_record_sec(a) != contid_record_sec(b) ||
	    contid_record_msec(a) != contid_record_msec(b) ||
	    contid_record_serial(a) != contid_record_serial(b) ||
	    !na != !nb || (na && strcmp(na, nb)) ||
	    strcmp(contid_record_text(a), contid_record_text(b)) ||
	    contid_record_field_count(b) != n)
		abort();
	for (int i = 0; i < n; i++) {
		const char *n1, *v1, *n2, *v2;
		size_t l1, l2;

		if (contid_record_field(a, (unsigned int)i, &n1, &v1, &l1) ||
		    contid_record_field(b, (unsigned int)i, &n2, &v2, &l2) ||
		    strcmp(n1, n2) || l1 != l2 || memcmp(v1, v2, l1) ||
		    strcmp(contid_record_field_raw(a, (unsigned int)i),
			   contid_record_field_raw(b, (unsigned int)i)))
			abort();
		v1 = contid_record_field_interp(a, (unsigned int)i);
		v2 = contid_record_field_interp(b, (unsigned int)i);
		if (!v1 != !v2 || (v1 && strcmp(v1, v2)))
			abort();
	}
}

/*
 * @rec came from netlink record @type with payload @p, @len: the line
 * auditd writes for it ("type=NAME msg=" and the payload) must parse
 * into the same record.  Only where the line is one: no NUL, no newline
 * or carriage return (contid_record_parse_log() strips a trailing one).
 */
static void same_as_log(const struct contid_record *rec, unsigned int type,
			const char *p, size_t len)
{
	const char *name = contid_msgtype_name(type);
	struct contid_record *again = NULL;
	char head[64], *line;
	size_t hlen;
	int n;

	len = strnlen(p, len);
	while (len && p[len - 1] == '\n')
		len--;
	if (memchr(p, '\n', len) || memchr(p, '\r', len))
		return;
	if (name)
		n = snprintf(head, sizeof(head), "type=%s msg=", name);
	else
		n = snprintf(head, sizeof(head), "type=UNKNOWN[%u] msg=", type);
	if (n < 0 || (size_t)n >= sizeof(head))
		abort();
	hlen = (size_t)n;
	line = malloc(hlen + len);
	if (!line)
		return;
	memcpy(line, head, hlen);
	memcpy(line + hlen, p, len);
	if (contid_record_parse_log(&again, line, hlen + len) != 0)
		abort();
	if (contid_record_type(again) != type || contid_record_node(again))
		abort();
	same_record(rec, again);
	contid_record_free(again);
	free(line);
}

/*
 * A reader splits the records of a log by a fast path of its own, and
 * contid_record_parse_log() by the careful one (record.c): the line
 * @line, @len parsed into @rec must read the same in a reader.  Only a
 * line the reader reads as one (no newline) and a record it keeps (not
 * an EOE, which only ends its event).
 */
static void same_in_reader(const struct contid_record *rec, const char *line,
			   size_t len)
{
	struct contid_reader *rd = NULL;
	struct contid_event *ev;

	if (memchr(line, '\n', len) || contid_record_type(rec) == AUDIT_EOE)
		return;
	if (contid_reader_new(&rd, 0, 0))
		return;
	if (contid_reader_feed_log(rd, line, len) < 0 || contid_reader_flush(rd) < 0) {
		contid_reader_free(rd);	/* out of memory */
		return;
	}
	if (contid_reader_next(rd, &ev) != 1 || contid_event_record_count(ev) != 1)
		abort();
	same_record(rec, contid_event_record(ev, 0));
	contid_event_free(ev);
	contid_reader_free(rd);
}

/* FNV-1a, to compare what two readers returned. */
static void mix(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		*h = (*h ^ *c++) * 0x100000001b3ull;
}

static void mix_u64(uint64_t *h, uint64_t v)
{
	mix(h, &v, sizeof(v));
}

/*
 * Walk and free every completed event; @sig (if not NULL) sums them up.
 * Returns how many there were.
 */
static uint64_t drain(struct contid_reader *rd, uint64_t *sig)
{
	struct contid_event *ev;
	uint64_t h = sig ? *sig : 0, count = 0;

	while (contid_reader_next(rd, &ev) == 1) {
		count++;
		int n = contid_event_record_count(ev), k = contid_event_contid_count(ev);

		mix_u64(&h, contid_event_sec(ev));
		mix_u64(&h, contid_event_msec(ev));
		mix_u64(&h, contid_event_serial(ev));
		mix_u64(&h, (uint64_t)contid_event_end(ev));
		mix_u64(&h, (uint64_t)n);
		mix_u64(&h, contid_event_contid_more(ev));
		for (int i = 0; i <= n; i++) {
			const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);

			if (rec) {
				const char *text = contid_record_text(rec);

				walk_record(rec);
				mix_u64(&h, contid_record_type(rec));
				mix(&h, text, strlen(text) + 1);
			} else if (i < n) {
				abort();
			}
		}
		for (int i = 0; i < k; i++) {
			uint64_t id = contid_event_contid(ev, (unsigned int)i);

			if (!contid_event_has_contid(ev, id))
				abort();
			mix_u64(&h, id);
		}
		contid_event_free(ev);
	}
	if (sig)
		*sig = h;
	return count;
}

/* Every completed event was either returned or filtered out. */
static void check_stats(const struct contid_reader *rd, uint64_t returned,
			struct contid_reader_stats *st)
{
	if (contid_reader_get_stats(rd, st) != 0 ||
	    st->events != returned + st->filtered ||
	    st->evicted + st->timedout > st->events)
		abort();
}

static struct contid_reader *new_reader(uint8_t opt)
{
	static const uint64_t ids[] = { 1, 700001, UINT64_MAX };
	struct contid_reader *rd = NULL;

	if (contid_reader_new(&rd, 1 + (opt >> 4), 1 + (opt & 0x0e) * 100))
		return NULL;
	if (opt & 1)
		contid_reader_set_filter(rd, ids, 3);
	return rd;
}

static void feed_log(const uint8_t *data, size_t size)
{
	struct contid_reader *rd, *whole;
	struct contid_reader_stats st, st_whole;
	uint64_t sig = 0xcbf29ce484222325ull, sig_whole = sig, got = 0, got_whole;
	size_t piece, off = 2;
	bool failed = false;

	if (size < 2 || !(rd = new_reader(data[1])))
		return;
	if (!(whole = new_reader(data[1]))) {
		contid_reader_free(rd);
		return;
	}
	piece = 1 + data[1] % 61;
	while (off < size) {
		size_t n = size - off < piece ? size - off : piece;
		/* Each piece in a buffer of its own size, so that a read
		 * past its end is an over-read ASan reports (in place, it
		 * would read the next piece's bytes). */
		char *p = malloc(n);

		if (!p) {
			failed = true;
			break;
		}
		memcpy(p, data + off, n);
		failed |= contid_reader_feed_log(rd, p, n) < 0;
		free(p);
		got += drain(rd, &sig);
		off += n;
		piece = piece * 7 % 97 + 1;
	}
	failed |= contid_reader_flush(rd) < 0;
	got += drain(rd, &sig);
	failed |= contid_reader_feed_log(whole, (const char *)data + 2, size - 2) < 0;
	failed |= contid_reader_flush(whole) < 0;
	got_whole = drain(whole, &sig_whole);
	check_stats(rd, got, &st);
	check_stats(whole, got_whole, &st_whole);
	/* How the text is cut into pieces changes nothing (unless out of memory). */
	if (!failed && (sig != sig_whole || memcmp(&st, &st_whole, sizeof(st))))
		abort();
	contid_reader_free(whole);
	contid_reader_free(rd);
}

static void feed_netlink(const uint8_t *data, size_t size)
{
	struct contid_reader *rd;
	struct contid_reader_stats st;
	uint64_t got = 0;
	size_t off = 2;

	if (size < 2 || !(rd = new_reader(data[1])))
		return;
	while (off + 2 <= size) {
		size_t n = (size_t)data[off] | (size_t)data[off + 1] << 8;
		void *dg;

		off += 2;
		if (n > size - off)
			n = size - off;
		/* A copy of exactly n bytes, so ASan sees any over-read. */
		dg = malloc(n ? n : 1);
		if (!dg)
			break;
		memcpy(dg, data + off, n);
		contid_reader_feed_netlink(rd, dg, n);
		free(dg);
		got += drain(rd, NULL);
		off += n;
	}
	contid_reader_flush(rd);
	got += drain(rd, NULL);
	check_stats(rd, got, &st);
	contid_reader_free(rd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct contid_record *rec = NULL;
	unsigned int type;
	char *copy;

	if (size < 1)
		return 0;
	switch (data[0] % 4) {
	case 0:
		/* Not NUL-terminated: the parser must keep to len. */
		copy = malloc(size - 1 ? size - 1 : 1);
		if (!copy)
			return 0;
		memcpy(copy, data + 1, size - 1);
		if (contid_record_parse_log(&rec, copy, size - 1) == 0) {
			walk_record(rec);
			same_in_reader(rec, copy, size - 1);
			contid_record_free(rec);
		}
		free(copy);
		break;
	case 1:
		if (size < 3)
			return 0;
		copy = malloc(size - 3 ? size - 3 : 1);
		if (!copy)
			return 0;
		memcpy(copy, data + 3, size - 3);
		type = (unsigned int)data[1] | (unsigned int)data[2] << 8;
		if (contid_record_parse_netlink(&rec, type, copy, size - 3) == 0) {
			walk_record(rec);
			same_as_log(rec, type, copy, size - 3);
			contid_record_free(rec);
		}
		free(copy);
		break;
	case 2:
		feed_log(data, size);
		break;
	default:
		feed_netlink(data, size);
		break;
	}
	return 0;
}
