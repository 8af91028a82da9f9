// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Golden test of the published rule sets (tests/data/rules/, README.md
 * there): every rule line parses with contid_rule_parse_args(), packs to
 * the exact struct audit_rule_data bytes auditctl 3.0.9 sends for it, and
 * prints as auditctl -l prints it.
 *
 * "What auditctl sends" is built here with libaudit the way auditctl's
 * setopt() and handle_request() build it (src/auditctl.c of 3.0.9):
 * audit_rule_setup-style list,action, audit_add_watch_dir() for -w,
 * audit_update_watch_perms() for -p, audit_rule_syscallbyname_data() for
 * -S with _audit_elf set as auditctl sets it, audit_rule_fieldpair_data()
 * for -F, audit_rule_interfield_comp_data() for -C, the keys joined with
 * \001 and added last, and "all" syscalls when no -S.  "What auditctl -l
 * prints" is auditctl-listing.c's print_rule() (without -i) over those
 * bytes, with libaudit's name tables.
 *
 * Rules for which libaudit asks the kernel for its feature bitmap (the
 * exclude and filesystem lists, exe and sessionid fields: it opens an
 * audit socket) are not built with libaudit on the host; for them the
 * test checks the parse and that the printed text reads back as itself.
 * Every such rule (kernel_only[]), every rule refused for a user this
 * machine lacks (refused[]) and every known difference (diffs[]) is listed
 * below with its reason; a rule in a list that does not behave so fails
 * (stale), and so does one that does but is not listed.  The counts
 * tests/data/rules/README.md states are asserted exactly: 35 files, 221
 * rules, 213 the same bytes as libaudit's, 206 of them the same text, 7
 * listed differences, 6 kernel-only, 2 refused (without the user chrony;
 * with it those 2 are built and compared: 215 and 208).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libaudit.h>
#include <libcontid/contid.h>

#include "la-build.h"

struct sb {
	char buf[8192];
	size_t pos;
};

__attribute__((format(printf, 2, 3)))
static void out(struct sb *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->pos, sizeof(sb->buf) - sb->pos, fmt, ap);
	va_end(ap);
	if (n > 0)
		sb->pos += (size_t)n;
	if (sb->pos >= sizeof(sb->buf))
		sb->pos = sizeof(sb->buf) - 1;
}

/* ---- auditctl-listing.c's print_rule() without -i (interpret == 0) */

