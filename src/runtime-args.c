/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runtime wrapper's reading of an OCI runtime's command line.  The
 * option tables are runc 1.1's and crun 1.8's for the global options and for
 * create, run and exec; what engines pass (podman through conmon, CRI-O,
 * containerd's shim, Docker) is a subset.  Only whether an option takes a
 * value matters: the wrapper never changes an argument.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "runtime-args.h"

struct rt_opt {
	const char *name;	/* long name, or NULL */
	char letter;		/* short letter, or 0 */
	bool value;		/* takes a value */
};

static const struct rt_opt global_opts[] = {
	{ "debug", 0, false }, { "systemd-cgroup", 0, false },
	{ "help", 'h', false }, { "version", 'v', false },
	{ "log", 0, true }, { "log-format", 0, true }, { "log-level", 0, true },
	{ "root", 0, true }, { "criu", 0, true }, { "rootless", 0, true },
	{ "cgroup-manager", 0, true },
	{ NULL, 0, false }
};

static const struct rt_opt create_opts[] = {
	{ "bundle", 'b', true }, { "config", 'f', true },
	{ "console-socket", 0, true }, { "pid-file", 0, true },
	{ "preserve-fds", 0, true },
	{ "no-pivot", 0, false }, { "no-new-keyring", 0, false },
	{ "detach", 'd', false }, { "keep", 0, false },
	{ "no-subreaper", 0, false }, { "help", 'h', false },
	{ NULL, 0, false }
};

static const struct rt_opt exec_opts[] = {
	{ "console-socket", 0, true }, { "pid-file", 0, true },
	{ "process", 'p', true }, { "cwd", 0, true }, { "env", 'e', true },
	{ "user", 'u', true }, { "additional-gids", 'g', true },
	{ "cap", 'c', true }, { "apparmor", 0, true },
	{ "process-label", 0, true }, { "preserve-fds", 0, true },
	{ "cgroup", 0, true },
	{ "tty", 't', false }, { "detach", 'd', false },
	{ "no-new-privs", 0, false }, { "ignore-paused", 0, false },
	{ "no-subreaper", 0, false }, { "help", 'h', false },
	{ NULL, 0, false }
};

/* runc 1.1's and crun 1.8's delete: flags only. */
static const struct rt_opt delete_opts[] = {
	{ "force", 'f', false }, { "regex", 'r', false }, { "help", 'h', false },
	{ NULL, 0, false }
};

static const struct rt_opt *by_name(const struct rt_opt *t, const char *s, size_t n)
{
	for (; t->name || t->letter; t++)
		if (t->name && strlen(t->name) == n && strncmp(t->name, s, n) == 0)
			return t;
	return NULL;
}

static const struct rt_opt *by_letter(const struct rt_opt *t, char c)
{
	for (; t->name || t->letter; t++)
		if (t->letter == c)
			return t;
	return NULL;
}

/*
 * Skip the options of @t from argv[*i]; leaves *i at the first operand
 * (argc when none).  *value_of names a long option whose value to return in
 * *value (NULL: none wanted); its letter likewise.  Returns 0, or -1 with
 * the unknown or incomplete option in @msg.
 */
static int skip_opts(int argc, char *const argv[], int *i,
		     const struct rt_opt *t, const char *where,
		     const struct rt_opt *want, const char **value,
		     const struct rt_opt *want2, const char **value2,
		     char *msg, size_t msglen)
{
	const struct rt_opt *o;
	const char *s, *v;
	size_t n;

	while (*i < argc) {
		s = argv[*i];
		if (strcmp(s, "--") == 0) {
			(*i)++;
			return 0;
		}
		if (s[0] != '-' || s[1] == '\0')
			return 0;
		v = NULL;
		if (s[1] == '-' || strlen(s) > 2) {
			/* --name, --name=V, and runc's -name (a cluster of
			 * short flags when it is not a known name). */
			const char *name = s + (s[1] == '-' ? 2 : 1);

			n = strcspn(name, "=");
			o = by_name(t, name, n);
			if (o || s[1] == '-') {
				if (!o) {
					snprintf(msg, msglen, "%s: unknown option '%.*s'",
						 where, (int)(n + 2), s);
					return -1;
				}
				if (name[n] == '=') {
					if (!o->value) {
						snprintf(msg, msglen, "%s: option '%.*s' takes no value",
							 where, (int)(name - s + n), s);
						return -1;
					}
					v = name + n + 1;
				}
				goto found;
			}
		}
		/* -x, -xVALUE, -xyz */
		for (s++; *s; s++) {
			o = by_letter(t, *s);
			if (!o) {
				snprintf(msg, msglen, "%s: unknown option '-%c'", where, *s);
				return -1;
			}
			if (o->value) {
				if (s[1])
					v = s + 1;
				goto found;
			}
		}
		(*i)++;
		continue;
found:
		if (o->value && !v) {
			if (*i + 1 >= argc) {
				snprintf(msg, msglen, "%s: option '%s' needs a value",
					 where, argv[*i]);
				return -1;
			}
			v = argv[++*i];
		}
		if (o == want && want)
			*value = v;
		if (o == want2 && want2)
			*value2 = v;
		(*i)++;
	}
	return 0;
}

/* crun's delete --regex among the options: "--regex", "-regex", "-r", "-fr". */
static bool is_regex(const char *s)
{
	const struct rt_opt *o;

	if (s[0] != '-')
		return false;
	if (s[1] == '-')
		return strcmp(s + 2, "regex") == 0;
	o = by_name(delete_opts, s + 1, strlen(s + 1));
	return o ? o->letter == 'r' : strchr(s + 1, 'r') != NULL;
}

int rt_args_parse(int argc, char *const argv[], struct rt_args *a,
		  char *msg, size_t msglen)
{
	const char *cmd;
	int i = 1;

	memset(a, 0, sizeof(*a));
	a->action = RT_PASS;
	a->cmd = a->id = -1;
	/* An unknown global option: the command is not ours to guess, but
	 * if it is not create, run or exec nothing is lost by passing it. */
	if (skip_opts(argc, argv, &i, global_opts, "runtime", NULL, NULL,
		      NULL, NULL, msg, msglen) < 0) {
		int j;

		for (j = 1; j < argc; j++)
			if (!strcmp(argv[j], "create") || !strcmp(argv[j], "run") ||
			    !strcmp(argv[j], "exec"))
				return -1;
		return 0;
	}
	if (i >= argc)
		return 0;
	cmd = argv[i];
	if (strcmp(cmd, "create") == 0 || strcmp(cmd, "run") == 0) {
		a->action = RT_CREATE;
		a->cmd = i++;
		if (skip_opts(argc, argv, &i, create_opts, cmd,
			      by_name(create_opts, "bundle", 6), &a->bundle,
			      by_name(create_opts, "config", 6), &a->config,
			      msg, msglen) < 0)
			return -1;
	} else if (strcmp(cmd, "exec") == 0) {
		a->action = RT_EXEC;
		a->cmd = i++;
		if (skip_opts(argc, argv, &i, exec_opts, cmd, NULL, NULL,
			      NULL, NULL, msg, msglen) < 0)
			return -1;
	} else if (strcmp(cmd, "delete") == 0) {
		a->cmd = i++;
		if (skip_opts(argc, argv, &i, delete_opts, cmd, NULL, NULL,
			      NULL, NULL, msg, msglen) < 0) {
			/* not ours to refuse: the runtime says what is wrong */
			a->cmd = -1;
			return 0;
		}
		for (int j = a->cmd + 1; j < i; j++)
			if (is_regex(argv[j])) {
				a->cmd = -1;
				return 0;
			}
		if (i >= argc || argv[i][0] == '\0') {
			a->cmd = -1;
			return 0;
		}
		a->action = RT_DELETE;
	} else {
		return 0;
	}
	if (i >= argc || argv[i][0] == '\0') {
		snprintf(msg, msglen, "%s: no container id", cmd);
		return -1;
	}
	/* --help anywhere among the options: the runtime prints help. */
	for (int j = a->cmd + 1; j < i; j++)
		if (!strcmp(argv[j], "--help") || !strcmp(argv[j], "-h")) {
			a->action = RT_PASS;
			return 0;
		}
	a->id = i;
	return 0;
}
