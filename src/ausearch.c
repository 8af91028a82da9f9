/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse: ausearch's basic options (-m, -k, -ts/-te with its time
 * words, --raw, -if, the configured audit log and its rotated files),
 * after audit-userspace 3.0.9's src/ausearch-time.c and ausearch.c; -i is interpret.c.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "ausearch.h"

/* ---------------------------------------------------------------- -m */

/*
 * As ausearch 3.0.9's parse_msg(): ALL (any case) alone is every type;
 * else a comma list of names (any case: libaudit's msg_type_s2i() ignores
 * it), UNKNOWN[N] or decimal numbers.
 */
void search_add_types(struct search *s, const char *list)
{
	char *copy = strdup(list), *tok, *save = NULL, *p;

	if (!copy)
		usage_error("parse", "out of memory");
	if (strcasecmp(list, "ALL") == 0) {
		s->all_types = true;
		free(copy);
		return;
	}
	for (p = copy; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int t;

		/* a name, UNKNOWN[N] or a number, as audit_name_to_msg_type() */
		t = contid_msgtype_number(tok);
		if (t < 0) {
			/* the name as given, not upper-cased */
			usage_error("parse", "unknown record type '%.*s' in -m",
				    (int)strlen(tok), list + (tok - copy));
		}
		if (s->ntypes == sizeof(s->types) / sizeof(s->types[0]))
			usage_error("parse", "too many record types in -m (at most 64)");
		s->types[s->ntypes++] = (unsigned int)t;
	}
	if (!s->ntypes && !s->all_types)
		usage_error("parse", "-m needs a record type");
	free(copy);
}

/* ---------------------------------------------------------------- times */

static const char *const time_words[] = {
	"now", "recent", "this-hour", "boot", "today", "yesterday",
	"this-week", "week-ago", "this-month", "this-year",
};
enum { T_NOW, T_RECENT, T_THIS_HOUR, T_BOOT, T_TODAY, T_YESTERDAY,
       T_THIS_WEEK, T_WEEK_AGO, T_THIS_MONTH, T_THIS_YEAR, T_NWORDS };

static int lookup_time(const char *s)
{
	int i;

	for (i = 0; i < T_NWORDS; i++)
		if (strcmp(s, time_words[i]) == 0)
			return i;
	return -1;
}

/* The clock, overridable for the tests (CONTIDCTL_NOW=seconds). */
static time_t now(void)
{
	const char *e = getenv("CONTIDCTL_NOW");

	if (e && *e)
		return (time_t)strtoll(e, NULL, 10);
	return time(NULL);
}

static void copy_time(struct tm *d, const struct tm *t)
{
	d->tm_sec = t->tm_sec;
	d->tm_min = t->tm_min;
	d->tm_hour = t->tm_hour;
}

static void copy_date(struct tm *d, const struct tm *t)
{
	d->tm_mday = t->tm_mday;
	d->tm_mon = t->tm_mon;
	d->tm_year = t->tm_year;
	d->tm_isdst = t->tm_isdst;
	d->tm_wday = t->tm_wday;
	d->tm_yday = t->tm_yday;
}

static void midnight(struct tm *d, time_t t)
{
	struct tm tv;

	localtime_r(&t, &tv);
	d->tm_sec = d->tm_min = d->tm_hour = 0;
	copy_date(d, &tv);
}

