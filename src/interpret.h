/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl parse -i: the parts of interpret.c in files of their own. */
#ifndef CONTIDCTL_INTERPRET_H
#define CONTIDCTL_INTERPRET_H

#include <stddef.h>

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

/* interpret_hexval - the value of hex digit @c, or -1 (interpret.c). */
int interpret_hexval(char c);

#endif
