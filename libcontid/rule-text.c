/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Rules in auditctl syntax: "-a always,exit -F arch=b64 -S openat
 * -F dir=/tmp -F perm=wa -F contid=123 -k key".
 *
 * Parsing and formatting are inverse: contid_rule_parse() of what
 * contid_rule_format() printed gives back the same audit_rule_data.  Like
 * auditctl, several keys are joined into one key field with \001.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule-internal.h"

#define KEY_SEP '\001'
#define TEXT_SPACE " \t\n"	/* what separates the words of rule text */

static const struct {
	const char *s;
	uint32_t op;
} ops[] = {
	/* two-character operators first */
	{ "!=", CONTID_OP_NE }, { "<=", CONTID_OP_LE }, { ">=", CONTID_OP_GE },
	{ "&=", CONTID_OP_BITTEST }, { "=", CONTID_OP_EQ }, { "<", CONTID_OP_LT },
	{ ">", CONTID_OP_GT }, { "&", CONTID_OP_BITMASK },
};

static const char *op_str(uint32_t op)
{
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i].op == op)
			return ops[i].s;
	return NULL;
}

static const struct {
	const char *name;
	int value;
} errno_names[] = {
	{ "EPERM", EPERM }, { "ENOENT", ENOENT }, { "ESRCH", ESRCH },
	{ "EINTR", EINTR }, { "EIO", EIO }, { "ENXIO", ENXIO },
	{ "E2BIG", E2BIG }, { "ENOEXEC", ENOEXEC }, { "EBADF", EBADF },
	{ "ECHILD", ECHILD }, { "EAGAIN", EAGAIN }, { "ENOMEM", ENOMEM },
	{ "EACCES", EACCES }, { "EFAULT", EFAULT }, { "EBUSY", EBUSY },
	{ "EEXIST", EEXIST }, { "EXDEV", EXDEV }, { "ENODEV", ENODEV },
	{ "ENOTDIR", ENOTDIR }, { "EISDIR", EISDIR }, { "EINVAL", EINVAL },
	{ "ENFILE", ENFILE }, { "EMFILE", EMFILE }, { "ENOTTY", ENOTTY },
	{ "EFBIG", EFBIG }, { "ENOSPC", ENOSPC }, { "ESPIPE", ESPIPE },
	{ "EROFS", EROFS }, { "EMLINK", EMLINK }, { "EPIPE", EPIPE },
	{ "ERANGE", ERANGE }, { "ENAMETOOLONG", ENAMETOOLONG },
	{ "ENOSYS", ENOSYS }, { "ENOTEMPTY", ENOTEMPTY }, { "ELOOP", ELOOP },
	{ "EOPNOTSUPP", EOPNOTSUPP }, { "ETIMEDOUT", ETIMEDOUT },
};

/* strict integer: decimal, or 0x hex; optional leading '-' if @neg */
static int parse_u64(const char *s, bool neg_ok, uint64_t max, int64_t min,
		     uint64_t *out)
{
	bool neg = false;
	int base = 10;
	uint64_t v = 0;

	if (*s == '-') {
		if (!neg_ok)
			return -CONTID_E_BADVALUE;
		neg = true;
		s++;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -CONTID_E_BADVALUE;
	for (; *s; s++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned int)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned int)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned int)(*s - 'A' + 10);
		else
			return -CONTID_E_BADVALUE;
		if (v > (UINT64_MAX - d) / (unsigned int)base)
			return -CONTID_E_BADVALUE;
		v = v * (unsigned int)base + d;
	}
	if (neg) {
		if (v > (uint64_t)(-(min + 1)) + 1)
			return -CONTID_E_BADVALUE;
		*out = (uint64_t)0 - v;
		return 0;
	}
	if (v > max)
		return -CONTID_E_BADVALUE;
	*out = v;
	return 0;
}

static int parse_u32_value(const char *s, uint32_t *out)
{
	uint64_t v;
	int err = parse_u64(s, true, UINT32_MAX, INT32_MIN, &v);

	if (err < 0)
		return err;
	*out = (uint32_t)v;
	return 0;
}

/*
 * Rule text is cut into words at white space, so a string value holding
 * some could not be written back as text that parses (contidctl rule
 * list, pasted into rule add): refused in text.
 */
