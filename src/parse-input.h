/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse: why an input cannot be read (parse-input.c). */
#ifndef CONTIDCTL_PARSE_INPUT_H
#define CONTIDCTL_PARSE_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The reader's limit (libcontid/reader-log.c LINE_MAX_HELD). */
#define INPUT_LINE_MAX (1u << 20)

/* The compression whose magic @buf (an input's first bytes) starts with
 * ("gzip", ...), its cat program in *@cat; NULL when none. */
const char *input_compressed(const char *buf, size_t len, const char **cat);

/* One input's lines, counted as they are read. */
struct input_lines {
	uint64_t line;		/* complete lines so far */
	size_t len;		/* bytes of the line being read */
	bool reported;		/* that line was said to be too long */
	uint64_t long_lines;	/* lines over INPUT_LINE_MAX */
};

/* Count the lines of @buf; @too_long is called once for each line over
 * INPUT_LINE_MAX bytes (its newline not counted) with its number, from 1. */
void input_lines(struct input_lines *il, const char *buf, size_t len,
		 void (*too_long)(void *arg, uint64_t line), void *arg);

#endif
