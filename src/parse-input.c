/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse: why input is unreadable, said instead of "not audit
 * records": a compressed file (by its magic), a line over 1 MiB (by its
 * number; the reader skips such a line whole, libcontid/reader-log.c).
 */
#include "config.h"

#include <string.h>

#include "parse-input.h"

static const struct {
	const char *name, *cat;
	const char *magic;
	size_t len;
} compressions[] = {
	{ "gzip", "zcat", "\x1f\x8b", 2 },
	{ "bzip2", "bzcat", "BZh", 3 },
	{ "xz", "xzcat", "\xfd" "7zXZ\0", 6 },
	{ "zstd", "zstdcat", "\x28\xb5\x2f\xfd", 4 },
};

const char *input_compressed(const char *buf, size_t len, const char **cat)
{
	size_t i;

	for (i = 0; i < sizeof(compressions) / sizeof(compressions[0]); i++)
		if (len >= compressions[i].len &&
		    memcmp(buf, compressions[i].magic, compressions[i].len) == 0) {
			*cat = compressions[i].cat;
			return compressions[i].name;
		}
	return NULL;
}

void input_lines(struct input_lines *il, const char *buf, size_t len,
		 void (*too_long)(void *arg, uint64_t line), void *arg)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t seg = (size_t)((nl ? nl : end) - p);

		/* the reader's test: the line's bytes without its newline */
		if (!il->reported && il->len + seg > INPUT_LINE_MAX) {
			il->reported = true;
			il->long_lines++;
			too_long(arg, il->line + 1);
		}
		il->len += seg;
		if (!nl)
			break;
		il->line++;
		il->len = 0;
		il->reported = false;
		p = nl + 1;
	}
}
