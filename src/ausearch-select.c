/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse: ausearch's selections by the fields of an event's
 * records (-p, -pp, -ui, -ue, -ua, -ul, -gi, -ge, -ga, --session, -sc,
 * --arch, -e, -sv, -a, -k, -c, -x, -f, -hn, -tm, -su, -o, -se, -uu, -vm,
 * -n; -w), after audit-userspace 3.0.9's
 * src/ausearch-options.c (the values) and ausearch-match.c (the tests).
 *
 * ausearch collects one value of each item per event (ausearch-parse.c,
 * record type by record type); here an event's value is the first one
 * its records carry, in their order.  A selection whose field the event
 * lacks does not match.  String selections match a substring, with -w
 * the whole value (ausearch's strmatch()); -ua and -ga match any of their
 * ids, the others all.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ausearch.h"
#include "interpret.h"

/* ---------------------------------------------------------------- values */

#define HAS(s, n) ((s)->has_num & (1u << (n)))

/* A whole decimal number (ausearch's isdigit() then strtoul()), or -1 when
 * @s is not one, -2 when it is out of range. */
static int decimal(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	*v = strtoul(s, &end, 10);
	if (*end)
		return -1;
	if (errno || *v > max)
		return -2;
	return 0;
}

/* A user (@group false) or a group as ausearch takes one: a number or a
 * name; @what names it in the message for an unknown name. */
static long long id_arg(const char *opt, const char *arg, bool group,
			const char *what)
{
	const char *noun = group ? "group" : "user";
	unsigned long v;

	switch (decimal(arg, UINT32_MAX, &v)) {
	case 0:
		return (long long)v;
	case -2:
		usage_error("parse", "Numeric %s ID conversion error (%s) for %s",
			    noun, strerror(ERANGE), arg);
	}
	if (isdigit((unsigned char)arg[0]))
		usage_error("parse", "%s must be a number or a %s name, was %s",
			    opt, noun, arg);
	if (group) {
		struct group *gr = getgrnam(arg);

		if (gr)
			return (long long)gr->gr_gid;
	} else {
		struct passwd *pw = getpwnam(arg);

		if (pw)
			return (long long)pw->pw_uid;
	}
	usage_error("parse", "%s is non-numeric and unknown (%s)", what, arg);
}

/* A number ausearch reads as "[-]DIGITS": -1 is the unset 4294967295 of
 * a 32-bit field (-ul -1, --session -1). */
static long long signed32(const char *arg, const char *what)
{
	unsigned long v;

	if (decimal(arg[0] == '-' ? arg + 1 : arg, UINT32_MAX, &v) < 0)
		usage_error("parse", "%s must be a numeric value, was %s", what, arg);
	return arg[0] == '-' ? (long long)(uint32_t)-(int64_t)v : (long long)v;
}

/* ausearch's audit_name_to_errno(): "EPERM" is 1, "-EPERM" -1. */
static int errno_number(const char *name)
{
	int sign = 1, e;

	if (*name == '-') {
		sign = -1;
		name++;
	}
	for (e = 1; e < 4096; e++) {
		const char *n = strerrorname_np(e);

		if (n && strcmp(n, name) == 0)
			return sign * e;
	}
	return 0;
}

static void set_num(struct search *s, enum search_num n, long long v)
{
	s->num[n] = v;
	s->has_num |= 1u << n;
}

static void set_str(struct search *s, enum search_str n, const char *opt,
		    const char *arg)
{
	if (!*arg)
		usage_error("parse", "%s needs a non-empty value", opt);
	s->str[n] = arg;
}

/*
 * --arch: ausearch's audit_determine_machine(): b64 or b32 (this machine's
 * 64- or 32-bit arch), a machine name, or an AUDIT_ARCH_* value in hex.
 * Given once, and before a -sc by name, whose table it chooses (and
 * which sets it to this machine's without it).
 */
static void search_set_arch(struct search *s, const char *arg)
{
	uint32_t native = contid_native_arch();

	if (s->has_arch)
		usage_error("parse", HAS(s, SN_SYSCALL) ?
			    "Arch needs to be defined before the syscall" :
			    "Arch is already defined");
	if (!strcasecmp(arg, "b64") || !strcasecmp(arg, "b32")) {
		bool b64 = !strcasecmp(arg, "b64");

		/* a 32-bit machine has no 64-bit arch */
		if (!native || (b64 && native != CONTID_ARCH_B64))
			usage_error("parse", "Unknown arch %s", arg);
		s->arch = b64 ? native : CONTID_ARCH_B32;
	} else if (!interpret_arch_elf(arg, &s->arch)) {
		usage_error("parse", "Unknown arch %s", arg);
	}
	s->has_arch = true;
}

void search_set_option(struct search *s, const char *opt, const char *arg)
{
	unsigned long v;
	long long n;

	if (!strcmp(opt, "-p") || !strcmp(opt, "-pp")) {
		bool pp = opt[2] == 'p';

		if (decimal(arg, INT_MAX, &v) < 0)
			usage_error("parse", "%s must be a numeric value, was %s",
				    pp ? "Parent process id" : "Process id", arg);
		set_num(s, pp ? SN_PPID : SN_PID, (long long)v);
	} else if (!strcmp(opt, "-ui")) {
		set_num(s, SN_UID, id_arg(opt, arg, false, "User ID"));
	} else if (!strcmp(opt, "-ue")) {
		set_num(s, SN_EUID, id_arg(opt, arg, false, "User ID"));
	} else if (!strcmp(opt, "-ua")) {
		n = id_arg(opt, arg, false, "User ID");
		set_num(s, SN_UID, n);
		set_num(s, SN_EUID, n);
		set_num(s, SN_AUID, n);
		s->uid_all = true;
	} else if (!strcmp(opt, "-ul")) {
		if (arg[0] == '-' || isdigit((unsigned char)arg[0]))
			n = signed32(arg, "Login user ID");
		else
			n = id_arg(opt, arg, false, "Login user ID");
		set_num(s, SN_AUID, n);
	} else if (!strcmp(opt, "-gi")) {
		set_num(s, SN_GID, id_arg(opt, arg, true, "Group ID"));
	} else if (!strcmp(opt, "-ge")) {
		set_num(s, SN_EGID, id_arg(opt, arg, true, "Effective group ID"));
	} else if (!strcmp(opt, "-ga")) {
		n = id_arg(opt, arg, true, "Group ID");
		set_num(s, SN_GID, n);
		set_num(s, SN_EGID, n);
		s->gid_all = true;
	} else if (!strcmp(opt, "--session")) {
		set_num(s, SN_SES, signed32(arg, "Session id"));
	} else if (!strcmp(opt, "-sc")) {
		int nr;

		if (isdigit((unsigned char)arg[0])) {
			if (decimal(arg, INT_MAX, &v) < 0)
				usage_error("parse", "Syscall %s not found", arg);
			nr = (int)v;
		} else {
			/* ausearch: the name in --arch's table, else in this
			 * machine's, which then selects as --arch does */
			if (!s->has_arch) {
				s->arch = contid_native_arch();
				s->has_arch = true;
			}
			nr = contid_syscall_number_arch(s->arch, arg);
			if (nr < 0)
				usage_error("parse", "Syscall %s not found", arg);
		}
		set_num(s, SN_SYSCALL, nr);
	} else if (!strcmp(opt, "--arch")) {
		search_set_arch(s, arg);
	} else if (!strcmp(opt, "-e")) {
		char *end;

		if (isdigit((unsigned char)arg[0]) ||
		    (arg[0] == '-' && isdigit((unsigned char)arg[1]))) {
			errno = 0;
			n = strtoll(arg, &end, 0);
			if (errno || *end)
				usage_error("parse", "Error converting %s", arg);
		} else {
			n = errno_number(arg);
			if (n == 0)
				usage_error("parse", "Unknown errno, was %s", arg);
		}
		set_num(s, SN_EXIT, n);
	} else if (!strcmp(opt, "-a")) {
		if (decimal(arg, UINT32_MAX, &v) < 0)
			usage_error("parse", "Audit event id must be a numeric value, was %s",
				    arg);
		set_num(s, SN_SERIAL, (long long)v);
	} else if (!strcmp(opt, "-sv")) {
		if (strcmp(arg, "yes") && strcmp(arg, "no"))
			usage_error("parse", "Success must be 'yes' or 'no'.");
		s->success = arg[0] == 'y' ? 1 : 2;
	} else if (!strcmp(opt, "-n")) {
		if (s->nnodes == sizeof(s->nodes) / sizeof(s->nodes[0]))
			usage_error("parse", "too many -n (at most 16)");
		s->nodes[s->nnodes++] = arg;
	} else if (!strcmp(opt, "-k")) {
		set_str(s, SS_KEY, opt, arg);
	} else if (!strcmp(opt, "-c")) {
		set_str(s, SS_COMM, opt, arg);
	} else if (!strcmp(opt, "-x")) {
		set_str(s, SS_EXE, opt, arg);
	} else if (!strcmp(opt, "-f")) {
		if (strlen(arg) >= PATH_MAX)
			usage_error("parse", "File name is too long %.64s...", arg);
		set_str(s, SS_FILE, opt, arg);
	} else if (!strcmp(opt, "-hn")) {
		set_str(s, SS_HOST, opt, arg);
	} else if (!strcmp(opt, "-tm")) {
		set_str(s, SS_TERM, opt, arg);
	} else if (!strcmp(opt, "-su")) {
		set_str(s, SS_SUBJ, opt, arg);
	} else if (!strcmp(opt, "-o")) {
		set_str(s, SS_OBJ, opt, arg);
	} else if (!strcmp(opt, "-se")) {
		set_str(s, SS_SUBJ, opt, arg);
		set_str(s, SS_OBJ, opt, arg);
		s->context_any = true;
	} else if (!strcmp(opt, "-uu")) {
		set_str(s, SS_UUID, opt, arg);
	} else if (!strcmp(opt, "-vm")) {
		set_str(s, SS_VMNAME, opt, arg);
	} else if (!strcmp(opt, "-w")) {
		s->exact = true;
	}
}

/* ---------------------------------------------------------------- matching */

/* The last value of field @name in @rec, or NULL: an old-format LOGIN's
 * "old auid=X new auid=Y" has two auid=, and ausearch takes the new. */
static const char *last_in(const struct contid_record *rec, const char *name)
{
	int f, nf = contid_record_field_count(rec);
	const char *found = NULL;

	for (f = 0; f < nf; f++) {
		const char *fname, *v;

		if (contid_record_field(rec, (unsigned int)f, &fname, &v, NULL) == 0 &&
		    !strcmp(fname, name))
			found = v;
	}
	return found;
}

/* The value of field @name in the first of the event's records that has
 * one, or NULL. */
static const char *first(const struct contid_event *ev, const char *name)
{
	int i, n = contid_event_record_count(ev);

	for (i = 0; i < n; i++) {
		const char *v = last_in(contid_event_record(ev, (unsigned int)i), name);

		if (v)
			return v;
	}
	return NULL;
}

/* The event's number in field @name as ausearch reads it. */
static bool first_num(const struct contid_event *ev, const char *name,
		      long long *v)
{
	const char *s = first(ev, name);
	char *end;

	if (!s)
		return false;
	/* ausearch reads these with strtoul(), errors unchecked but for
	 * range: "auid=?" of a DAEMON_END record is 0 */
	if (!isdigit((unsigned char)*s) && *s != '-') {
		*v = 0;
		return true;
	}
	errno = 0;
	if (!strcmp(name, "exit"))
		*v = strtoll(s, &end, 0);
	else if (s[0] == '-')
		*v = (uint32_t)strtol(s, &end, 10);	/* uid=-1 */
	else
		*v = (long long)strtoull(s, &end, 10);
	return !errno && end != s;
}

static const char *const num_field[SN_COUNT] = {
	[SN_PID] = "pid", [SN_PPID] = "ppid", [SN_UID] = "uid",
	[SN_EUID] = "euid", [SN_AUID] = "auid", [SN_GID] = "gid",
	[SN_EGID] = "egid", [SN_SES] = "ses", [SN_SYSCALL] = "syscall",
	[SN_EXIT] = "exit",
};

/*
 * An event without the field has ausearch's initial value of the item
 * (ausearch-llist.c's list_create()): ids (uid_t, gid_t) -1, the login
 * uid and session -2, the syscall 0, pids -1 (no -p value).  So -sc 0
 * selects the events without a SYSCALL, as in ausearch.  The exit has
 * none: an event without exit= never matches -e.
 */
static const long long num_unset[SN_COUNT] = {
	[SN_PID] = -1, [SN_PPID] = -1, [SN_UID] = UINT32_MAX,
	[SN_EUID] = UINT32_MAX, [SN_AUID] = UINT32_MAX - 1,
	[SN_GID] = UINT32_MAX, [SN_EGID] = UINT32_MAX,
	[SN_SES] = UINT32_MAX - 1, [SN_SYSCALL] = 0, [SN_EXIT] = -1,
};

static bool num_is(const struct search *s, const struct contid_event *ev,
		   enum search_num n)
{
	long long v;

	if (n == SN_SERIAL)
		return contid_event_serial(ev) == (uint64_t)s->num[n];
	if (!first_num(ev, num_field[n], &v)) {
		if (n == SN_EXIT)
			return false;
		v = num_unset[n];
	}
	return v == s->num[n];
}

/* -ua: any of uid, euid, auid; -ga: gid or egid.  Else every one given. */
static bool nums_match(const struct search *s, const struct contid_event *ev)
{
	unsigned int bits;
	int n;

	if (s->uid_all && !num_is(s, ev, SN_UID) && !num_is(s, ev, SN_EUID) &&
	    !num_is(s, ev, SN_AUID))
		return false;
	if (s->gid_all && !num_is(s, ev, SN_GID) && !num_is(s, ev, SN_EGID))
		return false;
	/* the selected numbers only (most runs select none) */
	for (bits = s->has_num; bits; bits &= bits - 1) {
		n = __builtin_ctz(bits);
		if (s->uid_all && (n == SN_UID || n == SN_EUID || n == SN_AUID))
			continue;
		if (s->gid_all && (n == SN_GID || n == SN_EGID))
			continue;
		/* ausearch's "not given" values select nothing: -ui 4294967295
		 * (-1), -ul or --session 4294967294 (-2) */
		if (n != SN_PID && n != SN_PPID && n != SN_SYSCALL && n != SN_EXIT &&
		    n != SN_SERIAL && s->num[n] == num_unset[n])
			continue;
		if (!num_is(s, ev, (enum search_num)n))
			return false;
	}
	return true;
}

/* -sv: success= of a SYSCALL (yes or not), else res= (failed, 0 or no:
 * failure). */
static bool success_is(const struct contid_event *ev, bool yes)
{
	int i, n = contid_event_record_count(ev);

	for (i = 0; i < n; i++) {
		const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);
		const char *v = contid_record_find(rec, "success");

		if (v)
			return !strcmp(v, "yes") == yes;
		v = contid_record_find(rec, "res");
		if (v)
			return !(!strncmp(v, "failed", 6) || !strcmp(v, "0") ||
				 !strcmp(v, "no")) == yes;
		/* ausearch's parse_login(): an old kernel's LOGIN has no res=
		 * and always succeeded */
		if (contid_record_type(rec) == 1006)
			return yes;
	}
	return false;
}

