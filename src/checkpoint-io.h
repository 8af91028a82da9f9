/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse --checkpoint FILE: the file on disk (checkpoint-io.c). */
#ifndef CONTIDCTL_CHECKPOINT_IO_H
#define CONTIDCTL_CHECKPOINT_IO_H

#include <stdbool.h>
#include <stdint.h>

#include "checkpoint.h"

/* ausearch's exit statuses (ausearch(8)) */
#define CKPT_EXIT_BAD	10	/* unreadable, malformed, its log not found */
#define CKPT_EXIT_IO	11	/* not written */
#define CKPT_EXIT_LOST	12	/* its event not found where it should be */

struct ckpt_file {
	const char *path;
	struct ckpt in;			/* loaded (run.in points here) */
	struct ckpt_run run;
	struct ckpt_event last;		/* the last event completed */
	uint64_t dev, ino;		/* of the last log file read */
	int stat_err;			/* its fstat() failed: errno */
	int status;			/* CKPT_EXIT_LOST or EXIT_FAIL: stopped */
};

void ckpt_file_init(struct ckpt_file *f, const char *path, bool timeonly);
void ckpt_file_free(struct ckpt_file *f);

/* Read f->path: 0 (also when there is none: the first run), or
 * CKPT_EXIT_BAD with the reason on stderr. */
int ckpt_load(struct ckpt_file *f);

/* The first of the configured log's files @logs (@nlogs, oldest first) to
 * read: the checkpoint's (0 without one, or with -ts checkpoint).  Returns
 * 0, or CKPT_EXIT_BAD (none is) or EXIT_FAIL with the reason on stderr. */
int ckpt_find_log(struct ckpt_file *f, char *const *logs, int nlogs, int *start);

/* A log file is being read from @fd: the checkpoint will name the last. */
void ckpt_log_read(struct ckpt_file *f, int fd);

/* The next completed event (within -ts/-te): 1 if it is new (print it if
 * selected), 0 if not, -1 to stop (f->status set, the reason said). */
int ckpt_next(struct ckpt_file *f, const struct contid_event *ev);

/* Write the checkpoint: 0, or CKPT_EXIT_IO with the reason on stderr. */
int ckpt_save(struct ckpt_file *f);

#endif
