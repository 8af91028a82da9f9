/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl rule add|del|list: audit rules with container ID fields. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contidctl.h"

static const char rule_help[] =
	"Usage: " PROG " rule add --contid ID [options]\n"
	"       " PROG " rule del --contid ID [options]\n"
	"       " PROG " rule list\n"
	"Add, delete or list audit rules.  \"rule del\" takes the options the\n"
	"rule was added with; \"rule list\" prints every rule in auditctl syntax,\n"
	"including rules contidctl did not add.\n";

static const char add_help[] =
	"Usage: " PROG " rule add|del --contid ID [options]\n"
	"Add (or delete) an audit rule matching tasks with container ID ID.\n"
	"Fields are added in the order given on the command line.\n\n"
	"Options:\n"
	"  -c, --contid ID            match container ID ID (-F contid=ID)\n"
	"  -l, --list exit|user|exclude  the filter list (default exit)\n"
	"  -a, --action always|never  the action (default always)\n"
	"  -S, --syscall NAME|NUMBER  a system call (repeatable; default all on\n"
	"                             the exit list)\n"
	"  -d, --dir DIR              objects under directory DIR (-F dir=DIR)\n"
	"  -p, --path PATH            the object PATH (-F path=PATH)\n"
	"  -P, --perm [rwxa]          access kinds: read, write, execute,\n"
	"                             attribute change (-F perm=...)\n"
	"  -k, --key KEY              the rule's key (-F key=KEY)\n"
	"  -F, --field FIELD=VALUE    any field in auditctl syntax, with the\n"
	"                             operators = != < > <= >= & &=\n";

static const char list_help[] =
	"Usage: " PROG " rule list\n"
	"Print every audit rule loaded in the kernel in auditctl syntax.\n";

/* A rule-building usage error, with the library's reason in words. */
static _Noreturn void field_error(const char *cmd, int err, const char *what)
{
	switch (-err) {
	case CONTID_E_UNKNOWN_FIELD:
		usage_error(cmd, "unknown field in '%s'", what);
	case CONTID_E_UNKNOWN_SYSCALL:
		usage_error(cmd, "unknown system call '%s'", what);
	case CONTID_E_BADOP:
		usage_error(cmd, "operator not allowed on this field in '%s'", what);
	case CONTID_E_BADLIST:
		usage_error(cmd, "field not allowed on this filter list in '%s'", what);
	case CONTID_E_TOOMANYFIELDS:
		usage_error(cmd, "too many fields (at most 64) at '%s'", what);
	case CONTID_E_KEYLEN:
		usage_error(cmd, "key too long (at most 256 bytes) in '%s'", what);
	case CONTID_E_STRLEN:
		usage_error(cmd, "value too long in '%s'", what);
	case CONTID_E_SYNTAX:
		usage_error(cmd, "invalid field '%s': expected FIELD=VALUE", what);
	case ENOMEM:
		fprintf(stderr, PROG ": out of memory\n");
		exit(EXIT_FAIL);
	default:
		usage_error(cmd, "invalid value in '%s'", what);
	}
}

static uint32_t parse_perm(const char *cmd, const char *s)
{
	uint32_t v = 0;
	const char *p;

	if (!*s)
		usage_error(cmd, "invalid permission '': use the letters r, w, x and a");
	for (p = s; *p; p++) {
		switch (*p) {
		case 'r': v |= CONTID_PERM_READ; break;
		case 'w': v |= CONTID_PERM_WRITE; break;
		case 'x': v |= CONTID_PERM_EXEC; break;
		case 'a': v |= CONTID_PERM_ATTR; break;
		default:
			usage_error(cmd, "invalid permission '%s': use the letters r, w, x and a", s);
		}
	}
	return v;
}

/*
 * Build the rule from the command line.  Two passes: the list and action
 * first (the library checks each field against the list as it is added),
 * then the fields in command-line order.
 */
