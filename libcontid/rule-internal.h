/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Rule internals shared by rule.c (binary) and rule-text.c (auditctl). */
#ifndef LIBCONTID_RULE_INTERNAL_H
#define LIBCONTID_RULE_INTERNAL_H

#include "internal.h"

struct rule_field {
	uint32_t field;
	uint32_t op;
	uint32_t value;		/* number, or byte length of data */
	unsigned char *data;	/* string or 8-byte ID, NUL-terminated copy */
};

struct contid_rule {
	uint32_t flags;		/* the list, | AUDIT_FILTER_PREPEND for -A */
	uint32_t action;
	uint32_t mask[AUDIT_BITMASK_SIZE];
	unsigned int nfields;
	struct rule_field f[AUDIT_MAX_FIELDS];
};

/* How a field's value is written in auditctl syntax. */
enum contid_field_kind {
	FK_NUM,		/* decimal (negative allowed) */
	FK_HEX,		/* printed 0x... (upper case), parsed in any base */
	FK_UNSIGNED,	/* printed unsigned decimal */
	FK_UID,		/* decimal or a user name, "unset" for 4294967295 */
	FK_GID,		/* decimal or a group name */
	FK_STR,
	FK_CONTID,
	FK_ARCH,	/* b64 / b32 / hex */
	FK_PERM,	/* rwxa */
	FK_SUCCESS,	/* a number; yes (1) / no (0) on input */
	FK_EXIT,	/* signed, -EPERM style names */
	FK_MSGTYPE,	/* record type name or number */
	FK_FSTYPE,	/* debugfs, tracefs or a number */
};

struct contid_field_info {
	uint32_t nr;
	const char *name;
	enum contid_field_kind kind;
};

const struct contid_field_info *contid_field_by_nr(uint32_t nr);
const struct contid_field_info *contid_field_by_name(const char *name,
						     size_t len);

#endif
