// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fuzz_reply: what libcontid does with the kernel's answers.
 *
 * A handle runs over a fake transport (libcontid/internal.h) whose
 * datagrams come from the input, and one request is made: AUDIT_GET,
 * the feature probe, signal info, a rule dump, AUDIT_SET, registering as
 * the daemon, or a rule add.  The ACK/error/NLMSG_DONE handling, the
 * sequence checks, the multipart dump, the record queue kept during a
 * request and the payload decoders all run on fuzzed bytes; the queued
 * records are then read through a reader.  Two more modes call
 * contid_status_decode() and contid_siginfo_decode() on the bytes alone.
 *
 * Input: byte 0 the mode, then datagrams as [u16 word][bytes]: word
 * 0xffff is an ENOBUFS, 0xfffe an EINTR; otherwise bit 15 marks a
 * datagram from a foreign sender, bit 14 a truncated one, and the low 14
 * bits are its length.  The first request's sequence number is fixed,
 * 0x10000001, so inputs can answer it.
 *
 * The library receives into the handle's fixed buffer (h->buf, 9 KiB),
 * not into a buffer of the datagram's size: the fake transport poisons
 * the buffer's unused tail (ASan's manual poisoning) after each datagram
 * and the whole buffer when it delivers none, so a read past a
 * datagram's end is reported as one, not served stale bytes of an
 * earlier datagram.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include <libcontid/contid.h>
#include "internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct feed {
	const uint8_t *p;
	size_t left;
};

static ssize_t f_send(void *ctx, const void *buf, size_t len)
{
	(void)ctx;
	(void)buf;
	return (ssize_t)len;
}

static ssize_t f_recv(void *ctx, void *buf, size_t len, uint32_t *src_pid,
		      int timeout_ms, bool *truncated)
{
	struct feed *f = ctx;
	unsigned int word;
	size_t n;

	(void)timeout_ms;
	/* Nothing in @buf is valid until a datagram is written to it. */
	ASAN_UNPOISON_MEMORY_REGION(buf, len);
	if (f->left < 2)
		goto none;
	word = (unsigned int)f->p[0] | (unsigned int)f->p[1] << 8;
	f->p += 2;
	f->left -= 2;
	if (word == 0xffff || word == 0xfffe) {
		ASAN_POISON_MEMORY_REGION(buf, len);
		return word == 0xffff ? -ENOBUFS : -EINTR;
	}
	n = word & 0x3fff;
	if (n > f->left)
		n = f->left;
	*src_pid = word & 0x8000 ? 4242 : 0;
	*truncated = word & 0x4000;
	memcpy(buf, f->p, n < len ? n : len);
	f->p += n;
	f->left -= n;
	if (n > len)
		n = len;
	/* The tail past the datagram: a read there is an over-read. */
	ASAN_POISON_MEMORY_REGION((unsigned char *)buf + n, len - n);
	return (ssize_t)n;
none:
	ASAN_POISON_MEMORY_REGION(buf, len);
	return -ETIMEDOUT;
}

static const struct contid_transport fake = {
	.send = f_send,
	.recv = f_recv,
};

static int on_rule(const struct contid_rule *r, void *data)
{
	char text[512];

	(void)data;
	(void)contid_rule_format(r, text, sizeof(text));
	return 0;
}

static void drain_records(struct contid_handle *h)
{
	struct contid_reader *rd;
	struct contid_event *ev;

	if (contid_reader_new(&rd, 4, 100))
		return;
	for (int i = 0; i < 64 && contid_reader_read_netlink(rd, h) > 0; i++)
		;
	contid_reader_flush(rd);
	while (contid_reader_next(rd, &ev) == 1)
		contid_event_free(ev);
	contid_reader_free(rd);
}

static void request(unsigned int mode, const uint8_t *data, size_t size)
{
	struct feed f = { data, size };
	struct contid_handle *h;
	struct contid_status st;
	struct contid_siginfo si;
	struct contid_rule *r;
	char text[256];
	uint32_t bm;

	if (contid_handle_open_transport(&h, &fake, &f))
		return;
	h->seq = 0x10000000;
	switch (mode) {
	case 0:
		if (contid_status_get(h, &st) == 0)
			for (unsigned int i = 0; i < 32; i++)
				(void)contid_status_has(&st, 1u << i);
		break;
	case 1:
		if (contid_handle_features(h, &bm) == 0) {
			(void)contid_features_format(bm, text, sizeof(text));
			(void)contid_features_format(bm, text, 9);
			for (unsigned int i = 0; i < 32; i++)
				if (bm & 1u << i && contid_feature_name(i, text, 5) < 0)
					abort();
		}
		break;
	case 2:
		(void)contid_siginfo_get(h, &si);
		break;
	case 3:
		(void)contid_rule_list(h, on_rule, NULL);
		break;
	case 4:
		(void)contid_status_set_enabled(h, 1);
		break;
	case 5:
		(void)contid_handle_register(h);
		break;
	default:
		if (contid_rule_parse(&r, "-a always,exit -S openat -F contid=700001 -k fz") == 0) {
			(void)contid_rule_add(h, r);
			contid_rule_free(r);
		}
		break;
	}
	drain_records(h);
	ASAN_UNPOISON_MEMORY_REGION(h->buf, sizeof(h->buf));
	contid_handle_close(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct contid_status st;
	struct contid_siginfo si;
	unsigned int mode;
	void *copy;

	if (size < 1)
		return 0;
	mode = data[0] % 9;
	if (mode < 7) {
		request(mode, data + 1, size - 1);
		return 0;
	}
	/* The decoders alone, on an exact-size copy so ASan sees over-reads. */
	copy = malloc(size > 1 ? size - 1 : 1);
	if (!copy)
		return 0;
	memcpy(copy, data + 1, size - 1);
	if (mode == 7)
		(void)contid_status_decode(&st, copy, size - 1);
	else
		(void)contid_siginfo_decode(&si, data[0] & 0x80 ? 1010 : CONTID_MSG_SIGNAL_INFO2,
					    copy, size - 1);
	free(copy);
	return 0;
}
