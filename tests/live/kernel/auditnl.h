/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A deliberately small, self-contained audit netlink client for the kernel
 * live tests.  It does not use libcontid on purpose: these tests check the
 * kernel series on its own, byte by byte, so that a bug shared by the
 * library and its tests cannot hide a kernel bug.
 *
 * The test process registers itself as the audit daemon, so records arrive
 * by unicast on the same socket as the replies to its requests; every
 * record read while waiting for a reply is kept in a store that the tests
 * search.
 */
#ifndef CONTID_LIVE_AUDITNL_H
#define CONTID_LIVE_AUDITNL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/audit.h>

/* Numbers fixed by docs/interfaces.md, absent from the host's uapi headers. */
#ifndef AUDIT_CONTAINER
#define AUDIT_CONTAINER 1020
#endif
#ifndef AUDIT_SIGNAL_INFO2
#define AUDIT_SIGNAL_INFO2 1021
#endif
#ifndef AUDIT_CONTAINER_INFO
#define AUDIT_CONTAINER_INFO 1340
#endif
#ifndef AUDIT_CONTAINERID
#define AUDIT_CONTAINERID 27
#endif
#ifndef AUDIT_FEATURE_BITMAP_CONTAINERID_FILTER
#define AUDIT_FEATURE_BITMAP_CONTAINERID_FILTER 0x00000080
#endif
#define CID_UNSET UINT64_MAX
/* The unset ID as records print it. */
#define UNSET_STR "18446744073709551615"

#define REC_TEXT_MAX 9000

struct rec {
	int type;
	unsigned long long sec;
	unsigned int msec;
	unsigned long serial;
	char text[REC_TEXT_MAX]; /* after "audit(...): ", NUL-terminated */
};

/* Open, enable audit, register as audit daemon.  Returns 0 or -errno. */
int anl_open(void);
void anl_close(void);

/*
 * Send one request (type, payload) and wait for its ACK or error.
 * Returns 0 on ACK, the negative errno of an NLMSG_ERROR, or -ETIMEDOUT.
 */
int anl_request(int type, const void *payload, size_t len);

/*
 * Send a request whose answer is a reply of reply_type (and an ACK).
 * Copies up to cap bytes of the reply payload; returns its length, or a
 * negative errno.
 */
int anl_query(int type, const void *payload, size_t len, int reply_type,
	      void *out, size_t cap);

/* AUDIT_GET into *st; returns the payload length or -errno. */
int anl_status(struct audit_status *st);

/*
 * AUDIT_LIST_RULES: calls fn for each rule (the reply's payload bytes as
 * sent by the kernel).  Returns the number of rules or -errno.
 */
int anl_list_rules(void (*fn)(const void *data, size_t len, void *arg),
		   void *arg);

/* Send an AUDIT_USER message from the calling process. */
int anl_user_msg(int fd_or_minus1, const char *text);

/*
 * From a child process (the daemon's socket is the parent's): send one
 * request on a socket of its own and wait for its ACK.  Returns 0, the
 * negative errno of the NLMSG_ERROR, or -errno.
 */
int anl_child_request(int type, const void *payload, size_t len);
/* The same for an AUDIT_USER message with the given text. */
int anl_child_user_msg(const char *text);

/* Print every stored record on stderr (for a failing test). */
void anl_dump(void);

/*
 * cmocka fixtures shared by the live programs: register as the audit
 * daemon for the group (SIGUSR1 ignored: auditd's rotate signal), and
 * start each test with an empty store.
 */
int anl_group_setup(void **state);
int anl_group_teardown(void **state);
int anl_test_setup(void **state);

/*
 * Send an AUDIT_USER record with a marker text of its own and read records
 * until it arrives: everything the kernel queued before it has then been
 * delivered.  A test that checks that a record does NOT come uses this
 * (the record would be before the marker), never a silence window.  The
 * wait goes on while records arrive or the audit backlog moves
 * (livewait.h).  Returns 0, -ETIMEDOUT when it gave up, or -errno.
 */
int anl_sync(void);

/* Forget every stored record. */
void anl_forget(void);

/* Number of stored records and access by index. */
size_t anl_count(void);
const struct rec *anl_rec(size_t i);

/*
 * Read until a record matching type (0: any) and all "name=value" pairs in
 * the NULL-terminated list is stored, or the wait gives up (livewait.h:
 * no record arrived and the audit backlog did not move for the stall
 * limit, or the overall bound; the message says so).  Returns the index
 * or -1.
 */
long anl_wait(int type, const char *const *want);
/* Same, over what is stored already. From index start. */
long anl_find(size_t start, int type, const char *const *want);
/* A want list for anl_wait() and anl_find(): W("a=1", "b=2"). */
#define W(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* Field value of a record ("" if present empty), NULL if absent. */
const char *rec_field(const struct rec *r, const char *name, char *buf,
		      size_t cap);
/* True if the record has field name with exactly value. */
int rec_has(const struct rec *r, const char *name, const char *value);

/* ---- rules ---- */
/*
 * A rule and room for its buffer: d.buf (audit_rule_data's flexible
 * array) runs into the bytes after the header.
 */
struct rule {
	union {
		struct audit_rule_data d;
		unsigned char room[sizeof(struct audit_rule_data) + 8192];
	};
};
void rule_init(struct rule *r, uint32_t list, uint32_t action);
void rule_syscall(struct rule *r, int nr);
void rule_all_syscalls(struct rule *r);
void rule_field(struct rule *r, uint32_t type, uint32_t op, uint32_t val);
void rule_str(struct rule *r, uint32_t type, uint32_t op, const char *s);
void rule_contid(struct rule *r, uint32_t op, uint64_t id);
size_t rule_size(const struct rule *r);
int rule_add(const struct rule *r);
int rule_del(const struct rule *r);
/*
 * How many rules the kernel lists (AUDIT_LIST_RULES) that are r byte for
 * byte; a negative errno when the listing fails.
 */
int rule_listed(const struct rule *r);

/* ---- tasks ---- */
/*
 * Fork a child that waits until released, then runs fn(arg) and exits
 * with its return value.  *release receives the write end of the pipe.
 */
pid_t spawn_held(int (*fn)(void *), void *arg, int *release);
void release_child(int release);
/* waitpid; returns the exit status, or 128+signal. */
int reap(pid_t pid);
/* Open /proc/PID/containerid (tid 0) or /proc/PID/task/TID/containerid. */
int anl_task_open(pid_t pid, pid_t tid, int flags);	/* fd or -errno */
int anl_task_write(pid_t pid, pid_t tid, const void *buf, size_t len, off_t off);
int anl_task_set(pid_t pid, uint64_t id);
/* Strictly the decimal digits of a u64: 0, -errno, or -EPROTO. */
int anl_task_read(pid_t pid, pid_t tid, uint64_t *id);
/* The Threads: line of /proc/PID/status, or -errno. */
int anl_task_threads(pid_t pid);
/*
 * Wait until done(pid) returns nonzero, while task pid makes progress
 * (livewait.h: lw_task_token(); it gives up when pid did not move for
 * the stall limit, or at the overall bound, and says which wait it was,
 * what, on stderr).  Returns 0 or -ETIMEDOUT.
 */
int anl_wait_until(int (*done)(pid_t), pid_t pid, const char *what);

#endif
