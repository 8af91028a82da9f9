/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-auparse [DIR]: read every DIR/ *.log with libcontid's reader and
 * with libauparse (the audit project's own parser) and compare them field
 * by field: the same events (keyed by node and stamp), the same records
 * per event in order, the same record types, the same field names, raw
 * values and interpreted values (auparse_interpret_field() against
 * contidctl's -i, search_interpret() of src/interpret.c, called from
 * ct_interpret() only).  auparse's pseudo-fields node= and type= are
 * compared as the event's node and the record's type.
 *
 * auparse 3.0.9 may end an event before the last record of its stamp
 * (auparse.c au_check_events(): a record type below 1300 ends it, and so
 * does a record 2 s younger than the event); the auparse events of one
 * stamp are then joined, in order, up to libcontid's record count, each
 * join being an "event-split" difference, and the joined records are
 * compared as one event.
 *
 * Every difference is keyed by FILE STAMP RECORD FIELD KIND: STAMP is
 * sec.msec:serial (NODE/sec.msec:serial with a node), RECORD is
 * INDEX:TYPE (0-based in the joined event; the type of auparse's record)
 * or "-", FIELD the field's name (NAME#N for the Nth field of that name
 * in the record, N >= 2) or "-".  DIR/known-differences lists the raw differences (one line each:
 * the key, then the reason), DIR/known-interpretations the interpreted
 * ones ("interp" kind; the key, then a class declared there with its
 * reason by "class NAME reason...").  The test fails on a difference not
 * listed, on a listed one that did not occur (stale), and when the *.log
 * files of DIR are not exactly the "log FILE" lines of known-differences.
 *
 * User and group names: getpwuid() and getgrgid() are defined here with a
 * fixed table (see below), for libauparse's lookups and contidctl's alike,
 * so that no result depends on the build machine's /etc/passwd.
 *
 * Prints a table (file, events, records, fields compared, raw and
 * interpreted differences).  COMPARE_VERBOSE=1 prints every difference
 * with both values; COMPARE_LIST=1 prints each difference as a key.
 * Without DIR: $CONTID_TEST_DATA/logs (make check).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <auparse.h>
#include <libcontid/contid.h>

#include "contidctl.h"
#include "ausearch.h"

/* ------------------------------------------------------------ adapter */

static void *xcalloc(size_t n, size_t sz);

/*
 * The interpretation of field @i of @rec as `contidctl parse -i` prints
 * it.  The one call of contidctl's interpretation in this test: when its
 * signature changes, only this function changes.
 */
static char *ct_interpret(const struct contid_record *rec, unsigned int i)
{
	char probe[1];
	size_t n = search_interpret(rec, i, probe, sizeof(probe));
	char *p = xcalloc(n + 1, 1);

	search_interpret(rec, i, p, n + 1);
	return p;
}

/* src/ausearch.c's usage errors are of the parse command, never reached. */
_Noreturn void usage_error(const char *cmd, const char *fmt, ...)
{
	fprintf(stderr, "compare-auparse: usage_error(%s, %s) called\n",
		cmd ? cmd : "", fmt);
	abort();
}

/*
 * A fixed user and group database for both sides.  The executable's
 * definitions take the place of libc's for libauparse too (it resolves
 * getpwuid/getgrgid dynamically).  auparse 3.0.9 (interpret.c
 * aulookup_uid/aulookup_gid) names 0 "root" and -1 "unset" itself and
 * asks getpwuid/getgrgid for the rest; contidctl asks for every ID.
 * Root and one user and group of 1000 are in the table, so that both the
 * name and the unknown(N) forms are compared.
 */
static char pw_root[] = "root", pw_user[] = "user1000", pw_x[] = "x",
	    pw_home[] = "/", pw_sh[] = "/bin/sh";

struct passwd *getpwuid(uid_t uid)
{
	static struct passwd pw;

	if (uid != 0 && uid != 1000)
		return NULL;
	pw = (struct passwd){ .pw_name = uid ? pw_user : pw_root,
			      .pw_passwd = pw_x, .pw_uid = uid, .pw_gid = uid,
			      .pw_gecos = pw_x, .pw_dir = pw_home,
			      .pw_shell = pw_sh };
	return &pw;
}

struct group *getgrgid(gid_t gid)
{
	static char *nomem[] = { NULL };
	static struct group gr;

	if (gid != 0 && gid != 1000)
		return NULL;
	gr = (struct group){ .gr_name = gid ? pw_user : pw_root,
			     .gr_passwd = pw_x, .gr_gid = gid, .gr_mem = nomem };
	return &gr;
}

/* ------------------------------------------------------------ events */

struct rec {
	unsigned int type;
	int nf;
	char **names, **values, **interp;
};

struct ev {
	char *key;		/* "sec.msec:serial", "NODE/sec.msec:serial" */
	int nrec;
	struct rec *recs;
	bool matched;
};

struct evlist {
	struct ev *v;
	size_t n, cap;
	size_t records;
};

static bool verbose, list_keys;

static void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz);

	if (!p) {
		perror("calloc");
		exit(2);
	}
	return p;
}

