/* SPDX-License-Identifier: GPL-2.0-or-later */
/* contidctl: what the events and parse commands share. */
#ifndef CONTIDCTL_EVENTS_H
#define CONTIDCTL_EVENTS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <libcontid/contid.h>

/* Reported so far, to print only what is new. */
struct lost_state {
	uint64_t enobufs;
	uint64_t lost;
	const char *cmd;
	/*
	 * events --daemon: the kernel's lost counter (AUDIT_GET), read on a
	 * socket of its own so that the replies never queue behind records.
	 */
	struct contid_handle *status;
	uint32_t kernel_lost;
	time_t kernel_checked;
	/*
	 * events (multicast): the socket whose drop count is read, and that
	 * count, from /proc/net/netlink.
	 */
	struct contid_handle *sock;
	long long drops;
};

/* A reader keeping the events that carry one of @ids (none: every
 * event); prints the failure and returns NULL on error. */
struct contid_reader *new_reader(const uint64_t *ids, size_t n);

/* Report on stderr (and as {"kind":"lost",...} with --json) what @rd and the
 * kernel lost since the last call; serial gaps only when @gaps. */
void check_lost(struct contid_reader *rd, struct lost_state *ls, bool gaps);

/* @ev as text (the log's records, one event a paragraph) or JSON. */
void print_event(const struct contid_event *ev, bool interpret);

/* The kernel's count of records it dropped at @h's socket, or -1. */
long long socket_drops(struct contid_handle *h);

#endif
