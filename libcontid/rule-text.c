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
#include <limits.h>
#include <pwd.h>
#include <grp.h>
#include <sys/stat.h>

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

/* The filter lists' names, read in -a LIST,ACTION and printed back. */
static const struct {
	const char *name;
	unsigned int list;
} lists[] = {
	{ "exit", CONTID_LIST_EXIT }, { "user", CONTID_LIST_USER },
	{ "exclude", CONTID_LIST_EXCLUDE }, { "task", CONTID_LIST_TASK },
	{ "filesystem", CONTID_LIST_FS }, { "io_uring", CONTID_LIST_IO_URING },
};

CONTID_EXPORT const char *contid_rule_list_name(int list)
{
	size_t i;

	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if ((int)lists[i].list == list)
			return lists[i].name;
	return NULL;
}

/* The perm field's letters, in the order auditctl prints them. */
static const struct {
	char letter;
	uint32_t bit;
} perms[] = {
	{ 'r', AUDIT_PERM_READ }, { 'w', AUDIT_PERM_WRITE },
	{ 'x', AUDIT_PERM_EXEC }, { 'a', AUDIT_PERM_ATTR },
};

/*
 * Letters of @s into *@v; upper case too if @upper (as auditctl's -p,
 * not its -F perm=).  -CONTID_E_BADVALUE for any other character.
 */
static int perm_parse(const char *s, bool upper, uint32_t *v)
{
	size_t i;

	*v = 0;
	for (; *s; s++) {
		for (i = 0; i < sizeof(perms) / sizeof(perms[0]); i++)
			if (*s == perms[i].letter ||
			    (upper && *s == perms[i].letter - 'a' + 'A'))
				break;
		if (i == sizeof(perms) / sizeof(perms[0]))
			return -CONTID_E_BADVALUE;
		*v |= perms[i].bit;
	}
	return 0;
}

/* libaudit's fstypetab.h (3.0.9) */
static const struct {
	const char *name;
	uint32_t magic;
} fstypes[] = {
	{ "debugfs", 0x64626720 }, { "tracefs", 0x74726163 },
};

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

/* strict integer: decimal, 0x hex or 0 octal (as strtoul base 0);
 * optional leading '-' if @neg */
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
	} else if (s[0] == '0' && s[1]) {
		base = 8;	/* as auditctl's strtoul(v, NULL, 0): "a2&0100" */
		s++;
	}
	if (contid_parse_uint(s, strlen(s), (unsigned int)base, UINT64_MAX, &v) < 0)
		return -CONTID_E_BADVALUE;
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

/*
 * The field @name (@len bytes, the part before the operator) names: an
 * auditctl name, or "f" and the field's number as contid_rule_format()
 * prints a field without a name, in decimal without a sign or a leading
 * zero, at most 4294967295.  One spelling, read by this one function for
 * the text parser and contid_rule_parse_field() alike: the first read
 * "fN" in decimal and the second in any base, so a field could slip past
 * the rules of the one it is ("-F f0322=a", the key in octal, was added
 * in place as a key field of its own, not joined to the keys after every
 * other field; "f011", auid in octal, set the arch -S names are read in).
 * *@fi is the named field the number is, or NULL.
 */
static int field_lookup(const char *name, size_t len,
			const struct contid_field_info **fi, uint32_t *nr)
{
	uint64_t v = 0;

	*fi = contid_field_by_name(name, len);
	if (*fi) {
		*nr = (*fi)->nr;
		return 0;
	}
	if (len < 2 || name[0] != 'f' || (name[1] == '0' && len > 2) ||
	    contid_parse_uint(name + 1, len - 1, 10, UINT32_MAX, &v) < 0)
		return -CONTID_E_UNKNOWN_FIELD;
	*nr = (uint32_t)v;
	/*
	 * The number of a named field is that field, parsed as its name
	 * would be: "f210=a" is a key and joins the others, or the text
	 * printed back ("-k") would parse into another rule.
	 */
	*fi = contid_field_by_nr(*nr);
	return 0;
}

