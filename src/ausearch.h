/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse: ausearch's basic selection and output options. */
#ifndef CONTIDCTL_AUSEARCH_H
#define CONTIDCTL_AUSEARCH_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "contidctl.h"

/* The numeric selections of struct search (ausearch-select.c). */
enum search_num {
	SN_PID,		/* -p: pid= */
	SN_PPID,	/* -pp: ppid= */
	SN_UID,		/* -ui: uid= */
	SN_EUID,	/* -ue (and -ua): euid= */
	SN_AUID,	/* -ul: auid= */
	SN_GID,		/* -gi: gid= */
	SN_EGID,	/* -ge (and -ga): egid= */
	SN_SES,		/* --session: ses= */
	SN_SYSCALL,	/* -sc: syscall= */
	SN_EXIT,	/* -e: exit= */
	SN_SERIAL,	/* -a: the event's serial */
	SN_COUNT
};

/* The string selections: a substring of the field's value, as ausearch
 * (-w: the whole value). */
enum search_str {
	SS_KEY,		/* -k: one of the keys */
	SS_COMM,	/* -c: comm= */
	SS_EXE,		/* -x: exe= */
	SS_FILE,	/* -f: a PATH name= or the cwd= */
	SS_HOST,	/* -hn: hostname= or addr= */
	SS_TERM,	/* -tm: terminal= or tty= */
	SS_SUBJ,	/* -su (-se): subj= or an AVC's scontext= */
	SS_OBJ,		/* -o (-se): obj= or an AVC's tcontext= */
	SS_UUID,	/* -uu: uuid= */
	SS_VMNAME,	/* -vm: vm= */
	SS_COUNT
};

struct search {
	unsigned int types[64];		/* -m: any record of these types */
	size_t ntypes;
	bool all_types;			/* -m ALL */
	time_t start, end;		/* -ts, -te: event seconds within */
	bool has_start, has_end;
	long long num[SN_COUNT];	/* the numeric selections given */
	unsigned int has_num;		/* bit (1 << SN_x): num[SN_x] given */
	bool uid_all, gid_all;		/* -ua, -ga: any of the ids, not all */
	const char *str[SS_COUNT];	/* the string selections given */
	bool exact;			/* -w: str[] match whole values */
	bool context_any;		/* -se: the subject or the object */
	uint32_t arch;			/* --arch (-sc NAME): AUDIT_ARCH_* */
	bool has_arch;
	int success;			/* -sv: 0 not given, 1 yes, 2 no */
	const char *nodes[16];		/* -n: node= equal to one of these */
	size_t nnodes;
};

/* Parse the value of an ausearch option into @s: a usage error with
 * ausearch's wording on a bad value.  @opt is the option as ausearch names it
 * ("-p", "-ui", "-sv", ...). */
void search_set_option(struct search *s, const char *opt, const char *arg);
/* The selections of ausearch-select.c: fields of the event's records. */
bool search_match_fields(const struct search *s, const struct contid_event *ev);

/* -m TYPE[,TYPE]...: a usage error on an unknown name. */
void search_add_types(struct search *s, const char *list);
/* -ts/-te ARG [NEXT]; returns how many of NEXT were used (0 or 1);
 * a usage error (exit) on a bad time. */
int search_set_time(struct search *s, bool end, const char *arg,
		    const char *next);

/* The clock the time words are read on: now and the boot time
 * (has_boot false: /proc/uptime was unreadable). */
struct search_clock {
	time_t now;
	time_t boot;
	bool has_boot;
};

/*
 * search_parse_time - search_set_time() without I/O or exit (but the
 * locale's %x and %X and the local time zone): @arg, @next as there, read
 * against @clk.  Returns 0 with the time in *@t and how many of @next were
 * used in *@used, or -1 with a one-line message in @msg.
 */
int search_parse_time(bool end, const char *arg, const char *next,
		      const struct search_clock *clk, time_t *t, int *used,
		      char *msg, size_t msglen);

/*
 * search_conf_log_file - the log_file value of the auditd.conf text @buf
 * (@len bytes, any bytes), malloc'd; NULL when none is set (or out of
 * memory).  The last non-empty one counts.
 */
char *search_conf_log_file(const char *buf, size_t len);
bool search_match(const struct search *s, const struct contid_event *ev);
/* -ts/-te alone: the event's second is within them (ausearch reads no
 * record outside them, so no such event reaches a checkpoint either). */
bool search_in_time(const struct search *s, const struct contid_event *ev);
/* Whether search_match() reads records' fields (-k, -p, ... do). */
bool search_needs_fields(const struct search *s);
/* The event's records as log lines (--raw), through the text printer
 * (print_log_bytes(PRINT_ESC_RAW)). */
void search_print_raw(const struct contid_event *ev);
/*
 * search_record_stamp - the part of @rec's log line (as --raw writes it)
 * after the type: "msg=audit(SEC.MSEC:SERIAL): ", NUL-terminated into @buf
 * of @size bytes (SEARCH_STAMP_MAX is enough).
 */
#define SEARCH_STAMP_MAX 64
void search_record_stamp(const struct contid_record *rec, char *buf, size_t size);
/*
 * search_interpret - -i: the interpreted value of field @i of @rec, as
 * ausearch -i prints it (interpret.c), into @buf of @size bytes,
 * NUL-terminated (when @size > 0) and cut at @size - 1 bytes.  Returns the
 * length of the whole interpretation, as snprintf: @size or more says it
 * was cut.  0 for a field @i that @rec does not have.
 */
size_t search_interpret(const struct contid_record *rec, unsigned int i,
			char *buf, size_t size);
/* The configured audit log's files, oldest first; see ausearch.c. */
int search_log_files(char ***files, char **first);

#endif
