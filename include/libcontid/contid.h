/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcontid - client library for Linux audit container IDs
 *
 * ERROR CONVENTION (the only one in this library):
 *   Every function returning int returns a value >= 0 on success and a
 *   negative value on failure.  A failure is either -errno (a system error,
 *   e.g. -EPERM, -EBUSY, -ETIMEDOUT) or -CONTID_E_* (a library error; these
 *   values start at 4096, above every errno).  contid_strerror() turns any
 *   of them into a message.  Functions returning a pointer return NULL when
 *   there is nothing to return (documented per function).  errno is not
 *   used to report errors.  The library never prints anything.
 *
 * THREADS: there is no global state.  A handle, rule, record, event or
 *   reader may be used by one thread at a time; distinct objects may be used
 *   concurrently from different threads without locking.
 *
 * Since: every symbol in this header is Since: 1.0 (LIBCONTID_1.0) unless
 *   its comment says otherwise.
 */
#ifndef LIBCONTID_CONTID_H
#define LIBCONTID_CONTID_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Numbers fixed by the interface (same values as the kernel's uapi).   */

/** The unset container ID: never a valid ID. */
#define CONTID_UNSET UINT64_MAX

#define CONTID_MSG_CONTAINER		1020	/* record: a set attempt */
#define CONTID_MSG_SIGNAL_INFO2		1021	/* request/reply */
#define CONTID_MSG_CONTAINER_INFO	1340	/* aux record with contid */
#define CONTID_MSG_MAPPING		2502	/* AUDIT_VIRT_MACHINE_ID: which container an ID is */
#define CONTID_FIELD_CONTAINERID_NR	27	/* rule field number */
#define CONTID_FEATURE_CONTAINERID_FILTER 0x00000080u

/** Largest audit message payload (MAX_AUDIT_MESSAGE_LENGTH). */
#define CONTID_MAX_MESSAGE_LENGTH 8970

/* ------------------------------------------------------------------ */
/* Errors                                                               */

/** Library error codes; functions return their negation. */
enum contid_error {
	CONTID_E_BASE = 4096,
	CONTID_E_PROTO = 4096,		/* malformed or unexpected kernel reply */
	CONTID_E_NOSUPPORT,		/* kernel lacks container ID support */
	CONTID_E_NOFEATURE,		/* kernel lacks the containerid filter */
	CONTID_E_UNSET,			/* the unset ID is not a valid ID */
	CONTID_E_SYNTAX,		/* text could not be parsed */
	CONTID_E_UNKNOWN_FIELD,		/* unknown rule field name */
	CONTID_E_UNKNOWN_SYSCALL,	/* unknown syscall name */
	CONTID_E_BADOP,			/* operator not allowed on this field */
	CONTID_E_BADLIST,		/* field not allowed on this filter list */
	CONTID_E_TOOMANYFIELDS,		/* more than 64 fields in a rule */
	CONTID_E_KEYLEN,		/* key longer than 256 bytes */
	CONTID_E_BADVALUE,		/* value invalid for the field */
	CONTID_E_TRUNCATED,		/* buffer or message shorter than needed */
	CONTID_E_NOTRECORD,		/* text is not an audit record */
	CONTID_E_STRLEN,		/* string field too long */
	CONTID_E_NOTFOUND,		/* no such item (index out of range) */
	CONTID_E_ARCHORDER,		/* arch= after -S in rule text */
	CONTID_E_UNKNOWN_USER,		/* no such user (uid fields) */
	CONTID_E_UNKNOWN_GROUP,		/* no such group (gid fields) */
	CONTID_E_READPERM,		/* reading a container ID was refused */
	CONTID_E_MAX
};

/**
 * contid_strerror - message for a return value of any libcontid function
 * @err: a negative return value (-errno or -CONTID_E_*); its absolute value
 *       is accepted too.
 *
 * Returns a static string; never NULL.  Thread-safe.
 */
const char *contid_strerror(int err);

/**
 * contid_strerrorname - the name of a library error code
 * @err: a return value, negative or not
 *
 * Returns "CONTID_E_PROTO" and so on, from the same table as
 * contid_strerror()'s messages, or NULL when @err is not a CONTID_E_*
 * code (an errno value: strerrorname_np() names those).  Static string;
 * thread-safe.  Since LIBCONTID_1.2.
 */
const char *contid_strerrorname(int err);

/**
 * contid_task_strerror - message for an error of contid_task_set/_get
 * @err: the value returned by contid_task_set() or contid_task_get()
 *
 * Explains the kernel refusal table of /proc/PID/containerid: -EPERM "the
 * caller or the opener lacks CAP_AUDIT_CONTROL, or the target is the caller
 * or a kernel thread", -EBUSY "task has children or threads", -EEXIST "ID
 * already set", -ESRCH "no such task", -EINVAL "invalid or unset ID",
 * -CONTID_E_NOSUPPORT "kernel lacks container ID support",
 * -CONTID_E_READPERM "reading takes CAP_AUDIT_CONTROL".  Other values fall
 * back to contid_strerror().  Never NULL.
 */
const char *contid_task_strerror(int err);

/** contid_version - the library's release string, e.g. "1.0.0". */
const char *contid_version(void);

/* ------------------------------------------------------------------ */
/* Handle: one NETLINK_AUDIT socket, its sequence counter, buffers and   */
/* cached kernel status.                                                */

struct contid_handle;

/** Flags for contid_handle_open(). */
enum contid_open_flags {
	/* Join the AUDIT_NLGRP_READLOG multicast group (needs
	 * CAP_AUDIT_READ) to receive a copy of every record. */
	CONTID_OPEN_READLOG = 0x1,
};

/**
 * contid_handle_open - open a NETLINK_AUDIT socket
 * @hp: receives the new handle
 * @flags: CONTID_OPEN_* flags
 *
 * The default reply timeout is 5000 ms.  Returns 0 or a negative error.
 */
