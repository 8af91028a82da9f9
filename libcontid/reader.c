/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Events: records grouped by their audit(sec.msec:serial) stamp.
 *
 * The kernel interleaves the records of concurrent events, so a bounded
 * window of open events is kept.  An event completes when its EOE arrives,
 * when it is the oldest and the window is full (evicted), when a record
 * stamped more than timeout_ms later arrives, or, on netlink, when nothing
 * was added to it for timeout_ms of wall-clock time (timed out), or on
 * flush.  Completed events wait in a FIFO for contid_reader_next().
 *
 * Events are keyed by (node, stamp): records of different node= hosts
 * with the same stamp are different events.
 *
 * Lost events are serials.c's, log lines reader-log.c's, netlink
 * messages reader-netlink.c's.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader-internal.h"

#define DEFAULT_WINDOW 64
#define DEFAULT_TIMEOUT_MS 2000

CONTID_EXPORT int contid_reader_new(struct contid_reader **rp,
				    unsigned int window, unsigned int timeout_ms)
{
	struct contid_reader *rd;

	if (!rp)
		return -EINVAL;
	rd = calloc(1, sizeof(*rd));
	if (!rd)
		return -ENOMEM;
	window = window ? window : DEFAULT_WINDOW;
	/* buckets: twice the window, a power of two, at most 64 Ki */
	for (rd->hash_mask = 63; rd->hash_mask < 65535 && rd->hash_mask / 2 < window;)
		rd->hash_mask = rd->hash_mask * 2 + 1;
	rd->open_hash = calloc((size_t)rd->hash_mask + 1, sizeof(*rd->open_hash));
	rd->pool = contid_ev_pool_new(window < EV_POOL_MAX / 2 ? 2 * window : EV_POOL_MAX);
	if (!rd->pool || !rd->open_hash) {
		if (rd->pool)
			contid_ev_pool_put(rd->pool, NULL);
		free(rd->open_hash);
		free(rd);
		return -ENOMEM;
	}
	rd->window = window;
	rd->timeout_ms = timeout_ms ? timeout_ms : DEFAULT_TIMEOUT_MS;
	*rp = rd;
	return 0;
}

static void free_list(struct contid_event *ev)
{
	while (ev) {
		struct contid_event *n = ev->next;

		contid_event_free(ev);
		ev = n;
	}
}

CONTID_EXPORT void contid_reader_free(struct contid_reader *rd)
{
	if (!rd)
		return;
	free_list(rd->open_head);
	free_list(rd->done_head);
	contid_serials_free(rd);
	contid_ev_pool_put(rd->pool, NULL);
	free(rd->open_hash);
	free(rd->filter);
	free(rd->line);
	free(rd);
}

CONTID_EXPORT int contid_reader_set_fields(struct contid_reader *rd, int fields)
{
	if (!rd)
		return -EINVAL;
	rd->no_fields = !fields;
	return 0;
}

CONTID_EXPORT int contid_reader_set_filter(struct contid_reader *rd,
					   const uint64_t *ids, size_t n)
{
	uint64_t *copy = NULL;

	if (!rd || (n && !ids))
		return -EINVAL;
	if (n) {
		copy = malloc(n * sizeof(*copy));
		if (!copy)
			return -ENOMEM;
		memcpy(copy, ids, n * sizeof(*copy));
	}
	free(rd->filter);
	rd->filter = copy;
	rd->nfilter = n;
	return 0;
}

static bool filter_match(const struct contid_reader *rd,
			 const struct contid_event *ev)
{
	size_t i;

	if (!rd->nfilter || ev->more)
		return true;	/* any ID may be among those left out */
	for (i = 0; i < rd->nfilter; i++)
		if (contid_event_has_contid(ev, rd->filter[i]))
			return true;
	return false;
}

/* Move @ev (already unlinked) to the done FIFO, or drop it if filtered. */
static void complete(struct contid_reader *rd, struct contid_event *ev, int end)
{
	ev->end = end;
	ev->next = NULL;
	rd->st.events++;
	rd->recent[rd->recent_pos].sec = ev->sec;
	rd->recent[rd->recent_pos].msec = ev->msec;
	rd->recent_bucket[rd->recent_serial[rd->recent_pos] & 63] &=
		~(UINT64_C(1) << rd->recent_pos);
	rd->recent_bucket[ev->serial & 63] |= UINT64_C(1) << rd->recent_pos;
	rd->recent_serial[rd->recent_pos] = ev->serial;
	{
		/* as snprintf("%s") would, truncated; snprintf was 2.6% of
		 * the reader loop */
		char *dst = rd->recent[rd->recent_pos].node;
		size_t n = ev->node ? strnlen(ev->node, sizeof(rd->recent[0].node) - 1) : 0;

		memcpy(dst, ev->node ? ev->node : "", n);
		dst[n] = '\0';
	}
	rd->recent_pos = (rd->recent_pos + 1) % RECENT;
	if (end == CONTID_EVENT_EVICTED)
		rd->st.evicted++;
	else if (end == CONTID_EVENT_TIMEOUT)
		rd->st.timedout++;
	if (!filter_match(rd, ev)) {
		rd->st.filtered++;
		contid_event_free(ev);
		return;
	}
	if (rd->done_tail)
		rd->done_tail->next = ev;
	else
		rd->done_head = ev;
	rd->done_tail = ev;
}

