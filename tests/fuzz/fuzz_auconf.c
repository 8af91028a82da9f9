// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_auconf: what `contidctl parse` reads besides the log: auditd.conf
 * (for log_file) and ausearch's -ts/-te date and time arguments
 * (src/ausearch.c, through its parse functions: no file, no clock, no
 * exit).
 *
 * Byte 0 chooses the entry point:
 *   even: auditd.conf text (search_conf_log_file), the rest of the input
 *         in a malloc'd copy of its exact size, not NUL-terminated;
 *   odd:  -ts (bit 1 clear) or -te ARG [NEXT] (search_parse_time): ARG
 *         is the input after byte 4 up to a NUL, NEXT (when bit 2 is
 *         set) what follows it, each its own exact-size C string; bytes
 *         1-3 move the clock (now from 2004 to 2057, in steps of 100 s),
 *         bit 3 says whether the boot time is known, bit 4 picks the
 *         time zone (UTC, or central Europe with its summer time).
 * Checked: a log_file value is non-empty, one line, without blanks at
 * its ends, and a piece of the input; a time parses the same twice; a
 * time word alone gives the time ausearch gives it (now, recent, boot,
 * today, yesterday, and -te today: now); at most NEXT is used, and only
 * when it starts with a digit; a refusal has a message.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "contidctl.h"
#include "ausearch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ausearch.c's search_set_time() exits through this; not called here. */
_Noreturn void usage_error(const char *cmd, const char *fmt, ...)
{
	(void)cmd;
	(void)fmt;
	abort();
}

static void conf(const uint8_t *data, size_t size)
{
	char *copy = malloc(size ? size : 1), *log;
	size_t n;

	if (!copy)
		return;
	memcpy(copy, data, size);
	log = search_conf_log_file(copy, size);
	if (log) {
		n = strlen(log);
		if (!n || strpbrk(log, "\r\n") || strchr(" \t", log[0]) ||
		    strchr(" \t", log[n - 1]) || !memmem(copy, size, log, n))
			abort();
		free(log);
	}
	free(copy);
}

static char *cstr(const uint8_t *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

/* @t is @want, or @slack away from it */
static bool near(time_t t, time_t want, time_t slack)
{
	return t == want || t == want - slack || t == want + slack;
}

static void times(const uint8_t *data, size_t size)
{
	static const char *const zones[] = { "UTC0", "CET-1CEST,M3.5.0,M10.5.0/3" };
	/* mktime() with tm_isdst -1 picks either time of the hour that
	 * repeats when summer time ends: an hour off, as in ausearch */
	time_t slack = data[0] >> 4 & 1 ? 3600 : 0;
	struct search_clock clk;
	const uint8_t *nul;
	char *arg, *next = NULL, msg[512], msg2[512];
	bool end = data[0] & 2;
	time_t t = 0, t2 = 0, day = 24 * 60 * 60;
	int used = -1, used2 = -1, rc, rc2;
	size_t alen;

	if (size < 4)
		return;
	setenv("TZ", zones[data[0] >> 4 & 1], 1);
	tzset();
	clk.now = (time_t)1072915200 +
		  (time_t)(data[1] | data[2] << 8 | data[3] << 16) * 100;
	clk.has_boot = data[0] & 8;
	clk.boot = clk.now - 12345;
	nul = memchr(data + 4, '\0', size - 4);
	alen = nul ? (size_t)(nul - (data + 4)) : size - 4;
	if (!(arg = cstr(data + 4, alen)))
		return;
	if (data[0] & 4 && nul && !(next = cstr(nul + 1, size - 4 - alen - 1))) {
		free(arg);
		return;
	}
	msg[0] = msg2[0] = '\0';
	rc = search_parse_time(end, arg, next, &clk, &t, &used, msg, sizeof(msg));
	rc2 = search_parse_time(end, arg, next, &clk, &t2, &used2, msg2, sizeof(msg2));
	if (rc != rc2 || strcmp(msg, msg2))
		abort();
	if (rc < 0) {
		/* (it quotes the arguments as given, newlines too: they
		 * are the caller's own, as in ausearch) */
		if (!msg[0])
			abort();
	} else {
		if (t != t2 || used != used2 || used < 0 || used > 1 ||
		    (used && !(next && isdigit((unsigned char)next[0]))))
			abort();
		if (!used) {
			/* a word alone, read as ausearch reads it */
			if ((!strcmp(arg, "now") || (end && !strcmp(arg, "today"))) &&
			    !near(t, clk.now, slack))
				abort();
			if (!strcmp(arg, "recent") && !near(t, clk.now - 600, slack))
				abort();
			if (!strcmp(arg, "boot") && !near(t, clk.boot, slack))
				abort();
			if (!end && !strcmp(arg, "today") && (t > clk.now || clk.now - t >= day + 3600))
				abort();
			if (!strcmp(arg, "yesterday") &&
			    (clk.now - t < day - 3600 || clk.now - t >= 2 * day + 3600))
				abort();
		}
	}
	free(next);
	free(arg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	if (data[0] & 1)
		times(data, size);
	else
		conf(data + 1, size - 1);
	return 0;
}