static int add_str(struct contid_rule *r, uint32_t field, uint32_t op,
		   const char *val)
{
	if (val[strcspn(val, TEXT_SPACE)])
		return -CONTID_E_BADVALUE;
	return contid_rule_add_field_str(r, field, op, val);
}

static int add_key(struct contid_rule *r, uint32_t op, const char *key)
{
	unsigned int i;

	/*
	 * \001 separates several keys in the one key field: inside a key it
	 * would make keys the text cannot say (an empty one, for "k\001").
	 */
	if (strchr(key, KEY_SEP) || key[strcspn(key, TEXT_SPACE)])
		return -CONTID_E_BADVALUE;
	if (op == CONTID_OP_EQ) {
		for (i = 0; i < r->nfields; i++) {
			struct rule_field *f = &r->f[i];
			size_t klen = strlen(key), nlen;
			unsigned char *n;

			if (f->field != AUDIT_FILTERKEY || f->op != CONTID_OP_EQ)
				continue;
			nlen = f->value + 1 + klen;
			if (nlen > AUDIT_MAX_KEY_LEN)
				return -CONTID_E_KEYLEN;
			if (!klen)
				return -CONTID_E_BADVALUE;
			n = realloc(f->data, nlen + 1);
			if (!n)
				return -ENOMEM;
			n[f->value] = KEY_SEP;
			memcpy(n + f->value + 1, key, klen + 1);
			f->data = n;
			f->value = (uint32_t)nlen;
			return 0;
		}
	}
	return contid_rule_add_field_str(r, AUDIT_FILTERKEY, op, key);
}

CONTID_EXPORT int contid_rule_parse_field(struct contid_rule *r,
					  const char *expr)
{
	const struct contid_field_info *fi;
	const char *p, *val;
	uint32_t op = 0, v32 = 0;
	uint64_t nr = 0;
	size_t nlen, i;
	int err;

	if (!r || !expr)
		return -EINVAL;
	p = expr + strcspn(expr, "!<>=&");
	if (!*p || p == expr)
		return -CONTID_E_SYNTAX;
	nlen = (size_t)(p - expr);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t l = strlen(ops[i].s);

		if (!strncmp(p, ops[i].s, l)) {
			op = ops[i].op;
			val = p + l;
			break;
		}
	}
	if (!op)
		return -CONTID_E_SYNTAX;
	if (!*val)
		return -CONTID_E_SYNTAX;

	fi = contid_field_by_name(expr, nlen);
	if (!fi) {
		/* "f<number>" names a field without an auditctl name */
		char num[16];

		if (nlen < 2 || nlen >= sizeof(num) || expr[0] != 'f')
			return -CONTID_E_UNKNOWN_FIELD;
		memcpy(num, expr + 1, nlen - 1);
		num[nlen - 1] = '\0';
		if (parse_u64(num, false, UINT32_MAX, 0, &nr) < 0)
			return -CONTID_E_UNKNOWN_FIELD;
		/*
		 * The number of a named field is that field, parsed as
		 * its name would be: "f210=a" is a key and joins the
		 * others, or the text printed back ("-k") would parse
		 * into another rule.
		 */
		fi = contid_field_by_nr((uint32_t)nr);
	}
	if (!fi) {
		/* every string field and the ID have names: a number */
		err = parse_u32_value(val, &v32);
		if (err < 0)
			return err;
		return contid_rule_add_field(r, (uint32_t)nr, op, v32);
	}

	switch (fi->kind) {
	case FK_STR:
		if (fi->nr == AUDIT_FILTERKEY)
			return add_key(r, op, val);
		return add_str(r, fi->nr, op, val);
	case FK_CONTID: {
		uint64_t id;

		err = contid_id_parse(val, &id);
		if (err == -CONTID_E_UNSET)
			id = CONTID_UNSET;
		else if (!strcmp(val, "unset"))
			id = CONTID_UNSET;
		else if (err < 0)
			return -CONTID_E_BADVALUE;
		return contid_rule_add_containerid(r, op, id);
	}
	case FK_UID:
		if (!strcmp(val, "unset") || !strcmp(val, "-1")) {
			v32 = UINT32_MAX;
		} else {
			uint64_t v;

			err = parse_u64(val, false, UINT32_MAX, 0, &v);
			if (err < 0)
				return err;
			v32 = (uint32_t)v;
		}
		break;
	case FK_ARCH:
		if (!strcmp(val, "b64") || !strcmp(val, "x86_64"))
			v32 = CONTID_ARCH_B64;
		else if (!strcmp(val, "b32") || !strcmp(val, "i386") ||
			 !strcmp(val, "i686"))
			v32 = CONTID_ARCH_B32;
		else if ((err = parse_u32_value(val, &v32)) < 0)
			return err;
		break;
	case FK_PERM:
		if (*val >= '0' && *val <= '9') {
			/* a mask that has no letters (as printed for 0) */
			if ((err = parse_u32_value(val, &v32)) < 0)
				return err;
			break;
		}
		for (p = val; *p; p++) {
			switch (*p) {
			case 'r': v32 |= AUDIT_PERM_READ; break;
			case 'w': v32 |= AUDIT_PERM_WRITE; break;
			case 'x': v32 |= AUDIT_PERM_EXEC; break;
			case 'a': v32 |= AUDIT_PERM_ATTR; break;
			default: return -CONTID_E_BADVALUE;
			}
		}
		break;
	case FK_SUCCESS:
		if (!strcmp(val, "yes") || !strcmp(val, "1"))
			v32 = 1;	/* AUDITSC_SUCCESS */
		else if (!strcmp(val, "no") || !strcmp(val, "0"))
			v32 = 2;	/* AUDITSC_FAILURE */
		else if ((err = parse_u32_value(val, &v32)) < 0)
			return err;
		break;
	case FK_EXIT:
		if (val[0] == '-' && val[1] == 'E') {
			for (i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
				if (!strcmp(val + 1, errno_names[i].name))
					break;
			if (i == sizeof(errno_names) / sizeof(errno_names[0]))
				return -CONTID_E_BADVALUE;
			v32 = (uint32_t)-errno_names[i].value;
		} else if ((err = parse_u32_value(val, &v32)) < 0) {
			return err;
		}
		break;
	case FK_MSGTYPE:
		err = contid_msgtype_number(val);
		if (err < 0)
			return err;
		v32 = (uint32_t)err;
		break;
	case FK_NUM:
	case FK_HEX:
		if ((err = parse_u32_value(val, &v32)) < 0)
			return err;
		break;
	}
	return contid_rule_add_field(r, fi->nr, op, v32);
}

