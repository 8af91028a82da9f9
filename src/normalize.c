/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse --format csv|text (issue 32).  ausearch 3.0.9 takes
 * both from libauparse's normalizer (auparse_normalize() and its
 * accessors), which holds the knowledge of every record type; the printing
 * below is ausearch-report.c's csv_event() and text_event(), field for
 * field, with the container IDs added last.  libauparse is linked, not
 * copied: a copy of its ~2,000 lines of record knowledge would drift from
 * the ausearch users compare with (docs/ausearch.md).
 *
 * Each selected event is fed to one AUSOURCE_FEED parser as ausearch's
 * feed_auparse() feeds its events: the event's records as the log lines
 * --raw writes (node, type, stamp, text with its ENRICHED part, a
 * newline), but for the type, a number (see norm_print()), then a flush,
 * so the callback prints while norm_print() knows the event.  The type's
 * name in the csv is libcontid's (contid_msgtype_name()), which is the
 * patched ausearch's.
 *
 * Escaping: auparse runs in AUPARSE_ESC_RAW and every string it gives
 * (values, names, the how, the node) goes through print_log_bytes() as
 * -i's values do: no control byte of a log reaches the terminal.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <auparse.h>

#include "ausearch.h"
#include "normalize.h"
#include "print.h"

/* AUDIT_CONFIG_CHANGE (linux/audit.h), which ausearch compares with. */
#define NORM_CONFIG_CHANGE 1305

/*
 * Debian's libauparse 3.0.9 ends an event at a record whose type is below
 * 1300 (au_check_events(): it takes them for one-record events); the
 * patched one does not for CONTAINER (1020), which the kernel writes
 * first in a multi-record event.  Fed as is, an op=set event would come
 * out as two lines.  So a CONTAINER record is fed under a type no table
 * names and no rule of auparse's singles out (a gap of the 13xx
 * auxiliary records: an event of records of it goes on), and named back
 * as CONTAINER; its fields are interpreted by their names, as before.
 * Unless the event has a record of that type already: then as it is.
 */
#define NORM_CONTAINER 1020
#define NORM_CONTAINER_AS 1399

/* AUDIT_CWD */
#define NORM_CWD 1307

struct norm {
	auparse_state_t *au;
	enum norm_format format;
	unsigned int extra;
	bool header_done;
	const struct contid_event *ev;	/* the event being fed */
	bool container_as;	/* its CONTAINER records fed as NORM_CONTAINER_AS */
};

/* The type of auparse's current record as the log has it. */
static unsigned int record_type(const struct norm *n, auparse_state_t *au)
{
	unsigned int type = (unsigned int)auparse_get_type(au);

	return type == NORM_CONTAINER_AS && n->container_as ? NORM_CONTAINER : type;
}

/* A string auparse gave: from the log, or derived from it.  NULL as
 * ausearch's printf("%s") prints it. */
static void val(const char *s)
{
	if (!s)
		s = "(null)";
	print_log_bytes(s, strlen(s), PRINT_ESC_VALUE);
}

/*
 * @tv in @fmt, one of this file's literal formats (ausearch's: %x is a
 * 2-digit year in some locales, C's MM/DD/YY), into @buf; "" when @tv is
 * NULL.  Returns @buf.
 */
static const char *time_text(char buf[20], const char *fmt, const struct tm *tv)
{
	buf[0] = '\0';
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-y2k"
	if (tv && strftime(buf, 20, fmt, tv) == 0)
		buf[0] = '\0';
#pragma GCC diagnostic pop
	return buf;
}

static void strftime_text(const char *fmt, const struct tm *tv)
{
	char tmp[20];

	print_text("%s", time_text(tmp, fmt, tv));
}

/* The event's container IDs, space separated, then " (+N more)" for the
 * IDs the kernel left out: the CONTID column and the text's phrase. */
