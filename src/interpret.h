/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse -i: the parts of interpret.c in files of their own. */
#ifndef CONTIDCTL_INTERPRET_H
#define CONTIDCTL_INTERPRET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * interpret_sockaddr - a SOCKADDR record's saddr= (the socket address in
 * hex, @hex) as ausearch -i prints it: "{ saddr_fam=inet laddr=10.0.0.1
 * lport=80 }" (sockaddr.c).  Into @buf as snprintf: returns the whole
 * length, @size or more when it was cut.
 */
size_t interpret_sockaddr(const char *hex, char *buf, size_t size);

/* interpret_family_name - "inet" for AF_INET (auparse's famtab.h), or
 * NULL (sockaddr.c). */
const char *interpret_family_name(unsigned long long fam);

/*
 * interpret_arch_elf - the AUDIT_ARCH_* value of @v into *@elf: a name of
 * libaudit's machine table in any case (x86_64, i686, aarch64, armv7l,
 * ...) or, as audit_determine_machine() and an arch= field, the hex value
 * of one (c000003e).  false for neither (interpret.c).
 */
bool interpret_arch_elf(const char *v, uint32_t *elf);

#endif