static int parse_list_action(const char *s, unsigned int *list,
			     unsigned int *action)
{
	static const struct {
		const char *name;
		unsigned int list;
	} lists[] = {
		{ "exit", CONTID_LIST_EXIT }, { "user", CONTID_LIST_USER },
		{ "exclude", CONTID_LIST_EXCLUDE }, { "task", CONTID_LIST_TASK },
		{ "filesystem", CONTID_LIST_FS }, { "io_uring", CONTID_LIST_IO_URING },
	};
	const char *comma = strchr(s, ',');
	bool have_list = false, have_action = false;
	int part;

	if (!comma || strchr(comma + 1, ','))
		return -CONTID_E_SYNTAX;
	for (part = 0; part < 2; part++) {
		const char *w = part ? comma + 1 : s;
		size_t len = part ? strlen(w) : (size_t)(comma - s);
		size_t i;

		if (len == 6 && !strncmp(w, "always", 6) && !have_action) {
			*action = CONTID_ACTION_ALWAYS;
			have_action = true;
			continue;
		}
		if (len == 5 && !strncmp(w, "never", 5) && !have_action) {
			*action = CONTID_ACTION_NEVER;
			have_action = true;
			continue;
		}
		for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
			if (strlen(lists[i].name) == len &&
			    !strncmp(w, lists[i].name, len))
				break;
		if (i == sizeof(lists) / sizeof(lists[0]) || have_list)
			return -CONTID_E_SYNTAX;
		*list = lists[i].list;
		have_list = true;
	}
	return 0;
}

