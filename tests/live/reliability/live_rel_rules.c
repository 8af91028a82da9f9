// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * live_rel_rules: AUDIT_ADD_RULE and AUDIT_DEL_RULE with malformed
 * audit_rule_data around the container ID field, against a model of the
 * kernel's checks.
 *
 * Each iteration builds a valid rule V with one or two AUDIT_CONTAINERID
 * fields among other fields (pid, uid, gid, msgtype, a0, a filter key),
 * then a variant F of it with one to three faults: the ID's value length,
 * its operator, the list, the action, the field count (past 64 or
 * lower), the message cut short anywhere in the buffer or in the header,
 * a field's type, operator or value changed, or slack bytes after the
 * buffer.  The model (audit_data_to_entry() and audit_field_valid() for
 * the field types used here, the container ID field as in docs/interfaces.md)
 * says whether F is valid.  Then:
 *   - F added: EINVAL and nothing listed, or 0, listed, deleted, ENOENT;
 *     F deleted: EINVAL, or ENOENT;
 *   - V added: 0; again: EEXIST; F (when invalid) added and deleted
 *     while V is in: EINVAL, and V stays; V deleted: 0; again: ENOENT.
 * The rule list is counted after each step.  The debug kernel's kmemleak
 * scan at the end of the run covers the refused rules' allocations.
 *
 * A second test sends malformed netlink framing (a length past the
 * datagram, a length under the header, two messages in one datagram).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/netlink.h>

#include "auditnl.h"
#include "rel-common.h"
#include "livewait.h"

#define HDR sizeof(struct audit_rule_data)
#define BUFMAX 1024
#define OP_EQ AUDIT_EQUAL
#define OP_NE AUDIT_NOT_EQUAL

static _Alignas(struct audit_rule_data) unsigned char g_v[HDR + BUFMAX];
static _Alignas(struct audit_rule_data) unsigned char g_f[HDR + BUFMAX];
static int g_base;		/* rules listed before the test */
static uint64_t g_next_id = 0x52554c4500000000ULL;	/* "RULE" */

static const uint32_t g_ops[] = {
	AUDIT_EQUAL, AUDIT_NOT_EQUAL, AUDIT_BIT_MASK, AUDIT_BIT_TEST,
	AUDIT_LESS_THAN, AUDIT_GREATER_THAN, AUDIT_LESS_THAN_OR_EQUAL,
	AUDIT_GREATER_THAN_OR_EQUAL,
};

enum fault {
	F_CID_LEN, F_CID_OP, F_LIST, F_ACTION, F_COUNT, F_CUT, F_SHORT,
	F_TYPE, F_OP, F_VAL, F_SLACK, F_NR
};

static const char *const fault_name[F_NR] = {
	"ID value length", "ID operator", "list", "action", "field count",
	"cut in the buffer", "cut in the header", "field type",
	"field operator", "field value", "slack bytes",
};

static long g_tried[F_NR], g_valid[F_NR];
static long g_iters, g_added_f, g_refused_f;

static struct audit_rule_data *rd(unsigned char *b)
{
	return (struct audit_rule_data *)(void *)b;
}

static int op_valid(uint32_t op, int bit_ok, int only_eq)
{
	size_t i;

	for (i = 0; i < sizeof(g_ops) / sizeof(g_ops[0]); i++)
		if (g_ops[i] == op)
			break;
	if (i == sizeof(g_ops) / sizeof(g_ops[0]))
		return 0;
	if (only_eq)
		return op == OP_EQ || op == OP_NE;
	if (!bit_ok)
		return op != AUDIT_BIT_MASK && op != AUDIT_BIT_TEST;
	return 1;
}

/*
 * The kernel's verdict on (d, datasz) for the field types this test uses;
 * every other type is unknown to audit_field_valid() and so EINVAL.
 */
