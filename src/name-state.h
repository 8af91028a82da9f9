/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The name files (docs/oci-hook.md, "Names in contidctl ps"): the runtime
 * wrapper and the hook write the mapping record's text to DIR/<decimal
 * ID> as well, and ps reads it.  DIR is /run/contid, or $CONTID_NAME_DIR
 * (the host tests).  Nothing is written where DIR does not exist: the
 * admin creates it (the example oci/contid-tmpfiles.conf), which is what
 * enables the files.  The wrapper's delete removes its container's files
 * once the real runtime's delete succeeded (src/cmd-runtime.c).
 */
#ifndef CONTIDCTL_NAME_STATE_H
#define CONTIDCTL_NAME_STATE_H

#include <stdint.h>

#define NAME_STATE_DIR "/run/contid"

/*
 * name_state_write - @text (a mapping record's, oci_mapping_text()) as the
 * file of @id: written to a temporary file in DIR, mode 0644, and renamed
 * into place.  Returns 0, 1 when DIR does not exist (nothing written), or
 * a negative errno.
 */
int name_state_write(uint64_t id, const char *text);

/*
 * name_state_load - the file of @id, when it is a regular file of root's
 * or of this user's, not writable by group or others, of at most
 * OCI_MAPPING_TEXT_MAX bytes (the longest text and its newline), whose contid= is @id, kept with
 * contid_names_learn_record(); anything else is ignored.
 */
void name_state_load(uint64_t id);

/*
 * name_state_remove - remove the files written for container @id of the
 * runtime @runtime: each believed file (as name_state_load() believes one)
 * whose runtime= and id= are @runtime's and @id's as oci_mapping_text()
 * writes them.  Files of the hook (runtime=?) and of other runtimes stay.
 * Returns the number removed (0 also when DIR does not exist), or the
 * first negative errno (the other files are still tried).
 */
int name_state_remove(const char *runtime, const char *id);

#endif
