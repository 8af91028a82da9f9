/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * In-memory audit rules and struct audit_rule_data.
 *
 * Wire format (kernel/auditfilter.c, audit_data_to_entry and
 * audit_krule_to_data, which must stay symmetric): the fixed part, then for
 * every string field and for the container ID field, in field order, its
 * bytes back to back with no padding and no NUL; values[i] is that length
 * (8 for the container ID, a u64 in host byte order).  The container ID sits
 * at an arbitrary offset, so it is only ever copied with memcpy().
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "internal.h"
#include "rule-internal.h"

/* auditctl names, and how each value is read and written. */
static const struct contid_field_info field_table[] = {
	{ AUDIT_PID, "pid", FK_NUM },
	{ AUDIT_UID, "uid", FK_UID },
	{ AUDIT_EUID, "euid", FK_UID },
	{ AUDIT_SUID, "suid", FK_UID },
	{ AUDIT_FSUID, "fsuid", FK_UID },
	{ AUDIT_GID, "gid", FK_GID },
	{ AUDIT_EGID, "egid", FK_GID },
	{ AUDIT_SGID, "sgid", FK_GID },
	{ AUDIT_FSGID, "fsgid", FK_GID },
	{ AUDIT_LOGINUID, "auid", FK_UID },
	{ AUDIT_PERS, "pers", FK_NUM },
	{ AUDIT_ARCH, "arch", FK_ARCH },
	{ AUDIT_MSGTYPE, "msgtype", FK_MSGTYPE },
	{ AUDIT_SUBJ_USER, "subj_user", FK_STR },
	{ AUDIT_SUBJ_ROLE, "subj_role", FK_STR },
	{ AUDIT_SUBJ_TYPE, "subj_type", FK_STR },
	{ AUDIT_SUBJ_SEN, "subj_sen", FK_STR },
	{ AUDIT_SUBJ_CLR, "subj_clr", FK_STR },
	{ AUDIT_PPID, "ppid", FK_NUM },
	{ AUDIT_OBJ_USER, "obj_user", FK_STR },
	{ AUDIT_OBJ_ROLE, "obj_role", FK_STR },
	{ AUDIT_OBJ_TYPE, "obj_type", FK_STR },
	{ AUDIT_OBJ_LEV_LOW, "obj_lev_low", FK_STR },
	{ AUDIT_OBJ_LEV_HIGH, "obj_lev_high", FK_STR },
	{ AUDIT_LOGINUID_SET, "loginuid_set", FK_NUM },
	{ AUDIT_SESSIONID, "sessionid", FK_UID },
	{ AUDIT_FSTYPE, "fstype", FK_FSTYPE },
	{ AUDIT_CONTAINERID, "contid", FK_CONTID },
	{ AUDIT_DEVMAJOR, "devmajor", FK_NUM },
	{ AUDIT_DEVMINOR, "devminor", FK_NUM },
	{ AUDIT_INODE, "inode", FK_UNSIGNED },
	{ AUDIT_EXIT, "exit", FK_EXIT },
	{ AUDIT_SUCCESS, "success", FK_SUCCESS },
	{ AUDIT_WATCH, "path", FK_STR },
	{ AUDIT_PERM, "perm", FK_PERM },
	{ AUDIT_DIR, "dir", FK_STR },
	{ AUDIT_FILETYPE, "filetype", FK_NUM },
	{ AUDIT_OBJ_UID, "obj_uid", FK_UID },
	{ AUDIT_OBJ_GID, "obj_gid", FK_GID },
	{ AUDIT_FIELD_COMPARE, "field_compare", FK_NUM },
	{ AUDIT_EXE, "exe", FK_STR },
	{ AUDIT_SADDR_FAM, "saddr_fam", FK_NUM },
	{ AUDIT_ARG0, "a0", FK_HEX },
	{ AUDIT_ARG1, "a1", FK_HEX },
	{ AUDIT_ARG2, "a2", FK_HEX },
	{ AUDIT_ARG3, "a3", FK_HEX },
	{ AUDIT_FILTERKEY, "key", FK_STR },
};

/* Accepted on input only. */
static const struct {
	const char *alias;
	uint32_t field;
} field_aliases[] = {
	{ "containerid", AUDIT_CONTAINERID },
	{ "loginuid", AUDIT_LOGINUID },
	{ "watch", AUDIT_WATCH },
	{ "filterkey", AUDIT_FILTERKEY },
};

