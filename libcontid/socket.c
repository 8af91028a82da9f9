/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The handle and its netlink transport.
 *
 * A request is sent with NLM_F_REQUEST|NLM_F_ACK and a fresh sequence
 * number.  The kernel answers some requests from a kernel thread, so the
 * ACK may arrive before or after the reply: a request completes when both
 * (or NLMSG_DONE and the ACK for a dump) have been seen, or at the first
 * NLMSG_ERROR carrying an errno.  Messages with another sequence number are
 * stale and dropped; datagrams from a sender other than the kernel
 * (nl_pid != 0) are foreign and dropped; records (sequence 0) that reach a
 * daemon socket meanwhile are queued for the reader, not lost.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>

#include <libmnl/libmnl.h>

#include "internal.h"

#define DEFAULT_TIMEOUT_MS 5000

/* A record datagram kept while a request waited. */
struct contid_queued {
	struct contid_queued *next;
	size_t len;
	unsigned char data[];
};

static struct contid_queued *dequeue(struct contid_handle *h);

uint64_t contid_monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The monotonic time @timeout_ms from now; UINT64_MAX for -1 (none). */
uint64_t contid_deadline(int timeout_ms)
{
	return timeout_ms < 0 ? UINT64_MAX :
	       contid_monotonic_ms() + (uint64_t)timeout_ms;
}

/* -1 for "no deadline", else milliseconds left (0 when passed). */
int contid_deadline_remaining(uint64_t deadline_ms)
{
	uint64_t now;

	if (deadline_ms == UINT64_MAX)
		return -1;
	now = contid_monotonic_ms();
	if (now >= deadline_ms)
		return 0;
	return (int)(deadline_ms - now);
}

/* ---------------------------------------------------- real transport */

static ssize_t mnl_tr_send(void *ctx, const void *buf, size_t len)
{
	ssize_t n = mnl_socket_sendto(ctx, buf, len);

	if (n < 0)
		return -errno;
	return n;
}

