// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fuzz_record: libcontid's record parser and event reader.
 *
 * Byte 0 chooses the entry point:
 *   0: one audit.log line (contid_record_parse_log), every accessor;
 *   1: a netlink record (contid_record_parse_netlink); bytes 1-2 the type;
 *   2: audit.log text fed to a reader in pieces whose sizes come from
 *      byte 1, with a small window and timeout, events walked, flushed;
 *   3: netlink datagrams fed to a reader: [u16 length][datagram]...
 * Byte 1 (modes 2, 3) also sets the filter: odd, only events carrying
 * container ID 1, 700001 or the unset value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libcontid/contid.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk_record(const struct contid_record *rec)
{
	int n = contid_record_field_count(rec);
	const char *s;

	(void)contid_msgtype_name(contid_record_type(rec));
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
	}
	(void)contid_record_find(rec, "contid");
	(void)contid_record_find(rec, "");
}

static void drain(struct contid_reader *rd)
{
	struct contid_event *ev;

	while (contid_reader_next(rd, &ev) == 1) {
		int n = contid_event_record_count(ev), k = contid_event_contid_count(ev);

		(void)contid_event_sec(ev);
		(void)contid_event_msec(ev);
		(void)contid_event_serial(ev);
		(void)contid_event_end(ev);
		for (int i = 0; i <= n; i++) {
			const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);

			if (rec)
				walk_record(rec);
			else if (i < n)
				abort();
		}
		for (int i = 0; i < k; i++)
			if (!contid_event_has_contid(ev, contid_event_contid(ev, (unsigned int)i)))
				abort();
		contid_event_free(ev);
	}
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
	struct contid_reader *rd;
	size_t piece, off = 2;

	if (size < 2 || !(rd = new_reader(data[1])))
		return;
	piece = 1 + data[1] % 61;
	while (off < size) {
		size_t n = size - off < piece ? size - off : piece;

		contid_reader_feed_log(rd, (const char *)data + off, n);
		drain(rd);
		off += n;
		piece = piece * 7 % 97 + 1;
	}
	contid_reader_flush(rd);
	drain(rd);
	contid_reader_free(rd);
}

static void feed_netlink(const uint8_t *data, size_t size)
{
	struct contid_reader *rd;
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
		drain(rd);
		off += n;
	}
	contid_reader_flush(rd);
	drain(rd);
	contid_reader_free(rd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct contid_record *rec = NULL;
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
		if (contid_record_parse_netlink(&rec, (unsigned int)data[1] | (unsigned int)data[2] << 8,
						copy, size - 3) == 0) {
			walk_record(rec);
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
