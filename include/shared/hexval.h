/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hexval - the value of hex digit @c (either case), or -1.
 *
 * Not installed, and no symbol: a static inline function that libcontid
 * (libcontid/record.c, decoding hex-encoded field values) and contidctl
 * (src/interpret.c and src/sockaddr.c, decoding what ausearch -i decodes)
 * both include, so that the one digit rule is written once without adding
 * to libcontid's ABI.
 */
#ifndef CONTID_SHARED_HEXVAL_H
#define CONTID_SHARED_HEXVAL_H

static inline int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

#endif
