/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The record parser: one audit record from a log line or a netlink payload.
 *
 * Text is "name=value name=value ...", written by the kernel with
 * audit_log_format(" key=%..."); a value is either "quoted" (no decoding
 * needed), unquoted, or, for untrusted strings the kernel hex-encodes
 * (audit_log_untrustedstring), an unquoted run of hex digits that decodes
 * to the bytes (proctitle= always; comm=, name=, ... when the string held
 * spaces or control characters).  User records nest msg='name=value ...':
 * the inner fields are flattened in place of msg, as auparse does.  An
 * ENRICHED log appends interpreted fields after a 0x1d separator; those are
 * left out of the fields (they are still in the text).
 *
 * One allocation holds the record, its field table and three copies of the
 * text: as received, split into names/raw values, and decoded values.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "record-internal.h"

static const struct {
	unsigned int type;
	const char *name;
} msgtypes[] = {
	{ 1000, "GET" }, { 1001, "SET" }, { 1005, "USER" }, { 1006, "LOGIN" },
	{ 1020, "CONTAINER" },
	{ 1100, "USER_AUTH" }, { 1101, "USER_ACCT" }, { 1102, "USER_MGMT" },
	{ 1103, "CRED_ACQ" }, { 1104, "CRED_DISP" }, { 1105, "USER_START" },
	{ 1106, "USER_END" }, { 1107, "USER_AVC" }, { 1108, "USER_CHAUTHTOK" },
	{ 1109, "USER_ERR" }, { 1110, "CRED_REFR" }, { 1111, "USYS_CONFIG" },
	{ 1112, "USER_LOGIN" }, { 1113, "USER_LOGOUT" }, { 1114, "ADD_USER" },
	{ 1115, "DEL_USER" }, { 1116, "ADD_GROUP" }, { 1117, "DEL_GROUP" },
	{ 1118, "DAC_CHECK" }, { 1119, "CHGRP_ID" }, { 1120, "TEST" },
	{ 1121, "TRUSTED_APP" }, { 1122, "USER_SELINUX_ERR" },
	{ 1123, "USER_CMD" }, { 1124, "USER_TTY" }, { 1125, "CHUSER_ID" },
	{ 1126, "GRP_AUTH" }, { 1127, "SYSTEM_BOOT" },
	{ 1128, "SYSTEM_SHUTDOWN" }, { 1129, "SYSTEM_RUNLEVEL" },
	{ 1130, "SERVICE_START" }, { 1131, "SERVICE_STOP" },
	{ 1200, "DAEMON_START" }, { 1201, "DAEMON_END" },
	{ 1202, "DAEMON_ABORT" }, { 1203, "DAEMON_CONFIG" },
	{ 1204, "DAEMON_RECONFIG" }, { 1205, "DAEMON_ROTATE" },
	{ 1206, "DAEMON_RESUME" }, { 1207, "DAEMON_ACCEPT" },
	{ 1208, "DAEMON_CLOSE" }, { 1209, "DAEMON_ERR" },
	{ 1300, "SYSCALL" }, { 1302, "PATH" }, { 1303, "IPC" },
	{ 1304, "SOCKETCALL" }, { 1305, "CONFIG_CHANGE" },
	{ 1306, "SOCKADDR" }, { 1307, "CWD" }, { 1309, "EXECVE" },
	{ 1311, "IPC_SET_PERM" }, { 1312, "MQ_OPEN" }, { 1313, "MQ_SENDRECV" },
	{ 1314, "MQ_NOTIFY" }, { 1315, "MQ_GETSETATTR" },
	{ 1316, "KERNEL_OTHER" }, { 1317, "FD_PAIR" }, { 1318, "OBJ_PID" },
	{ 1319, "TTY" }, { 1320, "EOE" }, { 1321, "BPRM_FCAPS" },
	{ 1322, "CAPSET" }, { 1323, "MMAP" }, { 1324, "NETFILTER_PKT" },
	{ 1325, "NETFILTER_CFG" }, { 1326, "SECCOMP" }, { 1327, "PROCTITLE" },
	{ 1328, "FEATURE_CHANGE" }, { 1329, "REPLACE" },
	{ 1330, "KERN_MODULE" }, { 1331, "FANOTIFY" },
	{ 1332, "TIME_INJOFFSET" }, { 1333, "TIME_ADJNTPVAL" },
	{ 1334, "BPF" }, { 1335, "EVENT_LISTENER" }, { 1336, "URINGOP" },
	{ 1337, "OPENAT2" }, { 1338, "DM_CTRL" }, { 1339, "DM_EVENT" },
	{ 1340, "CONTAINER_INFO" },
	{ 1400, "AVC" }, { 1401, "SELINUX_ERR" }, { 1402, "AVC_PATH" },
	{ 1403, "MAC_POLICY_LOAD" }, { 1404, "MAC_STATUS" },
	{ 1405, "MAC_CONFIG_CHANGE" },
	{ 1700, "ANOM_PROMISCUOUS" }, { 1701, "ANOM_ABEND" },
	{ 1702, "ANOM_LINK" }, { 1703, "ANOM_CREAT" },
	{ 2000, "KERNEL" },
};