int contid_handle_open(struct contid_handle **hp, unsigned int flags);

/** contid_handle_close - close the socket and free the handle (NULL ok). */
void contid_handle_close(struct contid_handle *h);

/** contid_handle_fd - the socket's file descriptor (for poll), or < 0. */
int contid_handle_fd(const struct contid_handle *h);

/**
 * contid_handle_set_timeout - timeout for replies and record reads
 * @timeout_ms: milliseconds, or -1 to wait forever.  0 polls once.
 *
 * A request that gets no reply within the timeout fails with -ETIMEDOUT.
 * Returns 0 or -EINVAL.
 */
int contid_handle_set_timeout(struct contid_handle *h, int timeout_ms);

/** contid_handle_get_timeout - the current timeout in milliseconds. */
int contid_handle_get_timeout(const struct contid_handle *h);

/** Counters kept by a handle; never reset except by closing. */
struct contid_handle_stats {
	uint64_t stale;		/* replies with a wrong sequence number dropped */
	uint64_t foreign;	/* messages from a sender other than the kernel */
	uint64_t enobufs;	/* ENOBUFS on receive: records lost by the kernel */
	uint64_t queued;	/* records that arrived during a request, kept */
	uint64_t queue_dropped;	/* such records dropped (queue full) */
	uint64_t truncated;	/* datagrams larger than the receive buffer */
};

/** contid_handle_get_stats - copy the handle's counters into @st. */
int contid_handle_get_stats(const struct contid_handle *h,
			    struct contid_handle_stats *st);

/* ------------------------------------------------------------------ */
/* Status and features (AUDIT_GET / AUDIT_SET)                          */

/** Indices of the 32-bit fields of the kernel's struct audit_status. */
enum contid_status_field {
	CONTID_STATUS_MASK = 0,
	CONTID_STATUS_ENABLED,
	CONTID_STATUS_FAILURE,
	CONTID_STATUS_PID,
	CONTID_STATUS_RATE_LIMIT,
	CONTID_STATUS_BACKLOG_LIMIT,
	CONTID_STATUS_LOST,
	CONTID_STATUS_BACKLOG,
	CONTID_STATUS_FEATURE_BITMAP,
	CONTID_STATUS_BACKLOG_WAIT_TIME,
	CONTID_STATUS_BACKLOG_WAIT_TIME_ACTUAL,
	CONTID_STATUS_NFIELDS
};

/**
 * struct contid_status - decoded AUDIT_GET reply
 *
 * An older kernel may send a shorter struct audit_status: @present has bit
 * (1u << CONTID_STATUS_x) set for each field the kernel sent.  Absent fields
 * read as 0.
 */
struct contid_status {
	uint32_t present;
	uint32_t mask;
	uint32_t enabled;
	uint32_t failure;
	uint32_t pid;
	uint32_t rate_limit;
	uint32_t backlog_limit;
	uint32_t lost;
	uint32_t backlog;
	uint32_t feature_bitmap;
	uint32_t backlog_wait_time;
	uint32_t backlog_wait_time_actual;
	uint32_t reserved[8];
};

/**
 * contid_status_get - send AUDIT_GET and decode the reply
 *
 * Also refreshes the handle's cached feature bitmap (used by the rule
 * checks).  Returns 0 or a negative error.
 */
int contid_status_get(struct contid_handle *h, struct contid_status *st);

/**
 * contid_status_decode - decode an AUDIT_GET payload (no I/O)
 * @buf, @len: the payload; a length not a multiple of 4 is truncated down.
 *
 * Returns the number of fields present (>= 1) or -CONTID_E_TRUNCATED when
 * not even the mask is there.
 */
int contid_status_decode(struct contid_status *st, const void *buf, size_t len);

/** contid_status_has - 1 if field @field (CONTID_STATUS_x) was present. */
int contid_status_has(const struct contid_status *st, unsigned int field);

/** contid_status_set_enabled - AUDIT_SET enabled (0 off, 1 on, 2 locked). */
int contid_status_set_enabled(struct contid_handle *h, uint32_t enabled);

/**
 * contid_status_set_pid - AUDIT_SET pid
 * @pid: the audit daemon pid, or 0 to unregister.
 *
 * The socket of @h becomes the one records are sent to (unicast) when @pid
 * is non-zero.  See also contid_handle_register().
 */
int contid_status_set_pid(struct contid_handle *h, uint32_t pid);

/** contid_status_set_backlog_limit - AUDIT_SET backlog_limit. */
int contid_status_set_backlog_limit(struct contid_handle *h, uint32_t limit);

/**
 * contid_handle_register - register this process as the audit daemon
 *
 * AUDIT_SET pid=getpid() from @h's socket: the kernel then sends every record
 * to this socket (read them with contid_reader_read_netlink()).  Returns 0 or
 * a negative error (-EEXIST when another daemon is registered).
 */
int contid_handle_register(struct contid_handle *h);

/** contid_handle_unregister - AUDIT_SET pid=0 (stop being audit daemon). */
int contid_handle_unregister(struct contid_handle *h);

/**
 * contid_handle_features - the kernel's feature bitmap
 *
 * Uses the cached value when present, else sends AUDIT_GET.  An older kernel
 * without the feature_bitmap field yields 0.
 */
int contid_handle_features(struct contid_handle *h, uint32_t *bitmap);

/**
 * contid_feature_name - name of feature bit number @bit (0..31)
 * @buf, @len: receives "backlog_limit", "backlog_wait_time",
 *   "executable_path", "exclude_extend", "sessionid_filter", "lost_reset",
 *   "filter_fs", "containerid_filter", or "bit N" for an unknown bit.
 *
 * Returns the length of the name (like snprintf) or -EINVAL.
 */
int contid_feature_name(unsigned int bit, char *buf, size_t len);

