/*
 * Two handles used from two threads at once, each against a fake kernel
 * of its own (tests/unit/fake-kernel.c): 200 AUDIT_GET requests each,
 * every reply the handle's own (its fake's backlog_limit), no stale or
 * foreign reply counted.  The same against the real kernel is the live
 * program live_kernel_ro (issue 33: no host test talks to the host's
 * kernel).  Also the print-and-parse-back check live_kernel_ro applies to
 * every rule the kernel lists, on a rule of its own.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake-kernel.h"

#define ROUNDS 200

struct worker {
	struct fake_kernel fk;
	uint32_t backlog_limit;	/* what this fake answers */
	unsigned int wrong;	/* replies with another fake's value */
	int err;
	struct contid_handle_stats hs;
};

static void on_send(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	const struct worker *w = fk->user;
	/* mask enabled failure pid rate_limit backlog_limit lost backlog
	 * feature_bitmap backlog_wait_time backlog_wait_time_actual */
	uint32_t s[11] = { 0, 1, 1, 0, 0, w->backlog_limit, 0, 0, 0x7f, 0, 0 };

	fk_push_msg(fk, AUDIT_GET, 0, req->nlmsg_seq, s, sizeof(s), 0);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

/* No cmocka assertion in a thread: cmocka's longjmp is not thread-safe. */
static void *run_worker(void *arg)
{
	struct worker *w = arg;
	struct contid_handle *h = fk_open(&w->fk);
	struct contid_status st;
	int i;

	if (!h) {
		w->err = -ENOMEM;
		return NULL;
	}
	w->fk.on_send = on_send;
	w->fk.user = w;
	for (i = 0; i < ROUNDS && !w->err; i++) {
		w->err = contid_status_get(h, &st);
		if (!w->err && st.backlog_limit != w->backlog_limit)
			w->wrong++;
	}
	contid_handle_get_stats(h, &w->hs);
	contid_handle_close(h);
	return NULL;
}

static void test_two_handles_two_threads(void **state)
{
	static struct worker w[2];
	pthread_t t[2];
	int i;

	(void)state;
	memset(w, 0, sizeof(w));
	w[0].backlog_limit = 64;
	w[1].backlog_limit = 8192;
	for (i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, run_worker, &w[i]), 0);
	for (i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	for (i = 0; i < 2; i++) {
		assert_int_equal(w[i].err, 0);
		assert_int_equal(w[i].wrong, 0);
		assert_int_equal(w[i].fk.nsent, ROUNDS);
		assert_int_equal(w[i].fk.sent_types[0], AUDIT_GET);
		assert_int_equal(w[i].fk.sent_types[63], AUDIT_GET);
		assert_int_equal(w[i].hs.stale, 0);
		assert_int_equal(w[i].hs.foreign, 0);
		fk_free(&w[i].fk);
	}
}

/* A rule printed as auditctl -l prints it parses back to the same bytes. */
static void test_round_trip(void **state)
{
	struct contid_rule *r = NULL, *back = NULL;
	void *want = NULL, *got = NULL;
	size_t want_len = 0, got_len = 0;
	char text[4096];

	(void)state;
	assert_int_equal(contid_rule_parse(&r,
		"-a always,exit -F arch=b64 -S openat,close -F uid=0 -F contid=7 -k a -k b"), 0);
	/* syscalls in number order, as auditctl -l prints them */
	assert_int_equal(contid_rule_format(r, text, sizeof(text)),
			 (int)strlen("-a always,exit -F arch=b64 -S close,openat -F uid=0 "
				     "-F contid=7 -F key=a -F key=b"));
	assert_string_equal(text, "-a always,exit -F arch=b64 -S close,openat -F uid=0 "
			    "-F contid=7 -F key=a -F key=b");
	assert_int_equal(contid_rule_parse(&back, text), 0);
	assert_int_equal(contid_rule_pack(r, &want, &want_len), 0);
	assert_int_equal(contid_rule_pack(back, &got, &got_len), 0);
	assert_int_equal(got_len, want_len);
	assert_memory_equal(got, want, want_len);
	free(want);
	free(got);
	contid_rule_free(r);
	contid_rule_free(back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_two_handles_two_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
