/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runtime wrapper (docs/oci-hook.md, "The runtime wrapper"): where in
 * an OCI runtime's command line (runc's and crun's syntax) the subcommand,
 * the container's id and the bundle are.  Pure: no I/O, so that the unit
 * tests (tests/unit/test_runtime_args.c) check every case and message.
 */
#ifndef CONTIDCTL_RUNTIME_ARGS_H
#define CONTIDCTL_RUNTIME_ARGS_H

/* What the wrapper does with a command line. */
enum rt_action {
	RT_PASS,	/* exec the real runtime untouched */
	RT_CREATE,	/* create or run: the ID from the bundle and the id */
	RT_EXEC,	/* exec: the ID of the running container's init */
	RT_DELETE,	/* delete: the real runtime's, then the name files */
};

struct rt_args {
	enum rt_action action;
	int cmd;		/* argv index of the subcommand (not RT_PASS) */
	int id;			/* argv index of the container's id */
	const char *bundle;	/* --bundle/-b's value, NULL: the working directory */
	const char *config;	/* crun's --config/-f value, NULL: config.json */
};

/*
 * rt_args_parse - find the subcommand in @argv[1..@argc-1] (argv[0] is the
 * wrapper's name) and, for create, run, exec and delete, the container's
 * id, and the bundle for create and run.  Options are read as runc and crun read them: "--name VALUE",
 * "--name=VALUE", "-name" (runc), single letters "-b VALUE", "-bVALUE" and
 * bundles of flags ("-dt"), "--" ending the options.  An option the tables
 * do not know cannot be skipped safely (does it take a value?): create, run
 * and exec refuse it rather than guess which word is the id; delete passes
 * it to the runtime untouched (RT_PASS), as it does crun's --regex (its
 * operand is a pattern, not an id).
 * Returns 0, or -1 with a one-line message in @msg.
 */
int rt_args_parse(int argc, char *const argv[], struct rt_args *a,
		  char *msg, size_t msglen);

#endif
