/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl events: follow live audit events. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "contidctl.h"
#include "events.h"

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
	struct id_list ids = { .n = 0 };
	uint64_t left = 0;
	bool daemon = false, counted = false;
	int c, err, status = EXIT_OK;

	while ((c = cmd_getopt(argc, argv, "events", "c:Dn:", opts, events_help)) != -1) {
		if (c == 'c') {
			id_list_add("events", &ids, optarg);
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
	rd = new_reader(ids.id, ids.n);
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
