// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_auconf: what `contidctl parse` reads besides the log: auditd.conf
 * (for log_file) and ausearch's -ts/-te date and time arguments
 * (src/ausearch.c, through its parse functions: no file, no clock, no
 * exit).
 *
 * Byte 0 chooses the entry point:
 *   bits 0-1 0: auditd.conf text (search_conf_log_file), the rest of the
 *         input in a malloc'd copy of its exact size, not NUL-terminated;
 *   bits 0-1 2: a --checkpoint file (ckpt_parse of src/checkpoint.c), the
 *         rest likewise;
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
 * when it starts with a digit; a refusal has a message.  A checkpoint
 * that parses is written as ausearch writes it, and that text parses into
 * the same checkpoint and is written the same again; its event is found
 * in a log by ckpt_decide(), and an event more than 2 s newer first is
 * "lost"; a refused one's message is one line of printable ASCII.
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
#include "checkpoint.h"

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

static bool same_event(const struct ckpt_event *a, const struct ckpt_event *b)
{
	if (!a->node != !b->node || (a->node && strcmp(a->node, b->node)))
		return false;
	return a->sec == b->sec && a->msec == b->msec && a->serial == b->serial &&
	       a->type == b->type;
}

static void checkpoint(const uint8_t *data, size_t size)
{
	char *copy = malloc(size ? size : 1), *text, *text2, msg[256];
	struct ckpt c, c2;
	struct ckpt_run run = { .in = &c };
	struct ckpt_event newer;
	size_t i;

	if (!copy)
		return;
	memcpy(copy, data, size);
	msg[0] = '\0';
	if (ckpt_parse(copy, size, &c, msg, sizeof(msg)) < 0) {
		if (!msg[0] || c.ev.node || c.dev || c.ino)
			abort();
		for (i = 0; msg[i]; i++)
			if (msg[i] < 0x20 || msg[i] > 0x7e)
				abort();
		free(copy);
		return;
	}
	if (!c.dev || !c.ino || c.ev.msec > 999)
		abort();
	text = ckpt_format(&c);
	if (!text)
		abort();
	if (ckpt_parse(text, strlen(text), &c2, msg, sizeof(msg)) < 0 ||
	    c2.dev != c.dev || c2.ino != c.ino || !same_event(&c.ev, &c2.ev))
		abort();
	text2 = ckpt_format(&c2);
	if (!text2 || strcmp(text, text2))
		abort();
	/* its event is found (none: every event is new) */
	if (ckpt_decide(&run, &c.ev) != (c.ev.sec ? CKPT_FOUND : CKPT_NEW) ||
	    ckpt_decide(&run, &c.ev) != CKPT_NEW)
		abort();
	/* one more than 2 s newer, first: lost */
	newer = c.ev;
	newer.sec += 3;
	run.started = false;
	if (c.ev.sec && newer.sec > c.ev.sec && ckpt_decide(&run, &newer) != CKPT_LOST)
		abort();
	free(text2);
	free(text);
	ckpt_free(&c2);
	ckpt_free(&c);
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
	else if (data[0] & 2)
		checkpoint(data + 1, size - 1);
	else
		conf(data + 1, size - 1);
	return 0;
}
