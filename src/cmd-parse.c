/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse: read audit logs, select events as ausearch does. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "contidctl.h"
#include "ausearch.h"
#include "checkpoint-io.h"
#include "contid-names.h"
#include "events.h"
#include "normalize.h"
#include "parse-input.h"

static const char parse_help[] =
	"Usage: " PROG " parse [options] [FILE]\n"
	"Read an audit log and print its events with their container IDs, like\n"
	"\"events\"; ausearch's basic options select and format them.  The log is\n"
	"FILE or -if FILE (\"-\": standard input); without either, standard input\n"
	"when it is a pipe (as ausearch), else the configured audit log (log_file\n"
	"of /etc/audit/auditd.conf) with its rotated files, oldest first.  Exit\n"
	"status 1 and \"<no matches>\" when no event is selected.\n\n"
	"Options (ausearch's; where a letter meant something else here before,\n"
	"ausearch's meaning wins):\n"
	"      --contid ID      only events carrying this container ID (repeatable)\n"
	"  -m, --message TYPE[,TYPE]  only events with a record of these types\n"
	"                       (names in any case, UNKNOWN[N], numbers, or ALL)\n"
	"  -k, --key KEY        only events with a key containing KEY\n"
	"  -p, --pid PID        -pp, --ppid PPID   only events of this pid, ppid\n"
	"  -ui, --uid USER      -ul, --loginuid USER   uid=, auid= (number or name)\n"
	"  -ue, --uid-effective USER   euid= (number or name)\n"
	"  -ua, --uid-all USER  uid=, euid= or auid= is USER\n"
	"  -gi, --gid GROUP     -ge, --gid-effective GROUP   gid=, egid=\n"
	"  -ga, --gid-all GROUP gid= or egid= is GROUP\n"
	"      --session SES    ses=\n"
	"  -sc, --syscall NAME|NR   -sv, --success yes|no   -e, --exit ERRNO|NR\n"
	"      --arch ARCH      arch= is ARCH (x86_64, i386, aarch64, ..., b64,\n"
	"                       b32 or hex); before -sc NAME, whose table it\n"
	"                       chooses (-sc NAME alone selects this machine's)\n"
	"  -a, --event SERIAL   the event with this serial\n"
	"  -c, --comm TEXT      -x, --executable TEXT   -hn, --host TEXT\n"
	"  -f, --file TEXT      -tm, --terminal TEXT   -su, --subject TEXT\n"
	"  -o, --object TEXT    -se, --context TEXT   -uu, --uuid TEXT\n"
	"  -vm, --vm-name TEXT  comm=, exe=, hostname=, a name= or cwd=,\n"
	"                       terminal=, subject (subj=, scontext=), object\n"
	"                       (obj=, tcontext=), subject or object, uuid=,\n"
	"                       vm= containing TEXT\n"
	"  -w, --word           the TEXT options above match whole values\n"
	"  -n, --node NODE      node= is NODE (repeatable: any of them)\n"
	"      --just-one       stop after the first event selected\n"
	"  -l, --line-buffered  write each event out as it is selected\n"
	"  -ts, --start [DATE] [TIME]  only events at or after: a date (the\n"
	"                       locale's, C: MM/DD/YY), a time HH:MM[:SS], both, or\n"
	"                       now, recent, this-hour, boot, today, yesterday,\n"
	"                       this-week, week-ago, this-month, this-year\n"
	"  -te, --end [DATE] [TIME]    only events at or before\n"
	"  -i, --interpret      as ausearch -i: the time as local date and time,\n"
	"                       user and group names, syscall and arch names,\n"
	"                       errno names, modes, hex decoded, ...; a container\n"
	"                       ID's name from its mapping record: 4242(web)\n"
	"  -r, --raw            the selected events' records as log lines (no JSON)\n"
	"      --format raw|default|interpret   as -r, neither, -i\n"
	"      --format csv|text   ausearch's normalized output, one line an\n"
	"                       event (libauparse's normalizer): csv with a last\n"
	"                       column CONTID, text with \" in container ID\";\n"
	"                       not with --json\n"
	"      --extra-keys, --extra-labels, --extra-obj2, --extra-time\n"
	"                       csv only: ausearch's KEY, SUBJ_LABEL and\n"
	"                       OBJ_LABEL, OBJ2, and broken-down time columns\n"
	"      --checkpoint FILE  only the events after the last one of the run\n"
	"                       that wrote FILE, which is then rewritten (as\n"
	"                       ausearch; exit status 10, 11, 12 on its failures)\n"
	"  -ts checkpoint       from the time of FILE's event on, in any log file\n"
	"  -if, --input FILE    read FILE\n"
	"      --input-logs     read the configured audit log even from a pipe\n"
	"      --gaps           report gaps in the serial numbers as lost events\n"
	"                       for FILE and standard input too (they may be a\n"
	"                       selection); the configured audit log always\n";