static int model(const struct audit_rule_data *d, size_t datasz)
{
	uint32_t list;
	size_t remain;
	int key = 0;

	if (datasz < HDR)
		return EINVAL;
	list = d->flags & ~AUDIT_FILTER_PREPEND;
	switch (list) {
	case AUDIT_FILTER_USER:
	case AUDIT_FILTER_TASK:
	case AUDIT_FILTER_EXIT:
	case AUDIT_FILTER_EXCLUDE:
	case AUDIT_FILTER_FS:
	case AUDIT_FILTER_URING_EXIT:
		break;
	default:
		return EINVAL;
	}
	if (d->action != AUDIT_NEVER && d->action != AUDIT_ALWAYS)
		return EINVAL;
	if (d->field_count > AUDIT_MAX_FIELDS)
		return EINVAL;
	remain = datasz - HDR;
	for (uint32_t i = 0; i < d->field_count; i++) {
		uint32_t type = d->fields[i], val = d->values[i], op = d->fieldflags[i];

		if (!op_valid(op, 1, 0))
			return EINVAL;
		if (type == AUDIT_MSGTYPE && list != AUDIT_FILTER_EXCLUDE &&
		    list != AUDIT_FILTER_USER)
			return EINVAL;
		if (type == AUDIT_CONTAINERID && list != AUDIT_FILTER_EXIT &&
		    list != AUDIT_FILTER_URING_EXIT &&
		    list != AUDIT_FILTER_USER && list != AUDIT_FILTER_EXCLUDE)
			return EINVAL;
		if (list == AUDIT_FILTER_FS && type != AUDIT_FILTERKEY)
			return EINVAL;
		switch (type) {
		case AUDIT_ARG0:
			break;
		case AUDIT_PID:
		case AUDIT_MSGTYPE:
			if (!op_valid(op, 0, 0))
				return EINVAL;
			break;
		case AUDIT_UID:
		case AUDIT_GID:
			if (!op_valid(op, 0, 0) || val == 0xffffffffU)
				return EINVAL;
			break;
		case AUDIT_FILTERKEY:
			if (!op_valid(op, 0, 1) || key || val > AUDIT_MAX_KEY_LEN ||
			    val == 0 || val > remain)
				return EINVAL;
			remain -= val;
			key = 1;
			break;
		case AUDIT_CONTAINERID:
			if (!op_valid(op, 0, 1) || val != 8 || remain < 8)
				return EINVAL;
			remain -= 8;
			break;
		default:
			return EINVAL;
		}
	}
	return 0;
}

static size_t rule_len(const unsigned char *b)
{
	return HDR + rd((unsigned char *)b)->buflen;
}

static void add_field(unsigned char *b, uint32_t type, uint32_t op, uint32_t val,
		      const void *bytes, size_t n)
{
	struct audit_rule_data *d = rd(b);

	d->fields[d->field_count] = type;
	d->fieldflags[d->field_count] = op;
	d->values[d->field_count] = val;
	d->field_count++;
	memcpy(d->buf + d->buflen, bytes, n);
	d->buflen += (uint32_t)n;
}

static void add_cid(unsigned char *b, uint32_t op)
{
	uint64_t id = g_next_id++;

	add_field(b, AUDIT_CONTAINERID, op, 8, &id, sizeof(id));
}

