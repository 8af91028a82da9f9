/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Events as text or JSON: what events and parse print. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "contidctl.h"
#include "ausearch.h"
#include "contid-names.h"
#include "events.h"

/*
 * Field @i of @rec interpreted (-i): in @buf (@size bytes) when it fits,
 * else in a buffer of its length, malloc'd into *@heap for the caller to
 * free (no interpretation is cut).  Its length into *@len.
 */
static const char *interpreted(const struct contid_record *rec, unsigned int i,
			       char *buf, size_t size, char **heap, size_t *len)
{
	size_t n = search_interpret(rec, i, buf, size);

	*heap = NULL;
	*len = n;
	if (n < size)
		return buf;
	*heap = malloc(n + 1);
	if (!*heap) {
		fail(-ENOMEM, NULL, "cannot print a record");
		exit(EXIT_FAIL);
	}
	search_interpret(rec, i, *heap, n + 1);
	return *heap;
}

/* print_field_value() with -i: field @i interpreted. */
static void __attribute__((noinline))
print_field_interp(const struct contid_record *rec, const char *key, size_t klen,
		   unsigned int i)
{
	char buf[4096], *heap;
	size_t len;
	const char *v = interpreted(rec, i, buf, sizeof(buf), &heap, &len);

	print_json_member(key, klen, v, len);
	free(heap);
}

/* One JSON field value, member @key of @klen bytes (or an array element
 * if NULL): field @i as decoded, or interpreted (-i).  The decoded
 * value's call stays in print_record(), without -i's 4 KiB buffer. */
static inline void print_field_value(const struct contid_record *rec, const char *key,
				     size_t klen, unsigned int i, const char *value,
				     size_t len, bool interpret)
{
	if (interpret)
		print_field_interp(rec, key, klen, i);
	else
		print_json_member(key, klen, value, len);
}

/* A field as print_record() sees it. */
struct pfield {
	const char *name, *value, *interp;
	size_t len, nlen;
	unsigned int hash;
	unsigned int first;	/* index of the first field of this name */
	unsigned int count;	/* on the first: fields of this name */
	bool interp_seen;	/* on the first: an interpretation printed */
};

/* The hash of the name @s; its length into *@len. */
static unsigned int name_hash(const char *s, size_t *len)
{
	const char *p = s;
	unsigned int h = 5381;

	while (*p)
		h = h * 33 + (unsigned char)*p++;
	*len = (size_t)(p - s);
	return h;
}

/*
 * The fields of @rec with, for each, the first field of the same name
 * and on that one the count: one pass, each name looked up in an
 * open-addressing table of the first fields by name (at least twice as
 * many slots as fields, by the name's hash).  A profile of `--json parse`
 * had 8% in comparing every pair; then, with a 64-bit mask of one hash bit
 * a name, a twentieth in comparing the names the mask could not tell
 * apart.  Returns the table (reused from call to call) or NULL if out of
 * memory.
 */
static struct pfield *record_fields(const struct contid_record *rec, unsigned int n)
{
	static struct pfield *tab;
	static unsigned int cap, *slots, nslots;
	unsigned int i, size = 64;

	while (size < 2 * n)
		size *= 2;
	if (n > cap) {
		struct pfield *t = realloc(tab, n * sizeof(*t));

		if (!t)
			return NULL;
		tab = t;
		cap = n;
	}
	if (size > nslots) {
		unsigned int *t = realloc(slots, size * sizeof(*t));

		if (!t)
			return NULL;
		slots = t;
		nslots = size;
	}
	memset(slots, 0, size * sizeof(*slots));
	for (i = 0; i < n; i++) {
		struct pfield *f = &tab[i];
		unsigned int h;

		if (contid_record_field(rec, i, &f->name, &f->value, &f->len) < 0) {
			f->name = NULL;
			continue;
		}
		f->interp = contid_record_field_interp(rec, i);
		f->hash = name_hash(f->name, &f->nlen);
		f->first = i;
		f->count = 0;
		f->interp_seen = false;
		/* slots hold a field's index + 1; 0 is free */
		for (h = f->hash & (size - 1);; h = (h + 1) & (size - 1)) {
			const struct pfield *g;

			if (!slots[h]) {
				slots[h] = i + 1;
				break;
			}
			g = &tab[slots[h] - 1];
			if (g->hash == f->hash && g->nlen == f->nlen &&
			    memcmp(g->name, f->name, f->nlen) == 0) {
				f->first = slots[h] - 1;
				break;
			}
		}
		tab[f->first].count++;
	}
	return tab;
}

