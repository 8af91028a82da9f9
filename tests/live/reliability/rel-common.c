// SPDX-License-Identifier: LGPL-2.1-or-later
/* Helpers shared by the reliability live tests: see rel-common.h. */
#define _GNU_SOURCE
#include "rel-common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t g_state;
static char g_tty[64];
static int g_tty_known;

uint64_t rel_seed(void)
{
	const char *s = getenv("REL_SEED");
	struct timespec ts;

	if (s && *s) {
		char *end;
		unsigned long long v;

		errno = 0;
		v = strtoull(s, &end, 0);
		if (!errno && !*end)
			return v;
		fprintf(stderr, "REL_SEED=%s is not a number, using the clock\n", s);
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000000007ULL) ^ (uint64_t)ts.tv_nsec ^
	       ((uint64_t)getpid() << 40);
}

void rel_start(const char *prog)
{
	uint64_t seed = rel_seed();

	rel_srand(seed);
	printf("%s: seed=%llu (REL_SEED=%llu replays the run), %s kernel\n", prog,
	       (unsigned long long)seed, (unsigned long long)seed,
	       rel_debug_kernel() ? "debug" : "normal");
	fflush(stdout);
}

void rel_srand(uint64_t seed)
{
	g_state = seed;
}

uint64_t rel_rand(void)
{
	uint64_t z = (g_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t rel_below(uint64_t n)
{
	return n ? rel_rand() % n : 0;
}

int rel_chance(unsigned int percent)
{
	return rel_below(100) < percent;
}

int rel_debug_kernel(void)
{
	return access("/sys/kernel/debug/kmemleak", F_OK) == 0;
}

long rel_iters(long dflt)
{
	const char *s = getenv("REL_ITERS");
	long v;

	if (!s || !*s)
		return dflt;
	v = strtol(s, NULL, 10);
	return v > 0 ? v : dflt;
}

long rel_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

void rel_sleep_us(long us)
{
	struct timespec ts = { us / 1000000L, (us % 1000000L) * 1000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

void rel_spin_us(long us)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000 < us);
}

static unsigned long read_ulong_file(const char *path)
{
	char buf[32] = { 0 };
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 4294967295UL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 4294967295UL;
	return strtoul(buf, NULL, 10);
}

void rel_set_record_by(char *buf, size_t cap, pid_t setter, pid_t opid,
		       uint64_t old, uint64_t contid, int res)
{
	/* The setter's loginuid and session are the test process's own. */
	unsigned long auid = read_ulong_file("/proc/self/loginuid");
	unsigned long ses = read_ulong_file("/proc/self/sessionid");

	snprintf(buf, cap,
		 "op=set pid=%d uid=%u auid=%lu tty=%s ses=%lu opid=%d old-contid=%llu contid=%llu res=%d",
		 (int)setter, (unsigned int)getuid(), auid, g_tty_known ? g_tty : "?", ses,
		 (int)opid, (unsigned long long)old, (unsigned long long)contid, res);
}

void rel_set_record(char *buf, size_t cap, pid_t opid, uint64_t old,
		    uint64_t contid, int res)
{
	rel_set_record_by(buf, cap, getpid(), opid, old, contid, res);
}

void rel_learn_tty(void)
{
	int rel;
	pid_t c;
	long i;
	char opid[24];

	c = spawn_held(NULL, NULL, &rel);
	if (c < 0) {
		perror("fork");
		exit(2);
	}
	if (anl_sync() || anl_task_set(c, 1) || anl_sync()) {
		fprintf(stderr, "rel_learn_tty: cannot set an ID on a child\n");
		exit(2);
	}
	snprintf(opid, sizeof(opid), "%d", (int)c);
	for (i = anl_find(0, AUDIT_CONTAINER, NULL); i >= 0;
	     i = anl_find((size_t)i + 1, AUDIT_CONTAINER, NULL))
		if (rec_has(anl_rec((size_t)i), "opid", opid))
			break;
	if (i < 0 || !rec_field(anl_rec((size_t)i), "tty", g_tty, sizeof(g_tty))) {
		fprintf(stderr, "rel_learn_tty: no AUDIT_CONTAINER record for %d\n", (int)c);
		exit(2);
	}
	g_tty_known = 1;
	release_child(rel);
	reap(c);
	anl_forget();
}

void rel_dump_records(void)
{
	for (size_t k = 0; k < anl_count(); k++)
		fprintf(stderr, "  record %d: %s\n", anl_rec(k)->type, anl_rec(k)->text);
}

size_t rel_count_type(int type)
{
	size_t n = 0;

	for (size_t k = 0; k < anl_count(); k++)
		if (!type || anl_rec(k)->type == type)
			n++;
	return n;
}
