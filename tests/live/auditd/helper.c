/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contid-auditd-helper: the load generator and the witness of the auditd
 * live suite (tests/live/auditd).
 *
 *   contid-auditd-helper burst DIR N [GO]
 *	wait until the file GO exists (when given), then create DIR/f0 ..
 *	DIR/f(N-1) (open O_WRONLY|O_CREAT|O_TRUNC, close): with a perm=wa rule
 *	on DIR, exactly N audited syscall events.  Prints
 *	"burst N ms" (wall-clock milliseconds of the N opens).
 *
 *   contid-auditd-helper witness OUT
 *	read the audit multicast group (AUDIT_NLGRP_READLOG) with a 64 MiB
 *	receive buffer (SO_RCVBUFFORCE) until SIGTERM/SIGINT, writing one
 *	"SERIAL TYPE SEC.MSEC TEXT" line per record to OUT (TEXT: what follows
 *	the "audit(...): " stamp; each line written as it is read), then
 *	"enobufs=N records=M" on standard output.  A ground truth
 *	independent of the audit daemon: the kernel multicasts every record
 *	of its main queue before it tries the daemon.
 *
 *   contid-auditd-helper kmsg [SEQ]
 *	read the kernel log (/dev/kmsg, without waiting) and print the
 *	sequence number of its last record; with SEQ, first print each record
 *	after SEQ that is a kernel splat (KASAN, lockdep, WARN, BUG, oops,
 *	kmemleak: the patterns of kernel/scripts/run-qemu.sh) and exit 1 if
 *	there was one, or if records after SEQ were overwritten before they
 *	could be read (then nothing can be said of them).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <linux/netlink.h>

#ifndef AUDIT_NLGRP_READLOG
#define AUDIT_NLGRP_READLOG 1
#endif
#ifndef NETLINK_AUDIT
#define NETLINK_AUDIT 9
#endif

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int burst(const char *dir, long n, const char *go)
{
	char path[4096];
	double t0;
	long i;

	if (go)
		while (access(go, F_OK) != 0)
			usleep(2000);
	t0 = now_ms();
	for (i = 0; i < n; i++) {
		int fd;

		snprintf(path, sizeof(path), "%s/f%ld", dir, i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (fd < 0) {
			fprintf(stderr, "burst: open %s: %s\n", path, strerror(errno));
			return 1;
		}
		close(fd);
	}
	printf("burst %ld %.0f\n", n, now_ms() - t0);
	return 0;
}

static volatile sig_atomic_t stop;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

static int witness(const char *out)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1u << (AUDIT_NLGRP_READLOG - 1) };
	static char buf[1 << 16];
	struct sigaction act;
	struct timeval tv = { 0, 200000 };
	uint64_t enobufs = 0, records = 0;
	int sz = 64 << 20, fd;
	FILE *f;

	memset(&act, 0, sizeof(act));
	act.sa_handler = on_stop;
	sigaction(SIGTERM, &act, NULL);
	sigaction(SIGINT, &act, NULL);
	f = fopen(out, "w");
	if (!f) {
		perror(out);
		return 1;
	}
	/*
	 * Line-buffered: each record is in OUT as soon as it is read, so that
	 * a script can wait for a marker there while the witness runs.
	 */
	if (setvbuf(f, NULL, _IOLBF, 0) != 0) {
		perror("witness: setvbuf");
		return 1;
	}
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof(sz)) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) < 0 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		perror("witness: netlink socket");
		return 1;
	}
	/* Tell the caller we are listening. */
	fprintf(stderr, "witness: listening\n");
	for (;;) {
		ssize_t len = recv(fd, buf, sizeof(buf) - 1, stop ? MSG_DONTWAIT : 0);
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
		uint64_t serial;
		unsigned long sec, msec;

		if (len < 0) {
			if (errno == ENOBUFS) {
				enobufs++;
				continue;
			}
			/* once stopped, drain what is queued, then end */
			if (errno == EAGAIN && stop)
				break;
			if (errno == EAGAIN || errno == EINTR)
				continue;
			perror("witness: recv");
			return 1;
		}
		if ((size_t)len < sizeof(*nlh))
			continue;
		buf[len] = '\0';
		if (sscanf(buf + sizeof(*nlh), "audit(%lu.%lu:%" SCNu64 ")", &sec, &msec,
			   &serial) != 3)
			continue;
		{
			char *text = strstr(buf + sizeof(*nlh), "): "), *nl;

			text = text ? text + 3 : "";
			while ((nl = strchr(text, '\n')))
				*nl = ' ';
			fprintf(f, "%" PRIu64 " %u %lu.%03lu %s\n", serial,
				nlh->nlmsg_type, sec, msec, text);
		}
		records++;
	}
	fclose(f);
	printf("enobufs=%" PRIu64 " records=%" PRIu64 "\n", enobufs, records);
	return 0;
}

static const char *const splats[] = {
	"BUG: ", "WARNING: CPU", "WARNING: at", "------------[ cut here ]", "Kernel panic",
	"general protection fault", "Oops:", "possible recursive locking",
	"possible circular locking", "inconsistent lock state",
	"suspicious RCU usage", "sleeping function called from invalid context",
	"UBSAN:", "list_add corruption", "list_del corruption",
	"unreferenced object", NULL
};

static int kmsg(const char *since)
{
	static char buf[8192];
	unsigned long long seq, first = 0, last = 0;
	unsigned long long from = since ? strtoull(since, NULL, 10) : 0;
	unsigned long found = 0;
	bool have = false, overrun = false;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		perror("/dev/kmsg");
		return 2;
	}
	for (;;) {
		ssize_t len = read(fd, buf, sizeof(buf) - 1);
		const char *msg;
		int i;

		if (len < 0 && errno == EPIPE) {
			/* overwritten while we read: go on with the oldest left */
			overrun = true;
			continue;
		}
		if (len < 0 && errno == EINTR)
			continue;
		if (len < 0)
			break;	/* EAGAIN: nothing more */
		buf[len] = '\0';
		if (sscanf(buf, "%*u,%llu,", &seq) != 1)
			continue;
		if (!have)
			first = seq;
		have = true;
		last = seq;
		if (!since || seq <= from)
			continue;
		msg = strchr(buf, ';');
		msg = msg ? msg + 1 : buf;
		for (i = 0; splats[i]; i++) {
			if (strstr(msg, splats[i])) {
				printf("kmsg %llu: %s", seq, msg);
				found++;
				break;
			}
		}
	}
	close(fd);
	printf("%llu\n", last);
	if (since && (overrun || (have && first > from + 1))) {
		fprintf(stderr, "kmsg: records after %llu were overwritten before they were read "
			"(oldest left %llu)\n", from, first);
		return 1;
	}
	return found ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && argc <= 3 && !strcmp(argv[1], "kmsg"))
		return kmsg(argc == 3 ? argv[2] : NULL);
	if (argc >= 4 && !strcmp(argv[1], "burst"))
		return burst(argv[2], strtol(argv[3], NULL, 10), argc > 4 ? argv[4] : NULL);
	if (argc == 3 && !strcmp(argv[1], "witness"))
		return witness(argv[2]);
	fprintf(stderr, "usage: contid-auditd-helper burst DIR N [GO] | witness OUT | kmsg [SEQ]\n");
	return 2;
}
