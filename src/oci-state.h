/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl oci-hook: the OCI state a runtime gives a hook on stdin, and the
 * container ID chosen for it.  No I/O and no libcontid calls here, so that
 * the unit tests (tests/unit/test_oci_state.c) check every value and every
 * message exactly.  The rules are documented in docs/oci-hook.md.
 */
#ifndef CONTIDCTL_OCI_STATE_H
#define CONTIDCTL_OCI_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The annotation that names the ID explicitly (decimal or 0x hex). */
#define OCI_CONTID_ANNOTATION "org.linux-audit.containerid"

/* The largest state read from stdin; a runtime's is a few KiB. */
#define OCI_STATE_MAX (1024 * 1024)

/* How the ID was chosen (for messages and the tests). */
enum oci_id_source {
	OCI_ID_ANNOTATION,	/* the annotation's value */
	OCI_ID_HEX_PREFIX,	/* first 16 of the id's 64 hex digits */
	OCI_ID_HASH,		/* FNV-1a 64 of the id */
};

struct oci_state {
	pid_t pid;
	/* The container's "id" printed safely on one line: control bytes
	 * and non-ASCII bytes as '?', cut at 64 bytes with "...". */
	char id_shown[72];
	uint64_t contid;
	enum oci_id_source source;
};

/*
 * oci_state_parse - read the state JSON of @len bytes at @buf
 *
 * Fills @st and returns 0; or returns -1 with a one-line message (no
 * prefix, no newline) in @msg.
 */
int oci_state_parse(const char *buf, size_t len, struct oci_state *st,
		    char *msg, size_t msglen);

/*
 * oci_show_id - a container's id (@len bytes) for a one-line message:
 * control and non-ASCII bytes as '?', cut at 64 bytes with "...".  @outlen
 * is at least 68.
 */
void oci_show_id(char *out, size_t outlen, const char *id, size_t len);

/*
 * oci_config_contid - the ID the runtime wrapper gives container @id (a C
 * string) whose bundle's config.json is the @len bytes at @buf: the
 * annotation in its "annotations", else oci_contid_from_id(), the same rule
 * and the same messages as oci_state_parse() ("the configuration ..." where
 * that says "the state ...").  Returns 0, or -1 with a one-line message.
 */
int oci_config_contid(const char *buf, size_t len, const char *id,
		      uint64_t *contid, enum oci_id_source *source,
		      char *msg, size_t msglen);

/*
 * oci_contid_from_id - the ID derived from a container's "id" (@len bytes,
 * which may hold NULs: JSON strings can): exactly 64
 * characters of [0-9a-f] give their first 16 as a u64 (big-endian reading,
 * so the hex form of the ID is the start of the container's ID); any other
 * id, and a prefix equal to the unset value, gives oci_fnv1a64().
 */
uint64_t oci_contid_from_id(const char *id, size_t len,
			    enum oci_id_source *source);

/*
 * oci_fnv1a64 - 64-bit FNV-1a of the @len bytes at @s (offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3), with the unset value (all ones) mapped to
 * 0xfffffffffffffffe so that it is always a valid ID.
 */
uint64_t oci_fnv1a64(const char *s, size_t len);

/*
 * oci_contid_parse - the annotation's value: a decimal number, or 0x (or
 * 0X) and 1 to 16 hex digits.  No sign, no spaces.  Returns 0, or -1 with
 * the reason in @why ("not a decimal or 0x hex number", "larger than
 * 18446744073709551614", "the unset value is not a valid ID").
 */
int oci_contid_parse(const char *s, uint64_t *id, const char **why);

#endif
