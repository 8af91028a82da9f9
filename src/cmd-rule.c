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
	"       " PROG " rule add -- AUDITCTL-RULE\n"
	"       " PROG " rule del --contid ID [options] | -- AUDITCTL-RULE\n"
	"       " PROG " rule print --contid ID [options] | -- AUDITCTL-RULE\n"
	"       " PROG " rule list\n"
	"Add, delete, print or list audit rules.  \"rule del\" takes the options\n"
	"the rule was added with; \"rule print\" prints a rule as \"rule list\"\n"
	"would, without the kernel; \"rule list\" prints every rule as\n"
	"auditctl -l does, including rules contidctl did not add.\n";

static const char add_help[] =
	"Usage: " PROG " rule add|del|print --contid ID [options]\n"
	"       " PROG " rule add|del|print -- AUDITCTL-RULE\n"
	"Add (or delete, or print) an audit rule.  AUDITCTL-RULE is a rule as\n"
	"auditctl takes it: -- -a always,exit -F arch=b64 -S openat -F contid=7\n"
	"-k key, or -- -w /etc/passwd -p wa -k identity (also -C auid!=uid, user\n"
	"and group names for uid and gid fields).  The options build the same\n"
	"rule text, fields in the order given, to match container ID ID:\n\n"
	"Options:\n"
	"  -c, --contid ID            match container ID ID (-F contid=ID)\n"
	"  -l, --list exit|user|exclude  the filter list (default exit)\n"
	"  -a, --action always|never  the action (default always)\n"
	"  -S, --syscall NAME|NUMBER  a system call (repeatable; default all)\n"
	"  -d, --dir DIR              objects under directory DIR (-F dir=DIR)\n"
	"  -p, --path PATH            the object PATH (-F path=PATH)\n"
	"  -P, --perm [rwxa]          access kinds: read, write, execute,\n"
	"                             attribute change (-F perm=...)\n"
	"  -k, --key KEY              a key of the rule (-k KEY)\n"
	"  -F, --field FIELD=VALUE    any field in auditctl syntax, with the\n"
	"                             operators = != < > <= >= & &=\n";

static const char list_help[] =
	"Usage: " PROG " rule list\n"
	"Print every audit rule loaded in the kernel as auditctl -l prints it.\n";

/* auditctl 3.0.9's text (src/auditctl.c, check_rule_mismatch()) */
#define ARCH_WARNING "WARNING - 32/64 bit syscall mismatch, you should specify an arch"

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(EXIT_FAIL);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(EXIT_FAIL);
	}
	return p;
}

/* The rule's words for contid_rule_parse_args(), and what the user wrote. */
struct words {
	int n;
	char **w;
	const char **what;	/* per word: the option as the user gave it */
	char *origin;		/* per word: the long option's letter, or 0 */
};

static void push(struct words *ws, const char *w, const char *what, char origin)
{
	ws->w[ws->n] = xstrdup(w);
	ws->what[ws->n] = what;
	ws->origin[ws->n] = origin;
	ws->n++;
}

static void push_opt(struct words *ws, const char *opt, const char *arg,
		     const char *what, char origin)
{
	push(ws, opt, what, origin);
	push(ws, arg, what, origin);
}

static void words_free(struct words *ws)
{
	int i;

	for (i = 0; i < ws->n; i++)
		free(ws->w[i]);
	for (i = 0; i < ws->n; i++)
		if (ws->what[i] && (i == 0 || ws->what[i] != ws->what[i - 1]))
			free((char *)ws->what[i]);
	free(ws->w);
	free(ws->what);
	free(ws->origin);
}

static const char *arch_name(uint32_t arch)
{
	return arch == CONTID_ARCH_B32 ? "b32" : arch == CONTID_ARCH_B64 ? "b64" : "?";
}

