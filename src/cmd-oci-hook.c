/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl oci-hook: an OCI createRuntime hook that sets the container's
 * audit container ID (docs/oci-hook.md).  At createRuntime the container's
 * init process exists, is single-threaded and has no children yet, so the
 * set cannot race with its first fork.  A subcommand rather than a program
 * of its own: it is the same write as "contidctl set", with the same
 * refusal messages, and one binary is one thing to install and keep in
 * step with the library.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "contidctl.h"
#include "oci-mapping.h"
#include "oci-state.h"

static const char hook_help[] =
	"Usage: " PROG " oci-hook [--allow-missing-kernel]\n"
	"An OCI createRuntime hook: read the container's state JSON on stdin\n"
	"and set the audit container ID of its \"pid\": the annotation\n"
	OCI_CONTID_ANNOTATION " (decimal or 0x hex) if present, else derived\n"
	"from the container's \"id\" (64 hex digits: their first 16; otherwise\n"
	"a 64-bit FNV-1a hash).  Any failure is one line on stderr and exit 1,\n"
	"which makes the runtime refuse to start the container.\n\n"
	"Options:\n"
	"  --allow-missing-kernel  a kernel without container IDs is a warning\n"
	"                          (exit 0), not a failure\n";

/* The whole of stdin, at most OCI_STATE_MAX bytes; NULL on failure. */
static char *read_state(size_t *len)
{
	int err;
	char *buf = read_fd_max(STDIN_FILENO, OCI_STATE_MAX, len, &err);

	if (!buf && err == -EFBIG)
		fail_msg("oci-hook: the state on stdin is larger than %d bytes",
			 OCI_STATE_MAX);
	else if (!buf)
		fail(err, err == -ENOMEM ? NULL : strerror(-err),
		     "oci-hook: cannot read the state on stdin");
	return buf;
}

int cmd_oci_hook(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "allow-missing-kernel", no_argument, NULL, 'M' },
		{ NULL, 0, NULL, 0 }
	};
	bool allow_missing = false;
	struct oci_state st;
	uint64_t cur;
	char msg[512];
	size_t len;
	char *buf;
	int c, err;

	while ((c = cmd_getopt(argc, argv, "oci-hook", "", opts, hook_help)) != -1)
		if (c == 'M')
			allow_missing = true;
	if (optind < argc)
		usage_error("oci-hook", "unexpected argument '%s'", argv[optind]);
	buf = read_state(&len);
	if (!buf)
		return EXIT_FAIL;
	memset(&st, 0, sizeof(st));
	err = oci_state_parse(buf, len, &st, msg, sizeof(msg));
	if (err < 0) {
		free(buf);
		return fail_msg("oci-hook: %s", msg);
	}
	/* Started by the runtime wrapper, init already holds this ID
	 * (inherited): nothing to do, and with runc the write would be
	 * refused for init's threads (EBUSY). */
	if (contid_task_get(st.pid, &cur) == 0 && cur == st.contid) {
		free(buf);
		return EXIT_OK;
	}
	err = contid_task_set(st.pid, st.contid);
	if (err == 0)
		mapping_record_send("oci-hook", buf, len,
				    &(struct oci_mapping){ .contid = st.contid, .by = "hook" },
				    st.id_shown);
	free(buf);
	if (err == -CONTID_E_NOSUPPORT && allow_missing) {
		fprintf(stderr, PROG ": oci-hook: warning: %s: container %s (pid %d) "
			"runs without an audit container ID\n",
			task_cause(err), st.id_shown, (int)st.pid);
		return EXIT_OK;
	}
	if (err < 0)
		return fail(err, task_cause(err),
			    "oci-hook: cannot set the container ID of container %s (pid %d) "
			    "to %" PRIu64 " (%016" PRIx64 ")",
			    st.id_shown, (int)st.pid, st.contid, st.contid);
	return EXIT_OK;
}