const struct contid_field_info *contid_field_by_nr(uint32_t nr)
{
	size_t i;

	for (i = 0; i < sizeof(field_table) / sizeof(field_table[0]); i++)
		if (field_table[i].nr == nr)
			return &field_table[i];
	return NULL;
}

const struct contid_field_info *contid_field_by_name(const char *name,
						     size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(field_table) / sizeof(field_table[0]); i++)
		if (strlen(field_table[i].name) == len &&
		    !memcmp(field_table[i].name, name, len))
			return &field_table[i];
	for (i = 0; i < sizeof(field_aliases) / sizeof(field_aliases[0]); i++)
		if (strlen(field_aliases[i].alias) == len &&
		    !memcmp(field_aliases[i].alias, name, len))
			return contid_field_by_nr(field_aliases[i].field);
	return NULL;
}

CONTID_EXPORT const char *contid_rule_field_name(uint32_t field)
{
	const struct contid_field_info *fi = contid_field_by_nr(field);

	return fi ? fi->name : NULL;
}

bool contid_field_is_string(uint32_t field)
{
	switch (field) {
	case AUDIT_SUBJ_USER: case AUDIT_SUBJ_ROLE: case AUDIT_SUBJ_TYPE:
	case AUDIT_SUBJ_SEN: case AUDIT_SUBJ_CLR:
	case AUDIT_OBJ_USER: case AUDIT_OBJ_ROLE: case AUDIT_OBJ_TYPE:
	case AUDIT_OBJ_LEV_LOW: case AUDIT_OBJ_LEV_HIGH:
	case AUDIT_WATCH: case AUDIT_DIR: case AUDIT_FILTERKEY: case AUDIT_EXE:
		return true;
	default:
		return false;
	}
}

/* Fields whose value occupies buf[] bytes: strings and the container ID. */
static bool field_has_data(uint32_t field)
{
	return field == AUDIT_CONTAINERID || contid_field_is_string(field);
}

/* audit_to_op(): an operator the kernel does not know is Audit_bad */
static bool op_valid(uint32_t op)
{
	switch (op) {
	case CONTID_OP_EQ: case CONTID_OP_NE: case CONTID_OP_LT:
	case CONTID_OP_GT: case CONTID_OP_LE: case CONTID_OP_GE:
	case CONTID_OP_BITMASK: case CONTID_OP_BITTEST:
		return true;
	default:
		return false;
	}
}

static bool list_valid(unsigned int list)
{
	return list == CONTID_LIST_USER || list == CONTID_LIST_TASK ||
	       list == CONTID_LIST_EXIT || list == CONTID_LIST_EXCLUDE ||
	       list == CONTID_LIST_FS || list == CONTID_LIST_IO_URING;
}

/* Fields that take = and != only. */
static bool field_eq_only(uint32_t field)
{
	switch (field) {
	case AUDIT_CONTAINERID: case AUDIT_LOGINUID_SET: case AUDIT_ARCH:
	case AUDIT_FSTYPE: case AUDIT_PERM: case AUDIT_FILETYPE:
	case AUDIT_FIELD_COMPARE:
		return true;
	default:
		/*
		 * Every string field: the kernel's list, and the SELinux
		 * levels (subj_sen, subj_clr, obj_lev_*), which it would
		 * compare with < and >, but libcontid never took.
		 */
		return contid_field_is_string(field);
	}
}

/*
 * One field of a rule on @list, checked as the kernel checks it before it
 * takes the rule (6.1 kernel/auditfilter.c: audit_to_op() in
 * audit_data_to_entry(), then audit_field_valid(), with the series'
 * AUDIT_CONTAINERID): the checks decided by the field, its operator and
 * the list.  Every contid_rule_add_*() function and contid_rule_check()
 * run this one function, so a rule built field by field and a decoded one
 * are refused alike.  The operator comes first (-CONTID_E_BADOP), then
 * the list (-CONTID_E_BADLIST); the kernel says -EINVAL to both.
 *
 * Not mirrored, left to the kernel's -EINVAL: a field number the library
 * has no name for (written and read as "fN" so a newer kernel's rules
 * print and read back), & and &= on id, pid and other number fields,
 * and the value checks (loginuid_set 0 or 1, perm bits, filetype bits,
 * field_compare and saddr_fam ranges): rule text prints and reads those
 * rules back as they are.
 */
