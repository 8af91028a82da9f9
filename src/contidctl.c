/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl - command-line tool for Linux audit container IDs
 *
 * contidctl [-j] OBJECT [COMMAND] [options]: the object is looked up in
 * cmds[] (exact names only: a prefix is never guessed), which hands the rest
 * of the line to its handler.  Every argument is checked before anything is
 * written to /proc or sent to the kernel, so a usage error (exit 2) never
 * has an effect.  Everything goes through libcontid's public API.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contidctl.h"

bool opt_json;

static const struct cmd cmds[] = {
	{ "set", cmd_set, "set PID[/TID] ID" },
	{ "get", cmd_get, "get PID[/TID]..." },
	{ "ps", cmd_ps, "ps [--contid ID]..." },
	{ "run", cmd_run, "run --contid ID [--] PROGRAM [ARG]..." },
	{ "rule", cmd_rule, "rule {add|del|list} ..." },
	{ "features", cmd_features, "features" },
	{ "signal-info", cmd_siginfo, "signal-info" },
	{ "events", cmd_events, "events [--daemon] [--contid ID]..." },
	{ "parse", cmd_parse, "parse [--contid ID]... [FILE]" },
	{ "oci-hook", cmd_oci_hook, "oci-hook [--allow-missing-kernel] < STATE" },
	{ NULL, NULL, NULL }
};

static void main_help(FILE *f)
{
	const struct cmd *c;

	fprintf(f, "Usage: " PROG " [--json] COMMAND [options] [arguments]\n"
		"       " PROG " COMMAND --help\n"
		"       " PROG " --version\n\n"
		"Commands:\n");
	for (c = cmds; c->name; c++)
		fprintf(f, "  " PROG " %s\n", c->usage);
	fprintf(f, "\nOptions:\n"
		"  -j, --json     print JSON (one object per line for streams)\n"
		"  -h, --help     print this help\n"
		"  -V, --version  print the version\n\n"
		"Exit status: 0 success, 1 failure, 2 usage error "
		"(run: the program's status).\n"
		"See contidctl(8).\n");
}

_Noreturn void usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	print_flush();
	fputs(PROG ": ", stderr);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, "\nTry '" PROG " %s --help'.\n", cmd);
	else
		fputs("\nTry '" PROG " --help'.\n", stderr);
	exit(EXIT_USAGE);
}

/* The library's code names come from its own table, errno names from libc. */
const char *err_name(int err)
{
	const char *n = contid_strerrorname(err);

	if (n)
		return n;
	n = strerrorname_np(err < 0 ? -err : err);
	return n ? n : "unknown error";
}

const char *err_cause(int err)
{
	static char buf[256];
	const char *s;

	switch (err < 0 ? -err : err) {
	case EPERM:
		return "permission denied (CAP_AUDIT_CONTROL is needed)";
	case EACCES:
		return "permission denied";
	case ECONNREFUSED:
	case EPROTONOSUPPORT:
		return "the kernel has no audit support";
	case ETIMEDOUT:
		return "the kernel did not answer in time";
	case CONTID_E_NOSUPPORT:
		return "the kernel does not support audit container IDs";
	case CONTID_E_NOFEATURE:
		return "the kernel does not support audit container ID rules";
	}
	/* The library's and libc's messages, in lowercase to follow ':'. */
	s = contid_strerror(err);
	snprintf(buf, sizeof(buf), "%s", s);
	if (buf[0] >= 'A' && buf[0] <= 'Z' && !(buf[1] >= 'A' && buf[1] <= 'Z'))
		buf[0] = (char)(buf[0] - 'A' + 'a');
	return buf;
}

int fail(int err, const char *cause, const char *fmt, ...)
{
	va_list ap;

	print_flush();
	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s (%s)\n", cause ? cause : err_cause(err),
		err_name(err));
	return EXIT_FAIL;
}

int fail_msg(const char *fmt, ...)
{
	va_list ap;

	print_flush();
	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_FAIL;
}

