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

/*
 * Where a reader's records live: the memory of their event, carved in
 * order (one malloc an event instead of one a record: malloc and free were
 * 14% of the reader loop's time in a profile).  Freed with the event.
 */
struct rec_chunk {
	struct rec_chunk *next;
};

struct rec_arena {
	char *cur;			/* the next free byte */
	size_t left;			/* bytes free at cur */
	struct rec_chunk *chunks;	/* malloc'd when the first ran out */
};

void *contid_arena_alloc(struct rec_arena *a, size_t size);
/* Give back what the last allocation did not use, from @used on. */
void contid_arena_trim(struct rec_arena *a, char *used);
void contid_arena_free(struct rec_arena *a);

/* One malloc (or one piece of an arena): this struct, the field table,
 * then the strings. */
struct contid_record {
	unsigned int type;
	bool in_arena;		/* freed with its event's arena */
	unsigned int msec;
	uint64_t sec;
	uint64_t serial;
	const char *node;
	const char *tname;	/* the type as written, or the table's name */
	const char *text;
	unsigned int nfields;
	unsigned int cap;
	struct contid_rec_field *fields;
	char *enriched;		/* the ENRICHED part, until split; or NULL */
	size_t elen;
};

/* What a log line or netlink payload says before its fields. */
struct rec_head {
	unsigned int type;
	unsigned int msec;
	uint64_t sec, serial;
	const char *node;	/* in the line, not NUL-terminated; or NULL */
	size_t nodelen;
	const char *tname;	/* as written, or the table's; NULL: by type */
	size_t tlen;
	bool tcopy;		/* tname is the line's: copied */
	const char *text;	/* the fields, after the stamp */
	size_t len;
};

/*
 * What a reader keeps from line to line.  The last stamp it read,
 * "audit(SEC.MSEC:SERIAL)" as written, and its numbers: the records of an
 * event repeat it byte for byte, and a record whose stamp is the same text
 * takes its numbers from here (the digit loops were 8% of the reader
 * loop).  And the type names it read last (msgtype_lookup()).
 */
struct stamp_cache {
	uint64_t sec, serial;
	unsigned int msec;
	unsigned char len;	/* 0: empty */
	char text[55];
	unsigned short tindex[64];	/* a slot's index in the type table */
	unsigned char tlen[64];		/* its name's length; 0: empty */
};

/* record.c: the head of a log line (0 or -CONTID_E_NOTRECORD); @sc, if
 * not NULL, the reader's last stamp. */
int contid_record_head_log(struct rec_head *h, const char *line, size_t len,
			   struct stamp_cache *sc);
int contid_record_head_netlink(struct rec_head *h, unsigned int type,
			       const char *payload, size_t len,
			       struct stamp_cache *sc);
/* The record of @h, with its fields if @fields (CONTAINER and
 * CONTAINER_INFO records always have theirs), in @a (or malloc'd if NULL).
 * In an arena the record's node is @node, which outlives it; else a copy
 * of @h's. */
int contid_record_make(struct contid_record **rp, const struct rec_head *h,
		       bool fields, struct rec_arena *a, const char *node);

#endif
