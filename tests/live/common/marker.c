// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * contid-live-marker TEXT: send an AUDIT_USER message with TEXT and wait
 * for the kernel's ACK (livewait.h, lw_audit_user()).  The live suites'
 * scripts wait for the marker's record in a reader's output to know that
 * every record queued before it has been delivered, instead of sleeping.
 */
#include <stdio.h>
#include <string.h>

#include "livewait.h"

int main(int argc, char **argv)
{
	int rc;

	if (argc != 2 || !argv[1][0]) {
		fprintf(stderr, "usage: contid-live-marker TEXT\n");
		return 2;
	}
	rc = lw_audit_user(argv[1]);
	if (rc < 0) {
		fprintf(stderr, "contid-live-marker: %s: %s\n", argv[1], strerror(-rc));
		return 1;
	}
	return 0;
}
