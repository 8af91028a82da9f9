/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse -i: the names of container IDs from the mapping records
 * (contid-names.h). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contidctl.h"
#include "contid-names.h"
#include "oci-mapping.h"

/* The parts of a mapping kept, in the order they are printed. */
enum { P_NAME, P_NAMESPACE, P_POD, P_CONTAINER, P_COUNT };

static const char *const part_keys[P_COUNT] = {
	NULL, "namespace", "pod", "container",
};

struct entry {
	uint64_t id;
	char *buf;			/* the parts one after another */
	size_t len[P_COUNT];		/* 0: not known */
};

/* Open addressing, at most half full: twice CONTID_NAMES_MAX slots. */
#define SLOTS (2 * CONTID_NAMES_MAX)

static struct entry *table;
static unsigned int used;
static bool full_said;

/* The slot of @id, or the free slot it would take. */
static struct entry *slot(uint64_t id)
{
	uint64_t h = id * UINT64_C(0x9e3779b97f4a7c15);
	unsigned int i = (unsigned int)(h >> 32) % SLOTS;

	while (table[i].buf && table[i].id != id)
		i = (i + 1) % SLOTS;
	return &table[i];
}

/*
 * The decoded value of the field @name of @rec (the first), NULL when it
 * is missing or unknown: "?" as written, unquoted.  Cut to
 * OCI_MAPPING_VALUE_MAX bytes, the most the wrapper writes.
 */
static const char *part(const struct contid_record *rec, const char *name, size_t *len)
{
	int i, n = contid_record_field_count(rec);

	for (i = 0; i < n; i++) {
		const char *fname, *v, *raw;

		if (contid_record_field(rec, (unsigned int)i, &fname, &v, len) < 0 ||
		    strcmp(fname, name) != 0)
			continue;
		raw = contid_record_field_raw(rec, (unsigned int)i);
		if (raw && strcmp(raw, "?") == 0)
			return NULL;
		if (*len > OCI_MAPPING_VALUE_MAX)
			*len = OCI_MAPPING_VALUE_MAX;
		return v;
	}
	return NULL;
}

/* @v as one ID in decimal (not the unset ID) into *@id. */
static bool one_id(const char *v, uint64_t *id)
{
	char *end;

	if (!v || *v < '0' || *v > '9')
		return false;
	errno = 0;
	*id = strtoull(v, &end, 10);
	return !errno && !*end && *id != CONTID_UNSET;
}

void contid_names_learn_record(const struct contid_record *rec)
{
	static const char *const names[P_COUNT] = {
		"vm", "namespace", "pod", "container",
	};
	const char *v[P_COUNT], *virt = contid_record_find(rec, "virt");
	size_t len[P_COUNT], total = 0;
	struct entry *e;
	uint64_t id;
	char *buf;
	unsigned int i;

	if (!virt || strcmp(virt, "oci") != 0 ||
	    !one_id(contid_record_find(rec, "contid"), &id))
		return;
	for (i = 0; i < P_COUNT; i++) {
		v[i] = part(rec, names[i], &len[i]);
		if (!v[i])
			len[i] = 0;
	}
	if (!len[P_NAME])
		v[P_NAME] = part(rec, "id", &len[P_NAME]);
	if (!v[P_NAME] || !len[P_NAME])
		return;
	if (!table) {
		table = calloc(SLOTS, sizeof(*table));
		if (!table)
			goto nomem;
	}
	e = slot(id);
	if (!e->buf && used >= CONTID_NAMES_MAX) {
		if (!full_said)
			fprintf(stderr, PROG ": more than %d container IDs mapped: "
				"later IDs are shown without names\n", CONTID_NAMES_MAX);
		full_said = true;
		return;
	}
	for (i = 0; i < P_COUNT; i++)
		total += len[i];
	buf = malloc(total ? total : 1);
	if (!buf)
		goto nomem;
	for (total = 0, i = 0; i < P_COUNT; i++) {
		if (len[i])
			memcpy(buf + total, v[i], len[i]);
		total += len[i];
		e->len[i] = len[i];
	}
	if (!e->buf)
		used++;
	free(e->buf);
	e->buf = buf;
	e->id = id;
	return;
nomem:
	fail(-ENOMEM, NULL, "cannot keep a container mapping");
	exit(EXIT_FAIL);
}

void contid_names_learn(const struct contid_event *ev)
{
	int i, n = contid_event_record_count(ev);

	for (i = 0; i < n; i++) {
		const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);

		if (rec && contid_record_type(rec) == CONTID_MSG_MAPPING)
			contid_names_learn_record(rec);
	}
}

size_t contid_names_print(uint64_t id)
{
	const struct entry *e;
	size_t off = 0, w = 2;
	unsigned int i;

	if (!table || print_is_json())
		return 0;
	e = slot(id);
	if (!e->buf)
		return 0;
	print_text("(");
	for (i = 0; i < P_COUNT; i++) {
		if (e->len[i] && part_keys[i]) {
			print_text(",%s=", part_keys[i]);
			w += strlen(part_keys[i]) + 2;
		}
		print_log_bytes(e->buf + off, e->len[i], PRINT_ESC_NAME);
		w += print_log_bytes_width(e->buf + off, e->len[i], PRINT_ESC_NAME);
		off += e->len[i];
	}
	print_text(")");
	return w;
}

void contid_names_print_value(const char *v)
{
	uint64_t id;

	if (table && one_id(v, &id))
		contid_names_print(id);
}

void contid_names_reset(void)
{
	unsigned int i;

	for (i = 0; table && i < SLOTS; i++)
		free(table[i].buf);
	free(table);
	table = NULL;
	used = 0;
	full_said = false;
}