/* A valid rule: one or two ID fields among up to five others. */
static void build_valid(unsigned char *b)
{
	static const uint32_t lists[] = { AUDIT_FILTER_EXIT, AUDIT_FILTER_USER,
					  AUDIT_FILTER_EXCLUDE };
	struct audit_rule_data *d = rd(b);
	int others = (int)rel_below(6), cids = 1 + rel_chance(25), key = 0;
	int always = rel_chance(25);

	memset(b, 0, HDR + BUFMAX);
	d->flags = lists[rel_below(3)] | (rel_chance(30) ? AUDIT_FILTER_PREPEND : 0);
	/*
	 * Mostly never-rules: an always-rule starts with an ID that no task
	 * holds, so it matches nothing while it is in.
	 */
	d->action = always ? AUDIT_ALWAYS : AUDIT_NEVER;
	memset(d->mask, 0xff, sizeof(d->mask));
	if (always)
		add_cid(b, OP_EQ), cids--;
	while (others + cids > 0) {
		if (cids && (!others || rel_chance(40))) {
			add_cid(b, rel_chance(70) ? OP_EQ : OP_NE);
			cids--;
			continue;
		}
		others--;
		switch (rel_below(6)) {
		case 0:
			add_field(b, AUDIT_PID, rel_chance(50) ? OP_EQ : AUDIT_GREATER_THAN,
				  (uint32_t)rel_below(1U << 22), NULL, 0);
			break;
		case 1:
			add_field(b, AUDIT_UID, OP_NE, (uint32_t)rel_below(65536), NULL, 0);
			break;
		case 2:
			add_field(b, AUDIT_GID, AUDIT_LESS_THAN, (uint32_t)rel_below(65536),
				  NULL, 0);
			break;
		case 3:
			if ((d->flags & ~AUDIT_FILTER_PREPEND) != AUDIT_FILTER_EXIT) {
				add_field(b, AUDIT_MSGTYPE, OP_EQ,
					  1000 + (uint32_t)rel_below(2000), NULL, 0);
				break;
			}
			/* fall through */
		case 4:
			add_field(b, AUDIT_ARG0, g_ops[rel_below(8)], (uint32_t)rel_rand(),
				  NULL, 0);
			break;
		default:
			if (!key) {
				char k[64];
				size_t n = 1 + (size_t)rel_below(sizeof(k));

				for (size_t i = 0; i < n; i++)
					k[i] = (char)('a' + rel_below(26));
				add_field(b, AUDIT_FILTERKEY, OP_EQ, (uint32_t)n, k, n);
				key = 1;
			} else {
				add_field(b, AUDIT_PID, OP_NE, (uint32_t)rel_below(1U << 22),
					  NULL, 0);
			}
		}
	}
	assert_int_equal(model(d, rule_len(b)), 0);
}

/* One of the valid rule's ID fields, at random. */
static int cid_index(const struct audit_rule_data *v)
{
	int idx[AUDIT_MAX_FIELDS] = { 0 }, n = 0;

	for (uint32_t i = 0; i < v->field_count && i < AUDIT_MAX_FIELDS; i++)
		if (v->fields[i] == AUDIT_CONTAINERID)
			idx[n++] = (int)i;
	assert_true(n > 0);
	return idx[rel_below((uint64_t)n)];
}

static uint32_t pick(const uint32_t *v, size_t n)
{
	return v[rel_below(n)];
}

#define PICK(...) pick((const uint32_t[]){ __VA_ARGS__ }, \
		       sizeof((const uint32_t[]){ __VA_ARGS__ }) / sizeof(uint32_t))

/*
 * Apply one fault to f, a copy of v with earlier faults; *len is the
 * length of the message to send.  Fields are picked among v's.
 */
static void apply(enum fault k, unsigned char *f, const unsigned char *v, size_t *len)
{
	struct audit_rule_data *d = rd(f), *vd = rd((unsigned char *)v);
	int c = cid_index(vd), i = (int)rel_below(vd->field_count);

	switch (k) {
	case F_CID_LEN:
		d->values[c] = rel_chance(70) ? (uint32_t)rel_below(17)
					      : PICK(0xffffffffU, 4096, 9, 16, 7, (uint32_t)rel_rand());
		break;
	case F_CID_OP:
		d->fieldflags[c] = PICK(AUDIT_LESS_THAN, AUDIT_GREATER_THAN,
					AUDIT_LESS_THAN_OR_EQUAL,
					AUDIT_GREATER_THAN_OR_EQUAL, AUDIT_BIT_MASK,
					AUDIT_BIT_TEST, 0, 0xffffffffU, (uint32_t)rel_rand());
		break;
	case F_LIST:
		d->flags = PICK(AUDIT_FILTER_TASK, AUDIT_FILTER_ENTRY, AUDIT_FILTER_WATCH,
				AUDIT_FILTER_FS, AUDIT_FILTER_URING_EXIT, 8,
				AUDIT_FILTER_PREPEND | AUDIT_FILTER_TASK,
				AUDIT_FILTER_PREPEND | 8, 0x20 | AUDIT_FILTER_EXIT,
				(uint32_t)rel_rand());
		break;
	case F_ACTION:
		d->action = PICK(AUDIT_POSSIBLE, 3, 0xffffffffU, (uint32_t)rel_rand());
		break;
	case F_COUNT:
		d->field_count = rel_chance(60)
			? PICK(AUDIT_MAX_FIELDS + 1, AUDIT_MAX_FIELDS + 2, 0xffffffffU,
			       0x80000000U, AUDIT_MAX_FIELDS + (uint32_t)rel_below(1000))
			: (uint32_t)rel_below(vd->field_count);
		break;
	case F_CUT:
		if (*len > HDR)
			*len = HDR + (size_t)rel_below(*len - HDR);
		break;
	case F_SHORT:
		*len = (size_t)rel_below(HDR);
		break;
	case F_TYPE:
		d->fields[i] = PICK(AUDIT_CONTAINERID, AUDIT_FILTERKEY, AUDIT_PID,
				    AUDIT_MSGTYPE, AUDIT_UID, 28, 99, 114, 199, 204, 209,
				    211, 0xffffffffU, 1000 + (uint32_t)rel_below(100000));
		break;
	case F_OP:
		d->fieldflags[i] = rel_chance(70) ? g_ops[rel_below(8)] : (uint32_t)rel_rand();
		break;
	case F_VAL:
		d->values[i] = PICK(0, 1, 8, 0xffffffffU, 256, 257, (uint32_t)rel_rand());
		break;
	case F_SLACK:
		*len += (size_t)rel_below(BUFMAX - d->buflen);
		break;
	default:
		fail();
	}
}