static int field_valid(uint32_t list, uint32_t field, uint32_t op)
{
	if (!op_valid(op))
		return -CONTID_E_BADOP;
	if (field_eq_only(field) && op != CONTID_OP_EQ && op != CONTID_OP_NE)
		return -CONTID_E_BADOP;
	switch (field) {
	case AUDIT_MSGTYPE:
		if (list != CONTID_LIST_EXCLUDE && list != CONTID_LIST_USER)
			return -CONTID_E_BADLIST;
		break;
	case AUDIT_FSTYPE:
		if (list != CONTID_LIST_FS)
			return -CONTID_E_BADLIST;
		break;
	case AUDIT_PERM:
		if (list == CONTID_LIST_IO_URING)
			return -CONTID_E_BADLIST;
		break;
	case AUDIT_CONTAINERID:
		if (list != CONTID_LIST_EXIT && list != CONTID_LIST_IO_URING &&
		    list != CONTID_LIST_USER && list != CONTID_LIST_EXCLUDE)
			return -CONTID_E_BADLIST;
		break;
	case AUDIT_FIELD_COMPARE:
		/*
		 * not the kernel's: a field comparison (-C) on the exit list
		 * only, as the text parser and auditctl take it; elsewhere
		 * its text could not be read back
		 */
		if (list != CONTID_LIST_EXIT)
			return -CONTID_E_BADLIST;
		break;
	}
	/* the filesystem list takes fstype and key fields only */
	if (list == CONTID_LIST_FS && field != AUDIT_FSTYPE &&
	    field != AUDIT_FILTERKEY)
		return -CONTID_E_BADLIST;
	return 0;
}

/*
 * A string field's length, as add_field_str() and the kernel take it
 * (audit_unpack_string(): not empty, at most PATH_MAX; a key at most
 * AUDIT_MAX_KEY_LEN).
 */
static int str_len_valid(uint32_t field, size_t len)
{
	if (len == 0)
		return -CONTID_E_BADVALUE;
	if (field == AUDIT_FILTERKEY && len > AUDIT_MAX_KEY_LEN)
		return -CONTID_E_KEYLEN;
	if (len > PATH_MAX)
		return -CONTID_E_STRLEN;
	return 0;
}

static uint32_t rule_list(const struct contid_rule *r)
{
	return r->flags & ~(uint32_t)AUDIT_FILTER_PREPEND;
}

CONTID_EXPORT int contid_rule_new(struct contid_rule **rp, unsigned int list,
				  unsigned int action)
{
	struct contid_rule *r;

	if (!rp || !list_valid(list) ||
	    (action != CONTID_ACTION_NEVER && action != CONTID_ACTION_ALWAYS))
		return -EINVAL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->flags = list;
	r->action = action;
	*rp = r;
	return 0;
}

CONTID_EXPORT void contid_rule_free(struct contid_rule *r)
{
	unsigned int i;

	if (!r)
		return;
	for (i = 0; i < r->nfields; i++)
		free(r->f[i].data);
	free(r);
}

CONTID_EXPORT int contid_rule_dup(struct contid_rule **rp,
				  const struct contid_rule *r)
{
	struct contid_rule *n;
	unsigned int i;

	if (!rp || !r)
		return -EINVAL;
	n = malloc(sizeof(*n));
	if (!n)
		return -ENOMEM;
	*n = *r;
	for (i = 0; i < n->nfields; i++) {
		if (!r->f[i].data)
			continue;
		n->f[i].data = malloc(r->f[i].value + 1u);
		if (!n->f[i].data) {
			n->nfields = i;
			contid_rule_free(n);
			return -ENOMEM;
		}
		memcpy(n->f[i].data, r->f[i].data, r->f[i].value + 1u);
	}
	*rp = n;
	return 0;
}

CONTID_EXPORT int contid_rule_get_list(const struct contid_rule *r)
{
	if (!r)
		return -EINVAL;
	return (int)rule_list(r);
}

CONTID_EXPORT int contid_rule_get_action(const struct contid_rule *r)
{
	if (!r)
		return -EINVAL;
	return (int)r->action;
}

CONTID_EXPORT uint32_t contid_rule_get_flags(const struct contid_rule *r)
{
	return r ? r->flags : 0;
}

