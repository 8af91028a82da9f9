/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-auparse [DIR]: read every DIR/ *.log with libcontid's reader and
 * with libauparse (the audit project's own parser) and compare: the same
 * events (keyed by node and stamp), the same records per event in order,
 * the same record types, the same field names and raw values.  auparse's
 * pseudo-fields node= and type= are compared as the event's node and the
 * record's type.
 *
 * Prints a table (file, events, records, differences) and fails when the
 * differences of a file, counted by kind, are not exactly those listed in
 * DIR/known-differences ("FILE KIND COUNT ITEM reason..." lines): a new
 * difference fails, and so does a listed one that went away (the entry is
 * then to be removed).  COMPARE_VERBOSE=1 prints every difference.
 * Without DIR: $CONTID_TEST_DATA/logs (make check).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <auparse.h>
#include <libcontid/contid.h>

struct rec {
	unsigned int type;
	int nf;
	char **names, **values;
};

struct ev {
	char *key;		/* "node sec.msec:serial" ("-" without node) */
	int nrec;
	struct rec *recs;
	bool matched;
};

struct evlist {
	struct ev *v;
	size_t n, cap;
	size_t records;
};

static const char *kinds[] = {
	"event-missing",	/* an auparse event libcontid does not return */
	"event-extra",		/* a libcontid event auparse does not return */
	"record-count",		/* same event, another number of records */
	"record-type",		/* record N of the event has another type */
	"field-count",		/* record N has another number of fields */
	"field-name",		/* field M of record N has another name */
	"field-value",		/* field M of record N has another raw value */
};
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

static bool verbose;

static void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz);

	if (!p) {
		perror("calloc");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "(null)");

	if (!p) {
		perror("strdup");
		exit(2);
	}
	return p;
}

static struct ev *add_event(struct evlist *l, const char *node, uint64_t sec,
			    unsigned int msec, uint64_t serial, int nrec)
{
	char key[512];
	struct ev *e;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v) {
			perror("realloc");
			exit(2);
		}
	}
	snprintf(key, sizeof(key), "%s %" PRIu64 ".%03u:%" PRIu64,
		 node && *node ? node : "-", sec, msec, serial);
	e = &l->v[l->n++];
	e->key = xstrdup(key);
	e->nrec = nrec;
	e->recs = xcalloc((size_t)nrec, sizeof(*e->recs));
	e->matched = false;
	l->records += (size_t)nrec;
	return e;
}

