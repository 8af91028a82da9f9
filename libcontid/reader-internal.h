/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The reader's state, shared by the files that assemble events:
 *   event.c          an event and its accessors
 *   event-contid.c   the container IDs an event's records name
 *   reader.c         the reader: the window of open events, expiry, output
 *   serials.c        lost events: serial holes per node and boot
 *   reader-log.c     log text cut into lines
 *   reader-netlink.c netlink datagrams cut into messages
 * Receiving is socket.c's (contid_handle_read_records()).
 */
#ifndef LIBCONTID_READER_INTERNAL_H
#define LIBCONTID_READER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "record-internal.h"

#define EVENT_INLINE_RECS 8	/* record pointers in the event itself */
#define EVENT_ARENA 8192	/* bytes for records allocated with an event */
#define RECENT 64		/* completed stamps remembered to spot late records */
#define MAX_HOLES 64

struct contid_event {
	struct contid_event *next;	/* in the open list or the done FIFO */
	struct contid_event *oprev;	/* in the open list */
	struct contid_event *hnext;	/* in its open_hash bucket */
	uint64_t sec;
	unsigned int msec;
	uint64_t serial;
	const char *node;		/* of its first record, or NULL */
	int end;
	uint64_t last_mono;		/* wall clock of the last record, ms */
	uint64_t more;			/* IDs left out of op=netns lists */
	unsigned int nrec, caprec;
	struct contid_record **recs;	/* inl, or malloc'd past it */
	unsigned int nid, capid;
	uint64_t *ids;
	struct rec_arena arena;		/* its records, read by a reader */
	struct ev_pool *pool;		/* its memory goes back there */
	struct contid_record *inl[EVENT_INLINE_RECS];
};

struct hole {
	uint64_t lo, hi;	/* missing serials, inclusive */
};

/* Serial tracking of one node (NULL: records without node=). */
struct serials {
	struct serials *next;
	char *node;
	bool have;
	uint64_t max;		/* highest serial of this boot */
	uint64_t max_ms;	/* its stamp */
	uint64_t last_ms;	/* latest stamp seen */
	struct hole holes[MAX_HOLES];
	unsigned int nholes;
};

struct contid_reader {
	unsigned int window;
	unsigned int timeout_ms;
	struct contid_event *open_head, *open_tail;	/* oldest first */
	/* the open events by stamp: the walk of the open list for each
	 * event's first record was 7% of the reader loop (cache misses,
	 * one an 8 KB event) */
	struct contid_event **open_hash;
	unsigned int hash_mask;
	unsigned int nopen;
	struct contid_event *done_head, *done_tail;
	struct ev_pool *pool;
	uint64_t *filter;
	size_t nfilter;
	struct serials *serials;	/* one per node seen */
	uint64_t recent_serial[RECENT];
	/* by the serial's low 6 bits, the ring places holding one: the
	 * scan of all RECENT places for each new event was 3.6% of the
	 * reader loop's instructions (callgrind) */
	uint64_t recent_bucket[64];
	struct {
		uint64_t sec;
		unsigned int msec;
		char node[64];	/* truncated: only for telling late records */
	} recent[RECENT];	/* ring of recently completed stamps */
	unsigned int recent_pos;
	char *line;		/* partial log line held between feeds */
	size_t line_len, line_cap;
	bool line_junk;		/* skipping the rest of a line too long */
	uint64_t log_lines;	/* lines ended by a newline */
	uint64_t long_lines;	/* lines over LINE_MAX_HELD */
	uint64_t last_long;	/* the number of the last of those */
	bool live;		/* fed from netlink: every gap is loss */
	bool no_fields;		/* contid_reader_set_fields(rd, 0) */
	struct stamp_cache stamp;	/* the last record's */
	struct contid_reader_stats st;
};

static inline uint64_t stamp_ms(uint64_t sec, unsigned int msec)
{
	return sec * 1000u + msec;
}

static inline bool same_node(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

/*
 * event.c: a reader's freed events, kept to be its next ones.  An event
 * with its EVENT_ARENA bytes is 8 KB: freed to malloc, a run of them
 * merged into the top of the heap and glibc gave it back to the kernel,
 * and the next events faulted in fresh pages (78,000 page faults and 25%
 * more time on the benchmark's 195 MB log; keeping 32 left 30,000).
 * Events may be freed after their reader, in any thread: the pool counts
 * them, a spinlock guards it.
 */
struct ev_pool;

/* @max: events kept at most (a reader's: twice its window, the open
 * events and as many completed at once, up to EV_POOL_MAX). */
#define EV_POOL_MAX 1024
struct ev_pool *contid_ev_pool_new(unsigned int max);
/* Drop a reference to @p (the reader's, or that of @ev, an event of its,
 * whose memory it keeps or frees). */
void contid_ev_pool_put(struct ev_pool *p, struct contid_event *ev);

/* event.c: a new event; from @pool, with room for its records, unless
 * NULL. */
struct contid_event *contid_event_new(struct ev_pool *pool);

/* event.c: append @rec to @ev (taken, freed on error) and note its IDs. */
int contid_event_add_record(struct contid_event *ev, struct contid_record *rec);

/* event-contid.c: the container IDs and more=N of @rec into @ev. */
int contid_event_collect_ids(struct contid_event *ev,
			     const struct contid_record *rec);

/* reader.c: the record of a log line's or netlink payload's head @h (or
 * the result @err of reading it): pushed, built in its event's memory, or
 * counted as malformed.  Returns 1 if added, 0, or < 0. */
int contid_reader_add_head(struct contid_reader *rd, int err,
			   const struct rec_head *h);

/* serials.c: account the serial of the record of @h, of @node
 * (NUL-terminated, or NULL; holes are losses in rd->st.lost). */
int contid_serials_track(struct contid_reader *rd, const struct rec_head *h,
			 const char *node);
void contid_serials_free(struct contid_reader *rd);

/* reader.c: on netlink, complete the events idle for the timeout. */
void contid_reader_expire_idle(struct contid_reader *rd);

/* reader-log.c: feed the held partial line as a whole line. */
int contid_reader_flush_line(struct contid_reader *rd);

#endif