static int request(int type, const unsigned char *b, size_t len)
{
	return -anl_request(type, b, len);
}

static void ignore_rule(const void *data, size_t len, void *arg)
{
	(void)data;
	(void)len;
	(void)arg;
}

static void expect_rules(int n, const char *when)
{
	int have = anl_list_rules(ignore_rule, NULL);

	if (have != g_base + n)
		fail_msg("%s: %d rules listed, want %d", when, have, g_base + n);
}

static void describe(const char *what, const unsigned char *b, size_t len)
{
	const struct audit_rule_data *d = rd((unsigned char *)b);

	print_message("%s: %zu bytes, flags %#x action %u fields %u buflen %u\n", what,
		      len, d->flags, d->action, d->field_count, d->buflen);
	for (uint32_t i = 0; i < d->field_count && i < AUDIT_MAX_FIELDS; i++)
		print_message("  field %u: type %u op %#x value %u\n", i, d->fields[i],
			      d->fieldflags[i], d->values[i]);
}

/*
 * The form a rule is found by once added: the kernel stores a rule
 * without AUDIT_FILTER_PREPEND (as an unpatched kernel does), so a
 * prepended rule is deleted, or found a duplicate, without that flag.
 */
static const unsigned char *found_form(const unsigned char *b, size_t len)
{
	static _Alignas(struct audit_rule_data) unsigned char c[HDR + BUFMAX];

	memcpy(c, b, len < sizeof(c) ? len : sizeof(c));
	if (len >= HDR)
		rd(c)->flags &= ~AUDIT_FILTER_PREPEND;
	return c;
}

