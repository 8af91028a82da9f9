/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse -i and ps: which container an ID is, from the mapping
 * records (VIRT_MACHINE_ID, virt=oci; docs/oci-hook.md, "The mapping
 * record") read so far: parse -i's log, ps's name files (name-state.h).  The table holds at most CONTID_NAMES_MAX IDs (a hostile log may
 * carry millions of mapping records): a mapping of a further ID is not
 * kept, and that is said once on stderr.  A later mapping of a known ID
 * replaces the earlier one (an ID set again names the container now
 * holding it).
 */
#ifndef CONTIDCTL_CONTID_NAMES_H
#define CONTIDCTL_CONTID_NAMES_H

#include <stdint.h>

#include <libcontid/contid.h>

#define CONTID_NAMES_MAX 4096

/* Keep the mappings of @ev's records of type VIRT_MACHINE_ID, virt=oci
 * (contid_names_learn_record()). */
void contid_names_learn(const struct contid_event *ev);

/* The mapping of @rec when it is one (ps: a name file, name-state.h). */
void contid_names_learn_record(const struct contid_record *rec);

/*
 * Text only: "(NAME)" after the ID @id where a mapping of it was kept,
 * "(NAME,namespace=NS,pod=POD,container=C)" when it names Kubernetes'
 * (each present only when known).  NAME is vm= when known, else id=.
 * Every value goes through print_log_bytes(PRINT_ESC_NAME): nothing in a
 * name can close the parentheses or forge another part.  Returns the
 * number of bytes printed (0: none).
 */
size_t contid_names_print(uint64_t id);

/* contid_names_print() for a field's value @v when it is one ID in
 * decimal (contid=, old-contid=). */
void contid_names_print_value(const char *v);

/* Forget every mapping (the tests). */
void contid_names_reset(void);

#endif