CONTID_EXPORT int contid_rule_set_flags(struct contid_rule *r, uint32_t flags)
{
	if (!r)
		return -EINVAL;
	r->flags = flags;
	return 0;
}

CONTID_EXPORT int contid_rule_add_syscall(struct contid_rule *r, int nr)
{
	int i;

	if (!r)
		return -EINVAL;
	if (nr == CONTID_SYSCALL_ALL) {
		/*
		 * as libaudit's audit_rule_syscallbyname_data(r, "all"): every
		 * word, the syscall class bits of the last one too
		 */
		for (i = 0; i < AUDIT_BITMASK_SIZE; i++)
			r->mask[i] = ~0u;
		return 0;
	}
	if (nr < 0 || nr >= AUDIT_BITMASK_SIZE * 32)
		return -CONTID_E_BADVALUE;
	r->mask[AUDIT_WORD(nr)] |= AUDIT_BIT(nr);
	return 0;
}

CONTID_EXPORT int contid_rule_has_syscall(const struct contid_rule *r, int nr)
{
	if (!r || nr < 0 || nr >= AUDIT_BITMASK_SIZE * 32)
		return 0;
	return (r->mask[AUDIT_WORD(nr)] & AUDIT_BIT(nr)) != 0;
}

CONTID_EXPORT const uint32_t *contid_rule_get_mask(const struct contid_rule *r)
{
	return r ? r->mask : NULL;
}

CONTID_EXPORT int contid_rule_add_syscall_name(struct contid_rule *r,
					       const char *name)
{
	int nr;

	if (!r || !name)
		return -EINVAL;
	if (!strcmp(name, "all"))
		return contid_rule_add_syscall(r, CONTID_SYSCALL_ALL);
	nr = contid_syscall_number(name);
	if (nr < 0) {
		uint64_t v;

		if (contid_parse_uint(name, strlen(name), 10, INT_MAX, &v) < 0)
			return -CONTID_E_UNKNOWN_SYSCALL;
		nr = (int)v;
	}
	return contid_rule_add_syscall(r, nr) < 0 ? -CONTID_E_UNKNOWN_SYSCALL : 0;
}

CONTID_EXPORT int contid_rule_add_field(struct contid_rule *r, uint32_t field,
					uint32_t op, uint32_t value)
{
	int err;

	if (!r)
		return -EINVAL;
	if (r->nfields >= AUDIT_MAX_FIELDS)
		return -CONTID_E_TOOMANYFIELDS;
	if (!op_valid(op))
		return -CONTID_E_BADOP;
	if (field_has_data(field))
		return -CONTID_E_BADVALUE;
	err = field_valid(rule_list(r), field, op);
	if (err < 0)
		return err;
	r->f[r->nfields].field = field;
	r->f[r->nfields].op = op;
	r->f[r->nfields].value = value;
	r->f[r->nfields].data = NULL;
	r->nfields++;
	return 0;
}

static int add_data_field(struct contid_rule *r, uint32_t field, uint32_t op,
			  const void *data, size_t len)
{
	unsigned char *copy;

	copy = malloc(len + 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, data, len);
	copy[len] = '\0';
	r->f[r->nfields].field = field;
	r->f[r->nfields].op = op;
	r->f[r->nfields].value = (uint32_t)len;
	r->f[r->nfields].data = copy;
	r->nfields++;
	return 0;
}

CONTID_EXPORT int contid_rule_add_field_str(struct contid_rule *r,
					    uint32_t field, uint32_t op,
					    const char *value)
{
	size_t len;
	int err;

	if (!r || !value)
		return -EINVAL;
	if (r->nfields >= AUDIT_MAX_FIELDS)
		return -CONTID_E_TOOMANYFIELDS;
	if (!contid_field_is_string(field))
		return -CONTID_E_BADVALUE;
	err = field_valid(rule_list(r), field, op);
	if (err < 0)
		return err;
	len = strlen(value);
	err = str_len_valid(field, len);
	if (err < 0)
		return err;
	return add_data_field(r, field, op, value, len);
}

CONTID_EXPORT int contid_rule_add_containerid(struct contid_rule *r,
					      uint32_t op, uint64_t id)
{
	int err;

	if (!r)
		return -EINVAL;
	if (r->nfields >= AUDIT_MAX_FIELDS)
		return -CONTID_E_TOOMANYFIELDS;
	err = field_valid(rule_list(r), AUDIT_CONTAINERID, op);
	if (err < 0)
		return err;
	return add_data_field(r, AUDIT_CONTAINERID, op, &id, sizeof(id));
}