/* /proc/uptime's seconds, rounded, as ausearch's boot */
static int boot_time(time_t at, time_t *t)
{
	char buf[128];
	ssize_t n;
	int fd = open("/proc/uptime", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*t = at - (time_t)(strtod(buf, NULL) + 0.5);
	return 0;
}

/* Word @w into @d; -1 for 'boot' without a boot time. */
static int set_word(const struct search_clock *clk, int w, struct tm *d)
{
	time_t t = clk->now;
	struct tm tv;

	switch (w) {
	case T_NOW:
	case T_RECENT:
	case T_THIS_HOUR:
	case T_BOOT:
		if (w == T_RECENT)
			t -= 10 * 60;
		if (w == T_BOOT) {
			if (!clk->has_boot)
				return -1;
			t = clk->boot;
		}
		localtime_r(&t, &tv);
		copy_time(d, &tv);
		copy_date(d, &tv);
		if (w == T_THIS_HOUR)
			d->tm_sec = d->tm_min = 0;
		break;
	case T_TODAY:
		midnight(d, t);
		break;
	case T_YESTERDAY:
		midnight(d, t - 24 * 60 * 60);
		break;
	case T_THIS_WEEK:
		localtime_r(&t, &tv);
		midnight(d, t - (time_t)tv.tm_wday * 24 * 60 * 60);
		break;
	case T_WEEK_AGO:
		midnight(d, t - 7 * 24 * 60 * 60);
		break;
	case T_THIS_MONTH:
		midnight(d, t);
		d->tm_mday = 1;
		break;
	case T_THIS_YEAR:
		midnight(d, t);
		d->tm_mday = 1;
		d->tm_mon = 0;
		d->tm_isdst = 0;
		break;
	}
	return 0;
}

#define TIME_ERR(...) do { snprintf(msg, msglen, __VA_ARGS__); return -1; } while (0)

/*
 * ausearch_time_start/_end of ausearch 3.0.9: @da a time word or a date
 * in the locale's %x (C: MM/DD/YY), @ti a time HH:MM[:SS] or NULL.
 */
static int parse_time(bool end, const char *da, const char *ti,
		      const struct search_clock *clk, time_t *out,
		      char *msg, size_t msglen)
{
	const char *what = end ? "end" : "start";
	struct tm d;
	char *ret;
	time_t t;

	memset(&d, 0, sizeof(d));
	if (!da) {
		set_word(clk, T_NOW, &d);
	} else {
		int w = lookup_time(da);

		if (w < 0) {
			ret = strptime(da, "%x", &d);
			if (!ret)
				TIME_ERR("Invalid %s date (%s). Month, Day, and Year are required.",
					 what, da);
			if (*ret)
				TIME_ERR("Error parsing %s date (%s)", what, da);
		} else {
			if (set_word(clk, w, &d) < 0)
				TIME_ERR("cannot read /proc/uptime for 'boot'");
			if ((w == T_RECENT || w == T_NOW || w == T_THIS_HOUR || w == T_BOOT) &&
			    (!ti || strcmp(ti, "00:00:00") == 0))
				goto set_it;
			if (end && w == T_TODAY) {
				set_word(clk, T_NOW, &d);
				if (!ti || strcmp(ti, "00:00:00") == 0)
					goto set_it;
			}
		}
	}
	if (ti) {
		char tmp[64];

		if (strlen(ti) <= 5)
			snprintf(tmp, sizeof(tmp), "%s:00", ti);
		else
			snprintf(tmp, sizeof(tmp), "%s", ti);
		ret = strptime(tmp, "%X", &d);
		if (!ret)
			TIME_ERR("Invalid %s time (%s). Hour, Minute, and Second are required.",
				 what, ti);
		if (*ret)
			TIME_ERR("Error parsing %s time (%s)", what, ti);
	}
	if (d.tm_year < 104)
		TIME_ERR("Error - year is %d", d.tm_year + 1900);
set_it:
	d.tm_isdst = -1;
	t = mktime(&d);
	if (t == (time_t)-1)
		TIME_ERR("Error converting %s time", what);
	*out = t;
	return 0;
}

/*
 * -ts/-te ARG [NEXT]: as ausearch-options.c, NEXT (when given) is the time
 * if ARG is the date and the other way round; here NEXT is taken only when
 * it starts with a digit, so that a FILE may follow.
 */
int search_parse_time(bool end, const char *arg, const char *next,
		      const struct search_clock *clk, time_t *t, int *used,
		      char *msg, size_t msglen)
{
	const char *da, *ti;

	*used = 0;
	if (arg[0] == '-' || arg[0] == '\0')
		TIME_ERR("%s requires either date and/or time", end ? "-te" : "-ts");
	if (next && isdigit((unsigned char)next[0])) {
		if (strchr(arg, ':')) {
			da = next;
			ti = arg;
		} else {
			da = arg;
			ti = next;
		}
		*used = 1;
	} else if (lookup_time(arg) >= 0 || !strchr(arg, ':')) {
		da = arg;
		ti = "00:00:00";
	} else {
		da = NULL;
		ti = arg;
	}
	return parse_time(end, da, ti, clk, t, msg, msglen);
}

int search_set_time(struct search *s, bool end, const char *arg, const char *next)
{
	struct search_clock clk = { .now = now() };
	/* the arguments are quoted in the message: room for long ones */
	char msg[8192];
	int used;
	time_t t;

	clk.has_boot = boot_time(clk.now, &clk.boot) == 0;
	setlocale(LC_TIME, "");
	if (search_parse_time(end, arg, next, &clk, &t, &used, msg, sizeof(msg)) < 0)
		usage_error("parse", "%s", msg);
	if (end) {
		s->end = t;
		s->has_end = true;
	} else {
		s->start = t;
		s->has_start = true;
	}
	return used;
}

/* ---------------------------------------------------------------- matching */

bool search_needs_fields(const struct search *s)
{
	size_t i;

	for (i = 0; i < SS_COUNT; i++)
		if (s->str[i])
			return true;
	/* -a and -n read the event's stamp and node, not its fields */
	return (s->has_num & ~(1u << SN_SERIAL)) || s->success || s->has_arch;
}

bool search_in_time(const struct search *s, const struct contid_event *ev)
{
	time_t sec = (time_t)contid_event_sec(ev);

	return !(s->has_start && sec < s->start) && !(s->has_end && sec > s->end);
}

bool search_match(const struct search *s, const struct contid_event *ev)
{
	int i, n = contid_event_record_count(ev);
	bool type_ok = s->ntypes == 0 || s->all_types;

	if (!search_in_time(s, ev))
		return false;
	for (i = 0; i < n && !type_ok; i++) {
		const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);
		size_t j;

		for (j = 0; j < s->ntypes && !type_ok; j++)
			type_ok = contid_record_type(rec) == s->types[j];
	}
	return type_ok && search_match_fields(s, ev);
}