/* One input file (NULL: standard input) into the reader, printing what
 * matches as it completes.  Returns 0 or a negative errno. */
struct parse_state {
	struct contid_reader *rd;
	const struct search *search;
	bool raw, interpret;
	int format;		/* --format csv|text: NORM_CSV/TEXT, else -1 */
	struct norm *norm;	/* its printer */
	bool just_one;		/* --just-one: stop after the first */
	bool line_buffered;	/* -l: each event flushed as printed */
	uint64_t matched;
	/* --checkpoint: the IDs selected here, not by the reader, which
	 * must see every event */
	struct ckpt_file *ckpt;
	const struct id_list *ids;
};

/* --contid as the reader's filter selects: an event with more IDs than
 * it lists may carry any */
static bool ids_match(const struct id_list *ids, const struct contid_event *ev)
{
	size_t i;

	if (!ids || !ids->n || contid_event_contid_more(ev))
		return true;
	for (i = 0; i < ids->n; i++)
		if (contid_event_has_contid(ev, ids->id[i]))
			return true;
	return false;
}

static void parse_drain(struct parse_state *ps)
{
	struct contid_event *ev;

	while (!(ps->just_one && ps->matched) &&
	       contid_reader_next(ps->rd, &ev) == 1) {
		/* -i: every mapping read names the IDs printed from here on,
		 * selected or not (docs/oci-hook.md) */
		if (ps->interpret && !ps->raw && !print_is_json())
			contid_names_learn(ev);
		if (ps->ckpt && search_in_time(ps->search, ev)) {
			int n = ckpt_next(ps->ckpt, ev);

			if (n <= 0) {
				contid_event_free(ev);
				if (n < 0)
					break;
				continue;
			}
		}
		if (search_match(ps->search, ev) && ids_match(ps->ids, ev)) {
			ps->matched++;
			if (ps->raw)
				search_print_raw(ev);
			else if (ps->norm)
				norm_print(ps->norm, ev);
			else
				print_event(ev, ps->interpret);
			if (ps->line_buffered)
				print_flush();
		}
		contid_event_free(ev);
	}
	print_flush();
}

/*
 * A line of @name over 1 MiB, which the reader skipped: said by its
 * number in @name (lines fed before it, @base, taken off), once.
 * Reads are 64 KiB, so a read ends at most one such line.
 */
static void long_line_check(struct parse_state *ps, const char *name, uint64_t base,
			    uint64_t *seen)
{
	uint64_t count, last;

	if (contid_reader_log_lines(ps->rd, NULL, &count, &last) < 0 || count == *seen)
		return;
	*seen = count;
	print_flush();
	fprintf(stderr, PROG ": parse: %s: line %" PRIu64 ": longer than 1 MiB, skipped\n",
		name, last - base);
}