static void print_ids(const struct contid_event *ev)
{
	unsigned int i, n = (unsigned int)contid_event_contid_count(ev);

	for (i = 0; i < n; i++)
		print_text(i ? " %" PRIu64 : "%" PRIu64, contid_event_contid(ev, i));
	if (contid_event_contid_more(ev))
		print_text(" (+%" PRIu64 " more)", contid_event_contid_more(ev));
}

/* ausearch's success test of a results field (csv_event, text_event). */
static int result_index(auparse_state_t *au)
{
	const char *item = auparse_interpret_field(au);

	if (!item)
		return 0;
	if (strcmp(item, "yes") == 0 || strncmp(item, "suc", 3) == 0)
		return 1;
	if (auparse_get_field_type(au) == AUPARSE_TYPE_SECCOMP && strcmp(item, "allow") == 0)
		return 1;
	return 0;
}

/* The label attribute NAME of the subject or the object (--extra-labels). */
static void print_label(auparse_state_t *au, bool subject)
{
	const char *want = subject ? "subj" : "obj";
	int rc = subject ? auparse_normalize_subject_first_attribute(au) :
		auparse_normalize_object_first_attribute(au);

	do {
		if (rc == 1) {
			const char *name = auparse_get_field_name(au);

			if (name && strcmp(name, want) == 0) {
				val(auparse_interpret_field(au));
				break;
			}
		}
	} while ((subject ? auparse_normalize_subject_next_attribute(au) :
		  auparse_normalize_object_next_attribute(au)) == 1);
	print_text(",");
}

static void csv_header(const struct norm *n)
{
	print_text("NODE,EVENT,DATE,TIME,%sSERIAL_NUM,EVENT_KIND,"
		   "SESSION,SUBJ_PRIME,SUBJ_SEC,SUBJ_KIND,%sACTION,"
		   "RESULT,OBJ_PRIME,OBJ_SEC,%s%sOBJ_KIND,HOW%s,CONTID\n",
		   n->extra & NORM_EXTRA_TIME ? "YEAR,MONTH,DAY,WEEKDAY,HOUR,MILLI,GMT_OFFSET," : "",
		   n->extra & NORM_EXTRA_LABELS ? "SUBJ_LABEL," : "",
		   n->extra & NORM_EXTRA_OBJ2 ? "OBJ2," : "",
		   n->extra & NORM_EXTRA_LABELS ? "OBJ_LABEL," : "",
		   n->extra & NORM_EXTRA_KEYS ? ",KEY" : "");
}

static void csv_time(auparse_state_t *au, const struct tm *tv)
{
	static const char *const fmts[] = { "%Y", "%m", "%d", "%u", "%k" };
	size_t i;

	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		strftime_text(fmts[i], tv);
		print_text(",");
	}
	print_text("%u,", auparse_get_milli(au));
	if (tv) {
		unsigned long total = (unsigned long)labs(tv->tm_gmtoff);
		unsigned long hour = total / 3600;
		/* ausearch's minutes, as it computes them */
		unsigned long min = (total - hour * 3600) % 60;

		print_text("%c%02lu:%02lu", tv->tm_gmtoff >= 0 ? '+' : '-', hour, min);
	}
	print_text(",");
}

/* A file object's value as ausearch takes it: the path made absolute. */
static const char *object_value(auparse_state_t *au)
{
	if (auparse_get_field_type(au) == AUPARSE_TYPE_ESCAPED_FILE)
		return auparse_interpret_realpath(au);
	return auparse_interpret_field(au);
}