#define NMSGTYPES (sizeof(msgtypes) / sizeof(msgtypes[0]))

CONTID_EXPORT const char *contid_msgtype_name(unsigned int type)
{
	size_t i;

	for (i = 0; i < NMSGTYPES; i++)
		if (msgtypes[i].type == type)
			return msgtypes[i].name;
	return NULL;
}

static int parse_uint(const char *s, size_t len, unsigned int *out)
{
	unsigned int v = 0;
	size_t i;

	if (!len || len > 9)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned int)(s[i] - '0');
	}
	*out = v;
	return 0;
}

static int msgtype_lookup(const char *s, size_t len)
{
	unsigned int v;
	size_t i;

	if (len > 9 && !memcmp(s, "UNKNOWN[", 8) && s[len - 1] == ']') {
		if (parse_uint(s + 8, len - 9, &v) < 0 || v > 65535)
			return -CONTID_E_BADVALUE;
		return (int)v;
	}
	if (parse_uint(s, len, &v) == 0)
		return v > 65535 ? -CONTID_E_BADVALUE : (int)v;
	for (i = 0; i < NMSGTYPES; i++)
		if (strlen(msgtypes[i].name) == len &&
		    !memcmp(msgtypes[i].name, s, len))
			return (int)msgtypes[i].type;
	return -CONTID_E_BADVALUE;
}

CONTID_EXPORT int contid_msgtype_number(const char *name)
{
	if (!name)
		return -EINVAL;
	return msgtype_lookup(name, strlen(name));
}