CONTID_EXPORT int contid_rule_parse_field(struct contid_rule *r,
					  const char *expr)
{
	const struct contid_field_info *fi;
	const char *p, *val;
	uint32_t op = 0, v32 = 0, nr = 0;
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

	err = field_lookup(expr, nlen, &fi, &nr);
	if (err < 0)
		return err;
	if (!fi) {
		/* every string field and the ID have names: a number */
		err = parse_u32_value(val, &v32);
		if (err < 0)
			return err;
		return contid_rule_add_field(r, nr, op, v32);
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
	case FK_GID:
		if (!strcmp(val, "unset")) {
			v32 = UINT32_MAX;
		} else if ((val[0] >= '0' && val[0] <= '9') || val[0] == '-') {
			if ((err = parse_u32_value(val, &v32)) < 0)
				return err;
		} else if (fi->nr == AUDIT_SESSIONID) {
			return -CONTID_E_BADVALUE;
		} else if (fi->kind == FK_UID) {
			/* as auditctl: the local user database */
			struct passwd *pw = getpwnam(val);

			if (!pw)
				return -CONTID_E_UNKNOWN_USER;
			v32 = (uint32_t)pw->pw_uid;
		} else {
			struct group *gr = getgrnam(val);

			if (!gr)
				return -CONTID_E_UNKNOWN_GROUP;
			v32 = (uint32_t)gr->gr_gid;
		}
		break;
	case FK_ARCH:
		if (!strcmp(val, "b64") || !strcmp(val, "x86_64"))
			v32 = CONTID_ARCH_B64;
		else if (!strcmp(val, "b32") || !strcmp(val, "i386") ||
			 !strcmp(val, "i486") || !strcmp(val, "i586") ||
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
		if ((err = perm_parse(val, false, &v32)) < 0)
			return err;
		break;
	case FK_SUCCESS:
		/*
		 * A number as auditctl packs it (the kernel reads 0 as
		 * failure, anything else as success); yes and no are 1 and 0.
		 */
		if (!strcmp(val, "yes"))
			v32 = 1;
		else if (!strcmp(val, "no"))
			v32 = 0;
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
	case FK_FSTYPE:
		for (i = 0; i < sizeof(fstypes) / sizeof(fstypes[0]); i++)
			if (!strcmp(val, fstypes[i].name))
				break;
		if (i < sizeof(fstypes) / sizeof(fstypes[0]))
			v32 = fstypes[i].magic;
		else if ((err = parse_u32_value(val, &v32)) < 0)
			return err;
		break;
	case FK_MSGTYPE:
		err = contid_msgtype_number(val);
		if (err < 0)
			return err;
		v32 = (uint32_t)err;
		break;
	case FK_NUM:
	case FK_HEX:
	case FK_UNSIGNED:
		if ((err = parse_u32_value(val, &v32)) < 0)
			return err;
		break;
	}
	return contid_rule_add_field(r, fi->nr, op, v32);
}

static int parse_list_action(const char *s, unsigned int *list,
			     unsigned int *action)
{
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

/* -C: the kernel's comparison numbers, both orders of a pair accepted. */
static const struct {
	uint32_t a, b, cmp;
} compares[] = {
	{ AUDIT_UID, AUDIT_OBJ_UID, AUDIT_COMPARE_UID_TO_OBJ_UID },
	{ AUDIT_GID, AUDIT_OBJ_GID, AUDIT_COMPARE_GID_TO_OBJ_GID },
	{ AUDIT_EUID, AUDIT_OBJ_UID, AUDIT_COMPARE_EUID_TO_OBJ_UID },
	{ AUDIT_EGID, AUDIT_OBJ_GID, AUDIT_COMPARE_EGID_TO_OBJ_GID },
	{ AUDIT_LOGINUID, AUDIT_OBJ_UID, AUDIT_COMPARE_AUID_TO_OBJ_UID },
	{ AUDIT_SUID, AUDIT_OBJ_UID, AUDIT_COMPARE_SUID_TO_OBJ_UID },
	{ AUDIT_SGID, AUDIT_OBJ_GID, AUDIT_COMPARE_SGID_TO_OBJ_GID },
	{ AUDIT_FSUID, AUDIT_OBJ_UID, AUDIT_COMPARE_FSUID_TO_OBJ_UID },
	{ AUDIT_FSGID, AUDIT_OBJ_GID, AUDIT_COMPARE_FSGID_TO_OBJ_GID },
	{ AUDIT_UID, AUDIT_LOGINUID, AUDIT_COMPARE_UID_TO_AUID },
	{ AUDIT_UID, AUDIT_EUID, AUDIT_COMPARE_UID_TO_EUID },
	{ AUDIT_UID, AUDIT_FSUID, AUDIT_COMPARE_UID_TO_FSUID },
	{ AUDIT_UID, AUDIT_SUID, AUDIT_COMPARE_UID_TO_SUID },
	{ AUDIT_LOGINUID, AUDIT_FSUID, AUDIT_COMPARE_AUID_TO_FSUID },
	{ AUDIT_LOGINUID, AUDIT_SUID, AUDIT_COMPARE_AUID_TO_SUID },
	{ AUDIT_LOGINUID, AUDIT_EUID, AUDIT_COMPARE_AUID_TO_EUID },
	{ AUDIT_EUID, AUDIT_SUID, AUDIT_COMPARE_EUID_TO_SUID },
	{ AUDIT_EUID, AUDIT_FSUID, AUDIT_COMPARE_EUID_TO_FSUID },
	{ AUDIT_SUID, AUDIT_FSUID, AUDIT_COMPARE_SUID_TO_FSUID },
	{ AUDIT_GID, AUDIT_EGID, AUDIT_COMPARE_GID_TO_EGID },
	{ AUDIT_GID, AUDIT_FSGID, AUDIT_COMPARE_GID_TO_FSGID },
	{ AUDIT_GID, AUDIT_SGID, AUDIT_COMPARE_GID_TO_SGID },
	{ AUDIT_EGID, AUDIT_FSGID, AUDIT_COMPARE_EGID_TO_FSGID },
	{ AUDIT_EGID, AUDIT_SGID, AUDIT_COMPARE_EGID_TO_SGID },
	{ AUDIT_SGID, AUDIT_FSGID, AUDIT_COMPARE_SGID_TO_FSGID },
};

static int parse_compare(struct contid_rule *r, const char *expr)
{
	const struct contid_field_info *fa, *fb;
	const char *p = strchr(expr, '=');
	uint32_t op = CONTID_OP_EQ;
	size_t alen, i;

	if (!p || p == expr || !p[1])
		return -CONTID_E_SYNTAX;
	alen = (size_t)(p - expr);
	if (p[-1] == '!') {
		op = CONTID_OP_NE;
		alen--;
	}
	fa = contid_field_by_name(expr, alen);
	fb = contid_field_by_name(p + 1, strlen(p + 1));
	if (!fa || !fb)
		return -CONTID_E_UNKNOWN_FIELD;
	if (contid_rule_get_list(r) != CONTID_LIST_EXIT)
		return -CONTID_E_BADLIST;
	for (i = 0; i < sizeof(compares) / sizeof(compares[0]); i++)
		if ((compares[i].a == fa->nr && compares[i].b == fb->nr) ||
		    (compares[i].b == fa->nr && compares[i].a == fb->nr))
			return contid_rule_add_field(r, AUDIT_FIELD_COMPARE, op,
						     compares[i].cmp);
	return -CONTID_E_BADVALUE;
}

/* One rule being read from auditctl options (what auditctl keeps). */
struct pstate {
	struct contid_rule *r;
	uint32_t arch;		/* what -S names mean; 0 until arch= or -S */
	bool arch_given;	/* an arch= field came before the first -S */
	bool syscalls;		/* -S or -w seen (_audit_syscalladded) */
	bool del;
	char key[AUDIT_MAX_KEY_LEN + 1];	/* -k and -F key=, joined */
	size_t keylen;
	bool have_key;
	struct contid_rule_diag *diag;
};

static int collect_key(struct pstate *st, const char *key)
{
	size_t klen = strlen(key);

	if (!klen || strchr(key, KEY_SEP) || key[strcspn(key, TEXT_SPACE)])
		return -CONTID_E_BADVALUE;
	if (st->keylen + st->have_key + klen > AUDIT_MAX_KEY_LEN)
		return -CONTID_E_KEYLEN;
	if (st->have_key)
		st->key[st->keylen++] = KEY_SEP;
	memcpy(st->key + st->keylen, key, klen + 1);
	st->keylen += klen;
	st->have_key = true;
	return 0;
}

/* A -S word: a name in @arch, or a decimal number. */
static int syscall_nr(uint32_t arch, const char *name)
{
	uint64_t v;
	int nr = contid_syscall_number_arch(arch, name);

	if (nr >= 0)
		return nr;
	if (name[0] < '0' || name[0] > '9' ||
	    parse_u64(name, false, AUDIT_BITMASK_SIZE * 32 - 1, 0, &v) < 0)
		return -CONTID_E_UNKNOWN_SYSCALL;
	return (int)v;
}

static int parse_syscalls(struct pstate *st, char *arg)
{
	uint32_t before[AUDIT_BITMASK_SIZE];
	bool first = !st->syscalls, unknown_arch = !st->arch;
	unsigned int names = 0;
	char *s2 = NULL, *name;
	int list = contid_rule_get_list(st->r), err = 0;

	if (list == CONTID_LIST_USER || list == CONTID_LIST_TASK ||
	    list == CONTID_LIST_EXCLUDE || list == CONTID_LIST_FS)
		return -CONTID_E_BADLIST;
	if (unknown_arch)
		st->arch = contid_native_arch();	/* as auditctl */
	if (st->diag)
		st->diag->arch = st->arch;
	memcpy(before, st->r->mask, sizeof(before));
	{
		/* -S names are resolved now, in the arch known now */
		char *copy = strdup(arg);
		uint32_t b32[AUDIT_BITMASK_SIZE] = { 0 };
		bool differ = false;

		if (!copy)
			return -ENOMEM;
		for (name = strtok_r(copy, ",", &s2); name && !err;
		     name = strtok_r(NULL, ",", &s2), names++) {
			int nr;

			if (!strcmp(name, "all")) {
				contid_rule_add_syscall(st->r, CONTID_SYSCALL_ALL);
				memset(b32, 0xff, sizeof(b32));
				continue;
			}
			nr = syscall_nr(st->arch, name);
			if (nr < 0) {
				err = nr;
				break;
			}
			contid_rule_add_syscall(st->r, nr);
			if (unknown_arch && first && !st->del) {
				int n32 = syscall_nr(CONTID_ARCH_B32, name);

				if (n32 >= 0)
					b32[AUDIT_WORD(n32)] |= AUDIT_BIT(n32);
				else
					differ = true;
			}
		}
		free(copy);
		/* "-S ," names no syscall: not "all", and not none. */
		if (!err && !names)
			err = -CONTID_E_SYNTAX;
		/*
		 * auditctl 3.0.9 (check_rule_mismatch): the first -S with no
		 * arch= before it, on x86_64, warns when the same names in
		 * i386 numbers give another mask.
		 */
		if (!err && unknown_arch && first && !st->del &&
		    st->arch == CONTID_ARCH_B64 &&
		    (differ || memcmp(b32, st->r->mask, sizeof(b32))) && st->diag)
			st->diag->warnings |= CONTID_RULE_WARN_ARCH;
	}
	if (err < 0)
		memcpy(st->r->mask, before, sizeof(before));
	st->syscalls = true;
	return err;
}

static int parse_field(struct pstate *st, const char *expr)
{
	const struct contid_field_info *fi;
	size_t nlen = strcspn(expr, "!<>=&");
	uint32_t nr;
	int err;

	/* the field as contid_rule_parse_field() reads it, which also
	 * returns the error for a name it refuses */
	if (field_lookup(expr, nlen, &fi, &nr) < 0)
		fi = NULL;
	if (fi && fi->nr == AUDIT_FILTERKEY && expr[nlen] == '=')
		return collect_key(st, expr + nlen + 1);
	if (fi && fi->nr == AUDIT_ARCH && st->syscalls)
		return -CONTID_E_ARCHORDER;
	err = contid_rule_parse_field(st->r, expr);
	if (err < 0 || !fi || fi->nr != AUDIT_ARCH)
		return err;
	st->arch = st->r->f[st->r->nfields - 1].value;
	st->arch_given = true;
	return 0;
}

static int set_perm(struct contid_rule *r, const char *arg)
{
	uint32_t v;
	unsigned int i;

	if (!*arg || strlen(arg) > 4 || perm_parse(arg, true, &v) < 0)
		return -CONTID_E_BADVALUE;
	/* as libaudit's audit_update_watch_perms(): replace, or append */
	if (!r->nfields)
		return -CONTID_E_SYNTAX;
	for (i = 0; i < r->nfields; i++)
		if (r->f[i].field == AUDIT_PERM) {
			r->f[i].value = v;
			return 0;
		}
	return contid_rule_add_field(r, AUDIT_PERM, CONTID_OP_EQ, v);
}

static int add_watch(struct pstate *st, const char *arg)
{
	char path[PATH_MAX + 1];
	struct stat sb;
	size_t len = strlen(arg);
	uint32_t type = AUDIT_WATCH;
	int err;

	if (arg[0] != '/' || len >= PATH_MAX)
		return -CONTID_E_BADVALUE;
	memcpy(path, arg, len + 1);
	/* auditctl: trailing '/' trimmed; a directory that exists is "dir" */
	if (len > 2)
		while (len > 1 && path[len - 1] == '/')
			path[--len] = '\0';
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		type = AUDIT_DIR;
	err = add_str(st->r, type, CONTID_OP_EQ, path);
	if (err < 0)
		return err;
	contid_rule_add_syscall(st->r, CONTID_SYSCALL_ALL);
	st->syscalls = true;
	return contid_rule_add_field(st->r, AUDIT_PERM, CONTID_OP_EQ,
				     AUDIT_PERM_READ | AUDIT_PERM_WRITE |
				     AUDIT_PERM_EXEC | AUDIT_PERM_ATTR);
}

static int parse_option(struct pstate *st, char opt, char *arg)
{
	unsigned int list = 0, action = 0;
	int err;

	switch (opt) {
	case 'a': case 'A': case 'd':
		if (st->r)
			return -CONTID_E_SYNTAX;	/* two -a, or -w and -a */
		err = parse_list_action(arg, &list, &action);
		if (err < 0)
			return err;
		err = contid_rule_new(&st->r, list, action);
		if (err < 0)
			return err;
		if (opt == 'A')
			st->r->flags |= AUDIT_FILTER_PREPEND;
		st->del = opt == 'd';
		return 0;
	case 'w': case 'W':
		if (st->r)
			return -CONTID_E_SYNTAX;
		err = contid_rule_new(&st->r, CONTID_LIST_EXIT,
				      CONTID_ACTION_ALWAYS);
		if (err < 0)
			return err;
		st->del = opt == 'W';
		return add_watch(st, arg);
	}
	if (!st->r)
		return -CONTID_E_SYNTAX;	/* -a or -w must come first */
	switch (opt) {
	case 'S':
		return parse_syscalls(st, arg);
	case 'F':
		return parse_field(st, arg);
	case 'C':
		return parse_compare(st->r, arg);
	case 'k':
		return collect_key(st, arg);
	case 'p':
		return set_perm(st->r, arg);
	default:
		return -CONTID_E_SYNTAX;
	}
}

CONTID_EXPORT int contid_rule_parse_args(struct contid_rule **rp, int argc,
					 char *const argv[],
					 struct contid_rule_diag *diag)
{
	struct pstate st = { .diag = diag };
	int i, err = 0;

	if (diag) {
		diag->arg = -1;
		diag->warnings = 0;
		diag->arch = 0;
		diag->del = 0;
	}
	if (!rp || argc < 0 || (argc && !argv))
		return -EINVAL;
	for (i = 0; i < argc; i++) {
		const char *tok = argv[i];
		char *arg;
		int at = i;

		if (!tok || tok[0] != '-' || !tok[1] || tok[1] == '-') {
			err = -CONTID_E_SYNTAX;
			if (diag)
				diag->arg = at;
			break;
		}
		/* "-F x=1" or, as getopt takes it, "-Fx=1" */
		if (tok[2]) {
			arg = strdup(tok + 2);
		} else {
			if (i + 1 >= argc || !argv[i + 1]) {
				err = -CONTID_E_SYNTAX;
				if (diag)
					diag->arg = at;
				break;
			}
			arg = strdup(argv[++i]);
		}
		if (!arg) {
			err = -ENOMEM;
			break;
		}
		err = parse_option(&st, tok[1], arg);
		free(arg);
		if (err < 0) {
			if (diag)
				diag->arg = at;
			break;
		}
	}
	if (!err && !st.r) {
		err = -CONTID_E_SYNTAX;
		if (diag)
			diag->arg = argc ? 0 : -1;
	}
	/* auditctl: the keys are one field, after every other */
	if (!err && st.have_key) {
		err = contid_rule_add_field_str(st.r, AUDIT_FILTERKEY,
						CONTID_OP_EQ, st.key);
		if (err < 0 && diag)
			diag->arg = argc - 1;
	}
	if (err < 0) {
		contid_rule_free(st.r);
		return err;
	}
	/* auditctl: a rule without -S applies to every syscall (but on the
	 * task list, which has no syscall) */
	if (!st.syscalls && contid_rule_get_list(st.r) != CONTID_LIST_TASK)
		contid_rule_add_syscall(st.r, CONTID_SYSCALL_ALL);
	if (diag)
		diag->del = st.del;
	*rp = st.r;
	return 0;
}

CONTID_EXPORT int contid_rule_parse(struct contid_rule **rp, const char *text)
{
	char *copy, *save = NULL, *tok, **argv = NULL;
	int argc = 0, err;
	size_t cap = 0;

	if (!rp || !text)
		return -EINVAL;
	copy = strdup(text);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, TEXT_SPACE, &save); tok;
	     tok = strtok_r(NULL, TEXT_SPACE, &save)) {
		if ((size_t)argc == cap) {
			char **n = realloc(argv, (cap ? cap * 2 : 16) * sizeof(*argv));

			if (!n) {
				free(argv);
				free(copy);
				return -ENOMEM;
			}
			argv = n;
			cap = cap ? cap * 2 : 16;
		}
		argv[argc++] = tok;
	}
	err = contid_rule_parse_args(rp, argc, argv, NULL);
	free(argv);
	free(copy);
	return err;
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

static const char *const compare_names[][2] = {
	[AUDIT_COMPARE_UID_TO_OBJ_UID] = { "uid", "obj_uid" },
	[AUDIT_COMPARE_GID_TO_OBJ_GID] = { "gid", "obj_gid" },
	[AUDIT_COMPARE_EUID_TO_OBJ_UID] = { "euid", "obj_uid" },
	[AUDIT_COMPARE_EGID_TO_OBJ_GID] = { "egid", "obj_gid" },
	[AUDIT_COMPARE_AUID_TO_OBJ_UID] = { "auid", "obj_uid" },
	[AUDIT_COMPARE_SUID_TO_OBJ_UID] = { "suid", "obj_uid" },
	[AUDIT_COMPARE_SGID_TO_OBJ_GID] = { "sgid", "obj_gid" },
	[AUDIT_COMPARE_FSUID_TO_OBJ_UID] = { "fsuid", "obj_uid" },
	[AUDIT_COMPARE_FSGID_TO_OBJ_GID] = { "fsgid", "obj_gid" },
	[AUDIT_COMPARE_UID_TO_AUID] = { "uid", "auid" },
	[AUDIT_COMPARE_UID_TO_EUID] = { "uid", "euid" },
	[AUDIT_COMPARE_UID_TO_FSUID] = { "uid", "fsuid" },
	[AUDIT_COMPARE_UID_TO_SUID] = { "uid", "suid" },
	[AUDIT_COMPARE_AUID_TO_FSUID] = { "auid", "fsuid" },
	[AUDIT_COMPARE_AUID_TO_SUID] = { "auid", "suid" },
	[AUDIT_COMPARE_AUID_TO_EUID] = { "auid", "euid" },
	[AUDIT_COMPARE_EUID_TO_SUID] = { "euid", "suid" },
	[AUDIT_COMPARE_EUID_TO_FSUID] = { "euid", "fsuid" },
	[AUDIT_COMPARE_SUID_TO_FSUID] = { "suid", "fsuid" },
	[AUDIT_COMPARE_GID_TO_EGID] = { "gid", "egid" },
	[AUDIT_COMPARE_GID_TO_FSGID] = { "gid", "fsgid" },
	[AUDIT_COMPARE_GID_TO_SGID] = { "gid", "sgid" },
	[AUDIT_COMPARE_EGID_TO_FSGID] = { "egid", "fsgid" },
	[AUDIT_COMPARE_EGID_TO_SGID] = { "egid", "sgid" },
	[AUDIT_COMPARE_SGID_TO_FSGID] = { "sgid", "fsgid" },
};

static void format_perm(struct sbuf *sb, uint32_t v)
{
	size_t i;

	for (i = 0; i < sizeof(perms) / sizeof(perms[0]); i++)
		if (v & perms[i].bit)
			sb_printf(sb, "%c", perms[i].letter);
}

/* the key field's \001-separated keys, each as "@pre KEY" */
static void format_keys(struct sbuf *sb, const struct rule_field *f,
			const char *pre)
{
	const char *k = (const char *)f->data;

	for (;;) {
		const char *sep = memchr(k, KEY_SEP,
			f->value - (size_t)(k - (const char *)f->data));

		if (!sep) {
			sb_printf(sb, "%s%s", pre, k);
			break;
		}
		sb_printf(sb, "%s%.*s", pre, (int)(sep - k), k);
		k = sep + 1;
	}
}

/* One field as auditctl -l (3.0.9, auditctl-listing.c) prints it. */
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
	if (fi && fi->nr == AUDIT_FILTERKEY) {
		/* one -F key= per \001-separated key, as auditctl -l prints */
		char pre[40];

		snprintf(pre, sizeof(pre), " -F key%s", op);
		format_keys(sb, f, pre);
		return;
	}
	if (fi && fi->nr == AUDIT_FIELD_COMPARE && f->value &&
	    f->value < sizeof(compare_names) / sizeof(compare_names[0]) &&
	    (f->op == CONTID_OP_EQ || f->op == CONTID_OP_NE)) {
		sb_printf(sb, " -C %s%s%s", compare_names[f->value][0], op,
			  compare_names[f->value][1]);
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
	case FK_ARCH:
		if (f->value == CONTID_ARCH_B64)
			sb_printf(sb, "b64");
		else if (f->value == CONTID_ARCH_B32)
			sb_printf(sb, "b32");
		else
			sb_printf(sb, "0x%" PRIX32, f->value);
		break;
	case FK_PERM:
		if (!f->value || (f->value & ~15u)) {
			sb_printf(sb, "%#" PRIx32, f->value);	/* not letters */
			break;
		}
		format_perm(sb, f->value);
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
			sb_printf(sb, "%" PRId32, (int32_t)f->value);
		break;
	}
	case FK_HEX:
		sb_printf(sb, "0x%" PRIX32, f->value);
		break;
	case FK_FSTYPE:
		for (i = 0; i < sizeof(fstypes) / sizeof(fstypes[0]); i++)
			if (f->value == fstypes[i].magic)
				break;
		if (i < sizeof(fstypes) / sizeof(fstypes[0]))
			sb_printf(sb, "%s", fstypes[i].name);
		else
			sb_printf(sb, "%" PRId32, (int32_t)f->value);
		break;
	case FK_UNSIGNED:
		sb_printf(sb, "%" PRIu32, f->value);
		break;
	case FK_UID:
	case FK_GID:
	case FK_SUCCESS:
	case FK_NUM:
		sb_printf(sb, "%" PRId32, (int32_t)f->value);
		break;
	}
}

