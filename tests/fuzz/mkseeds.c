// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mkseeds: writes the seed-* files of the corpus in tests/fuzz/corpus/
 * (run by hand when a harness's input format changes; the files are
 * checked in, and tests/fuzz/run.sh fails if they differ from what this
 * program writes).  The corpus also holds real-* inputs added by hand and
 * files that fuzz runs kept (docs/testing.md, the corpus rule).
 *
 *   cc -std=c11 -D_GNU_SOURCE -Iinclude -o mkseeds tests/fuzz/mkseeds.c \
 *      build/userspace/libcontid/.libs/libcontid-internal.a -lmnl
 *   ./mkseeds tests/fuzz/corpus tests/data/contidctl.log tests/data/cover-letter.log
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <linux/audit.h>
#include <linux/netlink.h>

#include <libcontid/contid.h>

#define SEQ 0x10000001u

static const char *g_dir;
static int g_n;

static void put(const char *h, unsigned char mode, const void *p, size_t n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/seed-%03d", g_dir, h, g_n++);
	f = fopen(path, "wb");
	if (!f || fwrite(&mode, 1, 1, f) != 1 || (n && fwrite(p, 1, n, f) != n) || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static const char *const rules[] = {
	"-a always,exit -F arch=b64 -S openat -F dir=/tmp -F perm=wa -F contid=123 -k key",
	"-a always,exit -S all -F contid!=18446744073709551614",
	"-a never,exit -F contid=1 -F contid=2 -F pid=7",
	"-a always,user -F contid=700001",
	"-a never,exclude -F msgtype=CONTAINER -F contid=5",
	"-A exit,always -S getppid -F auid=unset -F exit=-EPERM -F contid=9",
};

static void rule_seeds(void)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		struct contid_rule *r;
		void *buf;
		size_t len;

		put("rule", 1, rules[i], strlen(rules[i]));
		if (contid_rule_parse(&r, rules[i]) || contid_rule_pack(r, &buf, &len)) {
			fprintf(stderr, "rule %s\n", rules[i]);
			exit(1);
		}
		put("rule", 0, buf, len);
		free(buf);
		contid_rule_free(r);
	}
}

static void record_seeds(char **logs, int nlogs)
{
	static const char *const nl[] = {
		"audit(1521122590.315:222): op=set pid=689 uid=0 auid=0 tty=pts0 ses=3 opid=707 old-contid=18446744073709551615 contid=123456 res=1",
		"audit(1700000000.001:9): op=netns contid=1,2,700001",
		"audit(1700000000.001:9): op=task contid=42\0\0\0",
	};
	static const unsigned int nltype[] = { 1020, 1340, 1340 };
	char all[65536];
	size_t alllen = 0;

	for (int k = 0; k < nlogs; k++) {
		FILE *f = fopen(logs[k], "r");
		char line[8192];

		if (!f) {
			perror(logs[k]);
			exit(1);
		}
		while (fgets(line, sizeof(line), f)) {
			size_t n = strlen(line);

			put("record", 0, line, n);
			if (alllen + n < sizeof(all))
				memcpy(all + alllen, line, n), alllen += n;
		}
		fclose(f);
	}
	/* Mode 2: the logs as one text, option byte 0x25 (filter on). */
	{
		unsigned char b[sizeof(all) + 1];

		b[0] = 0x25;
		memcpy(b + 1, all, alllen);
		put("record", 2, b, alllen + 1);
		b[0] = 0x40;
		put("record", 2, b, alllen + 1);
	}
	for (size_t i = 0; i < sizeof(nl) / sizeof(nl[0]); i++) {
		unsigned char b[512];
		size_t n = strlen(nl[i]) + (i == 2 ? 3 : 0);

		b[0] = (unsigned char)nltype[i];
		b[1] = (unsigned char)(nltype[i] >> 8);
		memcpy(b + 2, nl[i], n);
		put("record", 1, b, n + 2);
	}
	/* Mode 3: the same as datagrams (header length as auditd sees it). */
	{
		unsigned char b[4096];
		size_t o = 1;

		b[0] = 0x10;
		for (size_t i = 0; i < sizeof(nl) / sizeof(nl[0]); i++) {
			size_t n = strlen(nl[i]);
			struct nlmsghdr h = { (uint32_t)(NLMSG_HDRLEN + n), (uint16_t)nltype[i], 0, 0, 0 };
			size_t dg = NLMSG_HDRLEN + n;

			b[o] = (unsigned char)dg;
			b[o + 1] = (unsigned char)(dg >> 8);
			memcpy(b + o + 2, &h, sizeof(h));
			memcpy(b + o + 2 + NLMSG_HDRLEN, nl[i], n);
			o += 2 + dg;
		}
		put("record", 3, b, o);
	}
}

