/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse --checkpoint: the file's text and the rule for where the
 * next run starts, as audit-userspace 3.0.9's src/ausearch-checkpt.c
 * writes and reads it and src/ausearch.c's chkpt_output_decision() uses
 * it.  No I/O here (checkpoint-io.c); fuzz_auconf feeds ckpt_parse().
 *
 * The file, as ausearch writes it (save_ChkPt()):
 *
 *	dev=0xFE00
 *	inode=10955689
 *	output=NODE SEC.MSEC:SERIAL 0xTYPE
 *
 * NODE is "-" for an event without node=.  ausearch reads any value
 * strtoul() takes and ignores what follows it; the file is input (a stale
 * or hand-edited one, or another user's), so here only that form is
 * taken: anything else is refused with the line and what is wrong.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libcontid/contid.h>

#include "checkpoint.h"

/* ausearch-common.h's MAX_EVENT_DELTA_SECS: an event this much newer than
 * another is complete when the other is. */
#define CKPT_DELTA_SECS 2

/* Digits of base @base (10 or 16) from @p to @end, all of them, at most
 * @maxdig (at most 20), into *@v without overflow.  Returns 0 or -1. */
static int number(const char *p, const char *end, int base, size_t maxdig,
		  uint64_t *v)
{
	size_t n = (size_t)(end - p), i;
	char digits[21];

	if (!n || n > maxdig)
		return -1;
	for (i = 0; i < n; i++)
		if (!(base == 16 ? isxdigit((unsigned char)p[i]) : isdigit((unsigned char)p[i])))
			return -1;
	memcpy(digits, p, n);
	digits[n] = '\0';
	errno = 0;
	*v = strtoull(digits, NULL, base);
	return errno ? -1 : 0;
}

/* "0x" and 1 to @maxdig hex digits, the whole of [p, end) */
static int hex(const char *p, const char *end, size_t maxdig, uint64_t *v)
{
	if (end - p < 2 || p[0] != '0' || p[1] != 'x')
		return -1;
	return number(p + 2, end, 16, maxdig, v);
}

/* output=NODE SEC.MSEC:SERIAL 0xTYPE: [p, end) is what follows "output=" */
static int parse_output(const char *p, const char *end, struct ckpt_event *e)
{
	const char *sp = memchr(p, ' ', (size_t)(end - p)), *q, *dot, *colon;
	uint64_t v;

	if (!sp)
		return -1;
	dot = memchr(sp + 1, '.', (size_t)(end - sp - 1));
	if (!dot || number(sp + 1, dot, 10, 20, &e->sec) < 0)
		return -1;
	/* ausearch writes the milliseconds with %03u: three digits */
	if (end - dot < 5 || dot[4] != ':' || number(dot + 1, dot + 4, 10, 3, &v) < 0)
		return -1;
	e->msec = (unsigned int)v;
	colon = dot + 4;
	q = memchr(colon + 1, ' ', (size_t)(end - colon - 1));
	if (!q || number(colon + 1, q, 10, 20, &e->serial) < 0)
		return -1;
	if (hex(q + 1, end, 8, &v) < 0)
		return -1;
	e->type = (uint32_t)v;
	if (sp - p == 1 && p[0] == '-') {
		e->node = NULL;
	} else {
		e->node = strndup(p, (size_t)(sp - p));
		if (!e->node)
			return -2;
	}
	return 0;
}

static int refuse(struct ckpt *c, char *msg, size_t msglen, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int refuse(struct ckpt *c, char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
	ckpt_free(c);
	return -1;
}

int ckpt_parse(const char *buf, size_t len, struct ckpt *c, char *msg,
	       size_t msglen)
{
	static const char *const keys[] = { "dev=", "inode=", "output=" };
	const char *p = buf, *end = buf + len;
	unsigned int line = 0, seen = 0;

	memset(c, 0, sizeof(*c));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *v;
		unsigned int k;
		int rc = 0;

		line++;
		if (memchr(p, '\0', (size_t)(le - p)))
			return refuse(c, msg, msglen, "line %u: a NUL byte", line);
		for (k = 0; k < 3; k++)
			if ((size_t)(le - p) >= strlen(keys[k]) &&
			    !memcmp(p, keys[k], strlen(keys[k])))
				break;
		if (k == 3)
			return refuse(c, msg, msglen,
				      "line %u: not dev=, inode= or output=", line);
		if (seen & 1u << k)
			return refuse(c, msg, msglen, "line %u: a second %s line",
				      line, keys[k]);
		seen |= 1u << k;
		v = p + strlen(keys[k]);
		switch (k) {
		case 0:
			/* dev=0x%X; 0 is what ausearch takes for "none" */
			if (hex(v, le, 16, &c->dev) < 0 || !c->dev)
				return refuse(c, msg, msglen,
					      "line %u: dev= is not 0x and a hexadecimal number from 1 to FFFFFFFFFFFFFFFF",
					      line);
			break;
		case 1:
			if ((le > v && *v == '0') || number(v, le, 10, 20, &c->ino) < 0 ||
			    !c->ino)
				return refuse(c, msg, msglen,
					      "line %u: inode= is not a decimal number from 1 to 18446744073709551615",
					      line);
			break;
		default:
			rc = parse_output(v, le, &c->ev);
			if (rc == -2)
				return refuse(c, msg, msglen, "line %u: out of memory", line);
			if (rc < 0)
				return refuse(c, msg, msglen,
					      "line %u: output= is not NODE SEC.MSEC:SERIAL 0xTYPE",
					      line);
			break;
		}
		p = le + 1;
	}
	if (!(seen & 1))
		return refuse(c, msg, msglen, "no dev= line");
	if (!(seen & 2))
		return refuse(c, msg, msglen, "no inode= line");
	return 0;
}

char *ckpt_format(const struct ckpt *c)
{
	char *s;

	/* as save_ChkPt(), whose (unsigned int) casts are not copied: a
	 * device or inode past 32 bits is written whole, which ausearch
	 * reads back (strtoul()) and then finds */
	if (asprintf(&s, "dev=0x%" PRIX64 "\ninode=%" PRIu64 "\noutput=%s %" PRIu64
		     ".%03u:%" PRIu64 " 0x%" PRIX32 "\n", c->dev, c->ino,
		     c->ev.node ? c->ev.node : "-", c->ev.sec, c->ev.msec,
		     c->ev.serial, c->ev.type) < 0)
		return NULL;
	return s;
}

void ckpt_free(struct ckpt *c)
{
	free(c->ev.node);
	memset(c, 0, sizeof(*c));
}

void ckpt_event_of(const struct contid_event *ev, struct ckpt_event *e)
{
	const struct contid_record *first = contid_event_record(ev, 0);

	e->node = first ? (char *)contid_record_node(first) : NULL;
	e->sec = contid_event_sec(ev);
	e->msec = contid_event_msec(ev);
	e->serial = contid_event_serial(ev);
	e->type = first ? contid_record_type(first) : 0;
}

int ckpt_event_set(struct ckpt_event *dst, const struct ckpt_event *src)
{
	/* the node is the same from event to event, mostly: kept */
	if (!src->node || !dst->node || strcmp(src->node, dst->node)) {
		char *n = src->node ? strdup(src->node) : NULL;

		if (src->node && !n)
			return -1;
		free(dst->node);
		dst->node = n;
	}
	dst->sec = src->sec;
	dst->msec = src->msec;
	dst->serial = src->serial;
	dst->type = src->type;
	return 0;
}

static bool same_node(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

enum ckpt_decision ckpt_decide(struct ckpt_run *r, const struct ckpt_event *e)
{
	const struct ckpt_event *c;

	if (r->started)
		return CKPT_NEW;
	/* no checkpoint, or one written when no event was complete */
	if (!r->in || r->in->ev.sec == 0) {
		r->started = true;
		return CKPT_NEW;
	}
	c = &r->in->ev;
	/* -ts checkpoint: from the checkpoint's event's time on, that event
	 * again included */
	if (r->timeonly && (c->sec < e->sec || (c->sec == e->sec && c->msec <= e->msec))) {
		r->started = true;
		return CKPT_NEW;
	}
	if (c->sec == e->sec && c->msec == e->msec && c->serial == e->serial &&
	    c->type == e->type && same_node(c->node, e->node)) {
		r->started = true;
		return CKPT_FOUND;
	}
	/* an event complete after the checkpoint's that is more than 2 s
	 * newer: the checkpoint's is not in this log */
	if (c->sec < e->sec && e->sec - c->sec > CKPT_DELTA_SECS)
		return CKPT_LOST;
	return CKPT_SKIP;
}
