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
 * Lost events: ENOBUFS on receive is counted; so are holes in the serial
 * sequence (serial numbers are handed out one by one by the kernel), minus
 * any serial that turns up late -- but only where a hole can be a loss:
 * serials are tracked per node and per boot, and a hole counts only if the
 * record after it is stamped within the timeout of the record before it.
 * A new boot (the count starts again without loss) is a DAEMON_START
 * record, a serial more than the window below the highest seen and
 * stamped more than the timeout after it, or a stamp more than the timeout
 * earlier than the latest.  So a file that
 * starts mid-stream, holds several boots or several hosts, or is a
 * concatenation of rotated files, or an excerpt with pauses, is no loss.
 * DAEMON_* records (1200-1299) carry auditd's own serials and are not
 * tracked.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "internal.h"
#include "record-internal.h"

#define DEFAULT_WINDOW 64
#define DEFAULT_TIMEOUT_MS 2000
#define MAX_HOLES 64
#define RECENT 64		/* completed stamps remembered to spot late records */
#define LINE_MAX_HELD (1u << 20)	/* a longer log line is junk, however cut */

struct contid_event {
	struct contid_event *next;	/* in the open list or the done FIFO */
	struct contid_event *oprev;	/* in the open list */
	uint64_t sec;
	unsigned int msec;
	uint64_t serial;
	const char *node;		/* of its first record, or NULL */
	int end;
	uint64_t last_mono;
	uint64_t more;			/* IDs left out of op=netns lists */		/* wall clock of the last record, ms */
	unsigned int nrec, caprec;
	struct contid_record **recs;
	unsigned int nid, capid;
	uint64_t *ids;
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
	unsigned int nopen;
	struct contid_event *done_head, *done_tail;
	uint64_t *filter;
	size_t nfilter;
	struct serials *serials;	/* one per node seen */
	struct {
		uint64_t sec, serial;
		unsigned int msec;
		char node[64];	/* truncated: only for telling late records */
	} recent[RECENT];	/* ring of recently completed stamps */
	unsigned int recent_pos;
	char *line;		/* partial log line held between feeds */
	size_t line_len, line_cap;
	bool line_junk;		/* skipping the rest of a line too long */
	bool live;		/* fed from netlink: every gap is loss */
	struct contid_reader_stats st;
};

CONTID_EXPORT void contid_event_free(struct contid_event *ev)
{
	unsigned int i;

	if (!ev)
		return;
	for (i = 0; i < ev->nrec; i++)
		contid_record_free(ev->recs[i]);
	free(ev->recs);
	free(ev->ids);
	free(ev);
}

CONTID_EXPORT uint64_t contid_event_sec(const struct contid_event *ev)
{
	return ev ? ev->sec : 0;
}

CONTID_EXPORT unsigned int contid_event_msec(const struct contid_event *ev)
{
	return ev ? ev->msec : 0;
}

CONTID_EXPORT uint64_t contid_event_serial(const struct contid_event *ev)
{
	return ev ? ev->serial : 0;
}

CONTID_EXPORT int contid_event_end(const struct contid_event *ev)
{
	return ev ? ev->end : -EINVAL;
}

CONTID_EXPORT int contid_event_record_count(const struct contid_event *ev)
{
	return ev ? (int)ev->nrec : -EINVAL;
}

CONTID_EXPORT const struct contid_record *
contid_event_record(const struct contid_event *ev, unsigned int i)
{
	if (!ev || i >= ev->nrec)
		return NULL;
	return ev->recs[i];
}

CONTID_EXPORT uint64_t contid_event_contid_more(const struct contid_event *ev)
{
	return ev ? ev->more : 0;
}

CONTID_EXPORT int contid_event_contid_count(const struct contid_event *ev)
{
	return ev ? (int)ev->nid : -EINVAL;
}

CONTID_EXPORT uint64_t contid_event_contid(const struct contid_event *ev,
					   unsigned int i)
{
	if (!ev || i >= ev->nid)
		return CONTID_UNSET;
	return ev->ids[i];
}

CONTID_EXPORT int contid_event_has_contid(const struct contid_event *ev,
					  uint64_t id)
{
	unsigned int i;

	if (!ev)
		return 0;
	for (i = 0; i < ev->nid; i++)
		if (ev->ids[i] == id)
			return 1;
	return 0;
}