/**
 * contid_features_format - all set bits of @bitmap by name, comma separated
 *
 * Returns the length the full string needs (like snprintf); "" for 0.
 */
int contid_features_format(uint32_t bitmap, char *buf, size_t len);

/* ------------------------------------------------------------------ */
/* Task container IDs (/proc/PID/containerid)                           */

/**
 * contid_task_set - set the audit container ID of process @pid
 *
 * Writes /proc/PID/containerid.  @id == CONTID_UNSET is refused with
 * -CONTID_E_UNSET before anything is written.  Kernel refusals come back as
 * -EPERM, -EINVAL, -ESRCH, -EBUSY, -EEXIST (see contid_task_strerror());
 * a missing proc file for an existing task is -CONTID_E_NOSUPPORT.
 */
int contid_task_set(pid_t pid, uint64_t id);

/** contid_task_set_tid - the same for /proc/PID/task/TID/containerid. */
int contid_task_set_tid(pid_t pid, pid_t tid, uint64_t id);

/**
 * contid_task_get - read the audit container ID of process @pid
 * @id: receives the ID; CONTID_UNSET when the task has none.
 *
 * Reading takes CAP_AUDIT_CONTROL: without it the kernel refuses the read
 * (EPERM), or the file's mode the open of another user's task (EACCES);
 * both are -CONTID_E_READPERM.  Other refusals as contid_task_set().
 */
int contid_task_get(pid_t pid, uint64_t *id);

/** contid_task_get_tid - the same for /proc/PID/task/TID/containerid. */
int contid_task_get_tid(pid_t pid, pid_t tid, uint64_t *id);

/**
 * contid_id_parse - parse a decimal container ID (no sign, no spaces)
 *
 * Returns 0, -CONTID_E_SYNTAX, -ERANGE, or -CONTID_E_UNSET for the unset
 * value.
 */
int contid_id_parse(const char *s, uint64_t *id);

/** Flags for contid_spawn(). */
enum contid_spawn_flags {
	/* Keep the caller's stdin/stdout/stderr; otherwise the child's
	 * stdin, stdout and stderr are /dev/null. */
	CONTID_SPAWN_KEEP_STDIO = 0x1,
	/* Search PATH for @file like execvp(). */
	CONTID_SPAWN_SEARCH_PATH = 0x2,
};

/**
 * contid_spawn - start a program with audit container ID @id
 * @id: the ID (not CONTID_UNSET)
 * @file: program to execute
 * @argv: its argument vector (NULL terminated)
 * @envp: its environment, or NULL for the caller's
 * @flags: CONTID_SPAWN_* flags
 * @pidp: receives the child's pid on success (may be NULL)
 *
 * The child is held on a pipe until the parent has set its ID, and only then
 * execs: no instruction of the program runs without the ID.  On any failure
 * (setting the ID, or exec) the child is killed and reaped and the error
 * returned (the exec errno as -errno).  On success the caller owns the child
 * and must wait for it.
 */
int contid_spawn(uint64_t id, const char *file, char *const argv[],
		 char *const envp[], unsigned int flags, pid_t *pidp);

/* ------------------------------------------------------------------ */
/* Rules                                                                */

/** Filter lists (kernel AUDIT_FILTER_*). */
enum contid_rule_list {
	CONTID_LIST_USER = 0,
	CONTID_LIST_TASK = 1,
	CONTID_LIST_EXIT = 4,
	CONTID_LIST_EXCLUDE = 5,
	CONTID_LIST_FS = 6,
	CONTID_LIST_IO_URING = 7,
};

/** Actions (kernel AUDIT_NEVER / AUDIT_ALWAYS). */
enum contid_rule_action {
	CONTID_ACTION_NEVER = 0,
	CONTID_ACTION_ALWAYS = 2,
};

/** Operators, with the kernel's values (AUDIT_EQUAL etc.). */
enum contid_rule_op {
	CONTID_OP_EQ = 0x40000000,		/* =  */
	CONTID_OP_NE = 0x30000000,		/* != */
	CONTID_OP_LT = 0x10000000,		/* <  */
	CONTID_OP_GT = 0x20000000,		/* >  */
	CONTID_OP_LE = 0x50000000,		/* <= */
	CONTID_OP_GE = 0x60000000,		/* >= */
	CONTID_OP_BITMASK = 0x08000000,		/* &  */
	CONTID_OP_BITTEST = 0x48000000,		/* &= */
};

/** Rule field numbers (kernel AUDIT_*), the ones with auditctl names. */
enum contid_rule_field {
	CONTID_FIELD_PID = 0,
	CONTID_FIELD_UID = 1,
	CONTID_FIELD_EUID = 2,
	CONTID_FIELD_SUID = 3,
	CONTID_FIELD_FSUID = 4,
	CONTID_FIELD_GID = 5,
	CONTID_FIELD_EGID = 6,
	CONTID_FIELD_SGID = 7,
	CONTID_FIELD_FSGID = 8,
	CONTID_FIELD_AUID = 9,			/* AUDIT_LOGINUID */
	CONTID_FIELD_PERS = 10,
	CONTID_FIELD_ARCH = 11,
	CONTID_FIELD_MSGTYPE = 12,
	CONTID_FIELD_SUBJ_USER = 13,
	CONTID_FIELD_SUBJ_ROLE = 14,
	CONTID_FIELD_SUBJ_TYPE = 15,
	CONTID_FIELD_SUBJ_SEN = 16,
	CONTID_FIELD_SUBJ_CLR = 17,
	CONTID_FIELD_PPID = 18,
	CONTID_FIELD_OBJ_USER = 19,
	CONTID_FIELD_OBJ_ROLE = 20,
	CONTID_FIELD_OBJ_TYPE = 21,
	CONTID_FIELD_OBJ_LEV_LOW = 22,
	CONTID_FIELD_OBJ_LEV_HIGH = 23,
	CONTID_FIELD_LOGINUID_SET = 24,
	CONTID_FIELD_SESSIONID = 25,
	CONTID_FIELD_FSTYPE = 26,
	CONTID_FIELD_CONTAINERID = 27,		/* 8-byte value */
	CONTID_FIELD_DEVMAJOR = 100,
	CONTID_FIELD_DEVMINOR = 101,
	CONTID_FIELD_INODE = 102,
	CONTID_FIELD_EXIT = 103,
	CONTID_FIELD_SUCCESS = 104,
	CONTID_FIELD_WATCH = 105,		/* auditctl "path" */
	CONTID_FIELD_PERM = 106,
	CONTID_FIELD_DIR = 107,
	CONTID_FIELD_FILETYPE = 108,
	CONTID_FIELD_OBJ_UID = 109,
	CONTID_FIELD_OBJ_GID = 110,
	CONTID_FIELD_FIELD_COMPARE = 111,
	CONTID_FIELD_EXE = 112,
	CONTID_FIELD_SADDR_FAM = 113,
	CONTID_FIELD_ARG0 = 200,
	CONTID_FIELD_ARG1 = 201,
	CONTID_FIELD_ARG2 = 202,
	CONTID_FIELD_ARG3 = 203,
	CONTID_FIELD_KEY = 210,			/* AUDIT_FILTERKEY */
};