CONTID_EXPORT int contid_rule_field_count(const struct contid_rule *r)
{
	if (!r)
		return -EINVAL;
	return (int)r->nfields;
}

CONTID_EXPORT int contid_rule_field_get(const struct contid_rule *r,
					unsigned int i, uint32_t *field,
					uint32_t *op, uint32_t *value)
{
	if (!r)
		return -EINVAL;
	if (i >= r->nfields)
		return -CONTID_E_NOTFOUND;
	if (field)
		*field = r->f[i].field;
	if (op)
		*op = r->f[i].op;
	if (value)
		*value = r->f[i].value;
	return 0;
}

CONTID_EXPORT const char *contid_rule_field_str(const struct contid_rule *r,
						unsigned int i)
{
	if (!r || i >= r->nfields || !contid_field_is_string(r->f[i].field))
		return NULL;
	return (const char *)r->f[i].data;
}

CONTID_EXPORT int contid_rule_field_containerid(const struct contid_rule *r,
						unsigned int i, uint64_t *id)
{
	if (!r || !id)
		return -EINVAL;
	if (i >= r->nfields || r->f[i].field != AUDIT_CONTAINERID ||
	    !r->f[i].data || r->f[i].value != sizeof(*id))
		return -CONTID_E_NOTFOUND;
	memcpy(id, r->f[i].data, sizeof(*id));
	return 0;
}

CONTID_EXPORT int contid_rule_pack(const struct contid_rule *r, void **bufp,
				   size_t *lenp)
{
	struct audit_rule_data *d;
	size_t buflen = 0, off = 0, total;
	unsigned int i;

	if (!r || !bufp || !lenp)
		return -EINVAL;
	for (i = 0; i < r->nfields; i++)
		if (r->f[i].data)
			buflen += r->f[i].value;
	total = sizeof(*d) + buflen;
	d = calloc(1, total);
	if (!d)
		return -ENOMEM;
	d->flags = r->flags;
	d->action = r->action;
	d->field_count = r->nfields;
	memcpy(d->mask, r->mask, sizeof(d->mask));
	for (i = 0; i < r->nfields; i++) {
		d->fields[i] = r->f[i].field;
		d->values[i] = r->f[i].value;
		d->fieldflags[i] = r->f[i].op;
		if (r->f[i].data) {
			memcpy(d->buf + off, r->f[i].data, r->f[i].value);
			off += r->f[i].value;
		}
	}
	d->buflen = (uint32_t)buflen;
	*bufp = d;
	*lenp = total;
	return 0;
}

CONTID_EXPORT int contid_rule_unpack(struct contid_rule **rp, const void *buf,
				     size_t len)
{
	struct audit_rule_data d;
	struct contid_rule *r;
	const unsigned char *strings;
	size_t off = 0;
	unsigned int i;

	if (!rp || (!buf && len))
		return -EINVAL;
	if (len < sizeof(d))
		return -CONTID_E_TRUNCATED;
	/* the datagram need not be aligned for the struct: copy it out */
	memcpy(&d, buf, sizeof(d));
	if (d.field_count > AUDIT_MAX_FIELDS)
		return -CONTID_E_PROTO;
	if (d.buflen > len - sizeof(d))
		return -CONTID_E_TRUNCATED;
	strings = (const unsigned char *)buf + sizeof(d);
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->flags = d.flags;
	r->action = d.action;
	memcpy(r->mask, d.mask, sizeof(r->mask));
	for (i = 0; i < d.field_count; i++) {
		struct rule_field *f = &r->f[i];

		f->field = d.fields[i];
		f->op = d.fieldflags[i];
		f->value = d.values[i];
		r->nfields = i + 1;
		if (!field_has_data(f->field))
			continue;
		if ((f->field == AUDIT_CONTAINERID && f->value != 8) ||
		    f->value > d.buflen - off) {
			contid_rule_free(r);
			return -CONTID_E_PROTO;
		}
		f->data = malloc(f->value + 1u);
		if (!f->data) {
			contid_rule_free(r);
			return -ENOMEM;
		}
		memcpy(f->data, strings + off, f->value);
		f->data[f->value] = '\0';
		off += f->value;
	}
	if (off != d.buflen) {
		/* bytes no field accounts for: cannot be decoded losslessly */
		contid_rule_free(r);
		return -CONTID_E_PROTO;
	}
	*rp = r;
	return 0;
}