/* The first name of a -S list that is no syscall in @arch. */
static void bad_syscall(const char *list, uint32_t arch, char *out, size_t len)
{
	const char *p = list;

	snprintf(out, len, "%s", list);
	while (*p) {
		size_t n = strcspn(p, ",");
		char name[128];

		if (n && n < sizeof(name)) {
			memcpy(name, p, n);
			name[n] = '\0';
			if (strcmp(name, "all") && contid_syscall_number_arch(arch, name) < 0 &&
			    (name[0] < '0' || name[0] > '9' || strtoul(name, NULL, 10) >= 2048 ||
			     strspn(name, "0123456789") != n)) {
				snprintf(out, len, "%s", name);
				return;
			}
		}
		p += n;
		if (*p)
			p++;
	}
}

/* --perm and -p letters the library refused. */
static _Noreturn void bad_perm(const char *cmd, const char *perm)
{
	usage_error(cmd, "invalid permission '%s': use the letters r, w, x and a", perm);
}

/* A rule-building usage error, with the library's reason in words. */
static _Noreturn void rule_error(const char *cmd, int err, struct words *ws,
				 const struct contid_rule_diag *d)
{
	int i = d->arg;
	char origin = i >= 0 && i < ws->n ? ws->origin[i] : 0;
	const char *opt = i >= 0 && i < ws->n ? ws->w[i] : "";
	const char *what = i >= 0 && i < ws->n ? ws->what[i] : "";
	const char *arg = i >= 0 && i + 1 < ws->n ? ws->w[i + 1] : "";
	char name[256];

	if (i >= 0 && i < ws->n && opt[0] == '-' && opt[1] && opt[2])
		arg = opt + 2;		/* "-Fuid=0" */
	if (err == -ENOMEM) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(EXIT_FAIL);
	}
	if (i < 0)
		usage_error(cmd, "missing rule: start with -a LIST,ACTION or -w PATH");
	if (origin == 'P')
		bad_perm(cmd, arg + 5);
	switch (-err) {
	case CONTID_E_UNKNOWN_FIELD:
		usage_error(cmd, "unknown field in '%s'", what);
	case CONTID_E_UNKNOWN_SYSCALL:
		bad_syscall(arg, d->arch, name, sizeof(name));
		if (d->arch == CONTID_ARCH_B32 || !d->arch)
			usage_error(cmd, "unknown system call '%s' for arch %s", name,
				    d->arch ? arch_name(d->arch) : "of this machine");
		usage_error(cmd, "unknown system call '%s'", name);
	case CONTID_E_BADOP:
	case CONTID_E_BADLIST:
	case CONTID_E_KEYLEN:
		if (err == -CONTID_E_BADLIST && opt[1] == 'S')
			usage_error(cmd, origin ? "--syscall is only allowed on the exit list" :
				    "-S is not allowed on this filter list");
		/* the library's message: "operator not allowed on this field" */
		usage_error(cmd, "%s in '%s'", err_cause(err), what);
	case CONTID_E_TOOMANYFIELDS:
		usage_error(cmd, "too many fields (at most 64) at '%s'", what);
	case CONTID_E_STRLEN:
		usage_error(cmd, "value too long in '%s'", what);
	case CONTID_E_ARCHORDER:
		usage_error(cmd, "%s must be before -S", what);
	case CONTID_E_UNKNOWN_USER:
		usage_error(cmd, "unknown user '%s' in '%s'", strpbrk(arg, "=") + 1, what);
	case CONTID_E_UNKNOWN_GROUP:
		usage_error(cmd, "unknown group '%s' in '%s'", strpbrk(arg, "=") + 1, what);
	case CONTID_E_SYNTAX:
		if (opt[0] == '-' && opt[1] && !opt[2] && i + 1 >= ws->n &&
		    strchr("aAdwWSFCkp", opt[1]))
			usage_error(cmd, "option '%s' needs an argument", opt);
		if (i == 0 && opt[0] == '-' && opt[1] && strchr("SFCkp", opt[1]))
			usage_error(cmd, "the rule must start with -a LIST,ACTION or -w PATH, not '%s'", what);
		switch (opt[0] == '-' ? opt[1] : 0) {
		case 'F':
			usage_error(cmd, "invalid field '%s': expected FIELD=VALUE", what);
		case 'C':
			usage_error(cmd, "invalid comparison '%s': expected FIELD=FIELD or FIELD!=FIELD", what);
		case 'S':
			usage_error(cmd, "no system call in '%s'", what);
		case 'a': case 'A': case 'd':
			if (i > 0)
				usage_error(cmd, "a second rule at '%s': one -a or -w per rule", what);
			usage_error(cmd, "invalid '%s': expected ACTION,LIST (always or never; exit, user, exclude, task, filesystem or io_uring)", what);
		case 'w': case 'W':
			usage_error(cmd, "a second rule at '%s': one -a or -w per rule", what);
		case 'p':
			usage_error(cmd, "-p needs a field before it");
		case 'k':
			usage_error(cmd, "invalid key in '%s'", what);
		}
		if (opt[0] != '-' || !opt[1] || opt[1] == '-')
			usage_error(cmd, "unexpected argument '%s' in the rule", opt);
		if (!strchr("aAdwWSFCkp", opt[1]))
			usage_error(cmd, "unknown rule option '%s'", opt);
		if (!opt[2] && i + 1 >= ws->n)
			usage_error(cmd, "option '%s' needs an argument", opt);
		usage_error(cmd, "the rule must start with -a LIST,ACTION or -w PATH, not '%s'", what);
	default:
		if (opt[1] == 'F' && !strncmp(arg, "arch", 4) && strchr("=!", arg[4]))
			usage_error(cmd, "unknown arch in '%s': use b64, b32, x86_64, i386 or an AUDIT_ARCH number", what);
		if (opt[1] == 'w' || opt[1] == 'W')
			usage_error(cmd, "invalid watch path '%s': must start with '/'", arg);
		if (opt[1] == 'p')
			bad_perm(cmd, arg);
		if (opt[1] == 'C')
			usage_error(cmd, "fields that cannot be compared in '%s'", what);
		if (opt[1] == 'k')
			usage_error(cmd, "invalid key in '%s'", what);
		usage_error(cmd, "invalid value in '%s'", what);
	}
}

