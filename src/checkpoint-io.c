/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse --checkpoint FILE: loading the checkpoint, finding its
 * log file among the configured ones, remembering the last event and
 * saving, as ausearch 3.0.9 does (src/ausearch.c, src/ausearch-checkpt.c),
 * with its exit statuses: 10 a checkpoint that cannot be used, 11 one that
 * cannot be written, 12 its event not found where it should be.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "contidctl.h"
#include "checkpoint-io.h"

void ckpt_file_init(struct ckpt_file *f, const char *path, bool timeonly)
{
	memset(f, 0, sizeof(*f));
	f->path = path;
	f->run.timeonly = timeonly;
}

void ckpt_file_free(struct ckpt_file *f)
{
	ckpt_free(&f->in);
	free(f->last.node);
	f->last.node = NULL;
}

int ckpt_load(struct ckpt_file *f)
{
	char msg[256], *text;
	struct stat st;
	size_t len;
	int fd, err;

	/* non-blocking: a FIFO given as the checkpoint does not hang here */
	fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0 && errno == ENOENT)
		return 0;	/* the first run: every event is new */
	if (fd < 0) {
		fail(errno, strerror(errno), "parse: cannot read the checkpoint '%s'", f->path);
		return CKPT_EXIT_BAD;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		fail_msg("parse: checkpoint '%s': not a regular file", f->path);
		return CKPT_EXIT_BAD;
	}
	text = read_fd_max(fd, CKPT_MAX, &len, &err);
	close(fd);
	if (!text && err == -EFBIG) {
		fail_msg("parse: checkpoint '%s': longer than %u bytes", f->path, CKPT_MAX);
		return CKPT_EXIT_BAD;
	}
	if (!text) {
		fail(err, strerror(-err), "parse: cannot read the checkpoint '%s'", f->path);
		return CKPT_EXIT_BAD;
	}
	err = ckpt_parse(text, len, &f->in, msg, sizeof(msg));
	free(text);
	if (err < 0) {
		fail_msg("parse: checkpoint '%s': %s", f->path, msg);
		return CKPT_EXIT_BAD;
	}
	f->run.in = &f->in;
	return 0;
}

int ckpt_find_log(struct ckpt_file *f, char *const *logs, int nlogs, int *start)
{
	int i;

	*start = 0;
	if (!f->run.in || f->run.timeonly)
		return 0;	/* all of them */
	/* newest first, as ausearch: the first of the checkpoint's device
	 * and inode, which a rotation renamed (LOG to LOG.1) */
	for (i = nlogs - 1; i >= 0; i--) {
		struct stat st;

		if (stat(logs[i], &st) < 0)
			return fail(errno, strerror(errno), "parse: cannot stat '%s'", logs[i]);
		if ((uint64_t)st.st_dev == f->in.dev && (uint64_t)st.st_ino == f->in.ino) {
			*start = i;
			return 0;
		}
	}
	fail_msg("parse: checkpoint '%s': its log file is none of the audit log's files "
		 "(rotated away?); -ts checkpoint reads them all from its event's time",
		 f->path);
	return CKPT_EXIT_BAD;
}

void ckpt_log_read(struct ckpt_file *f, int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0) {
		f->stat_err = errno;
		return;
	}
	f->stat_err = 0;
	f->dev = (uint64_t)st.st_dev;
	f->ino = (uint64_t)st.st_ino;
}

int ckpt_next(struct ckpt_file *f, const struct contid_event *ev)
{
	struct ckpt_event e;
	enum ckpt_decision d;

	ckpt_event_of(ev, &e);
	d = ckpt_decide(&f->run, &e);
	if (d == CKPT_LOST) {
		print_flush();
		fprintf(stderr, PROG ": parse: checkpoint '%s': its event %" PRIu64 ".%03u:%" PRIu64
			" is not in the log: event %" PRIu64 ".%03u:%" PRIu64
			", more than 2 s newer, came first\n", f->path, f->in.ev.sec,
			f->in.ev.msec, f->in.ev.serial, e.sec, e.msec, e.serial);
		f->status = CKPT_EXIT_LOST;
		return -1;
	}
	/* every event is remembered, selected or not, as ausearch */
	if (ckpt_event_set(&f->last, &e) < 0) {
		fail(-ENOMEM, NULL, "parse: checkpoint");
		f->status = EXIT_FAIL;
		return -1;
	}
	return d == CKPT_NEW;
}

/* @text into a new file beside f->path, renamed over it: a run that stops
 * half way leaves the old checkpoint whole. */
static int write_file(const char *path, const char *text)
{
	struct stat st;
	mode_t mode;
	char *tmp;
	int err;

	/* ausearch rewrites the file in place (its mode stays) or creates
	 * it under its umask, the caller's with 027 added: 0640 */
	if (stat(path, &st) == 0) {
		mode = st.st_mode & 07777;
	} else {
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~(mode | 027);
	}
	if (asprintf(&tmp, "%s.XXXXXX", path) < 0)
		return -ENOMEM;
	err = replace_file(tmp, path, mode, text, NULL);
	free(tmp);
	return err;
}

int ckpt_save(struct ckpt_file *f)
{
	struct ckpt c = { .dev = f->dev, .ino = f->ino, .ev = f->last };
	char *text;
	int err;

	if (f->stat_err) {
		fail(f->stat_err, strerror(f->stat_err),
		     "parse: cannot stat the audit log for the checkpoint");
		return CKPT_EXIT_IO;
	}
	text = ckpt_format(&c);
	err = text ? write_file(f->path, text) : -ENOMEM;
	free(text);
	if (err < 0) {
		fail(err, strerror(-err), "parse: cannot write the checkpoint '%s'", f->path);
		return CKPT_EXIT_IO;
	}
	return 0;
}
