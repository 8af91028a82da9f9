/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl with a fake /proc/PID/containerid, for the host tests of the
 * runtime wrapper and the hook (tests/cli/runtime.sh): linked with
 * -Wl,--wrap=contid_task_set,--wrap=contid_task_get against the static
 * libcontid-internal, so that contid_spawn() sets IDs here too.
 *   FAKE_SET_LOG   file each set is appended to as "PID ID\n"
 *   FAKE_SET_ERR   make every set fail: "NOSUPPORT", "EBUSY" or "EEXIST"
 *   FAKE_PROCROOT  directory read as /proc (PID/containerid, and
 *                  PID/task/TID/containerid for ps: a task without one
 *                  there is gone, ESRCH)
 * and, with -Wl,--wrap=contid_handle_open, a fake audit socket: each
 * message sent is appended to FAKE_AUDIT_LOG as "TYPE FLAGS LEN\n" and its
 * payload's LEN bytes, and is answered with an ACK, or with the errno
 * FAKE_AUDIT_ERR names ("EPERM").  Without FAKE_AUDIT_LOG the open fails
 * (EPROTONOSUPPORT).
 * Nothing here talks to the host's kernel.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <linux/netlink.h>

#include <libcontid/contid.h>
#include "internal.h"

int __wrap_contid_task_set(pid_t pid, uint64_t id);
int __wrap_contid_handle_open(struct contid_handle **hp, unsigned int flags);
int __wrap_contid_task_get(pid_t pid, uint64_t *id);
int __wrap_contid_task_get_tid(pid_t pid, pid_t tid, uint64_t *id);
int contid_task_read_at(const char *procroot, pid_t pid, pid_t tid, uint64_t *id);

int __wrap_contid_task_set(pid_t pid, uint64_t id)
{
	const char *e = getenv("FAKE_SET_ERR"), *log = getenv("FAKE_SET_LOG");
	FILE *f;

	if (e && strcmp(e, "NOSUPPORT") == 0)
		return -CONTID_E_NOSUPPORT;
	if (e && strcmp(e, "EBUSY") == 0)
		return -EBUSY;
	if (e && strcmp(e, "EEXIST") == 0)
		return -EEXIST;
	if (!log)
		return -ENOSYS;
	f = fopen(log, "ae");
	if (!f)
		return -errno;
	fprintf(f, "%d %" PRIu64 "\n", (int)pid, id);
	fclose(f);
	return 0;
}

int __wrap_contid_task_get(pid_t pid, uint64_t *id)
{
	const char *root = getenv("FAKE_PROCROOT");

	return contid_task_read_at(root ? root : "/nonexistent", pid, 0, id);
}

int __wrap_contid_task_get_tid(pid_t pid, pid_t tid, uint64_t *id)
{
	const char *root = getenv("FAKE_PROCROOT");

	return contid_task_read_at(root ? root : "/nonexistent", pid, tid, id);
}

/* The fake socket: one pending ACK at a time. */
static unsigned char fake_ack[NLMSG_HDRLEN + sizeof(struct nlmsgerr)];
static bool fake_ack_pending;

static ssize_t fake_send(void *ctx, const void *buf, size_t len)
{
	const struct nlmsghdr *m = buf;
	struct nlmsghdr *a = (struct nlmsghdr *)fake_ack;
	struct nlmsgerr *e = (struct nlmsgerr *)(fake_ack + NLMSG_HDRLEN);
	const char *err = getenv("FAKE_AUDIT_ERR");
	FILE *f = fopen((const char *)ctx, "ae");

	if (!f)
		return -errno;
	fprintf(f, "%u %u %u\n", m->nlmsg_type, m->nlmsg_flags,
		(unsigned int)(m->nlmsg_len - NLMSG_HDRLEN));
	fwrite((const char *)buf + NLMSG_HDRLEN, 1, m->nlmsg_len - NLMSG_HDRLEN, f);
	fclose(f);
	memset(fake_ack, 0, sizeof(fake_ack));
	a->nlmsg_len = sizeof(fake_ack);
	a->nlmsg_type = NLMSG_ERROR;
	a->nlmsg_seq = m->nlmsg_seq;
	e->error = err && strcmp(err, "EPERM") == 0 ? -EPERM : 0;
	e->msg = *m;
	fake_ack_pending = true;
	return (ssize_t)len;
}

static ssize_t fake_recv(void *ctx, void *buf, size_t len, uint32_t *src_pid,
			 int timeout_ms, bool *truncated)
{
	(void)ctx;
	(void)timeout_ms;
	if (!fake_ack_pending || len < sizeof(fake_ack))
		return -ETIMEDOUT;
	fake_ack_pending = false;
	memcpy(buf, fake_ack, sizeof(fake_ack));
	*src_pid = 0;
	*truncated = false;
	return (ssize_t)sizeof(fake_ack);
}

static void fake_close(void *ctx)
{
	(void)ctx;
}

static int fake_fd(void *ctx)
{
	(void)ctx;
	return -1;
}

static const struct contid_transport fake_transport = {
	.send = fake_send, .recv = fake_recv, .close = fake_close, .fd = fake_fd,
};

int __wrap_contid_handle_open(struct contid_handle **hp, unsigned int flags)
{
	char *log = getenv("FAKE_AUDIT_LOG");

	(void)flags;
	if (!log)
		return -EPROTONOSUPPORT;
	return contid_handle_open_transport(hp, &fake_transport, log);
}