/* ausearch's strmatch(): @hay contains @needle, or with -w is it. */
static bool text_match(const struct search *s, const char *hay,
		       const char *needle)
{
	return s->exact ? !strcmp(hay, needle) : strstr(hay, needle) != NULL;
}

/* Any field @name of any record matching @needle (keys split at the
 * \001 auditctl joins them with; (null) is no key). */
static bool any_contains(const struct search *s, const struct contid_event *ev,
			 const char *name, const char *needle)
{
	int i, n = contid_event_record_count(ev);

	for (i = 0; i < n; i++) {
		const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);
		int f, nf = contid_record_field_count(rec);

		for (f = 0; f < nf; f++) {
			const char *fname, *v, *p;
			size_t len;

			if (contid_record_field(rec, (unsigned int)f, &fname, &v, &len) < 0 ||
			    strcmp(fname, name) != 0)
				continue;
			if (!strcmp(name, "key") && !strcmp(v, "(null)"))
				continue;
			for (p = v; p < v + len; p += strlen(p) + 1)
				if (text_match(s, p, needle))
					return true;
		}
	}
	return false;
}

static bool first_contains(const struct search *s, const struct contid_event *ev,
			   const char *name, const char *needle)
{
	const char *v = first(ev, name);

	return v && text_match(s, v, needle);
}

