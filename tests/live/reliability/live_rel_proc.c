// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * live_rel_proc: hostile writes to /proc/PID/containerid and
 * /proc/PID/task/TID/containerid, checked against a model of the rule in
 * docs/interfaces.md ("what a write must look like").
 *
 * Each write is drawn from one of several generators: random bytes of
 * length 0 to 8192, short strings over digits, signs, blanks, NULs and
 * newlines, valid decimals (zero-padded up to and past 4096 bytes, with or
 * without a newline), values around U64_MAX, valid decimals with one
 * hostile byte inserted, writes at non-zero offsets (pwrite and lseek),
 * a value written in pieces, and a buffer that runs into an unmapped page.
 * A target takes several writes in a row, so refusals are also tried after
 * a successful set.
 *
 * For every write, the model gives the errno (or success, with the whole
 * count returned), the ID the target then holds, and the AUDIT_CONTAINER
 * record, if any, field by field.  The test checks all three, and the file
 * position too (the file never advances it).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "auditnl.h"
#include "rel-common.h"

#define MAXW 8192

enum gen {
	G_RANDOM, G_ALPHABET, G_DECIMAL, G_NEAR_MAX, G_MUTATED, G_OFFSET,
	G_PIECES, G_FAULT, G_NR
};

static const char *const gen_name[G_NR] = {
	"random bytes", "short hostile strings", "valid decimals",
	"around U64_MAX", "one byte inserted", "non-zero offset",
	"in pieces", "unmapped buffer",
};

/* Outcomes counted per generator, printed at the end. */
enum out { O_OK, O_EINVAL, O_EINVAL_REC, O_EEXIST, O_EFAULT, O_NR };

static const char *const out_name[O_NR] = {
	"set", "EINVAL", "EINVAL+record", "EEXIST", "EFAULT",
};

static long g_count[G_NR][O_NR];
static long g_writes, g_targets;
static uint64_t g_next = 1;		/* distinct valid IDs */
static unsigned char *g_fault_page;	/* a page followed by PROT_NONE */
static long g_page;

/* What the kernel must do with one write. */
struct expect {
	int err;		/* 0 or a positive errno */
	int record;		/* -1 none, else res= of the AUDIT_CONTAINER record */
	uint64_t value;		/* the value in the record */
};

/*
 * The model: digits only with at most one trailing newline, 1 to 4095
 * bytes, at offset 0, value <= U64_MAX.  Parse errors are EINVAL with no
 * record.  The unset value is EINVAL with a res=0 record; a second set is
 * EEXIST with a res=0 record (checked in that order).
 */
static struct expect model(const unsigned char *b, size_t n, off_t off, uint64_t cur)
{
	struct expect e = { EINVAL, -1, 0 };
	uint64_t v = 0;
	size_t digits = n;

	if (off != 0 || n == 0 || n >= 4096)
		return e;
	if (b[n - 1] == '\n')
		digits--;
	if (digits == 0)
		return e;
	for (size_t i = 0; i < digits; i++) {
		unsigned int d;

		if (b[i] < '0' || b[i] > '9')
			return e;
		d = (unsigned int)(b[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return e;
		v = v * 10 + d;
	}
	e.value = v;
	e.record = 0;
	if (v == CID_UNSET)
		return e;
	if (cur != CID_UNSET) {
		e.err = EEXIST;
		return e;
	}
	e.err = 0;
	e.record = 1;
	return e;
}

static size_t put_decimal(unsigned char *b, uint64_t v)
{
	return (size_t)sprintf((char *)b, "%llu", (unsigned long long)v);
}

/* A fresh valid ID, with a random magnitude so short and long ones occur. */
static uint64_t fresh_id(void)
{
	uint64_t v = g_next++;

	switch (rel_below(4)) {
	case 0:
		return v;
	case 1:
		return v * 1000003ULL;
	case 2:
		return 0x8000000000000000ULL + v;
	default:
		return CID_UNSET - 1 - v;
	}
}

/* Zero padding in front, and maybe a newline: length up to 4100. */
static size_t put_padded(unsigned char *b, uint64_t v)
{
	unsigned char num[32];
	size_t len = put_decimal(num, v), pad = 0, n;

	if (rel_chance(30))
		pad = (size_t)rel_below(4100 - len);
	else if (rel_chance(20))
		pad = 4094 - len + rel_below(3);	/* around the limit */
	memset(b, '0', pad);
	memcpy(b + pad, num, len);
	n = pad + len;
	if (rel_chance(50))
		b[n++] = '\n';
	return n;
}

/* U64_MAX - 2 .. U64_MAX + 2 and 10 * U64_MAX, as decimal strings. */
static size_t put_near_max(unsigned char *b)
{
	static const char *const s[] = {
		"18446744073709551613", "18446744073709551614",
		"18446744073709551615", "18446744073709551616",
		"18446744073709551617", "184467440737095516150",
		"99999999999999999999", "18446744083709551615",
		"28446744073709551615", "0018446744073709551615",
	};
	const char *pick = s[rel_below(sizeof(s) / sizeof(s[0]))];
	size_t n = strlen(pick);

	memcpy(b, pick, n);
	if (rel_chance(40))
		b[n++] = '\n';
	return n;
}

static size_t put_alphabet(unsigned char *b)
{
	static const char alpha[] = "0123456789\n\n +-\t\0xX.,e_";
	size_t n = (size_t)rel_below(31);

	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)alpha[rel_below(sizeof(alpha) - 1)];
	return n;
}

static size_t put_mutated(unsigned char *b)
{
	static const char bad[] = "+- \t\0a\n.x\r\v\f\xff";
	size_t n = put_decimal(b, fresh_id()), at = (size_t)rel_below(n + 1);

	if (rel_chance(30))
		b[n++] = '\n';
	memmove(b + at + 1, b + at, n - at);
	b[at] = (unsigned char)bad[rel_below(sizeof(bad) - 1)];
	return n + 1;
}

static int open_target(pid_t t, int task_path)
{
	int fd = anl_task_open(t, task_path ? t : 0, O_RDWR);

	if (fd < 0)
		fail_msg("open the containerid file of %d (task path %d): %s", (int)t,
			 task_path, strerror(-fd));
	return fd;
}

static void show(const unsigned char *b, size_t n, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 5 < cap; i++) {
		if (b[i] >= 0x21 && b[i] < 0x7f && b[i] != '\\')
			out[o++] = (char)b[i];
		else
			o += (size_t)snprintf(out + o, cap - o, "\\x%02x", b[i]);
	}
	if (n && o + 5 >= cap && o + 4 < cap)
		o += (size_t)snprintf(out + o, cap - o, "...");
	out[o] = '\0';
}

