/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink datagrams of records cut into messages, with the daemon socket's
 * length quirk; the datagrams come from socket.c, which does every receive.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/netlink.h>

#include "reader-internal.h"

static int feed_one(struct contid_reader *rd, unsigned int type,
		    const char *payload, size_t len)
{
	struct rec_head h;
	int err;

	if (!contid_is_record_type(type))
		return 0;	/* a reply or control message: not ours */
	rd->live = true;
	err = contid_record_head_netlink(&h, type, payload, len, &rd->stamp);
	return contid_reader_add_head(rd, err, &h);
}

CONTID_EXPORT int contid_reader_feed_netlink(struct contid_reader *rd,
					     const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int added = 0, err;

	if (!rd || (!buf && len))
		return -EINVAL;
	while (len >= sizeof(struct nlmsghdr)) {
		struct nlmsghdr nlh;
		size_t mlen;

		memcpy(&nlh, p, sizeof(nlh));
		if (nlh.nlmsg_len + sizeof(nlh) == len ||
		    nlh.nlmsg_len < sizeof(nlh) || nlh.nlmsg_len > len) {
			/* the daemon-socket quirk (nlmsg_len without the
			 * header) or a broken length: the datagram is one
			 * message, its length is what recv returned */
			mlen = len;
		} else {
			mlen = nlh.nlmsg_len;
		}
		err = feed_one(rd, nlh.nlmsg_type, (const char *)p + sizeof(nlh),
			       mlen - sizeof(nlh));
		if (err < 0)
			return err;
		added += err;
		mlen = NLMSG_ALIGN(mlen);
		if (mlen >= len)
			break;
		p += mlen;
		len -= mlen;
	}
	return added;
}


static int feed_datagram(const void *buf, size_t len, bool truncated,
			 void *data)
{
	struct contid_reader *rd = data;

	if (truncated) {
		rd->st.malformed++;
		return 0;
	}
	return contid_reader_feed_netlink(rd, buf, len);
}

CONTID_EXPORT int contid_reader_read_netlink(struct contid_reader *rd,
					     struct contid_handle *h)
{
	int n;

	if (!rd || !h)
		return -EINVAL;
	n = contid_handle_read_records(h, feed_datagram, rd);
	if (n == -ENOBUFS) {
		/* the kernel dropped records for us: count, go on */
		rd->st.enobufs++;
		return 0;
	}
	if (n == -ETIMEDOUT) {
		contid_reader_expire_idle(rd);
		return 0;
	}
	return n;
}
