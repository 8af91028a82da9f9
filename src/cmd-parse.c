/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse: read audit logs, select events as ausearch does. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "contidctl.h"
#include "ausearch.h"
#include "events.h"

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
	uint64_t matched;
};

static void parse_drain(struct parse_state *ps)
{
	struct contid_event *ev;

	while (contid_reader_next(ps->rd, &ev) == 1) {
		if (search_match(ps->search, ev)) {
			ps->matched++;
			if (ps->raw)
				search_print_raw(ev);
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
		{ "gaps", no_argument, NULL, 'G' },
		{ NULL, 0, NULL, 0 }
	};
	struct lost_state ls = { .cmd = "parse" };
	struct search search = { .ntypes = 0 };
	struct parse_state ps = { .search = &search };
	struct contid_reader_stats st;
	const char *file = NULL, *input = NULL;
	char **logs = NULL, *first = NULL;
	bool input_logs = false, gaps = false;
	struct id_list ids = { .n = 0 };
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
			id_list_add("parse", &ids, optarg);
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
		case 'G':
			gaps = true;
			break;
		}
	}
	if (input && file)
		usage_error("parse", "both -if '%s' and FILE '%s'", input, file);
	if (input)
		file = input;
	if (input_logs && file)
		usage_error("parse", "--input-logs with a FILE");
	/* --raw is log lines, never JSON */
	print_init(stdout, opt_json && !ps.raw);
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
	ps.rd = new_reader(ids.id, ids.n);
	if (!ps.rd) {
		status = EXIT_FAIL;
		goto out;
	}
	/* Text without -i prints each record's text as read: its fields are
	 * not needed unless the search reads them (most of a record's cost
	 * is splitting it; issue 16). */
	if (!print_is_json() && !ps.interpret && !search_needs_fields(&search))
		contid_reader_set_fields(ps.rd, 0);
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
	/*
	 * A gap in the serials is loss only where the input claims to be
	 * the whole stream: the configured audit log, where auditd wrote
	 * every record it got.  A FILE or a pipe may be a selection
	 * ("parse --raw -k perm_mod LOG | parse", grep, ausearch --raw),
	 * whose gaps are the events left out: said only with --gaps.
	 */
	check_lost(ps.rd, &ls, nlogs > 0 || gaps);
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
