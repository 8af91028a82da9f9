// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Make interpret-args.txt: libauparse's interpretation of each a0..a3 of
 * interpret-args.log, one "SERIAL aN=VALUE" line each, as
 * auparse_interpret_field() gives it (AUPARSE_ESC_RAW).  Never written by
 * contidctl: tests/cli/parse.sh compares contidctl parse -i with it.
 *
 *   gcc -o /tmp/ia tests/data/interpret-args-golden.c -lauparse -laudit
 *   /tmp/ia tests/data/interpret-args.log > tests/data/interpret-args.txt
 *
 * Made with Debian 12's libauparse0 1:3.0.9-1 (libauparse-dev), Debian's
 * /etc/protocols (netbase) and a passwd where uid 0 is root.
 */
#include <auparse.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	auparse_state_t *au;

	if (argc != 2) {
		fprintf(stderr, "usage: %s LOG\n", argv[0]);
		return 2;
	}
	au = auparse_init(AUSOURCE_FILE, argv[1]);
	if (!au)
		return 1;
	auparse_set_escape_mode(au, AUPARSE_ESC_RAW);
	while (auparse_next_event(au) > 0) {
		do {
			if (auparse_first_field(au) <= 0)
				continue;
			do {
				const char *n = auparse_get_field_name(au);
				const char *v;

				if (!n || n[0] != 'a' || n[1] < '0' || n[1] > '3' || n[2])
					continue;
				v = auparse_interpret_field(au);
				printf("%lu %s=%s\n", auparse_get_serial(au), n, v ? v : "(null)");
			} while (auparse_next_field(au) > 0);
		} while (auparse_next_record(au) > 0);
	}
	auparse_destroy(au);
	return 0;
}
