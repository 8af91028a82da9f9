// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_state: contidctl's reading of the OCI state a runtime gives
 * `contidctl oci-hook` on stdin, and of a bundle's config.json
 * (src/oci-state.c; the JSON itself is jansson's).
 *
 * Byte 0 chooses the entry point; the rest is given in a malloc'd copy
 * of its exact size, not NUL-terminated (as read from stdin or a file):
 *   0: the state (oci_state_parse);
 *   1: a config.json (oci_config_contid) for the container id that is
 *      the input up to its first NUL, the JSON after it;
 *   2: an annotation value (oci_contid_parse), as a C string.
 * Checked: a chosen ID is never the unset value; one derived from the id
 * is oci_contid_from_id() of it; an annotation's ID printed in decimal
 * and in hex reads back as itself; the id as shown is printable ASCII of
 * at most 67 bytes; a refusal has a message of printable ASCII.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oci-state.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One line of printable ASCII: it goes to the runtime's log as it is. */
static void check_msg(const char *msg)
{
	if (!msg[0])
		abort();
	for (; *msg; msg++)
		if (*msg < 0x20 || *msg >= 0x7f)
			abort();
}

static void check_id(uint64_t id, enum oci_id_source src, const char *s, size_t len)
{
	enum oci_id_source again;

	if (id == UINT64_MAX)
		abort();
	if (src != OCI_ID_ANNOTATION &&
	    (oci_contid_from_id(s, len, &again) != id || again != src))
		abort();
}

static void state(const char *buf, size_t len)
{
	struct oci_state st;
	char msg[512];

	memset(&st, 0, sizeof(st));
	msg[0] = '\0';
	if (oci_state_parse(buf, len, &st, msg, sizeof(msg)) < 0) {
		check_msg(msg);
		return;
	}
	if (st.pid <= 0 || st.contid == UINT64_MAX || strlen(st.id_shown) > 67)
		abort();
	for (const char *p = st.id_shown; *p; p++)
		if (*p < 0x20 || *p >= 0x7f)
			abort();
}

static void config(const char *buf, size_t len)
{
	const char *nul = memchr(buf, '\0', len);
	enum oci_id_source src;
	uint64_t id;
	char msg[512];

	if (!nul)
		return;
	msg[0] = '\0';
	if (oci_config_contid(nul + 1, len - (size_t)(nul + 1 - buf), buf, &id, &src,
			      msg, sizeof(msg)) < 0) {
		check_msg(msg);
		return;
	}
	check_id(id, src, buf, strlen(buf));
}

static void annotation(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), text[32];
	const char *why = NULL;
	uint64_t id, again;

	if (!s)
		return;
	memcpy(s, data, size);
	s[size] = '\0';
	if (oci_contid_parse(s, &id, &why) < 0) {
		if (!why || !why[0])
			abort();
	} else {
		if (id == UINT64_MAX)
			abort();
		snprintf(text, sizeof(text), "%" PRIu64, id);
		if (oci_contid_parse(text, &again, &why) < 0 || again != id)
			abort();
		snprintf(text, sizeof(text), "0x%" PRIx64, id);
		if (oci_contid_parse(text, &again, &why) < 0 || again != id)
			abort();
	}
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy;

	if (size < 1)
		return 0;
	if (data[0] % 3 == 2) {
		annotation(data + 1, size - 1);
		return 0;
	}
	/* Exactly size - 1 bytes, so ASan sees a read past the end. */
	copy = malloc(size > 1 ? size - 1 : 1);
	if (!copy)
		return 0;
	memcpy(copy, data + 1, size - 1);
	if (data[0] % 3 == 0)
		state(copy, size - 1);
	else
		config(copy, size - 1);
	free(copy);
	return 0;
}