/** Permission bits for CONTID_FIELD_PERM (kernel AUDIT_PERM_*). */
#define CONTID_PERM_EXEC	1	/* x */
#define CONTID_PERM_WRITE	2	/* w */
#define CONTID_PERM_READ	4	/* r */
#define CONTID_PERM_ATTR	8	/* a */

/** Architecture values for CONTID_FIELD_ARCH ("b64", "b32"). */
#define CONTID_ARCH_B64 0xc000003eu	/* AUDIT_ARCH_X86_64 */
#define CONTID_ARCH_B32 0x40000003u	/* AUDIT_ARCH_I386 */
/** AUDIT_ARCH_AARCH64: syscall names only (contid_syscall_name_arch()).
 *  Since LIBCONTID_1.1. */
#define CONTID_ARCH_AARCH64 0xc00000b7u

/** Limits the kernel enforces. */
#define CONTID_RULE_MAX_FIELDS	64
#define CONTID_RULE_MAX_KEY_LEN	256

/** Pass to contid_rule_add_syscall() to select every syscall. */
#define CONTID_SYSCALL_ALL (-1)

/** An in-memory audit rule; opaque. */
struct contid_rule;

/**
 * contid_rule_new - an empty rule on @list with @action
 *
 * Returns 0 or -EINVAL (unknown list or action) or -ENOMEM.
 */
int contid_rule_new(struct contid_rule **rp, unsigned int list,
		    unsigned int action);

/** contid_rule_free - free a rule (NULL ok). */
void contid_rule_free(struct contid_rule *r);

/** contid_rule_dup - deep copy of @r into *@rp. */
int contid_rule_dup(struct contid_rule **rp, const struct contid_rule *r);

/** contid_rule_get_list / _get_action - the rule's list and action. */
int contid_rule_get_list(const struct contid_rule *r);
int contid_rule_get_action(const struct contid_rule *r);

/** contid_rule_get_flags / _set_flags - raw audit_rule_data.flags. */
uint32_t contid_rule_get_flags(const struct contid_rule *r);
int contid_rule_set_flags(struct contid_rule *r, uint32_t flags);

/**
 * contid_rule_add_syscall - add syscall number @nr (0..2047) to the mask
 *
 * CONTID_SYSCALL_ALL selects every syscall (like auditctl -S all: words 0
 * to 62 of the mask; the last word holds the kernel's syscall classes).
 * Returns 0 or -CONTID_E_BADVALUE.
 */
int contid_rule_add_syscall(struct contid_rule *r, int nr);

/**
 * contid_rule_add_syscall_name - add a syscall by name for the native
 * arch (x86_64), or by decimal number, or "all".
 *
 * Returns 0 or -CONTID_E_UNKNOWN_SYSCALL.
 */
int contid_rule_add_syscall_name(struct contid_rule *r, const char *name);

/** contid_rule_has_syscall - 1 if @nr is in the mask, 0 if not. */
int contid_rule_has_syscall(const struct contid_rule *r, int nr);

/** contid_rule_get_mask - pointer to the 64-word syscall mask. */
const uint32_t *contid_rule_get_mask(const struct contid_rule *r);

/** contid_syscall_name - x86_64 name of syscall @nr or NULL. */
const char *contid_syscall_name(int nr);

/** contid_syscall_number - x86_64 number of syscall @name or < 0. */
int contid_syscall_number(const char *name);

/**
 * contid_syscall_name_arch - name of syscall @nr in @arch, or NULL
 * @arch: CONTID_ARCH_B64 (x86_64), CONTID_ARCH_B32 (i386) or
 *        CONTID_ARCH_AARCH64; any other value has no names.
 *
 * The tables are the kernel's own (arch/x86/entry/syscalls/syscall_64.tbl
 * rows common and 64, syscall_32.tbl rows i386; arm64's asm/unistd.h with
 * asm-generic/unistd.h, Linux 6.1).  Since LIBCONTID_1.1.
 */
const char *contid_syscall_name_arch(uint32_t arch, int nr);

/**
 * contid_syscall_number_arch - number of syscall @name in @arch
 *
 * Returns the number, -CONTID_E_UNKNOWN_SYSCALL, or -CONTID_E_BADVALUE for
 * an arch without a table.  Since LIBCONTID_1.1.
 */
int contid_syscall_number_arch(uint32_t arch, const char *name);

/**
 * contid_native_arch - the arch -S names mean when no arch= precedes them
 *
 * As auditctl: the machine uname() reports (x86_64: CONTID_ARCH_B64, i386
 * to i686: CONTID_ARCH_B32); 0 on any other.  Since LIBCONTID_1.1.
 */