static int parse_one(struct parse_state *ps, const char *file)
{
	const char *name = file ? file : "standard input", *comp, *cat;
	uint64_t base = 0, seen = 0;
	char buf[65536];
	ssize_t got;
	int fd = 0, err = 0;
	bool first = true;

	if (file) {
		fd = open(file, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			fail(errno, strerror(errno), "cannot open '%s'", file);
			return -1;
		}
		if (ps->ckpt)
			ckpt_log_read(ps->ckpt, fd);
	}
	while ((got = read(fd, buf, sizeof(buf))) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		/* a compressed log is no text: say so, not "N line(s)
		 * skipped: not audit records" */
		if (first && (comp = input_compressed(buf, (size_t)got, &cat))) {
			fail_msg("parse: %s: compressed (%s); use %s %s | " PROG " parse",
				 name, comp, cat, file ? file : "FILE");
			if (fd > 0)
				close(fd);
			return -1;
		}
		if (first)
			contid_reader_log_lines(ps->rd, &base, &seen, NULL);
		first = false;
		err = contid_reader_feed_log(ps->rd, buf, (size_t)got);
		if (err < 0)
			break;
		err = 0;
		long_line_check(ps, name, base, &seen);
		parse_drain(ps);
		if ((ps->just_one && ps->matched) || (ps->ckpt && ps->ckpt->status))
			break;
	}
	if (fd > 0)
		close(fd);
	if (err < 0) {
		fail(err, NULL, "cannot read '%s'", file ? file : "standard input");
		return -1;
	}
	return 0;
}

/*
 * -i, -r and --format (ausearch-options.c): one output format.  -i or -r
 * after another is "Conflicting", --format after any "Multiple"; only
 * --format default leaves the default to change.  csv and text are
 * auparse's normalizer's (normalize.c).
 */
static void set_format(struct parse_state *ps, int c, const char *opt,
		       const char *arg)
{
	bool set = ps->raw || ps->interpret || ps->format >= 0;

	if (c == 'O') {
		if (set)
			usage_error("parse", "Multiple output formats, use only 1");
		if (!strcmp(arg, "raw"))
			ps->raw = true;
		else if (!strncmp(arg, "interp", 6))
			ps->interpret = true;
		else if (!strcmp(arg, "csv"))
			ps->format = NORM_CSV;
		else if (!strcmp(arg, "text"))
			ps->format = NORM_TEXT;
		else if (strcmp(arg, "default") != 0)
			usage_error("parse", "Unknown option (%s)", arg);
		return;
	}
	if (set)
		usage_error("parse", "Conflicting output format %s",
			    c == 'r' ? "--raw" : opt);
	if (c == 'r')
		ps->raw = true;
	else
		ps->interpret = true;
}

/*
 * ausearch 3.0.9's rule (src/ausearch.c, is_pipe()): without -if or
 * --input-logs, standard input is read only when it is a pipe (S_ISFIFO);
 * a terminal, /dev/null, a socket or a redirected regular file is not, and
 * the configured log is read instead ("parse < FILE" reads the log:
 * "parse FILE" or "-if -" read FILE and standard input).
 */
static bool stdin_is_pipe(void)
{
	struct stat st;

	return fstat(0, &st) == 0 && S_ISFIFO(st.st_mode);
}

