/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Who last signalled the audit daemon: AUDIT_SIGNAL_INFO2 (1021), falling
 * back to AUDIT_SIGNAL_INFO (1010) on a kernel that does not know 1021.
 *
 *   AUDIT_SIGNAL_INFO2:  u32 uid, u32 pid, u64 contid, ctx[len - 16]
 *   AUDIT_SIGNAL_INFO:   u32 uid, u32 pid, ctx[len - 8]
 *
 * The LSM context is bounded by the message length; it is not
 * NUL-terminated on the wire (docs/interfaces.md).
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "internal.h"

CONTID_EXPORT int contid_siginfo_decode(struct contid_siginfo *si,
					unsigned int type, const void *buf,
					size_t len)
{
	const unsigned char *p = buf;
	size_t hdr, ctxlen;
	uint32_t u;

	if (!si || (!buf && len))
		return -EINVAL;
	memset(si, 0, sizeof(*si));
	if (type == AUDIT_SIGNAL_INFO2)
		hdr = 16;
	else if (type == AUDIT_SIGNAL_INFO)
		hdr = 8;
	else
		return -CONTID_E_PROTO;
	if (len < hdr)
		return -CONTID_E_TRUNCATED;
	memcpy(&u, p, 4);
	si->uid = u;
	memcpy(&u, p + 4, 4);
	si->pid = u;
	if (type == AUDIT_SIGNAL_INFO2) {
		memcpy(&si->contid, p + 8, 8);
		si->contid_known = 1;
		si->version = 2;
	} else {
		si->contid = CONTID_UNSET;
		si->contid_known = 0;
		si->version = 1;
	}
	ctxlen = len - hdr;
	if (ctxlen > CONTID_MAX_MESSAGE_LENGTH)
		ctxlen = CONTID_MAX_MESSAGE_LENGTH;
	memcpy(si->ctx, p + hdr, ctxlen);
	si->ctx[ctxlen] = '\0';
	/* a context that carries its own NUL ends there */
	si->ctx_len = strnlen(si->ctx, ctxlen);
	return 0;
}

struct sig_state {
	struct contid_siginfo *si;
	unsigned int type;
};

static int sig_reply(const struct nlmsghdr *nlh, void *data)
{
	struct sig_state *ss = data;

	if (nlh->nlmsg_type != ss->type)
		return -CONTID_E_PROTO;
	return contid_siginfo_decode(ss->si, ss->type,
				     mnl_nlmsg_get_payload(nlh),
				     mnl_nlmsg_get_payload_len(nlh));
}

CONTID_EXPORT int contid_siginfo_get(struct contid_handle *h,
				     struct contid_siginfo *si)
{
	struct sig_state ss = { .si = si, .type = AUDIT_SIGNAL_INFO2 };
	int err;

	if (!h || !si)
		return -EINVAL;
	err = contid_request(h, AUDIT_SIGNAL_INFO2, NULL, 0, CONTID_REQ_REPLY,
			     sig_reply, &ss);
	if (err == -EINVAL || err == -EOPNOTSUPP || err == -ENOSYS) {
		/* an unpatched kernel rejects the unknown type 1021 */
		ss.type = AUDIT_SIGNAL_INFO;
		err = contid_request(h, AUDIT_SIGNAL_INFO, NULL, 0,
				     CONTID_REQ_REPLY, sig_reply, &ss);
	}
	return err;
}
