/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse --format csv|text: ausearch 3.0.9's normalized output
 * (ausearch-report.c's csv_event() and text_event()), made by libauparse's
 * normalizer, with each event's container IDs (docs/ausearch.md).
 */
#ifndef CONTIDCTL_NORMALIZE_H
#define CONTIDCTL_NORMALIZE_H

#include <libcontid/contid.h>

enum norm_format {
	NORM_CSV,	/* one line an event, a header first */
	NORM_TEXT,	/* one English sentence an event */
};

/* ausearch's --extra-* (csv only): columns added to the csv. */
enum {
	NORM_EXTRA_KEYS = 1 << 0,	/* KEY */
	NORM_EXTRA_LABELS = 1 << 1,	/* SUBJ_LABEL, OBJ_LABEL */
	NORM_EXTRA_OBJ2 = 1 << 2,	/* OBJ2 */
	NORM_EXTRA_TIME = 1 << 3,	/* YEAR ... GMT_OFFSET */
};

struct norm;

/* A printer of @format with the NORM_EXTRA_* bits @extra; NULL with errno
 * set when libauparse cannot start. */
struct norm *norm_new(enum norm_format format, unsigned int extra);
/*
 * norm_print - @ev's records, as the log lines --raw writes, through
 * auparse's normalizer, printed through print.h (every string auparse
 * gives is log-derived: print_log_bytes(PRINT_ESC_VALUE)).  One line per
 * event auparse makes of them (usually one); the csv header before the
 * first line of the run.  A record auparse cannot normalize gets
 * ausearch's "error normalizing TYPE" on stderr and its empty row.
 */
void norm_print(struct norm *n, const struct contid_event *ev);
void norm_free(struct norm *n);

#endif