int cmd_parse(int argc, char **argv)
{
	/*
	 * ausearch's options, its spellings: getopt_long_only() takes "-ui"
	 * as the long option "ui".  Where contidctl's older meaning of a
	 * letter clashed with ausearch's (-c was --contid, -k matched whole
	 * keys), ausearch's meaning wins: --contid has no short form.
	 * Every selection goes to search_set_option() under ausearch's name
	 * of it (sel_names[], indexed by the option's value - O_SEL).
	 */
	enum { O_EXTRA = 200, O_SEL = 256 };
	static const char *const sel_names[] = {
		"-p", "-pp", "-ui", "-ua", "-ul", "-gi", "-ga", "--session",
		"-sc", "-e", "-a", "-sv", "-n", "-k", "-c", "-x", "-f", "-hn",
		"-tm", "-su", "-se", "-ue", "-ge", "-o", "-uu", "-vm", "--arch",
		"-w",
	};
#define SEL(i) (O_SEL + (i))
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'C' },
		{ "message", required_argument, NULL, 'm' },
		{ "ts", required_argument, NULL, 'S' },
		{ "start", required_argument, NULL, 'S' },
		{ "te", required_argument, NULL, 'E' },
		{ "end", required_argument, NULL, 'E' },
		{ "interpret", no_argument, NULL, 'i' },
		{ "raw", no_argument, NULL, 'r' },
		{ "if", required_argument, NULL, 'F' },
		{ "input", required_argument, NULL, 'F' },
		{ "input-logs", no_argument, NULL, 'L' },
		{ "gaps", no_argument, NULL, 'G' },
		{ "just-one", no_argument, NULL, '1' },
		{ "line-buffered", no_argument, NULL, 'l' },
		{ "pid", required_argument, NULL, SEL(0) },
		{ "pp", required_argument, NULL, SEL(1) },
		{ "ppid", required_argument, NULL, SEL(1) },
		{ "ui", required_argument, NULL, SEL(2) },
		{ "uid", required_argument, NULL, SEL(2) },
		{ "ua", required_argument, NULL, SEL(3) },
		{ "uid-all", required_argument, NULL, SEL(3) },
		{ "ul", required_argument, NULL, SEL(4) },
		{ "loginuid", required_argument, NULL, SEL(4) },
		{ "gi", required_argument, NULL, SEL(5) },
		{ "gid", required_argument, NULL, SEL(5) },
		{ "ga", required_argument, NULL, SEL(6) },
		{ "gid-all", required_argument, NULL, SEL(6) },
		{ "session", required_argument, NULL, SEL(7) },
		{ "sc", required_argument, NULL, SEL(8) },
		{ "syscall", required_argument, NULL, SEL(8) },
		{ "exit", required_argument, NULL, SEL(9) },
		{ "event", required_argument, NULL, SEL(10) },
		{ "sv", required_argument, NULL, SEL(11) },
		{ "success", required_argument, NULL, SEL(11) },
		{ "node", required_argument, NULL, SEL(12) },
		{ "key", required_argument, NULL, SEL(13) },
		{ "comm", required_argument, NULL, SEL(14) },
		{ "executable", required_argument, NULL, SEL(15) },
		{ "file", required_argument, NULL, SEL(16) },
		{ "hn", required_argument, NULL, SEL(17) },
		{ "host", required_argument, NULL, SEL(17) },
		{ "tm", required_argument, NULL, SEL(18) },
		{ "terminal", required_argument, NULL, SEL(18) },
		{ "su", required_argument, NULL, SEL(19) },
		{ "subject", required_argument, NULL, SEL(19) },
		{ "se", required_argument, NULL, SEL(20) },
		{ "context", required_argument, NULL, SEL(20) },
		{ "ue", required_argument, NULL, SEL(21) },
		{ "uid-effective", required_argument, NULL, SEL(21) },
		{ "ge", required_argument, NULL, SEL(22) },
		{ "gid-effective", required_argument, NULL, SEL(22) },
		{ "object", required_argument, NULL, SEL(23) },
		{ "uu", required_argument, NULL, SEL(24) },
		{ "uuid", required_argument, NULL, SEL(24) },
		{ "vm", required_argument, NULL, SEL(25) },
		{ "vm-name", required_argument, NULL, SEL(25) },
		{ "arch", required_argument, NULL, SEL(26) },
		{ "word", no_argument, NULL, SEL(27) },
		{ "format", required_argument, NULL, 'O' },
		{ "checkpoint", required_argument, NULL, 'K' },
		/* O_EXTRA + log2 of the NORM_EXTRA_* bit */
		{ "extra-keys", no_argument, NULL, O_EXTRA + 0 },
		{ "extra-labels", no_argument, NULL, O_EXTRA + 1 },
		{ "extra-obj2", no_argument, NULL, O_EXTRA + 2 },
		{ "extra-time", no_argument, NULL, O_EXTRA + 3 },
		{ NULL, 0, NULL, 0 }
	};
	/* the one-letter selections: -p -e -a -n -k -c -x -f -o -w */
	static const char sel_letters[] = "peankcxfow";
	struct lost_state ls = { .cmd = "parse" };
	struct search search = { .ntypes = 0 };
	struct parse_state ps = { .search = &search, .format = -1 };
	struct contid_reader_stats st;
	uint64_t longs;
	const char *file = NULL, *input = NULL, *ckpt_path = NULL;
	char **logs = NULL, *first = NULL;
	bool input_logs = false, gaps = false, ckpt_time = false;
	unsigned int extra = 0;
	struct id_list ids = { .n = 0 };
	struct ckpt_file ckpt;
	int c, i, nlogs = 0, start = 0, status = EXIT_OK;

	for (;;) {
		c = cmd_getopt_long_only(argc, argv, "parse", "+m:irlp:e:a:n:k:c:x:f:o:w",
					 opts, parse_help);
		if (c == -1) {
			/* FILE, then options again */
			if (optind >= argc)
				break;
			if (file)
				usage_error("parse", "unexpected argument '%s'", argv[optind]);
			file = argv[optind++];
			continue;
		}
		if (c > 0 && c < O_SEL && strchr(sel_letters, c)) {
			char name[3] = { '-', (char)c, '\0' };

			search_set_option(&search, name, optarg);
			continue;
		}
		if (c >= O_SEL) {
			search_set_option(&search, sel_names[c - O_SEL], optarg);
			continue;
		}
		switch (c) {
		case 'C':
			id_list_add("parse", &ids, optarg);
			break;
		case 'm':
			search_add_types(&search, optarg);
			break;
		case '1':
			ps.just_one = true;
			break;
		case 'l':
			ps.line_buffered = true;
			break;
		case 'S':
		case 'E':
			/* -ts checkpoint (ausearch-options.c), unless a time
			 * follows, which makes "checkpoint" a bad date */
			if (c == 'S' && !strcmp(optarg, "checkpoint") &&
			    !(optind < argc && isdigit((unsigned char)argv[optind][0]))) {
				ckpt_time = true;
				break;
			}
			optind += search_set_time(&search, c == 'E', optarg,
						  optind < argc ? argv[optind] : NULL);
			break;
		case 'i':
		case 'r':
		case 'O':
			set_format(&ps, c, argv[optind - 1], optarg);
			break;
		case 'K':
			if (ckpt_path)
				usage_error("parse", "--checkpoint given twice");
			ckpt_path = optarg;
			break;
		case 'F':
			if (input)
				usage_error("parse", "-if given twice");
			input = optarg;
			break;
		case 'L':
			input_logs = true;
			break;
		case 'G':
			gaps = true;
			break;
		case O_EXTRA + 0:
		case O_EXTRA + 1:
		case O_EXTRA + 2:
		case O_EXTRA + 3:
			extra |= 1u << (c - O_EXTRA);
			break;
		}
	}
	/* ausearch's final check (it forgets --extra-obj2, which it
	 * ignores without csv; refused here too) */
	if (extra && ps.format != NORM_CSV)
		usage_error("parse", "--extra options requires format to be csv");
	if (opt_json && ps.format >= 0)
		usage_error("parse", "--json cannot be used with --format %s",
			    ps.format == NORM_CSV ? "csv" : "text");
	if (input && file)
		usage_error("parse", "both -if '%s' and FILE '%s'", input, file);
	if (input)
		file = input;
	if (input_logs && file)
		usage_error("parse", "--input-logs with a FILE");
	if (ckpt_time && !ckpt_path)
		usage_error("parse", "-ts checkpoint without --checkpoint FILE");
	/* ausearch 3.0.9 stops a file at its first selected event, printed
	 * or not, and saves the event before it: the next run prints that
	 * one again */
	if (ckpt_path && ps.just_one)
		usage_error("parse", "--just-one with --checkpoint");
	ckpt_file_init(&ckpt, ckpt_path, ckpt_time);
	if (ckpt_path) {
		status = ckpt_load(&ckpt);
		if (status != EXIT_OK)
			return status;
		ps.ckpt = &ckpt;
		ps.ids = &ids;
	}
	if (ps.interpret || ps.format >= 0)
		/* the stamp's date and time in the locale's %x %T */
		setlocale(LC_TIME, "");
	/* --raw is log lines, never JSON */
	print_init(stdout, opt_json && !ps.raw);
	if (!file && (input_logs || !stdin_is_pipe())) {
		nlogs = search_log_files(&logs, &first);
		if (nlogs < 0) {
			status = fail(nlogs, NULL, "cannot list the audit logs");
			nlogs = 0;
			goto out;
		}
		if (nlogs == 0) {
			int err = access(first, R_OK) < 0 ? errno : EACCES;

			status = fail(err, strerror(err), "cannot read the audit log '%s'",
				      first);
			goto out;
		}
		if (ps.ckpt) {
			status = ckpt_find_log(&ckpt, logs, nlogs, &start);
			if (status != EXIT_OK)
				goto out;
		}
	}
	/* with --checkpoint every event goes to it: the IDs are selected in
	 * parse_drain() */
	ps.rd = ps.ckpt ? new_reader(NULL, 0) : new_reader(ids.id, ids.n);
	if (!ps.rd) {
		status = EXIT_FAIL;
		goto out;
	}
	if (ps.format >= 0) {
		ps.norm = norm_new((enum norm_format)ps.format, extra);
		if (!ps.norm) {
			status = fail(errno, strerror(errno), "cannot start libauparse");
			goto out;
		}
	}
	/* Text without -i prints each record's text as read: its fields are
	 * not needed unless the search reads them (most of a record's cost
	 * is splitting it; issue 16). */
	if (!print_is_json() && !ps.interpret && !search_needs_fields(&search))
		contid_reader_set_fields(ps.rd, 0);
	if (nlogs) {
		for (i = start; i < nlogs && status == EXIT_OK && !ckpt.status; i++)
			if (parse_one(&ps, logs[i]) < 0)
				status = EXIT_FAIL;
	} else if (parse_one(&ps, file && strcmp(file, "-") != 0 ? file : NULL) < 0) {
		status = EXIT_FAIL;
	}
	if (status == EXIT_OK && ckpt.status)
		status = ckpt.status;
	if (status != EXIT_OK)
		goto out;
	if (ps.ckpt) {
		/* as ausearch: the events still open may get records from
		 * the log's next lines; the next run prints them */
		if (nlogs || (file && strcmp(file, "-") != 0)) {
			status = ckpt_save(&ckpt);
			if (status != EXIT_OK)
				goto out;
		} else {
			print_flush();
			fprintf(stderr, PROG ": parse: warning: --checkpoint with standard input: "
				"the checkpoint is read, not written\n");
		}
	} else {
		contid_reader_flush(ps.rd);
		parse_drain(&ps);
	}
	/*
	 * A gap in the serials is loss only where the input claims to be
	 * the whole stream: the configured audit log, where auditd wrote
	 * every record it got.  A FILE or a pipe may be a selection
	 * ("parse --raw -k perm_mod LOG | parse", grep, ausearch --raw),
	 * whose gaps are the events left out: said only with --gaps.
	 */
	check_lost(ps.rd, &ls, nlogs > 0 || gaps);
	/* the lines over 1 MiB were said by number as they came */
	/* the lines over 1 MiB were said by their number */
	if (contid_reader_get_stats(ps.rd, &st) == 0 &&
	    contid_reader_log_lines(ps.rd, NULL, &longs, NULL) == 0 && st.malformed > longs) {
		print_flush();
		fprintf(stderr, PROG ": parse: %" PRIu64 " line(s) skipped: not audit records\n",
			st.malformed - longs);
	}
	if (ps.matched == 0) {
		/* as ausearch: exit status 1, and the note unless --raw */
		print_flush();
		if (!ps.raw)
			fprintf(stderr, "<no matches>\n");
		status = EXIT_FAIL;
	}
out:
	ckpt_file_free(&ckpt);
	contid_names_reset();
	norm_free(ps.norm);
	contid_reader_free(ps.rd);
	for (i = 0; i < nlogs; i++)
		free(logs[i]);
	free(logs);
	free(first);
	return status;
}
