// SPDX-License-Identifier: LGPL-2.1-or-later
/* The live tests' own audit netlink client: see auditnl.h. */
#define _GNU_SOURCE
#include "auditnl.h"
#include "livewait.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/netlink.h>

#define BUF_SIZE (NLMSG_HDRLEN + REC_TEXT_MAX + 64)

static int g_fd = -1;
static uint32_t g_seq = 1;
static struct rec *g_recs;
static size_t g_nrecs, g_caprecs;
static unsigned long g_marker;
/* Datagrams read from the kernel so far: the waits' progress. */
static unsigned long long g_received;

static void store_record(int type, const char *data, size_t len)
{
	struct rec *r;
	int off = 0;

	if (g_nrecs == g_caprecs) {
		size_t cap = g_caprecs ? g_caprecs * 2 : 256;
		struct rec *n = realloc(g_recs, cap * sizeof(*n));

		if (!n)
			abort();
		g_recs = n;
		g_caprecs = cap;
	}
	r = &g_recs[g_nrecs];
	memset(r, 0, offsetof(struct rec, text));
	r->type = type;
	if (len >= REC_TEXT_MAX)
		len = REC_TEXT_MAX - 1;
	memcpy(r->text, data, len);
	r->text[len] = '\0';
	/* Strip the "audit(sec.msec:serial): " stamp into fields. */
	if (sscanf(r->text, "audit(%llu.%u:%lu): %n", &r->sec, &r->msec,
		   &r->serial, &off) == 3 && off > 0)
		memmove(r->text, r->text + off, strlen(r->text + off) + 1);
	g_nrecs++;
}

/*
 * Receive one datagram within timeout_ms.  Records are stored; a message
 * that answers seq (ACK, error, reply, DONE) is copied to *reply.
 * Returns 1 if a datagram was read, 0 on timeout, -errno on error.
 */
static int recv_one(int timeout_ms, uint32_t seq, struct nlmsghdr *reply,
		    size_t reply_cap, int *got_reply)
{
	static char buf[BUF_SIZE] __attribute__((aligned(8)));
	struct pollfd pfd = { .fd = g_fd, .events = POLLIN };
	struct sockaddr_nl sa;
	socklen_t salen = sizeof(sa);
	ssize_t n;
	int rc;

	rc = poll(&pfd, 1, timeout_ms);
	if (rc < 0)
		return errno == EINTR ? 0 : -errno;
	if (rc == 0)
		return 0;
	n = recvfrom(g_fd, buf, sizeof(buf), 0, (struct sockaddr *)&sa, &salen);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : -errno;
	if (sa.nl_pid != 0)
		return 1; /* not from the kernel */
	g_received++;
	for (struct nlmsghdr *nh = (struct nlmsghdr *)buf; n >= (ssize_t)NLMSG_HDRLEN;) {
		size_t len = nh->nlmsg_len;

		if (nh->nlmsg_seq == 0 && nh->nlmsg_type != NLMSG_ERROR) {
			/*
			 * Records carry sequence number 0; replies carry the
			 * request's.  On the daemon's unicast socket a record's
			 * nlmsg_len excludes the header: take it from recv.
			 */
			store_record(nh->nlmsg_type, NLMSG_DATA(nh),
				     (size_t)n - NLMSG_HDRLEN);
			return 1;
		}
		if (len < NLMSG_HDRLEN || len > (size_t)n)
			len = (size_t)n;
		if (nh->nlmsg_seq == seq && seq != 0) {
			size_t c = len < reply_cap ? len : reply_cap;

			memcpy(reply, nh, c);
			*got_reply = 1;
		}
		len = NLMSG_ALIGN(len);
		if ((ssize_t)len >= n)
			break;
		n -= len;
		nh = (struct nlmsghdr *)((char *)nh + len);
	}
	return 1;
}

