/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse: ausearch's basic selection and output options. */
#ifndef CONTIDCTL_AUSEARCH_H
#define CONTIDCTL_AUSEARCH_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "contidctl.h"

struct search {
	unsigned int types[64];		/* -m: any record of these types */
	size_t ntypes;
	bool all_types;			/* -m ALL */
	const char *key;		/* -k: a key= equal to this */
	time_t start, end;		/* -ts, -te: event seconds within */
	bool has_start, has_end;
};

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
/* Whether search_match() reads records' fields (-k does). */
bool search_needs_fields(const struct search *s);
/* The event's records as log lines (--raw), through the text printer
 * (print_log_bytes(PRINT_ESC_RAW)). */
void search_print_raw(const struct contid_event *ev);
/* -i: the interpreted value of a field into @buf. */
void search_interpret(const char *name, const char *value, size_t len,
		      const char *arch, char *buf, size_t size);
/* The configured audit log's files, oldest first; see ausearch.c. */
int search_log_files(char ***files, char **first);

#endif