static void csv_event(struct norm *n, auparse_state_t *au)
{
	bool labels = n->extra & NORM_EXTRA_LABELS;
	const char *type, *action, *str;
	time_t t = auparse_get_time(au);
	struct tm tmb, *tv = localtime_r(&t, &tmb);
	const char *node;
	int rc;

	if (!n->header_done) {
		n->header_done = true;
		csv_header(n);
	}
	/* NODE: ausearch interprets the cursor's field, the node */
	node = auparse_get_node(au);
	if (node) {
		val(auparse_interpret_field(au));
		free((void *)node);
	}
	print_text(",");
	/* the type named by libcontid's table, which is the patched
	 * ausearch's (Debian's libaudit does not know CONTAINER); none for
	 * a type it does not know, as ausearch */
	type = contid_msgtype_name(record_type(n, au));
	if (type)
		print_text("%s", type);
	print_text(",");
	rc = auparse_normalize(au, labels ? NORM_OPT_ALL : NORM_OPT_NO_ATTRS);
	strftime_text("%x", tv);
	print_text(",");
	strftime_text("%T", tv);
	print_text(",");
	if (n->extra & NORM_EXTRA_TIME)
		csv_time(au, tv);
	print_text("%lu,", auparse_get_serial(au));
	if (rc) {
		print_flush();
		fprintf(stderr, "error normalizing %s\n", type ? type : "(null)");
		/* ausearch's empty frame, as it counts it */
		print_text(",,,,,,,,,%s%s", labels ? ",," : "",
			   n->extra & NORM_EXTRA_KEYS ? "," : "");
		goto contid;
	}
	str = auparse_normalize_get_event_kind(au);
	val(str ? str : "unknown");
	print_text(",");
	if (auparse_normalize_session(au) == 1)
		val(auparse_interpret_field(au));
	print_text(",");
	if (auparse_normalize_subject_primary(au) == 1) {
		const char *subj = auparse_interpret_field(au);

		val(subj && strcmp(subj, "unset") == 0 ? "system" : subj);
	}
	print_text(",");
	if (auparse_normalize_subject_secondary(au) == 1)
		val(auparse_interpret_field(au));
	print_text(",");
	str = auparse_normalize_subject_kind(au);
	if (str)
		val(str);
	print_text(",");
	if (labels)
		print_label(au, true);
	action = auparse_normalize_get_action(au);
	val(action ? action : "did-unknown");
	print_text(",");
	if (auparse_normalize_get_results(au) == 1) {
		static const char *const res[] = { "failed", "success" };

		val(res[result_index(au)]);
	}
	print_text(",");
	if (auparse_normalize_object_primary(au) == 1) {
		const char *v;

		if (auparse_get_field_type(au) == AUPARSE_TYPE_ESCAPED_FILE)
			v = auparse_interpret_realpath(au);
		else if (auparse_get_type(au) == NORM_CONFIG_CHANGE && action &&
			 (strcmp(action, "set") == 0 || strcmp(action, "seccomp-logging") == 0))
			v = auparse_get_field_name(au);
		else
			v = auparse_interpret_field(au);
		val(v);
	}
	print_text(",");
	if (auparse_normalize_object_secondary(au) == 1)
		val(auparse_interpret_field(au));
	print_text(",");
	if (n->extra & NORM_EXTRA_OBJ2) {
		if (auparse_normalize_object_primary2(au) == 1)
			val(object_value(au));
		print_text(",");
	}
	if (labels)
		print_label(au, false);
	val(auparse_normalize_object_kind(au));
	print_text(",");
	str = auparse_normalize_how(au);
	if (str)
		val(str);
	if (n->extra & NORM_EXTRA_KEYS) {
		print_text(",");
		if (auparse_normalize_key(au) == 1)
			val(auparse_interpret_field(au));
	}
contid:
	print_text(",");
	print_ids(n->ev);
	print_text("\n");
}

