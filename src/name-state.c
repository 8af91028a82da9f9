/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The name files of the container IDs (name-state.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "contidctl.h"
#include "contid-names.h"
#include "name-state.h"
#include "oci-mapping.h"

static const char *name_dir(void)
{
	const char *d = getenv("CONTID_NAME_DIR");

	return d && *d ? d : NAME_STATE_DIR;
}

int name_state_write(uint64_t id, const char *text)
{
	const char *dir = name_dir();
	char tmp[4200], path[4200];
	int err;

	if (snprintf(path, sizeof(path), "%s/%" PRIu64, dir, id) >= (int)sizeof(path) ||
	    snprintf(tmp, sizeof(tmp), "%s/.%" PRIu64 ".XXXXXX", dir, id) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	err = replace_file(tmp, path, 0644, text, "\n");
	return err == -ENOENT ? 1 : err;
}

void name_state_load(uint64_t id)
{
	static const char head[] = "type=VIRT_MACHINE_ID msg=audit(0.000:0): ";
	char path[4200], want[24], *line;
	struct contid_record *rec = NULL;
	const char *cid;
	struct stat st;
	ssize_t got;
	int fd;

	if (snprintf(path, sizeof(path), "%s/%" PRIu64, name_dir(), id) >= (int)sizeof(path))
		return;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return;
	line = malloc(sizeof(head) - 1 + OCI_MAPPING_TEXT_MAX);
	if (!line || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (st.st_uid != 0 && st.st_uid != geteuid()) || (st.st_mode & 022) ||
	    st.st_size > OCI_MAPPING_TEXT_MAX)
		goto out;
	memcpy(line, head, sizeof(head) - 1);
	got = read(fd, line + sizeof(head) - 1, OCI_MAPPING_TEXT_MAX);
	if (got <= 0 || contid_record_parse_log(&rec, line, sizeof(head) - 1 + (size_t)got) < 0)
		goto out;
	snprintf(want, sizeof(want), "%" PRIu64, id);
	cid = contid_record_find(rec, "contid");
	if (cid && strcmp(cid, want) == 0)
		contid_names_learn_record(rec);
out:
	contid_record_free(rec);
	free(line);
	close(fd);
}
