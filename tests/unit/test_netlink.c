/* The request engine against a fake kernel: sequence matching, stale and
 * foreign replies, timeouts, EINTR, NLMSG_ERROR, ENOBUFS, queued records. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake-kernel.h"

static uint32_t status_words[11];

static void reply_status(struct fake_kernel *fk, uint32_t seq, uint32_t enabled,
			 uint32_t src)
{
	uint32_t s[11] = { 0 };

	s[1] = enabled;
	s[8] = 0xff;
	fk_push_msg(fk, AUDIT_GET, 0, seq, s, sizeof(s), src);
}

/* stale reply first (enabled=7), then the real one (enabled=1), then ACK */
static void on_get_stale(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	reply_status(fk, req->nlmsg_seq - 1, 7, 0);
	reply_status(fk, req->nlmsg_seq, 1, 0);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void test_seq_match_and_request_bytes(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;
	struct contid_handle_stats hs;
	const struct nlmsghdr *req = (const struct nlmsghdr *)fk.last_req;

	(void)state;
	fk.on_send = on_get_stale;
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.enabled, 1);
	assert_int_equal(fk.nsent, 1);
	assert_int_equal(fk.last_req_len, 16);
	assert_int_equal(req->nlmsg_len, 16);
	assert_int_equal(req->nlmsg_type, AUDIT_GET);
	assert_int_equal(req->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	assert_int_equal(contid_handle_get_stats(h, &hs), 0);
	assert_int_equal(hs.stale, 1);
	assert_int_equal(hs.foreign, 0);
	/* the next request uses the next sequence number */
	{
		uint32_t first = req->nlmsg_seq;

		assert_int_equal(contid_status_get(h, &st), 0);
		assert_int_equal(req->nlmsg_seq, first + 1);
	}
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_get_foreign(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	reply_status(fk, req->nlmsg_seq, 9, 4242);	/* from a process */
	fk_push_ack(fk, req->nlmsg_seq, -EPERM);	/* forged, but foreign... */
	fk->tail->src_pid = 4242;
	reply_status(fk, req->nlmsg_seq, 1, 0);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void test_foreign_sender_dropped(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;
	struct contid_handle_stats hs;

	(void)state;
	fk.on_send = on_get_foreign;
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.enabled, 1);
	contid_handle_get_stats(h, &hs);
	assert_int_equal(hs.foreign, 2);
	contid_handle_close(h);
	fk_free(&fk);
}

static void test_timeout(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;

	(void)state;
	assert_int_equal(contid_handle_get_timeout(h), 5000);
	assert_int_equal(contid_handle_set_timeout(h, 250), 0);
	assert_int_equal(contid_handle_set_timeout(h, -2), -EINVAL);
	assert_int_equal(contid_status_get(h, &st), -ETIMEDOUT);
	assert_true(fk.last_timeout <= 250 && fk.last_timeout >= 200);
	/* a reply without the ACK still times out */
	reply_status(&fk, 0, 1, 0);	/* wrong seq: stale */
	assert_int_equal(contid_status_get(h, &st), -ETIMEDOUT);
	/* timeout 0: one receive only; a stale datagram does not buy a second */
	assert_int_equal(contid_handle_set_timeout(h, 0), 0);
	reply_status(&fk, 0, 1, 0);
	reply_status(&fk, 0, 1, 0);
	fk.nrecv = 0;
	assert_int_equal(contid_status_get(h, &st), -ETIMEDOUT);
	assert_int_equal(fk.nrecv, 1);
	assert_int_equal(fk.last_timeout, 0);
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_err(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_ack(fk, req->nlmsg_seq, -(int)(intptr_t)fk->user);
}

static void test_nlmsg_error(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;

	(void)state;
	fk.on_send = on_err;
	fk.user = (void *)(intptr_t)EPERM;
	assert_int_equal(contid_status_get(h, &st), -EPERM);
	fk.user = (void *)(intptr_t)EEXIST;
	assert_int_equal(contid_status_set_pid(h, 1), -EEXIST);
	fk.user = (void *)(intptr_t)0;
	assert_int_equal(contid_status_set_enabled(h, 1), 0);
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_ack_first(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_ack(fk, req->nlmsg_seq, 0);
	reply_status(fk, req->nlmsg_seq, 1, 0);
}

static void test_ack_before_reply(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;

	(void)state;
	fk.on_send = on_ack_first;
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.enabled, 1);
	assert_int_equal(fk.head == NULL, 1);	/* everything consumed */
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_eintr_enobufs(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	fk_push_errno(fk, EINTR);
	fk_push_errno(fk, ENOBUFS);
	reply_status(fk, req->nlmsg_seq, 1, 0);
	fk_push_errno(fk, EINTR);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void test_eintr_and_enobufs_during_request(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;
	struct contid_handle_stats hs;

	(void)state;
	fk.on_send = on_eintr_enobufs;
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.enabled, 1);
	contid_handle_get_stats(h, &hs);
	assert_int_equal(hs.enobufs, 1);
	assert_int_equal(fk.nrecv, 5);
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_with_record(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	static const char rec[] = "audit(1.002:3): op=task contid=5";

	fk_push_msg(fk, AUDIT_CONTAINER_INFO, 0, 0, rec, sizeof(rec) - 1, 0);
	reply_status(fk, req->nlmsg_seq, 1, 0);
	fk_push_ack(fk, req->nlmsg_seq, 0);
}

static void test_record_during_request_is_kept(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_reader *rd;
	struct contid_event *ev;
	struct contid_status st;
	struct contid_handle_stats hs;

	(void)state;
	fk.on_send = on_with_record;
	assert_int_equal(contid_status_get(h, &st), 0);
	contid_handle_get_stats(h, &hs);
	assert_int_equal(hs.queued, 1);
	assert_int_equal(hs.stale, 0);
	assert_int_equal(contid_reader_new(&rd, 0, 0), 0);
	assert_int_equal(contid_reader_read_netlink(rd, h), 1);
	assert_int_equal(fk.nrecv, 3);	/* served from the queue, no recv */
	assert_int_equal(contid_reader_flush(rd), 0);
	assert_int_equal(contid_reader_next(rd, &ev), 1);
	assert_int_equal(contid_event_serial(ev), 3);
	assert_int_equal(contid_event_contid(ev, 0), 5);
	contid_event_free(ev);
	contid_reader_free(rd);
	contid_handle_close(h);
	fk_free(&fk);
}

static void on_one_datagram(struct fake_kernel *fk, const struct nlmsghdr *req)
{
	unsigned char buf[256];
	uint32_t s[11] = { 0 };
	struct nlmsgerr e;
	size_t n;

	memset(&e, 0, sizeof(e));
	s[1] = 2;
	n = fk_build(buf, AUDIT_GET, 0, req->nlmsg_seq, s, sizeof(s));
	n += fk_build(buf + n, NLMSG_ERROR, 0, req->nlmsg_seq, &e, sizeof(e));
	fk_push_raw(fk, buf, n, 0);
}

static void test_reply_and_ack_in_one_datagram(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_status st;

	(void)state;
	fk.on_send = on_one_datagram;
	assert_int_equal(contid_status_get(h, &st), 0);
	assert_int_equal(st.enabled, 2);
	assert_int_equal(fk.nrecv, 1);
	contid_handle_close(h);
	fk_free(&fk);
}

static void test_reader_enobufs_not_fatal(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_reader *rd;
	struct contid_reader_stats rs;
	static const char rec[] = "audit(1.002:3): op=task contid=5";

	(void)state;
	assert_int_equal(contid_reader_new(&rd, 0, 0), 0);
	fk_push_errno(&fk, ENOBUFS);
	fk_push_msg(&fk, AUDIT_CONTAINER_INFO, 0, 0, rec, sizeof(rec) - 1, 0);
	assert_int_equal(contid_reader_read_netlink(rd, h), 0);
	assert_int_equal(contid_reader_read_netlink(rd, h), 1);
	/* nothing left: a timeout is 0, not an error */
	assert_int_equal(contid_reader_read_netlink(rd, h), 0);
	contid_reader_get_stats(rd, &rs);
	assert_int_equal(rs.enobufs, 1);
	assert_int_equal(rs.records, 1);
	contid_reader_free(rd);
	contid_handle_close(h);
	fk_free(&fk);
}

/* The biggest record fits (16 + 8970), and the daemon-socket quirk where
 * nlmsg_len excludes the header is handled by taking recv's length. */
static void test_big_record_and_len_quirk(void **state)
{
	struct fake_kernel fk;
	struct contid_handle *h = fk_open(&fk);
	struct contid_reader *rd;
	struct contid_event *ev;
	static unsigned char dgram[16 + CONTID_MAX_MESSAGE_LENGTH];
	struct nlmsghdr nlh = { 0 };
	const char *prefix = "audit(5.006:7): op=task contid=9 pad=";
	size_t plen = CONTID_MAX_MESSAGE_LENGTH;
	const char *v;

	(void)state;
	memset(dgram + 16, 'x', plen);
	memcpy(dgram + 16, prefix, strlen(prefix));
	nlh.nlmsg_len = (uint32_t)plen;		/* quirk: header not counted */
	nlh.nlmsg_type = AUDIT_CONTAINER_INFO;
	memcpy(dgram, &nlh, sizeof(nlh));
	fk_push_raw(&fk, dgram, sizeof(dgram), 0);
	assert_int_equal(contid_reader_new(&rd, 0, 0), 0);
	assert_int_equal(contid_reader_read_netlink(rd, h), 1);
	contid_reader_flush(rd);
	assert_int_equal(contid_reader_next(rd, &ev), 1);
	v = contid_record_find(contid_event_record(ev, 0), "pad");
	assert_non_null(v);
	assert_int_equal(strlen(v), plen - strlen(prefix));
	assert_int_equal(contid_event_contid(ev, 0), 9);
	contid_event_free(ev);
	contid_reader_free(rd);
	contid_handle_close(h);
	fk_free(&fk);
	(void)status_words;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seq_match_and_request_bytes),
		cmocka_unit_test(test_foreign_sender_dropped),
		cmocka_unit_test(test_timeout),
		cmocka_unit_test(test_nlmsg_error),
		cmocka_unit_test(test_ack_before_reply),
		cmocka_unit_test(test_eintr_and_enobufs_during_request),
		cmocka_unit_test(test_record_during_request_is_kept),
		cmocka_unit_test(test_reply_and_ack_in_one_datagram),
		cmocka_unit_test(test_reader_enobufs_not_fatal),
		cmocka_unit_test(test_big_record_and_len_quirk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
