/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The event reader events and parse share, and their reports of loss. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>
#include <sys/stat.h>
#include <linux/netlink.h>

#include "contidctl.h"
#include "events.h"

struct contid_reader *new_reader(const uint64_t *ids, size_t n)
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
 * The kernel's count of records it could not queue on @h's socket (the
 * Drops column of /proc/net/netlink for the socket's inode), or -1.
 */
long long socket_drops(struct contid_handle *h)
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
		print_string(PRINT_JSON, "kind", NULL, "lost");
		print_u64(PRINT_JSON, "version", NULL, PRINT_JSON_VERSION);
		print_string(PRINT_JSON, "reason", NULL, reason);
		print_u64(PRINT_JSON, "count", NULL, count);
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

void check_lost(struct contid_reader *rd, struct lost_state *ls, bool gaps)
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
