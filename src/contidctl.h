/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl: shared declarations of the command modules. */
#ifndef CONTIDCTL_H
#define CONTIDCTL_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <libcontid/contid.h>

#include "print.h"

#define PROG "contidctl"

/* Exit statuses (documented in contidctl(8)). */
#define EXIT_OK		0
#define EXIT_FAIL	1
#define EXIT_USAGE	2

/* One entry of a dispatch table: OBJECT or COMMAND name, handler, help. */
struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;	/* "set PID[/TID] ID" etc. */
};

/* Set by --json/-j anywhere before or after the command. */
extern bool opt_json;

/* Commands; argv[0] is the command name, options follow. */
int cmd_set(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_ps(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_rule(int argc, char **argv);
int cmd_features(int argc, char **argv);
int cmd_siginfo(int argc, char **argv);
int cmd_events(int argc, char **argv);
int cmd_parse(int argc, char **argv);
int cmd_oci_hook(int argc, char **argv);

/* Usage error: "contidctl: CMD: message", a hint, exit 2. */
_Noreturn void usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Failure: "contidctl: message: CAUSE (ENAME)" on stderr, returns 1. */
int fail(int err, const char *cause, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Plain failure message without an error code. */
int fail_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Lowercase words for an error of any libcontid function. */
const char *err_cause(int err);
/* The kernel's refusals of /proc/PID/containerid in words (set, run,
 * oci-hook); others as err_cause(). */
const char *task_cause(int err);
/* "EBUSY", "CONTID_E_NOFEATURE"... */
const char *err_name(int err);

/* Help text of a command, printed by --help (stdout, exit 0). */
void print_help(const char *cmd, const char *text);

/*
 * getopt_long with the options every command takes (-j/--json,
 * -h/--help) handled and every getopt error turned into a usage error.
 * @help is printed for --help.  Returns the option character or -1.
 */
int cmd_getopt(int argc, char **argv, const char *cmd, const char *shortopts,
	       const struct option *longopts, const char *help);

/* The same with getopt_long_only(): "-if" is the long option "if", a
 * single letter stays a short option (ausearch's -ts, -te, -if). */
int cmd_getopt_long_only(int argc, char **argv, const char *cmd,
			 const char *shortopts, const struct option *longopts,
			 const char *help);

/* Argument parsers: a usage error (exit 2) on anything invalid. */
uint64_t parse_id(const char *cmd, const char *s);
pid_t parse_pid(const char *cmd, const char *what, const char *s);
/* "PID" or "PID/TID"; *tid = 0 when absent. */
void parse_task(const char *cmd, const char *s, pid_t *pid, pid_t *tid);

/* The IDs of a repeatable --contid option (events, parse, ps). */
#define ID_LIST_MAX 64
struct id_list {
	uint64_t id[ID_LIST_MAX];
	size_t n;
};
/* Add one --contid argument of CMD to @l: a usage error (exit 2) on an
 * invalid ID or past ID_LIST_MAX IDs.  In src/options.c. */
void id_list_add(const char *cmd, struct id_list *l, const char *arg);

/* Open a handle; prints the failure and returns NULL on error. */
struct contid_handle *open_handle(unsigned int flags);

/*
 * read_fd_max - read @fd to its end, at most @max bytes: a malloc'ed buffer
 * (not NUL-terminated) and its length in *@len; NULL on failure with *@err
 * -ENOMEM, -EFBIG (more than @max bytes) or the read's -errno.
 */
char *read_fd_max(int fd, size_t max, size_t *len, int *err);

/*
 * replace_file - write @text and @tail (NULL: none) to a new file made
 * from the mkstemp() template @tmpl (beside @path), mode @mode, and rename
 * it over @path: a reader never sees half of it.  Returns 0 or -errno
 * (-ENOENT from mkstemp(): @tmpl's directory is missing).
 */
int replace_file(char *tmpl, const char *path, mode_t mode, const char *text,
		 const char *tail);

/* The runtime wrapper (src/cmd-runtime.c): contidctl run under a name
 * "contid-RUNTIME" (@self, its basename). */
int runtime_main(const char *self, int argc, char **argv);

struct oci_mapping;
/*
 * mapping_record_send - write the container mapping record of the state or
 * config.json at @json (@len bytes) (src/mapping-record.c); a failure is a
 * warning on stderr ("contidctl: WHO: warning: ..."), never an error.
 * @shown is the container's id as messages print it.
 */
void mapping_record_send(const char *who, const char *json, size_t len,
			 const struct oci_mapping *m, const char *shown);

/* Finish: flush stdout, report a write error; returns the exit status. */
int finish(int status);

#endif