/* -f: a SOCKADDR's unix socket path (ausearch's parse_sockaddr()): saddr=
 * in hex, family 1 (AF_UNIX, little-endian), the path up to its NUL. */
static bool unix_path_contains(const struct search *s, const struct contid_event *ev,
			       const char *needle)
{
	int i, n = contid_event_record_count(ev);

	for (i = 0; i < n; i++) {
		const char *v = contid_record_find(contid_event_record(ev, (unsigned int)i),
						   "saddr");
		char path[109];
		size_t k;

		if (!v || strncmp(v, "0100", 4) != 0)
			continue;
		for (k = 0, v += 4; k < sizeof(path) - 1 && isxdigit((unsigned char)v[0]) &&
		     isxdigit((unsigned char)v[1]); k++, v += 2) {
			char hex[3] = { v[0], v[1], '\0' };

			path[k] = (char)strtoul(hex, NULL, 16);
			if (!path[k])
				break;
		}
		path[k] = '\0';
		if (text_match(s, path, needle))
			return true;
	}
	return false;
}

static bool host_contains(const struct search *s, const struct contid_event *ev,
			  const char *needle)
{
	const char *v = first(ev, "hostname");

	if (!v || !strcmp(v, "?"))
		v = first(ev, "addr");
	return v && text_match(s, v, needle);
}

