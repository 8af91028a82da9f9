/* A fake NETLINK_AUDIT peer for the unit tests. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake-kernel.h"

static ssize_t fk_send(void *ctx, const void *buf, size_t len)
{
	struct fake_kernel *fk = ctx;

	assert_true(len >= sizeof(struct nlmsghdr));
	assert_true(len <= sizeof(fk->last_req));
	memcpy(fk->last_req, buf, len);
	fk->last_req_len = len;
	if (fk->nsent < 64)
		fk->sent_types[fk->nsent] = ((const struct nlmsghdr *)buf)->nlmsg_type;
	fk->nsent++;
	if (fk->on_send)
		fk->on_send(fk, (const struct nlmsghdr *)fk->last_req);
	return (ssize_t)len;
}

static ssize_t fk_recv(void *ctx, void *buf, size_t len, uint32_t *src_pid,
		       int timeout_ms, bool *truncated)
{
	struct fake_kernel *fk = ctx;
	struct fk_item *it = fk->head;
	ssize_t n;

	fk->nrecv++;
	fk->last_timeout = timeout_ms;
	if (!it)
		return -ETIMEDOUT;	/* nothing scripted: the kernel is silent */
	fk->head = it->next;
	if (!fk->head)
		fk->tail = NULL;
	if (it->err) {
		n = -it->err;
	} else {
		*src_pid = it->src_pid;
		*truncated = it->len > len;
		n = (ssize_t)(it->len > len ? len : it->len);
		memcpy(buf, it->data, (size_t)n);
	}
	free(it);
	return n;
}

static const struct contid_transport fk_transport = {
	.send = fk_send,
	.recv = fk_recv,
};

struct contid_handle *fk_open(struct fake_kernel *fk)
{
	struct contid_handle *h;

	memset(fk, 0, sizeof(*fk));
	assert_int_equal(contid_handle_open_transport(&h, &fk_transport, fk), 0);
	return h;
}

void fk_free(struct fake_kernel *fk)
{
	while (fk->head) {
		struct fk_item *n = fk->head->next;

		free(fk->head);
		fk->head = n;
	}
	fk->tail = NULL;
}

static void push(struct fake_kernel *fk, struct fk_item *it)
{
	it->next = NULL;
	if (fk->tail)
		fk->tail->next = it;
	else
		fk->head = it;
	fk->tail = it;
}

void fk_push_raw(struct fake_kernel *fk, const void *buf, size_t len,
		 uint32_t src_pid)
{
	struct fk_item *it = calloc(1, sizeof(*it) + len);

	assert_non_null(it);
	it->src_pid = src_pid;
	it->len = len;
	memcpy(it->data, buf, len);
	push(fk, it);
}

size_t fk_build(void *buf, uint16_t type, uint16_t flags, uint32_t seq,
		const void *payload, size_t plen)
{
	struct nlmsghdr nlh = {
		.nlmsg_len = (uint32_t)(NLMSG_HDRLEN + plen),
		.nlmsg_type = type,
		.nlmsg_flags = flags,
		.nlmsg_seq = seq,
		.nlmsg_pid = 0,
	};
	size_t total = NLMSG_ALIGN(NLMSG_HDRLEN + plen);

	memset(buf, 0, total);
	memcpy(buf, &nlh, sizeof(nlh));
	if (plen)
		memcpy((char *)buf + NLMSG_HDRLEN, payload, plen);
	return total;
}

void fk_push_msg(struct fake_kernel *fk, uint16_t type, uint16_t flags,
		 uint32_t seq, const void *payload, size_t plen,
		 uint32_t src_pid)
{
	unsigned char *buf = malloc(NLMSG_ALIGN(NLMSG_HDRLEN + plen));
	size_t n;

	assert_non_null(buf);
	n = fk_build(buf, type, flags, seq, payload, plen);
	fk_push_raw(fk, buf, n, src_pid);
	free(buf);
}

void fk_push_ack(struct fake_kernel *fk, uint32_t seq, int err)
{
	struct nlmsgerr e;

	memset(&e, 0, sizeof(e));
	e.error = err;
	e.msg.nlmsg_seq = seq;
	fk_push_msg(fk, NLMSG_ERROR, 0, seq, &e, sizeof(e), 0);
}

void fk_push_errno(struct fake_kernel *fk, int err)
{
	struct fk_item *it = calloc(1, sizeof(*it));

	assert_non_null(it);
	it->err = err;
	push(fk, it);
}
