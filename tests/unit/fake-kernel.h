/* A fake NETLINK_AUDIT peer: scripted datagrams instead of a kernel. */
#ifndef FAKE_KERNEL_H
#define FAKE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/netlink.h>

#include "internal.h"

struct fk_item {
	struct fk_item *next;
	int err;		/* if != 0, recv returns -err */
	uint32_t src_pid;
	size_t len;
	unsigned char data[];
};

struct fake_kernel {
	struct fk_item *head, *tail;
	unsigned int nsent;
	uint16_t sent_types[64];
	unsigned char last_req[16384];
	size_t last_req_len;
	int last_timeout;
	unsigned int nrecv;
	/* called after each send, to script the replies */
	void (*on_send)(struct fake_kernel *fk, const struct nlmsghdr *req);
	void *user;
};

struct contid_handle *fk_open(struct fake_kernel *fk);
void fk_free(struct fake_kernel *fk);
void fk_push_raw(struct fake_kernel *fk, const void *buf, size_t len,
		 uint32_t src_pid);
void fk_push_msg(struct fake_kernel *fk, uint16_t type, uint16_t flags,
		 uint32_t seq, const void *payload, size_t plen,
		 uint32_t src_pid);
void fk_push_ack(struct fake_kernel *fk, uint32_t seq, int err);
void fk_push_errno(struct fake_kernel *fk, int err);
/* build one netlink message into buf, return its aligned length */
size_t fk_build(void *buf, uint16_t type, uint16_t flags, uint32_t seq,
		const void *payload, size_t plen);

#endif