static char *opt_what(const char *opt, const char *arg)
{
	char *s;

	if (asprintf(&s, "%s %s", opt, arg) < 0) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(EXIT_FAIL);
	}
	return s;
}

/*
 * Build the rule: the long options, or the auditctl rule after "--", both
 * as auditctl words read by the library's contid_rule_parse_args().
 * *@del is set for an auditctl -d or -W rule.
 */
static struct contid_rule *build_rule(int argc, char **argv, const char *cmd,
				      bool del_cmd, bool *del)
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
	const char *list = "exit", *action = "always";
	struct contid_rule_diag diag;
	struct contid_rule *r;
	struct words ws = { 0 };
	bool any = false, have_contid = false;
	int c, err, i, n, cap = 2 * argc + 4;

	ws.w = xcalloc((size_t)cap, sizeof(*ws.w));
	ws.what = xcalloc((size_t)cap, sizeof(*ws.what));
	ws.origin = xcalloc((size_t)cap, 1);
	while ((c = cmd_getopt(argc, argv, cmd, shortopts, opts, add_help)) != -1) {
		any = true;
		if (c == 'l') {
			if (strcmp(optarg, "exit") && strcmp(optarg, "user") &&
			    strcmp(optarg, "exclude"))
				usage_error(cmd, "invalid list '%s': use exit, user or exclude", optarg);
			list = optarg;
		} else if (c == 'a') {
			if (strcmp(optarg, "always") && strcmp(optarg, "never"))
				usage_error(cmd, "invalid action '%s': use always or never", optarg);
			action = optarg;
		}
	}
	if (optind > 0 && optind <= argc && !strcmp(argv[optind - 1], "--")) {
		/* an auditctl rule, word for word */
		if (any)
			usage_error(cmd, "give the rule either as options or after --, not both");
		for (i = optind; i < argc; i++) {
			const char *w = argv[i];

			if (w[0] == '-' && w[1] && !w[2] && i + 1 < argc) {
				char *what = opt_what(w, argv[i + 1]);

				push_opt(&ws, w, argv[i + 1], what, 0);
				i++;
			} else {
				push(&ws, w, xstrdup(w), 0);
			}
		}
	} else {
		char al[64];

		if (optind < argc)
			usage_error(cmd, "unexpected argument '%s'", argv[optind]);
		snprintf(al, sizeof(al), "%s,%s", action, list);
		/* -d for rule del: auditctl does not warn about -S there */
		push_opt(&ws, del_cmd ? "-d" : "-a", al, NULL, 'l');
		optind = 0;
		while ((c = cmd_getopt(argc, argv, cmd, shortopts, opts, add_help)) != -1) {
			const char *lopt = NULL;
			char *what, *word;

			switch (c) {
			case 'c':
				(void)parse_id(cmd, optarg);
				have_contid = true;
				lopt = "contid=";
				what = opt_what("--contid", optarg);
				break;
			case 'S':
				push_opt(&ws, "-S", optarg, xstrdup(optarg), 'S');
				continue;
			case 'd':
				lopt = "dir=";
				what = opt_what("--dir", optarg);
				break;
			case 'p':
				lopt = "path=";
				what = opt_what("--path", optarg);
				break;
			case 'P':
				lopt = "perm=";
				what = opt_what("--perm", optarg);
				break;
			case 'k':
				push_opt(&ws, "-k", optarg, opt_what("--key", optarg), 'k');
				continue;
			case 'F':
				push_opt(&ws, "-F", optarg, opt_what("-F", optarg), 'F');
				continue;
			default:
				continue;
			}
			if (asprintf(&word, "%s%s", lopt, optarg) < 0) {
				fprintf(stderr, PROG ": out of memory\n");
				exit(EXIT_FAIL);
			}
			push_opt(&ws, "-F", word, what, (char)c);
			free(word);
		}
	}
	err = contid_rule_parse_args(&r, ws.n, ws.w, &diag);
	if (err < 0)
		rule_error(cmd, err, &ws, &diag);
	if (diag.warnings & CONTID_RULE_WARN_ARCH)
		fprintf(stderr, "%s\n", ARCH_WARNING);
	*del = diag.del;
	if (ws.n && ws.origin[0] == 'l') {
		/* the options' form: -F contid=ID or containerid=ID count too */
		n = contid_rule_field_count(r);
		for (i = 0; i < n && !have_contid; i++) {
			uint64_t id;

			if (contid_rule_field_containerid(r, (unsigned int)i, &id) == 0)
				have_contid = true;
		}
		if (!have_contid) {
			contid_rule_free(r);
			words_free(&ws);
			usage_error(cmd, "missing --contid ID (or -F contid=ID)");
		}
	}
	words_free(&ws);
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
	bool del = false;
	int err;

	r = build_rule(argc, argv, cmd, !add, &del);
	if (add && del) {
		contid_rule_free(r);
		usage_error(cmd, "-d and -W delete a rule: use 'contidctl rule del'");
	}
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

/* rule print: the rule as rule list would print it; no kernel. */
static int rule_print(int argc, char **argv)
{
	struct contid_rule *r;
	char text[8192];
	bool del = false;

	r = build_rule(argc, argv, "rule print", false, &del);
	contid_rule_format(r, text, sizeof(text));
	contid_rule_free(r);
	print_init(stdout, opt_json);
	print_open_object(NULL);
	print_string(PRINT_ANY, "rule", "%s", text);
	print_close_object();
	print_nl();
	return EXIT_OK;
}

/* The library's name of the list, as rule text spells it. */
static const char *list_name(int list)
{
	const char *n = contid_rule_list_name(list);

	return n ? n : "unknown";
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
	{ "print", rule_print, NULL },
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
		usage_error("rule", "missing command (add, del, print or list)");
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