static void text_event(struct norm *n, auparse_state_t *au)
{
	const char *action, *how;
	time_t t = auparse_get_time(au);
	struct tm tmb, *tv = localtime_r(&t, &tmb);
	char tmp[20];
	const char *node;
	int rc, type, id = -2, ids;
	uint64_t more;

	if (!tv)
		strcpy(tmp, "?");
	else
		time_text(tmp, "%T %x", tv);
	type = auparse_get_type(au);
	auparse_normalize(au, NORM_OPT_NO_ATTRS);
	node = auparse_get_node(au);
	if (node) {
		print_text("On ");
		val(auparse_interpret_field(au));
		print_text(" at %s ", tmp);
		free((void *)node);
	} else {
		print_text("At %s ", tmp);
	}
	if (auparse_normalize_subject_primary(au) == 1) {
		const char *subj = auparse_interpret_field(au);

		id = auparse_get_field_int(au);
		val(subj && strcmp(subj, "unset") == 0 ? "system" : subj);
	}
	/* acting as: the uid when it is not the auid, both set */
	if (auparse_normalize_subject_secondary(au) == 1) {
		int uid = auparse_get_field_int(au);

		if (uid != id && id != -2 && uid != -1) {
			print_text(", acting as ");
			val(auparse_interpret_field(au));
			print_text(",");
		}
	}
	if (auparse_normalize_get_results(au) == 1)
		print_text(" %s ", result_index(au) ? "successfully" : "unsuccessfully");
	else
		print_text(" ");
	action = auparse_normalize_get_action(au);
	val(action ? action : "did-unknown");
	print_text(" ");
	rc = auparse_normalize_object_primary(au);
	if (rc == 1) {
		const char *v = NULL;
		int ftype = auparse_get_field_type(au);

		/* an AVC's object: "accessing " stands for a value that
		 * is not a file, an address or a setting (ausearch's words
		 * and its two spaces) */
		if (action && strstr(action, "violated"))
			v = "accessing ";
		if (ftype == AUPARSE_TYPE_ESCAPED_FILE) {
			v = auparse_interpret_realpath(au);
		} else if (ftype == AUPARSE_TYPE_SOCKADDR) {
			v = auparse_interpret_sock_address(au);
			if (!v)
				v = auparse_interpret_sock_family(au);
		} else if (type == NORM_CONFIG_CHANGE) {
			if (action && (strcmp(action, "set") == 0 ||
				       strcmp(action, "seccomp-logging") == 0))
				v = auparse_get_field_name(au);
			else
				v = auparse_interpret_field(au);
		}
		if (!v)
			v = auparse_interpret_field(au);
		val(v);
		print_text(" ");
	}
	if (auparse_normalize_object_primary2(au) == 1) {
		print_text("to ");
		val(object_value(au));
		print_text(" ");
	}
	how = auparse_normalize_how(au);
	/* not for ended-session */
	if (how && action && *action != 'e') {
		print_text("using ");
		val(how);
	}
	/* the project's phrase: " in container 7", " in containers 7 8" */
	ids = contid_event_contid_count(n->ev);
	more = contid_event_contid_more(n->ev);
	if (ids || more) {
		print_text(ids > 1 || more ? " in containers " : " in container ");
		print_ids(n->ev);
	}
	print_text("\n");
}

static void norm_callback(auparse_state_t *au, auparse_cb_event_t cb_event_type,
			  void *user_data)
{
	struct norm *n = user_data;

	if (cb_event_type != AUPARSE_CB_EVENT_READY)
		return;
	if (n->format == NORM_CSV)
		csv_event(n, au);
	else
		text_event(n, au);
}

struct norm *norm_new(enum norm_format format, unsigned int extra)
{
	struct norm *n = calloc(1, sizeof(*n));

	if (!n)
		return NULL;
	n->format = format;
	n->extra = extra;
	n->au = auparse_init(AUSOURCE_FEED, NULL);
	if (!n->au) {
		int err = errno ? errno : ENOMEM;

		free(n);
		errno = err;
		return NULL;
	}
	/* ausearch's -i and csv/text print values with its --escape (tty by
	 * default); here raw, and print_log_bytes() escapes */
	auparse_set_escape_mode(n->au, AUPARSE_ESC_RAW);
	/* ausearch's default end of event timeout: the events are whole
	 * when fed, and flushed after each */
	auparse_set_eoe_timeout(2);
	auparse_add_callback(n->au, norm_callback, n, NULL);
	return n;
}


/*
 * Whether the token @tok (@len bytes, no space) of a record's text is a
 * field libauparse 3.0.9 stores under the name "cwd" (ellist.c,
 * parse_up_record()): it holds a '=' (after a "msg='" prefix, which
 * auparse drops; "msg=a..." it skips), its name, past one leading '(', is
 * "cwd", and its value is not empty.
 */