static ssize_t mnl_tr_recv(void *ctx, void *buf, size_t len, uint32_t *src_pid,
			   int timeout_ms, bool *truncated)
{
	struct mnl_socket *nl = ctx;
	struct pollfd pfd = { .fd = mnl_socket_get_fd(nl), .events = POLLIN };
	struct sockaddr_nl addr;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_name = &addr, .msg_namelen = sizeof(addr),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	ssize_t n;
	int r;

	r = poll(&pfd, 1, timeout_ms);
	if (r < 0)
		return -errno;
	if (r == 0)
		return -ETIMEDOUT;
	n = recvmsg(pfd.fd, &msg, MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN ? -ETIMEDOUT : -errno;
	*src_pid = addr.nl_pid;
	*truncated = (msg.msg_flags & MSG_TRUNC) != 0;
	return n;
}

static void mnl_tr_close(void *ctx)
{
	mnl_socket_close(ctx);
}

static int mnl_tr_fd(void *ctx)
{
	return mnl_socket_get_fd(ctx);
}

static const struct contid_transport mnl_transport = {
	.send = mnl_tr_send,
	.recv = mnl_tr_recv,
	.close = mnl_tr_close,
	.fd = mnl_tr_fd,
};

/* ---------------------------------------------------- handle */

int contid_handle_open_transport(struct contid_handle **hp,
				 const struct contid_transport *tr, void *ctx)
{
	struct contid_handle *h;

	if (!hp || !tr)
		return -EINVAL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->tr = tr;
	h->tr_ctx = ctx;
	h->timeout_ms = DEFAULT_TIMEOUT_MS;
	/* Start from a time-derived value so replies to an earlier process
	 * that used the same port id do not match by accident. */
	h->seq = (uint32_t)time(NULL);
	*hp = h;
	return 0;
}

CONTID_EXPORT int contid_handle_open(struct contid_handle **hp,
				     unsigned int flags)
{
	struct mnl_socket *nl;
	unsigned int groups = 0;
	int err;

	if (!hp || (flags & ~(unsigned int)CONTID_OPEN_READLOG))
		return -EINVAL;
	nl = mnl_socket_open2(NETLINK_AUDIT, SOCK_CLOEXEC);
	if (!nl)
		return -errno;
	if (flags & CONTID_OPEN_READLOG)
		groups = 1u << (AUDIT_NLGRP_READLOG - 1);
	if (mnl_socket_bind(nl, groups, MNL_SOCKET_AUTOPID) < 0) {
		err = -errno;
		mnl_socket_close(nl);
		return err;
	}
	err = contid_handle_open_transport(hp, &mnl_transport, nl);
	if (err < 0)
		mnl_socket_close(nl);
	return err;
}

CONTID_EXPORT void contid_handle_close(struct contid_handle *h)
{
	struct contid_queued *q;

	if (!h)
		return;
	while ((q = dequeue(h)))
		free(q);
	if (h->tr->close)
		h->tr->close(h->tr_ctx);
	free(h);
}

CONTID_EXPORT int contid_handle_fd(const struct contid_handle *h)
{
	if (!h || !h->tr->fd)
		return -EINVAL;
	return h->tr->fd(h->tr_ctx);
}

CONTID_EXPORT int contid_handle_set_timeout(struct contid_handle *h,
					    int timeout_ms)
{
	if (!h || timeout_ms < -1)
		return -EINVAL;
	h->timeout_ms = timeout_ms;
	return 0;
}

CONTID_EXPORT int contid_handle_get_timeout(const struct contid_handle *h)
{
	if (!h)
		return -EINVAL;
	return h->timeout_ms;
}

CONTID_EXPORT int contid_handle_get_stats(const struct contid_handle *h,
					  struct contid_handle_stats *st)
{
	if (!h || !st)
		return -EINVAL;
	*st = h->stats;
	return 0;
}

void contid_handle_cache_features(struct contid_handle *h, uint32_t bitmap)
{
	h->features = bitmap;
	h->features_cached = true;
}

bool contid_is_record_type(unsigned int type)
{
	/* A few record types sit among the control types: USER (1005),
	 * LOGIN (1006) and CONTAINER (1020); everything from
	 * AUDIT_FIRST_USER_MSG up is a record. */
	return type == AUDIT_USER || type == AUDIT_LOGIN ||
	       type == AUDIT_CONTAINER || type >= AUDIT_FIRST_USER_MSG;
}

static void enqueue(struct contid_handle *h, const void *buf, size_t len)
{
	struct contid_queued *q;

	if (h->q_len >= CONTID_QUEUE_MAX) {
		h->stats.queue_dropped++;
		return;
	}
	q = malloc(sizeof(*q) + len);
	if (!q) {
		h->stats.queue_dropped++;
		return;
	}
	q->next = NULL;
	q->len = len;
	memcpy(q->data, buf, len);
	if (h->q_tail)
		h->q_tail->next = q;
	else
		h->q_head = q;
	h->q_tail = q;
	h->q_len++;
	h->stats.queued++;
}

static struct contid_queued *dequeue(struct contid_handle *h)
{
	struct contid_queued *q = h->q_head;

	if (!q)
		return NULL;
	h->q_head = q->next;
	if (!h->q_head)
		h->q_tail = NULL;
	h->q_len--;
	return q;
}

/*
 * One receive into h->buf before @deadline (contid_deadline()), retried on
 * EINTR with the time left: see transport recv.  ENOBUFS and truncated
 * datagrams are counted here, the one place that receives.
 */
static ssize_t handle_recv(struct contid_handle *h, uint64_t deadline,
			   uint32_t *src_pid, bool *truncated)
{
	ssize_t n;

	for (;;) {
		*truncated = false;
		*src_pid = 0;
		n = h->tr->recv(h->tr_ctx, h->buf, sizeof(h->buf), src_pid,
				contid_deadline_remaining(deadline), truncated);
		if (n == -EINTR)
			continue;	/* retried with the time left */
		if (n == -ENOBUFS)
			h->stats.enobufs++;
		if (n >= 0 && *truncated)
			h->stats.truncated++;
		return n;
	}
}

int contid_handle_read_records(struct contid_handle *h,
			       contid_datagram_fn fn, void *data)
{
	struct contid_queued *q;
	uint64_t deadline;
	int added = 0, err;

	/* first what came while a request waited */
	while ((q = dequeue(h))) {
		err = fn(q->data, q->len, false, data);
		free(q);
		if (err < 0)
			return err;
		added += err;
	}
	if (added)
		return added;
	deadline = contid_deadline(h->timeout_ms);
	for (;;) {
		uint32_t src;
		bool trunc;
		ssize_t n = handle_recv(h, deadline, &src, &trunc);

		if (n < 0)
			return (int)n;
		if (src != 0) {
			h->stats.foreign++;
		} else {
			err = fn(h->buf, (size_t)n, trunc, data);
			if (err != 0)
				return err;
		}
		if (contid_deadline_remaining(deadline) == 0)
			return -ETIMEDOUT;
	}
}

struct req_state {
	uint32_t seq;
	enum contid_req_kind kind;
	bool acked;
	bool replied;
	bool done;
	int err;
};

/* Handle one message of a datagram; returns 1 once the request is over. */
static int handle_msg(struct contid_handle *h, struct req_state *rs,
		      const struct nlmsghdr *nlh, contid_reply_fn fn, void *data)
{
	int r;

	if (nlh->nlmsg_seq != rs->seq) {
		h->stats.stale++;
		return 0;
	}
	switch (nlh->nlmsg_type) {
	case NLMSG_ERROR: {
		const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);

		if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(e->error)) {
			rs->err = -CONTID_E_PROTO;
			return 1;
		}
		if (e->error != 0) {
			/* The kernel sends a negative errno. */
			rs->err = e->error < 0 ? e->error : -e->error;
			return 1;
		}
		rs->acked = true;
		break;
	}
	case NLMSG_DONE:
		rs->done = true;
		break;
	case NLMSG_NOOP:
		break;
	default:
		if (rs->kind == CONTID_REQ_ACK) {
			h->stats.stale++;	/* nothing expected but the ACK */
			break;
		}
		if (rs->kind == CONTID_REQ_REPLY && rs->replied) {
			h->stats.stale++;
			break;
		}
		if (fn) {
			r = fn(nlh, data);
			if (r < 0) {
				rs->err = r;
				return 1;
			}
		}
		rs->replied = true;
		break;
	}
	switch (rs->kind) {
	case CONTID_REQ_ACK:
		return rs->acked;
	case CONTID_REQ_REPLY:
		return rs->acked && rs->replied;
	case CONTID_REQ_DUMP:
		return rs->acked && rs->done;
	}
	return 1;
}