static bool all_syscalls(const struct contid_rule *r)
{
	int i;

	for (i = 0; i < AUDIT_BITMASK_SIZE - 1; i++)
		if (r->mask[i] != ~0u)
			return false;
	return true;
}

static void format_syscalls(struct sbuf *sb, const struct contid_rule *r,
			    uint32_t arch)
{
	uint32_t list = r->flags & ~(uint32_t)AUDIT_FILTER_PREPEND;
	bool first = true;
	int nr;

	/* auditctl -l: these lists take no syscall */
	if (list == CONTID_LIST_USER || list == CONTID_LIST_TASK ||
	    list == CONTID_LIST_EXCLUDE || list == CONTID_LIST_FS)
		return;
	if (all_syscalls(r)) {
		sb_printf(sb, " -S all");
		return;
	}
	for (nr = 0; nr < AUDIT_BITMASK_SIZE * 32; nr++) {
		const char *name = NULL;

		if (!(r->mask[AUDIT_WORD(nr)] & AUDIT_BIT(nr)))
			continue;
		if (list != CONTID_LIST_IO_URING)
			name = contid_syscall_name_arch(arch, nr);
		sb_printf(sb, first ? " -S " : ",");
		if (name)
			sb_printf(sb, "%s", name);
		else
			sb_printf(sb, "%d", nr);
		first = false;
	}
}

