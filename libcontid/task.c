/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc/PID/containerid and /proc/PID/task/TID/containerid.
 *
 * The kernel's answers are passed up as -errno (see docs/interfaces.md for
 * the refusal table; contid_task_strerror() words them).  A missing
 * containerid file under an existing /proc/PID means the kernel has no
 * container ID support, which is reported as -CONTID_E_NOSUPPORT rather
 * than a confusing -ENOENT.
 *
 * Reading takes CAP_AUDIT_CONTROL: the kernel refuses the read with EPERM
 * when the opener lacks it, and the file's mode (0600) refuses the open
 * of another user's task with EACCES.  Both come back as
 * -CONTID_E_READPERM, so that the caller can say why.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "internal.h"

CONTID_EXPORT int contid_id_parse(const char *s, uint64_t *id)
{
	uint64_t v;
	int err;

	if (!s || !id)
		return -EINVAL;
	err = contid_parse_uint(s, strlen(s), 10, UINT64_MAX, &v);
	if (err == -ERANGE)
		return -ERANGE;
	if (err < 0)
		return -CONTID_E_SYNTAX;
	if (v == CONTID_UNSET)
		return -CONTID_E_UNSET;
	*id = v;
	return 0;
}

static int proc_path(char *buf, size_t len, const char *root, pid_t pid,
		     pid_t tid, bool file)
{
	int n;

	if (tid > 0)
		n = snprintf(buf, len, "%s/%d/task/%d%s", root, (int)pid,
			     (int)tid, file ? "/containerid" : "");
	else
		n = snprintf(buf, len, "%s/%d%s", root, (int)pid,
			     file ? "/containerid" : "");
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return 0;
}

/* ENOENT on the file: is the task gone, or is the file not there? */
static int enoent_reason(const char *root, pid_t pid, pid_t tid)
{
	char dir[4200];
	struct stat sb;

	if (proc_path(dir, sizeof(dir), root, pid, tid, false) < 0)
		return -ESRCH;
	if (stat(dir, &sb) < 0)
		return -ESRCH;
	return -CONTID_E_NOSUPPORT;
}

int contid_task_write_at(const char *procroot, pid_t pid, pid_t tid,
			 uint64_t id)
{
	char path[4200];
	char val[24];
	ssize_t n;
	int fd, len, r;

	if (pid <= 0 || tid < 0)
		return -EINVAL;
	if (id == CONTID_UNSET)
		return -CONTID_E_UNSET;	/* refused before writing */
	r = proc_path(path, sizeof(path), procroot, pid, tid, true);
	if (r < 0)
		return r;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		return r == -ENOENT ? enoent_reason(procroot, pid, tid) : r;
	}
	/* The kernel wants the whole number in one write at offset 0. */
	len = snprintf(val, sizeof(val), "%" PRIu64, id);
	do {
		n = write(fd, val, (size_t)len);
	} while (n < 0 && errno == EINTR);
	r = n < 0 ? -errno : (n != len ? -EIO : 0);
	if (close(fd) < 0 && r == 0 && errno != EINTR)
		r = -errno;
	return r;
}

int contid_task_read_at(const char *procroot, pid_t pid, pid_t tid,
			uint64_t *id)
{
	char path[4200];
	char val[32];
	uint64_t v = 0;
	ssize_t n;
	int fd, r;

	if (pid <= 0 || tid < 0 || !id)
		return -EINVAL;
	r = proc_path(path, sizeof(path), procroot, pid, tid, true);
	if (r < 0)
		return r;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		if (r == -EACCES || r == -EPERM)
			return -CONTID_E_READPERM;
		return r == -ENOENT ? enoent_reason(procroot, pid, tid) : r;
	}
	do {
		n = read(fd, val, sizeof(val) - 1);
	} while (n < 0 && errno == EINTR);
	r = n < 0 ? -errno : 0;
	close(fd);
	if (r == -EPERM || r == -EACCES)
		return -CONTID_E_READPERM;
	if (r < 0)
		return r;
	if (n > 0 && val[n - 1] == '\n')
		n--;
	if (contid_parse_uint(val, (size_t)n, 10, UINT64_MAX, &v) < 0)
		return -CONTID_E_PROTO;
	*id = v;	/* CONTID_UNSET when the task has no ID */
	return 0;
}

CONTID_EXPORT int contid_task_set(pid_t pid, uint64_t id)
{
	return contid_task_write_at("/proc", pid, 0, id);
}

CONTID_EXPORT int contid_task_set_tid(pid_t pid, pid_t tid, uint64_t id)
{
	if (tid <= 0)
		return -EINVAL;
	return contid_task_write_at("/proc", pid, tid, id);
}

CONTID_EXPORT int contid_task_get(pid_t pid, uint64_t *id)
{
	return contid_task_read_at("/proc", pid, 0, id);
}

CONTID_EXPORT int contid_task_get_tid(pid_t pid, pid_t tid, uint64_t *id)
{
	if (tid <= 0)
		return -EINVAL;
	return contid_task_read_at("/proc", pid, tid, id);
}