uint32_t contid_native_arch(void);

/**
 * contid_rule_add_field - append a numeric field (field op value)
 * @field: CONTID_FIELD_* (not a string field, not the container ID)
 * @op: CONTID_OP_*
 *
 * Refusals: -CONTID_E_TOOMANYFIELDS (already 64 fields), -CONTID_E_BADOP
 * (unknown operator, or other than = / != on arch, perm, filetype,
 * fstype, loginuid_set, field_compare), -CONTID_E_BADLIST (msgtype on a
 * list other than user or exclude, fstype off the filesystem list, any
 * other field on the filesystem list, perm on io_uring, field_compare off
 * exit), -CONTID_E_BADVALUE (a string field or the container ID field).
 */
int contid_rule_add_field(struct contid_rule *r, uint32_t field, uint32_t op,
			  uint32_t value);

/**
 * contid_rule_add_field_str - append a string field (dir, path, key, exe,
 * subj_*, obj_*).
 *
 * Refusals: -CONTID_E_TOOMANYFIELDS, -CONTID_E_KEYLEN (key > 256 bytes),
 * -CONTID_E_STRLEN (other string > PATH_MAX), -CONTID_E_BADOP,
 * -CONTID_E_BADLIST (on the filesystem list, but a key),
 * -CONTID_E_BADVALUE (not a string field, or empty string).
 */
int contid_rule_add_field_str(struct contid_rule *r, uint32_t field,
			      uint32_t op, const char *value);

/**
 * contid_rule_add_containerid - append the container ID field
 * @op: CONTID_OP_EQ or CONTID_OP_NE, anything else is -CONTID_E_BADOP
 *
 * Also refused: -CONTID_E_BADLIST when the rule's list is not exit, io_uring
 * exit, user or exclude; -CONTID_E_TOOMANYFIELDS.  CONTID_UNSET is accepted: it matches
 * tasks without an ID.
 */
int contid_rule_add_containerid(struct contid_rule *r, uint32_t op,
				uint64_t id);

/**
 * contid_rule_parse_field - append a field from auditctl "-F" text
 * @expr: "name OP value", e.g. "contid=123", "containerid!=5", "dir=/tmp",
 *        "perm=wa", "uid!=0", "key=x", "arch=b64", "success=yes",
 *        "exit=-EPERM", "msgtype=CONTAINER", "auid=unset".
 *
 * A string value holding a blank, tab or newline is -CONTID_E_BADVALUE:
 * rule text has no quoting, so contid_rule_format() could not write it
 * back as text that parses (contid_rule_add_field_str() takes it).
 * "fN=value" names field N, N in decimal as contid_rule_format() prints
 * it (no sign, no leading zero, at most 4294967295; other spellings are
 * -CONTID_E_UNKNOWN_FIELD); a named field's number is read as its name.
 *
 * Returns 0 or a negative error (the refusals of the add functions, or
 * -CONTID_E_SYNTAX / -CONTID_E_UNKNOWN_FIELD / -CONTID_E_BADVALUE).
 */
int contid_rule_parse_field(struct contid_rule *r, const char *expr);

/**
 * contid_rule_parse - build a rule from auditctl syntax
 * @text: e.g. "-a always,exit -F arch=b64 -S openat -F dir=/tmp -F perm=wa
 *        -F contid=123 -k key" ("-A" and "exit,always" order accepted;
 *        "-d" accepted as "-a"; fields separated by blanks, no quoting).
 *
 * With no -S on the exit list every syscall is selected, as auditctl does;
 * a -S that names no syscall ("-S ,") is -CONTID_E_SYNTAX.  Several -k join
 * into one key field with \001, so a key holding \001 is
 * -CONTID_E_BADVALUE.
 */
int contid_rule_parse(struct contid_rule **rp, const char *text);

/** Warnings of contid_rule_parse_args(). */
#define CONTID_RULE_WARN_ARCH	0x1	/* -S before any arch=, and the
					 * names' i386 numbers differ */

/** What contid_rule_parse_args() reports besides the rule. */
struct contid_rule_diag {
	int arg;		/* argv index of the option at fault, or -1 */
	unsigned int warnings;	/* CONTID_RULE_WARN_* */
	uint32_t arch;		/* the arch the -S names were read in */
	int del;		/* 1 for -d or -W (a rule to delete) */
};

/**
 * contid_rule_parse_args - build a rule from auditctl's options
 * @argv: the options as auditctl takes them, one word each:
 *        {"-a", "always,exit", "-F", "arch=b64", "-S", "openat,close",
 *        "-F", "contid=7", "-k", "k"}; "-Fx=1" (getopt style) also.
 * @diag: may be NULL.
 *
 * Options: -a/-A/-d LIST,ACTION (either order), -w/-W PATH, -p PERM,
 * -S NAMES, -F FIELD OP VALUE, -C FIELD OP FIELD (= or !=), -k KEY.  Read
 * as auditctl 3.0.9 reads them: -S names are resolved in the arch of the
 * arch= field given before them, or the machine's (contid_native_arch());
 * an arch= after -S is -CONTID_E_ARCHORDER; the first -S with no arch=
 * before it sets CONTID_RULE_WARN_ARCH when its names have other numbers
 * in i386 (auditctl's "32/64 bit syscall mismatch" warning; not for -d).
 * Keys (-k and -F key=) join with \001 into one key field appended after
 * every other field.  -w PATH is a path field (a dir field when PATH is a
 * directory on this machine), perm=rwxa (-p replaces it), every syscall.
 * uid fields take user names and gid fields group names (getpwnam(),
 * getgrnam()): -CONTID_E_UNKNOWN_USER / -CONTID_E_UNKNOWN_GROUP.  With no
 * -S, every list but task gets every syscall, as auditctl does.
 *
 * Returns 0 and the rule in *@rp, or a negative error with @diag->arg the
 * index of the option at fault.  Since LIBCONTID_1.1.
 */