static bool auparse_cwd_field(const char *tok, size_t len)
{
	const char *eq;

	if (len > 4 && memcmp(tok, "msg=", 4) == 0) {
		if (tok[4] == 'a')
			return false;
		if (tok[4] == '\'') {
			tok += 5;
			len -= 5;
		}
	}
	eq = memchr(tok, '=', len);
	if (!eq || eq + 1 == tok + len)
		return false;
	if (*tok == '(')
		tok++;
	return eq - tok == 3 && memcmp(tok, "cwd", 3) == 0;
}

/*
 * Feed @text, the text of a record of @type.  libauparse 3.0.9 leaks the
 * value of each "cwd" field of a CWD record but the last (ellist.c:280,
 * parse_up_record(): r->cwd = strdup() over the one before); only a
 * corrupt or forged record has two, and a log is hostile.  So each of
 * those but the last is fed with its name's 'c' made 'C': auparse's
 * record cwd (the last, which it interprets paths with) and every field's
 * place stay as they were, and the normalizer's output is ausearch's
 * (tests/data/format/cwd-twice.log; the normalizer's cwd attribute, which
 * names the field, is printed by no --format).  Tokens are split as
 * auparse does: on ' ', in the text before its enrichment separator.
 */
static void feed_text(struct norm *n, unsigned int type, const char *text)
{
	size_t len = strlen(text), end = strcspn(text, "\x1d"), i, tok, last = SIZE_MAX;
	unsigned int count = 0;
	char *copy;

	if (type == NORM_CWD)
		for (i = 0; i < end; i = tok + 1) {
			tok = i + strcspn(text + i, " ");
			if (tok > end)
				tok = end;
			if (auparse_cwd_field(text + i, tok - i)) {
				count++;
				last = i;
			}
		}
	if (count < 2 || !(copy = strdup(text))) {
		auparse_feed(n->au, text, len);
		return;
	}
	for (i = 0; i < last; i = tok + 1) {
		tok = i + strcspn(text + i, " ");
		if (auparse_cwd_field(text + i, tok - i))
			*(char *)memchr(copy + i, 'c', tok - i) = 'C';
	}
	auparse_feed(n->au, copy, len);
	free(copy);
}

static bool has_type(const struct contid_event *ev, unsigned int type)
{
	unsigned int i, nrec = (unsigned int)contid_event_record_count(ev);

	for (i = 0; i < nrec; i++)
		if (contid_record_type(contid_event_record(ev, i)) == type)
			return true;
	return false;
}

void norm_print(struct norm *n, const struct contid_event *ev)
{
	unsigned int i, nrec = (unsigned int)contid_event_record_count(ev);

	n->ev = ev;
	n->container_as = !has_type(ev, NORM_CONTAINER_AS);
	for (i = 0; i < nrec; i++) {
		const struct contid_record *rec = contid_event_record(ev, i);
		const char *node = contid_record_node(rec), *text = contid_record_text(rec);
		unsigned int type = contid_record_type(rec);
		char head[32 + SEARCH_STAMP_MAX];

		if (type == NORM_CONTAINER && n->container_as)
			type = NORM_CONTAINER_AS;
		if (node) {
			auparse_feed(n->au, "node=", 5);
			auparse_feed(n->au, node, strlen(node));
			auparse_feed(n->au, " ", 1);
		}
		/* the type as a number: Debian's libaudit cannot read
		 * "CONTAINER" or "CONTAINER_INFO" */
		snprintf(head, sizeof(head), "type=%u ", type);
		search_record_stamp(rec, head + strlen(head), sizeof(head) - strlen(head));
		auparse_feed(n->au, head, strlen(head));
		feed_text(n, type, text);
		auparse_feed(n->au, "\n", 1);
	}
	auparse_flush_feed(n->au);
	n->ev = NULL;
}

void norm_free(struct norm *n)
{
	if (!n)
		return;
	auparse_destroy(n->au);
	free(n);
}
