/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The container IDs of an event: contid= of its CONTAINER and
 * CONTAINER_INFO records (one ID, or an op=netns list A,B,C) and of a
 * container mapping record (VIRT_MACHINE_ID, 2502), and the sum
 * of the more=N counts of IDs the kernel left out of such lists.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader-internal.h"

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

int contid_event_collect_ids(struct contid_event *ev,
			     const struct contid_record *rec)
{
	unsigned int i;
	int err;

	if (!contid_record_names_ids(rec->type))
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
