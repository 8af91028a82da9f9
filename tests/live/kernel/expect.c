// SPDX-License-Identifier: LGPL-2.1-or-later
/* cmocka checks on the record store shared by the kernel suite's programs. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "auditnl.h"
#include "expect.h"

const struct rec *expect_set_record(pid_t setter, pid_t opid, const char *old,
				    const char *new, int res)
{
	const struct rec *r = NULL;
	char buf[24], fmt[REC_TEXT_MAX], tty[64];
	long i;

	assert_int_equal(anl_sync(), 0);
	snprintf(buf, sizeof(buf), "%d", (int)opid);
	for (i = anl_find(0, AUDIT_CONTAINER, NULL); i >= 0;
	     i = anl_find((size_t)i + 1, AUDIT_CONTAINER, NULL)) {
		r = anl_rec((size_t)i);
		if (rec_has(r, "opid", buf) && rec_has(r, "contid", new) &&
		    rec_has(r, "res", res ? "1" : "0"))
			break;
	}
	if (i < 0) {
		anl_dump();
		fail_msg("no AUDIT_CONTAINER record for opid=%d contid=%s res=%d",
			 (int)opid, new, res);
	}
	assert_non_null(rec_field(r, "tty", tty, sizeof(tty)));
	snprintf(fmt, sizeof(fmt),
		 "op=set pid=%d uid=0 auid=4294967295 tty=%s ses=4294967295 opid=%d old-contid=%s contid=%s res=%d",
		 (int)setter, tty, (int)opid, old, new, res);
	assert_string_equal(r->text, fmt);
	return r;
}