CONTID_EXPORT int contid_rule_parse(struct contid_rule **rp, const char *text)
{
	struct contid_rule *r = NULL;
	char *copy, *save = NULL, *tok;
	bool syscalls = false, prepend = false;
	int err = 0;

	if (!rp || !text)
		return -EINVAL;
	copy = strdup(text);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, TEXT_SPACE, &save); tok;
	     tok = strtok_r(NULL, TEXT_SPACE, &save)) {
		char *arg;

		if (tok[0] != '-' || !tok[1] || tok[2]) {
			err = -CONTID_E_SYNTAX;
			break;
		}
		arg = strtok_r(NULL, TEXT_SPACE, &save);
		if (!arg) {
			err = -CONTID_E_SYNTAX;
			break;
		}
		if (tok[1] == 'a' || tok[1] == 'A' || tok[1] == 'd') {
			unsigned int list = 0, action = 0;

			if (r) {
				err = -CONTID_E_SYNTAX;	/* two -a */
				break;
			}
			err = parse_list_action(arg, &list, &action);
			if (err < 0)
				break;
			err = contid_rule_new(&r, list, action);
			if (err < 0)
				break;
			prepend = tok[1] == 'A';
			continue;
		}
		if (!r) {
			err = -CONTID_E_SYNTAX;	/* -a must come first */
			break;
		}
		switch (tok[1]) {
		case 'S': {
			char *s2 = NULL, *name;
			unsigned int names = 0;

			for (name = strtok_r(arg, ",", &s2); name && !err;
			     name = strtok_r(NULL, ",", &s2), names++)
				err = contid_rule_add_syscall_name(r, name);
			/* "-S ," names no syscall: not "all", and not none. */
			if (!names)
				err = -CONTID_E_SYNTAX;
			syscalls = true;
			break;
		}
		case 'F':
			err = contid_rule_parse_field(r, arg);
			break;
		case 'k':
			err = add_key(r, CONTID_OP_EQ, arg);
			break;
		default:
			err = -CONTID_E_SYNTAX;
			break;
		}
		if (err < 0)
			break;
	}
	free(copy);
	if (!err && !r)
		err = -CONTID_E_SYNTAX;
	if (err < 0) {
		contid_rule_free(r);
		return err;
	}
	/* auditctl: an exit rule without -S applies to every syscall */
	if (!syscalls && r->flags == CONTID_LIST_EXIT)
		contid_rule_add_syscall(r, CONTID_SYSCALL_ALL);
	if (prepend)
		r->flags |= AUDIT_FILTER_PREPEND;
	*rp = r;
	return 0;
}

/* snprintf-style accumulation: counts what would be written. */
struct sbuf {
	char *buf;
	size_t len;
	size_t pos;
};

__attribute__((format(printf, 2, 3)))
static void sb_printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(sb->pos < sb->len ? sb->buf + sb->pos : NULL,
		      sb->pos < sb->len ? sb->len - sb->pos : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		sb->pos += (size_t)n;
}

static const char *list_name(uint32_t list)
{
	switch (list) {
	case CONTID_LIST_EXIT: return "exit";
	case CONTID_LIST_USER: return "user";
	case CONTID_LIST_EXCLUDE: return "exclude";
	case CONTID_LIST_TASK: return "task";
	case CONTID_LIST_FS: return "filesystem";
	case CONTID_LIST_IO_URING: return "io_uring";
	default: return NULL;
	}
}

