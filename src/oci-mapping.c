/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The container mapping record's text (docs/interfaces.md, "The container
 * mapping record"):
 *
 *   virt=oci contid=N runtime=V by=V id=V bundle=V vm=V image=V pod=V
 *   namespace=V container=V
 *
 * each V encoded by audit_encode_value(), or ? (unquoted) when unknown.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "oci-mapping.h"

/* Annotations a field is read from, the first present wins. */
struct ann_field {
	const char *name;
	const char *ann[3];
};

static const struct ann_field ann_fields[] = {
	{ "vm", { "org.linux-audit.containername",
		  "io.kubernetes.cri-o.ContainerName", "nerdctl/name" } },
	{ "image", { "io.kubernetes.cri-o.ImageName",
		     "io.kubernetes.cri.image-name", NULL } },
	{ "pod", { "io.kubernetes.pod.name", "io.kubernetes.cri.sandbox-name", NULL } },
	{ "namespace", { "io.kubernetes.pod.namespace",
			 "io.kubernetes.cri.sandbox-namespace", NULL } },
	{ "container", { "io.kubernetes.container.name",
			 "io.kubernetes.cri.container-name", NULL } },
};

size_t audit_encode_value(char *out, const char *v, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)v[i];

		if (c == '"' || c == '\'' || c < 0x21 || c > 0x7e)
			break;
	}
	if (i == len) {
		out[0] = '"';
		memcpy(out + 1, v, len);
		out[len + 1] = '"';
		out[len + 2] = '\0';
		return len + 2;
	}
	for (i = 0; i < len; i++) {
		out[2 * i] = hex[(unsigned char)v[i] >> 4];
		out[2 * i + 1] = hex[(unsigned char)v[i] & 0xf];
	}
	out[2 * len] = '\0';
	return 2 * len;
}

/* " name=V" appended at @out + *@pos (the caller's buffer holds it). */
static void put(char *out, size_t *pos, const char *name, const char *v, size_t len)
{
	*pos += (size_t)sprintf(out + *pos, " %s=", name);
	if (!v) {
		out[(*pos)++] = '?';
		out[*pos] = '\0';
		return;
	}
	if (len > OCI_MAPPING_VALUE_MAX)
		len = OCI_MAPPING_VALUE_MAX;
	*pos += audit_encode_value(out + *pos, v, len);
}

/* The string member @key of @obj, or NULL (with *@len 0). */
static const char *member(json_t *obj, const char *key, size_t *len)
{
	json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;

	*len = json_is_string(v) ? json_string_length(v) : 0;
	return json_is_string(v) ? json_string_value(v) : NULL;
}

int oci_mapping_text(char *out, size_t outlen, const char *json, size_t len,
		     const struct oci_mapping *m)
{
	json_t *root = json_loadb(json, len, 0, NULL), *ann;
	const char *v;
	size_t pos, vlen;
	unsigned int i, j;

	if (!json_is_object(root) || outlen < OCI_MAPPING_TEXT_MAX) {
		json_decref(root);
		return -1;
	}
	ann = json_object_get(root, "annotations");
	pos = (size_t)sprintf(out, "virt=oci contid=%" PRIu64, m->contid);
	put(out, &pos, "runtime", m->runtime, m->runtime ? strlen(m->runtime) : 0);
	put(out, &pos, "by", m->by, strlen(m->by));
	if (m->id)
		put(out, &pos, "id", m->id, strlen(m->id));
	else {
		v = member(root, "id", &vlen);
		put(out, &pos, "id", v, vlen);
	}
	if (m->bundle)
		put(out, &pos, "bundle", m->bundle, strlen(m->bundle));
	else {
		v = member(root, "bundle", &vlen);
		put(out, &pos, "bundle", v, vlen);
	}
	for (i = 0; i < sizeof(ann_fields) / sizeof(ann_fields[0]); i++) {
		v = NULL;
		vlen = 0;
		for (j = 0; j < 3 && ann_fields[i].ann[j] && !v; j++)
			v = member(ann, ann_fields[i].ann[j], &vlen);
		put(out, &pos, ann_fields[i].name, v, vlen);
	}
	json_decref(root);
	return 0;
}