static const char *const cmp[][2] = {
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

static bool la_is_watch(const struct audit_rule_data *r)
{
	unsigned int i, perm = 0, all = 1;

	for (i = 0; i < r->field_count; i++) {
		int f = r->fields[i] & ~AUDIT_OPERATORS;

		if (f == AUDIT_PERM)
			perm = 1;
		if (f != AUDIT_PERM && f != AUDIT_FILTERKEY && f != AUDIT_DIR &&
		    f != AUDIT_WATCH)
			return false;
	}
	for (i = 0; i < AUDIT_BITMASK_SIZE - 1; i++)
		if (r->mask[i] != ~0u)
			all = 0;
	return perm && all;
}

static void la_print(const struct audit_rule_data *r, struct sb *sb)
{
	unsigned int i, boff = 0, list = r->flags & AUDIT_FILTER_MASK;
	bool watch = la_is_watch(r);
	int machine = audit_detect_machine();

	if (!watch) {
		unsigned int all = 1, count = 0;

		out(sb, "-a %s,%s", audit_action_to_name((int)r->action),
		    audit_flag_to_name((int)r->flags));
		for (i = 0; i < r->field_count; i++)
			if ((r->fields[i] & ~AUDIT_OPERATORS) == AUDIT_ARCH) {
				int op = r->fieldflags[i] & AUDIT_OPERATORS;

				machine = audit_elf_to_machine(r->values[i]);
				if (machine < 0)
					out(sb, " -F arch%s0x%X", audit_operator_to_symbol(op), r->values[i]);
				else
					out(sb, " -F arch%s%s", audit_operator_to_symbol(op),
					    (__AUDIT_ARCH_64BIT & r->values[i]) ? "b64" : "b32");
			}
		if (list != AUDIT_FILTER_USER && list != AUDIT_FILTER_TASK &&
		    list != AUDIT_FILTER_EXCLUDE && list != AUDIT_FILTER_FS) {
			for (i = 0; i < AUDIT_BITMASK_SIZE - 1; i++)
				if (r->mask[i] != ~0u)
					all = 0;
			if (all)
				out(sb, " -S all");
			else
				for (i = 0; i < AUDIT_BITMASK_SIZE * 32; i++) {
					const char *p;

					if (!(r->mask[AUDIT_WORD(i)] & AUDIT_BIT(i)))
						continue;
					p = machine < 0 ? NULL : audit_syscall_to_name((int)i, machine);
					out(sb, "%s", count ? "," : " -S ");
					if (p)
						out(sb, "%s", p);
					else
						out(sb, "%u", i);
					count++;
				}
		}
	}
	for (i = 0; i < r->field_count; i++) {
		int op = r->fieldflags[i] & AUDIT_OPERATORS;
		int f = r->fields[i] & ~AUDIT_OPERATORS;
		const char *name = audit_field_to_name(f), *o = audit_operator_to_symbol(op);
		const char *s = r->buf + boff;
		int v = (int)r->values[i];

		if (f == AUDIT_ARCH)
			continue;
		if (!name) {
			out(sb, " f%d%s%d", r->fields[i], o, v);
			continue;
		}
		if (f == AUDIT_MSGTYPE) {
			if (audit_msg_type_to_name(v))
				out(sb, " -F %s%s%s", name, o, audit_msg_type_to_name(v));
			else
				out(sb, " -F %s%s%d", name, o, v);
		} else if ((f >= AUDIT_SUBJ_USER && f <= AUDIT_OBJ_LEV_HIGH) && f != AUDIT_PPID) {
			out(sb, " -F %s%s%.*s", name, o, v, s);
			boff += r->values[i];
		} else if (f == AUDIT_WATCH || f == AUDIT_DIR) {
			if (watch)
				out(sb, "-w %.*s", v, s);
			else
				out(sb, " -F %s=%.*s", f == AUDIT_WATCH ? "path" : "dir", v, s);
			boff += r->values[i];
		} else if (f == AUDIT_EXE) {
			out(sb, " -F exe=%.*s", v, s);
			boff += r->values[i];
		} else if (f == AUDIT_FILTERKEY) {
			char k[AUDIT_MAX_KEY_LEN + 1], *p, *save = NULL;

			snprintf(k, sizeof(k), "%.*s", v, s);
			boff += r->values[i];
			for (p = strtok_r(k, "\001", &save); p; p = strtok_r(NULL, "\001", &save))
				out(sb, watch ? " -k %s" : " -F key=%s", p);
		} else if (f == AUDIT_PERM) {
			out(sb, watch ? " -p " : " -F perm=");
			if (v & AUDIT_PERM_READ)
				out(sb, "r");
			if (v & AUDIT_PERM_WRITE)
				out(sb, "w");
			if (v & AUDIT_PERM_EXEC)
				out(sb, "x");
			if (v & AUDIT_PERM_ATTR)
				out(sb, "a");
		} else if (f == AUDIT_INODE) {
			out(sb, " -F %s%s%u", name, o, r->values[i]);
		} else if (f == AUDIT_FIELD_COMPARE) {
			if (v > 0 && v <= AUDIT_MAX_FIELD_COMPARE)
				out(sb, " -C %s%s%s", cmp[v][0], o, cmp[v][1]);
		} else if (f >= AUDIT_ARG0 && f <= AUDIT_ARG3) {
			out(sb, " -F %s%s0x%X", name, o, r->values[i]);
		} else if (f == AUDIT_EXIT) {
			const char *e = audit_errno_to_name(abs(v));

			if (v < 0 && e)
				out(sb, " -F %s%s-%s", name, o, e);
			else
				out(sb, " -F %s%s%d", name, o, v);
		} else if (f == AUDIT_FSTYPE) {
			if (audit_fstype_to_name(v))
				out(sb, " -F %s%s%s", name, o, audit_fstype_to_name(v));
			else
				out(sb, " -F %s%s%d", name, o, v);
		} else {
			out(sb, " -F %s%s%d", name, o, v);
		}
	}
}

/* ---- the rule files */

/*
 * Rules not built with libaudit on the host: libaudit's
 * audit_rule_fieldpair_data() calls audit_get_features(), which opens an
 * audit netlink socket and asks the kernel (never done on the host).
 */
static const char *needs_kernel(int n, char **w)
{
	for (int i = 0; i + 1 < n; i += 2) {
		if ((w[i][1] == 'a' || w[i][1] == 'A') &&
		    (strstr(w[i + 1], "exclude") || strstr(w[i + 1], "filesystem")))
			return "exclude/filesystem list: libaudit asks the kernel for its features";
		if (w[i][1] == 'F' && (!strncmp(w[i + 1], "exe", 3) ||
				       !strncmp(w[i + 1], "sessionid", 9)))
			return "exe/sessionid field: libaudit asks the kernel for its features";
	}
	return NULL;
}

/*
 * Rules whose auditctl -l text libcontid does not print, with the reason.
 * The bytes must still be libaudit's, and the text must still differ.
 */
static const struct {
	const char *file;
	int line;
	const char *reason;
} diffs[] = {
#define PERM_FIRST "perm before path: auditctl -l prints ' -p x-w PATH -k KEY', which no tool reads; libcontid prints the -a rule"
	{ "audit-userspace-3.0.9/44-installers.rules", 3, PERM_FIRST },
	{ "audit-userspace-3.0.9/44-installers.rules", 4, PERM_FIRST },
	{ "audit-userspace-3.0.9/44-installers.rules", 5, PERM_FIRST },
	{ "audit-userspace-3.0.9/44-installers.rules", 6, PERM_FIRST },
	{ "audit-userspace-3.0.9/44-installers.rules", 7, PERM_FIRST },
	{ "audit-userspace-3.0.9/44-installers.rules", 8, PERM_FIRST },
	{ "audit-userspace-3.0.9/44-installers.rules", 9, PERM_FIRST },
};

static const char *diff_reason(const char *file, int line)
{
	for (size_t i = 0; i < sizeof(diffs) / sizeof(diffs[0]); i++)
		if (!strcmp(diffs[i].file, file) && diffs[i].line == line)
			return diffs[i].reason;
	return NULL;
}

struct where {
	const char *file;
	int line;
};

/* The rules needs_kernel() sends to the parse-and-read-back check only. */
static const struct where kernel_only_rules[] = {
	{ "audit-userspace-3.0.9/23-ignore-filesystems.rules", 7 },	/* -a never,filesystem */
	{ "audit-userspace-3.0.9/23-ignore-filesystems.rules", 8 },
	{ "audit-userspace-3.0.9/30-pci-dss-v31.rules", 48 },	/* -F exe= */
	{ "audit-userspace-3.0.9/30-pci-dss-v31.rules", 49 },
	{ "audit-userspace-3.0.9/30-pci-dss-v31.rules", 50 },
	{ "audit-userspace-3.0.9/30-pci-dss-v31.rules", 51 },
};

/* -F uid=chrony: refused by libcontid and libaudit where chrony is unknown */
static const struct where refused_rules[] = {
	{ "audit-userspace-3.0.9/22-ignore-chrony.rules", 2 },
	{ "audit-userspace-3.0.9/22-ignore-chrony.rules", 3 },
};

#define NWHERE(a) (sizeof(a) / sizeof((a)[0]))

static bool listed_in(const struct where *w, size_t n, const char *file, int line)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(w[i].file, file) && w[i].line == line)
			return true;
	return false;
}