/*
 * One write and its checks.  readable < n: the buffer runs into an
 * unmapped page after that many bytes, so only EFAULT (or a refusal that
 * comes before the copy) may result.
 */
static void one_write(enum gen g, pid_t t, int fd, const unsigned char *b,
		      size_t n, size_t readable, off_t off, int use_pwrite,
		      uint64_t *cur)
{
	struct expect e;
	char shown[200], want[256];
	off_t pos;
	ssize_t r;
	int err;
	enum out o;
	uint64_t id;

	if (!use_pwrite && off) {
		assert_int_equal(lseek(fd, off, SEEK_SET), off);
	}
	pos = use_pwrite ? off : lseek(fd, 0, SEEK_CUR);
	assert_true(pos >= 0);
	if (readable < n) {
		/*
		 * The copy from user space fails before the value is parsed
		 * (and the model must not read the unmapped bytes either).
		 */
		e = model((const unsigned char *)"", 0, pos, *cur);
		if (pos == 0 && n > 0 && n < 4096)
			e.err = EFAULT;
	} else {
		e = model(b, n, pos, *cur);
	}
	r = use_pwrite ? pwrite(fd, b, n, off) : write(fd, b, n);
	err = r < 0 ? errno : 0;
	show(b, readable < 64 ? readable : 64, shown, sizeof(shown));
	g_writes++;
	if (err != e.err || (!err && r != (ssize_t)n))
		fail_msg("%s: write of %zu bytes at %lld (\"%s\") gave %zd (%s), want %s",
			 gen_name[g], n, (long long)pos, shown, r, err ? strerror(err) : "ok",
			 e.err ? strerror(e.err) : "the whole count");
	/* The position does not move, refused or not. */
	if (!use_pwrite)
		assert_int_equal(lseek(fd, 0, SEEK_CUR), pos);
	if (!err)
		*cur = e.value;
	assert_int_equal(anl_task_read(t, 0, &id), 0);
	if (id != *cur)
		fail_msg("%s: after \"%s\" (%s) the target holds %llu, want %llu",
			 gen_name[g], shown, err ? strerror(err) : "ok",
			 (unsigned long long)id, (unsigned long long)*cur);
	/* The records: none for a parse error or a fault, else exactly one. */
	assert_int_equal(anl_sync(), 0);
	if (e.record < 0) {
		if (rel_count_type(AUDIT_CONTAINER)) {
			rel_dump_records();
			fail_msg("%s: refused write \"%s\" logged a record", gen_name[g], shown);
		}
	} else {
		long i = anl_find(0, AUDIT_CONTAINER, NULL);

		rel_set_record(want, sizeof(want), t, e.err ? *cur : CID_UNSET, e.value,
			       e.record);
		if (rel_count_type(AUDIT_CONTAINER) != 1 || i < 0 ||
		    strcmp(anl_rec((size_t)i)->text, want) != 0) {
			rel_dump_records();
			fail_msg("%s: write \"%s\": want exactly the record %s", gen_name[g],
				 shown, want);
		}
	}
	anl_forget();
	switch (err) {
	case 0:
		o = O_OK;
		break;
	case EINVAL:
		o = e.record < 0 ? O_EINVAL : O_EINVAL_REC;
		break;
	case EEXIST:
		o = O_EEXIST;
		break;
	default:
		o = O_EFAULT;
		break;
	}
	g_count[g][o]++;
}

