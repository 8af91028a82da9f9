/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse -i: the interpreted value of a field, as ausearch -i
 * (libauparse 3.0.9's auparse_interpret_field(), auparse/interpret.c)
 * prints it.
 */
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ausearch.h"

/* ---------------------------------------------------------------- ids */

/*
 * The names of user and group IDs, looked up once a process: a log names
 * the same few IDs over and over, and each getpwuid()/getgrgid() opens and
 * reads /etc/passwd or /etc/group (ten opens an event before this cache).
 * A slot per (id % ID_SLOTS), the newest ID in it, as auparse's LRU of 19
 * slots a kind; a miss (no such user) is kept as well, name NULL.
 */
#define ID_SLOTS 64

struct id_slot {
	bool used;
	unsigned int id;
	char *name;		/* NULL: no entry for id */
};

enum id_kind { ID_USER, ID_GROUP };

static struct id_slot id_cache[2][ID_SLOTS];

/* The name of user or group @id, or NULL if it has none. */
static const char *id_name(enum id_kind kind, unsigned int id)
{
	struct id_slot *s = &id_cache[kind][id % ID_SLOTS];
	const char *n = NULL;

	if (s->used && s->id == id)
		return s->name;
	if (kind == ID_USER) {
		const struct passwd *pw = getpwuid((uid_t)id);

		n = pw ? pw->pw_name : NULL;
	} else {
		const struct group *gr = getgrgid((gid_t)id);

		n = gr ? gr->gr_name : NULL;
	}
	free(s->name);
	s->name = n ? strdup(n) : NULL;
	/* out of memory: not kept (the next time looks it up again) */
	s->used = !n || s->name;
	s->id = id;
	/* n lasts until the next lookup: the caller copies it at once */
	return s->name ? s->name : n;
}

/* ---------------------------------------------------------------- fields */

static const char *const uid_fields[] = {
	"auid", "uid", "euid", "suid", "fsuid", "ouid", "obj_uid", "iuid",
	"sauid", "inode_uid", "old-auid", "oauid", "new-uid", NULL,
};
static const char *const gid_fields[] = {
	"gid", "egid", "sgid", "fsgid", "ogid", "obj_gid", "igid",
	"inode_gid", "new_gid", "new-gid", NULL,
};

static bool in(const char *const *list, const char *name)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return true;
	return false;
}

/*
 * The interpreted value of field @name (ausearch -i): user and group
 * names ("unset" for -1, "unknown(N)" for no entry), an unset session,
 * arch and syscall
 * names (x86_64 and i386; other architectures keep the number), errno names for
 * a negative exit, hex-encoded strings decoded (the library's decoded
 * value, NULs as spaces).  @arch is the record's arch= value or NULL.
 */
void search_interpret(const char *name, const char *value, size_t len,
		      const char *arch, char *buf, size_t size)
{
	char *end;
	unsigned long long n;
	size_t i;

	errno = 0;
	n = strtoull(value, &end, 10);
	if ((in(uid_fields, name) || in(gid_fields, name)) && *value &&
	    *end == '\0' && errno == 0) {
		if (n == 4294967295ULL || strcmp(value, "-1") == 0) {
			snprintf(buf, size, "unset");
		} else if (n == 0) {
			/* as auparse: root, whatever the machine's files say */
			snprintf(buf, size, "root");
		} else {
			const char *nm = id_name(in(uid_fields, name) ? ID_USER : ID_GROUP,
						 (unsigned int)n);

			if (nm)
				snprintf(buf, size, "%s", nm);
			else
				snprintf(buf, size, "unknown(%llu)", n);
		}
		return;
	}
	if ((strcmp(name, "ses") == 0 || strcmp(name, "old-ses") == 0) &&
	    (strcmp(value, "4294967295") == 0 || strcmp(value, "-1") == 0)) {
		snprintf(buf, size, "unset");
		return;
	}
	if (strcmp(name, "arch") == 0) {
		if (strcmp(value, "c000003e") == 0) {
			snprintf(buf, size, "x86_64");
			return;
		}
		if (strcmp(value, "40000003") == 0) {
			snprintf(buf, size, "i386");
			return;
		}
	}
	/* the syscall's name in the record's arch (x86_64 and i386) */
	if (strcmp(name, "syscall") == 0 && *value && *end == '\0' && arch) {
		char *aend;
		unsigned long a;
		const char *s;

		errno = 0;
		a = strtoul(arch, &aend, 16);
		s = *arch && *aend == '\0' && errno == 0 && a <= UINT32_MAX ?
			contid_syscall_name_arch((uint32_t)a, (int)n) : NULL;
		if (s) {
			snprintf(buf, size, "%s", s);
			return;
		}
	}
	if (strcmp(name, "exit") == 0 && value[0] == '-') {
		long long e = strtoll(value, &end, 10);
		const char *en = *end == '\0' && e >= -4095 ? strerrorname_np((int)-e) : NULL;

		if (en) {
			snprintf(buf, size, "%s", en);
			return;
		}
	}
	/* the decoded value; NULs (proctitle's argument ends) as spaces */
	if (size == 0)
		return;
	for (i = 0; i < len && i + 1 < size; i++)
		buf[i] = value[i] ? value[i] : ' ';
	buf[i] = '\0';
}
