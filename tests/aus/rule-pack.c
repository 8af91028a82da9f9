/*
 * rule-pack: the patched libaudit packs each rule with a contid field to
 * the same struct audit_rule_data bytes as libcontid packs the same rule
 * text, and both refuse the same rules.
 *
 * "What auditctl sends" is built with libaudit's calls in auditctl's order
 * by tests/unit/la-build.h, as for tests/unit/test_rules_golden.c.  Rules on the exclude list are left to the
 * live suite: libaudit asks the kernel for its feature bitmap there.
 *
 * Exit status 0 when every rule agrees, 1 otherwise; one line per rule.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
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
 * The rules: with ok 1 both must pack the same bytes, with 0 both must
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
	unsigned int i, fails = 0, same = 0, refused = 0;
	const char *u = getenv("AUS_CONTID_URING");
	int uring = u && !strcmp(u, "1");

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
	return fails ? 1 : 0;
}
