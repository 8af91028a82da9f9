/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* An event: the records of one audit(sec.msec:serial) stamp, in order. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader-internal.h"

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

int contid_event_add_record(struct contid_event *ev, struct contid_record *rec)
{
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
	return contid_event_collect_ids(ev, rec);
}
