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
/* -ts/-te ARG [NEXT]; returns how many of NEXT were used (0 or 1). */
int search_set_time(struct search *s, bool end, const char *arg,
		    const char *next);
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
