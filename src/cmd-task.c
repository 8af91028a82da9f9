/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl set, get, ps, run: the container IDs of tasks. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "contidctl.h"
#include "contid-names.h"
#include "name-state.h"
#include "relay.h"

/*
 * The kernel's refusal table (docs/interfaces.md) in words, as the cause
 * after "cannot set the container ID of ...: ".  The library words the
 * same table in contid_task_strerror() (libcontid/error.c) as sentences
 * of its own ("Task busy: it has children or threads"); those are its
 * LIBCONTID_1.0 interface, asserted by tests/unit/test_errors.c and
 * tests/live/lib/live_task.c, and these are the tool's output, asserted
 * by tests/cli/oci-hook.sh and tests/live/cli/ and quoted in contidctl(8)
 * and docs/oci-hook.md, so neither can be derived from the other without
 * changing what is printed.  A new refusal goes in both.
 */
const char *task_cause(int err)
{
	switch (err < 0 ? -err : err) {
	case EPERM:
		return "permission denied: the caller lacks CAP_AUDIT_CONTROL, or the task is the caller or a kernel thread";
	case EBUSY:
		return "the task has children or threads";
	case EEXIST:
		return "the task's container ID is already set";
	case ESRCH:
		return "no such task";
	case EINVAL:
		return "the kernel refused the ID as invalid";
	case CONTID_E_READPERM:
		return "permission denied: reading container IDs takes CAP_AUDIT_CONTROL";
	case CONTID_E_NOSUPPORT:
		return "the kernel does not support audit container IDs";
	}
	return err_cause(err);
}

static void task_name(char *buf, size_t len, pid_t pid, pid_t tid)
{
	if (tid)
		snprintf(buf, len, "%d/%d", (int)pid, (int)tid);
	else
		snprintf(buf, len, "%d", (int)pid);
}

static const char set_help[] =
	"Usage: " PROG " set PID[/TID] ID\n"
	"       " PROG " set --tid TID PID ID\n"
	"Set the audit container ID of process PID (or of its thread TID).\n"
	"The task must have no children and no other threads, and its ID must\n"
	"not have been set before (unless it is inherited from its parent).\n\n"
	"Options:\n"
	"  -t, --tid TID  the thread TID of process PID\n";

int cmd_set(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tid", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 }
	};
	const char *tid_arg = NULL;
	pid_t pid, tid;
	uint64_t id;
	char name[32];
	int c, err;

	while ((c = cmd_getopt(argc, argv, "set", "t:", opts, set_help)) != -1)
		if (c == 't')
			tid_arg = optarg;
	if (optind >= argc)
		usage_error("set", "missing PID");
	if (optind + 1 >= argc)
		usage_error("set", "missing ID");
	if (optind + 2 < argc)
		usage_error("set", "unexpected argument '%s'", argv[optind + 2]);
	parse_task("set", argv[optind], &pid, &tid);
	if (tid_arg) {
		if (tid)
			usage_error("set", "--tid given twice (PID/TID and --tid)");
		tid = parse_pid("set", "TID", tid_arg);
	}
	id = parse_id("set", argv[optind + 1]);
	task_name(name, sizeof(name), pid, tid);
	err = tid ? contid_task_set_tid(pid, tid, id) : contid_task_set(pid, id);
	if (err < 0)
		return fail(err, task_cause(err), "cannot set the container ID of %s", name);
	return EXIT_OK;
}

static const char get_help[] =
	"Usage: " PROG " get [--hex] PID[/TID]...\n"
	"       " PROG " get [--hex] --tid TID PID\n"
	"Print the audit container ID of each task, or \"unset\".\n"
	"With one task the text output is the ID alone; with several,\n"
	"\"PID ID\" lines.\n\n"
	"Options:\n"
	"  -t, --tid TID  the thread TID of process PID\n"
	"  -x, --hex      print the ID as 16 hex digits (\"-\" when unset), as\n"
	"                 the ID of the container it was derived from begins\n";

