/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * AUDIT_GET / AUDIT_SET and the feature bitmap.
 *
 * struct audit_status has grown over the years (feature_bitmap, then
 * backlog_wait_time, then backlog_wait_time_actual); an older kernel sends
 * a shorter struct, so decoding takes whatever whole fields arrived and
 * says which.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "internal.h"

CONTID_EXPORT int contid_status_decode(struct contid_status *st,
				       const void *buf, size_t len)
{
	uint32_t v[CONTID_STATUS_NFIELDS] = { 0 };
	size_t n = len / 4;
	size_t i;

	if (!st || (!buf && len))
		return -EINVAL;
	memset(st, 0, sizeof(*st));
	if (n == 0)
		return -CONTID_E_TRUNCATED;
	if (n > CONTID_STATUS_NFIELDS)
		n = CONTID_STATUS_NFIELDS;	/* a newer kernel: ignore the rest */
	memcpy(v, buf, n * 4);
	for (i = 0; i < n; i++)
		st->present |= 1u << i;
	st->mask = v[CONTID_STATUS_MASK];
	st->enabled = v[CONTID_STATUS_ENABLED];
	st->failure = v[CONTID_STATUS_FAILURE];
	st->pid = v[CONTID_STATUS_PID];
	st->rate_limit = v[CONTID_STATUS_RATE_LIMIT];
	st->backlog_limit = v[CONTID_STATUS_BACKLOG_LIMIT];
	st->lost = v[CONTID_STATUS_LOST];
	st->backlog = v[CONTID_STATUS_BACKLOG];
	st->feature_bitmap = v[CONTID_STATUS_FEATURE_BITMAP];
	st->backlog_wait_time = v[CONTID_STATUS_BACKLOG_WAIT_TIME];
	st->backlog_wait_time_actual = v[CONTID_STATUS_BACKLOG_WAIT_TIME_ACTUAL];
	return (int)n;
}

CONTID_EXPORT int contid_status_has(const struct contid_status *st,
				    unsigned int field)
{
	if (!st || field >= CONTID_STATUS_NFIELDS)
		return 0;
	return (st->present >> field) & 1;
}

static int status_reply(const struct nlmsghdr *nlh, void *data)
{
	if (nlh->nlmsg_type != AUDIT_GET)
		return -CONTID_E_PROTO;
	return contid_status_decode(data, mnl_nlmsg_get_payload(nlh),
				    mnl_nlmsg_get_payload_len(nlh));
}

CONTID_EXPORT int contid_status_get(struct contid_handle *h,
				    struct contid_status *st)
{
	struct contid_status tmp;
	int r;

	if (!h)
		return -EINVAL;
	if (!st)
		st = &tmp;
	memset(st, 0, sizeof(*st));
	r = contid_request(h, AUDIT_GET, NULL, 0, CONTID_REQ_REPLY,
			   status_reply, st);
	if (r < 0)
		return r;
	if (!st->present)
		return -CONTID_E_PROTO;
	contid_handle_cache_features(h, st->feature_bitmap);
	return 0;
}

static int status_set(struct contid_handle *h, uint32_t mask, unsigned int idx,
		      uint32_t value)
{
	uint32_t s[CONTID_STATUS_NFIELDS] = { 0 };

	/* Sent as the full current struct; an older kernel reads a prefix. */
	s[CONTID_STATUS_MASK] = mask;
	s[idx] = value;
	return contid_request(h, AUDIT_SET, s, sizeof(s), CONTID_REQ_ACK,
			      NULL, NULL);
}

CONTID_EXPORT int contid_status_set_enabled(struct contid_handle *h,
					    uint32_t enabled)
{
	if (!h || enabled > 2)
		return -EINVAL;
	return status_set(h, AUDIT_STATUS_ENABLED, CONTID_STATUS_ENABLED, enabled);
}

CONTID_EXPORT int contid_status_set_pid(struct contid_handle *h, uint32_t pid)
{
	if (!h)
		return -EINVAL;
	return status_set(h, AUDIT_STATUS_PID, CONTID_STATUS_PID, pid);
}

CONTID_EXPORT int contid_status_set_backlog_limit(struct contid_handle *h,
						  uint32_t limit)
{
	if (!h)
		return -EINVAL;
	return status_set(h, AUDIT_STATUS_BACKLOG_LIMIT,
			  CONTID_STATUS_BACKLOG_LIMIT, limit);
}

CONTID_EXPORT int contid_handle_register(struct contid_handle *h)
{
	return contid_status_set_pid(h, (uint32_t)getpid());
}

CONTID_EXPORT int contid_handle_unregister(struct contid_handle *h)
{
	return contid_status_set_pid(h, 0);
}

CONTID_EXPORT int contid_handle_features(struct contid_handle *h,
					 uint32_t *bitmap)
{
	int r;

	if (!h || !bitmap)
		return -EINVAL;
	if (!h->features_cached) {
		r = contid_status_get(h, NULL);
		if (r < 0)
			return r;
	}
	*bitmap = h->features;
	return 0;
}

static const char *const feature_names[] = {
	"backlog_limit",	/* AUDIT_FEATURE_BITMAP_BACKLOG_LIMIT */
	"backlog_wait_time",	/* AUDIT_FEATURE_BITMAP_BACKLOG_WAIT_TIME */
	"executable_path",	/* AUDIT_FEATURE_BITMAP_EXECUTABLE_PATH */
	"exclude_extend",	/* AUDIT_FEATURE_BITMAP_EXCLUDE_EXTEND */
	"sessionid_filter",	/* AUDIT_FEATURE_BITMAP_SESSIONID_FILTER */
	"lost_reset",		/* AUDIT_FEATURE_BITMAP_LOST_RESET */
	"filter_fs",		/* AUDIT_FEATURE_BITMAP_FILTER_FS */
	"containerid_filter",	/* AUDIT_FEATURE_BITMAP_CONTAINERID_FILTER */
};

CONTID_EXPORT int contid_feature_name(unsigned int bit, char *buf, size_t len)
{
	int n;

	if (bit > 31 || (!buf && len))
		return -EINVAL;
	if (bit < sizeof(feature_names) / sizeof(feature_names[0]))
		n = snprintf(buf, len, "%s", feature_names[bit]);
	else
		n = snprintf(buf, len, "bit %u", bit);
	return n;
}

CONTID_EXPORT int contid_features_format(uint32_t bitmap, char *buf, size_t len)
{
	size_t total = 0;
	unsigned int bit;
	char name[32];

	if (!buf && len)
		return -EINVAL;
	if (len)
		buf[0] = '\0';
	for (bit = 0; bit < 32; bit++) {
		int n;

		if (!(bitmap & (1u << bit)))
			continue;
		n = contid_feature_name(bit, name, sizeof(name));
		if (n < 0)
			return n;
		if (total + (total ? 1 : 0) + (size_t)n < len)
			snprintf(buf + total, len - total, "%s%s",
				 total ? "," : "", name);
		else if (len)
			buf[len - 1] = '\0';
		total += (total ? 1 : 0) + (size_t)n;
	}
	return (int)total;
}
