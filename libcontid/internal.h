/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Internal declarations of libcontid.  Nothing here is exported from the
 * shared library; the unit tests reach it through libcontid-internal.la.
 */
#ifndef LIBCONTID_INTERNAL_H
#define LIBCONTID_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/netlink.h>
#include <linux/audit.h>

#include <libcontid/contid.h>

#define CONTID_EXPORT __attribute__((visibility("default")))

/* The installed uapi header predates the container ID series. */
#ifndef AUDIT_CONTAINER
#define AUDIT_CONTAINER 1020
#endif
#ifndef AUDIT_SIGNAL_INFO2
#define AUDIT_SIGNAL_INFO2 1021
#endif
#ifndef AUDIT_CONTAINER_INFO
#define AUDIT_CONTAINER_INFO 1340
#endif
#ifndef AUDIT_CONTAINERID
#define AUDIT_CONTAINERID 27
#endif
#ifndef AUDIT_FEATURE_BITMAP_CONTAINERID_FILTER
#define AUDIT_FEATURE_BITMAP_CONTAINERID_FILTER 0x00000080
#endif

/* Records whose contid= fields name the event's container IDs: CONTAINER,
 * CONTAINER_INFO and the container mapping record (VIRT_MACHINE_ID,
 * docs/interfaces.md). */
static inline bool contid_record_names_ids(unsigned int type)
{
	return type == AUDIT_CONTAINER || type == AUDIT_CONTAINER_INFO ||
	       type == CONTID_MSG_MAPPING;
}

/* Receive buffer: a header plus the largest audit message, rounded up. */
#define CONTID_RECV_BUF (16 + CONTID_MAX_MESSAGE_LENGTH + 64)

/* Records that arrive on a daemon socket while a request waits. */
#define CONTID_QUEUE_MAX 256

/*
 * Transport: how a handle talks to the kernel.  The real one is a libmnl
 * NETLINK_AUDIT socket; the unit tests plug in a fake kernel.
 *   send: returns bytes sent or -errno.
 *   recv: waits up to timeout_ms (-1 forever) for one datagram; returns its
 *         length, -ETIMEDOUT when nothing came, or -errno (-EINTR and
 *         -ENOBUFS are passed up as they are).  *src_pid receives the
 *         sender's nl_pid (0 = kernel), *truncated whether it was cut.
 *   close: releases ctx (may be NULL).
 */
struct contid_transport {
	ssize_t (*send)(void *ctx, const void *buf, size_t len);
	ssize_t (*recv)(void *ctx, void *buf, size_t len, uint32_t *src_pid,
			int timeout_ms, bool *truncated);
	void (*close)(void *ctx);
	int (*fd)(void *ctx);
};

/* One per caller-opened socket; used by one thread at a time. */
struct contid_handle {
	const struct contid_transport *tr;
	void *tr_ctx;
	uint32_t seq;			/* last sequence number used */
	int timeout_ms;
	bool features_cached;
	uint32_t features;		/* feature_bitmap from the last AUDIT_GET */
	struct contid_handle_stats stats;
	struct contid_queued *q_head, *q_tail;	/* records kept during requests */
	unsigned int q_len;
	unsigned char buf[CONTID_RECV_BUF] __attribute__((aligned(8)));
};

int contid_handle_open_transport(struct contid_handle **hp,
				 const struct contid_transport *tr, void *ctx);

/* How a request completes. */
enum contid_req_kind {
	CONTID_REQ_ACK,		/* only the ACK (NLMSG_ERROR 0) */
	CONTID_REQ_REPLY,	/* one reply message and the ACK, any order */
	CONTID_REQ_DUMP,	/* NLM_F_MULTI replies up to NLMSG_DONE, and the ACK */
};

/* Called for each reply message of the request; < 0 aborts with it. */
typedef int (*contid_reply_fn)(const struct nlmsghdr *nlh, void *data);

int contid_request(struct contid_handle *h, uint16_t type, const void *payload,
		   size_t len, enum contid_req_kind kind, contid_reply_fn fn,
		   void *data);

/* true for message types that are records rather than replies */
bool contid_is_record_type(unsigned int type);

/*
 * Called for each datagram of records: its bytes (or what was kept of a
 * truncated one).  Returns what it added (> 0 ends the read), 0, or < 0.
 */
typedef int (*contid_datagram_fn)(const void *buf, size_t len, bool truncated,
				  void *data);

/*
 * Read records for the reader: every datagram queued during requests, or,
 * when those added nothing, datagrams from the kernel until @fn adds
 * something or the handle's timeout passes (-ETIMEDOUT).  Datagrams of
 * other senders are counted (stats.foreign) and skipped.  Returns what @fn
 * returned, -ETIMEDOUT, -ENOBUFS (counted in stats.enobufs) or -errno.
 */
int contid_handle_read_records(struct contid_handle *h,
			       contid_datagram_fn fn, void *data);

void contid_handle_cache_features(struct contid_handle *h, uint32_t bitmap);

/* task.c: the same with the proc root given (tests point it elsewhere). */
int contid_task_write_at(const char *procroot, pid_t pid, pid_t tid,
			 uint64_t id);
int contid_task_read_at(const char *procroot, pid_t pid, pid_t tid,
			uint64_t *id);

/* spawn.c: the ID setter is pluggable so tests can observe the hold. */
typedef int (*contid_setter_fn)(void *ctx, pid_t pid, uint64_t id);
int contid_spawn_with(contid_setter_fn set, void *ctx, uint64_t id,
		      const char *file, char *const argv[], char *const envp[],
		      unsigned int flags, pid_t *pidp);

/* rule.c: which fields carry a string (or the 8-byte ID) in buf[] */
bool contid_field_is_string(uint32_t field);

/*
 * number.c: the number written in s[0..@len) in @base (8, 10 or 16),
 * digits only (no sign, prefix or blank), at most @max.  0; -EINVAL when
 * @len is 0 or a character is no digit of @base; -ERANGE when the value
 * passes @max.  The digits are read in order, so the first fault decides
 * ("99999999999999999999x" is -ERANGE, "1x9999999999999999999" -EINVAL).
 */
int contid_parse_uint(const char *s, size_t len, unsigned int base,
		      uint64_t max, uint64_t *out);

/* socket.c: time.  A deadline is a contid_monotonic_ms() value, or
 * UINT64_MAX for none. */
uint64_t contid_monotonic_ms(void);
uint64_t contid_deadline(int timeout_ms);
int contid_deadline_remaining(uint64_t deadline_ms);

#endif
