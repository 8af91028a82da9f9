/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the reliability live tests (tests/live/reliability):
 * a seeded PRNG, the kernel variant, timing, and the exact text of the
 * AUDIT_CONTAINER record of a set attempt.  On top of
 * tests/live/kernel/auditnl.h, the kernel tests' own netlink client.
 */
#ifndef CONTID_LIVE_REL_COMMON_H
#define CONTID_LIVE_REL_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "auditnl.h"

#define UNSET_STR "18446744073709551615"

/*
 * The seed: REL_SEED from the environment (decimal or 0x hex; a kernel
 * command line word REL_SEED=N reaches init's environment), else the
 * clock.  Printed by the caller so a failing run can be replayed.
 */
uint64_t rel_seed(void);
/* rel_seed(), seed the PRNG with it, and print it as "PROG: seed=N". */
void rel_start(const char *prog);
void rel_srand(uint64_t seed);
uint64_t rel_rand(void);		/* splitmix64 */
uint64_t rel_below(uint64_t n);		/* uniform in [0, n), n > 0 */
int rel_chance(unsigned int percent);	/* true with that probability */

/* The debug kernel config (KASAN, kmemleak, lockdep) is running. */
int rel_debug_kernel(void);
/* REL_ITERS from the environment if set (> 0), else dflt. */
long rel_iters(long dflt);

long rel_now_ms(void);
void rel_sleep_us(long us);
void rel_spin_us(long us);

/*
 * The exact text of the AUDIT_CONTAINER record the test process logs when
 * it tries to set contid on opid that had old: every field fixed by
 * docs/interfaces.md, the process's own uid/auid/ses/tty.
 * rel_learn_tty() must have run (it sets an ID on a throwaway child to
 * learn the tty field).
 */
void rel_learn_tty(void);
void rel_set_record(char *buf, size_t cap, pid_t opid, uint64_t old,
		    uint64_t contid, int res);
/* Same for any setter pid (a child setting on the test's behalf). */
void rel_set_record_by(char *buf, size_t cap, pid_t setter, pid_t opid,
		       uint64_t old, uint64_t contid, int res);

/* Print every stored record (on a failure, before fail_msg). */
void rel_dump_records(void);

/* Count stored records of type (0: any). */
size_t rel_count_type(int type);


#endif
