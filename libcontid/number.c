/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The one reader of unsigned numbers in the library: container IDs (given
 * and read from /proc), type numbers, rule values, field numbers and
 * syscall numbers.  Each caller keeps its own rules around it (a sign, a
 * 0x prefix, which error it returns); the digits are read here.  Record
 * stamps are the exception: record.c's stamp_number() sums their digits
 * inline, three numbers a record (through here they were 12% of reading
 * a log).
 */
#include "config.h"

#include <errno.h>

#include "internal.h"

int contid_parse_uint(const char *s, size_t len, unsigned int base,
		      uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (!len)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		char c = s[i];
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = (unsigned int)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned int)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned int)(c - 'A' + 10);
		else
			return -EINVAL;
		if (d >= base)
			return -EINVAL;
		/* in the order the digits come: the first fault is the one said */
		if (d > max || v > (max - d) / base)
			return -ERANGE;
		v = v * base + d;
	}
	*out = v;
	return 0;
}