/*
 * A file watch, printed "-w PATH -p PERM -k KEY" as auditctl -l does: an
 * always,exit rule on every syscall whose first field is the path or dir
 * and whose others are one perm and keys.  (auditctl also takes never
 * and -A rules for watches; printed as -w they would read back as other
 * rules, so here they print as -a rules.)
 */
static bool is_watch(const struct contid_rule *r)
{
	const char *p;
	bool perm = false;
	unsigned int i;

	if (r->flags != CONTID_LIST_EXIT || r->action != CONTID_ACTION_ALWAYS ||
	    !all_syscalls(r) || r->nfields < 2 ||
	    (r->f[0].field != AUDIT_WATCH && r->f[0].field != AUDIT_DIR) ||
	    r->f[0].op != CONTID_OP_EQ)
		return false;
	/*
	 * -w takes an absolute path (a trailing '/' printed as auditctl
	 * prints it; -w trims it when read back)
	 */
	p = (const char *)r->f[0].data;
	if (p[0] != '/' || r->f[0].value >= PATH_MAX)
		return false;
	for (i = 1; i < r->nfields; i++) {
		const struct rule_field *f = &r->f[i];

		if (f->op != CONTID_OP_EQ)
			return false;
		if (f->field == AUDIT_PERM && !perm && f->value &&
		    !(f->value & ~15u))
			perm = true;
		else if (f->field != AUDIT_FILTERKEY)
			return false;
	}
	return perm;
}