int contid_rule_parse_args(struct contid_rule **rp, int argc,
			   char *const argv[], struct contid_rule_diag *diag);

/**
 * contid_rule_format - the rule in auditctl syntax
 *
 * "-a always,exit [-F arch=..] -S openat,close -F dir=/tmp -F perm=wa
 * -F contid=123 -k key": fields in rule order; -S after any leading arch
 * fields; key fields as -k.  Returns the length the text needs (like
 * snprintf, without the NUL); the output is truncated to @len.
 */
int contid_rule_format(const struct contid_rule *r, char *buf, size_t len);

/** contid_rule_field_count - number of fields. */
int contid_rule_field_count(const struct contid_rule *r);

/**
 * contid_rule_field_get - field @i: number, operator, 32-bit value
 *
 * For string fields and the container ID @value receives the value length
 * (as in audit_rule_data.values).  Any pointer may be NULL.  Returns 0 or
 * -CONTID_E_NOTFOUND.
 */
int contid_rule_field_get(const struct contid_rule *r, unsigned int i,
			  uint32_t *field, uint32_t *op, uint32_t *value);

/** contid_rule_field_str - string of field @i, or NULL if not a string. */
const char *contid_rule_field_str(const struct contid_rule *r, unsigned int i);

/** contid_rule_field_containerid - ID of field @i (-CONTID_E_NOTFOUND if
 *  it is not the container ID field). */
int contid_rule_field_containerid(const struct contid_rule *r, unsigned int i,
				  uint64_t *id);

/** contid_rule_field_name - auditctl name of @field or NULL. */
const char *contid_rule_field_name(uint32_t field);

/**
 * contid_rule_list_name - auditctl name of the filter list @list
 * ("exit", "user", "exclude", "task", "filesystem", "io_uring": the names
 * -a LIST,ACTION reads and contid_rule_format() prints), or NULL.
 * Since LIBCONTID_1.2.
 */
const char *contid_rule_list_name(int list);

/** contid_rule_equal - 1 if @a and @b serialise identically, else 0. */
int contid_rule_equal(const struct contid_rule *a, const struct contid_rule *b);

/**
 * contid_rule_pack - serialise to struct audit_rule_data
 * @bufp: receives a malloc()ed buffer (free() it)
 * @lenp: receives its length
 *
 * Exactly as the kernel reads it: the fixed part, then the strings and the
 * 8-byte container ID back to back in field order, no padding, host byte
 * order.  Returns 0 or -ENOMEM.
 */
int contid_rule_pack(const struct contid_rule *r, void **bufp, size_t *lenp);

/**
 * contid_rule_unpack - decode a struct audit_rule_data (e.g. a LIST_RULES
 * reply); trailing bytes beyond buflen (netlink padding) are ignored.
 *
 * Returns 0, -CONTID_E_TRUNCATED, -CONTID_E_PROTO (inconsistent lengths or
 * too many fields) or -ENOMEM.
 */
int contid_rule_unpack(struct contid_rule **rp, const void *buf, size_t len);

/**
 * contid_rule_check - the checks the kernel would make, before sending
 * @h: handle whose cached feature bitmap is consulted (fetched with
 *     AUDIT_GET if not cached); NULL skips the feature check.
 *
 * Every field gets the operator, list and string length checks of the
 * contid_rule_add_*() functions (one function makes them for both).
 * Returns 0 or -CONTID_E_NOFEATURE, -CONTID_E_BADOP, -CONTID_E_BADLIST,
 * -CONTID_E_TOOMANYFIELDS, -CONTID_E_KEYLEN, -CONTID_E_STRLEN,
 * -CONTID_E_BADVALUE (an empty string, or a second key or exe field: the
 * kernel takes one of each; contid_rule_parse() joins keys given with =
 * into one).
 */
int contid_rule_check(struct contid_handle *h, const struct contid_rule *r);

/** contid_rule_add - check, then AUDIT_ADD_RULE. */
int contid_rule_add(struct contid_handle *h, const struct contid_rule *r);

/** contid_rule_delete - check, then AUDIT_DEL_RULE. */
int contid_rule_delete(struct contid_handle *h, const struct contid_rule *r);

/**
 * contid_rule_cb - called once per listed rule
 * @r: the rule, valid only during the call (contid_rule_dup() to keep it)
 *
 * Return >= 0 to continue, < 0 to stop the listing with that value.
 */
typedef int (*contid_rule_cb)(const struct contid_rule *r, void *data);

/**
 * contid_rule_list - AUDIT_LIST_RULES, every rule passed to @cb in order
 *
 * Returns the number of rules or a negative error.
 */
int contid_rule_list(struct contid_handle *h, contid_rule_cb cb, void *data);

/* ------------------------------------------------------------------ */
/* Signal info (AUDIT_SIGNAL_INFO2, falling back to AUDIT_SIGNAL_INFO)  */

/**
 * struct contid_siginfo - who last signalled the audit daemon
 * @version: 2 if answered by AUDIT_SIGNAL_INFO2, 1 if by AUDIT_SIGNAL_INFO
 * @contid_known: 1 if @contid came from the kernel; 0 on the fallback, where
 *                @contid is CONTID_UNSET
 * @ctx: LSM context, @ctx_len bytes, NUL-terminated by the library (the
 *       kernel's is not); empty if none
 */
struct contid_siginfo {
	int version;
	int contid_known;
	uint32_t uid;
	uint32_t pid;
	uint64_t contid;
	size_t ctx_len;
	char ctx[CONTID_MAX_MESSAGE_LENGTH + 1];
};

/** contid_siginfo_get - query signal info.  Returns 0 or an error. */
int contid_siginfo_get(struct contid_handle *h, struct contid_siginfo *si);

