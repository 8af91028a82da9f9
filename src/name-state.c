/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The name files of the container IDs (name-state.h). */
#include "config.h"

#include <dirent.h>
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

/*
 * The record of the file @name in the directory @dfd when it is believed
 * (name-state.h: a regular file of root's or of this user's, not writable
 * by group or others, at most OCI_MAPPING_TEXT_MAX bytes) and its contid=
 * is @id; NULL otherwise.
 */
static struct contid_record *name_file_read(int dfd, const char *name, uint64_t id)
{
	static const char head[] = "type=VIRT_MACHINE_ID msg=audit(0.000:0): ";
	char want[24], *line;
	struct contid_record *rec = NULL;
	const char *cid;
	struct stat st;
	ssize_t got;
	int fd;

	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return NULL;
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
	if (!cid || strcmp(cid, want) != 0) {
		contid_record_free(rec);
		rec = NULL;
	}
out:
	free(line);
	close(fd);
	return rec;
}

void name_state_load(uint64_t id)
{
	struct contid_record *rec;
	char path[4200];

	if (snprintf(path, sizeof(path), "%s/%" PRIu64, name_dir(), id) >= (int)sizeof(path))
		return;
	rec = name_file_read(AT_FDCWD, path, id);
	if (rec)
		contid_names_learn_record(rec);
	contid_record_free(rec);
}

/* The value of the field @name of @rec as written, or NULL. */
static const char *raw_field(const struct contid_record *rec, const char *name)
{
	int i, n = contid_record_field_count(rec);

	for (i = 0; i < n; i++) {
		const char *fname, *v;

		if (contid_record_field(rec, (unsigned int)i, &fname, &v, NULL) == 0 &&
		    strcmp(fname, name) == 0)
			return contid_record_field_raw(rec, (unsigned int)i);
	}
	return NULL;
}

/* @v encoded as oci_mapping_text() writes it (cut, then encoded). */
static char *encoded(const char *v)
{
	size_t len = strlen(v);
	char *out;

	if (len > OCI_MAPPING_VALUE_MAX)
		len = OCI_MAPPING_VALUE_MAX;
	out = malloc(2 * len + 3);
	if (out)
		audit_encode_value(out, v, len);
	return out;
}

int name_state_remove(const char *runtime, const char *id)
{
	char *rt = encoded(runtime), *cid = encoded(id);
	struct contid_record *rec;
	struct dirent *e;
	int n = 0, err = 0;
	DIR *d = NULL;

	if (!rt || !cid) {
		err = -ENOMEM;
		goto out;
	}
	d = opendir(name_dir());
	if (!d) {
		err = errno == ENOENT ? 0 : -errno;
		goto out;
	}
	while ((e = readdir(d))) {
		const char *r, *i, *p = e->d_name;
		uint64_t fid;
		char *end;

		/* a decimal ID: not ".", "..", nor a temporary ".ID.XXXXXX" */
		if (*p < '0' || *p > '9')
			continue;
		errno = 0;
		fid = strtoull(p, &end, 10);
		if (errno || *end)
			continue;
		rec = name_file_read(dirfd(d), p, fid);
		r = rec ? raw_field(rec, "runtime") : NULL;
		i = rec ? raw_field(rec, "id") : NULL;
		if (r && i && strcmp(r, rt) == 0 && strcmp(i, cid) == 0) {
			if (unlinkat(dirfd(d), p, 0) == 0)
				n++;
			else if (errno != ENOENT && !err)
				err = -errno;
		}
		contid_record_free(rec);
	}
out:
	if (d)
		closedir(d);
	free(rt);
	free(cid);
	return err ? err : n;
}
