/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The whole of a file descriptor, bounded (contidctl.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "contidctl.h"

char *read_fd_max(int fd, size_t max, size_t *len, int *err)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap), *nb;
	ssize_t r;

	*err = -ENOMEM;
	if (!buf)
		return NULL;
	for (;;) {
		if (n == cap) {
			if (cap > max)
				break;
			cap *= 2;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				return NULL;
			}
			buf = nb;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			*err = -errno;
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (n > max) {
		*err = -EFBIG;
		free(buf);
		return NULL;
	}
	*len = n;
	*err = 0;
	return buf;
}