/* Fields whose unquoted value is hex-encoded by the kernel. */
static bool hex_field(const char *name)
{
	/* by first letter: this runs for every even-length hex-looking value
	 * (a0=, arch=, cap_fp=, ...), so keep the common misses cheap */
	switch (name[0]) {
	case 'a':
		return !strcmp(name, "acct");
	case 'c':
		return !strcmp(name, "comm") || !strcmp(name, "cwd") ||
		       !strcmp(name, "cmd");
	case 'd':
		return !strcmp(name, "data") || !strcmp(name, "dir");
	case 'e':
		return !strcmp(name, "exe");
	case 'f':
		return !strcmp(name, "file");
	case 'g':
		return !strcmp(name, "grp");
	case 'k':
		return !strcmp(name, "key");
	case 'n':
		return !strcmp(name, "name") || !strcmp(name, "new-key") ||
		       !strcmp(name, "new_group");
	case 'o':
		return !strcmp(name, "ocomm") || !strcmp(name, "old-key");
	case 'p':
		return !strcmp(name, "proctitle") || !strcmp(name, "path");
	case 'r':
		return !strcmp(name, "root_dir");
	case 's':
		return !strcmp(name, "sw");
	case 'v':
		return !strcmp(name, "vm");
	case 'w':
		return !strcmp(name, "watch");
	default:
		return false;
	}
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static bool all_hex(const char *s, size_t len)
{
	size_t i;

	if (!len || (len & 1))
		return false;
	for (i = 0; i < len; i++)
		if (hexval(s[i]) < 0)
			return false;
	return true;
}

/* Decode @raw into @out (room for strlen(raw)+1); returns decoded length. */
static size_t decode_value(const char *name, const char *raw, char *out)
{
	size_t len = strlen(raw), i;

	if (len >= 2 && (raw[0] == '"' || raw[0] == '\'') &&
	    raw[len - 1] == raw[0]) {
		memcpy(out, raw + 1, len - 2);
		out[len - 2] = '\0';
		return len - 2;
	}
	if (all_hex(raw, len) && hex_field(name)) {
		for (i = 0; i < len / 2; i++)
			out[i] = (char)(hexval(raw[2 * i]) << 4 | hexval(raw[2 * i + 1]));
		out[len / 2] = '\0';
		return len / 2;
	}
	memcpy(out, raw, len + 1);
	return len;
}

/*
 * Split @w (a writable copy of the text) into fields.  @out receives the
 * decoded values back to back.
 */
static void split_fields(struct contid_record *rec, char *w, char **outp)
{
	char *p = w, *out = *outp;

	while (*p && rec->nfields < rec->cap) {
		struct contid_rec_field *f;
		char *name, *val;

		while (*p == ' ')
			p++;
		if (!*p || *p == '\x1d')
			break;	/* end, or ENRICHED interpretations */
		name = p;
		while (*p && *p != '=' && *p != ' ')
			p++;
		if (*p != '=') {
			/* a word without '=' (e.g. "audit_enabled"): skip it */
			while (*p && *p != ' ')
				p++;
			continue;
		}
		*p++ = '\0';
		val = p;
		if (*p == '"' || *p == '\'') {
			char q = *p;

			char *close = strchr(p + 1, q);

			p = close ? close + 1 : p + strlen(p);
		}
		while (*p && *p != ' ' && *p != '\x1d')
			p++;
		if (*p == '\x1d')
			*p = '\0';	/* the loop ends after this field */
		else if (*p)
			*p++ = '\0';
		if (!strcmp(name, "msg") && val[0] == '\'' && strlen(val) >= 2 &&
		    val[strlen(val) - 1] == '\'') {
			/* user record: flatten msg='a=b c=d' */
			val[strlen(val) - 1] = '\0';
			*outp = out;
			split_fields(rec, val + 1, outp);
			out = *outp;
			continue;
		}
		f = &rec->fields[rec->nfields++];
		f->name = name;
		f->raw = val;
		f->value = out;
		f->vlen = decode_value(name, val, out);
		out += f->vlen + 1;
	}
	*outp = out;
}

/* Parse "audit(SEC.MSEC:SERIAL): " at @s; returns bytes consumed or < 0. */
static int parse_stamp(const char *s, size_t len, uint64_t *sec,
		       unsigned int *msec, uint64_t *serial)
{
	size_t i = 6;
	uint64_t a = 0, c = 0;
	unsigned int b = 0, nd;

	if (len < 6 || memcmp(s, "audit(", 6))
		return -1;
	for (nd = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++, nd++) {
		if (nd > 18)
			return -1;
		a = a * 10 + (uint64_t)(s[i] - '0');
	}
	if (!nd || i >= len || s[i++] != '.')
		return -1;
	for (nd = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++, nd++) {
		if (nd > 8)
			return -1;
		b = b * 10 + (unsigned int)(s[i] - '0');
	}
	if (!nd || i >= len || s[i++] != ':')
		return -1;
	for (nd = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++, nd++) {
		if (nd > 18)
			return -1;
		c = c * 10 + (uint64_t)(s[i] - '0');
	}
	if (!nd || i + 1 > len || s[i++] != ')')
		return -1;
	if (i < len && s[i] == ':')
		i++;
	else
		return -1;
	if (i < len && s[i] == ' ')
		i++;
	*sec = a;
	*msec = b;
	*serial = c;
	return (int)i;
}

static int record_build(struct contid_record **rp, unsigned int type,
			const char *node, size_t nodelen, const char *text,
			size_t len, uint64_t sec, unsigned int msec,
			uint64_t serial)
{
	struct contid_record *rec;
	size_t neq = 0, i, size;
	char *p, *out;

	for (i = 0; i < len; i++)
		if (text[i] == '=')
			neq++;
	size = sizeof(*rec) + neq * sizeof(struct contid_rec_field) +
	       (nodelen + 1) + 3 * (len + 1);
	rec = malloc(size);
	if (!rec)
		return -ENOMEM;
	rec->type = type;
	rec->sec = sec;
	rec->msec = msec;
	rec->serial = serial;
	rec->nfields = 0;
	rec->cap = (unsigned int)neq;
	rec->fields = (struct contid_rec_field *)(rec + 1);
	p = (char *)(rec->fields + neq);
	if (node) {
		memcpy(p, node, nodelen);
		p[nodelen] = '\0';
		rec->node = p;
	} else {
		rec->node = NULL;
	}
	p += nodelen + 1;
	memcpy(p, text, len);
	p[len] = '\0';
	rec->text = p;
	p += len + 1;
	memcpy(p, text, len);
	p[len] = '\0';
	out = p + len + 1;
	split_fields(rec, p, &out);
	*rp = rec;
	return 0;
}

CONTID_EXPORT int contid_record_parse_log(struct contid_record **rp,
					  const char *line, size_t len)
{
	const char *p = line, *end, *node = NULL;
	size_t nodelen = 0;
	uint64_t sec, serial;
	unsigned int msec;
	int type, n;

	if (!rp || !line)
		return -EINVAL;
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	end = line + len;
	if (len > 5 && !memcmp(p, "node=", 5)) {
		node = p + 5;
		p = memchr(node, ' ', (size_t)(end - node));
		if (!p)
			return -CONTID_E_NOTRECORD;
		nodelen = (size_t)(p - node);
		p++;
	}
	if (end - p < 5 || memcmp(p, "type=", 5))
		return -CONTID_E_NOTRECORD;
	p += 5;
	{
		const char *sp = memchr(p, ' ', (size_t)(end - p));

		if (!sp)
			return -CONTID_E_NOTRECORD;
		type = msgtype_lookup(p, (size_t)(sp - p));
		if (type < 0)
			return -CONTID_E_NOTRECORD;
		p = sp + 1;
	}
	if (end - p < 4 || memcmp(p, "msg=", 4))
		return -CONTID_E_NOTRECORD;
	p += 4;
	n = parse_stamp(p, (size_t)(end - p), &sec, &msec, &serial);
	if (n < 0)
		return -CONTID_E_NOTRECORD;
	p += n;
	return record_build(rp, (unsigned int)type, node, nodelen, p,
			    (size_t)(end - p), sec, msec, serial);
}

CONTID_EXPORT int contid_record_parse_netlink(struct contid_record **rp,
					      unsigned int type,
					      const char *payload, size_t len)
{
	uint64_t sec, serial;
	unsigned int msec;
	int n;

	if (!rp || (!payload && len))
		return -EINVAL;
	len = strnlen(payload, len);	/* NUL padding, if any */
	while (len && payload[len - 1] == '\n')
		len--;
	n = parse_stamp(payload, len, &sec, &msec, &serial);
	if (n < 0)
		return -CONTID_E_NOTRECORD;
	return record_build(rp, type, NULL, 0, payload + n, len - (size_t)n,
			    sec, msec, serial);
}

CONTID_EXPORT void contid_record_free(struct contid_record *rec)
{
	free(rec);
}

CONTID_EXPORT unsigned int contid_record_type(const struct contid_record *rec)
{
	return rec ? rec->type : 0;
}

CONTID_EXPORT uint64_t contid_record_sec(const struct contid_record *rec)
{
	return rec ? rec->sec : 0;
}

CONTID_EXPORT unsigned int contid_record_msec(const struct contid_record *rec)
{
	return rec ? rec->msec : 0;
}

CONTID_EXPORT uint64_t contid_record_serial(const struct contid_record *rec)
{
	return rec ? rec->serial : 0;
}

CONTID_EXPORT const char *contid_record_node(const struct contid_record *rec)
{
	return rec ? rec->node : NULL;
}

CONTID_EXPORT const char *contid_record_text(const struct contid_record *rec)
{
	return rec ? rec->text : NULL;
}

CONTID_EXPORT int contid_record_field_count(const struct contid_record *rec)
{
	if (!rec)
		return -EINVAL;
	return (int)rec->nfields;
}

CONTID_EXPORT int contid_record_field(const struct contid_record *rec,
				      unsigned int i, const char **name,
				      const char **value, size_t *value_len)
{
	if (!rec)
		return -EINVAL;
	if (i >= rec->nfields)
		return -CONTID_E_NOTFOUND;
	if (name)
		*name = rec->fields[i].name;
	if (value)
		*value = rec->fields[i].value;
	if (value_len)
		*value_len = rec->fields[i].vlen;
	return 0;
}

CONTID_EXPORT const char *contid_record_field_raw(const struct contid_record *rec,
						  unsigned int i)
{
	if (!rec || i >= rec->nfields)
		return NULL;
	return rec->fields[i].raw;
}

CONTID_EXPORT const char *contid_record_find(const struct contid_record *rec,
					     const char *name)
{
	unsigned int i;

	if (!rec || !name)
		return NULL;
	for (i = 0; i < rec->nfields; i++)
		if (!strcmp(rec->fields[i].name, name))
			return rec->fields[i].value;
	return NULL;
}
