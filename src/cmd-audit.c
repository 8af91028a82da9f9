/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl features, signal-info, events, parse: the audit side. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/netlink.h>

#include "contidctl.h"
#include "ausearch.h"

/* ---------------------------------------------------------------- features */

static const char features_help[] =
	"Usage: " PROG " features\n"
	"Print the kernel's audit status, every feature bit by name, and\n"
	"whether audit container IDs are supported.\n";

static const struct {
	unsigned int field;
	const char *name;
	size_t off;
} status_fields[] = {
#define F(x, n) { CONTID_STATUS_##x, #n, offsetof(struct contid_status, n) }
	F(MASK, mask), F(ENABLED, enabled), F(FAILURE, failure), F(PID, pid),
	F(RATE_LIMIT, rate_limit), F(BACKLOG_LIMIT, backlog_limit),
	F(LOST, lost), F(BACKLOG, backlog),
	F(BACKLOG_WAIT_TIME, backlog_wait_time),
	F(BACKLOG_WAIT_TIME_ACTUAL, backlog_wait_time_actual),
#undef F
};

int cmd_features(int argc, char **argv)
{
	struct contid_handle *h;
	struct contid_status st;
	struct stat sb;
	bool rules, proc;
	unsigned int bit;
	char name[32];
	size_t i;
	int c, err;

	while ((c = cmd_getopt(argc, argv, "features", "", NULL, features_help)) != -1)
		;
	if (optind < argc)
		usage_error("features", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);
	h = open_handle(0);
	if (!h)
		return EXIT_FAIL;
	err = contid_status_get(h, &st);
	contid_handle_close(h);
	if (err < 0)
		return fail(err, NULL, "cannot get the audit status");

	print_open_object(NULL);
	for (i = 0; i < sizeof(status_fields) / sizeof(status_fields[0]); i++) {
		uint32_t v;
		char fmt[40];

		if (status_fields[i].field == CONTID_STATUS_MASK ||
		    !contid_status_has(&st, status_fields[i].field))
			continue;
		memcpy(&v, (const char *)&st + status_fields[i].off, sizeof(v));
		snprintf(fmt, sizeof(fmt), "%-26s %%" PRIu64 "\n", status_fields[i].name);
		print_u64(PRINT_ANY, status_fields[i].name, fmt, v);
	}
	rules = st.feature_bitmap & CONTID_FEATURE_CONTAINERID_FILTER;
	proc = stat("/proc/self/containerid", &sb) == 0;
	print_u64(PRINT_ANY, "feature_bitmap", "feature_bitmap             0x%08" PRIx64 "\n",
		  st.feature_bitmap);
	print_text("features:\n");
	print_open_object("features");
	for (bit = 0; bit < 32; bit++) {
		char fmt[64];

		/* Every known bit, set or not; an unknown bit only when set. */
		if (bit >= 8 && !(st.feature_bitmap & (1u << bit)))
			continue;
		contid_feature_name(bit, name, sizeof(name));
		snprintf(fmt, sizeof(fmt), "  %-24s %%s (0x%08x)\n", name, 1u << bit);
		print_bool(PRINT_ANY, name, fmt, st.feature_bitmap & (1u << bit));
	}
	print_close_object();
	print_bool(PRINT_JSON, "containerid_rules", NULL, rules);
	print_bool(PRINT_JSON, "containerid_proc", NULL, proc);
	print_text("container ID rules         %s\n", rules ?
		   "supported (containerid_filter)" :
		   "NOT supported: the kernel lacks containerid_filter (0x00000080)");
	print_text("container IDs (/proc)      %s\n", proc ?
		   "supported (/proc/PID/containerid)" :
		   "NOT supported: no /proc/PID/containerid");
	print_close_object();
	print_nl();
	return EXIT_OK;
}

/* ---------------------------------------------------------------- signal-info */

static const char siginfo_help[] =
	"Usage: " PROG " signal-info\n"
	"Print who last signalled the audit daemon: pid, login uid, audit\n"
	"container ID (\"unknown\" on a kernel without AUDIT_SIGNAL_INFO2) and\n"
	"security context.\n";