static int send_msg(int type, int flags, const void *payload, size_t len,
		    uint32_t *seq)
{
	static char buf[NLMSG_SPACE(sizeof(struct rule))] __attribute__((aligned(8)));
	struct nlmsghdr *nh = (struct nlmsghdr *)buf;
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };

	if (NLMSG_SPACE(len) > sizeof(buf))
		return -EMSGSIZE;
	memset(buf, 0, NLMSG_SPACE(len));
	nh->nlmsg_len = NLMSG_LENGTH(len);
	nh->nlmsg_type = type;
	nh->nlmsg_flags = NLM_F_REQUEST | flags;
	nh->nlmsg_seq = *seq = g_seq++;
	if (len)
		memcpy(NLMSG_DATA(nh), payload, len);
	if (sendto(g_fd, buf, nh->nlmsg_len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -errno;
	return 0;
}

/*
 * A request in flight.  await_answer() is the one receive loop: it hands
 * every message that answers seq to on_msg() until on_msg() sets done, a
 * receive fails, or the wait gives up (livewait.h: nothing arrived and
 * the audit backlog did not move for the stall limit, or the overall
 * bound), and returns result.  on_msg() sets result (which starts as
 * -ETIMEDOUT).  A request with more state embeds this struct as its
 * first member.
 */
struct pending {
	uint32_t seq;
	int type;			/* the request's, for the message */
	int result;
	int done;
	void (*on_msg)(struct pending *p, struct nlmsghdr *m);
};

static int await_answer(struct pending *p)
{
	static char rbuf[BUF_SIZE] __attribute__((aligned(8)));
	struct nlmsghdr *reply = (struct nlmsghdr *)rbuf;
	struct lw_wait w;
	int rc;

	lw_begin(&w, "auditnl: the answer to request type %d (seq %u)", p->type,
		 (unsigned int)p->seq);
	while (!p->done && lw_going_audit(&w, g_received)) {
		int got = 0;

		rc = recv_one(100, p->seq, reply, sizeof(rbuf), &got);
		if (rc < 0)
			return rc;
		if (got)
			p->on_msg(p, reply);
	}
	return p->result;
}

/* Send a request and wait for its answer. */
static int send_and_await(int type, int flags, const void *payload, size_t len,
			  struct pending *p)
{
	int rc;

	p->type = type;
	p->result = -ETIMEDOUT;
	p->done = 0;
	rc = send_msg(type, flags, payload, len, &p->seq);
	if (rc)
		return rc;
	return await_answer(p);
}

static void finish(struct pending *p, int result)
{
	p->result = result;
	p->done = 1;
}

struct query {
	struct pending p;		/* first: on_msg() gets &q->p */
	int reply_type;			/* 0: an ACK is the answer */
	void *out;
	size_t cap;
	int have_data;
	int have_ack;
};

static void query_msg(struct pending *p, struct nlmsghdr *m)
{
	struct query *q = (struct query *)p;

	if (m->nlmsg_type == NLMSG_ERROR) {
		struct nlmsgerr *e = NLMSG_DATA(m);

		if (e->error || !q->reply_type)
			finish(p, e->error);
		else if (q->have_data)
			finish(p, p->result);
		/*
		 * else: the ACK comes first when a kernel thread of its own
		 * sends the reply (AUDIT_GET): wait for the reply.
		 */
		q->have_ack = 1;
		return;
	}
	if (q->reply_type && m->nlmsg_type == q->reply_type) {
		size_t plen = m->nlmsg_len - NLMSG_HDRLEN;

		if (plen > q->cap)
			plen = q->cap;
		memcpy(q->out, NLMSG_DATA(m), plen);
		p->result = (int)(m->nlmsg_len - NLMSG_HDRLEN);
		q->have_data = 1;
		/* Done when the ACK came already; else it follows. */
		if (q->have_ack)
			finish(p, p->result);
	}
}

int anl_query(int type, const void *payload, size_t len, int reply_type,
	      void *out, size_t cap)
{
	struct query q = {
		.p.on_msg = query_msg,
		.reply_type = reply_type,
		.out = out,
		.cap = cap,
	};

	return send_and_await(type, NLM_F_ACK, payload, len, &q.p);
}

int anl_request(int type, const void *payload, size_t len)
{
	return anl_query(type, payload, len, 0, NULL, 0);
}

int anl_status(struct audit_status *st)
{
	memset(st, 0, sizeof(*st));
	return anl_query(AUDIT_GET, NULL, 0, AUDIT_GET, st, sizeof(*st));
}

int anl_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct audit_status st = { 0 };
	int bufsz = 4 << 20;
	int rc;

	g_fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (g_fd < 0)
		return -errno;
	if (bind(g_fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -errno;
	setsockopt(g_fd, SOL_SOCKET, SO_RCVBUFFORCE, &bufsz, sizeof(bufsz));
	st.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID | AUDIT_STATUS_BACKLOG_LIMIT;
	st.enabled = 1;
	st.pid = (uint32_t)getpid();
	st.backlog_limit = 8192;
	rc = anl_request(AUDIT_SET, &st, sizeof(st));
	if (rc)
		return rc;
	return anl_sync();
}

void anl_close(void)
{
	struct audit_status st = { 0 };

	if (g_fd < 0)
		return;
	st.mask = AUDIT_STATUS_PID;
	st.pid = 0;
	anl_request(AUDIT_SET, &st, sizeof(st));
	close(g_fd);
	g_fd = -1;
	free(g_recs);
	g_recs = NULL;
	g_nrecs = g_caprecs = 0;
}

struct listing {
	struct pending p;		/* first: on_msg() gets &l->p */
	void (*fn)(const void *data, size_t len, void *arg);
	void *arg;
	int count;
};

static void listing_msg(struct pending *p, struct nlmsghdr *m)
{
	struct listing *l = (struct listing *)p;

	if (m->nlmsg_type == NLMSG_DONE) {
		finish(p, l->count);
	} else if (m->nlmsg_type == NLMSG_ERROR) {
		struct nlmsgerr *e = NLMSG_DATA(m);

		if (e->error)
			finish(p, e->error);
	} else if (m->nlmsg_type == AUDIT_LIST_RULES) {
		l->fn(NLMSG_DATA(m), m->nlmsg_len - NLMSG_HDRLEN, l->arg);
		l->count++;
	}
}

int anl_list_rules(void (*fn)(const void *data, size_t len, void *arg), void *arg)
{
	struct listing l = { .p.on_msg = listing_msg, .fn = fn, .arg = arg };

	return send_and_await(AUDIT_LIST_RULES, 0, NULL, 0, &l.p);
}

int anl_user_msg(int fd, const char *text)
{
	uint32_t seq;
	int rc;

	(void)fd;
	rc = send_msg(AUDIT_USER, NLM_F_ACK, text, strlen(text) + 1, &seq);
	if (rc)
		return rc;
	/* The ACK is read (and ignored) by whoever reads next. */
	return 0;
}

int anl_child_request(int type, const void *payload, size_t len)
{
	/* Room for the largest answer read here: an ACK with the request. */
	char buf[NLMSG_SPACE(sizeof(struct rule))] __attribute__((aligned(8)));
	struct nlmsghdr *nh = (struct nlmsghdr *)buf;
	int fd, rc;

	fd = lw_audit_send(type, payload, len);
	if (fd < 0)
		return fd;
	/* Skip any reply (AUDIT_GET and the like) up to the ACK or error. */
	for (;;) {
		if (recv(fd, buf, sizeof(buf), 0) < 0) {
			rc = -errno;
			break;
		}
		if (nh->nlmsg_type == NLMSG_ERROR) {
			rc = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
			break;
		}
	}
	close(fd);
	return rc;
}

int anl_child_user_msg(const char *text)
{
	return anl_child_request(AUDIT_USER, text, strlen(text) + 1);
}

void anl_dump(void)
{
	for (size_t k = 0; k < anl_count(); k++)
		fprintf(stderr, "record %d serial %lu: %s\n", anl_rec(k)->type,
			anl_rec(k)->serial, anl_rec(k)->text);
}

int anl_group_setup(void **state)
{
	int rc;

	(void)state;
	signal(SIGUSR1, SIG_IGN);
	rc = anl_open();
	if (rc) {
		fprintf(stderr, "cannot register as audit daemon: %s\n", strerror(-rc));
		return -1;
	}
	return 0;
}

int anl_group_teardown(void **state)
{
	(void)state;
	anl_close();
	return 0;
}

int anl_test_setup(void **state)
{
	(void)state;
	if (anl_sync())
		return -1;
	anl_forget();
	return 0;
}

int anl_sync(void)
{
	char text[64];
	const char *want[2];
	char val[80];
	struct lw_wait w;
	long idx;
	int rc;

	snprintf(text, sizeof(text), "contid-sync-%lu", ++g_marker);
	rc = anl_request(AUDIT_USER, text, strlen(text) + 1);
	if (rc)
		return rc;
	snprintf(val, sizeof(val), "msg='%s'", text);
	want[0] = NULL;
	/* Records arriving, or the kernel's backlog moving, extend the wait. */
	lw_begin(&w, "anl_sync: the AUDIT_USER record of the marker %s (%zu records stored)",
		 text, g_nrecs);
	while (lw_going_audit(&w, g_received)) {
		idx = anl_find(0, AUDIT_USER, want);
		while (idx >= 0) {
			if (strstr(g_recs[idx].text, val))
				return 0;
			idx = anl_find((size_t)idx + 1, AUDIT_USER, want);
		}
		int got = 0;

		rc = recv_one(100, 0, NULL, 0, &got);
		if (rc < 0)
			return rc;
	}
	return -ETIMEDOUT;
}

void anl_forget(void)
{
	g_nrecs = 0;
}

size_t anl_count(void)
{
	return g_nrecs;
}

const struct rec *anl_rec(size_t i)
{
	return i < g_nrecs ? &g_recs[i] : NULL;
}

/*
 * Find field "name=" at a token boundary (start or after a space) and copy
 * its value, unquoted, up to the next space outside quotes.
 */
const char *rec_field(const struct rec *r, const char *name, char *buf, size_t cap)
{
	size_t nl = strlen(name);
	const char *p = r->text;

	while ((p = strstr(p, name)) != NULL) {
		if ((p == r->text || p[-1] == ' ') && p[nl] == '=') {
			const char *v = p + nl + 1;
			size_t i = 0;

			if (*v == '"') {
				v++;
				while (*v && *v != '"' && i + 1 < cap)
					buf[i++] = *v++;
			} else {
				while (*v && *v != ' ' && i + 1 < cap)
					buf[i++] = *v++;
			}
			buf[i] = '\0';
			return buf;
		}
		p += nl;
	}
	return NULL;
}

int rec_has(const struct rec *r, const char *name, const char *value)
{
	char buf[REC_TEXT_MAX];

	return rec_field(r, name, buf, sizeof(buf)) && strcmp(buf, value) == 0;
}

static int rec_matches(const struct rec *r, int type, const char *const *want)
{
	if (type && r->type != type)
		return 0;
	for (; want && *want; want++) {
		char name[64];
		const char *eq = strchr(*want, '=');
		size_t nl = eq ? (size_t)(eq - *want) : strlen(*want);

		if (nl >= sizeof(name))
			return 0;
		memcpy(name, *want, nl);
		name[nl] = '\0';
		if (!rec_has(r, name, eq ? eq + 1 : ""))
			return 0;
	}
	return 1;
}

long anl_find(size_t start, int type, const char *const *want)
{
	for (size_t i = start; i < g_nrecs; i++)
		if (rec_matches(&g_recs[i], type, want))
			return (long)i;
	return -1;
}

long anl_wait(int type, const char *const *want)
{
	char what[200];
	size_t scanned = 0, off;
	struct lw_wait w;

	off = (size_t)snprintf(what, sizeof(what), "a record of type %d", type);
	for (const char *const *p = want; p && *p && off < sizeof(what); p++)
		off += (size_t)snprintf(what + off, sizeof(what) - off, " %s", *p);
	lw_begin(&w, "anl_wait: %s", what);
	for (;;) {
		long idx = anl_find(scanned, type, want);
		int got = 0;

		if (idx >= 0)
			return idx;
		scanned = g_nrecs;
		if (!lw_going_audit(&w, g_received))
			return -1;
		if (recv_one(50, 0, NULL, 0, &got) < 0)
			return -1;
	}
}

/* ---- rules ---- */
void rule_init(struct rule *r, uint32_t list, uint32_t action)
{
	memset(r, 0, sizeof(*r));
	r->d.flags = list;
	r->d.action = action;
}

void rule_syscall(struct rule *r, int nr)
{
	r->d.mask[nr / 32] |= 1U << (nr % 32);
}

void rule_all_syscalls(struct rule *r)
{
	for (int i = 0; i < AUDIT_BITMASK_SIZE; i++)
		r->d.mask[i] = ~0U;
}

void rule_field(struct rule *r, uint32_t type, uint32_t op, uint32_t val)
{
	uint32_t i = r->d.field_count++;

	r->d.fields[i] = type;
	r->d.fieldflags[i] = op;
	r->d.values[i] = val;
}

static void rule_bytes(struct rule *r, uint32_t type, uint32_t op,
		       const void *p, uint32_t len)
{
	rule_field(r, type, op, len);
	memcpy(r->d.buf + r->d.buflen, p, len);
	r->d.buflen += len;
}

void rule_str(struct rule *r, uint32_t type, uint32_t op, const char *s)
{
	rule_bytes(r, type, op, s, (uint32_t)strlen(s));
}

void rule_contid(struct rule *r, uint32_t op, uint64_t id)
{
	rule_bytes(r, AUDIT_CONTAINERID, op, &id, sizeof(id));
}

size_t rule_size(const struct rule *r)
{
	return sizeof(r->d) + r->d.buflen;
}

int rule_add(const struct rule *r)
{
	return anl_request(AUDIT_ADD_RULE, r, rule_size(r));
}

int rule_del(const struct rule *r)
{
	return anl_request(AUDIT_DEL_RULE, r, rule_size(r));
}

struct match_ctx {
	const struct rule *want;
	int found;
};

static void match_rule(const void *data, size_t len, void *arg)
{
	struct match_ctx *m = arg;

	if (len == rule_size(m->want) && memcmp(data, &m->want->d, len) == 0)
		m->found++;
}

int rule_listed(const struct rule *r)
{
	struct match_ctx m = { r, 0 };
	int rc = anl_list_rules(match_rule, &m);

	return rc < 0 ? rc : m.found;
}

/* ---- tasks ---- */
pid_t spawn_held(int (*fn)(void *), void *arg, int *release)
{
	int p[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) < 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		char c;

		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(99);
		close(p[0]);
		_exit(fn ? fn(arg) : 0);
	}
	close(p[0]);
	*release = p[1];
	return pid;
}

void release_child(int release)
{
	if (write(release, "x", 1) != 1)
		abort();
	close(release);
}

int reap(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + WTERMSIG(st);
}

int anl_task_open(pid_t pid, pid_t tid, int flags)
{
	char path[96];
	int fd;

	if (tid)
		snprintf(path, sizeof(path), "/proc/%d/task/%d/containerid", (int)pid, (int)tid);
	else
		snprintf(path, sizeof(path), "/proc/%d/containerid", (int)pid);
	fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int anl_task_write(pid_t pid, pid_t tid, const void *buf, size_t len, off_t off)
{
	ssize_t n;
	int fd, rc = 0;

	fd = anl_task_open(pid, tid, O_WRONLY);
	if (fd < 0)
		return fd;
	n = off ? pwrite(fd, buf, len, off) : write(fd, buf, len);
	if (n < 0)
		rc = -errno;
	else if ((size_t)n != len)
		rc = -EIO;
	close(fd);
	return rc;
}

int anl_task_set(pid_t pid, uint64_t id)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu\n", (unsigned long long)id);
	return anl_task_write(pid, 0, buf, strlen(buf), 0);
}

int anl_task_read(pid_t pid, pid_t tid, uint64_t *id)
{
	unsigned long long v = 0;
	char buf[64];
	ssize_t n;
	int fd;

	fd = anl_task_open(pid, tid, O_RDONLY);
	if (fd < 0)
		return fd;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0) {
		int e = errno;

		close(fd);
		return -e;
	}
	close(fd);
	/* The decimal digits of a u64 and nothing else. */
	if (n == 0 || n > 20)
		return -EPROTO;
	for (ssize_t k = 0; k < n; k++) {
		unsigned int d;

		if (buf[k] < '0' || buf[k] > '9')
			return -EPROTO;
		d = (unsigned int)(buf[k] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -EPROTO;
		v = v * 10 + d;
	}
	*id = v;
	return 0;
}

int anl_task_threads(pid_t pid)
{
	char path[64], line[128];
	int n = -ENOENT;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Threads: %d", &n) == 1)
			break;
	fclose(f);
	return n;
}

int anl_wait_until(int (*done)(pid_t), pid_t pid, const char *what)
{
	struct lw_wait w;

	lw_begin(&w, "anl_wait_until: %s (pid %d)", what, (int)pid);
	while (!done(pid)) {
		if (!lw_going(&w, lw_task_token(pid)))
			return -ETIMEDOUT;
		lw_sleep_ms(10);
	}
	return 0;
}
