/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl events: follow live audit events. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ausearch.h"
#include "contidctl.h"
#include "events.h"

/* --raw: audit log lines, which contidctl parse and ausearch read back */
static bool raw_lines;

static int drain(struct contid_reader *rd, uint64_t *left)
{
	struct contid_event *ev;

	while ((!left || *left > 0) && contid_reader_next(rd, &ev) == 1) {
		if (raw_lines)
			search_print_raw(ev);
		else
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
	"Usage: " PROG " events [--daemon] [--contid ID]... [--count N] [--raw]\n"
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
	"  -n, --count N    exit after N events\n"
	"  -r, --raw        the records as audit log lines (no JSON), which\n"
	"                   contidctl parse and ausearch read\n";


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

/* What the command line asks for. */
struct events_opts {
	struct id_list ids;
	bool daemon;
	bool counted;		/* --count given: stop after @left events */
	uint64_t left;
};

static void events_args(int argc, char **argv, struct events_opts *o)
{
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'c' },
		{ "daemon", no_argument, NULL, 'D' },
		{ "count", required_argument, NULL, 'n' },
		{ "raw", no_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	raw_lines = false;
	while ((c = cmd_getopt(argc, argv, "events", "c:Dn:r", opts, events_help)) != -1) {
		if (c == 'c') {
			id_list_add("events", &o->ids, optarg);
		} else if (c == 'D') {
			o->daemon = true;
		} else if (c == 'n') {
			o->left = (uint64_t)parse_pid("events", "count", optarg);
			o->counted = true;
		} else if (c == 'r') {
			raw_lines = true;
		}
	}
	if (optind < argc)
		usage_error("events", "unexpected argument '%s'", argv[optind]);
}

static void catch_signals(void)
{
	struct sigaction sa;

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
}

/*
 * What one run holds.  events_open() fills it as far as it gets;
 * events_close() releases whatever is there, on every path.
 */
struct events_run {
	struct contid_reader *rd;
	struct contid_handle *h;
	bool registered;	/* h is the audit daemon's socket */
	struct lost_state ls;	/* ls.status: a handle of its own */
};

/* Multicast: watch the socket's drop count, if /proc/net/netlink has it. */
static void watch_drops(struct lost_state *ls, struct contid_handle *h)
{
	/*
	 * A multicast reader is the only one to lose what overruns its
	 * socket.  (A daemon's overruns are retried by the kernel: its
	 * losses are the kernel's lost counter, see open_daemon().)
	 */
	ls->sock = h;
	ls->drops = socket_drops(h);
	if (ls->drops < 0) {
		fprintf(stderr, PROG ": events: warning: no drop count for this socket "
			"in /proc/net/netlink: lost records are reported as ENOBUFS "
			"and serial gaps only\n");
		ls->sock = NULL;
	}
}

/* --daemon: register @r->h, and read the kernel's lost counter once
 * on a second handle, the starting point of check_lost()'s reports. */
static int open_daemon(struct events_run *r)
{
	struct contid_status kst;
	int err;

	err = contid_handle_register(r->h);
	if (err < 0)
		return fail(err, err == -EEXIST ? "another audit daemon is registered" : NULL,
			    "cannot register as the audit daemon");
	r->registered = true;
	r->ls.status = open_handle(0);
	if (!r->ls.status)
		return EXIT_FAIL;
	err = contid_status_get(r->ls.status, &kst);
	if (err < 0)
		return fail(err, NULL, "cannot read the audit status");
	r->ls.kernel_lost = kst.lost;
	r->ls.kernel_checked = time(NULL);
	return EXIT_OK;
}

/* Prints the failure and returns EXIT_FAIL; events_close() in any case. */
static int events_open(struct events_run *r, const struct events_opts *o)
{
	r->rd = new_reader(o->ids.id, o->ids.n);
	if (!r->rd)
		return EXIT_FAIL;
	r->h = open_handle(o->daemon ? 0 : CONTID_OPEN_READLOG);
	if (!r->h)
		return EXIT_FAIL;
	if (o->daemon)
		return open_daemon(r);
	watch_drops(&r->ls, r->h);
	return EXIT_OK;
}

static void events_close(struct events_run *r)
{
	if (r->registered)
		contid_handle_unregister(r->h);
	contid_handle_close(r->ls.status);
	contid_handle_close(r->h);
	contid_reader_free(r->rd);
}

/* Read and print until stopped, --count events are out or a read fails;
 * then what the window still holds, and the last loss report. */
static int events_follow(struct events_run *r, struct events_opts *o)
{
	uint64_t *left = o->counted ? &o->left : NULL;
	int err, status = EXIT_OK;

	/* Short reads, so that a stop request is seen within 200 ms. */
	contid_handle_set_timeout(r->h, 200);
	while (!stop && (!left || *left > 0)) {
		err = contid_reader_read_netlink(r->rd, r->h);
		if (err < 0 && err != -EINTR) {
			status = fail(err, NULL, "cannot read audit records");
			break;
		}
		check_lost(r->rd, &r->ls, err == 0);
		drain(r->rd, left);
	}
	if (!left || *left > 0) {
		contid_reader_flush(r->rd);
		drain(r->rd, left);
	}
	check_lost(r->rd, &r->ls, true);
	return status;
}

int cmd_events(int argc, char **argv)
{
	struct events_opts o = { .daemon = false };
	struct events_run r = { .ls = { .cmd = "events" } };
	int status;

	events_args(argc, argv, &o);
	/* --raw is log lines, never JSON (as parse --raw) */
	print_init(stdout, opt_json && !raw_lines);
	catch_signals();
	status = check_enabled();
	if (status != EXIT_OK)
		return status;
	status = events_open(&r, &o);
	if (status == EXIT_OK)
		status = events_follow(&r, &o);
	events_close(&r);
	return status;
}
