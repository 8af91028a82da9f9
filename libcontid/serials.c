/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Lost events: holes in the serial sequence (the kernel hands serials out
 * one by one), minus any serial that turns up late -- but only where a
 * hole can be a loss: serials are tracked per node and per boot, and a
 * hole counts only if the record after it is stamped within the timeout
 * of the record before it.  A new boot (the count starts again without
 * loss) is a DAEMON_START record, a serial more than the window below the
 * highest seen and stamped more than the timeout after it, or a stamp more
 * than the timeout earlier than the latest.  So a file that starts
 * mid-stream, holds several boots or several hosts, or is a concatenation
 * of rotated files, or an excerpt with pauses, is no loss.  DAEMON_*
 * records (1200-1299) carry auditd's own serials and are not tracked.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader-internal.h"

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

int contid_serials_track(struct contid_reader *rd, const struct rec_head *h,
			 const char *node)
{
	uint64_t s = h->serial, ms = stamp_ms(h->sec, h->msec);
	struct serials *sr;

	if (h->type >= 1200 && h->type <= 1299) {
		/* auditd's own records and serials; its start is a boot */
		if (h->type == AUDIT_DAEMON_START) {
			sr = serials_of(rd, node);
			if (!sr)
				return -ENOMEM;
			sr->have = false;
			sr->nholes = 0;
		}
		return 0;
	}
	if (!s)
		return 0;
	sr = serials_of(rd, node);
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


void contid_serials_free(struct contid_reader *rd)
{
	while (rd->serials) {
		struct serials *n = rd->serials->next;

		free(rd->serials->node);
		free(rd->serials);
		rd->serials = n;
	}
}
