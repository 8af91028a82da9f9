/*
 * parse-bench: generate a large audit log, parse it into events with
 * libcontid and with libauparse, print records/second side by side.
 * Not a test: one run, numbers depend on the machine.
 *
 * Usage: parse-bench [events] [file]   (default 200000 events, a temp file)
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libcontid/contid.h>
#ifdef HAVE_AUPARSE_H
#include <auparse.h>
#endif

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Events shaped like the cover letter's: CONTAINER_INFO, PROCTITLE (hex),
 * PATH x2, CWD, SYSCALL, EOE; every tenth event is a CONTAINER set. */
static unsigned long generate(const char *path, unsigned long nevents)
{
	FILE *f = fopen(path, "w");
	unsigned long i, records = 0;

	if (!f) {
		perror(path);
		exit(1);
	}
	for (i = 0; i < nevents; i++) {
		unsigned long sec = 1521122591 + i / 1000, ms = i % 1000;
		unsigned long serial = 1000 + i;
		unsigned long cid = 123400 + i % 50;

		if (i % 10 == 0) {
			fprintf(f, "type=CONTAINER msg=audit(%lu.%03lu:%lu): op=set pid=689 uid=0 "
				"auid=0 tty=pts0 ses=3 opid=%lu old-contid=18446744073709551615 "
				"contid=%lu res=1\n", sec, ms, serial, 700 + i % 30000, cid);
			records++;
			continue;
		}
		fprintf(f, "type=CONTAINER_INFO msg=audit(%lu.%03lu:%lu): op=task contid=%lu\n",
			sec, ms, serial, cid);
		fprintf(f, "type=PROCTITLE msg=audit(%lu.%03lu:%lu): proctitle=7065726C002D6500736C65657020313B206F70656E286D792024746D7066696C652C20273E272C20222F746D702F746D70636F6E7461696E6572696422293B20636C6F73652824746D7066696C65293B\n",
			sec, ms, serial);
		fprintf(f, "type=PATH msg=audit(%lu.%03lu:%lu): item=1 name=\"/tmp/tmpcontainerid\" inode=18427 dev=00:26 mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=CREATE cap_fp=0000000000000000 cap_fi=0000000000000000 cap_fe=0 cap_fver=0\n",
			sec, ms, serial);
		fprintf(f, "type=PATH msg=audit(%lu.%03lu:%lu): item=0 name=\"/tmp/\" inode=13513 dev=00:26 mode=041777 ouid=0 ogid=0 rdev=00:00 nametype=PARENT cap_fp=0000000000000000 cap_fi=0000000000000000 cap_fe=0 cap_fver=0\n",
			sec, ms, serial);
		fprintf(f, "type=CWD msg=audit(%lu.%03lu:%lu): cwd=\"/root\"\n", sec, ms, serial);
		fprintf(f, "type=SYSCALL msg=audit(%lu.%03lu:%lu): arch=c000003e syscall=257 success=yes exit=3 a0=ffffffffffffff9c a1=55db90a28900 a2=241 a3=1b6 items=2 ppid=689 pid=724 auid=0 uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=pts0 ses=3 comm=\"perl\" exe=\"/usr/bin/perl\" key=\"tmpcontainerid\"\n",
			sec, ms, serial);
		fprintf(f, "type=EOE msg=audit(%lu.%03lu:%lu): \n", sec, ms, serial);
		records += 7;
	}
	fclose(f);
	return records;
}

struct result {
	unsigned long records, events, fields;
	double secs;
};

static int run_libcontid(const char *path, struct result *res)
{
	struct contid_reader *rd;
	struct contid_event *ev;
	static char buf[1 << 16];
	double t0 = now();
	ssize_t n;
	int fd, i, err;

	memset(res, 0, sizeof(*res));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	err = contid_reader_new(&rd, 0, 0);
	if (err < 0) {
		close(fd);
		return err;
	}
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n <= 0)
			break;
		err = contid_reader_feed_log(rd, buf, (size_t)n);
		if (err < 0)
			break;
		while (contid_reader_next(rd, &ev) == 1) {
			res->events++;
			for (i = 0; i < contid_event_record_count(ev); i++) {
				const struct contid_record *rec =
					contid_event_record(ev, (unsigned int)i);

				res->records++;
				res->fields += (unsigned long)contid_record_field_count(rec);
			}
			contid_event_free(ev);
		}
	}
	contid_reader_flush(rd);
	while (contid_reader_next(rd, &ev) == 1) {
		res->events++;
		for (i = 0; i < contid_event_record_count(ev); i++)
			res->records++;
		contid_event_free(ev);
	}
	contid_reader_free(rd);
	close(fd);
	res->secs = now() - t0;
	return err < 0 ? err : 0;
}

#ifdef HAVE_AUPARSE_H
static int run_auparse(const char *path, struct result *res)
{
	auparse_state_t *au;
	double t0 = now();

	memset(res, 0, sizeof(*res));
	au = auparse_init(AUSOURCE_FILE, path);
	if (!au)
		return -errno;
	while (auparse_next_event(au) > 0) {
		res->events++;
		if (auparse_first_record(au) <= 0)
			continue;
		do {
			res->records++;
			if (auparse_first_field(au) > 0) {
				do {
					res->fields++;
				} while (auparse_next_field(au) > 0);
			}
		} while (auparse_next_record(au) > 0);
	}
	auparse_destroy(au);
	res->secs = now() - t0;
	return 0;
}
#endif

/* The rate is over the log's record lines (EOE included), the same input
 * for both parsers; the columns before it are what each one delivered. */
static unsigned long input_records;

static void row(const char *name, const struct result *r)
{
	printf("%-12s %10lu %9lu %10lu %8.3f %14.0f\n", name, r->records, r->events,
	       r->fields, r->secs,
	       r->secs > 0 ? (double)input_records / r->secs : 0.0);
}

int main(int argc, char **argv)
{
	unsigned long nevents = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000;
	char tmpl[] = "/tmp/parse-bench-XXXXXX";
	const char *path = argc > 2 ? argv[2] : NULL;
	unsigned long generated;
	struct result r;
	int fd, err;

	if (!path) {
		fd = mkstemp(tmpl);
		if (fd < 0) {
			perror("mkstemp");
			return 1;
		}
		close(fd);
		path = tmpl;
	}
	generated = generate(path, nevents);
	input_records = generated;
	printf("log: %s, %lu events, %lu records (EOE included)\n\n", path, nevents,
	       generated);
	printf("%-12s %10s %9s %10s %8s %14s\n", "parser", "records", "events",
	       "fields", "seconds", "records/s");
	err = run_libcontid(path, &r);
	if (err < 0) {
		fprintf(stderr, "libcontid: %s\n", contid_strerror(err));
		return 1;
	}
	row("libcontid", &r);
#ifdef HAVE_AUPARSE_H
	err = run_auparse(path, &r);
	if (err < 0) {
		fprintf(stderr, "auparse: %s\n", strerror(-err));
		return 1;
	}
	row("libauparse", &r);
#else
	printf("%-12s (not built: libauparse not found)\n", "libauparse");
#endif
	printf("\nrecords/s: record lines of the log parsed per second, one run.\n"
	       "libcontid does not deliver EOE records (they end events); libauparse\n"
	       "does, and it does not know types 1020/1340, so it groups the\n"
	       "container records into events of their own.\n");
	if (path == tmpl)
		unlink(tmpl);
	return 0;
}
