/* AUDIT_SIGNAL_INFO2 decoding and the fallback to AUDIT_SIGNAL_INFO. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake-kernel.h"

static size_t sig2(unsigned char *b, uint32_t uid, uint32_t pid, uint64_t cid,
		   const char *ctx, size_t ctxlen)
{
	memcpy(b, &uid, 4);
	memcpy(b + 4, &pid, 4);
	memcpy(b + 8, &cid, 8);
	memcpy(b + 16, ctx, ctxlen);
	return 16 + ctxlen;
}

static void test_decode(void **state)
{
	static struct contid_siginfo si;
	unsigned char b[64];
	size_t n;

	(void)state;
	/* context not NUL-terminated: bounded by the length */
	n = sig2(b, 0, 1234, 555, "system_u:r:t:s0XXXX", 15);
	assert_int_equal(contid_siginfo_decode(&si, CONTID_MSG_SIGNAL_INFO2, b, n), 0);
	assert_int_equal(si.version, 2);
	assert_int_equal(si.contid_known, 1);
	assert_int_equal(si.uid, 0);
	assert_int_equal(si.pid, 1234);
	assert_int_equal(si.contid, 555);
	assert_int_equal(si.ctx_len, 15);
	assert_string_equal(si.ctx, "system_u:r:t:s0");
	/* a context carrying its own NUL */
	n = sig2(b, 1000, 1, CONTID_UNSET, "abc\0", 4);
	assert_int_equal(contid_siginfo_decode(&si, CONTID_MSG_SIGNAL_INFO2, b, n), 0);
	assert_int_equal(si.ctx_len, 3);
	assert_true(si.contid == CONTID_UNSET);
	/* no context at all; before any signal, uid and pid are -1 */
	n = sig2(b, 4294967295u, 4294967295u, CONTID_UNSET, "", 0);
	assert_int_equal(contid_siginfo_decode(&si, CONTID_MSG_SIGNAL_INFO2, b, n), 0);
	assert_int_equal(si.ctx_len, 0);
	assert_int_equal(si.pid, 4294967295u);
	assert_int_equal(contid_siginfo_decode(&si, CONTID_MSG_SIGNAL_INFO2, b, 15),
			 -CONTID_E_TRUNCATED);
	/* the old layout */
	memcpy(b + 8, "ctx", 3);
	assert_int_equal(contid_siginfo_decode(&si, 1010, b, 11), 0);
	assert_int_equal(si.version, 1);
	assert_int_equal(si.contid_known, 0);
	assert_true(si.contid == CONTID_UNSET);
	assert_string_equal(si.ctx, "ctx");
	assert_int_equal(contid_siginfo_decode(&si, 1010, b, 7), -CONTID_E_TRUNCATED);
	assert_int_equal(contid_siginfo_decode(&si, 1000, b, 16), -CONTID_E_PROTO);
}

/* an unpatched kernel: 1021 is EINVAL, 1010 answers */
static void on_old_kernel(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	if (req->nlmsg_type == AUDIT_SIGNAL_INFO2) {
		fk_push_ack(fk, req->nlmsg_seq, -EINVAL);
	} else if (req->nlmsg_type == AUDIT_SIGNAL_INFO) {
		unsigned char b[16];
		uint32_t uid = 0, pid = 77;

		memcpy(b, &uid, 4);
		memcpy(b + 4, &pid, 4);
		memcpy(b + 8, "unconfi", 7);
		fk_push_ack(fk, req->nlmsg_seq, 0);
		fk_push_msg(fk, AUDIT_SIGNAL_INFO, 0, req->nlmsg_seq, b, 15, 0);
	}
}

static void test_fallback(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	static struct contid_siginfo si;

	(void)state;
	fk.on_send = on_old_kernel;
	assert_int_equal(contid_siginfo_get(h, &si), 0);
	assert_int_equal(fk.nsent, 2);
	assert_int_equal(fk.sent_types[0], AUDIT_SIGNAL_INFO2);
	assert_int_equal(fk.sent_types[1], AUDIT_SIGNAL_INFO);
	assert_int_equal(si.version, 1);
	assert_int_equal(si.contid_known, 0);
	assert_int_equal(si.pid, 77);
	assert_string_equal(si.ctx, "unconfi");
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_new_kernel(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	unsigned char b[32];
	size_t n = sig2(b, 0, 88, 42, "ctx", 3);

	if (req->nlmsg_type == AUDIT_SIGNAL_INFO2)
		fk_push_msg(fk, AUDIT_SIGNAL_INFO2, 0, req->nlmsg_seq, b, n, 0);
	fk_push_ack(fk, req->nlmsg_seq, (intptr_t)fk->user);
}

static void test_info2_and_eperm(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	static struct contid_siginfo si;

	(void)state;
	fk.on_send = on_new_kernel;
	assert_int_equal(contid_siginfo_get(h, &si), 0);
	assert_int_equal(si.version, 2);
	assert_int_equal(si.contid, 42);
	assert_int_equal(si.pid, 88);
	assert_int_equal(fk.nsent, 1);
	contid_handle_close(h);
	/* permission errors are not a reason to fall back */
	h = fk_open(&fk);
	fk.on_send = on_old_kernel;
	fk.on_send = NULL;
	fk_push_ack(&fk, 0, 0);	/* stale */
	contid_handle_set_timeout(h, 10);
	assert_int_equal(contid_siginfo_get(h, &si), -ETIMEDOUT);
	assert_int_equal(fk.nsent, 1);
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_eperm(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_ack(fk, req->nlmsg_seq, -EPERM);
}

static void test_eperm_no_fallback(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	static struct contid_siginfo si;

	(void)state;
	fk.on_send = on_eperm;
	assert_int_equal(contid_siginfo_get(h, &si), -EPERM);
	assert_int_equal(fk.nsent, 1);
	contid_handle_close(h);
	fk_free(&fk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode),
		cmocka_unit_test(test_fallback),
		cmocka_unit_test(test_info2_and_eperm),
		cmocka_unit_test(test_eperm_no_fallback),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
