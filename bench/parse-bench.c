/*
 * parse-bench: how fast audit logs are parsed, libcontid beside libauparse,
 * contidctl beside ausearch.  Not a test: one run, numbers depend on the
 * machine; compare the ratios printed, measured side by side in one run.
 *
 *   parse-bench --make COPIES OUT LOG...
 *	Write OUT (which must not exist) from COPIES copies of the LOGs, each
 *	copy with its stamps shifted past the previous copy and its serials
 *	shifted by a multiple of 10^7, so events stay distinct.
 *   parse-bench [--runs N] [--cpu N] [--contidctl PATH] [--ausearch PATH] LOG
 *	Read LOG (never written) with each parser in a child process and
 *	print events/s, MB/s, CPU seconds and max RSS, then the goals.
 *	--cpu N runs them all on CPU N: for a spell on this machine's two
 *	vCPUs the same libcontid loop took 0.21 s on one and 0.33 s on the
 *	other, while the libauparse loop took 0.74 s on both (a neighbour
 *	on the host slows code that keeps the core busy), so a table whose
 *	rows ran on different CPUs compared unlike things.
 *   parse-bench --loop libcontid|nofields|unread|floor|libauparse LOG
 *	Run one loop in this process and print its counts: for
 *	valgrind --tool=callgrind, whose instruction counts repeat where
 *	times on a shared machine do not.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libcontid/contid.h>
#include <auparse.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---------------------------------------------------------------- --make */

/* Write @line with the stamp after "audit(" shifted by @dsec seconds and
 * its serial by @dserial. */
static void shift_line(FILE *f, const char *line, size_t len, uint64_t dsec,
		       uint64_t dserial, uint64_t *maxsec)
{
	const char *p = memmem(line, len, "audit(", 6), *end = line + len;
	char *q;
	uint64_t sec, serial;

	if (!p) {
		fwrite(line, 1, len, f);
		return;
	}
	p += 6;
	sec = strtoull(p, &q, 10);
	if (q == p || q >= end || *q != '.') {
		fwrite(line, 1, len, f);
		return;
	}
	if (sec > *maxsec)
		*maxsec = sec;
	fwrite(line, 1, (size_t)(p - line), f);
	fprintf(f, "%" PRIu64, sec + dsec);
	p = q;
	q = memchr(p, ':', (size_t)(end - p));
	if (!q) {
		fwrite(p, 1, (size_t)(end - p), f);
		return;
	}
	fwrite(p, 1, (size_t)(q + 1 - p), f);
	p = q + 1;
	serial = strtoull(p, &q, 10);
	fprintf(f, "%" PRIu64, serial + dserial);
	fwrite(q, 1, (size_t)(end - q), f);
}

static int make_log(unsigned long copies, const char *out, char **logs, int nlogs)
{
	uint64_t base = 0, span = 0, maxsec = 0, minsec = UINT64_MAX;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long c;
	FILE *f;
	int fd, i;

	fd = open(out, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0) {
		fprintf(stderr, "parse-bench: %s: %s (it must not exist)\n", out,
			strerror(errno));
		return 1;
	}
	f = fdopen(fd, "w");
	for (c = 0; c < copies; c++) {
		for (i = 0; i < nlogs; i++) {
			FILE *in = fopen(logs[i], "r");

			if (!in) {
				perror(logs[i]);
				fclose(f);
				return 1;
			}
			while ((len = getline(&line, &cap, in)) > 0) {
				const char *a = memmem(line, (size_t)len, "audit(", 6);

				if (c == 0 && a) {
					uint64_t s = strtoull(a + 6, NULL, 10);

					if (s && s < minsec)
						minsec = s;
				}
				shift_line(f, line, (size_t)len, base,
					   (uint64_t)c * 10000000, &maxsec);
				/* A log without a final newline. */
				if (line[len - 1] != '\n')
					fputc('\n', f);
			}
			fclose(in);
		}
		if (c == 0)
			span = (maxsec >= minsec && minsec != UINT64_MAX ?
				maxsec - minsec : 0) + 1;
		base += span;
	}
	free(line);
	if (fclose(f) != 0) {
		perror(out);
		return 1;
	}
	return 0;
}

/* ---------------------------------------------------------------- loops */

struct counts {
	unsigned long events, records, fields;
};

/* What the reader loop does with the fields. */
enum fields_use {
	FIELDS_READ,	/* every field read, as in the libauparse loop */
	FIELDS_UNREAD,	/* split and counted, none read */
	FIELDS_NONE,	/* a reader set to split none
			 * (contid_reader_set_fields(rd, 0)): the cost of
			 * grouping records into events alone */
};