/**
 * contid_siginfo_decode - decode a reply payload (no I/O)
 * @type: CONTID_MSG_SIGNAL_INFO2 or 1010 (AUDIT_SIGNAL_INFO)
 */
int contid_siginfo_decode(struct contid_siginfo *si, unsigned int type,
			  const void *buf, size_t len);

/**
 * contid_user_record - send a user-space audit record
 * @type: a user message type: 1100-1199 or 2100-2999 (else -EINVAL)
 * @text: the record's text (at most CONTID_USER_TEXT_MAX bytes, else
 *        -EMSGSIZE), sent with its NUL; the kernel logs it as
 *        msg='TEXT' after the sender's pid, uid, auid, ses (and subj)
 *
 * Waits for the kernel's ACK.  Needs CAP_AUDIT_WRITE (-EPERM).  A kernel
 * with auditing disabled accepts and drops it (0).  The caller encodes
 * untrusted values (docs/interfaces.md, "The container mapping record").
 */
int contid_user_record(struct contid_handle *h, uint16_t type, const char *text);

/** Longest text of a user record: the kernel's AUDIT_MESSAGE_TEXT_MAX. */
#define CONTID_USER_TEXT_MAX 8560

/* ------------------------------------------------------------------ */
/* Records                                                              */

/** One audit record: a type, a stamp, text and name=value fields. */
struct contid_record;

/**
 * contid_record_parse_log - parse one line of an audit log
 * @line, @len: "[node=N ]type=X msg=audit(SEC.MSEC:SERIAL): text"; X is a
 *   name or "UNKNOWN[NNNN]"; a trailing newline is ignored.
 *
 * Returns 0, -CONTID_E_NOTRECORD or -ENOMEM.
 */
int contid_record_parse_log(struct contid_record **rp, const char *line,
			    size_t len);

/**
 * contid_record_parse_netlink - build a record from a netlink payload
 * @type: nlmsg_type
 * @payload, @len: "audit(SEC.MSEC:SERIAL): text", possibly NUL padded
 */
int contid_record_parse_netlink(struct contid_record **rp, unsigned int type,
				const char *payload, size_t len);

/** contid_record_free - free a record (NULL ok). */
void contid_record_free(struct contid_record *rec);

/** Accessors.  _node returns NULL when the line had no node= prefix. */
unsigned int contid_record_type(const struct contid_record *rec);
uint64_t contid_record_sec(const struct contid_record *rec);
unsigned int contid_record_msec(const struct contid_record *rec);
uint64_t contid_record_serial(const struct contid_record *rec);
const char *contid_record_node(const struct contid_record *rec);

/** contid_record_text - the text after "): " (NUL-terminated). */
const char *contid_record_text(const struct contid_record *rec);

/** contid_record_field_count - number of name=value fields, in order. */
int contid_record_field_count(const struct contid_record *rec);

/**
 * contid_record_field - field @i
 * @name: receives the name
 * @value: receives the decoded value: quotes removed, hex-encoded values
 *         (proctitle=, and other unquoted hex of the known hex fields)
 *         decoded; NUL-terminated, but may contain NULs (see @value_len)
 * @value_len: receives the decoded length (may be NULL)
 *
 * Returns 0 or -CONTID_E_NOTFOUND.
 */
int contid_record_field(const struct contid_record *rec, unsigned int i,
			const char **name, const char **value,
			size_t *value_len);

/** contid_record_field_raw - value of field @i as written, or NULL. */
const char *contid_record_field_raw(const struct contid_record *rec,
				    unsigned int i);

/** contid_record_find - decoded value of the first field @name, or NULL. */
const char *contid_record_find(const struct contid_record *rec,
			       const char *name);

/**
 * contid_record_type_name - the record type as written in the log line
 * ("CRYPTO_KEY_USER", "UNKNOWN[1999]", or a name no table knows, for which
 * contid_record_type() is 0); for a netlink record the table's name or
 * NULL.  Since LIBCONTID_1.1.
 */
const char *contid_record_type_name(const struct contid_record *rec);

/**
 * contid_record_field_interp - the interpretation of field @i that an
 * ENRICHED log carries after the 0x1d separator (the entry whose name is
 * the field's name in capitals: UID="root" for uid=0, ARCH=x86_64 for
 * arch=), quotes removed; NULL if there is none.  The same value auparse's
 * auparse_interpret_field() returns for such a log.  Since LIBCONTID_1.1.
 * The first call for a record reads its ENRICHED part (a record is read
 * faster when no one asks): like any use of @rec, not concurrently with
 * another thread's (THREADS, above).
 */
const char *contid_record_field_interp(const struct contid_record *rec,
				       unsigned int i);

/** contid_msgtype_name - record type name ("CONTAINER_INFO") or NULL.
 *  The table: every type of the kernel's uapi audit.h, every name
 *  libaudit 3.0.9 knows, and the project's 1020/1021/1340. */
const char *contid_msgtype_name(unsigned int type);

/** contid_msgtype_number - type number of @name (also "UNKNOWN[n]" and
 *  decimal), or -CONTID_E_BADVALUE. */
int contid_msgtype_number(const char *name);

/* ------------------------------------------------------------------ */
/* Events                                                               */

/** Records sharing one audit(sec.msec:serial) stamp; opaque. */
struct contid_event;

/** How an event was completed. */
enum contid_event_end {
	CONTID_EVENT_EOE = 1,		/* an EOE record ended it */
	CONTID_EVENT_SINGLE,		/* a standalone record type */
	CONTID_EVENT_EVICTED,		/* pushed out of the bounded window */
	CONTID_EVENT_TIMEOUT,		/* no record for it within the timeout */
	CONTID_EVENT_FLUSHED,		/* contid_reader_flush() */
};