int cmd_siginfo(int argc, char **argv)
{
	struct contid_handle *h;
	struct contid_siginfo *si;
	int c, err;

	while ((c = cmd_getopt(argc, argv, "signal-info", "", NULL, siginfo_help)) != -1)
		;
	if (optind < argc)
		usage_error("signal-info", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);
	si = malloc(sizeof(*si));
	if (!si)
		return fail(-ENOMEM, NULL, "cannot get the signal info");
	h = open_handle(0);
	if (!h) {
		free(si);
		return EXIT_FAIL;
	}
	err = contid_siginfo_get(h, si);
	contid_handle_close(h);
	if (err < 0) {
		free(si);
		return fail(err, NULL, "cannot get the signal info");
	}
	print_open_object(NULL);
	if (si->pid == UINT32_MAX || si->pid == 0)
		print_null(PRINT_ANY, "pid", "pid      none (no signal yet)\n");
	else
		print_u64(PRINT_ANY, "pid", "pid      %" PRIu64 "\n", si->pid);
	if (si->uid == UINT32_MAX)
		print_null(PRINT_ANY, "uid", "uid      unset\n");
	else
		print_u64(PRINT_ANY, "uid", "uid      %" PRIu64 "\n", si->uid);
	if (si->contid_known)
		print_contid(PRINT_ANY, "contid", "contid   %s\n", si->contid);
	else
		print_null(PRINT_ANY, "contid",
			   "contid   unknown (the kernel lacks AUDIT_SIGNAL_INFO2)\n");
	print_bool(PRINT_JSON, "contid_known", NULL, si->contid_known);
	print_string_len(PRINT_JSON, "context", NULL, si->ctx, si->ctx_len);
	print_string(PRINT_FP, NULL, "context  %s\n", si->ctx_len ? si->ctx : "none");
	print_string(PRINT_ANY, "request", "request  AUDIT_%s\n",
		     si->version == 2 ? "SIGNAL_INFO2" : "SIGNAL_INFO");
	print_close_object();
	print_nl();
	free(si);
	return EXIT_OK;
}

/* ---------------------------------------------------------------- events */

/* One JSON field value: as decoded, or interpreted (-i). */
static void print_field_value(const struct contid_record *rec, const char *key,
			      const char *name, const char *value, size_t len,
			      bool interpret)
{
	if (interpret) {
		char buf[4096];

		search_interpret(name, value, len, contid_record_find(rec, "arch"),
				 buf, sizeof(buf));
		print_string(PRINT_JSON, key, NULL, buf);
	} else {
		print_string_len(PRINT_JSON, key, NULL, value, len);
	}
}

/* A field as print_record() sees it. */
struct pfield {
	const char *name, *value, *interp;
	size_t len;
	unsigned int hash;
	unsigned int first;	/* index of the first field of this name */
	unsigned int count;	/* on the first: fields of this name */
	bool interp_seen;	/* on the first: an interpretation printed */
};

