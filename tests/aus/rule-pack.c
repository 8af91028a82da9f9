/*
 * rule-pack: the patched libaudit's packing of rules with a contid field.
 *
 *  1. For a few representative rules (exit, user and io_uring lists, = and
 *     !=, the ID alone, after a string field and before the key, unset and
 *     the largest set ID, a syscall mask and "-S all"), the packed struct
 *     audit_rule_data equals bytes written by hand in this file from the
 *     uapi layout and docs/interfaces.md, not from either library.
 *  2. A second check, libaudit against libcontid: for every rule of the
 *     table both pack the same bytes, and both refuse the same rules.  The
 *     two were written to agree; only part 1 is independent of them.
 *
 * "What auditctl sends" is built with libaudit's calls in auditctl's order
 * by tests/unit/la-build.h, as for tests/unit/test_rules_golden.c.  Rules on the exclude list are left to the
 * live suite: libaudit asks the kernel for its feature bitmap there.
 *
 * Exit status 0 when every rule is as expected, 1 otherwise; one line per rule.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <libaudit.h>
#include <libcontid/contid.h>


#include "la-build.h"	/* tests/unit: libaudit's calls as auditctl's */

/* Build TEXT (auditctl words) with libaudit: 0, or -1 with WHY. */
static int la_text(const char *text, struct audit_rule_data **rp, size_t *lenp,
		   char *why, size_t wl)
{
	char *copy = strdup(text), *save = NULL, *w[64], *t;
	int n = 0, rc;

	for (t = strtok_r(copy, " ", &save); t && n < 64; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	rc = la_build(n, w, rp, why, wl);
	free(copy);
	if (rc == 0)
		*lenp = sizeof(**rp) + (*rp)->buflen;
	return rc;
}

/*
 * Part 1: the bytes written by hand.  For a few representative rules, the
 * struct audit_rule_data the patched libaudit packs must be exactly the
 * bytes below, written out from the uapi layout and docs/interfaces.md
 * (AUDIT_CONTAINERID is field 27; its value is 8 bytes in buf, the u64 in
 * host byte order, at its place among the string fields, in field order;
 * values[] holds the length 8), as tests/unit/test_rule.c does for
 * libcontid -- not from either library's output.
 *
 * The offsets OFF_* come from tests/unit/rule-layout.h.
 */
#include "rule-layout.h"
_Static_assert(sizeof(struct audit_rule_data) == OFF_BUF &&
	       offsetof(struct audit_rule_data, buflen) == OFF_BUFLEN &&
	       offsetof(struct audit_rule_data, fieldflags) == OFF_FFLAGS,
	       "struct audit_rule_data is not the uapi layout of rule-layout.h");

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the expected bytes below are written for a little-endian host"
#endif

#define EQ 0x40000000u	/* Audit_equal */
#define NE 0x30000000u	/* Audit_not_equal */
#define ALL (-1)	/* no -S: auditctl's "-S all", every mask word ~0 */

static const struct hand {
	const char *text;
	uint32_t flags, action;		/* list, action */
	int mask_word;			/* ALL, or the one word with bits */
	uint32_t mask_bits;
	unsigned int count;
	uint32_t fields[4], values[4], fflags[4];
	size_t buflen;
	const char *buf;		/* buflen bytes */
} hand[] = {
	/* exit = 4, always = 2; 123 = 0x7b, low byte first */
	{ "-a always,exit -F contid=123", 4, 2, ALL, 0,
	  1, { 27 }, { 8 }, { EQ },
	  8, "\x7b\0\0\0\0\0\0\0" },
	/* arch (11) = AUDIT_ARCH_X86_64; openat = 257: word 8, bit 1;
	 * the key (210) after the ID in buf */
	{ "-a always,exit -F arch=b64 -S openat -F contid!=7 -k k", 4, 2, 8, 1u << 1,
	  3, { 11, 27, 210 }, { 0xc000003e, 8, 1 }, { EQ, NE, EQ },
	  9, "\x07\0\0\0\0\0\0\0k" },
	/* dir (107) "/tmp" first in buf, the ID after it at offset 1044
	 * (unaligned), perm (106) w|a = 2|8, the key last */
	{ "-a always,exit -F dir=/tmp -F contid=18446744073709551614 -F perm=wa -k adlog",
	  4, 2, ALL, 0,
	  4, { 107, 27, 106, 210 }, { 4, 8, 10, 5 }, { EQ, EQ, EQ, EQ },
	  17, "/tmp\xfe\xff\xff\xff\xff\xff\xff\xff" "adlog" },
	/* never = 0; unset is all ones */
	{ "-a never,exit -F contid=unset", 4, 0, ALL, 0,
	  1, { 27 }, { 8 }, { EQ },
	  8, "\xff\xff\xff\xff\xff\xff\xff\xff" },
	/* the user list is 0; uid (1) = 0 has no bytes in buf */
	{ "-a never,user -F contid!=123 -F uid=0", 0, 0, ALL, 0,
	  2, { 27, 1 }, { 8, 0 }, { NE, EQ },
	  8, "\x7b\0\0\0\0\0\0\0" },
	/* the io_uring list is 7 (AUDIT_FILTER_URING_EXIT) */
	{ "-a always,io_uring -F contid=9", 7, 2, ALL, 0,
	  1, { 27 }, { 8 }, { EQ },
	  8, "\x09\0\0\0\0\0\0\0" },
};

static void put32(unsigned char *b, size_t off, uint32_t v)
{
	b[off] = v & 0xff;
	b[off + 1] = (v >> 8) & 0xff;
	b[off + 2] = (v >> 16) & 0xff;
	b[off + 3] = v >> 24;
}

/* The expected bytes of H in a new buffer of *LEN bytes. */
static unsigned char *hand_bytes(const struct hand *h, size_t *len)
{
	unsigned char *b;
	unsigned int i;

	*len = OFF_BUF + h->buflen;
	b = calloc(1, *len);
	if (!b)
		abort();
	put32(b, OFF_FLAGS, h->flags);
	put32(b, OFF_ACTION, h->action);
	put32(b, OFF_COUNT, h->count);
	for (i = 0; i < 64; i++)
		if (h->mask_word == ALL)
			put32(b, OFF_MASK + 4 * i, 0xffffffffu);
	if (h->mask_word != ALL)
		put32(b, OFF_MASK + 4 * h->mask_word, h->mask_bits);
	for (i = 0; i < h->count; i++) {
		put32(b, OFF_FIELDS + 4 * i, h->fields[i]);
		put32(b, OFF_VALUES + 4 * i, h->values[i]);
		put32(b, OFF_FFLAGS + 4 * i, h->fflags[i]);
	}
	put32(b, OFF_BUFLEN, h->buflen);
	memcpy(b + OFF_BUF, h->buf, h->buflen);
	return b;
}

/* Where GOT differs from EXP, named by the struct's members. */
static void bytediff(const unsigned char *got, size_t gl,
		     const unsigned char *exp, size_t el)
{
	static const struct { size_t off; const char *name; int array; } m[] = {
		{ OFF_FLAGS, "flags", 0 }, { OFF_ACTION, "action", 0 },
		{ OFF_COUNT, "field_count", 0 }, { OFF_MASK, "mask", 1 },
		{ OFF_FIELDS, "fields", 1 }, { OFF_VALUES, "values", 1 },
		{ OFF_FFLAGS, "fieldflags", 1 }, { OFF_BUFLEN, "buflen", 0 },
		{ OFF_BUF, "buf", 2 },
	};
	size_t i, n = gl < el ? gl : el;
	unsigned int shown = 0, k;

	if (gl != el)
		printf("    length %zu, expected %zu\n", gl, el);
	for (i = 0; i < n && shown < 8; i++) {
		if (got[i] == exp[i])
			continue;
		for (k = 0; k + 1 < sizeof(m) / sizeof(m[0]) && i >= m[k + 1].off; k++)
			;
		printf("    byte %zu, %s", i, m[k].name);
		if (m[k].array == 1)
			printf("[%zu]", (i - m[k].off) / 4);
		else if (m[k].array == 2)
			printf("[%zu]", i - m[k].off);
		printf(": 0x%02x, expected 0x%02x\n", got[i], exp[i]);
		shown++;
	}
}

/* Part 1: 0 when every hand-written rule packs to its bytes. */
static unsigned int check_hand(void)
{
	unsigned int i, fails = 0;

	for (i = 0; i < sizeof(hand) / sizeof(hand[0]); i++) {
		struct audit_rule_data *la = NULL;
		unsigned char *exp;
		size_t lal = 0, el;
		char why[256] = "";

		exp = hand_bytes(&hand[i], &el);
		if (la_text(hand[i].text, &la, &lal, why, sizeof(why))) {
			printf("FAIL %s: libaudit: %s, expected %zu bytes\n",
			       hand[i].text, why, el);
			fails++;
		} else if (lal != el || memcmp(la, exp, el)) {
			printf("FAIL %s: not the bytes written by hand\n", hand[i].text);
			bytediff((const unsigned char *)la, lal, exp, el);
			fails++;
		} else {
			printf("bytes %s (%zu bytes as written by hand)\n",
			       hand[i].text, lal);
		}
		free(la);
		free(exp);
	}
	return fails;
}

/*
 * Part 2, the rules against libcontid: with ok 1 both must pack the same bytes, with 0 both must
 * refuse.  With 2, the io_uring list: docs/interfaces.md allows the field
 * there and the patched libaudit packs it; libcontid packs the same bytes
 * where the tree's kernel series takes it there (AUS_CONTID_URING=1, set
 * by host.sh from kernel/patches/), and refuses it with CONTID_E_BADLIST
 * where the series refuses it (before V3).
 */
static const struct {
	const char *text;
	int ok;
} rules[] = {
	{ "-a always,exit -F arch=b64 -S openat -F contid=7 -k k", 1 },
	{ "-a always,exit -F arch=b64 -S openat,open -F contid!=7", 1 },
	{ "-a exit,always -F contid=700001", 1 },
	{ "-a always,exit -F arch=b32 -S open -F contid=7 -k k", 1 },
	{ "-a always,exit -F contid=18446744073709551614 -F dir=/tmp -F perm=wa -k adlog", 1 },
	{ "-a always,exit -F dir=/tmp -F contid=5 -F perm=wa -k adlog", 1 },
	{ "-a always,exit -F dir=/tmp -F perm=wa -F contid=5 -k a -k b", 1 },
	{ "-a always,exit -S all -F contid=1 -F contid!=2 -F uid=0", 1 },
	{ "-a always,exit -F path=/etc/shadow -F contid=0 -F key=shadow", 1 },
	{ "-a never,exit -F contid=unset", 1 },
	{ "-a always,exit -F contid=18446744073709551615", 1 },
	{ "-a always,user -F contid=123", 1 },
	{ "-a never,user -F contid!=123 -F uid=0", 1 },
	{ "-a always,io_uring -F contid=9", 2 },
	{ "-a always,io_uring -S 18 -F contid!=9", 2 },
	{ "-a always,exit -F contid>=5", 0 },
	{ "-a always,exit -F contid<5", 0 },
	{ "-a always,exit -F contid&5", 0 },
	{ "-a always,exit -F contid=abc", 0 },
	{ "-a always,exit -F contid=-1", 0 },
	{ "-a always,exit -F contid=7x", 0 },
	{ "-a always,exit -F contid=18446744073709551616", 0 },
	{ "-a always,task -F contid=7", 0 },
};

static void hexdiff(const unsigned char *a, size_t al, const unsigned char *b,
		    size_t bl)
{
	size_t i, n = al < bl ? al : bl;

	for (i = 0; i < n && a[i] == b[i]; i++)
		;
	printf("    length %zu (libaudit) vs %zu (libcontid), first difference at offset %zu\n",
	       al, bl, i);
}

int main(void)
{
	unsigned int i, fails = 0, hfails, same = 0, refused = 0;
	const char *u = getenv("AUS_CONTID_URING");
	int uring = u && !strcmp(u, "1");

	hfails = check_hand();
	printf("rule-pack: %u of %zu rules not the bytes written by hand\n", hfails,
	       sizeof(hand) / sizeof(hand[0]));

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		struct audit_rule_data *la = NULL;
		struct contid_rule *cr = NULL;
		void *cb = NULL;
		size_t lal = 0, cbl = 0;
		char why[256] = "";
		/* 2: the io_uring rows, the same bytes where the series takes them */
		int want = rules[i].ok == 2 && uring ? 1 : rules[i].ok, lrc, crc;

		lrc = la_text(rules[i].text, &la, &lal, why, sizeof(why));
		crc = contid_rule_parse(&cr, rules[i].text);
		if (crc == 0)
			crc = contid_rule_pack(cr, &cb, &cbl);
		if (want == 2) {
			if (lrc == 0 && crc == -CONTID_E_BADLIST) {
				printf("io_uring %s: libaudit packs (%zu bytes), libcontid: %s\n",
				       rules[i].text, lal, contid_strerror(crc));
				refused++;
			} else {
				printf("FAIL %s: libaudit: %s, libcontid %d: want packed, refused\n",
				       rules[i].text, lrc ? why : "ok", crc);
				fails++;
			}
		} else if (want) {
			if (lrc || crc) {
				printf("FAIL %s: libaudit: %s, libcontid: %s\n", rules[i].text,
				       lrc ? why : "ok", crc ? contid_strerror(crc) : "ok");
				fails++;
			} else if (lal != cbl || memcmp(la, cb, lal)) {
				printf("FAIL %s: the bytes differ\n", rules[i].text);
				hexdiff((const unsigned char *)la, lal, cb, cbl);
				fails++;
			} else {
				printf("same %s (%zu bytes)\n", rules[i].text, lal);
				same++;
			}
		} else {
			if (lrc && crc) {
				printf("refused %s: %s; libcontid: %s\n", rules[i].text,
				       why, contid_strerror(crc));
				refused++;
			} else {
				printf("FAIL %s: libaudit: %s, libcontid %d: both must refuse\n",
				       rules[i].text, lrc ? why : "ok", crc);
				fails++;
			}
		}
		free(la);
		free(cb);
		contid_rule_free(cr);
	}
	printf("rule-pack: %u rules the same bytes, %u refused as expected, %u failed\n",
	       same, refused, fails);
	return fails || hfails ? 1 : 0;
}