/* @p resized to @n elements of @sz bytes. */
static void *xrealloc(void *p, size_t n, size_t sz)
{
	p = realloc(p, (n ? n : 1) * sz);
	if (!p) {
		perror("realloc");
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
		l->v = xrealloc(l->v, l->cap, sizeof(*l->v));
	}
	snprintf(key, sizeof(key), "%s%s%" PRIu64 ".%03u:%" PRIu64,
		 node && *node ? node : "", node && *node ? "/" : "",
		 sec, msec, serial);
	e = &l->v[l->n++];
	e->key = xstrdup(key);
	e->nrec = nrec;
	e->recs = xcalloc((size_t)nrec, sizeof(*e->recs));
	e->matched = false;
	l->records += (size_t)nrec;
	return e;
}

static void alloc_fields(struct rec *rc, int cap)
{
	rc->names = xcalloc((size_t)cap, sizeof(char *));
	rc->values = xcalloc((size_t)cap, sizeof(char *));
	rc->interp = xcalloc((size_t)cap, sizeof(char *));
}

static void free_list(struct evlist *l)
{
	size_t i;
	int r, f;

	for (i = 0; i < l->n; i++) {
		for (r = 0; r < l->v[i].nrec; r++) {
			struct rec *rc = &l->v[i].recs[r];

			for (f = 0; f < rc->nf; f++) {
				free(rc->names[f]);
				free(rc->values[f]);
				free(rc->interp[f]);
			}
			free(rc->names);
			free(rc->values);
			free(rc->interp);
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
	/* auparse_init() read end_of_event_timeout from this machine's
	 * auditd.conf: the default (EOE_TIMEOUT, 2 s) on every machine */
	auparse_set_eoe_timeout(2);
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
			alloc_fields(rc, cap);
			if (auparse_first_field(au) > 0) {
				do {
					const char *name = auparse_get_field_name(au);

					if (n == cap)
						break;
					if (!strcmp(name, "node") || !strcmp(name, "type"))
						continue;
					rc->names[n] = xstrdup(name);
					rc->values[n] = xstrdup(auparse_get_field_str(au));
					rc->interp[n] = xstrdup(auparse_interpret_field(au));
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
			alloc_fields(rc, nf);
			for (f = 0; f < nf; f++) {
				const char *name = NULL;

				contid_record_field(rec, (unsigned int)f, &name, NULL, NULL);
				rc->names[f] = xstrdup(name);
				rc->values[f] = xstrdup(contid_record_field_raw(rec, (unsigned int)f));
				rc->interp[f] = ct_interpret(rec, (unsigned int)f);
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

/* ------------------------------------------------------------ known lists */

struct entry {
	char *key;		/* "FILE STAMP RECORD FIELD KIND" */
	char *cls;		/* known-interpretations: the class */
	bool used;
};

struct known {
	struct entry *v;
	size_t n, cap;
};

static bool bad;

static void add_entry(struct known *k, const char *key, const char *cls)
{
	if (k->n == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 256;
		k->v = xrealloc(k->v, k->cap, sizeof(*k->v));
	}
	k->v[k->n].key = xstrdup(key);
	k->v[k->n].cls = cls ? xstrdup(cls) : NULL;
	k->v[k->n].used = false;
	k->n++;
}

static void free_known(struct known *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free(k->v[i].key);
		free(k->v[i].cls);
	}
	free(k->v);
	memset(k, 0, sizeof(*k));
}

/*
 * Reads @path: "log FILE" lines into @logs (if not NULL), "class NAME
 * reason" lines into @classes (if not NULL), every other non-comment line
 * "FILE STAMP RECORD FIELD KIND REASON..." into @k (the reason, or for
 * interp entries the class, must be there).
 */
static void load_known(const char *path, struct known *k, struct known *logs,
		       struct known *classes)
{
	char line[4096], w[6][1024], key[5200];
	unsigned int lineno = 0;
	FILE *fp = fopen(path, "re");

	if (!fp) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(2);
	}
	while (fgets(line, sizeof(line), fp)) {
		int n;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		n = sscanf(line, "%1023s %1023s %1023s %1023s %1023s %1023s",
			   w[0], w[1], w[2], w[3], w[4], w[5]);
		if (n >= 2 && !strcmp(w[0], "log") && logs && n == 2) {
			add_entry(logs, w[1], NULL);
			continue;
		}
		if (n >= 3 && !strcmp(w[0], "class") && classes) {
			add_entry(classes, w[1], NULL);
			continue;
		}
		if (n < 6) {
			printf("FAIL: %s:%u: not \"FILE STAMP RECORD FIELD KIND REASON\"\n",
			       path, lineno);
			bad = true;
			continue;
		}
		snprintf(key, sizeof(key), "%s %s %s %s %s", w[0], w[1], w[2], w[3], w[4]);
		add_entry(k, key, classes ? w[5] : NULL);
	}
	fclose(fp);
}

static struct entry *find_entry(struct known *k, const char *key, bool unused)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		if ((!unused || !k->v[i].used) && !strcmp(k->v[i].key, key))
			return &k->v[i];
	return NULL;
}

/* ------------------------------------------------------------ comparing */

enum kind {
	K_MISSING,		/* an auparse event libcontid does not return */
	K_EXTRA,		/* a libcontid event auparse does not return */
	K_SPLIT,		/* auparse ends the event before this record */
	K_RECORDS,		/* another number of records (after joining) */
	K_TYPE,			/* record N has another type */
	K_FIELDS,		/* record N has another number of fields */
	K_NAME,			/* field M of record N has another name */
	K_VALUE,		/* field M of record N has another raw value */
	K_INTERP,		/* another interpreted value */
};
static const char *const kinds[] = {
	"event-missing", "event-extra", "event-split", "record-count",
	"record-type", "field-count", "field-name", "field-value", "interp",
};

struct tally {
	unsigned long fields, raw, interp;
};

struct ctx {
	const char *file;
	struct known *raw, *interp;
	struct tally t;
};

/* Record @r of type @type as "INDEX:TYPE", "-" for @r < 0. */
static void record_key(int r, unsigned int type, char *buf, size_t size)
{
	const char *n = contid_msgtype_name(type);

	if (r < 0)
		snprintf(buf, size, "-");
	else if (n)
		snprintf(buf, size, "%d:%s", r, n);
	else
		snprintf(buf, size, "%d:UNKNOWN[%u]", r, type);
}

/* Field @f of @rc as "NAME" or "NAME#N". */
static void field_key(const struct rec *rc, int f, char *buf, size_t size)
{
	int i, nth = 1;

	for (i = 0; i < f; i++)
		if (!strcmp(rc->names[i], rc->names[f]))
			nth++;
	if (nth == 1)
		snprintf(buf, size, "%s", rc->names[f]);
	else
		snprintf(buf, size, "%s#%d", rc->names[f], nth);
}

/* @s with bytes outside printable ASCII as \xNN, at most 300 of them. */
static void put(const char *s)
{
	size_t i;

	for (i = 0; s && s[i] && i < 300; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch < 0x20 || ch > 0x7e || ch == '\\')
			printf("\\x%02x", ch);
		else
			putchar(ch);
	}
	if (s && s[i])
		printf("...");
}

static void diff(struct ctx *c, enum kind kind, const char *stamp, int r,
		 unsigned int type, const char *field, const char *what,
		 const char *a, const char *b)
{
	char key[4096], rbuf[64];
	struct known *k = kind == K_INTERP ? c->interp : c->raw;
	struct entry *e;

	record_key(r, type, rbuf, sizeof(rbuf));
	snprintf(key, sizeof(key), "%s %s %s %s %s", c->file, stamp, rbuf,
		 field ? field : "-", kinds[kind]);
	if (kind == K_INTERP)
		c->t.interp++;
	else
		c->t.raw++;
	if (verbose) {
		printf("  %s\t", key);
		put(what);
		printf("\tauparse '");
		put(a);
		printf("'\tlibcontid '");
		put(b);
		printf("'\n");
	}
	if (list_keys)
		printf("%s\n", key);
	e = find_entry(k, key, true);
	if (e) {
		e->used = true;
		return;
	}
	bad = true;
	printf("FAIL: not listed in %s: %s (", kind == K_INTERP ?
	       "known-interpretations" : "known-differences", key);
	put(what);
	printf(": auparse '");
	put(a);
	printf("' libcontid '");
	put(b);
	printf("')\n");
}

/* The first unmatched event of @key in @l (a key may repeat in a log). */
static struct ev *find(struct evlist *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!l->v[i].matched && !strcmp(l->v[i].key, key))
			return &l->v[i];
	return NULL;
}

static void compare_record(struct ctx *c, const char *stamp, int r,
			   const struct rec *ra, const struct rec *rb)
{
	char na[32], nb[32], fk[1100];
	int f, nf = ra->nf < rb->nf ? ra->nf : rb->nf;

	if (ra->type != rb->type) {
		record_key(r, ra->type, na, sizeof(na));
		record_key(r, rb->type, nb, sizeof(nb));
		diff(c, K_TYPE, stamp, r, ra->type, NULL, "type", na, nb);
		return;
	}
	if (ra->nf != rb->nf) {
		snprintf(na, sizeof(na), "%d", ra->nf);
		snprintf(nb, sizeof(nb), "%d", rb->nf);
		diff(c, K_FIELDS, stamp, r, ra->type, NULL, "fields", na, nb);
	}
	for (f = 0; f < nf; f++) {
		c->t.fields++;
		field_key(ra, f, fk, sizeof(fk));
		if (strcmp(ra->names[f], rb->names[f])) {
			diff(c, K_NAME, stamp, r, ra->type, fk, "name",
			     ra->names[f], rb->names[f]);
			continue;
		}
		if (strcmp(ra->values[f], rb->values[f])) {
			diff(c, K_VALUE, stamp, r, ra->type, fk, "raw",
			     ra->values[f], rb->values[f]);
			continue;
		}
		/* the same field as written: the same interpretation? */
		if (strcmp(ra->interp[f], rb->interp[f]))
			diff(c, K_INTERP, stamp, r, ra->type, fk, ra->values[f],
			     ra->interp[f], rb->interp[f]);
	}
}

static void compare(struct ctx *c, struct evlist *au, struct evlist *ct)
{
	const struct rec **joined = NULL;
	char na[32], nb[32];
	size_t i;
	int r;

	for (i = 0; i < ct->n; i++) {
		struct ev *b = &ct->v[i], *a = find(au, b->key), *more;
		int n;

		if (!a)
			continue;	/* event-extra, below */
		a->matched = b->matched = true;
		joined = xrealloc(joined, (size_t)a->nrec, sizeof(*joined));
		for (n = 0; n < a->nrec; n++)
			joined[n] = &a->recs[n];
		/* auparse's next events of this stamp, while records are short */
		while (n < b->nrec && (more = find(au, b->key)) &&
		       n + more->nrec <= b->nrec) {
			more->matched = true;
			diff(c, K_SPLIT, b->key, n, more->nrec ? more->recs[0].type : 0,
			     NULL, "auparse's next event of this stamp starts here",
			     NULL, NULL);
			joined = xrealloc(joined, (size_t)(n + more->nrec), sizeof(*joined));
			for (r = 0; r < more->nrec; r++)
				joined[n++] = &more->recs[r];
		}
		if (n != b->nrec) {
			snprintf(na, sizeof(na), "%d", n);
			snprintf(nb, sizeof(nb), "%d", b->nrec);
			diff(c, K_RECORDS, b->key, -1, 0, NULL, "records", na, nb);
		}
		for (r = 0; r < n && r < b->nrec; r++)
			compare_record(c, b->key, r, joined[r], &b->recs[r]);
	}
	free(joined);
	for (i = 0; i < au->n; i++)
		if (!au->v[i].matched)
			diff(c, K_MISSING, au->v[i].key, -1, 0, NULL, "no such event",
			     NULL, NULL);
	for (i = 0; i < ct->n; i++)
		if (!ct->v[i].matched)
			diff(c, K_EXTRA, ct->v[i].key, -1, 0, NULL, "no such event",
			     NULL, NULL);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Listed entries no difference used: stale. */
static void stale(struct known *k, const char *list)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		if (k->v[i].used)
			continue;
		bad = true;
		printf("FAIL: stale entry in %s (no such difference): %s\n", list,
		       k->v[i].key);
	}
}