static int reader_loop(const char *path, struct counts *n, enum fields_use use)
{
	struct contid_reader *rd;
	struct contid_event *ev;
	static char buf[1 << 16];
	bool eof = false;
	ssize_t len;
	int fd, i, j, err;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	err = contid_reader_new(&rd, 0, 0);
	if (err == 0 && use == FIELDS_NONE)
		err = contid_reader_set_fields(rd, 0);
	if (err < 0) {
		contid_reader_free(rd);
		close(fd);
		return err;
	}
	while (!eof) {
		len = read(fd, buf, sizeof(buf));
		if (len <= 0) {
			eof = true;
			contid_reader_flush(rd);
		} else {
			err = contid_reader_feed_log(rd, buf, (size_t)len);
			if (err < 0)
				break;
		}
		while (contid_reader_next(rd, &ev) == 1) {
			n->events++;
			for (i = 0; i < contid_event_record_count(ev); i++) {
				const struct contid_record *rec =
					contid_event_record(ev, (unsigned int)i);
				int nf = contid_record_field_count(rec);

				n->records++;
				if (use != FIELDS_READ) {
					n->fields += (unsigned long)nf;
					continue;
				}
				for (j = 0; j < nf; j++) {
					const char *name, *value;
					size_t vlen;

					if (contid_record_field(rec, (unsigned int)j, &name,
								&value, &vlen) == 0)
						n->fields++;
				}
			}
			contid_event_free(ev);
		}
	}
	contid_reader_free(rd);
	close(fd);
	return err < 0 ? err : 0;
}

static int loop_libcontid(const char *path, struct counts *n)
{
	return reader_loop(path, n, FIELDS_READ);
}

static int loop_nofields(const char *path, struct counts *n)
{
	return reader_loop(path, n, FIELDS_NONE);
}

/* The fields split and counted, none read: what the loop's
 * contid_record_field() calls cost (bench/bound.sh). */
static int loop_unread(const char *path, struct counts *n)
{
	return reader_loop(path, n, FIELDS_UNREAD);
}

/* What no parser can beat: the file read as the loops read it, and cut
 * into lines (counted as records). */
static int loop_floor(const char *path, struct counts *n)
{
	static char buf[1 << 16];
	ssize_t len;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while ((len = read(fd, buf, sizeof(buf))) > 0) {
		const char *p = buf, *end = buf + len, *nl;

		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			n->records++;
			p = nl + 1;
		}
	}
	close(fd);
	return len < 0 ? -errno : 0;
}

static int loop_auparse(const char *path, struct counts *n)
{
	auparse_state_t *au = auparse_init(AUSOURCE_FILE, path);

	if (!au)
		return -errno;
	while (auparse_next_event(au) > 0) {
		n->events++;
		if (auparse_first_record(au) <= 0)
			continue;
		do {
			n->records++;
			if (auparse_first_field(au) <= 0)
				continue;
			do {
				if (auparse_get_field_name(au) && auparse_get_field_str(au))
					n->fields++;
			} while (auparse_next_field(au) > 0);
		} while (auparse_next_record(au) > 0);
	}
	auparse_destroy(au);
	return 0;
}

/* ---------------------------------------------------------------- runs */

struct run {
	const char *name;
	bool ok;
	double wall, cpu;
	long maxrss_kb;
	long faults;		/* minor page faults */
	struct counts n;
};

static unsigned int runs = 3;	/* --runs: the best of so many */

/* Run @loop on @path, or exec @argv with stdout to /dev/null, in a child:
 * its own max RSS, page faults and CPU time. */
static void measure_once(struct run *r, int (*loop)(const char *, struct counts *),
			 const char *path, char *const argv[])
{
	int pfd[2], status;
	struct rusage ru;
	double t0;
	pid_t pid;

	if (pipe(pfd) < 0) {
		perror("pipe");
		exit(1);
	}
	fflush(stdout);
	t0 = now();
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		close(pfd[0]);
		if (loop) {
			struct counts n = { 0 };
			int err = loop(path, &n);

			if (write(pfd[1], &n, sizeof(n)) != (ssize_t)sizeof(n))
				_exit(1);
			_exit(err < 0 ? 1 : 0);
		} else {
			int null = open("/dev/null", O_WRONLY);

			if (null < 0 || dup2(null, 1) < 0)
				_exit(127);
			execv(argv[0], argv);
			_exit(127);
		}
	}
	close(pfd[1]);
	if (loop && read(pfd[0], &r->n, sizeof(r->n)) != (ssize_t)sizeof(r->n))
		memset(&r->n, 0, sizeof(r->n));
	close(pfd[0]);
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("wait4");
		exit(1);
	}
	r->wall = now() - t0;
	r->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	r->maxrss_kb = ru.ru_maxrss;
	r->faults = ru.ru_minflt;
	/* ausearch exits 1 when nothing matched; any exit but exec failure
	 * or a signal counts as a run. */
	r->ok = WIFEXITED(status) && WEXITSTATUS(status) != 127 &&
		(loop ? WEXITSTATUS(status) == 0 : true);
}

