/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse: why an input cannot be read (parse-input.c). */
#ifndef CONTIDCTL_PARSE_INPUT_H
#define CONTIDCTL_PARSE_INPUT_H

#include <stddef.h>

/* The compression whose magic @buf (an input's first bytes) starts with
 * ("gzip", ...), its cat program in *@cat; NULL when none. */
const char *input_compressed(const char *buf, size_t len, const char **cat);

#endif