int contid_request(struct contid_handle *h, uint16_t type, const void *payload,
		   size_t len, enum contid_req_kind kind, contid_reply_fn fn,
		   void *data)
{
	unsigned char *sbuf;
	struct nlmsghdr *nlh;
	struct req_state rs = { .kind = kind };
	uint64_t deadline;
	size_t slen = MNL_ALIGN(sizeof(struct nlmsghdr)) + MNL_ALIGN(len);
	ssize_t n;

	if (!h)
		return -EINVAL;
	if (len > 65536)
		return -EMSGSIZE;
	sbuf = calloc(1, slen);
	if (!sbuf)
		return -ENOMEM;
	nlh = mnl_nlmsg_put_header(sbuf);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	if (++h->seq == 0)	/* seq 0 is what records carry */
		h->seq = 1;
	nlh->nlmsg_seq = rs.seq = h->seq;
	if (len)
		memcpy(mnl_nlmsg_put_extra_header(nlh, len), payload, len);
	/* nlmsg_len is the exact length; the datagram carries the padding */
	nlh->nlmsg_len = (uint32_t)(NLMSG_HDRLEN + len);
	n = h->tr->send(h->tr_ctx, sbuf, slen);
	free(sbuf);
	if (n < 0)
		return (int)n;

	deadline = contid_deadline(h->timeout_ms);
	for (bool first = true;; first = false) {
		int left = contid_deadline_remaining(deadline);
		uint32_t src;
		bool trunc;
		const struct nlmsghdr *m;
		size_t rem;

		/* a flood of foreign or stale datagrams must not keep us here
		 * past the deadline (timeout 0 still gets one receive) */
		if (left == 0 && !first)
			return -ETIMEDOUT;
		n = handle_recv(h, deadline, &src, &trunc);
		if (n == -ENOBUFS)
			continue;	/* records were lost, not our reply */
		if (n < 0)
			return (int)n;
		if (src != 0) {
			h->stats.foreign++;
			continue;
		}
		if (trunc)
			continue;	/* counted; cannot be a sane reply */
		if ((size_t)n < sizeof(struct nlmsghdr))
			continue;
		m = (const struct nlmsghdr *)h->buf;
		if (m->nlmsg_seq == 0 && contid_is_record_type(m->nlmsg_type)) {
			enqueue(h, h->buf, (size_t)n);
			continue;
		}
		rem = (size_t)n;
		while (rem >= sizeof(struct nlmsghdr) &&
		       m->nlmsg_len >= sizeof(struct nlmsghdr) &&
		       m->nlmsg_len <= rem) {
			if (handle_msg(h, &rs, m, fn, data))
				return rs.err < 0 ? rs.err : 0;
			if (NLMSG_ALIGN(m->nlmsg_len) >= rem)
				break;
			rem -= NLMSG_ALIGN(m->nlmsg_len);
			m = (const struct nlmsghdr *)((const char *)m +
						      NLMSG_ALIGN(m->nlmsg_len));
		}
	}
}