static void one_iteration(void)
{
	size_t vlen, flen;
	int nf = 1 + (int)rel_below(3), want, rc;
	char faults[128] = "";
	int fo = 0;

	build_valid(g_v);
	vlen = rule_len(g_v);
	memcpy(g_f, g_v, sizeof(g_f));
	flen = vlen;
	for (int j = 0; j < nf; j++) {
		enum fault k = (enum fault)rel_below(F_NR);

		/* No cut of a field count that leaves an always-rule's ID out. */
		if (k == F_COUNT && rd(g_f)->action == AUDIT_ALWAYS)
			k = F_CID_LEN;
		apply(k, g_f, g_v, &flen);
		g_tried[k]++;
		fo += snprintf(faults + fo, sizeof(faults) - (size_t)fo, "%s%s",
			       j ? ", " : "", fault_name[k]);
	}
	want = model(rd(g_f), flen);
	for (int k = 0; k < F_NR; k++)
		if (strstr(faults, fault_name[k]) && !want)
			g_valid[k]++;

	/* F on its own. */
	rc = request(AUDIT_ADD_RULE, g_f, flen);
	if (rc != want)
		fail_msg("add with faults (%s), %zu bytes: %s, want %s", faults, flen,
			 strerror(rc), strerror(want));
	if (want == 0) {
		g_added_f++;
		expect_rules(1, "after adding a valid variant");
		assert_int_equal(request(AUDIT_DEL_RULE, found_form(g_f, flen), flen), 0);
		assert_int_equal(request(AUDIT_DEL_RULE, found_form(g_f, flen), flen), ENOENT);
	} else {
		g_refused_f++;
		expect_rules(0, "after a refused add");
		rc = request(AUDIT_DEL_RULE, g_f, flen);
		if (rc != EINVAL)
			fail_msg("delete with faults (%s): %s, want EINVAL", faults,
				 strerror(rc));
	}
	expect_rules(0, "after the variant");

	/* V, with F tried while V is in. */
	rc = request(AUDIT_ADD_RULE, g_v, vlen);
	if (rc) {
		describe("valid rule", g_v, vlen);
		describe("variant", g_f, flen);
		fail_msg("iteration %ld: adding the valid rule after the variant (%s, %s): %s",
			 g_iters, faults, want ? "refused" : "valid", strerror(rc));
	}
	rc = request(AUDIT_ADD_RULE, found_form(g_v, vlen), vlen);
	if (rc != EEXIST) {
		describe("valid rule", g_v, vlen);
		fail_msg("iteration %ld: adding the valid rule twice: %s, want EEXIST",
			 g_iters, strerror(rc));
	}
	if (want) {
		assert_int_equal(request(AUDIT_ADD_RULE, g_f, flen), EINVAL);
		assert_int_equal(request(AUDIT_DEL_RULE, g_f, flen), EINVAL);
	}
	expect_rules(1, "with the valid rule in");
	assert_int_equal(request(AUDIT_DEL_RULE, found_form(g_v, vlen), vlen), 0);
	assert_int_equal(request(AUDIT_DEL_RULE, found_form(g_v, vlen), vlen), ENOENT);
	expect_rules(0, "after deleting the valid rule");
	g_iters++;
}

static void test_malformed_rules(void **state)
{
	long n = rel_iters(rel_debug_kernel() ? 1500 : 4000);

	(void)state;
	g_base = anl_list_rules(ignore_rule, NULL);
	assert_true(g_base >= 0);
	for (long i = 0; i < n; i++) {
		one_iteration();
		/* Always-rules may have logged: keep the store small. */
		anl_forget();
	}
	print_message("rules: %ld iterations, variants refused %ld, valid %ld\n",
		      g_iters, g_refused_f, g_added_f);
	for (int k = 0; k < F_NR; k++)
		print_message("rules fault %-20s tried %5ld, in a valid variant %ld\n",
			      fault_name[k], g_tried[k], g_valid[k]);
	/* Every fault was tried, and most variants were refused. */
	for (int k = 0; k < F_NR; k++)
		assert_true(g_tried[k] > 0);
	assert_true(g_refused_f > g_added_f);
	assert_true(g_added_f > 0);
}

/* ---- netlink framing ------------------------------------------------ */

static int raw_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);

	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	return fd;
}

static void raw_send(int fd, const void *p, size_t n)
{
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };

	assert_int_equal(sendto(fd, p, n, 0, (struct sockaddr *)&k, sizeof(k)), (ssize_t)n);
}

/*
 * Read fd until the NLMSG_ERROR for seq (an ACK or an error) or, when
 * until is nonzero, the one for until comes first.  Returns the errno of
 * seq's (0 for an ACK), or -1 when until's came first.  The wait goes on
 * while datagrams arrive (livewait.h); giving up fails the test.
 */
static int raw_answer(int fd, uint32_t seq, uint32_t until)
{
	_Alignas(struct nlmsghdr) unsigned char buf[8192];
	unsigned long long received = 0;
	struct lw_wait w;

	lw_begin(&w, "the netlink answer to seq %u%s", (unsigned int)seq,
		 until ? " or to the marker request after it" : "");
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t n;
		struct nlmsghdr *h = (struct nlmsghdr *)(void *)buf;

		if (poll(&p, 1, 100) == 1) {
			n = recv(fd, buf, sizeof(buf), 0);
			assert_true(n > 0);
			received++;
			for (; NLMSG_OK(h, (size_t)n); h = NLMSG_NEXT(h, n)) {
				if (h->nlmsg_type != NLMSG_ERROR)
					continue;
				if (h->nlmsg_seq == seq)
					return -((struct nlmsgerr *)NLMSG_DATA(h))->error;
				if (until && h->nlmsg_seq == until)
					return -1;
			}
		}
		if (!lw_going(&w, received))
			fail_msg("no netlink answer to seq %u", (unsigned int)seq);
	}
}

