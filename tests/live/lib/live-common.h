/* Helpers for the live tests (run as root in the QEMU guest, audit=1). */
#ifndef LIVE_COMMON_H
#define LIVE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <libcontid/contid.h>

/* Open a handle and register it as the audit daemon; fails the test
 * plainly if another daemon (auditd) already holds the socket. */
struct contid_handle *live_open_daemon(void);
void live_close_daemon(struct contid_handle *h);

/* Predicate over one record of an event. */
typedef bool (*live_match_fn)(const struct contid_event *ev,
			      const struct contid_record *rec, void *data);

/*
 * Read records from @h until @match accepts one (returns its event, the
 * caller frees it) or @timeout_ms passes (returns NULL).
 */
struct contid_event *live_wait_event(struct contid_handle *h,
				     live_match_fn match, void *data,
				     int timeout_ms);

/* Fork a child that waits until live_release(); then runs @fn, exits 0. */
pid_t live_fork_held(int *release_fd, void (*fn)(void *), void *arg);
void live_release(int fd);
int live_wait_exit(pid_t pid);	/* exit status, or 128+signal */

/* field @name of @rec equals @value */
bool live_field_is(const struct contid_record *rec, const char *name,
		   const char *value);
bool live_field_is_u64(const struct contid_record *rec, const char *name,
		       uint64_t value);

/* Drain pending records so a test starts from a clean socket. */
void live_drain(struct contid_handle *h);

/* mkdir -p for one level, ignoring EEXIST */
void live_mkdir(const char *path);

#endif
