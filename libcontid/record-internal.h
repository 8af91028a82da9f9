/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef LIBCONTID_RECORD_INTERNAL_H
#define LIBCONTID_RECORD_INTERNAL_H

#include "internal.h"

struct contid_rec_field {
	const char *name;
	unsigned int nlen;	/* strlen(name) */
	const char *raw;	/* as written, quotes included */
	const char *value;	/* decoded: raw itself if nothing to decode */
	size_t vlen;
	const char *interp;	/* ENRICHED interpretation, or NULL */
};

/* One malloc: this struct, the field table, then the strings. */
struct contid_record {
	unsigned int type;
	unsigned int msec;
	uint64_t sec;
	uint64_t serial;
	const char *node;
	const char *tname;	/* the type as written, or the table's name */
	const char *text;
	unsigned int nfields;
	unsigned int cap;
	struct contid_rec_field *fields;
};

#endif