void contid_event_free(struct contid_event *ev);
uint64_t contid_event_sec(const struct contid_event *ev);
unsigned int contid_event_msec(const struct contid_event *ev);
uint64_t contid_event_serial(const struct contid_event *ev);
/** contid_event_end - CONTID_EVENT_* reason the event was completed. */
int contid_event_end(const struct contid_event *ev);
int contid_event_record_count(const struct contid_event *ev);
/** contid_event_record - record @i (arrival order), or NULL. */
const struct contid_record *contid_event_record(const struct contid_event *ev,
						unsigned int i);
/**
 * contid_event_contid_count / _contid - the event's container IDs, distinct,
 * in order of appearance: contid= of CONTAINER records (old-contid= not
 * counted), of CONTAINER_INFO records, and each of an op=netns list.
 */
int contid_event_contid_count(const struct contid_event *ev);
uint64_t contid_event_contid(const struct contid_event *ev, unsigned int i);
/** contid_event_has_contid - 1 if @id is among the event's IDs. */
int contid_event_has_contid(const struct contid_event *ev, uint64_t id);
/**
 * contid_event_contid_more - how many container IDs the kernel left out of
 * the event's op=netns lists (the sum of their " more=N"; the kernel lists
 * at most 128 IDs), 0 if none.  A filter matches such an event whatever
 * the IDs asked for, since any of them may be among the left-out ones.
 * Since LIBCONTID_1.1.
 */
uint64_t contid_event_contid_more(const struct contid_event *ev);

/* ------------------------------------------------------------------ */
/* Reader: groups records (netlink or log text) into events             */

struct contid_reader;

/**
 * contid_reader_new - an event assembler
 * @window: maximum events open at once (0: 64); the oldest is evicted
 * @timeout_ms: an open event completes when a record stamped more than
 *              @timeout_ms later arrives (0: 2000); audit time, not clock
 */
int contid_reader_new(struct contid_reader **rp, unsigned int window,
		      unsigned int timeout_ms);
void contid_reader_free(struct contid_reader *rd);

/**
 * contid_reader_set_filter - only return events carrying one of @ids
 * @ids, @n: the set; @n == 0 removes the filter.
 */
int contid_reader_set_filter(struct contid_reader *rd, const uint64_t *ids,
			     size_t n);

/**
 * contid_reader_set_fields - whether records are split into fields
 * @fields: nonzero (the default): every record read by contid_reader_feed_log()
 *          or from netlink has its fields; 0: only its stamp, type, node
 *          and text (contid_record_field_count() is 0), but CONTAINER and
 *          CONTAINER_INFO records, whose IDs the event carries, still have
 *          theirs.  For programs that print records as text: splitting is
 *          most of the cost of reading a record.  LIBCONTID_1.2.
 */
int contid_reader_set_fields(struct contid_reader *rd, int fields);

/** contid_reader_push_record - add a record (the reader takes it, also on
 *  error). */
int contid_reader_push_record(struct contid_reader *rd,
			      struct contid_record *rec);

/**
 * contid_reader_feed_log - add audit log text; may hold a partial last line
 * until more text or contid_reader_flush().  Lines that are not records,
 * and lines longer than 1 MiB however the text is cut, are counted
 * (stats.malformed) and skipped.  Returns records added.
 */
int contid_reader_feed_log(struct contid_reader *rd, const char *buf,
			   size_t len);

/**
 * contid_reader_feed_netlink - add one received datagram
 *
 * The length is taken from @len (recv's return), not from nlmsg_len, which
 * on the audit daemon socket may exclude the header.  Returns records added.
 */
int contid_reader_feed_netlink(struct contid_reader *rd, const void *buf,
			       size_t len);

/**
 * contid_reader_read_netlink - receive records from @h (multicast or daemon
 * socket), waiting up to the handle's timeout
 *
 * ENOBUFS is counted (stats.enobufs) and returns 0.  Returns records added,
 * 0 on timeout or ENOBUFS, or a negative error.
 */
int contid_reader_read_netlink(struct contid_reader *rd,
			       struct contid_handle *h);

/**
 * contid_reader_next - take the next completed event matching the filter
 * @evp: receives the event (free with contid_event_free())
 *
 * Returns 1 with an event, 0 if none is complete yet.
 */
int contid_reader_next(struct contid_reader *rd, struct contid_event **evp);

/** contid_reader_flush - complete every open event (end FLUSHED) and any
 *  held partial log line. */
int contid_reader_flush(struct contid_reader *rd);

/** Reader counters. */
struct contid_reader_stats {
	uint64_t records;	/* records accepted */
	uint64_t events;	/* events completed (before filtering) */
	uint64_t filtered;	/* completed events dropped by the filter */
	uint64_t malformed;	/* lines/datagrams that were not records */
	uint64_t evicted;	/* events completed by eviction */
	uint64_t timedout;	/* events completed by timeout */
	uint64_t late;		/* records of an already completed event */
	uint64_t enobufs;	/* ENOBUFS seen on receive */
	uint64_t lost;		/* events missing from serial gaps */
};

int contid_reader_get_stats(const struct contid_reader *rd,
			    struct contid_reader_stats *st);

/**
 * contid_reader_log_lines - the lines of the log text fed so far
 * @lines: receives the lines ended by a newline (NULL: not wanted)
 * @long_lines: receives the lines over 1 MiB skipped, each also counted
 *	in stats.malformed (NULL: not wanted)
 * @last_long: receives the number of the last of those, counting from 1
 *	over all the text fed, or 0 (NULL: not wanted)
 *
 * A caller that feeds less than 1 MiB at a time sees at most one more
 * long line after each contid_reader_feed_log(), @last_long, and can say
 * which line of its input it was.  Returns 0, or -EINVAL.
 */
int contid_reader_log_lines(const struct contid_reader *rd, uint64_t *lines,
			    uint64_t *long_lines, uint64_t *last_long);

#ifdef __cplusplus
}
#endif

#endif /* LIBCONTID_CONTID_H */