static void free_list(struct evlist *l)
{
	size_t i;
	int r, f;

	for (i = 0; i < l->n; i++) {
		for (r = 0; r < l->v[i].nrec; r++) {
			for (f = 0; f < l->v[i].recs[r].nf; f++) {
				free(l->v[i].recs[r].names[f]);
				free(l->v[i].recs[r].values[f]);
			}
			free(l->v[i].recs[r].names);
			free(l->v[i].recs[r].values);
		}
		free(l->v[i].recs);
		free(l->v[i].key);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static void load_auparse(const char *path, struct evlist *l)
{
	auparse_state_t *au = auparse_init(AUSOURCE_FILE, path);

	if (!au) {
		fprintf(stderr, "auparse_init %s: %s\n", path, strerror(errno));
		exit(2);
	}
	auparse_set_escape_mode(au, AUPARSE_ESC_RAW);
	while (auparse_next_event(au) > 0) {
		const au_event_t *t = auparse_get_timestamp(au);
		int nrec = (int)auparse_get_num_records(au), r = 0;
		struct ev *e = add_event(l, t->host, (uint64_t)t->sec, t->milli,
					 t->serial, nrec);

		if (auparse_first_record(au) <= 0)
			continue;
		do {
			struct rec *rc = &e->recs[r++];
			int cap = (int)auparse_get_num_fields(au), n = 0;

			rc->type = (unsigned int)auparse_get_type(au);
			rc->names = xcalloc((size_t)cap, sizeof(char *));
			rc->values = xcalloc((size_t)cap, sizeof(char *));
			if (auparse_first_field(au) > 0) {
				do {
					const char *name = auparse_get_field_name(au);

					if (n == cap)
						break;
					if (!strcmp(name, "node") || !strcmp(name, "type"))
						continue;
					rc->names[n] = xstrdup(name);
					rc->values[n] = xstrdup(auparse_get_field_str(au));
					n++;
				} while (auparse_next_field(au) > 0);
			}
			rc->nf = n;
		} while (r < nrec && auparse_next_record(au) > 0);
		e->nrec = r;
	}
	auparse_destroy(au);
}

static void take_events(struct contid_reader *rd, struct evlist *l)
{
	struct contid_event *cev;

	while (contid_reader_next(rd, &cev) == 1) {
		int nrec = contid_event_record_count(cev), r;
		const struct contid_record *first = contid_event_record(cev, 0);
		struct ev *e = add_event(l, first ? contid_record_node(first) : NULL,
					 contid_event_sec(cev), contid_event_msec(cev),
					 contid_event_serial(cev), nrec);

		for (r = 0; r < nrec; r++) {
			const struct contid_record *rec = contid_event_record(cev, (unsigned int)r);
			struct rec *rc = &e->recs[r];
			int f, nf = contid_record_field_count(rec);

			rc->type = contid_record_type(rec);
			rc->names = xcalloc((size_t)nf, sizeof(char *));
			rc->values = xcalloc((size_t)nf, sizeof(char *));
			for (f = 0; f < nf; f++) {
				const char *name = NULL;

				contid_record_field(rec, (unsigned int)f, &name, NULL, NULL);
				rc->names[f] = xstrdup(name);
				rc->values[f] = xstrdup(contid_record_field_raw(rec, (unsigned int)f));
			}
			rc->nf = nf;
		}
		contid_event_free(cev);
	}
}

static void load_contid(const char *path, struct evlist *l)
{
	struct contid_reader *rd;
	char buf[65536];
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || contid_reader_new(&rd, 0, 0) < 0) {
		fprintf(stderr, "%s: cannot open or make a reader\n", path);
		exit(2);
	}
	while ((got = read(fd, buf, sizeof(buf))) > 0) {
		contid_reader_feed_log(rd, buf, (size_t)got);
		take_events(rd, l);
	}
	close(fd);
	contid_reader_flush(rd);
	take_events(rd, l);
	contid_reader_free(rd);
}

static struct ev *find(struct evlist *l, const char *key)
{
	size_t i;

	/* First unmatched event of this key (a key may repeat in a log). */
	for (i = 0; i < l->n; i++)
		if (!l->v[i].matched && !strcmp(l->v[i].key, key))
			return &l->v[i];
	return NULL;
}

static void diff(const char *file, unsigned long *counts, unsigned int kind,
		 const char *fmt, const char *key, int r, int f,
		 const char *a, const char *b)
{
	counts[kind]++;
	if (verbose)
		printf("  %s: %s [%s] record %d field %d: %s: auparse '%s' libcontid '%s'\n",
		       file, kinds[kind], key, r, f, fmt, a ? a : "", b ? b : "");
}

static void compare(const char *file, struct evlist *au, struct evlist *ct,
		    unsigned long *counts)
{
	char na[32], nb[32];
	size_t i;
	int r, f;

	for (i = 0; i < au->n; i++) {
		struct ev *a = &au->v[i], *b = find(ct, a->key);

		if (!b) {
			diff(file, counts, 0, "no such event", a->key, -1, -1, NULL, NULL);
			continue;
		}
		b->matched = true;
		if (a->nrec != b->nrec) {
			snprintf(na, sizeof(na), "%d", a->nrec);
			snprintf(nb, sizeof(nb), "%d", b->nrec);
			diff(file, counts, 2, "records", a->key, -1, -1, na, nb);
			continue;
		}
		for (r = 0; r < a->nrec; r++) {
			struct rec *ra = &a->recs[r], *rb = &b->recs[r];

			if (ra->type != rb->type) {
				snprintf(na, sizeof(na), "%u", ra->type);
				snprintf(nb, sizeof(nb), "%u", rb->type);
				diff(file, counts, 3, "type", a->key, r, -1, na, nb);
				continue;
			}
			if (ra->nf != rb->nf) {
				snprintf(na, sizeof(na), "%d", ra->nf);
				snprintf(nb, sizeof(nb), "%d", rb->nf);
				diff(file, counts, 4, "fields", a->key, r, -1, na, nb);
				continue;
			}
			for (f = 0; f < ra->nf; f++) {
				if (strcmp(ra->names[f], rb->names[f]))
					diff(file, counts, 5, "name", a->key, r, f,
					     ra->names[f], rb->names[f]);
				else if (strcmp(ra->values[f], rb->values[f]))
					diff(file, counts, 6, ra->names[f], a->key, r, f,
					     ra->values[f], rb->values[f]);
			}
		}
	}
	for (i = 0; i < ct->n; i++)
		if (!ct->v[i].matched)
			diff(file, counts, 1, "no such event", ct->v[i].key, -1, -1, NULL, NULL);
}

/* Listed count of FILE/KIND in known-differences, 0 when not listed. */
static unsigned long listed(const char *known, const char *file, const char *kind)
{
	char line[1024], f[256], k[64];
	unsigned long n, total = 0;
	FILE *fp = fopen(known, "re");

	if (!fp)
		return 0;
	while (fgets(line, sizeof(line), fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%255s %63s %lu", f, k, &n) == 3 &&
		    !strcmp(f, file) && !strcmp(k, kind))
			total += n;
	}
	fclose(fp);
	return total;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	const char *known = "known-differences";
	char *names[256];
	size_t nnames = 0, i, k;
	struct dirent *de;
	int bad = 0;
	const char *dir = argc == 2 ? argv[1] : NULL;
	DIR *d;

	if (argc > 2) {
		fprintf(stderr, "usage: compare-auparse [DIR]\n");
		return 2;
	}
	if (!dir) {
		if (!getenv("CONTID_TEST_DATA")) {
			fprintf(stderr, "compare-auparse: no DIR and no CONTID_TEST_DATA\n");
			return 2;
		}
		if (chdir(getenv("CONTID_TEST_DATA")) < 0) {
			perror("CONTID_TEST_DATA");
			return 2;
		}
		dir = "logs";
	}
	verbose = getenv("COMPARE_VERBOSE") && *getenv("COMPARE_VERBOSE") == '1';
	/* Paths relative to the directory from here on. */
	if (chdir(dir) < 0 || !(d = opendir("."))) {
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return 2;
	}
	while ((de = readdir(d)) && nnames < 256) {
		size_t len = strlen(de->d_name);

		if (len > 4 && !strcmp(de->d_name + len - 4, ".log"))
			names[nnames++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (nnames == 0) {
		fprintf(stderr, "%s: no *.log files\n", dir);
		return 2;
	}
	qsort(names, nnames, sizeof(names[0]), cmp_str);
	printf("%-34s %15s %15s %s\n", "file", "events au/ct", "records au/ct",
	       "differences");
	for (i = 0; i < nnames; i++) {
		struct evlist au = { 0 }, ct = { 0 };
		unsigned long counts[NKINDS] = { 0 }, total = 0;
		char ev[32], rc[32], list[512] = "";

		load_auparse(names[i], &au);
		load_contid(names[i], &ct);
		compare(names[i], &au, &ct, counts);
		for (k = 0; k < NKINDS; k++) {
			if (counts[k]) {
				size_t used = strlen(list);

				snprintf(list + used, sizeof(list) - used, "%s%s=%lu",
					 used ? " " : "", kinds[k], counts[k]);
			}
			total += counts[k];
		}
		snprintf(ev, sizeof(ev), "%zu/%zu", au.n, ct.n);
		snprintf(rc, sizeof(rc), "%zu/%zu", au.records, ct.records);
		printf("%-34s %15s %15s %lu%s%s\n", names[i], ev, rc, total,
		       total ? ": " : "", list);
		for (k = 0; k < NKINDS; k++) {
			unsigned long want = listed(known, names[i], kinds[k]);

			if (counts[k] == want)
				continue;
			bad = 1;
			if (counts[k] > want)
				printf("FAIL: %s: %lu %s difference(s), %lu listed in known-differences\n",
				       names[i], counts[k], kinds[k], want);
			else
				printf("FAIL: %s: %lu %s difference(s), %lu listed: fixed? remove or lower the entry in known-differences\n",
				       names[i], counts[k], kinds[k], want);
		}
		free_list(&au);
		free_list(&ct);
		free(names[i]);
	}
	if (bad)
		printf("(COMPARE_VERBOSE=1 prints each difference)\n");
	return bad;
}