/* ---------------------------------------------------------------- --raw */

static const char *type_name(unsigned int type, char *buf, size_t size)
{
	const char *n = contid_msgtype_name(type);

	if (n)
		return n;
	snprintf(buf, size, "UNKNOWN[%u]", type);
	return buf;
}

void search_record_stamp(const struct contid_record *rec, char *buf, size_t size)
{
	snprintf(buf, size, "msg=audit(%" PRIu64 ".%03u:%" PRIu64 "): ",
		 contid_record_sec(rec), contid_record_msec(rec),
		 contid_record_serial(rec));
}

void search_print_raw(const struct contid_event *ev)
{
	int i, n = contid_event_record_count(ev);

	for (i = 0; i < n; i++) {
		const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);
		const char *node = contid_record_node(rec), *text = contid_record_text(rec);
		char tbuf[32], stamp[SEARCH_STAMP_MAX];

		if (node) {
			print_text("node=");
			print_log_bytes(node, strlen(node), PRINT_ESC_RAW);
			print_text(" ");
		}
		search_record_stamp(rec, stamp, sizeof(stamp));
		print_text("type=%s %s", type_name(contid_record_type(rec), tbuf, sizeof(tbuf)),
			   stamp);
		print_log_bytes(text, strlen(text), PRINT_ESC_RAW);
		print_text("\n");
	}
}

/* ---------------------------------------------------------------- inputs */

/*
 * The last non-empty "log_file = VALUE" of auditd.conf text: blanks around
 * the key, the '=' and the value are dropped; the value ends at a carriage
 * return or NUL.
 */
char *search_conf_log_file(const char *buf, size_t len)
{
	const char *line = buf, *end = buf + len;
	char *log = NULL;

	while (line < end) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		const char *le = nl ? nl : end, *p = line, *v, *e;

		while (p < le && (*p == ' ' || *p == '\t'))
			p++;
		if ((size_t)(le - p) < 8 || memcmp(p, "log_file", 8) != 0)
			goto next;
		p += 8;
		while (p < le && (*p == ' ' || *p == '\t'))
			p++;
		if (p == le || *p != '=')
			goto next;
		v = p + 1;
		while (v < le && (*v == ' ' || *v == '\t'))
			v++;
		for (e = v; e < le && *e != '\r' && *e != '\0'; e++)
			;
		while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (e > v) {
			char *n = strndup(v, (size_t)(e - v));

			if (!n) {
				free(log);
				return NULL;
			}
			free(log);
			log = n;
		}
next:
		line = le + 1;
	}
	return log;
}

/* log_file of auditd.conf ($CONTIDCTL_AUDITD_CONF or the default). */
static char *configured_log(void)
{
	const char *conf = getenv("CONTIDCTL_AUDITD_CONF");
	char *text = NULL, *log = NULL;
	size_t len = 0, cap = 0, n;
	FILE *f;

	if (!conf || !*conf)
		conf = "/etc/audit/auditd.conf";
	f = fopen(conf, "re");
	/* a real auditd.conf is about 1 KiB; at most 1 MiB is read */
	while (f && len < (1u << 20)) {
		if (len == cap) {
			char *t = realloc(text, cap ? cap * 2 : 4096);

			if (!t)
				break;
			text = t;
			cap = cap ? cap * 2 : 4096;
		}
		n = fread(text + len, 1, cap - len, f);
		if (n == 0)
			break;
		len += n;
	}
	if (f)
		fclose(f);
	if (text)
		log = search_conf_log_file(text, len);
	free(text);
	return log ? log : strdup("/var/log/audit/audit.log");
}

/*
 * The configured log and its rotated files, oldest first: LOG.N ... LOG.1,
 * LOG, found as ausearch finds them (LOG, LOG.1, ... while readable).
 * Returns the number of files (0: LOG unreadable, *first set to LOG).
 */
int search_log_files(char ***files, char **first)
{
	char *log = configured_log(), **v = NULL;
	int n = 0, i;

	*first = log;
	*files = NULL;
	if (!log)
		return -ENOMEM;
	for (;;) {
		char *name;
		char **nv;

		if (n == 0)
			name = strdup(log);
		else if (asprintf(&name, "%s.%d", log, n) < 0)
			name = NULL;
		if (!name)
			return -ENOMEM;
		if (access(name, R_OK) != 0) {
			free(name);
			break;
		}
		nv = realloc(v, (size_t)(n + 1) * sizeof(*v));
		if (!nv) {
			free(name);
			return -ENOMEM;
		}
		v = nv;
		v[n++] = name;
	}
	/* oldest first */
	for (i = 0; i < n / 2; i++) {
		char *t = v[i];

		v[i] = v[n - 1 - i];
		v[n - 1 - i] = t;
	}
	*files = v;
	return n;
}
