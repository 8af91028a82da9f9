/* Helpers for the live tests (run as root in the QEMU guest, audit=1). */
#ifndef LIVE_COMMON_H
#define LIVE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <libcontid/contid.h>

/*
 * contid_handle_open() with the handle's reply timeout at the overall
 * bound of the live waits (livewait.h): the library's request timeout
 * cannot see progress, so it must not be what fails a test on a slow
 * kernel.  Returns what contid_handle_open() returns.
 */
int live_handle_open(struct contid_handle **hp, unsigned int flags);

/* Open a handle (live_handle_open()) and register it as the audit daemon;
 * fails the test plainly if another daemon (auditd) already holds the
 * socket. */
struct contid_handle *live_open_daemon(void);
void live_close_daemon(struct contid_handle *h);

/* Predicate over one record of an event. */
typedef bool (*live_match_fn)(const struct contid_event *ev,
			      const struct contid_record *rec, void *data);

/*
 * Read records from @h until @match accepts one (returns its event, the
 * caller frees it) or the wait gives up (livewait.h: no record arrived
 * and the audit backlog did not move for the stall limit, or the overall
 * bound; returns NULL after the message).  Open events are completed
 * (flushed) only when the socket is idle and the kernel's backlog is
 * empty, so an event is never cut short by a slow kernel.
 */
struct contid_event *live_wait_event(struct contid_handle *h,
				     live_match_fn match, void *data);

/*
 * Send an AUDIT_USER marker and read @h up to its record: every record
 * the kernel queued before is then read.  Returns how many events before
 * the marker @match accepted (the check that something did NOT happen,
 * without a silence window); fails the test when the marker never comes.
 */
int live_count_until_marker(struct contid_handle *h, live_match_fn match, void *data);

/* Fork a child that waits until live_release(); then runs @fn, exits 0. */
pid_t live_fork_held(int *release_fd, void (*fn)(void *), void *arg);
void live_release(int fd);
int live_wait_exit(pid_t pid);	/* exit status, or 128+signal */

/* field @name of @rec equals @value */
bool live_field_is(const struct contid_record *rec, const char *name,
		   const char *value);
bool live_field_is_u64(const struct contid_record *rec, const char *name,
		       uint64_t value);

/* Read pending records up to a marker (live_count_until_marker()) so a
 * test starts from a clean socket. */
void live_drain(struct contid_handle *h);

/* mkdir -p for one level, ignoring EEXIST */
void live_mkdir(const char *path);

#endif
