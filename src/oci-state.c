/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OCI state of a createRuntime hook, parsed with jansson (Debian's
 * libjansson): the runtime writes it, but a JSON parser of our own would be
 * one more thing to get wrong for no gain.  Duplicate keys are refused: a
 * second "pid" must not silently win.  Without JSON_ALLOW_NUL no string
 * holds a NUL, so a C string is always a whole value.
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "oci-state.h"

uint64_t oci_fnv1a64(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h == UINT64_MAX ? UINT64_MAX - 1 : h;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

uint64_t oci_contid_from_id(const char *id, size_t len,
			    enum oci_id_source *source)
{
	uint64_t v = 0;
	size_t i;

	if (len == 64) {
		for (i = 0; i < 64 && hexval(id[i]) >= 0; i++)
			if (i < 16)
				v = v << 4 | (uint64_t)hexval(id[i]);
		if (i == 64 && v != UINT64_MAX) {
			*source = OCI_ID_HEX_PREFIX;
			return v;
		}
	}
	*source = OCI_ID_HASH;
	return oci_fnv1a64(id, len);
}

int oci_contid_parse(const char *s, uint64_t *id, const char **why)
{
	uint64_t v = 0;
	const char *p = s;
	unsigned int base = 10, d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		p = s + 2;
	}
	if (!*p) {
		*why = "not a decimal or 0x hex number";
		return -1;
	}
	for (; *p; p++) {
		if (*p >= '0' && *p <= '9')
			d = (unsigned int)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = (unsigned int)(*p - 'a' + 10);
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = (unsigned int)(*p - 'A' + 10);
		else {
			*why = "not a decimal or 0x hex number";
			return -1;
		}
		if (v > (UINT64_MAX - d) / base) {
			*why = "larger than 18446744073709551614";
			return -1;
		}
		v = v * base + d;
	}
	if (v == UINT64_MAX) {
		*why = "the unset value is not a valid ID";
		return -1;
	}
	*id = v;
	return 0;
}

void oci_show_id(char *out, size_t outlen, const char *id, size_t len)
{
	size_t i, n = len > 64 ? 64 : len;

	/* @outlen is at least 68: 64 bytes, "...", NUL. */
	for (i = 0; i < n; i++)
		out[i] = id[i] >= 0x20 && id[i] < 0x7f ? id[i] : '?';
	out[i] = '\0';
	if (n < len)
		snprintf(out + i, outlen - i, "...");
}

/*
 * The ID of the container whose "id" is @id (@len bytes) and whose state or
 * config.json (@what, for messages) is @root: the annotation if @root has it, else derived from
 * @id.  One rule for the hook (the state) and the runtime wrapper (the
 * bundle's config.json).
 */
static int choose_contid(json_t *root, const char *what, const char *id, size_t len,
			 uint64_t *contid, enum oci_id_source *source,
			 char *msg, size_t msglen)
{
	json_t *ann, *v;
	const char *why;
	char shown[72];

	ann = json_object_get(root, "annotations");
	if (ann && !json_is_object(ann)) {
		snprintf(msg, msglen, "the %s's \"annotations\" is not an object", what);
		return -1;
	}
	v = ann ? json_object_get(ann, OCI_CONTID_ANNOTATION) : NULL;
	if (!v) {
		*contid = oci_contid_from_id(id, len, source);
		return 0;
	}
	if (!json_is_string(v)) {
		snprintf(msg, msglen, "the annotation " OCI_CONTID_ANNOTATION " is not a string");
		return -1;
	}
	/* No "\u0000" in it: json_loadb() refuses that without
	 * JSON_ALLOW_NUL, so the C string is the whole value. */
	if (oci_contid_parse(json_string_value(v), contid, &why) < 0) {
		oci_show_id(shown, sizeof(shown), json_string_value(v),
			json_string_length(v));
		snprintf(msg, msglen, "invalid container ID '%s' in the annotation "
			 OCI_CONTID_ANNOTATION ": %s", shown, why);
		return -1;
	}
	*source = OCI_ID_ANNOTATION;
	return 0;
}

/* @buf (@len bytes) as a JSON object, or NULL with the message in @msg. */
static json_t *load_object(const char *buf, size_t len, const char *what,
			   char *msg, size_t msglen)
{
	json_error_t jerr;
	json_t *root;

	/* jansson's reader stops at a NUL byte as at the end of the input:
	 * whatever follows one would go unread. */
	if (memchr(buf, '\0', len)) {
		snprintf(msg, msglen, "the %s is not valid JSON: a NUL byte at offset %zu",
			 what, (size_t)((const char *)memchr(buf, '\0', len) - buf));
		return NULL;
	}
	root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		/* jansson quotes the input near the error, raw: shown as an
		 * id is (oci_show_id()), so that the message stays one line
		 * (found by fuzz_state: an escaped newline) */
		for (char *c = jerr.text; *c; c++)
			if (*c < 0x20 || *c >= 0x7f)
				*c = '?';
		snprintf(msg, msglen, "the %s is not valid JSON: %s (line %d, column %d)",
			 what, jerr.text, jerr.line, jerr.column);
		return NULL;
	}
	if (!json_is_object(root)) {
		snprintf(msg, msglen, "the %s is not a JSON object", what);
		json_decref(root);
		return NULL;
	}
	return root;
}

int oci_config_contid(const char *buf, size_t len, const char *id,
		      uint64_t *contid, enum oci_id_source *source,
		      char *msg, size_t msglen)
{
	json_t *root = load_object(buf, len, "configuration", msg, msglen);
	int rc;

	if (!root)
		return -1;
	rc = choose_contid(root, "configuration", id, strlen(id), contid, source, msg, msglen);
	json_decref(root);
	return rc;
}

int oci_state_parse(const char *buf, size_t len, struct oci_state *st,
		    char *msg, size_t msglen)
{
	json_t *root, *v;
	json_int_t pid;
	int rc = -1;

	root = load_object(buf, len, "state", msg, msglen);
	if (!root)
		return -1;
	v = json_object_get(root, "pid");
	if (!v) {
		snprintf(msg, msglen, "the state has no \"pid\" (the hook runs at createRuntime, once the container's process exists)");
		goto out;
	}
	pid = json_is_integer(v) ? json_integer_value(v) : 0;
	if (pid <= 0 || pid > INT_MAX) {
		snprintf(msg, msglen, "the state's \"pid\" is not a positive integer");
		goto out;
	}
	st->pid = (pid_t)pid;
	v = json_object_get(root, "id");
	if (!json_is_string(v) || json_string_length(v) == 0) {
		snprintf(msg, msglen, "the state has no \"id\" string");
		goto out;
	}
	oci_show_id(st->id_shown, sizeof(st->id_shown), json_string_value(v),
		json_string_length(v));
	if (choose_contid(root, "state", json_string_value(v), json_string_length(v),
			  &st->contid, &st->source, msg, msglen) < 0)
		goto out;
	rc = 0;
out:
	json_decref(root);
	return rc;
}
