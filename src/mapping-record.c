/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Writing the container mapping record (src/oci-mapping.c) into the audit
 * trail, for the runtime wrapper and the hook once the ID is set.  A
 * failure is a warning: the ID is set and every record of the container
 * carries it; only the record naming the container is missing
 * (docs/oci-hook.md, "The mapping record").  The same text goes to the
 * ID's name file for ps (name-state.h), a failure a warning too.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "contidctl.h"
#include "name-state.h"
#include "oci-mapping.h"

void mapping_record_send(const char *who, const char *json, size_t len,
			 const struct oci_mapping *m, const char *shown)
{
	char *text = malloc(OCI_MAPPING_TEXT_MAX);
	struct contid_handle *h = NULL;
	int err;

	if (!text)
		err = -ENOMEM;
	else if (oci_mapping_text(text, OCI_MAPPING_TEXT_MAX, json, len, m) < 0)
		err = -EINVAL;
	else {
		int ferr = name_state_write(m->contid, text);

		if (ferr < 0)
			fail(ferr, NULL, "%s: warning: cannot write the name file of "
			     "container %s (ID %" PRIu64 ")", who, shown, m->contid);
		err = contid_handle_open(&h, 0);
		if (err == 0)
			err = contid_user_record(h, CONTID_MSG_MAPPING, text);
		contid_handle_close(h);
	}
	free(text);
	if (err < 0)
		fail(err, err == -EPERM ? "permission denied (CAP_AUDIT_WRITE is needed)" : NULL,
		     "%s: warning: cannot write the mapping record of "
		     "container %s (ID %" PRIu64 ")", who, shown, m->contid);
}
