/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl: option arguments more than one command takes. */
#include "config.h"

#include "contidctl.h"

void id_list_add(const char *cmd, struct id_list *l, const char *arg)
{
	if (l->n == ID_LIST_MAX)
		usage_error(cmd, "too many --contid (at most %d)", ID_LIST_MAX);
	l->id[l->n++] = parse_id(cmd, arg);
}