static int files, checked, bytes_ok, text_ok, kernel_only, refused_both, listed, failures;

__attribute__((format(printf, 3, 4)))
static void fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stdout, "FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	failures++;
}

static void check_rule(const char *file, int line, char *text)
{
	struct contid_rule *r = NULL, *again = NULL;
	struct contid_rule_diag d;
	struct audit_rule_data *la = NULL;
	char *w[128], *save = NULL, *tok, ours[8192], back[8192], why[256];
	const char *nk;
	void *bin = NULL;
	size_t len = 0;
	int n = 0, err;

	for (tok = strtok_r(text, " \t\r\n", &save); tok && n < 128;
	     tok = strtok_r(NULL, " \t\r\n", &save))
		w[n++] = tok;
	checked++;
	err = contid_rule_parse_args(&r, n, w, &d);
	if ((err == -CONTID_E_UNKNOWN_USER || err == -CONTID_E_UNKNOWN_GROUP) &&
	    !needs_kernel(n, w) && la_build(n, w, &la, why, sizeof(why)) < 0) {
		/* a user or group this machine lacks (chrony): auditctl refuses too */
		if (!listed_in(refused_rules, NWHERE(refused_rules), file, line)) {
			fail(file, line, "refused (%s, %s) but not listed in refused_rules[]",
			     contid_strerror(err), why);
			return;
		}
		refused_both++;
		printf("refused by both %s:%d: %s, %s\n", file, line, contid_strerror(err), why);
		return;
	}
	free(la);
	la = NULL;
	if (err < 0) {
		fail(file, line, "contid_rule_parse_args: %s (word %d)", contid_strerror(err), d.arg);
		return;
	}
	contid_rule_format(r, ours, sizeof(ours));
	/*
	 * the printed text reads back as itself; but "-w /dir/" (printed
	 * as auditctl -l prints a dir=/dir/ perm rule), which -w reads as
	 * /dir as auditctl does, and that reads back as itself
	 */
	if (contid_rule_parse(&again, ours) < 0) {
		fail(file, line, "'%s' does not parse back", ours);
	} else {
		contid_rule_format(again, back, sizeof(back));
		contid_rule_free(again);
		again = NULL;
		if (strcmp(ours, back) && strncmp(ours, "-w ", 3)) {
			fail(file, line, "'%s' reads back as '%s'", ours, back);
		} else if (strcmp(ours, back)) {
			char back2[8192];

			if (contid_rule_parse(&again, back) < 0 ||
			    contid_rule_format(again, back2, sizeof(back2)) < 0 ||
			    strcmp(back, back2))
				fail(file, line, "'%s' does not read back as itself", back);
			contid_rule_free(again);
		}
	}
	nk = needs_kernel(n, w);
	if (!nk != !listed_in(kernel_only_rules, NWHERE(kernel_only_rules), file, line)) {
		fail(file, line, "%s but %s kernel_only_rules[]",
		     nk ? nk : "libaudit can build it on the host", nk ? "not in" : "listed in");
		contid_rule_free(r);
		return;
	}
	if (nk) {
		kernel_only++;
		printf("kernel-only %s:%d: %s\n", file, line, nk);
		contid_rule_free(r);
		return;
	}
	if (la_build(n, w, &la, why, sizeof(why)) < 0) {
		fail(file, line, "%s", why);
		contid_rule_free(r);
		return;
	}
	if (contid_rule_pack(r, &bin, &len) < 0) {
		fail(file, line, "pack");
	} else if (len != sizeof(*la) + la->buflen || memcmp(bin, la, len)) {
		const unsigned char *a = bin, *b = (const void *)la;
		size_t i, m = len < sizeof(*la) + la->buflen ? len : sizeof(*la) + la->buflen;

		for (i = 0; i < m && a[i] == b[i]; i++)
			;
		fail(file, line, "bytes differ from libaudit's: length %zu vs %zu, first at offset %zu",
		     len, sizeof(*la) + la->buflen, i);
	} else {
		struct sb sb = { .pos = 0 };

		const char *reason = diff_reason(file, line);

		bytes_ok++;
		la_print(la, &sb);
		if (reason && !strcmp(ours, sb.buf)) {
			fail(file, line, "listed as a difference but prints as auditctl -l: '%s'", ours);
		} else if (reason) {
			listed++;
			printf("listed %s:%d: '%s' vs auditctl -l '%s': %s\n", file, line, ours, sb.buf, reason);
		} else if (strcmp(ours, sb.buf)) {
			fail(file, line, "text '%s', auditctl -l prints '%s'", ours, sb.buf);
		} else {
			text_ok++;
		}
	}
	free(bin);
	free(la);
	contid_rule_free(r);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int main(void)
{
	const char *data = getenv("CONTID_TEST_DATA");
	static const char *const sets[] = { "audit-userspace-3.0.9" };

	if (!data) {
		printf("FAIL: CONTID_TEST_DATA is not set\n");
		return 1;
	}
	for (size_t s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
		char dir[PATH_MAX];
		struct dirent **ents;
		int ne;

		snprintf(dir, sizeof(dir), "%s/rules/%s", data, sets[s]);
		ne = scandir(dir, &ents, NULL, by_name);
		if (ne < 0) {
			printf("FAIL: %s: %s\n", dir, strerror(errno));
			return 1;
		}
		for (int e = 0; e < ne; e++) {
			char path[PATH_MAX + 300], line[8192], name[300];
			size_t l = strlen(ents[e]->d_name);
			FILE *f;
			int lineno = 0;

			if (l < 6 || strcmp(ents[e]->d_name + l - 6, ".rules")) {
				free(ents[e]);
				continue;
			}
			snprintf(name, sizeof(name), "%s/%s", sets[s], ents[e]->d_name);
			snprintf(path, sizeof(path), "%s/%s", dir, ents[e]->d_name);
			free(ents[e]);
			f = fopen(path, "r");
			if (!f) {
				printf("FAIL: %s: %s\n", path, strerror(errno));
				return 1;
			}
			files++;
			while (fgets(line, sizeof(line), f)) {
				char *p = line + strspn(line, " \t");

				lineno++;
				/* rule lines; the control lines (-D -b -f -e
				 * --backlog_wait_time ...) set no rule */
				if (!strncmp(p, "-a ", 3) || !strncmp(p, "-A ", 3) ||
				    !strncmp(p, "-w ", 3))
					check_rule(name, lineno, p);
			}
			fclose(f);
		}
		free(ents);
	}
	printf("%d files, %d rules: %d the same bytes as libaudit's (%d of them the same text as auditctl -l, "
	       "%d listed differences), %d only parsed and read back (libaudit needs the kernel), "
	       "%d refused by both (no such user here), %d failures\n",
	       files, checked, bytes_ok, text_ok, listed, kernel_only, refused_both, failures);
	/* tests/data/rules/README.md's counts, exactly */
	{
		bool chrony = getpwnam("chrony") != NULL;
		int refused_want = chrony ? 0 : (int)NWHERE(refused_rules);
		int built = (int)NWHERE(refused_rules) - refused_want;
		static const struct {
			const char *what;
			int *got;
			int want;
		} counts[] = {
			{ "files", &files, 35 },
			{ "rules", &checked, 221 },
			{ "listed differences", &listed, 7 },
			{ "kernel-only", &kernel_only, 6 },
		};

		for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
			if (*counts[i].got != counts[i].want) {
				printf("FAIL: %d %s, README.md says %d\n", *counts[i].got,
				       counts[i].what, counts[i].want);
				failures++;
			}
		if (refused_both != refused_want || bytes_ok != 213 + built ||
		    text_ok != 206 + built) {
			printf("FAIL: %d refused, %d the same bytes, %d the same text; "
			       "README.md says %d, %d, %d (user chrony %s)\n",
			       refused_both, bytes_ok, text_ok, refused_want, 213 + built,
			       206 + built, chrony ? "exists" : "does not exist");
			failures++;
		}
	}
	return failures ? 1 : 0;
}
