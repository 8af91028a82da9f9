/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Log text in pieces of any size: cut into lines, a partial line held
 * until the rest comes (or flush), a line over LINE_MAX_HELD skipped.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_HELD (1u << 20)	/* a longer log line is junk, however cut */

#include "reader-internal.h"

static int feed_line(struct contid_reader *rd, const char *line, size_t len)
{
	struct rec_head h;
	int err;

	if (!len || (len == 1 && line[0] == '\n'))
		return 0;
	err = contid_record_head_log(&h, line, len, &rd->stamp);
	return contid_reader_add_head(rd, err, &h);
}

static int hold_append(struct contid_reader *rd, const char *buf, size_t len)
{
	if (rd->line_len + len > rd->line_cap) {
		size_t cap = (rd->line_len + len) * 2;
		char *n = realloc(rd->line, cap);

		if (!n)
			return -ENOMEM;
		rd->line = n;
		rd->line_cap = cap;
	}
	memcpy(rd->line + rd->line_len, buf, len);
	rd->line_len += len;
	return 0;
}

CONTID_EXPORT int contid_reader_feed_log(struct contid_reader *rd,
					 const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int added = 0, err;

	if (!rd || (!buf && len))
		return -EINVAL;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t seg = (size_t)((nl ? nl : end) - p);

		/*
		 * A line over LINE_MAX_HELD is junk up to its newline, whether
		 * it came whole or in pieces: its tail is not a line of its own
		 * (it could read as a record).
		 */
		if (!rd->line_junk && rd->line_len + seg > LINE_MAX_HELD) {
			rd->st.malformed++;
			rd->long_lines++;
			rd->last_long = rd->log_lines + 1;
			rd->line_len = 0;
			rd->line_junk = true;
		}
		if (nl)
			rd->log_lines++;
		if (rd->line_junk) {
			if (!nl)
				break;
			rd->line_junk = false;
			p = nl + 1;
			continue;
		}
		if (!nl) {
			err = hold_append(rd, p, (size_t)(end - p));
			if (err < 0)
				return err;
			break;
		}
		if (rd->line_len) {
			err = hold_append(rd, p, (size_t)(nl - p));
			if (err < 0)
				return err;
			err = feed_line(rd, rd->line, rd->line_len);
			rd->line_len = 0;
		} else {
			err = feed_line(rd, p, (size_t)(nl - p));
		}
		if (err < 0)
			return err;
		added += err;
		p = nl + 1;
	}
	return added;
}


CONTID_EXPORT int contid_reader_log_lines(const struct contid_reader *rd,
					 uint64_t *lines, uint64_t *long_lines,
					 uint64_t *last_long)
{
	if (!rd)
		return -EINVAL;
	if (lines)
		*lines = rd->log_lines;
	if (long_lines)
		*long_lines = rd->long_lines;
	if (last_long)
		*last_long = rd->last_long;
	return 0;
}

int contid_reader_flush_line(struct contid_reader *rd)
{
	int err = 0;

	rd->line_junk = false;
	if (rd->line_len) {
		err = feed_line(rd, rd->line, rd->line_len);
		rd->line_len = 0;
	}
	return err < 0 ? err : 0;
}