static void one_target(long budget)
{
	static unsigned char b[MAXW + 64];
	uint64_t cur = CID_UNSET;
	int rel, task_path = rel_chance(30), fd;
	pid_t t = spawn_held(NULL, NULL, &rel);
	long writes = 1 + (long)rel_below(8);

	assert_true(t > 0);
	g_targets++;
	fd = open_target(t, task_path);
	if (writes > budget)
		writes = budget;
	for (long w = 0; w < writes; w++) {
		enum gen g = (enum gen)rel_below(G_NR);
		size_t n = 0;
		off_t off = 0;
		int use_pwrite = 0;

		switch (g) {
		case G_RANDOM:
			n = (size_t)(rel_chance(10) ? 4096 + rel_below(MAXW - 4096 + 1)
						    : rel_below(4097));
			for (size_t i = 0; i < n; i++)
				b[i] = (unsigned char)rel_rand();
			/* Now and then make it all digits: the valid case. */
			if (n && rel_chance(10))
				for (size_t i = 0; i < n; i++)
					b[i] = (unsigned char)('0' + b[i] % 10);
			break;
		case G_ALPHABET:
			n = put_alphabet(b);
			break;
		case G_DECIMAL:
			n = put_padded(b, fresh_id());
			break;
		case G_NEAR_MAX:
			n = put_near_max(b);
			break;
		case G_MUTATED:
			n = put_mutated(b);
			break;
		case G_OFFSET:
			n = put_decimal(b, fresh_id());
			off = 1 + (off_t)rel_below(rel_chance(50) ? 16 : MAXW);
			use_pwrite = rel_chance(50);
			break;
		case G_PIECES: {
			/* A valid value in two writes: each is judged alone. */
			size_t all = put_padded(b, fresh_id()), cut = (size_t)rel_below(all + 1);

			one_write(g, t, fd, b, cut, cut, 0, 0, &cur);
			memmove(b, b + cut, all - cut);
			n = all - cut;
			w++;
			break;
		}
		case G_FAULT: {
			/* The value's last bytes lie past the readable page. */
			unsigned char num[32];
			size_t len = put_decimal(num, fresh_id());
			size_t over = 1 + (size_t)rel_below(len);
			unsigned char *p = g_fault_page + g_page - (len - over);

			memcpy(p, num, len - over);
			one_write(g, t, fd, p, len, len - over, 0, 0, &cur);
			continue;
		}
		default:
			fail();
		}
		one_write(g, t, fd, b, n, n, off, use_pwrite, &cur);
	}
	close(fd);
	release_child(rel);
	assert_int_equal(reap(t), 0);
}

static void test_hostile_writes(void **state)
{
	long total = rel_iters(rel_debug_kernel() ? 1500 : 5000);

	(void)state;
	while (g_writes < total)
		one_target(total - g_writes);
	print_message("proc: %ld writes on %ld targets\n", g_writes, g_targets);
	for (int g = 0; g < G_NR; g++) {
		char line[256];
		int o = 0;

		for (int k = 0; k < O_NR; k++)
			o += snprintf(line + o, sizeof(line) - (size_t)o, " %s %ld%s",
				      out_name[k], g_count[g][k], k + 1 < O_NR ? "," : "");
		print_message("proc %-22s%s\n", gen_name[g], line);
	}
	/* Each generator met the outcomes it exists for. */
	assert_true(g_count[G_DECIMAL][O_OK] > 0);
	assert_true(g_count[G_DECIMAL][O_EINVAL] > 0);	/* 4096+ bytes */
	assert_true(g_count[G_DECIMAL][O_EEXIST] > 0);
	assert_true(g_count[G_NEAR_MAX][O_EINVAL_REC] > 0);
	assert_true(g_count[G_NEAR_MAX][O_EINVAL] > 0);
	assert_true(g_count[G_RANDOM][O_EINVAL] > 0);
	assert_true(g_count[G_MUTATED][O_EINVAL] > 0);
	assert_true(g_count[G_OFFSET][O_EINVAL] > 0);
	assert_true(g_count[G_PIECES][O_OK] > 0);
	assert_true(g_count[G_FAULT][O_EFAULT] > 0);
}

static int setup_group(void **state)
{
	if (anl_group_setup(state))
		return -1;
	g_page = sysconf(_SC_PAGESIZE);
	g_fault_page = mmap(NULL, (size_t)g_page * 2, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g_fault_page == MAP_FAILED ||
	    mprotect(g_fault_page + g_page, (size_t)g_page, PROT_NONE))
		return -1;
	rel_learn_tty();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_hostile_writes, anl_test_setup),
	};

	rel_start("live_rel_proc");
	return cmocka_run_group_tests_name("live_rel_proc", tests, setup_group,
					   anl_group_teardown);
}