void print_help(const char *cmd, const char *text)
{
	fputs(text, stdout);
	fprintf(stdout, "\nCommon options:\n"
		"  -j, --json  print JSON\n"
		"  -h, --help  print this help\n");
	(void)cmd;
	exit(finish(EXIT_OK));
}

static int getopt_common(int argc, char **argv, const char *cmd,
			 const char *shortopts, const struct option *longopts,
			 const char *help, bool long_only);

int cmd_getopt(int argc, char **argv, const char *cmd, const char *shortopts,
	       const struct option *longopts, const char *help)
{
	return getopt_common(argc, argv, cmd, shortopts, longopts, help, false);
}

int cmd_getopt_long_only(int argc, char **argv, const char *cmd,
			 const char *shortopts, const struct option *longopts,
			 const char *help)
{
	return getopt_common(argc, argv, cmd, shortopts, longopts, help, true);
}

/*
 * Whether getopt's '?' is for @o, a long option that takes no argument
 * given one ("--raw=1", "-word=1" under long_only): getopt then sets
 * optopt to the option's value.  For an unknown short option inside a
 * cluster ("-Zr"), optind still points at the cluster, so argv[optind - 1]
 * is the argument before it, which may look the same ("--count=5").
 */
static bool long_given_value(const char *o, const struct option *all,
			     int val, bool long_only)
{
	size_t len;

	if (o[0] == '-' && o[1] == '-')
		o += 2;
	else if (long_only && o[0] == '-')
		o++;
	else
		return false;
	len = strcspn(o, "=");
	if (!val || o[len] != '=')
		return false;
	for (; all->name; all++)
		if (!strncmp(all->name, o, len) && all->has_arg == no_argument &&
		    all->val == val)
			return true;
	return false;
}

static int getopt_common(int argc, char **argv, const char *cmd,
			 const char *shortopts, const struct option *longopts,
			 const char *help, bool long_only)
{
	static const struct option common[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
	};
	struct option all[96];
	char optstring[64];
	size_t n = 0;
	int c;

	for (; longopts && longopts[n].name; n++) {
		/* a command's table outgrowing this one is a bug, not an
		 * option to drop unseen */
		if (n == sizeof(all) / sizeof(all[0]) - 3)
			abort();
		all[n] = longopts[n];
	}
	all[n++] = common[0];
	all[n++] = common[1];
	memset(&all[n], 0, sizeof(all[n]));
	/* '+' for commands that stop at their first argument (run), ':' to
	 * tell a missing argument from an unknown option. */
	if (shortopts[0] == '+')
		snprintf(optstring, sizeof(optstring), "+:%sjh", shortopts + 1);
	else
		snprintf(optstring, sizeof(optstring), ":%sjh", shortopts);
	opterr = 0;
	for (;;) {
		c = long_only ? getopt_long_only(argc, argv, optstring, all, NULL) :
				getopt_long(argc, argv, optstring, all, NULL);
		switch (c) {
		case 'j':
			opt_json = true;
			continue;
		case 'h':
			print_help(cmd, help);
			break;
		case ':':
			if (strncmp(argv[optind - 1], "--", 2) != 0 &&
			    !(long_only && strlen(argv[optind - 1]) > 2))
				usage_error(cmd, "option '-%c' needs an argument", optopt);
			usage_error(cmd, "option '%.*s' needs an argument",
				    (int)strcspn(argv[optind - 1], "="), argv[optind - 1]);
		case '?': {
			const char *o = argv[optind - 1];
			size_t len = strcspn(o, "=");

			/* "--gaps=1": optopt is the option's value, which
			 * may be no letter (parse's --word) */
			if (long_given_value(o, all, optopt, long_only))
				usage_error(cmd, "option '%.*s' doesn't allow an argument",
					    (int)len, o);
			if (optopt > 0 && optopt < 128 && isprint(optopt))
				usage_error(cmd, "unknown option '-%c'", optopt);
			usage_error(cmd, "unknown option '%.*s'", (int)len, o);
		}
		default:
			return c;
		}
	}
}

