/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Signal forwarding and exit status pass-through (relay.h). */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "relay.h"

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t pending[NSIG];
static bool only_sent;

/* Forward to the child; before it exists, remember the signal. */
static void forward(int sig, siginfo_t *si, void *uc)
{
	int e = errno;

	(void)uc;
	if (only_sent && si && si->si_code == SI_KERNEL)
		return;
	if (child_pid > 0)
		kill((pid_t)child_pid, sig);
	else
		pending[sig] = 1;
	errno = e;
}

void relay_signals(const int *sigs, size_t n, bool sent_only)
{
	struct sigaction sa, old;
	size_t i;

	only_sent = sent_only;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = forward;
	sa.sa_flags = SA_RESTART | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < n; i++) {
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

void relay_child(pid_t pid)
{
	int sig;

	child_pid = pid;
	for (sig = 1; sig < NSIG; sig++)
		if (pending[sig]) {
			pending[sig] = 0;
			kill(pid, sig);
		}
}

int relay_wait(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

_Noreturn void relay_exit(int status)
{
	struct rlimit no_core = { 0, 0 };
	sigset_t one;
	int sig;

	if (WIFEXITED(status))
		exit(WEXITSTATUS(status));
	sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	if (sig > 0) {
		setrlimit(RLIMIT_CORE, &no_core);
		signal(sig, SIG_DFL);
		sigemptyset(&one);
		sigaddset(&one, sig);
		sigprocmask(SIG_UNBLOCK, &one, NULL);
		raise(sig);
	}
	exit(128 + sig);
}
