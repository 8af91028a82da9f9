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

/* record.c: contid_record_parse_log() and _netlink(), with or without the
 * fields (CONTAINER and CONTAINER_INFO records always have theirs). */
int contid_record_parse_log_opt(struct contid_record **rp, const char *line,
				size_t len, bool fields);
int contid_record_parse_netlink_opt(struct contid_record **rp,
				    unsigned int type, const char *payload,
				    size_t len, bool fields);

#endif
