/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse: why input is unreadable, said instead of "not audit
 * records": a compressed file, by its magic.  (A line over 1 MiB is said
 * by its number, from the reader: contid_reader_log_lines().)
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