/* -i: the container's name follows the ID of this field (contid-names.h) */
static bool names_field(unsigned int type, const char *name)
{
	return (type == CONTID_MSG_CONTAINER || type == CONTID_MSG_CONTAINER_INFO) &&
	       (strcmp(name, "contid") == 0 || strcmp(name, "old-contid") == 0);
}

/*
 * JSON "fields": a name that occurs once maps to its decoded value (its
 * interpretation with -i); a name repeated within the record (old-format
 * "old auid=1 new auid=2") maps to the array of its values in order.
 * "interp": the ENRICHED interpretations (after 0x1d), by field name,
 * first occurrence.
 */
static void print_record(const struct contid_record *rec, bool interpret)
{
	unsigned int type = contid_record_type(rec);
	const char *tname = contid_record_type_name(rec);
	const char *node = contid_record_node(rec);
	char unknown[32];
	int i, n = contid_record_field_count(rec);
	unsigned int k, j;
	bool interp = false;
	struct pfield *tab;

	if (!tname) {
		snprintf(unknown, sizeof(unknown), "UNKNOWN[%u]", type);
		tname = unknown;
	}
	print_open_object(NULL);
	print_string(PRINT_ANY, "type", "    %s ", tname);
	print_u64(PRINT_JSON, "type_nr", NULL, type);
	if (node)
		print_json_member("node", 4, node, strlen(node));
	if (interpret) {
		/* name=interpreted value, in order, for every field */
		for (i = 0; i < n; i++) {
			const char *name, *value, *v;
			size_t len;
			char buf[4096], *heap;

			if (contid_record_field(rec, (unsigned int)i, &name, &value, &len) < 0)
				continue;
			v = interpreted(rec, (unsigned int)i, buf, sizeof(buf), &heap, &len);
			if (i)
				print_text(" ");
			print_log_bytes(name, strlen(name), PRINT_ESC_VALUE);
			print_text("=");
			print_log_bytes(v, len, PRINT_ESC_VALUE);
			free(heap);
			if (names_field(type, name))
				contid_names_print_value(value);
		}
		print_text("\n");
		print_log_text(PRINT_JSON, "text", contid_record_text(rec));
	} else {
		print_log_text(PRINT_ANY, "text", contid_record_text(rec));
		print_text("\n");
	}
	/* "fields" and "interp" are JSON only. */
	if (!print_is_json() || n <= 0) {
		if (print_is_json()) {
			print_open_object("fields");
			print_close_object();
		}
		print_close_object();
		return;
	}
	tab = record_fields(rec, (unsigned int)n);
	if (!tab) {
		fail(-ENOMEM, NULL, "cannot print a record");
		exit(EXIT_FAIL);
	}
	print_open_object("fields");
	for (k = 0; k < (unsigned int)n; k++) {
		const struct pfield *f = &tab[k];

		if (!f->name)
			continue;
		interp |= f->interp != NULL;
		if (f->first != k)
			continue;	/* printed with the first */
		if (f->count == 1) {
			print_field_value(rec, f->name, f->nlen, k, f->value,
					  f->len, interpret);
			continue;
		}
		print_open_log_array(f->name);
		for (j = k; j < (unsigned int)n; j++)
			if (tab[j].name && tab[j].first == k)
				print_field_value(rec, NULL, 0, j, tab[j].value,
						  tab[j].len, interpret);
		print_close_array();
	}
	print_close_object();
	if (interp) {
		print_open_object("interp");
		for (k = 0; k < (unsigned int)n; k++) {
			const struct pfield *f = &tab[k];

			if (!f->name || !f->interp || tab[f->first].interp_seen)
				continue;
			tab[f->first].interp_seen = true;
			print_json_member(f->name, f->nlen, f->interp, strlen(f->interp));
		}
		print_close_object();
	}
	print_close_object();
}