/*
 * One more run of @r, kept if better: the least wall time and the least
 * CPU time (on a shared machine one run can be slowed by anything), the
 * most memory and page faults.  Page faults are in the table because a
 * reader whose freed memory went back to the kernel and was faulted in
 * again was 25% slower, with 200 times the faults (issue 16).
 */
static void measure(struct run *r, int (*loop)(const char *, struct counts *),
		    const char *path, char *const argv[], bool first)
{
	struct run one = *r;

	if (first) {
		measure_once(r, loop, path, argv);
		return;
	}
	if (!r->ok)
		return;
	measure_once(&one, loop, path, argv);
	if (!one.ok) {
		r->ok = false;
		return;
	}
	r->wall = one.wall < r->wall ? one.wall : r->wall;
	r->cpu = one.cpu < r->cpu ? one.cpu : r->cpu;
	r->maxrss_kb = one.maxrss_kb > r->maxrss_kb ? one.maxrss_kb : r->maxrss_kb;
	r->faults = one.faults > r->faults ? one.faults : r->faults;
}

static void row(const struct run *r, unsigned long events, double mb)
{
	if (!r->ok) {
		printf("%-28s (failed)\n", r->name);
		return;
	}
	printf("%-28s %10.0f %8.1f %8.2f %8.2f %9ld %8ld\n", r->name,
	       (double)events / r->wall, mb / r->wall, r->wall, r->cpu,
	       r->maxrss_kb / 1024, r->faults);
}

/* The ratio of wall times and of CPU times: on a shared machine the CPU
 * time is the steadier of the two. */
static void goal(const char *what, double wall, double cpu, const char *cmp,
		 double target)
{
	bool met = cmp[0] == '>' ? wall >= target : wall <= target;
	bool cmet = cmp[0] == '>' ? cpu >= target : cpu <= target;

	printf("%-48s %6.2f %6.2f  goal %s %.1f  %s (wall), %s (CPU)\n", what, wall, cpu,
	       cmp, target, met ? "met" : "NOT met", cmet ? "met" : "NOT met");
}