CONTID_EXPORT int contid_rule_equal(const struct contid_rule *a,
				    const struct contid_rule *b)
{
	void *pa = NULL, *pb = NULL;
	size_t la, lb;
	int eq;

	if (!a || !b)
		return 0;
	if (contid_rule_pack(a, &pa, &la) < 0 || contid_rule_pack(b, &pb, &lb) < 0) {
		free(pa);
		return 0;
	}
	eq = la == lb && !memcmp(pa, pb, la);
	free(pa);
	free(pb);
	return eq;
}

CONTID_EXPORT int contid_rule_check(struct contid_handle *h,
				    const struct contid_rule *r)
{
	bool has_contid = false, has_key = false, has_exe = false;
	unsigned int i;
	int err;

	if (!r)
		return -EINVAL;
	if (r->nfields > AUDIT_MAX_FIELDS)
		return -CONTID_E_TOOMANYFIELDS;
	for (i = 0; i < r->nfields; i++) {
		const struct rule_field *f = &r->f[i];

		err = field_valid(rule_list(r), f->field, f->op);
		if (err < 0)
			return err;
		if (contid_field_is_string(f->field)) {
			err = str_len_valid(f->field, f->value);
			if (err < 0)
				return err;
		}
		if (f->field == AUDIT_CONTAINERID)
			has_contid = true;
		/* one key and one exe field a rule: audit_data_to_entry() */
		if ((f->field == AUDIT_FILTERKEY && has_key) ||
		    (f->field == AUDIT_EXE && has_exe))
			return -CONTID_E_BADVALUE;
		if (f->field == AUDIT_FILTERKEY)
			has_key = true;
		if (f->field == AUDIT_EXE)
			has_exe = true;
	}
	if (has_contid && h) {
		uint32_t features;

		err = contid_handle_features(h, &features);
		if (err < 0)
			return err;
		if (!(features & AUDIT_FEATURE_BITMAP_CONTAINERID_FILTER))
			return -CONTID_E_NOFEATURE;
	}
	return 0;
}

static int rule_send(struct contid_handle *h, const struct contid_rule *r,
		     uint16_t type)
{
	void *buf;
	size_t len;
	int err;

	if (!h || !r)
		return -EINVAL;
	err = contid_rule_check(h, r);
	if (err < 0)
		return err;
	err = contid_rule_pack(r, &buf, &len);
	if (err < 0)
		return err;
	err = contid_request(h, type, buf, len, CONTID_REQ_ACK, NULL, NULL);
	free(buf);
	return err;
}

CONTID_EXPORT int contid_rule_add(struct contid_handle *h,
				  const struct contid_rule *r)
{
	return rule_send(h, r, AUDIT_ADD_RULE);
}

CONTID_EXPORT int contid_rule_delete(struct contid_handle *h,
				     const struct contid_rule *r)
{
	return rule_send(h, r, AUDIT_DEL_RULE);
}

struct list_state {
	contid_rule_cb cb;
	void *data;
	int count;
};

static int list_reply(const struct nlmsghdr *nlh, void *data)
{
	struct list_state *ls = data;
	struct contid_rule *r;
	int err;

	if (nlh->nlmsg_type != AUDIT_LIST_RULES)
		return -CONTID_E_PROTO;
	err = contid_rule_unpack(&r, mnl_nlmsg_get_payload(nlh),
				 mnl_nlmsg_get_payload_len(nlh));
	if (err < 0)
		return err;
	err = ls->cb ? ls->cb(r, ls->data) : 0;
	contid_rule_free(r);
	if (err < 0)
		return err;
	ls->count++;
	return 0;
}

CONTID_EXPORT int contid_rule_list(struct contid_handle *h, contid_rule_cb cb,
				   void *data)
{
	struct list_state ls = { .cb = cb, .data = data };
	int err;

	if (!h)
		return -EINVAL;
	err = contid_request(h, AUDIT_LIST_RULES, NULL, 0, CONTID_REQ_DUMP,
			     list_reply, &ls);
	return err < 0 ? err : ls.count;
}
