/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A user-space audit record: a message of a user type (1100-1199 or
 * 2100-2999, the ranges the kernel accepts from user space with
 * CAP_AUDIT_WRITE) whose payload is the record's text and its NUL.  The
 * kernel logs it as "pid= uid= auid= ses= [subj=] msg='TEXT'".
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "internal.h"

CONTID_EXPORT int contid_user_record(struct contid_handle *h, uint16_t type,
				     const char *text)
{
	size_t len;

	if (!h || !text)
		return -EINVAL;
	if (!((type >= AUDIT_FIRST_USER_MSG && type <= AUDIT_LAST_USER_MSG) ||
	      (type >= AUDIT_FIRST_USER_MSG2 && type <= AUDIT_LAST_USER_MSG2)))
		return -EINVAL;
	len = strlen(text);
	if (len > CONTID_USER_TEXT_MAX)
		return -EMSGSIZE;
	/* the NUL is sent: the kernel ends the text at the payload's last byte */
	return contid_request(h, type, text, len + 1, CONTID_REQ_ACK, NULL, NULL);
}