static void usage(void)
{
	fprintf(stderr, "usage: parse-bench --make COPIES OUT LOG...\n"
			"       parse-bench [--runs N] [--cpu N] [--contidctl PATH] [--ausearch PATH] LOG\n"
			"       parse-bench --loop libcontid|nofields|unread|floor|libauparse LOG\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *contidctl = NULL, *ausearch = NULL, *log;
	int cpu = -1;	/* --cpu: every run on this CPU */
	struct run lc = { .name = "libcontid reader loop" };
	struct run nof = { .name = "  the same, no fields split" };
	struct run fl = { .name = "  floor: read, cut lines" };
	struct run au = { .name = "libauparse loop" };
	struct run txt = { .name = "contidctl parse" };
	struct run js = { .name = "contidctl --json parse" };
	struct run ti = { .name = "contidctl parse -i" };
	struct run raw = { .name = "ausearch -if --raw" };
	struct run interp = { .name = "ausearch -if -i" };
	unsigned long events;
	unsigned int round;
	struct stat st;
	double mb;
	int i = 1;

	if (argc > 1 && !strcmp(argv[1], "--make")) {
		if (argc < 5)
			usage();
		return make_log(strtoul(argv[2], NULL, 10), argv[3], argv + 4, argc - 4);
	}
	if (argc == 4 && !strcmp(argv[1], "--loop")) {
		int (*loop)(const char *, struct counts *) = NULL;
		struct counts n = { 0 };
		int err;

		if (!strcmp(argv[2], "libcontid"))
			loop = loop_libcontid;
		else if (!strcmp(argv[2], "nofields"))
			loop = loop_nofields;
		else if (!strcmp(argv[2], "floor"))
			loop = loop_floor;
		else if (!strcmp(argv[2], "unread"))
			loop = loop_unread;
		else if (!strcmp(argv[2], "libauparse"))
			loop = loop_auparse;
		if (!loop)
			usage();
		err = loop(argv[3], &n);
		printf("%s: %lu events, %lu records, %lu fields\n", argv[2],
		       n.events, n.records, n.fields);
		return err < 0 ? 1 : 0;
	}
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--runs")) {
			runs = (unsigned int)strtoul(argv[i + 1], NULL, 10);
			if (runs < 1 || runs > 100)
				usage();
		} else if (!strcmp(argv[i], "--cpu")) {
			char *end;

			cpu = (int)strtol(argv[i + 1], &end, 10);
			if (*end || end == argv[i + 1] || cpu < 0 || cpu >= CPU_SETSIZE)
				usage();
		} else if (!strcmp(argv[i], "--contidctl")) {
			contidctl = argv[i + 1];
		} else if (!strcmp(argv[i], "--ausearch")) {
			ausearch = argv[i + 1];
		} else {
			usage();
		}
	}
	if (i != argc - 1)
		usage();
	log = argv[i];
	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		/* the children inherit it */
		if (sched_setaffinity(0, sizeof(set), &set) < 0) {
			fprintf(stderr, "parse-bench: cannot run on CPU %d: %s\n", cpu,
				strerror(errno));
			return 1;
		}
	}
	if (stat(log, &st) < 0) {
		perror(log);
		return 1;
	}
	mb = (double)st.st_size / 1e6;

	/*
	 * Round after round, each command once a round: a machine slowed
	 * for a while (a neighbour, a build) slows every row of that round,
	 * not all the runs of one row.
	 */
	for (round = 0; round < runs; round++) {
		bool first = round == 0;

		measure(&lc, loop_libcontid, log, NULL, first);
		if (!lc.ok) {
			fprintf(stderr, "parse-bench: the libcontid loop failed on %s\n", log);
			return 1;
		}
		measure(&nof, loop_nofields, log, NULL, first);
		measure(&fl, loop_floor, log, NULL, first);
		measure(&au, loop_auparse, log, NULL, first);
		if (contidctl) {
			char *t[] = { (char *)contidctl, "parse", (char *)log, NULL };
			char *j[] = { (char *)contidctl, "--json", "parse", (char *)log, NULL };
			char *ci[] = { (char *)contidctl, "parse", "-i", (char *)log, NULL };

			measure(&txt, NULL, NULL, t, first);
			measure(&js, NULL, NULL, j, first);
			measure(&ti, NULL, NULL, ci, first);
		}
		if (ausearch) {
			char *r[] = { (char *)ausearch, "-if", (char *)log, "--raw", NULL };
			char *in[] = { (char *)ausearch, "-if", (char *)log, "-i", NULL };

			measure(&raw, NULL, NULL, r, first);
			measure(&interp, NULL, NULL, in, first);
		}
	}
	events = lc.n.events;

	printf("log: %s, %.1f MB, %lu events, %lu records, %lu fields (libcontid)\n",
	       log, mb, lc.n.events, lc.n.records, lc.n.fields);
	if (cpu >= 0)
		printf("     every run on CPU %d\n", cpu);
	else
		printf("     runs on any CPU (--cpu N: all on one)\n");
	printf("     libauparse: %lu events, %lu records, %lu fields\n",
	       au.n.events, au.n.records, au.n.fields);
	printf("\n%-28s %10s %8s %8s %8s %9s %8s\n", "", "events/s", "MB/s", "wall s",
	       "CPU s", "maxRSS MB", "faults");
	row(&lc, events, mb);
	row(&nof, events, mb);
	row(&fl, events, mb);
	row(&au, events, mb);
	if (contidctl) {
		row(&txt, events, mb);
		row(&js, events, mb);
		row(&ti, events, mb);
	}
	if (ausearch) {
		row(&raw, events, mb);
		row(&interp, events, mb);
	} else {
		printf("%-28s (no ausearch given)\n", "ausearch");
	}
	printf("\nevents/s: libcontid's event count over each wall time, the best of %u rounds.\n"
	       "faults: minor page faults.  ratios: of wall times, then of CPU times.\n"
	       "The two indented rows are not goals: the loop's cost without the split\n"
	       "of fields, and the read and newline search any parser does.\n\n",
	       runs);
	if (au.ok)
		goal("libcontid loop / libauparse loop, events/s", au.wall / lc.wall,
		     au.cpu / lc.cpu, ">=", 5.0);
	if (contidctl && ausearch && txt.ok && raw.ok)
		goal("contidctl parse / ausearch --raw, events/s", raw.wall / txt.wall,
		     raw.cpu / txt.cpu, ">=", 1.0);
	if (contidctl && ausearch && ti.ok && interp.ok)
		goal("contidctl parse -i / ausearch -i, events/s", interp.wall / ti.wall,
		     interp.cpu / ti.cpu, ">=", 1.0);
	if (contidctl && txt.ok && js.ok)
		goal("contidctl --json parse / contidctl parse, time", js.wall / txt.wall,
		     js.cpu / txt.cpu, "<=", 1.3);
	printf("%-52s %6ld MB (flat: bounded window)\n", "libcontid loop max RSS",
	       lc.maxrss_kb / 1024);
	return 0;
}
