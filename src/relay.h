/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A parent that stands between its caller and one child (contidctl run, the
 * runtime wrapper): signals sent to it reach the child, and the child's end
 * becomes its own.
 */
#ifndef CONTIDCTL_RELAY_H
#define CONTIDCTL_RELAY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * relay_signals - forward @sigs (@n of them) to the child once
 * relay_child() names it; those arriving before are held and sent then.  A
 * signal ignored when this is called stays ignored (the child inherits
 * that as it would without us).  With @sent_only, a signal the kernel sent
 * (si_code SI_KERNEL: a terminal's ^C, ^\, hang-up or resize, which reached
 * the child's process group as well) is not sent a second time.
 */
void relay_signals(const int *sigs, size_t n, bool sent_only);

/* relay_child - the child exists: send it what was held. */
void relay_child(pid_t pid);

/* relay_wait - wait for @pid (EINTR retried): 0 and its status, or -errno. */
int relay_wait(pid_t pid, int *status);

/*
 * relay_exit - end as the child ended: its exit status, or killed by the
 * same signal (no core file of ours); 128+N if that signal does not kill.
 */
_Noreturn void relay_exit(int status);

#endif