static struct contid_rule *build_rule(int argc, char **argv, const char *cmd)
{
	static const struct option opts[] = {
		{ "contid", required_argument, NULL, 'c' },
		{ "list", required_argument, NULL, 'l' },
		{ "action", required_argument, NULL, 'a' },
		{ "syscall", required_argument, NULL, 'S' },
		{ "dir", required_argument, NULL, 'd' },
		{ "path", required_argument, NULL, 'p' },
		{ "perm", required_argument, NULL, 'P' },
		{ "key", required_argument, NULL, 'k' },
		{ "field", required_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 }
	};
	static const char shortopts[] = "c:l:a:S:d:p:P:k:F:";
	unsigned int list = CONTID_LIST_EXIT, action = CONTID_ACTION_ALWAYS;
	struct contid_rule *r;
	bool syscalls = false, have_contid = false;
	char what[4200];
	int c, err, i, n;

	while ((c = cmd_getopt(argc, argv, cmd, shortopts, opts, add_help)) != -1) {
		if (c == 'l') {
			if (!strcmp(optarg, "exit"))
				list = CONTID_LIST_EXIT;
			else if (!strcmp(optarg, "user"))
				list = CONTID_LIST_USER;
			else if (!strcmp(optarg, "exclude"))
				list = CONTID_LIST_EXCLUDE;
			else
				usage_error(cmd, "invalid list '%s': use exit, user or exclude", optarg);
		} else if (c == 'a') {
			if (!strcmp(optarg, "always"))
				action = CONTID_ACTION_ALWAYS;
			else if (!strcmp(optarg, "never"))
				action = CONTID_ACTION_NEVER;
			else
				usage_error(cmd, "invalid action '%s': use always or never", optarg);
		}
	}
	if (optind < argc)
		usage_error(cmd, "unexpected argument '%s'", argv[optind]);
	err = contid_rule_new(&r, list, action);
	if (err < 0) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(EXIT_FAIL);
	}

	optind = 0;
	while ((c = cmd_getopt(argc, argv, cmd, shortopts, opts, add_help)) != -1) {
		switch (c) {
		case 'c': {
			uint64_t id = parse_id(cmd, optarg);

			snprintf(what, sizeof(what), "--contid %s", optarg);
			err = contid_rule_add_containerid(r, CONTID_OP_EQ, id);
			have_contid = true;
			break;
		}
		case 'S':
			if (list != CONTID_LIST_EXIT)
				usage_error(cmd, "--syscall is only allowed on the exit list");
			snprintf(what, sizeof(what), "%s", optarg);
			err = contid_rule_add_syscall_name(r, optarg);
			if (err == -CONTID_E_BADVALUE)
				err = -CONTID_E_UNKNOWN_SYSCALL;
			syscalls = true;
			break;
		case 'd':
			snprintf(what, sizeof(what), "--dir %s", optarg);
			err = contid_rule_add_field_str(r, CONTID_FIELD_DIR, CONTID_OP_EQ, optarg);
			break;
		case 'p':
			snprintf(what, sizeof(what), "--path %s", optarg);
			err = contid_rule_add_field_str(r, CONTID_FIELD_WATCH, CONTID_OP_EQ, optarg);
			break;
		case 'P':
			snprintf(what, sizeof(what), "--perm %s", optarg);
			err = contid_rule_add_field(r, CONTID_FIELD_PERM, CONTID_OP_EQ,
						    parse_perm(cmd, optarg));
			break;
		case 'k':
			snprintf(what, sizeof(what), "--key %s", optarg);
			err = contid_rule_add_field_str(r, CONTID_FIELD_KEY, CONTID_OP_EQ, optarg);
			break;
		case 'F':
			snprintf(what, sizeof(what), "-F %s", optarg);
			if (!strchr(optarg, '=') && !strchr(optarg, '<') &&
			    !strchr(optarg, '>') && !strchr(optarg, '&'))
				err = -CONTID_E_SYNTAX;
			else
				err = contid_rule_parse_field(r, optarg);
			break;
		default:
			err = 0;
		}
		if (err < 0) {
			contid_rule_free(r);
			field_error(cmd, err, what);
		}
	}
	/* -F contid=ID or containerid=ID count as the container ID too. */
	n = contid_rule_field_count(r);
	for (i = 0; i < n && !have_contid; i++) {
		uint64_t id;

		if (contid_rule_field_containerid(r, (unsigned int)i, &id) == 0)
			have_contid = true;
	}
	if (!have_contid) {
		contid_rule_free(r);
		usage_error(cmd, "missing --contid ID (or -F contid=ID)");
	}
	/* Like auditctl: an exit rule without -S applies to every syscall. */
	if (list == CONTID_LIST_EXIT && !syscalls)
		contid_rule_add_syscall(r, CONTID_SYSCALL_ALL);
	return r;
}

