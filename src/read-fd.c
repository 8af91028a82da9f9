/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The whole of a file descriptor, bounded; a file replaced whole
 * (contidctl.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

int replace_file(char *tmpl, const char *path, mode_t mode, const char *text,
		 const char *tail)
{
	const char *parts[2] = { text, tail ? tail : "" };
	int fd, i, err = 0;

	fd = mkostemp(tmpl, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fchmod(fd, mode) < 0)
		err = -errno;
	for (i = 0; i < 2 && !err; i++) {
		size_t len = strlen(parts[i]), off = 0;

		while (off < len && !err) {
			ssize_t n = write(fd, parts[i] + off, len - off);

			if (n < 0 && errno != EINTR)
				err = -errno;
			else if (n > 0)
				off += (size_t)n;
		}
	}
	if (close(fd) < 0 && !err)
		err = -errno;
	if (!err && rename(tmpl, path) < 0)
		err = -errno;
	if (err)
		unlink(tmpl);
	return err;
}