/* The errno of the NLMSG_ERROR for seq (0 = ACK). */
static int raw_ack(int fd, uint32_t seq)
{
	return raw_answer(fd, seq, 0);
}

/*
 * Whether seq got no answer, proven without a silence window: a request
 * sent after it on the same socket (AUDIT_GET, seq 1000 + seq) is handled
 * after it, in order, so its ACK comes after any answer to seq.  Returns
 * -1 when the marker's ACK came first (no answer), else seq's errno.
 */
static int raw_unanswered(int fd, uint32_t seq)
{
	struct nlmsghdr h = {
		.nlmsg_len = NLMSG_HDRLEN, .nlmsg_type = AUDIT_GET,
		.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK, .nlmsg_seq = 1000 + seq,
	};

	raw_send(fd, &h, sizeof(h));
	return raw_answer(fd, seq, 1000 + seq);
}

static size_t put_msg(unsigned char *at, uint32_t nlmsg_len, uint16_t type, uint32_t seq,
		      const void *payload, size_t n)
{
	struct nlmsghdr h = {
		.nlmsg_len = nlmsg_len, .nlmsg_type = type,
		.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK, .nlmsg_seq = seq,
	};

	memcpy(at, &h, sizeof(h));
	memcpy(at + NLMSG_HDRLEN, payload, n);
	return NLMSG_ALIGN(NLMSG_HDRLEN + n);
}

static void test_framing(void **state)
{
	static _Alignas(struct nlmsghdr) unsigned char m[2 * (HDR + BUFMAX + 64)];
	int fd = raw_open();
	size_t vlen, n;

	(void)state;
	g_base = anl_list_rules(ignore_rule, NULL);
	build_valid(g_v);
	vlen = rule_len(g_v);

	/* A length past the datagram: dropped unread, no answer. */
	n = put_msg(m, (uint32_t)(NLMSG_HDRLEN + vlen + 64), AUDIT_ADD_RULE, 11, g_v, vlen);
	raw_send(fd, m, n);
	assert_int_equal(raw_unanswered(fd, 11), -1);
	expect_rules(0, "after an overlong nlmsg_len");
	/* A length under the header: dropped too. */
	put_msg(m, NLMSG_HDRLEN - 1, AUDIT_ADD_RULE, 12, g_v, vlen);
	raw_send(fd, m, NLMSG_HDRLEN + vlen);
	assert_int_equal(raw_unanswered(fd, 12), -1);
	expect_rules(0, "after a short nlmsg_len");
	/* nlmsg_len one byte short of the payload: the rule is cut, EINVAL. */
	assert_int_equal(model(rd(g_v), vlen - 1), EINVAL);
	n = put_msg(m, (uint32_t)(NLMSG_HDRLEN + vlen - 1), AUDIT_ADD_RULE, 13, g_v, vlen);
	raw_send(fd, m, n);
	assert_int_equal(raw_ack(fd, 13), EINVAL);
	expect_rules(0, "after a cut rule");
	/* Two in one datagram: a valid add, then the same cut short. */
	n = put_msg(m, (uint32_t)(NLMSG_HDRLEN + vlen), AUDIT_ADD_RULE, 14, g_v, vlen);
	n += put_msg(m + n, (uint32_t)(NLMSG_HDRLEN + HDR - 4), AUDIT_DEL_RULE, 15, g_v,
		     HDR - 4);
	raw_send(fd, m, n);
	assert_int_equal(raw_ack(fd, 14), 0);
	assert_int_equal(raw_ack(fd, 15), EINVAL);
	expect_rules(1, "after a valid add and a cut delete");
	assert_int_equal(request(AUDIT_DEL_RULE, found_form(g_v, vlen), vlen), 0);
	expect_rules(0, "at the end");
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_malformed_rules, anl_test_setup),
		cmocka_unit_test_setup(test_framing, anl_test_setup),
	};

	rel_start("live_rel_rules");
	return cmocka_run_group_tests_name("live_rel_rules", tests, anl_group_setup,
					   anl_group_teardown);
}