static unsigned int name_hash(const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/*
 * The fields of @rec with, for each, the first field of the same name
 * and on that one the count.  Names are compared only where the hash
 * (first a 64-bit mask of one hash bit a name) says they may be equal: a
 * profile of `--json parse` had 8% in comparing every pair, then most of
 * print_record's time in the accessor calls of three passes.  Returns the
 * table (reused from call to call) or NULL if out of memory.
 */
static struct pfield *record_fields(const struct contid_record *rec, unsigned int n)
{
	static struct pfield *tab;
	static unsigned int cap;
	uint64_t once = 0, multi = 0;
	unsigned int i, j;

	if (n > cap) {
		struct pfield *t = realloc(tab, n * sizeof(*t));

		if (!t)
			return NULL;
		tab = t;
		cap = n;
	}
	for (i = 0; i < n; i++) {
		struct pfield *f = &tab[i];
		uint64_t b;

		if (contid_record_field(rec, i, &f->name, &f->value, &f->len) < 0) {
			f->name = NULL;
			continue;
		}
		f->interp = contid_record_field_interp(rec, i);
		f->hash = name_hash(f->name);
		b = UINT64_C(1) << (f->hash & 63);
		multi |= once & b;
		once |= b;
	}
	for (i = 0; i < n; i++) {
		struct pfield *f = &tab[i];

		if (!f->name)
			continue;
		f->first = i;
		f->count = 0;
		f->interp_seen = false;
		if (multi & (UINT64_C(1) << (f->hash & 63))) {
			for (j = 0; j < i; j++) {
				if (tab[j].name && tab[j].hash == f->hash &&
				    !strcmp(tab[j].name, f->name)) {
					f->first = tab[j].first;
					break;
				}
			}
		}
		tab[f->first].count++;
	}
	return tab;
}

/*
 * JSON "fields": a name that occurs once maps to its decoded value (its
 * interpretation with -i); a name repeated within the record (old-format
 * "old auid=1 new auid=2") maps to the array of its values in order.
 * "interp": the ENRICHED interpretations (after 0x1d), by field name,
 * first occurrence.
 */
static void print_record(const struct contid_record *rec, bool interpret)
{
	unsigned int type = contid_record_type(rec);
	const char *tname = contid_record_type_name(rec);
	const char *node = contid_record_node(rec);
	char unknown[32];
	int i, n = contid_record_field_count(rec);
	unsigned int k, j;
	bool interp = false;
	struct pfield *tab;

	if (!tname) {
		snprintf(unknown, sizeof(unknown), "UNKNOWN[%u]", type);
		tname = unknown;
	}
	print_open_object(NULL);
	print_string(PRINT_ANY, "type", "    %s ", tname);
	print_u64(PRINT_JSON, "type_nr", NULL, type);
	if (node)
		print_string(PRINT_JSON, "node", NULL, node);
	if (interpret) {
		const char *arch = contid_record_find(rec, "arch");

		/* name=interpreted value, in order, for every field */
		for (i = 0; i < n; i++) {
			const char *name, *value;
			size_t len;
			char buf[4096];

			if (contid_record_field(rec, (unsigned int)i, &name, &value, &len) < 0)
				continue;
			search_interpret(name, value, len, arch, buf, sizeof(buf));
			print_text("%s%s=%s", i ? " " : "", name, buf);
		}
		print_text("\n");
		print_string(PRINT_JSON, "text", NULL, contid_record_text(rec));
	} else {
		print_log_text(PRINT_ANY, "text", contid_record_text(rec));
		print_text("\n");
	}
	/* "fields" and "interp" are JSON only. */
	if (!print_is_json() || n <= 0) {
		if (print_is_json()) {
			print_open_object("fields");
			print_close_object();
		}
		print_close_object();
		return;
	}
	tab = record_fields(rec, (unsigned int)n);
	if (!tab) {
		fail(-ENOMEM, NULL, "cannot print a record");
		exit(EXIT_FAIL);
	}
	print_open_object("fields");
	for (k = 0; k < (unsigned int)n; k++) {
		const struct pfield *f = &tab[k];

		if (!f->name)
			continue;
		interp |= f->interp != NULL;
		if (f->first != k)
			continue;	/* printed with the first */
		if (f->count == 1) {
			print_field_value(rec, f->name, f->name, f->value, f->len,
					  interpret);
			continue;
		}
		print_open_array(f->name);
		for (j = k; j < (unsigned int)n; j++)
			if (tab[j].name && tab[j].first == k)
				print_field_value(rec, NULL, f->name, tab[j].value,
						  tab[j].len, interpret);
		print_close_array();
	}
	print_close_object();
	if (interp) {
		print_open_object("interp");
		for (k = 0; k < (unsigned int)n; k++) {
			const struct pfield *f = &tab[k];

			if (!f->name || !f->interp || tab[f->first].interp_seen)
				continue;
			tab[f->first].interp_seen = true;
			print_string(PRINT_JSON, f->name, NULL, f->interp);
		}
		print_close_object();
	}
	print_close_object();
}

/* @v in decimal at @p, at least @width digits (zero-padded); returns the end. */
static char *format_u64(char *p, uint64_t v, unsigned int width)
{
	char b[20];
	unsigned int n = 0;

	do {
		b[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n < width)
		b[n++] = '0';
	while (n)
		*p++ = b[--n];
	return p;
}

/* "SEC.MSEC:SERIAL" as "%" PRIu64 ".%03u:%" PRIu64 prints it, into @buf
 * (room for 64): snprintf was 6% of `parse`. */
static void format_stamp(char *buf, uint64_t sec, unsigned int msec, uint64_t serial)
{
	char *p = format_u64(buf, sec, 1);

	*p++ = '.';
	p = format_u64(p, msec, 3);
	*p++ = ':';
	p = format_u64(p, serial, 1);
	*p = '\0';
}

static void print_event(const struct contid_event *ev, bool interpret)
{
	int i, n = contid_event_record_count(ev), nid = contid_event_contid_count(ev);
	const struct contid_record *first = contid_event_record(ev, 0);
	const char *node = first ? contid_record_node(first) : NULL;
	char stamp[64];

	format_stamp(stamp, contid_event_sec(ev), contid_event_msec(ev),
		     contid_event_serial(ev));
	print_open_object(NULL);
	if (node)
		print_string(PRINT_ANY, "node", "node=%s ", node);
	print_string(PRINT_ANY, "stamp", "audit(%s)", stamp);
	print_u64(PRINT_JSON, "sec", NULL, contid_event_sec(ev));
	print_u64(PRINT_JSON, "msec", NULL, contid_event_msec(ev));
	print_u64(PRINT_JSON, "serial", NULL, contid_event_serial(ev));
	print_text(" contid=");
	if (nid == 0)
		print_text("none");
	print_open_array("contid");
	for (i = 0; i < nid; i++)
		print_u64(PRINT_ANY, NULL, i ? ",%" PRIu64 : "%" PRIu64,
			  contid_event_contid(ev, (unsigned int)i));
	print_close_array();
	/* op=netns more=N: IDs the kernel left out of the list */
	if (contid_event_contid_more(ev))
		print_u64(PRINT_ANY, "contid_more", " (+%" PRIu64 " more)",
			  contid_event_contid_more(ev));
	print_text("\n");
	print_open_array("records");
	for (i = 0; i < n; i++)
		print_record(contid_event_record(ev, (unsigned int)i), interpret);
	print_close_array();
	print_close_object();
	if (print_is_json())
		print_nl();
}

/* Reported so far, to print only what is new. */
struct lost_state {
	uint64_t enobufs;
	uint64_t lost;
	const char *cmd;
	/*
	 * events --daemon: the kernel's lost counter (AUDIT_GET), read on a
	 * socket of its own so that the replies never queue behind records.
	 */
	struct contid_handle *status;
	uint32_t kernel_lost;
	time_t kernel_checked;
	/*
	 * events (multicast): the socket whose drop count is read, and that
	 * count, from /proc/net/netlink.
	 */
	struct contid_handle *sock;
	long long drops;
};

/*
 * The kernel's count of records it could not queue on @h's socket (the
 * Drops column of /proc/net/netlink for the socket's inode), or -1.
 */
static long long socket_drops(struct contid_handle *h)
{
	long long drops = -1;
	char line[256];
	struct stat sb;
	int fd = contid_handle_fd(h);
	FILE *f;

	if (fd < 0 || fstat(fd, &sb) < 0)
		return -1;
	f = fopen("/proc/net/netlink", "re");
	if (!f)
		return -1;
	/* sk Eth Pid Groups Rmem Wmem Dump Locks Drops Inode */
	while (fgets(line, sizeof(line), f)) {
		unsigned long long d, ino;
		int proto;

		if (sscanf(line, "%*s %d %*u %*x %*d %*d %*d %*d %llu %llu", &proto,
			   &d, &ino) == 3 && proto == NETLINK_AUDIT &&
		    ino == (unsigned long long)sb.st_ino) {
			drops = (long long)d;
			break;
		}
	}
	fclose(f);
	return drops;
}

static void report_lost(const char *reason, uint64_t count, const char *cmd,
			const char *what)
{
	print_flush();
	fprintf(stderr, PROG ": %s: %" PRIu64 " %s\n", cmd, count, what);
	if (print_is_json()) {
		print_open_object(NULL);
		print_open_object("lost");
		print_string(PRINT_JSON, "reason", NULL, reason);
		print_u64(PRINT_JSON, "count", NULL, count);
		print_close_object();
		print_close_object();
		print_nl();
	}
}

/*
 * While we are the audit daemon every record is ours, so each one the
 * kernel counts as lost (backlog or retry queue full, rate limit, memory)
 * is one we never get: report the counter's growth.  At most once a
 * second, and at the end (force).  A counter reset by AUDIT_SET only
 * moves the baseline.
 */
static void check_kernel_lost(struct lost_state *ls, bool force)
{
	struct contid_status st;
	time_t now = time(NULL);

	if (!ls->status || (!force && now == ls->kernel_checked))
		return;
	ls->kernel_checked = now;
	if (contid_status_get(ls->status, &st) < 0 ||
	    !contid_status_has(&st, CONTID_STATUS_LOST))
		return;
	if (st.lost > ls->kernel_lost)
		report_lost("kernel", st.lost - ls->kernel_lost, ls->cmd,
			    "record(s) lost by the kernel (audit status lost counter)");
	ls->kernel_lost = st.lost;
}

static void check_lost(struct contid_reader *rd, struct lost_state *ls, bool gaps)
{
	struct contid_reader_stats st;

	check_kernel_lost(ls, gaps);
	if (contid_reader_get_stats(rd, &st) < 0)
		return;
	/*
	 * The drop count grows only while the socket is overrun, which an
	 * ENOBUFS announces: read it then, when idle, and at the end.
	 */
	if (ls->sock && (gaps || st.enobufs > ls->enobufs)) {
		long long d = socket_drops(ls->sock);

		if (d > ls->drops) {
			report_lost("dropped", (uint64_t)(d - ls->drops), ls->cmd,
				    "record(s) the kernel dropped at this socket (receive buffer full)");
			ls->drops = d;
		}
	}
	if (st.enobufs > ls->enobufs) {
		report_lost("enobufs", st.enobufs - ls->enobufs, ls->cmd,
			    "receive buffer overrun(s): the kernel dropped records (ENOBUFS)");
		ls->enobufs = st.enobufs;
	}
	/* The serial-gap count may shrink when a late serial turns up, so it
	 * is only reported when asked (idle, or at the end). */
	if (gaps && st.lost > ls->lost) {
		report_lost("serial", st.lost - ls->lost, ls->cmd,
			    "event(s) lost (gaps in the serial numbers)");
		ls->lost = st.lost;
	}
}

static int drain(struct contid_reader *rd, uint64_t *left)
{
	struct contid_event *ev;

	while ((!left || *left > 0) && contid_reader_next(rd, &ev) == 1) {
		print_event(ev, false);
		contid_event_free(ev);
		if (left)
			(*left)--;
	}
	print_flush();
	return 0;
}

static volatile sig_atomic_t stop;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

static void on_ignore(int sig)
{
	(void)sig;
}

static const char events_help[] =
	"Usage: " PROG " events [--daemon] [--contid ID]... [--count N]\n"
	"Follow live audit events with their container IDs until interrupted\n"
	"(SIGINT or SIGTERM end it with status 0).  Lost events (ENOBUFS,\n"
	"serial gaps, the socket's drop count, and with --daemon the kernel's\n"
	"lost counter) are reported on stderr, and as {\"lost\":...} with --json.\n"
	"SIGHUP, SIGUSR1 and SIGUSR2 are ignored.  With auditing disabled\n"
	"(audit status enabled=0) it says so and exits with status 1.\n\n"
	"Options:\n"
	"  -c, --contid ID  only events carrying this container ID (repeatable)\n"
	"  -D, --daemon     register as the audit daemon instead of reading the\n"
	"                   multicast group (needs CAP_AUDIT_CONTROL)\n"
	"  -n, --count N    exit after N events\n";

static const char parse_help[] =
	"Usage: " PROG " parse [options] [FILE]\n"
	"Read an audit log and print its events with their container IDs, like\n"
	"\"events\"; ausearch's basic options select and format them.  The log is\n"
	"FILE or -if FILE (\"-\": standard input); without either, standard input\n"
	"when it is not a terminal, else the configured audit log (log_file of\n"
	"/etc/audit/auditd.conf) with its rotated files, oldest first.  Exit\n"
	"status 1 and \"<no matches>\" when no event is selected.\n\n"
	"Options:\n"
	"  -c, --contid ID      only events carrying this container ID (repeatable)\n"
	"  -m, --message TYPE[,TYPE]  only events with a record of these types\n"
	"  -k, --key KEY        only events with this key= (repeated: the last)\n"
	"  -ts, --start [DATE] [TIME]  only events at or after: a date (the\n"
	"                       locale's, C: MM/DD/YY), a time HH:MM[:SS], both, or\n"
	"                       now, recent, this-hour, boot, today, yesterday,\n"
	"                       this-week, week-ago, this-month, this-year\n"
	"  -te, --end [DATE] [TIME]    only events at or before\n"
	"  -i, --interpret      values interpreted: user and group names, syscall\n"
	"                       and arch names, errno names, hex decoded\n"
	"  -r, --raw            the selected events' records as log lines (no JSON)\n"
	"  -if, --input FILE    read FILE\n"
	"      --input-logs     read the configured audit log even from a pipe\n";

static struct contid_reader *new_reader(const uint64_t *ids, size_t n)
{
	struct contid_reader *rd;
	int err = contid_reader_new(&rd, 0, 0);

	if (err == 0)
		err = contid_reader_set_filter(rd, ids, n);
	if (err < 0) {
		fail(err, NULL, "cannot create the event reader");
		return NULL;
	}
	return rd;
}

/*
 * With auditing disabled (AUDIT_GET enabled == 0) the kernel sends no
 * record: say so and fail instead of waiting for ever.  Without the right
 * to read the status (CAP_AUDIT_CONTROL), warn and go on.  Checked once,
 * at the start.
 */
static int check_enabled(void)
{
	struct contid_status st;
	struct contid_handle *h = open_handle(0);
	int err;

	if (!h)
		return EXIT_FAIL;
	err = contid_status_get(h, &st);
	contid_handle_close(h);
	if (err < 0) {
		fprintf(stderr, PROG ": events: warning: cannot read the audit status (%s (%s)): "
			"not checking that auditing is enabled\n", err_cause(err), err_name(err));
		return EXIT_OK;
	}
	if (contid_status_has(&st, CONTID_STATUS_ENABLED) && st.enabled == 0) {
		fprintf(stderr, PROG ": events: auditing is disabled (audit status enabled=0): "
			"the kernel sends no records; enable it with \"auditctl -e 1\"\n");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

int cmd_events(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'c' },
		{ "daemon", no_argument, NULL, 'D' },
		{ "count", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	struct lost_state ls = { .cmd = "events" };
	struct contid_status kst;
	struct contid_handle *h;
	struct contid_reader *rd;
	struct sigaction sa;
	uint64_t ids[64], left = 0;
	bool daemon = false, counted = false;
	size_t nids = 0;
	int c, err, status = EXIT_OK;

	while ((c = cmd_getopt(argc, argv, "events", "c:Dn:", opts, events_help)) != -1) {
		if (c == 'c') {
			if (nids == 64)
				usage_error("events", "too many --contid (at most 64)");
			ids[nids++] = parse_id("events", optarg);
		} else if (c == 'D') {
			daemon = true;
		} else if (c == 'n') {
			left = (uint64_t)parse_pid("events", "count", optarg);
			counted = true;
		}
	}
	if (optind < argc)
		usage_error("events", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;	/* no SA_RESTART: reads end early */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* HUP, USR1 and USR2 are auditd's reload/rotate signals: a daemon
	 * (or a test signalling it for signal-info) must not die of them. */
	sa.sa_handler = on_ignore;
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);

	err = check_enabled();
	if (err != EXIT_OK)
		return err;
	rd = new_reader(ids, nids);
	if (!rd)
		return EXIT_FAIL;
	h = open_handle(daemon ? 0 : CONTID_OPEN_READLOG);
	if (!h) {
		contid_reader_free(rd);
		return EXIT_FAIL;
	}
	if (daemon) {
		err = contid_handle_register(h);
		if (err < 0) {
			contid_handle_close(h);
			contid_reader_free(rd);
			return fail(err, err == -EEXIST ?
				    "another audit daemon is registered" : NULL,
				    "cannot register as the audit daemon");
		}
		ls.status = open_handle(0);
		if (!ls.status || (err = contid_status_get(ls.status, &kst)) < 0) {
			if (ls.status)
				fail(err, NULL, "cannot read the audit status");
			contid_handle_close(ls.status);
			contid_handle_unregister(h);
			contid_handle_close(h);
			contid_reader_free(rd);
			return EXIT_FAIL;
		}
		ls.kernel_lost = kst.lost;
		ls.kernel_checked = time(NULL);
	} else {
		/*
		 * A multicast reader is the only one to lose what overruns
		 * its socket.  (A daemon's overruns are retried by the
		 * kernel: its losses are the lost counter above.)
		 */
		ls.sock = h;
		ls.drops = socket_drops(h);
		if (ls.drops < 0) {
			fprintf(stderr, PROG ": events: warning: no drop count for this socket "
				"in /proc/net/netlink: lost records are reported as ENOBUFS "
				"and serial gaps only\n");
			ls.sock = NULL;
		}
	}
	/* Short reads, so that a stop request is seen within 200 ms. */
	contid_handle_set_timeout(h, 200);
	while (!stop && (!counted || left > 0)) {
		err = contid_reader_read_netlink(rd, h);
		if (err < 0 && err != -EINTR) {
			status = fail(err, NULL, "cannot read audit records");
			break;
		}
		check_lost(rd, &ls, err == 0);
		drain(rd, counted ? &left : NULL);
	}
	if (!counted || left > 0) {
		contid_reader_flush(rd);
		drain(rd, counted ? &left : NULL);
	}
	check_lost(rd, &ls, true);
	if (daemon)
		contid_handle_unregister(h);
	contid_handle_close(ls.status);
	contid_handle_close(h);
	contid_reader_free(rd);
	return status;
}

/* One input file (NULL: standard input) into the reader, printing what
 * matches as it completes.  Returns 0 or a negative errno. */
struct parse_state {
	struct contid_reader *rd;
	const struct search *search;
	bool raw, interpret;
	uint64_t matched;
};

static void parse_drain(struct parse_state *ps)
{
	struct contid_event *ev;

	while (contid_reader_next(ps->rd, &ev) == 1) {
		if (search_match(ps->search, ev)) {
			ps->matched++;
			if (ps->raw)
				search_print_raw(stdout, ev);
			else
				print_event(ev, ps->interpret);
		}
		contid_event_free(ev);
	}
	print_flush();
}

static int parse_one(struct parse_state *ps, const char *file)
{
	char buf[65536];
	ssize_t got;
	int fd = 0, err = 0;

	if (file) {
		fd = open(file, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			fail(errno, strerror(errno), "cannot open '%s'", file);
			return -1;
		}
	}
	while ((got = read(fd, buf, sizeof(buf))) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		err = contid_reader_feed_log(ps->rd, buf, (size_t)got);
		if (err < 0)
			break;
		err = 0;
		parse_drain(ps);
	}
	if (fd > 0)
		close(fd);
	if (err < 0) {
		fail(err, NULL, "cannot read '%s'", file ? file : "standard input");
		return -1;
	}
	return 0;
}

int cmd_parse(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'c' },
		{ "message", required_argument, NULL, 'm' },
		{ "key", required_argument, NULL, 'k' },
		{ "ts", required_argument, NULL, 'S' },
		{ "start", required_argument, NULL, 'S' },
		{ "te", required_argument, NULL, 'E' },
		{ "end", required_argument, NULL, 'E' },
		{ "interpret", no_argument, NULL, 'i' },
		{ "raw", no_argument, NULL, 'r' },
		{ "if", required_argument, NULL, 'f' },
		{ "input", required_argument, NULL, 'f' },
		{ "input-logs", no_argument, NULL, 'L' },
		{ NULL, 0, NULL, 0 }
	};
	struct lost_state ls = { .cmd = "parse" };
	struct search search = { .ntypes = 0 };
	struct parse_state ps = { .search = &search };
	struct contid_reader_stats st;
	const char *file = NULL, *input = NULL;
	char **logs = NULL, *first = NULL;
	bool input_logs = false;
	uint64_t ids[64];
	size_t nids = 0;
	int c, i, nlogs = 0, status = EXIT_OK;

	for (;;) {
		c = cmd_getopt_long_only(argc, argv, "parse", "+c:m:k:ir", opts, parse_help);
		if (c == -1) {
			/* FILE, then options again */
			if (optind >= argc)
				break;
			if (file)
				usage_error("parse", "unexpected argument '%s'", argv[optind]);
			file = argv[optind++];
			continue;
		}
		switch (c) {
		case 'c':
			if (nids == 64)
				usage_error("parse", "too many --contid (at most 64)");
			ids[nids++] = parse_id("parse", optarg);
			break;
		case 'm':
			search_add_types(&search, optarg);
			break;
		case 'k':
			search.key = optarg;
			break;
		case 'S':
		case 'E':
			optind += search_set_time(&search, c == 'E', optarg,
						  optind < argc ? argv[optind] : NULL);
			break;
		case 'i':
			ps.interpret = true;
			break;
		case 'r':
			ps.raw = true;
			break;
		case 'f':
			if (input)
				usage_error("parse", "-if given twice");
			input = optarg;
			break;
		case 'L':
			input_logs = true;
			break;
		}
	}
	if (input && file)
		usage_error("parse", "both -if '%s' and FILE '%s'", input, file);
	if (input)
		file = input;
	if (input_logs && file)
		usage_error("parse", "--input-logs with a FILE");
	print_init(stdout, opt_json);
	if (!file && (input_logs || isatty(0))) {
		nlogs = search_log_files(&logs, &first);
		if (nlogs < 0) {
			free(first);
			return fail(nlogs, NULL, "cannot list the audit logs");
		}
		if (nlogs == 0) {
			int err = access(first, R_OK) < 0 ? errno : EACCES;

			status = fail(err, strerror(err), "cannot read the audit log '%s'",
				      first);
			free(first);
			return status;
		}
	}
	ps.rd = new_reader(ids, nids);
	if (!ps.rd) {
		status = EXIT_FAIL;
		goto out;
	}
	if (nlogs) {
		for (i = 0; i < nlogs && status == EXIT_OK; i++)
			if (parse_one(&ps, logs[i]) < 0)
				status = EXIT_FAIL;
	} else if (parse_one(&ps, file && strcmp(file, "-") != 0 ? file : NULL) < 0) {
		status = EXIT_FAIL;
	}
	if (status != EXIT_OK)
		goto out;
	contid_reader_flush(ps.rd);
	parse_drain(&ps);
	check_lost(ps.rd, &ls, true);
	if (contid_reader_get_stats(ps.rd, &st) == 0 && st.malformed) {
		print_flush();
		fprintf(stderr, PROG ": parse: %" PRIu64 " line(s) skipped: not audit records\n",
			st.malformed);
	}
	if (ps.matched == 0) {
		/* as ausearch: exit status 1, and the note unless --raw */
		print_flush();
		if (!ps.raw)
			fprintf(stderr, "<no matches>\n");
		status = EXIT_FAIL;
	}
out:
	contid_reader_free(ps.rd);
	for (i = 0; i < nlogs; i++)
		free(logs[i]);
	free(logs);
	free(first);
	return status;
}
