/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl with a fake /proc/PID/containerid, for the host tests of the
 * runtime wrapper and the hook (tests/cli/runtime.sh): linked with
 * -Wl,--wrap=contid_task_set,--wrap=contid_task_get against the static
 * libcontid-internal, so that contid_spawn() sets IDs here too.
 *   FAKE_SET_LOG   file each set is appended to as "PID ID\n"
 *   FAKE_SET_ERR   make every set fail: "NOSUPPORT", "EBUSY" or "EEXIST"
 *   FAKE_PROCROOT  directory read as /proc (PID/containerid)
 * Nothing here talks to the host's kernel.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <libcontid/contid.h>

int __wrap_contid_task_set(pid_t pid, uint64_t id);
int __wrap_contid_task_get(pid_t pid, uint64_t *id);
int contid_task_read_at(const char *procroot, pid_t pid, pid_t tid, uint64_t *id);

int __wrap_contid_task_set(pid_t pid, uint64_t id)
{
	const char *e = getenv("FAKE_SET_ERR"), *log = getenv("FAKE_SET_LOG");
	FILE *f;

	if (e && strcmp(e, "NOSUPPORT") == 0)
		return -CONTID_E_NOSUPPORT;
	if (e && strcmp(e, "EBUSY") == 0)
		return -EBUSY;
	if (e && strcmp(e, "EEXIST") == 0)
		return -EEXIST;
	if (!log)
		return -ENOSYS;
	f = fopen(log, "ae");
	if (!f)
		return -errno;
	fprintf(f, "%d %" PRIu64 "\n", (int)pid, id);
	fclose(f);
	return 0;
}

int __wrap_contid_task_get(pid_t pid, uint64_t *id)
{
	const char *root = getenv("FAKE_PROCROOT");

	return contid_task_read_at(root ? root : "/nonexistent", pid, 0, id);
}
