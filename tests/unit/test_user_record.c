/* contid_user_record(): the exact message the kernel receives, and every
 * refusal (nothing sent). */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake-kernel.h"

static void ack_it(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_ack(fk, req->nlmsg_seq, *(int *)fk->user);
}

static void test_sent_bytes(void **state)
{
	static const char text[] = "virt=oci contid=42 vm=\"web\"";
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	const struct nlmsghdr *m = (const struct nlmsghdr *)fk.last_req;
	int ack = 0;

	(void)state;
	fk.user = &ack;
	fk.on_send = ack_it;
	assert_int_equal(contid_user_record(h, CONTID_MSG_MAPPING, text), 0);
	assert_int_equal(fk.nsent, 1);
	assert_int_equal(m->nlmsg_type, 2502);
	assert_int_equal(m->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	/* the text and its NUL, nothing else */
	assert_int_equal(m->nlmsg_len, NLMSG_HDRLEN + sizeof(text));
	assert_memory_equal(fk.last_req + NLMSG_HDRLEN, text, sizeof(text));
	/* the datagram is padded to 4 bytes with zeros */
	assert_int_equal(fk.last_req_len, NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(text)));
	assert_int_equal(fk.last_req[NLMSG_HDRLEN + sizeof(text)], 0);

	/* the first and last types of both user ranges */
	assert_int_equal(contid_user_record(h, 1100, ""), 0);
	assert_int_equal(m->nlmsg_len, NLMSG_HDRLEN + 1);
	assert_int_equal(fk.last_req[NLMSG_HDRLEN], 0);
	assert_int_equal(contid_user_record(h, 1199, "a"), 0);
	assert_int_equal(contid_user_record(h, 2100, "a"), 0);
	assert_int_equal(contid_user_record(h, 2999, "a"), 0);
	assert_int_equal(fk.nsent, 5);
	contid_handle_close(h);
	fk_free(&fk);
}

static void test_refused(void **state)
{
	static char big[CONTID_USER_TEXT_MAX + 2];
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	int ack = -EPERM;

	(void)state;
	fk.user = &ack;
	fk.on_send = ack_it;
	/* not user types: nothing is sent */
	assert_int_equal(contid_user_record(h, 1099, "a"), -EINVAL);
	assert_int_equal(contid_user_record(h, 1200, "a"), -EINVAL);
	assert_int_equal(contid_user_record(h, 2099, "a"), -EINVAL);
	assert_int_equal(contid_user_record(h, 3000, "a"), -EINVAL);
	assert_int_equal(contid_user_record(h, CONTID_MSG_CONTAINER, "a"), -EINVAL);
	assert_int_equal(contid_user_record(h, CONTID_MSG_MAPPING, NULL), -EINVAL);
	assert_int_equal(contid_user_record(NULL, CONTID_MSG_MAPPING, "a"), -EINVAL);
	memset(big, 'x', CONTID_USER_TEXT_MAX + 1);
	assert_int_equal(contid_user_record(h, CONTID_MSG_MAPPING, big), -EMSGSIZE);
	assert_int_equal(fk.nsent, 0);
	/* the longest text is sent */
	big[CONTID_USER_TEXT_MAX] = '\0';
	ack = 0;
	assert_int_equal(contid_user_record(h, CONTID_MSG_MAPPING, big), 0);
	assert_int_equal(((const struct nlmsghdr *)fk.last_req)->nlmsg_len,
			 NLMSG_HDRLEN + CONTID_USER_TEXT_MAX + 1);
	/* the kernel's refusal (no CAP_AUDIT_WRITE) is returned */
	ack = -EPERM;
	assert_int_equal(contid_user_record(h, CONTID_MSG_MAPPING, "a"), -EPERM);
	assert_int_equal(fk.nsent, 2);
	contid_handle_close(h);
	fk_free(&fk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sent_bytes),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
