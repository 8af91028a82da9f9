/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* An event: the records of one audit(sec.msec:serial) stamp, in order. */
#include "config.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "reader-internal.h"

#define ALIGN_UP(p) ((char *)(((uintptr_t)(p) + 15) & ~(uintptr_t)15))
#define CHUNK_HEAD ((sizeof(struct rec_chunk) + 15) & ~(size_t)15)

/*
 * An event's arena: the EVENT_ARENA bytes after the event, then chunks of
 * at least that much when they run out.  A record is carved whole at the
 * end and the bytes it did not use given back (contid_arena_trim()).
 */
void *contid_arena_alloc(struct rec_arena *a, size_t size)
{
	char *p;

	size = (size + 15) & ~(size_t)15;
	if (size > a->left) {
		size_t csize = CHUNK_HEAD + (size > EVENT_ARENA ? size : EVENT_ARENA);
		struct rec_chunk *c = malloc(csize);

		if (!c)
			return NULL;
		c->next = a->chunks;
		a->chunks = c;
		a->cur = (char *)c + CHUNK_HEAD;
		a->left = csize - CHUNK_HEAD;
	}
	p = a->cur;
	a->cur += size;
	a->left -= size;
	return p;
}

void contid_arena_trim(struct rec_arena *a, char *used)
{
	char *cur = ALIGN_UP(used);

	if (cur < a->cur) {
		a->left += (size_t)(a->cur - cur);
		a->cur = cur;
	}
}

void contid_arena_free(struct rec_arena *a)
{
	while (a->chunks) {
		struct rec_chunk *n = a->chunks->next;

		free(a->chunks);
		a->chunks = n;
	}
}

struct ev_pool {
	atomic_flag lock;
	unsigned int refs;	/* the reader's, and one an event */
	unsigned int nfree, max;
	struct contid_event *free[];
};

static void pool_lock(struct ev_pool *p)
{
	while (atomic_flag_test_and_set_explicit(&p->lock, memory_order_acquire))
		;
}

static void pool_unlock(struct ev_pool *p)
{
	atomic_flag_clear_explicit(&p->lock, memory_order_release);
}

struct ev_pool *contid_ev_pool_new(unsigned int max)
{
	struct ev_pool *p = malloc(sizeof(*p) + max * sizeof(p->free[0]));

	if (!p)
		return NULL;
	atomic_flag_clear(&p->lock);
	p->refs = 1;
	p->nfree = 0;
	p->max = max;
	return p;
}

void contid_ev_pool_put(struct ev_pool *p, struct contid_event *ev)
{
	bool last;
	unsigned int i;

	pool_lock(p);
	if (ev && p->nfree < p->max) {
		p->free[p->nfree++] = ev;
		ev = NULL;
	}
	last = --p->refs == 0;
	pool_unlock(p);
	free(ev);
	if (!last)
		return;
	for (i = 0; i < p->nfree; i++)
		free(p->free[i]);
	free(p);
}

struct contid_event *contid_event_new(struct ev_pool *pool)
{
	size_t extra = pool ? EVENT_ARENA + 16 : 0;
	struct contid_event *ev = NULL;

	if (pool) {
		pool_lock(pool);
		if (pool->nfree)
			ev = pool->free[--pool->nfree];
		pool->refs++;
		pool_unlock(pool);
	}
	if (!ev) {
		ev = malloc(sizeof(*ev) + extra);
		if (!ev) {
			if (pool)
				contid_ev_pool_put(pool, NULL);
			return NULL;
		}
	}
	memset(ev, 0, sizeof(*ev));
	ev->pool = pool;
	ev->recs = ev->inl;
	ev->caprec = EVENT_INLINE_RECS;
	if (pool) {
		ev->arena.cur = ALIGN_UP(ev + 1);
		ev->arena.left = (size_t)((char *)(ev + 1) + extra - ev->arena.cur);
	}
	return ev;
}

CONTID_EXPORT void contid_event_free(struct contid_event *ev)
{
	unsigned int i;

	if (!ev)
		return;
	for (i = 0; i < ev->nrec; i++)
		contid_record_free(ev->recs[i]);	/* those not in the arena */
	if (ev->recs != ev->inl)
		free(ev->recs);
	contid_arena_free(&ev->arena);
	free(ev->ids);
	if (ev->pool)
		contid_ev_pool_put(ev->pool, ev);
	else
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
		unsigned int cap = ev->caprec * 2;
		struct contid_record **n;

		n = realloc(ev->recs == ev->inl ? NULL : ev->recs, cap * sizeof(*n));
		if (!n) {
			contid_record_free(rec);
			return -ENOMEM;
		}
		if (ev->recs == ev->inl)
			memcpy(n, ev->inl, sizeof(ev->inl));
		ev->recs = n;
		ev->caprec = cap;
	}
	ev->recs[ev->nrec++] = rec;
	return contid_event_collect_ids(ev, rec);
}