/* @v in decimal at @p, at least @width digits (zero-padded); returns the end. */
static char *format_u64(char *p, uint64_t v, unsigned int width)
{
	char b[20];
	unsigned int n = 0;

	do {
		b[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n < width)
		b[n++] = '0';
	while (n)
		*p++ = b[--n];
	return p;
}

/* "SEC.MSEC:SERIAL" as "%" PRIu64 ".%03u:%" PRIu64 prints it, into @buf
 * (room for 96): snprintf was 6% of `parse`.  -i: the local date and
 * time in the locale's "%x %T" as ausearch -i prints it ("11/14/23
 * 22:13:20.100:601" in the C locale), when the time converts. */
static void format_stamp(char *buf, uint64_t sec, unsigned int msec, uint64_t serial,
			 bool local)
{
	char *p = NULL;
	time_t t = (time_t)sec;
	struct tm tm;

	if (local && sec <= INT64_MAX && localtime_r(&t, &tm)) {
		size_t n;

		/* %x is a 2-digit year in some locales (C's MM/DD/YY): so it
		 * is in ausearch -i, whose format this is */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-y2k"
		n = strftime(buf, 40, "%x %T", &tm);
#pragma GCC diagnostic pop

		p = n ? buf + n : NULL;
	}
	if (!p)
		p = format_u64(buf, sec, 1);

	*p++ = '.';
	p = format_u64(p, msec, 3);
	*p++ = ':';
	p = format_u64(p, serial, 1);
	*p = '\0';
}

void print_event(const struct contid_event *ev, bool interpret)
{
	int i, n = contid_event_record_count(ev), nid = contid_event_contid_count(ev);
	const struct contid_record *first = contid_event_record(ev, 0);
	const char *node = first ? contid_record_node(first) : NULL;
	char stamp[96];

	format_stamp(stamp, contid_event_sec(ev), contid_event_msec(ev),
		     contid_event_serial(ev), false);
	print_open_object(NULL);
	/* every line says what it is and in which version of the format
	 * (docs/json.md, contidctl-events.schema.json) */
	print_string(PRINT_JSON, "kind", NULL, "event");
	print_u64(PRINT_JSON, "version", NULL, PRINT_JSON_VERSION);
	if (node) {
		print_json_member("node", 4, node, strlen(node));
		print_text("node=");
		print_log_bytes(node, strlen(node), PRINT_ESC_VALUE);
		print_text(" ");
	}
	/* JSON keeps the numbers with -i: "sec", "msec" and "stamp" */
	print_string(PRINT_JSON, "stamp", NULL, stamp);
	if (interpret)
		format_stamp(stamp, contid_event_sec(ev), contid_event_msec(ev),
			     contid_event_serial(ev), true);
	/* print_string(): its "%s" needs no vsnprintf (6% of `parse`) */
	print_string(PRINT_FP, NULL, "audit(%s)", stamp);
	print_u64(PRINT_JSON, "sec", NULL, contid_event_sec(ev));
	print_u64(PRINT_JSON, "msec", NULL, contid_event_msec(ev));
	print_u64(PRINT_JSON, "serial", NULL, contid_event_serial(ev));
	print_text(" contid=");
	if (nid == 0)
		print_text("none");
	/* IDs as decimal strings in JSON: no consumer rounds one (jq and
	 * JavaScript past 2^53, Elasticsearch's long past 2^63) */
	print_open_array("contid");
	for (i = 0; i < nid; i++) {
		char id[24];

		snprintf(id, sizeof(id), "%" PRIu64, contid_event_contid(ev, (unsigned int)i));
		print_string(PRINT_ANY, NULL, i ? ",%s" : "%s", id);
		if (interpret)
			contid_names_print(contid_event_contid(ev, (unsigned int)i));
	}
	print_close_array();
	/* op=netns more=N: IDs the kernel left out of the list */
	if (contid_event_contid_more(ev))
		print_u64(PRINT_ANY, "contid_more", " (+%" PRIu64 " more)",
			  contid_event_contid_more(ev));
	print_text("\n");
	print_open_array("records");
	for (i = 0; i < n; i++)
		print_record(contid_event_record(ev, (unsigned int)i), interpret);
	print_close_array();
	print_close_object();
	if (print_is_json())
		print_nl();
}