static int event_add_id(struct contid_event *ev, uint64_t id)
{
	if (id == CONTID_UNSET || contid_event_has_contid(ev, id))
		return 0;
	if (ev->nid == ev->capid) {
		unsigned int cap = ev->capid ? ev->capid * 2 : 4;
		uint64_t *n = realloc(ev->ids, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		ev->ids = n;
		ev->capid = cap;
	}
	ev->ids[ev->nid++] = id;
	return 0;
}

/* contid=A or contid=A,B,C (op=netns) */
static int event_add_id_list(struct contid_event *ev, const char *v)
{
	char num[24];
	int err;

	while (*v) {
		size_t n = strcspn(v, ",");
		uint64_t id;

		if (n && n < sizeof(num)) {
			memcpy(num, v, n);
			num[n] = '\0';
			if (contid_id_parse(num, &id) == 0) {
				err = event_add_id(ev, id);
				if (err < 0)
					return err;
			}
		}
		v += n;
		if (*v == ',')
			v++;
	}
	return 0;
}

static int event_collect_ids(struct contid_event *ev,
			     const struct contid_record *rec)
{
	unsigned int i;
	int err;

	if (rec->type != AUDIT_CONTAINER && rec->type != AUDIT_CONTAINER_INFO)
		return 0;
	/* "contid" only: old-contid= of a CONTAINER record is not the
	 * event's ID; more=N (op=netns) counts the IDs left out */
	for (i = 0; i < rec->nfields; i++) {
		if (rec->type == AUDIT_CONTAINER_INFO &&
		    !strcmp(rec->fields[i].name, "more")) {
			uint64_t n;

			if (contid_id_parse(rec->fields[i].value, &n) == 0 &&
			    n != CONTID_UNSET)
				ev->more += n;
			continue;
		}
		if (strcmp(rec->fields[i].name, "contid"))
			continue;
		err = event_add_id_list(ev, rec->fields[i].value);
		if (err < 0)
			return err;
	}
	return 0;
}

CONTID_EXPORT int contid_reader_new(struct contid_reader **rp,
				    unsigned int window, unsigned int timeout_ms)
{
	struct contid_reader *rd;

	if (!rp)
		return -EINVAL;
	rd = calloc(1, sizeof(*rd));
	if (!rd)
		return -ENOMEM;
	rd->window = window ? window : DEFAULT_WINDOW;
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
	while (rd->serials) {
		struct serials *n = rd->serials->next;

		free(rd->serials->node);
		free(rd->serials);
		rd->serials = n;
	}
	free(rd->filter);
	free(rd->line);
	free(rd);
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
	rd->recent[rd->recent_pos].serial = ev->serial;
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

static void unlink_open(struct contid_reader *rd, struct contid_event *ev)
{
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

static uint64_t stamp_ms(uint64_t sec, unsigned int msec)
{
	return sec * 1000u + msec;
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
		bool idle = mono && mono >= ev->last_mono + rd->timeout_ms;

		if (old || idle) {
			unlink_open(rd, ev);
			complete(rd, ev, CONTID_EVENT_TIMEOUT);
		}
		ev = next;
	}
}

static void hole_add(struct serials *sr, uint64_t lo, uint64_t hi)
{
	if (sr->nholes == MAX_HOLES) {
		/* forget the oldest hole: its serials stay counted as lost */
		memmove(sr->holes, sr->holes + 1,
			(MAX_HOLES - 1) * sizeof(sr->holes[0]));
		sr->nholes--;
	}
	sr->holes[sr->nholes].lo = lo;
	sr->holes[sr->nholes].hi = hi;
	sr->nholes++;
}

/* A serial below the highest seen: fill a hole if it was in one. */
static void hole_fill(struct contid_reader *rd, struct serials *sr, uint64_t s)
{
	unsigned int i;

	for (i = 0; i < sr->nholes; i++) {
		struct hole *h = &sr->holes[i];

		if (s < h->lo || s > h->hi)
			continue;
		rd->st.lost--;
		if (h->lo == h->hi) {
			memmove(h, h + 1, (sr->nholes - i - 1) * sizeof(*h));
			sr->nholes--;
		} else if (s == h->lo) {
			h->lo++;
		} else if (s == h->hi) {
			h->hi--;
		} else {
			uint64_t hi = h->hi;

			h->hi = s - 1;
			hole_add(sr, s + 1, hi);
		}
		return;
	}
}

static bool same_node(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

static struct serials *serials_of(struct contid_reader *rd, const char *node)
{
	struct serials *sr;

	for (sr = rd->serials; sr; sr = sr->next)
		if (same_node(sr->node, node))
			return sr;
	sr = calloc(1, sizeof(*sr));
	if (!sr)
		return NULL;
	if (node) {
		sr->node = strdup(node);
		if (!sr->node) {
			free(sr);
			return NULL;
		}
	}
	sr->next = rd->serials;
	rd->serials = sr;
	return sr;
}

/* A new boot of @sr's node: @s (stamped @ms) is the first serial. */
static void new_boot(struct serials *sr, uint64_t s, uint64_t ms)
{
	sr->have = true;
	sr->max = s;
	sr->max_ms = ms;
	sr->last_ms = ms;
	sr->nholes = 0;
}

static int track_serial(struct contid_reader *rd, const struct contid_record *rec)
{
	uint64_t s = rec->serial, ms = stamp_ms(rec->sec, rec->msec);
	struct serials *sr;

	if (rec->type >= 1200 && rec->type <= 1299) {
		/* auditd's own records and serials; its start is a boot */
		if (rec->type == AUDIT_DAEMON_START) {
			sr = serials_of(rd, rec->node);
			if (!sr)
				return -ENOMEM;
			sr->have = false;
			sr->nholes = 0;
		}
		return 0;
	}
	if (!s)
		return 0;
	sr = serials_of(rd, rec->node);
	if (!sr)
		return -ENOMEM;
	if (!sr->have || ms + rd->timeout_ms < sr->last_ms ||
	    (s + rd->window < sr->max && ms > sr->max_ms + rd->timeout_ms)) {
		/* the first record, time going back, or the serial going
		 * back while time went on by more than the timeout (a
		 * reboot takes longer): a (new) start, not loss.  A serial
		 * far back stamped within the timeout is a late record. */
		new_boot(sr, s, ms);
		return 0;
	}
	if (ms > sr->last_ms)
		sr->last_ms = ms;
	if (s > sr->max) {
		/* On netlink the kernel's serials arrive as it hands them
		 * out: a gap is a loss however long it took.  In a log, a
		 * gap over a pause may be an excerpt's cut. */
		if (s > sr->max + 1 &&
		    (rd->live || ms <= sr->max_ms + rd->timeout_ms)) {
			rd->st.lost += s - sr->max - 1;
			hole_add(sr, sr->max + 1, s - 1);
		}
		sr->max = s;
		sr->max_ms = ms;
	} else {
		hole_fill(rd, sr, s);
	}
	return 0;
}

CONTID_EXPORT int contid_reader_push_record(struct contid_reader *rd,
					    struct contid_record *rec)
{
	struct contid_event *ev, *p;
	uint64_t now;
	int err;

	if (!rd || !rec) {
		contid_record_free(rec);
		return -EINVAL;
	}
	rd->st.records++;
	now = stamp_ms(rec->sec, rec->msec);
	/* newest first: a record most often belongs to the latest event */
	for (p = rd->open_tail, ev = NULL; p; p = p->oprev) {
		if (p->serial == rec->serial && p->sec == rec->sec &&
		    p->msec == rec->msec && same_node(p->node, rec->node)) {
			ev = p;
			break;
		}
	}
	if (!ev) {
		unsigned int k;

		/* time out what is old before evicting anything */
		expire(rd, now, 0);
		if (rec->type == AUDIT_EOE) {
			/* an EOE of no open event (its event ended, or the
			 * excerpt starts here): not an event of its own */
			contid_record_free(rec);
			return 0;
		}
		for (k = 0; k < RECENT; k++) {
			if (rd->recent[k].serial == rec->serial &&
			    rd->recent[k].sec == rec->sec &&
			    rd->recent[k].msec == rec->msec && rec->serial &&
			    !strncmp(rd->recent[k].node, rec->node ? rec->node : "",
				     sizeof(rd->recent[k].node) - 1)) {
				/* its event already ended: it becomes an
				 * event of its own, counted as late */
				rd->st.late++;
				break;
			}
		}
		err = track_serial(rd, rec);
		ev = err < 0 ? NULL : calloc(1, sizeof(*ev));
		if (!ev) {
			contid_record_free(rec);
			return -ENOMEM;
		}
		ev->sec = rec->sec;
		ev->msec = rec->msec;
		ev->serial = rec->serial;
		ev->node = rec->node;
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
	}
	ev->last_mono = contid_monotonic_ms();
	if (rec->type == AUDIT_EOE) {
		contid_record_free(rec);
		unlink_open(rd, ev);
		complete(rd, ev, CONTID_EVENT_EOE);
		expire(rd, now, 0);
		return 0;
	}
	if (ev->nrec == ev->caprec) {
		unsigned int cap = ev->caprec ? ev->caprec * 2 : 8;
		struct contid_record **n = realloc(ev->recs, cap * sizeof(*n));

		if (!n) {
			contid_record_free(rec);
			return -ENOMEM;
		}
		ev->recs = n;
		ev->caprec = cap;
	}
	ev->recs[ev->nrec++] = rec;
	err = event_collect_ids(ev, rec);
	if (err < 0)
		return err;
	expire(rd, now, 0);
	return 0;
}

static int feed_line(struct contid_reader *rd, const char *line, size_t len)
{
	struct contid_record *rec;
	int err;

	if (!len || (len == 1 && line[0] == '\n'))
		return 0;
	err = contid_record_parse_log(&rec, line, len);
	if (err == -CONTID_E_NOTRECORD) {
		rd->st.malformed++;
		return 0;
	}
	if (err < 0)
		return err;
	err = contid_reader_push_record(rd, rec);
	return err < 0 ? err : 1;
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
			rd->line_len = 0;
			rd->line_junk = true;
		}
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

static int feed_one(struct contid_reader *rd, unsigned int type,
		    const char *payload, size_t len)
{
	struct contid_record *rec;
	int err;

	if (!contid_is_record_type(type))
		return 0;	/* a reply or control message: not ours */
	rd->live = true;
	err = contid_record_parse_netlink(&rec, type, payload, len);
	if (err == -CONTID_E_NOTRECORD) {
		rd->st.malformed++;
		return 0;
	}
	if (err < 0)
		return err;
	err = contid_reader_push_record(rd, rec);
	return err < 0 ? err : 1;
}

CONTID_EXPORT int contid_reader_feed_netlink(struct contid_reader *rd,
					     const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int added = 0, err;

	if (!rd || (!buf && len))
		return -EINVAL;
	while (len >= sizeof(struct nlmsghdr)) {
		struct nlmsghdr nlh;
		size_t mlen;

		memcpy(&nlh, p, sizeof(nlh));
		if (nlh.nlmsg_len + sizeof(nlh) == len ||
		    nlh.nlmsg_len < sizeof(nlh) || nlh.nlmsg_len > len) {
			/* the daemon-socket quirk (nlmsg_len without the
			 * header) or a broken length: the datagram is one
			 * message, its length is what recv returned */
			mlen = len;
		} else {
			mlen = nlh.nlmsg_len;
		}
		err = feed_one(rd, nlh.nlmsg_type, (const char *)p + sizeof(nlh),
			       mlen - sizeof(nlh));
		if (err < 0)
			return err;
		added += err;
		mlen = NLMSG_ALIGN(mlen);
		if (mlen >= len)
			break;
		p += mlen;
		len -= mlen;
	}
	return added;
}

CONTID_EXPORT int contid_reader_read_netlink(struct contid_reader *rd,
					     struct contid_handle *h)
{
	struct contid_queued *q;
	uint64_t deadline;
	int added = 0, err;

	if (!rd || !h)
		return -EINVAL;
	while ((q = contid_handle_dequeue(h))) {
		err = contid_reader_feed_netlink(rd, q->data, q->len);
		free(q);
		if (err < 0)
			return err;
		added += err;
	}
	if (added)
		return added;
	deadline = h->timeout_ms < 0 ? UINT64_MAX :
		   contid_monotonic_ms() + (uint64_t)h->timeout_ms;
	for (;;) {
		uint32_t src;
		bool trunc;
		ssize_t n = contid_handle_recv(h, contid_deadline_remaining(deadline),
					       &src, &trunc);

		if (n == -ENOBUFS) {
			/* the kernel dropped records for us: count, go on */
			rd->st.enobufs++;
			return 0;
		}
		if (n == -ETIMEDOUT) {
			expire(rd, 0, contid_monotonic_ms());
			return 0;
		}
		if (n < 0)
			return (int)n;
		if (src != 0) {
			h->stats.foreign++;
		} else if (trunc) {
			rd->st.malformed++;
		} else {
			err = contid_reader_feed_netlink(rd, h->buf, (size_t)n);
			if (err != 0)
				return err;
		}
		if (contid_deadline_remaining(deadline) == 0) {
			expire(rd, 0, contid_monotonic_ms());
			return 0;
		}
	}
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
	rd->line_junk = false;
	if (rd->line_len) {
		err = feed_line(rd, rd->line, rd->line_len);
		rd->line_len = 0;
		if (err < 0)
			return err;
	}
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
