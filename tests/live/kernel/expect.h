/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cmocka checks on auditnl's record store, shared by the kernel suite's
 * programs (live_kernel, live_perm).  auditnl.c itself stays a client
 * without assertions.
 */
#ifndef CONTID_LIVE_EXPECT_H
#define CONTID_LIVE_EXPECT_H

#include <sys/types.h>

#include "auditnl.h"

/*
 * Find the AUDIT_CONTAINER record of a set attempt on opid (its contid
 * new, its res) and check every field, in the order docs/interfaces.md
 * gives.
 * Everything the kernel queued before anl_sync() is in the store.
 */
const struct rec *expect_set_record(pid_t setter, pid_t opid, const char *old,
				    const char *new, int res);

#endif
