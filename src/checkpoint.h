/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse --checkpoint FILE: ausearch 3.0.9's checkpoint file
 * (src/ausearch-checkpt.c) and its rule for where the next run starts
 * (chkpt_output_decision() of src/ausearch.c).  checkpoint.c is the
 * text and the rule, without I/O; checkpoint-io.c reads and writes the
 * file for cmd-parse.c.
 */
#ifndef CONTIDCTL_CHECKPOINT_H
#define CONTIDCTL_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct contid_event;

/* An event as a checkpoint names it: node (NULL: none, written "-"),
 * stamp, and the type of its first record. */
struct ckpt_event {
	char *node;
	uint64_t sec;
	unsigned int msec;
	uint64_t serial;
	uint32_t type;
};

/* The file: the log file last read (device and inode, never 0) and the
 * last event completed (sec 0: none; every event is after it). */
struct ckpt {
	uint64_t dev, ino;
	struct ckpt_event ev;
};

/* A checkpoint file is at most this long: ausearch's lines are short, but
 * a node name may be as long as a log line (1 MiB, the reader's limit). */
#define CKPT_MAX ((1u << 20) + 256)

/*
 * ckpt_parse - the checkpoint text @buf (@len bytes, any bytes) into @c
 * (its node malloc'd: ckpt_free()).  Returns 0, or -1 with a one-line
 * message in @msg ("line 2: ...", printable ASCII: no byte of the input)
 * and @c left empty.  Stricter than ausearch's reader: what ausearch
 * writes, nothing else (docs/ausearch.md).
 */
int ckpt_parse(const char *buf, size_t len, struct ckpt *c, char *msg,
	       size_t msglen);

/* The file's text for @c, as ausearch writes it; malloc'd, NULL when out
 * of memory. */
char *ckpt_format(const struct ckpt *c);

void ckpt_free(struct ckpt *c);

/* @ev's checkpoint form into @e (node not copied: valid while @ev is). */
void ckpt_event_of(const struct contid_event *ev, struct ckpt_event *e);

/* Set @dst to @src (the node copied); -1 when out of memory. */
int ckpt_event_set(struct ckpt_event *dst, const struct ckpt_event *src);

/* Where a run stands against a loaded checkpoint. */
struct ckpt_run {
	const struct ckpt *in;	/* loaded; NULL: no file yet, all is new */
	bool timeonly;		/* -ts checkpoint: by its event's time only */
	bool started;		/* the checkpoint's event was passed */
};

enum ckpt_decision {
	CKPT_SKIP,	/* before the checkpoint's event: not printed */
	CKPT_NEW,	/* after it: printed if selected */
	CKPT_FOUND,	/* the checkpoint's event: everything after is new */
	CKPT_LOST,	/* more than 2 s newer than the checkpoint's event,
			 * which was not found first: exit 12 */
};

/* ausearch's chkpt_output_decision() for the next completed event @e. */
enum ckpt_decision ckpt_decide(struct ckpt_run *r, const struct ckpt_event *e);

#endif