static inline unsigned int stamp_hash(const struct contid_reader *rd,
				      uint64_t sec, unsigned int msec,
				      uint64_t serial)
{
	uint64_t h = (serial ^ sec * 1000003u ^ msec) * UINT64_C(0x9e3779b97f4a7c15);

	return (unsigned int)(h >> 40) & rd->hash_mask;
}

static void unlink_open(struct contid_reader *rd, struct contid_event *ev)
{
	struct contid_event **pp;

	pp = &rd->open_hash[stamp_hash(rd, ev->sec, ev->msec, ev->serial)];
	while (*pp != ev)
		pp = &(*pp)->hnext;
	*pp = ev->hnext;
	ev->hnext = NULL;
	if (ev->oprev)
		ev->oprev->next = ev->next;
	else
		rd->open_head = ev->next;
	if (ev->next)
		ev->next->oprev = ev->oprev;
	else
		rd->open_tail = ev->oprev;
	ev->oprev = NULL;
	rd->nopen--;
}


/* Complete every open event older than @now_ms by more than the timeout
 * (audit time), or idle for the timeout in wall-clock time if @mono. */
static void expire(struct contid_reader *rd, uint64_t now_ms, uint64_t mono)
{
	struct contid_event *ev = rd->open_head;

	/* fast path: the oldest open event is not old yet (audit time) */
	if (!mono && ev && (!now_ms ||
	    now_ms <= stamp_ms(ev->sec, ev->msec) + rd->timeout_ms))
		return;
	while (ev) {
		struct contid_event *next = ev->next;
		bool old = now_ms &&
			   now_ms > stamp_ms(ev->sec, ev->msec) + rd->timeout_ms;
		bool idle;

		/* an event added while the reader read no netlink has no
		 * wall-clock time: its idle time starts now */
		if (mono && !ev->last_mono)
			ev->last_mono = mono;
		idle = mono && mono >= ev->last_mono + rd->timeout_ms;

		if (old || idle) {
			unlink_open(rd, ev);
			complete(rd, ev, CONTID_EVENT_TIMEOUT);
		}
		ev = next;
	}
}


/* On netlink: complete every event idle for the timeout (wall clock). */
void contid_reader_expire_idle(struct contid_reader *rd)
{
	expire(rd, 0, contid_monotonic_ms());
}

/* Is @a (NUL-terminated, or NULL) the node @b of @blen bytes (no NUL in
 * them; NULL: no node)? */
static inline bool node_is(const char *a, const char *b, size_t blen)
{
	if (!a || !b)
		return a == b;
	return !strncmp(a, b, blen) && a[blen] == '\0';
}

/*
 * A new open event for the record of @h, whose node is @node
 * (NUL-terminated; NULL: no node, or in the line if @arena: copied into
 * the event's memory).  Returns it, or NULL (out of memory).
 */
static struct contid_event *open_event(struct contid_reader *rd,
				       const struct rec_head *h,
				       const char *node, bool arena)
{
	struct contid_event *ev;
	unsigned int k;
	uint64_t m;

	_Static_assert(RECENT <= 64, "recent_bucket holds a bit a place");
	ev = contid_event_new(arena ? rd->pool : NULL);
	if (!ev)
		return NULL;
	ev->sec = h->sec;
	ev->msec = h->msec;
	ev->serial = h->serial;
	if (arena && h->node) {
		char *copy = contid_arena_alloc(&ev->arena, h->nodelen + 1);

		if (!copy) {
			contid_event_free(ev);
			return NULL;
		}
		memcpy(copy, h->node, h->nodelen);
		copy[h->nodelen] = '\0';
		node = copy;
	}
	ev->node = node;
	for (m = h->serial ? rd->recent_bucket[h->serial & 63] : 0; m; m &= m - 1) {
		k = (unsigned int)__builtin_ctzll(m);
		if (rd->recent_serial[k] == h->serial &&
		    rd->recent[k].sec == h->sec &&
		    rd->recent[k].msec == h->msec &&
		    !strncmp(rd->recent[k].node, node ? node : "",
			     sizeof(rd->recent[k].node) - 1)) {
			/* its event already ended: it becomes an
			 * event of its own, counted as late */
			rd->st.late++;
			break;
		}
	}
	if (contid_serials_track(rd, h, node) < 0) {
		contid_event_free(ev);
		return NULL;
	}
	if (rd->nopen >= rd->window) {
		struct contid_event *old = rd->open_head;

		unlink_open(rd, old);
		complete(rd, old, CONTID_EVENT_EVICTED);
	}
	ev->oprev = rd->open_tail;
	if (rd->open_tail)
		rd->open_tail->next = ev;
	else
		rd->open_head = ev;
	rd->open_tail = ev;
	rd->nopen++;
	k = stamp_hash(rd, ev->sec, ev->msec, ev->serial);
	ev->hnext = rd->open_hash[k];
	rd->open_hash[k] = ev;
	return ev;
}