/* Reply datagrams: [u16 len][nlmsghdr + payload]. */
static size_t dgram(unsigned char *at, uint16_t type, uint16_t flags, uint32_t seq,
		    const void *p, size_t n)
{
	struct nlmsghdr h = { (uint32_t)(NLMSG_HDRLEN + n), type, flags, seq, 0 };
	size_t len = NLMSG_ALIGN(NLMSG_HDRLEN + n);

	memset(at, 0, 2 + len);
	at[0] = (unsigned char)len;
	at[1] = (unsigned char)(len >> 8);
	memcpy(at + 2, &h, sizeof(h));
	memcpy(at + 2 + NLMSG_HDRLEN, p, n);
	return 2 + len;
}

static size_t ack(unsigned char *at, uint32_t seq, int err)
{
	struct nlmsgerr e = { err, { NLMSG_HDRLEN, 0, 0, seq, 0 } };

	return dgram(at, NLMSG_ERROR, 0, seq, &e, sizeof(e));
}

static void reply_seeds(void)
{
	static unsigned char b[16384];
	struct audit_status st = { 0 };
	const char *rec = "audit(1700000000.001:9): op=task contid=42";
	size_t o;

	st.mask = 0;
	st.enabled = 1;
	st.pid = 99;
	st.backlog_limit = 8192;
	st.lost = 3;
	st.feature_bitmap = AUDIT_FEATURE_BITMAP_ALL | 0x80;
	st.backlog_wait_time = 60000;
	/* 0, 1: AUDIT_GET, with a record datagram in between. */
	for (unsigned char mode = 0; mode < 2; mode++) {
		o = dgram(b, AUDIT_GET, 0, SEQ, &st, sizeof(st));
		o += dgram(b + o, 1340, 0, 0, rec, strlen(rec));
		o += ack(b + o, SEQ, 0);
		put("reply", mode, b, o);
	}
	/* 2: signal info 2, ACK first. */
	{
		unsigned char si[16 + 7];
		uint32_t u[2] = { 1000, 4242 };
		uint64_t id = 700001;

		memcpy(si, u, 8);
		memcpy(si + 8, &id, 8);
		memcpy(si + 16, "unconfi", 7);
		o = ack(b, SEQ, 0);
		o += dgram(b + o, 1021, 0, SEQ, si, sizeof(si));
		put("reply", 2, b, o);
		/* An old kernel: EINVAL, then the AUDIT_SIGNAL_INFO fallback. */
		o = ack(b, SEQ, -EINVAL);
		o += dgram(b + o, AUDIT_SIGNAL_INFO, 0, SEQ + 1, u, 8);
		o += ack(b + o, SEQ + 1, 0);
		put("reply", 2, b, o);
	}
	/* 3: a rule dump: two rules, DONE, ACK. */
	{
		struct contid_rule *r;
		void *buf;
		size_t len;

		o = 0;
		for (int i = 0; i < 2; i++) {
			if (contid_rule_parse(&r, rules[i]) || contid_rule_pack(r, &buf, &len))
				exit(1);
			o += dgram(b + o, AUDIT_LIST_RULES, NLM_F_MULTI, SEQ, buf, len);
			free(buf);
			contid_rule_free(r);
		}
		o += dgram(b + o, NLMSG_DONE, NLM_F_MULTI, SEQ, "\0\0\0\0", 4);
		o += ack(b + o, SEQ, 0);
		put("reply", 3, b, o);
	}
	/* 4, 5, 6: a bare ACK; an error; a stale ACK then the real one. */
	for (unsigned char mode = 4; mode < 7; mode++) {
		o = ack(b, SEQ, 0);
		put("reply", mode, b, o);
	}
	o = ack(b, SEQ, -EPERM);
	put("reply", 6, b, o);
	o = ack(b, SEQ - 5, 0);
	o += ack(b + o, SEQ, -EEXIST);
	put("reply", 6, b, o);
	/* 7, 8: the decoders alone. */
	put("reply", 7, &st, sizeof(st));
	put("reply", 7, &st, 20);
	{
		unsigned char si[16 + 3] = { 0 };

		memset(si, 0xff, 16);
		put("reply", 8, si, sizeof(si));
		put("reply", 8 | 0x80, si, 8);
	}
}