int cmd_get(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tid", required_argument, NULL, 't' },
		{ "hex", no_argument, NULL, 'x' },
		{ NULL, 0, NULL, 0 }
	};
	const char *tid_arg = NULL;
	pid_t pids[256], tids[256];
	int c, i, n, status = EXIT_OK;
	bool hex = false;
	char name[32];

	while ((c = cmd_getopt(argc, argv, "get", "t:x", opts, get_help)) != -1) {
		if (c == 't')
			tid_arg = optarg;
		else if (c == 'x')
			hex = true;
	}
	if (optind >= argc)
		usage_error("get", "missing PID");
	n = argc - optind;
	if (n > 256)
		usage_error("get", "too many tasks (at most 256)");
	if (tid_arg && n > 1)
		usage_error("get", "--tid takes one PID");
	for (i = 0; i < n; i++) {
		parse_task("get", argv[optind + i], &pids[i], &tids[i]);
		if (tid_arg) {
			if (tids[i])
				usage_error("get", "--tid given twice (PID/TID and --tid)");
			tids[i] = parse_pid("get", "TID", tid_arg);
		}
	}
	print_init(stdout, opt_json);
	for (i = 0; i < n; i++) {
		uint64_t id;
		int err;

		task_name(name, sizeof(name), pids[i], tids[i]);
		err = tids[i] ? contid_task_get_tid(pids[i], tids[i], &id)
			      : contid_task_get(pids[i], &id);
		if (err < 0) {
			status = fail(err, task_cause(err),
				      "cannot get the container ID of %s", name);
			continue;
		}
		print_open_object(NULL);
		print_string(PRINT_FP, NULL, n > 1 ? "%s " : NULL, name);
		print_u64(PRINT_JSON, "pid", NULL, (uint64_t)pids[i]);
		print_u64(PRINT_JSON, "tid", NULL,
			  (uint64_t)(tids[i] ? tids[i] : pids[i]));
		if (hex) {
			print_contid(PRINT_JSON, "contid", NULL, id);
			print_contid_hex(PRINT_ANY, "hexid", "%s", id);
		} else {
			print_contid(PRINT_ANY, "contid", "%s", id);
		}
		print_close_object();
		print_nl();
	}
	return status;
}

/* ---------------------------------------------------------------- ps */

struct task_row {
	uint64_t contid;
	uint64_t netns;
	int pid, tid;
	char comm[32];
};

static int row_cmp(const void *a, const void *b)
{
	const struct task_row *x = a, *y = b;

	/* By container, the unset ID (UINT64_MAX) last, then by task. */
	if (x->contid != y->contid)
		return x->contid < y->contid ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return (x->tid > y->tid) - (x->tid < y->tid);
}

static int numeric_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

static void read_task_info(struct task_row *r)
{
	char path[96];
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/ns/net", r->pid, r->tid);
	r->netns = stat(path, &st) == 0 ? (uint64_t)st.st_ino : 0;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", r->pid, r->tid);
	r->comm[0] = '\0';
	f = fopen(path, "re");
	if (f) {
		if (fgets(r->comm, sizeof(r->comm), f))
			r->comm[strcspn(r->comm, "\n")] = '\0';
		fclose(f);
	}
}

/* The CONTID column: the ID and, in text, its name (contid-names.h),
 * padded to 20 columns or wider. */
static void print_contid_named(uint64_t id)
{
	char num[24];
	size_t w;

	if (id == CONTID_UNSET) {
		print_contid(PRINT_ANY, "contid", "%-20s ", id);
		return;
	}
	print_contid(PRINT_ANY, "contid", "%s", id);
	w = (size_t)snprintf(num, sizeof(num), "%" PRIu64, id) + contid_names_print(id);
	print_text("%*s ", w < 20 ? (int)(20 - w) : 0, "");
}

static const char ps_help[] =
	"Usage: " PROG " ps [--contid ID]... [--set]\n"
	"List every task (thread) with its audit container ID (in decimal and\n"
	"as 16 hex digits, the HEXID column) and network namespace inode,\n"
	"grouped by container (tasks without an ID last).\n\n"
	"Options:\n"
	"  -c, --contid ID  only tasks with this ID (repeatable)\n"
	"  -s, --set        only tasks whose ID is set\n";