/* PIDs are positive ints: the kernel's pid_max is at most 4194304. */
pid_t parse_pid(const char *cmd, const char *what, const char *s)
{
	uint64_t v = 0;
	const char *p;

	if (!*s)
		usage_error(cmd, "invalid %s '': not a decimal number", what);
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			usage_error(cmd, "invalid %s '%s': not a decimal number", what, s);
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > INT_MAX)
			usage_error(cmd, "invalid %s '%s': out of range", what, s);
	}
	if (v == 0)
		usage_error(cmd, "invalid %s '%s': must be positive", what, s);
	return (pid_t)v;
}

void parse_task(const char *cmd, const char *s, pid_t *pid, pid_t *tid)
{
	const char *slash = strchr(s, '/');
	char buf[32];

	*tid = 0;
	if (!slash) {
		*pid = parse_pid(cmd, "PID", s);
		return;
	}
	if ((size_t)(slash - s) >= sizeof(buf))
		usage_error(cmd, "invalid PID '%.*s': out of range", (int)(slash - s), s);
	memcpy(buf, s, (size_t)(slash - s));
	buf[slash - s] = '\0';
	*pid = parse_pid(cmd, "PID", buf);
	*tid = parse_pid(cmd, "TID", slash + 1);
}

uint64_t parse_id(const char *cmd, const char *s)
{
	uint64_t id;
	int err = contid_id_parse(s, &id);

	switch (err) {
	case 0:
		return id;
	case -ERANGE:
		usage_error(cmd, "invalid container ID '%s': larger than 18446744073709551614", s);
	case -CONTID_E_UNSET:
		usage_error(cmd, "invalid container ID '%s': the unset value is not a valid ID", s);
	default:
		usage_error(cmd, "invalid container ID '%s': not a decimal number", s);
	}
}

struct contid_handle *open_handle(unsigned int flags)
{
	struct contid_handle *h;
	int err = contid_handle_open(&h, flags);

	if (err < 0) {
		fail(err, NULL, "cannot open the audit netlink socket");
		return NULL;
	}
	return h;
}

int finish(int status)
{
	if (print_flush() < 0 || fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, PROG ": cannot write the output: %s (%s)\n",
			strerror(errno), err_name(errno));
		return EXIT_FAIL;
	}
	return status;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const struct cmd *c;
	const char *self = argv[0] ? strrchr(argv[0], '/') : NULL;
	int o;

	/* Under the name contid-RUNTIME: the runtime wrapper, whose command
	 * line is the real runtime's (src/cmd-runtime.c). */
	self = self ? self + 1 : argv[0];
	if (self && strncmp(self, "contid-", 7) == 0 && self[7])
		return runtime_main(self, argc, argv);
	opterr = 0;
	while ((o = getopt_long(argc, argv, "+:jhV", opts, NULL)) != -1) {
		switch (o) {
		case 'j':
			opt_json = true;
			break;
		case 'h':
			main_help(stdout);
			return finish(EXIT_OK);
		case 'V':
			printf(PROG " %s (libcontid %s)\n", PACKAGE_VERSION,
			       contid_version());
			return finish(EXIT_OK);
		default:
			if (optopt)
				usage_error(NULL, "unknown option '-%c'", optopt);
			usage_error(NULL, "unknown option '%.*s'",
				    (int)strcspn(argv[optind - 1], "="), argv[optind - 1]);
		}
	}
	if (optind >= argc)
		usage_error(NULL, "missing command");
	for (c = cmds; c->name; c++) {
		if (strcmp(c->name, argv[optind]) == 0) {
			argc -= optind;
			argv += optind;
			optind = 0;	/* full getopt reset for the command */
			return finish(c->fn(argc, argv));
		}
	}
	if (strcmp(argv[optind], "help") == 0) {
		main_help(stdout);
		return finish(EXIT_OK);
	}
	usage_error(NULL, "unknown command '%s'", argv[optind]);
}