/* fuzz_rule's "-F" mode: byte 0 is 3 | list << 2, then one field a line. */
static void field_seeds(void)
{
	static const struct {
		unsigned int list;
		const char *fields;
	} f[] = {
		{ CONTID_LIST_EXIT, "contid=123\ndir=/tmp\nperm=wa\nkey=k1" },
		{ CONTID_LIST_EXIT, "arch=b64\nsuccess=yes\nexit=-EPERM\nauid=unset\ncontid!=18446744073709551614" },
		{ CONTID_LIST_USER, "containerid!=5\nuid!=0" },
		{ CONTID_LIST_EXCLUDE, "msgtype=CONTAINER_INFO\ncontid=700001" },
	};

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		put("rule", (unsigned char)(3 | f[i].list << 2), f[i].fields, strlen(f[i].fields));
}

/*
 * fuzz_print: option byte (bit 0 the ID filter, bit 1 no fields split),
 * then log text: the logs whole, and issue 32's forgeries (a hex name=
 * decoding to a newline and a made-up event, an ESC sequence, control
 * bytes in the line itself).
 */
static void print_seeds(char **logs, int nlogs)
{
	static const char forged[] =
		"type=PATH msg=audit(1700000000.000:98): item=0 name=780A617564697428313730303030303030302E3030303A39392920636F6E7469643D34320A2020202053595343414C4C20617263683D63303030303033652073797363616C6C3D353920636F6D6D3D66616B65 inode=1 nametype=NORMAL\n"
		"type=PATH msg=audit(1700000000.000:98): item=1 name=1B5D303B6F776E6564071B5B324A inode=2\n"
		"node=ev\033[31mil type=USER_CMD msg=audit(1700000001.000:5): pid=1 uid=0 msg='cmd=\033]2;x\007 a\\b\tc \303\251\035UID=\"r\033t\"'\n";
	static char all[65536];
	size_t alllen = 0;

	for (int k = 0; k < nlogs; k++) {
		FILE *f = fopen(logs[k], "r");
		size_t n;

		if (!f) {
			perror(logs[k]);
			exit(1);
		}
		n = fread(all + alllen, 1, sizeof(all) - alllen, f);
		alllen += n;
		fclose(f);
	}
	put("print", 0, all, alllen);
	put("print", 3, all, alllen);
	put("print", 0, forged, sizeof(forged) - 1);
	put("print", 2, forged, sizeof(forged) - 1);
}

int main(int argc, char **argv)
{
	char path[512];

	if (argc < 2) {
		fprintf(stderr, "usage: mkseeds CORPUS_DIR LOG...\n");
		return 2;
	}
	g_dir = argv[1];
	for (const char *h = "record"; h; h = !strcmp(h, "record") ? "rule" : !strcmp(h, "rule") ? "reply" :
					       !strcmp(h, "reply") ? "print" : NULL) {
		snprintf(path, sizeof(path), "%s/%s", g_dir, h);
		mkdir(g_dir, 0755);
		if (mkdir(path, 0755) && errno != EEXIST) {
			perror(path);
			return 1;
		}
	}
	rule_seeds();
	record_seeds(argv + 2, argc - 2);
	reply_seeds();
	field_seeds();
	print_seeds(argv + 2, argc - 2);
	printf("mkseeds: %d files\n", g_n);
	return 0;
}