/*
 * The event the record of @h belongs to: the open one of its stamp and
 * node, or a new one (@node and @arena as open_event() takes them).  An
 * EOE ends its event here: 0 and *@evp NULL, as for an EOE of no open
 * event (its event ended, or the log began after it).
 */
static int event_for(struct contid_reader *rd, const struct rec_head *h,
		     const char *node, bool arena, struct contid_event **evp)
{
	uint64_t now = stamp_ms(h->sec, h->msec);
	struct contid_event *ev;

	*evp = NULL;
	rd->st.records++;
	for (ev = rd->open_hash[stamp_hash(rd, h->sec, h->msec, h->serial)]; ev;
	     ev = ev->hnext)
		if (ev->serial == h->serial && ev->sec == h->sec &&
		    ev->msec == h->msec && node_is(ev->node, h->node, h->nodelen))
			break;
	if (!ev) {
		/* time out what is old before evicting anything */
		expire(rd, now, 0);
		if (h->type == AUDIT_EOE)
			return 0;
		ev = open_event(rd, h, node, arena);
		if (!ev)
			return -ENOMEM;
	}
	/* wall-clock idle time matters on netlink only: a log's records
	 * read no clock (a clock read a record was 3% of a log's time) */
	ev->last_mono = rd->live ? contid_monotonic_ms() : 0;
	if (h->type == AUDIT_EOE) {
		unlink_open(rd, ev);
		complete(rd, ev, CONTID_EVENT_EOE);
		expire(rd, now, 0);
		return 0;
	}
	*evp = ev;
	return 0;
}

/* @rec (taken) into @ev, its event, then what is old timed out. */
static int event_add(struct contid_reader *rd, struct contid_event *ev,
		     struct contid_record *rec)
{
	int err = contid_event_add_record(ev, rec);

	if (err < 0)
		return err;
	expire(rd, stamp_ms(ev->sec, ev->msec), 0);
	return 0;
}

CONTID_EXPORT int contid_reader_push_record(struct contid_reader *rd,
					    struct contid_record *rec)
{
	struct contid_event *ev;
	struct rec_head h;
	int err;

	if (!rd || !rec) {
		contid_record_free(rec);
		return -EINVAL;
	}
	h.type = rec->type;
	h.sec = rec->sec;
	h.msec = rec->msec;
	h.serial = rec->serial;
	h.node = rec->node;
	h.nodelen = rec->node ? strlen(rec->node) : 0;
	err = event_for(rd, &h, rec->node, false, &ev);
	if (err < 0 || !ev) {
		contid_record_free(rec);
		return err;
	}
	return event_add(rd, ev, rec);
}

int contid_reader_add_head(struct contid_reader *rd, int err,
			   const struct rec_head *h)
{
	struct contid_record *rec;
	struct contid_event *ev;

	if (err == -CONTID_E_NOTRECORD) {
		rd->st.malformed++;
		return 0;
	}
	if (err < 0)
		return err;
	err = event_for(rd, h, NULL, true, &ev);
	if (err < 0)
		return err;
	if (!ev)
		return 1;	/* an EOE */
	err = contid_record_make(&rec, h, !rd->no_fields, &ev->arena, ev->node);
	if (err < 0) {
		if (!ev->nrec) {	/* opened for this record */
			unlink_open(rd, ev);
			contid_event_free(ev);
		}
		return err;
	}
	err = event_add(rd, ev, rec);
	return err < 0 ? err : 1;
}

CONTID_EXPORT int contid_reader_next(struct contid_reader *rd,
				     struct contid_event **evp)
{
	struct contid_event *ev;

	if (!rd || !evp)
		return -EINVAL;
	ev = rd->done_head;
	if (!ev)
		return 0;
	rd->done_head = ev->next;
	if (!rd->done_head)
		rd->done_tail = NULL;
	ev->next = NULL;
	*evp = ev;
	return 1;
}

CONTID_EXPORT int contid_reader_flush(struct contid_reader *rd)
{
	int err;

	if (!rd)
		return -EINVAL;
	err = contid_reader_flush_line(rd);
	if (err < 0)
		return err;
	while (rd->open_head) {
		struct contid_event *ev = rd->open_head;

		unlink_open(rd, ev);
		complete(rd, ev, CONTID_EVENT_FLUSHED);
	}
	return 0;
}

CONTID_EXPORT int contid_reader_get_stats(const struct contid_reader *rd,
					  struct contid_reader_stats *st)
{
	if (!rd || !st)
		return -EINVAL;
	*st = rd->st;
	return 0;
}