static void format_field(struct sbuf *sb, const struct rule_field *f)
{
	const struct contid_field_info *fi = contid_field_by_nr(f->field);
	const char *op = op_str(f->op);
	char opbuf[16];
	size_t i;

	if (!op) {
		snprintf(opbuf, sizeof(opbuf), "?%#x?", f->op);
		op = opbuf;
	}
	if (fi && fi->nr == AUDIT_FILTERKEY && f->op == CONTID_OP_EQ) {
		/* one -k per \001-separated key, as auditctl -l prints */
		const char *k = (const char *)f->data;

		for (;;) {
			const char *sep = memchr(k, KEY_SEP,
				f->value - (size_t)(k - (const char *)f->data));

			if (!sep) {
				sb_printf(sb, " -k %s", k);
				break;
			}
			sb_printf(sb, " -k %.*s", (int)(sep - k), k);
			k = sep + 1;
		}
		return;
	}
	if (!fi) {
		if (f->data)
			sb_printf(sb, " -F f%u%s%s", f->field, op, (const char *)f->data);
		else
			sb_printf(sb, " -F f%u%s%" PRId32, f->field, op,
				  (int32_t)f->value);
		return;
	}
	sb_printf(sb, " -F %s%s", fi->name, op);
	switch (fi->kind) {
	case FK_STR:
		sb_printf(sb, "%s", (const char *)f->data);
		break;
	case FK_CONTID: {
		uint64_t id;

		memcpy(&id, f->data, sizeof(id));
		sb_printf(sb, "%" PRIu64, id);
		break;
	}
	case FK_UID:
		if (f->value == UINT32_MAX)
			sb_printf(sb, "unset");
		else
			sb_printf(sb, "%" PRIu32, f->value);
		break;
	case FK_ARCH:
		if (f->value == CONTID_ARCH_B64)
			sb_printf(sb, "b64");
		else if (f->value == CONTID_ARCH_B32)
			sb_printf(sb, "b32");
		else
			sb_printf(sb, "%#" PRIx32, f->value);
		break;
	case FK_PERM:
		if (!f->value || (f->value & ~15u)) {
			sb_printf(sb, "%#" PRIx32, f->value);	/* not letters */
			break;
		}
		if (f->value & AUDIT_PERM_READ)
			sb_printf(sb, "r");
		if (f->value & AUDIT_PERM_WRITE)
			sb_printf(sb, "w");
		if (f->value & AUDIT_PERM_EXEC)
			sb_printf(sb, "x");
		if (f->value & AUDIT_PERM_ATTR)
			sb_printf(sb, "a");
		break;
	case FK_SUCCESS:
		if (f->value == 1)
			sb_printf(sb, "yes");
		else if (f->value == 2)
			sb_printf(sb, "no");
		else	/* in hex: "0" means no (2) on input */
			sb_printf(sb, "0x%" PRIx32, f->value);
		break;
	case FK_EXIT:
		for (i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
			if ((int32_t)f->value == -errno_names[i].value)
				break;
		if (i < sizeof(errno_names) / sizeof(errno_names[0]))
			sb_printf(sb, "-%s", errno_names[i].name);
		else
			sb_printf(sb, "%" PRId32, (int32_t)f->value);
		break;
	case FK_MSGTYPE: {
		const char *n = contid_msgtype_name(f->value);

		if (n)
			sb_printf(sb, "%s", n);
		else
			sb_printf(sb, "%" PRIu32, f->value);
		break;
	}
	case FK_HEX:
		sb_printf(sb, "%#" PRIx32, f->value);
		break;
	case FK_NUM:
		sb_printf(sb, "%" PRId32, (int32_t)f->value);
		break;
	}
}

static void format_syscalls(struct sbuf *sb, const struct contid_rule *r)
{
	bool all = true, first = true;
	int nr, start = 0;

	for (nr = 0; nr < AUDIT_BITMASK_SIZE - 1; nr++)
		if (r->mask[nr] != ~0u)
			all = false;
	if (all) {
		start = (AUDIT_BITMASK_SIZE - 1) * 32;
		if ((r->flags & ~(uint32_t)AUDIT_FILTER_PREPEND) == CONTID_LIST_EXIT &&
		    !r->mask[AUDIT_BITMASK_SIZE - 1])
			return;	/* the default: no -S */
		sb_printf(sb, " -S all");
		first = false;
	}
	for (nr = start; nr < AUDIT_BITMASK_SIZE * 32; nr++) {
		const char *name;

		if (!(r->mask[AUDIT_WORD(nr)] & AUDIT_BIT(nr)))
			continue;
		name = contid_syscall_name(nr);
		sb_printf(sb, first ? " -S " : ",");
		if (name)
			sb_printf(sb, "%s", name);
		else
			sb_printf(sb, "%d", nr);
		first = false;
	}
}

CONTID_EXPORT int contid_rule_format(const struct contid_rule *r, char *buf,
				     size_t len)
{
	struct sbuf sb = { .buf = buf, .len = len };
	uint32_t list;
	const char *lname;
	unsigned int i = 0;

	if (!r || (!buf && len))
		return -EINVAL;
	if (len)
		buf[0] = '\0';
	list = r->flags & ~(uint32_t)AUDIT_FILTER_PREPEND;
	lname = list_name(list);
	if (!lname)
		return -CONTID_E_BADVALUE;
	sb_printf(&sb, "-%c %s,%s", (r->flags & AUDIT_FILTER_PREPEND) ? 'A' : 'a',
		  r->action == CONTID_ACTION_NEVER ? "never" :
		  r->action == CONTID_ACTION_ALWAYS ? "always" : "possible",
		  lname);
	while (i < r->nfields && r->f[i].field == AUDIT_ARCH)
		format_field(&sb, &r->f[i++]);
	format_syscalls(&sb, r);
	for (; i < r->nfields; i++)
		format_field(&sb, &r->f[i]);
	if (sb.pos > INT32_MAX)
		return -EOVERFLOW;
	return (int)sb.pos;
}
