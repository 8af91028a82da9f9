/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The container mapping record (docs/interfaces.md, "The container mapping
 * record"): the text of the AUDIT_VIRT_MACHINE_ID (2502) user record the
 * runtime wrapper and the hook write when they set an ID, saying which
 * container the ID is.  No I/O here (tests/unit/test_oci_mapping.c).
 */
#ifndef CONTIDCTL_OCI_MAPPING_H
#define CONTIDCTL_OCI_MAPPING_H

#include <stddef.h>
#include <stdint.h>

/* A value longer than this is cut to it before it is encoded, so that the
 * record (8 values, each at most 2 * 512 hex digits) stays within the
 * kernel's 8560 bytes of user text. */
#define OCI_MAPPING_VALUE_MAX 512

/* Room for the longest text and its NUL. */
#define OCI_MAPPING_TEXT_MAX 8561

struct oci_mapping {
	uint64_t contid;
	const char *runtime;	/* the real runtime's name; NULL: "?" */
	const char *by;		/* "wrapper" or "hook" */
	const char *id;		/* the container's id; NULL: the JSON's "id" */
	const char *bundle;	/* NULL: the JSON's "bundle" (the state has it) */
};

/*
 * oci_mapping_text - the record's text for the container whose state or
 * config.json is the @len bytes at @json (a JSON object, already checked
 * by oci_state_parse() or oci_config_contid()) into @out (at least
 * OCI_MAPPING_TEXT_MAX bytes).  Returns 0, or -1 if @json is not a JSON
 * object.
 */
int oci_mapping_text(char *out, size_t outlen, const char *json, size_t len,
		     const struct oci_mapping *m);

/*
 * audit_encode_value - @v (@len bytes) as audit writes an untrusted value
 * (the kernel's audit_log_n_untrustedstring(), libaudit's
 * audit_encode_nv_string()): in double quotes when no byte is '"', '\'',
 * below 0x21 or above 0x7e, otherwise as upper-case hex digits.  @out has
 * room for 2 * @len + 3 bytes.  Returns the length written.
 */
size_t audit_encode_value(char *out, const char *v, size_t len);

#endif