static const char *rule_cause(int err, bool add)
{
	switch (-err) {
	case EEXIST:
		return "the rule already exists";
	case ENOENT:
		return add ? "no such file or directory" : "no such rule";
	case EINVAL:
		return "the kernel refused the rule as invalid";
	}
	return err_cause(err);
}

static int rule_change(int argc, char **argv, bool add)
{
	const char *cmd = add ? "rule add" : "rule del";
	struct contid_handle *h;
	struct contid_rule *r;
	char text[8192];
	int err;

	r = build_rule(argc, argv, cmd);
	contid_rule_format(r, text, sizeof(text));
	h = open_handle(0);
	if (!h) {
		contid_rule_free(r);
		return EXIT_FAIL;
	}
	/* The feature check first, so that nothing is sent to a kernel that
	 * would misread the rule. */
	err = contid_rule_check(h, r);
	if (err == 0)
		err = add ? contid_rule_add(h, r) : contid_rule_delete(h, r);
	contid_rule_free(r);
	contid_handle_close(h);
	if (err < 0)
		return fail(err, rule_cause(err, add), "cannot %s the rule '%s'",
			    add ? "add" : "delete", text);
	return EXIT_OK;
}

static const char *list_name(int list)
{
	switch (list) {
	case CONTID_LIST_USER: return "user";
	case CONTID_LIST_TASK: return "task";
	case CONTID_LIST_EXIT: return "exit";
	case CONTID_LIST_EXCLUDE: return "exclude";
	case CONTID_LIST_FS: return "filesystem";
	case CONTID_LIST_IO_URING: return "io_uring";
	}
	return "unknown";
}

static int print_rule(const struct contid_rule *r, void *data)
{
	char text[16384];
	int i, n = contid_rule_field_count(r);
	int *count = data;

	contid_rule_format(r, text, sizeof(text));
	print_open_object(NULL);
	print_string(PRINT_JSON, "list", NULL, list_name(contid_rule_get_list(r)));
	print_string(PRINT_JSON, "action",
		     NULL, contid_rule_get_action(r) == CONTID_ACTION_ALWAYS ? "always" : "never");
	print_open_array("contid");
	for (i = 0; i < n; i++) {
		uint64_t id;

		if (contid_rule_field_containerid(r, (unsigned int)i, &id) == 0)
			print_u64(PRINT_JSON, NULL, NULL, id);
	}
	print_close_array();
	print_string(PRINT_ANY, "rule", "%s", text);
	print_close_object();
	print_nl();
	(*count)++;
	return 0;
}

static int rule_list(int argc, char **argv)
{
	struct contid_handle *h;
	int c, err, count = 0;

	while ((c = cmd_getopt(argc, argv, "rule list", "", NULL, list_help)) != -1)
		;
	if (optind < argc)
		usage_error("rule list", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);
	h = open_handle(0);
	if (!h)
		return EXIT_FAIL;
	err = contid_rule_list(h, print_rule, &count);
	contid_handle_close(h);
	if (err < 0)
		return fail(err, NULL, "cannot list the rules");
	if (count == 0)
		print_text("No rules\n");
	return EXIT_OK;
}

static int rule_add(int argc, char **argv)
{
	return rule_change(argc, argv, true);
}

static int rule_del(int argc, char **argv)
{
	return rule_change(argc, argv, false);
}

static const struct cmd rule_cmds[] = {
	{ "add", rule_add, NULL },
	{ "del", rule_del, NULL },
	{ "delete", rule_del, NULL },
	{ "list", rule_list, NULL },
	{ NULL, NULL, NULL }
};

int cmd_rule(int argc, char **argv)
{
	const struct cmd *c;
	int o;

	/* Options before the subcommand: only --json and --help. */
	while ((o = cmd_getopt(argc, argv, "rule", "+", NULL, rule_help)) != -1)
		;
	if (optind >= argc)
		usage_error("rule", "missing command (add, del or list)");
	for (c = rule_cmds; c->name; c++) {
		if (!strcmp(c->name, argv[optind])) {
			argc -= optind;
			argv += optind;
			optind = 0;
			return c->fn(argc, argv);
		}
	}
	usage_error("rule", "unknown command '%s'", argv[optind]);
}