int main(int argc, char **argv)
{
	struct known raw = { 0 }, interp = { 0 }, logs = { 0 }, classes = { 0 };
	struct tally sum = { 0 };
	char *names[256];
	size_t nnames = 0, i;
	struct dirent *de;
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
	list_keys = getenv("COMPARE_LIST") && *getenv("COMPARE_LIST") == '1';
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
	qsort(names, nnames, sizeof(names[0]), cmp_str);
	load_known("known-differences", &raw, &logs, NULL);
	load_known("known-interpretations", &interp, NULL, &classes);
	/* the corpus is the listed one: no file gone, none unlisted */
	for (i = 0; i < nnames; i++) {
		struct entry *e = find_entry(&logs, names[i], false);

		if (e) {
			e->used = true;
			continue;
		}
		bad = true;
		printf("FAIL: %s is not a \"log\" line of known-differences\n", names[i]);
	}
	for (i = 0; i < logs.n; i++) {
		if (logs.v[i].used)
			continue;
		bad = true;
		printf("FAIL: %s is listed in known-differences but missing\n", logs.v[i].key);
	}
	for (i = 0; i < interp.n; i++) {
		if (find_entry(&classes, interp.v[i].cls, false))
			continue;
		bad = true;
		printf("FAIL: known-interpretations: %s: no \"class %s\" line\n",
		       interp.v[i].key, interp.v[i].cls);
	}
	printf("%-31s %12s %13s %7s %4s %6s\n", "file", "events au/ct",
	       "records au/ct", "fields", "raw", "interp");
	for (i = 0; i < nnames; i++) {
		struct evlist au = { 0 }, ct = { 0 };
		struct ctx c = { .file = names[i], .raw = &raw, .interp = &interp };
		char ev[32], rc[32];

		load_auparse(names[i], &au);
		load_contid(names[i], &ct);
		compare(&c, &au, &ct);
		snprintf(ev, sizeof(ev), "%zu/%zu", au.n, ct.n);
		snprintf(rc, sizeof(rc), "%zu/%zu", au.records, ct.records);
		printf("%-31s %12s %13s %7lu %4lu %6lu\n", names[i], ev, rc,
		       c.t.fields, c.t.raw, c.t.interp);
		sum.fields += c.t.fields;
		sum.raw += c.t.raw;
		sum.interp += c.t.interp;
		free_list(&au);
		free_list(&ct);
		free(names[i]);
	}
	printf("%-31s %12s %13s %7lu %4lu %6lu\n", "total", "", "", sum.fields,
	       sum.raw, sum.interp);
	stale(&raw, "known-differences");
	stale(&interp, "known-interpretations");
	if (bad)
		printf("(COMPARE_VERBOSE=1 prints each difference, COMPARE_LIST=1 its key)\n");
	free_known(&raw);
	free_known(&interp);
	free_known(&logs);
	free_known(&classes);
	return bad ? 1 : 0;
}
