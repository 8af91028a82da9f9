/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl features, signal-info: the kernel's audit status. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "contidctl.h"

/* ---------------------------------------------------------------- features */

static const char features_help[] =
	"Usage: " PROG " features\n"
	"Print the kernel's audit status, every feature bit by name, and\n"
	"whether audit container IDs are supported.\n";

static const struct {
	unsigned int field;
	const char *name;
	size_t off;
} status_fields[] = {
#define F(x, n) { CONTID_STATUS_##x, #n, offsetof(struct contid_status, n) }
	F(MASK, mask), F(ENABLED, enabled), F(FAILURE, failure), F(PID, pid),
	F(RATE_LIMIT, rate_limit), F(BACKLOG_LIMIT, backlog_limit),
	F(LOST, lost), F(BACKLOG, backlog),
	F(BACKLOG_WAIT_TIME, backlog_wait_time),
	F(BACKLOG_WAIT_TIME_ACTUAL, backlog_wait_time_actual),
#undef F
};

int cmd_features(int argc, char **argv)
{
	struct contid_handle *h;
	struct contid_status st;
	struct stat sb;
	bool rules, proc;
	unsigned int bit;
	char name[32];
	size_t i;
	int c, err;

	while ((c = cmd_getopt(argc, argv, "features", "", NULL, features_help)) != -1)
		;
	if (optind < argc)
		usage_error("features", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);
	h = open_handle(0);
	if (!h)
		return EXIT_FAIL;
	err = contid_status_get(h, &st);
	contid_handle_close(h);
	if (err < 0)
		return fail(err, NULL, "cannot get the audit status");

	print_open_object(NULL);
	for (i = 0; i < sizeof(status_fields) / sizeof(status_fields[0]); i++) {
		uint32_t v;

		if (status_fields[i].field == CONTID_STATUS_MASK ||
		    !contid_status_has(&st, status_fields[i].field))
			continue;
		memcpy(&v, (const char *)&st + status_fields[i].off, sizeof(v));
		/* the name column, then the value: formats stay literals */
		print_text("%-26s ", status_fields[i].name);
		print_u64(PRINT_ANY, status_fields[i].name, "%" PRIu64 "\n", v);
	}
	rules = st.feature_bitmap & CONTID_FEATURE_CONTAINERID_FILTER;
	proc = stat("/proc/self/containerid", &sb) == 0;
	print_u64(PRINT_ANY, "feature_bitmap", "feature_bitmap             0x%08" PRIx64 "\n",
		  st.feature_bitmap);
	print_text("features:\n");
	print_open_object("features");
	for (bit = 0; bit < 32; bit++) {
		/* Every known bit, set or not; an unknown bit only when set. */
		if (bit >= 8 && !(st.feature_bitmap & (1u << bit)))
			continue;
		contid_feature_name(bit, name, sizeof(name));
		/* the library's name is data, never part of a format */
		print_text("  %-24s ", name);
		print_bool(PRINT_ANY, name, "%s", st.feature_bitmap & (1u << bit));
		print_text(" (0x%08x)\n", 1u << bit);
	}
	print_close_object();
	print_bool(PRINT_JSON, "containerid_rules", NULL, rules);
	print_bool(PRINT_JSON, "containerid_proc", NULL, proc);
	print_text("container ID rules         %s\n", rules ?
		   "supported (containerid_filter)" :
		   "NOT supported: the kernel lacks containerid_filter (0x00000080)");
	print_text("container IDs (/proc)      %s\n", proc ?
		   "supported (/proc/PID/containerid)" :
		   "NOT supported: no /proc/PID/containerid");
	print_close_object();
	print_nl();
	return EXIT_OK;
}

/* ---------------------------------------------------------------- signal-info */

static const char siginfo_help[] =
	"Usage: " PROG " signal-info\n"
	"Print who last signalled the audit daemon: pid, login uid, audit\n"
	"container ID (\"unknown\" on a kernel without AUDIT_SIGNAL_INFO2) and\n"
	"security context.\n";

int cmd_siginfo(int argc, char **argv)
{
	struct contid_handle *h;
	struct contid_siginfo *si;
	int c, err;

	while ((c = cmd_getopt(argc, argv, "signal-info", "", NULL, siginfo_help)) != -1)
		;
	if (optind < argc)
		usage_error("signal-info", "unexpected argument '%s'", argv[optind]);
	print_init(stdout, opt_json);
	si = malloc(sizeof(*si));
	if (!si)
		return fail(-ENOMEM, NULL, "cannot get the signal info");
	h = open_handle(0);
	if (!h) {
		free(si);
		return EXIT_FAIL;
	}
	err = contid_siginfo_get(h, si);
	contid_handle_close(h);
	if (err < 0) {
		free(si);
		return fail(err, NULL, "cannot get the signal info");
	}
	print_open_object(NULL);
	if (si->pid == UINT32_MAX || si->pid == 0)
		print_null(PRINT_ANY, "pid", "pid      none (no signal yet)\n");
	else
		print_u64(PRINT_ANY, "pid", "pid      %" PRIu64 "\n", si->pid);
	if (si->uid == UINT32_MAX)
		print_null(PRINT_ANY, "uid", "uid      unset\n");
	else
		print_u64(PRINT_ANY, "uid", "uid      %" PRIu64 "\n", si->uid);
	if (si->contid_known)
		print_contid(PRINT_ANY, "contid", "contid   %s\n", si->contid);
	else
		print_null(PRINT_ANY, "contid",
			   "contid   unknown (the kernel lacks AUDIT_SIGNAL_INFO2)\n");
	print_bool(PRINT_JSON, "contid_known", NULL, si->contid_known);
	print_string_len(PRINT_JSON, "context", NULL, si->ctx, si->ctx_len);
	print_string(PRINT_FP, NULL, "context  %s\n", si->ctx_len ? si->ctx : "none");
	print_string(PRINT_ANY, "request", "request  AUDIT_%s\n",
		     si->version == 2 ? "SIGNAL_INFO2" : "SIGNAL_INFO");
	print_close_object();
	print_nl();
	free(si);
	return EXIT_OK;
}