/*
 * -su, -o, -se (ausearch's context_match()): the subject is subj= or an
 * AVC's scontext=, the object obj= or an AVC's tcontext=.  -se: either;
 * else -su alone decides when given (ausearch then ignores -o), else -o.
 */
static bool subject_is(const struct search *s, const struct contid_event *ev)
{
	const char *n = s->str[SS_SUBJ];

	return any_contains(s, ev, "subj", n) || any_contains(s, ev, "scontext", n);
}

static bool object_is(const struct search *s, const struct contid_event *ev)
{
	const char *n = s->str[SS_OBJ];

	return any_contains(s, ev, "obj", n) || any_contains(s, ev, "tcontext", n);
}

static bool context_match(const struct search *s, const struct contid_event *ev)
{
	if (s->context_any)
		return subject_is(s, ev) || object_is(s, ev);
	if (s->str[SS_SUBJ])
		return subject_is(s, ev);
	return !s->str[SS_OBJ] || object_is(s, ev);
}

static bool strs_match(const struct search *s, const struct contid_event *ev)
{
	const char *const *str = s->str;

	if (str[SS_KEY] && !any_contains(s, ev, "key", str[SS_KEY]))
		return false;
	if (str[SS_COMM] && !first_contains(s, ev, "comm", str[SS_COMM]))
		return false;
	if (str[SS_EXE] && !first_contains(s, ev, "exe", str[SS_EXE]))
		return false;
	if (str[SS_FILE] && !any_contains(s, ev, "name", str[SS_FILE]) &&
	    !first_contains(s, ev, "cwd", str[SS_FILE]) &&
	    !unix_path_contains(s, ev, str[SS_FILE]))
		return false;
	if (str[SS_HOST] && !host_contains(s, ev, str[SS_HOST]))
		return false;
	if (str[SS_TERM] && !first_contains(s, ev, "terminal", str[SS_TERM]) &&
	    !first_contains(s, ev, "tty", str[SS_TERM]))
		return false;
	if (str[SS_UUID] && !first_contains(s, ev, "uuid", str[SS_UUID]))
		return false;
	if (str[SS_VMNAME] && !first_contains(s, ev, "vm", str[SS_VMNAME]))
		return false;
	return context_match(s, ev);
}

static bool node_match(const struct search *s, const struct contid_event *ev)
{
	const char *node;
	size_t i;

	if (!s->nnodes)
		return true;
	node = contid_event_record_count(ev) > 0 ?
		contid_record_node(contid_event_record(ev, 0)) : NULL;
	for (i = 0; node && i < s->nnodes; i++)
		if (!strcmp(node, s->nodes[i]))
			return true;
	return false;
}

/* --arch: the event's arch= is it (ausearch: an event without one has
 * arch 0, no machine's) */
static bool arch_match(const struct search *s, const struct contid_event *ev)
{
	const char *v;
	uint32_t elf;

	if (!s->has_arch)
		return true;
	v = first(ev, "arch");
	return v && interpret_arch_elf(v, &elf) && elf == s->arch;
}

bool search_match_fields(const struct search *s, const struct contid_event *ev)
{
	return node_match(s, ev) && nums_match(s, ev) && arch_match(s, ev) &&
	       (!s->success || success_is(ev, s->success == 1)) &&
	       strs_match(s, ev);
}