CONTID_EXPORT int contid_rule_format(const struct contid_rule *r, char *buf,
				     size_t len)
{
	struct sbuf sb = { .buf = buf, .len = len };
	uint32_t list, arch = 0;
	const char *lname;
	unsigned int i;

	if (!r || (!buf && len))
		return -EINVAL;
	if (len)
		buf[0] = '\0';
	list = r->flags & ~(uint32_t)AUDIT_FILTER_PREPEND;
	lname = contid_rule_list_name((int)list);
	if (!lname)
		return -CONTID_E_BADVALUE;
	if (is_watch(r)) {
		sb_printf(&sb, "-w %s", (const char *)r->f[0].data);
		for (i = 1; i < r->nfields; i++) {
			if (r->f[i].field == AUDIT_PERM) {
				sb_printf(&sb, " -p ");
				format_perm(&sb, r->f[i].value);
			} else {
				format_keys(&sb, &r->f[i], " -k ");
			}
		}
		goto out;
	}
	sb_printf(&sb, "-%c %s,%s", (r->flags & AUDIT_FILTER_PREPEND) ? 'A' : 'a',
		  r->action == CONTID_ACTION_NEVER ? "never" :
		  r->action == CONTID_ACTION_ALWAYS ? "always" : "possible",
		  lname);
	/* auditctl -l: every arch field first, then -S in the last one's arch */
	for (i = 0; i < r->nfields; i++)
		if (r->f[i].field == AUDIT_ARCH) {
			format_field(&sb, &r->f[i]);
			arch = r->f[i].value;
		}
	format_syscalls(&sb, r, arch ? arch : contid_native_arch());
	for (i = 0; i < r->nfields; i++)
		if (r->f[i].field != AUDIT_ARCH)
			format_field(&sb, &r->f[i]);
out:
	if (sb.pos > INT32_MAX)
		return -EOVERFLOW;
	return (int)sb.pos;
}