int cmd_ps(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'c' },
		{ "set", no_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	struct id_list filter = { .n = 0 };
	size_t nrows = 0, cap = 0, i, j;
	struct task_row *rows = NULL;
	bool only_set = false;
	struct dirent *d, *t;
	DIR *proc;
	int c, err = 0;

	while ((c = cmd_getopt(argc, argv, "ps", "c:s", opts, ps_help)) != -1) {
		if (c == 's') {
			only_set = true;
		} else if (c == 'c') {
			id_list_add("ps", &filter, optarg);
		}
	}
	if (optind < argc)
		usage_error("ps", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);

	proc = opendir("/proc");
	if (!proc)
		return fail(errno, strerror(errno), "cannot read /proc");
	while ((d = readdir(proc))) {
		char path[300];
		DIR *task;

		if (!numeric_name(d->d_name))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task", d->d_name);
		task = opendir(path);
		if (!task)
			continue;	/* exited meanwhile */
		while ((t = readdir(task))) {
			struct task_row r;
			bool keep;

			if (!numeric_name(t->d_name))
				continue;
			memset(&r, 0, sizeof(r));
			r.pid = atoi(d->d_name);
			r.tid = atoi(t->d_name);
			err = contid_task_get_tid(r.pid, r.tid, &r.contid);
			if (err == -ESRCH) {
				err = 0;
				continue;
			}
			if (err < 0)
				break;
			keep = !only_set || r.contid != CONTID_UNSET;
			if (filter.n) {
				keep = false;
				for (j = 0; j < filter.n; j++)
					keep |= filter.id[j] == r.contid;
			}
			if (!keep)
				continue;
			read_task_info(&r);
			if (nrows == cap) {
				struct task_row *n;

				cap = cap ? cap * 2 : 256;
				n = realloc(rows, cap * sizeof(*rows));
				if (!n) {
					err = -ENOMEM;
					break;
				}
				rows = n;
			}
			rows[nrows++] = r;
		}
		closedir(task);
		if (err < 0)
			break;
	}
	closedir(proc);
	if (err < 0) {
		free(rows);
		return fail(err, task_cause(err), "cannot read the container IDs of the tasks");
	}
	qsort(rows, nrows, sizeof(*rows), row_cmp);
	/* the name of each container from its name file (docs/oci-hook.md) */
	for (i = 0; i < nrows; i++)
		if (rows[i].contid != CONTID_UNSET &&
		    (i == 0 || rows[i].contid != rows[i - 1].contid))
			name_state_load(rows[i].contid);

	print_text("%-20s %-16s %8s %8s %-12s %s\n", "CONTID", "HEXID", "PID", "TID", "NETNS", "COMM");
	for (i = 0; i < nrows; i++) {
		/* A blank line between containers in the table. */
		if (i > 0 && rows[i].contid != rows[i - 1].contid)
			print_text("\n");
		print_open_object(NULL);
		print_contid_named(rows[i].contid);
		print_contid_hex(PRINT_FP, NULL, "%-16s ", rows[i].contid);
		print_u64(PRINT_ANY, "pid", "%8" PRIu64 " ", (uint64_t)rows[i].pid);
		print_u64(PRINT_ANY, "tid", "%8" PRIu64 " ", (uint64_t)rows[i].tid);
		print_u64(PRINT_ANY, "netns", "%-12" PRIu64 " ", rows[i].netns);
		print_string(PRINT_ANY, "comm", "%s", rows[i].comm);
		print_close_object();
		print_nl();
	}
	free(rows);
	contid_names_reset();
	return EXIT_OK;
}

/* ---------------------------------------------------------------- run */

static const int forwarded[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };

static const char run_help[] =
	"Usage: " PROG " run --contid ID [--] PROGRAM [ARG]...\n"
	"Run PROGRAM (searched in PATH) with the audit container ID ID, keeping\n"
	"stdin, stdout and stderr.  The ID is set before the program's first\n"
	"instruction.  TERM, INT, HUP, QUIT, USR1 and USR2 are forwarded to it.\n"
	"Exit status: the program's, 128+N if it was killed by signal N; 1 if\n"
	"the ID could not be set, 126 if PROGRAM could not be executed, 127 if\n"
	"it was not found.\n\n"
	"Options:\n"
	"  -c, --contid ID  the container ID (required)\n";

int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	bool have_id = false;
	uint64_t id = 0;
	pid_t pid;
	int c, err, st;

	while ((c = cmd_getopt(argc, argv, "run", "+c:", opts, run_help)) != -1) {
		if (c == 'c') {
			id = parse_id("run", optarg);
			have_id = true;
		}
	}
	if (!have_id)
		usage_error("run", "missing --contid ID");
	if (optind >= argc)
		usage_error("run", "missing PROGRAM");

	relay_signals(forwarded, sizeof(forwarded) / sizeof(forwarded[0]), false);

	print_flush();
	err = contid_spawn(id, argv[optind], argv + optind, NULL,
			   CONTID_SPAWN_KEEP_STDIO | CONTID_SPAWN_SEARCH_PATH, &pid);
	if (err < 0) {
		if (err == -ENOENT) {
			fail(err, "no such program", "cannot run '%s'", argv[optind]);
			return 127;
		}
		if (err == -EACCES || err == -ENOEXEC || err == -EISDIR) {
			fail(err, NULL, "cannot run '%s'", argv[optind]);
			return 126;
		}
		return fail(err, task_cause(err),
			    "cannot run '%s' with container ID %" PRIu64,
			    argv[optind], id);
	}
	relay_child(pid);
	err = relay_wait(pid, &st);
	if (err < 0)
		return fail(err, strerror(-err), "cannot wait for '%s'", argv[optind]);
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return EXIT_FAIL;
}
