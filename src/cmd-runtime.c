/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runtime wrapper (docs/oci-hook.md, "The runtime wrapper"): contidctl
 * run under the name "contid-RUNTIME" (the installed links contid-runc and
 * contid-crun), which engines are given as their OCI runtime.  For create,
 * run and exec it starts the real runtime RUNTIME with the container's
 * audit container ID already set (contid_spawn()), so that everything the
 * runtime forks inherits it: the container's init and its children, every
 * thread of runc, an exec'd process.  For delete it waits for the real
 * runtime and then removes the container's name files (name-state.h).
 * Anything else execs the real runtime untouched.  The arguments are never changed: only argv[0] becomes the
 * real runtime's path, as if the engine had started it.
 *
 * A contidctl mode rather than a program of its own: the ID follows the
 * hook's rule (src/oci-state.c) and the refusals are "contidctl set"'s
 * words (task_cause()), shared instead of copied, and it is one binary to
 * install.  Chosen by the name because engines give a runtime no
 * arguments of its own.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "contidctl.h"
#include "oci-mapping.h"
#include "name-state.h"
#include "oci-state.h"
#include "relay.h"
#include "runtime-args.h"

#define WRAPPER_PREFIX "contid-"
/* The real runtime's path, overriding the search. */
#define RUNTIME_ENV "CONTID_RUNTIME_PATH"
/* Where the real runtime is looked for: PATH is not used, since an engine's
 * PATH may be anything (and may hold the wrapper under the runtime's name). */
static const char search_dirs[] = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/* Every signal a caller may send the runtime, except those that cannot be
 * caught, SIGCHLD (ours), faults (a fault of ours must kill us), and the
 * terminal's job control, which the kernel sends to the whole process
 * group (the wrapper stops and continues with the runtime). */
static const int forwarded[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM,
	SIGSTKFLT, SIGURG, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGWINCH,
	SIGIO, SIGPWR,
};

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The real runtime's path into @out; 0, or EXIT_FAIL after the message. */
static int find_runtime(const char *name, char *out, size_t outlen)
{
	const char *env = getenv(RUNTIME_ENV), *d = search_dirs;
	size_t n;

	if (env && *env) {
		if (env[0] != '/')
			return fail_msg("runtime: " RUNTIME_ENV " is not an absolute path");
		snprintf(out, outlen, "%s", env);
		return 0;
	}
	while (*d) {
		n = strcspn(d, ":");
		if ((size_t)snprintf(out, outlen, "%.*s/%s", (int)n, d, name) < outlen &&
		    access(out, X_OK) == 0 && !same_file(out, "/proc/self/exe"))
			return 0;
		d += n + (d[n] == ':');
	}
	return fail_msg("runtime: cannot find the real runtime '%s' in %s (set " RUNTIME_ENV ")",
			name, search_dirs);
}

/* config.json of the bundle: the ID of container @id; 0 or EXIT_FAIL. */
static int config_contid(const struct rt_args *a, char **argv, uint64_t *contid,
			 char **config, size_t *config_len)
{
	const char *cmd = argv[a->cmd], *bundle = a->bundle ? a->bundle : ".";
	const char *cfg = a->config ? a->config : "config.json";
	enum oci_id_source src;
	char path[4200], msg[512], *buf;
	size_t len;
	int fd, err, rc;

	if (cfg[0] == '/')
		snprintf(path, sizeof(path), "%s", cfg);
	else
		snprintf(path, sizeof(path), "%s/%s", bundle, cfg);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(errno, strerror(errno), "runtime: %s: cannot read %s", cmd, path);
	buf = read_fd_max(fd, OCI_STATE_MAX, &len, &err);
	close(fd);
	if (!buf && err == -EFBIG)
		return fail_msg("runtime: %s: %s is larger than %d bytes", cmd, path,
				OCI_STATE_MAX);
	if (!buf)
		return fail(err, strerror(-err), "runtime: %s: cannot read %s", cmd, path);
	rc = oci_config_contid(buf, len, argv[a->id], contid, &src, msg, sizeof(msg));
	if (rc < 0) {
		free(buf);
		return fail_msg("runtime: %s: %s: %s", cmd, path, msg);
	}
	*config = buf;
	*config_len = len;
	return 0;
}

/*
 * exec: the ID of the container's init, from "RUNTIME [global options]
 * state ID".  0 with *contid (CONTID_UNSET when init has none), or EXIT_FAIL after
 * the message.  The state's stderr is the caller's.
 */
static int init_contid(const char *real, const struct rt_args *a, char **argv,
		       const char *shown, uint64_t *contid)
{
	char **sargv, msg[512], *buf;
	struct oci_state st;
	int p[2], i, n = 0, err, status = 0;
	size_t len;
	pid_t pid;

	sargv = calloc((size_t)a->cmd + 3, sizeof(*sargv));
	if (!sargv)
		return fail(-ENOMEM, NULL, "runtime: exec");
	sargv[n++] = (char *)real;
	for (i = 1; i < a->cmd; i++)
		sargv[n++] = argv[i];
	sargv[n++] = (char *)"state";
	sargv[n++] = argv[a->id];
	if (pipe2(p, O_CLOEXEC) < 0) {
		free(sargv);
		return fail(errno, strerror(errno), "runtime: exec");
	}
	pid = fork();
	if (pid == 0) {
		if (dup2(p[1], STDOUT_FILENO) < 0)
			_exit(127);
		execv(real, sargv);
		_exit(127);
	}
	err = errno;
	free(sargv);
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		return fail(err, strerror(err), "runtime: exec");
	}
	buf = read_fd_max(p[0], OCI_STATE_MAX, &len, &err);
	close(p[0]);
	if (relay_wait(pid, &status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(buf);
		return fail_msg("runtime: exec: cannot find container %s: '%s state' failed (%s %d)",
				shown, real,
				WIFSIGNALED(status) ? "signal" : "exit status",
				WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	}
	if (!buf)
		return fail(err, NULL, "runtime: exec: cannot read the state of container %s",
			    shown);
	memset(&st, 0, sizeof(st));
	err = oci_state_parse(buf, len, &st, msg, sizeof(msg));
	free(buf);
	if (err < 0)
		return fail_msg("runtime: exec: '%s state' of container %s: %s", real, shown, msg);
	err = contid_task_get(st.pid, contid);
	if (err < 0)
		return fail(err, task_cause(err),
			    "runtime: exec: cannot read the container ID of container %s (pid %d)",
			    st.id_shown, (int)st.pid);
	return 0;
}

/*
 * delete: the real runtime's delete, waited for, then, when it exited 0,
 * the name files of the container (name_state_remove()): a file goes only
 * once the runtime has deleted the container, never for a delete that
 * failed (a running container without --force keeps its name).  The
 * runtime gets the arguments, stdio and signals as if executed; the
 * wrapper ends as it ended.  A file that cannot be removed is a warning.
 */
static int runtime_delete(const char *name, const char *real, char **argv, const char *id,
			  const char *shown)
{
	extern char **environ;
	pid_t pid;
	int err, status;

	relay_signals(forwarded, sizeof(forwarded) / sizeof(forwarded[0]), true);
	fflush(NULL);
	err = posix_spawn(&pid, real, NULL, NULL, argv, environ);
	if (err)
		return fail(-err, strerror(err), "runtime: cannot execute the real runtime '%s'",
			    real);
	relay_child(pid);
	err = relay_wait(pid, &status);
	if (err < 0)
		return fail(err, strerror(-err), "runtime: cannot wait for '%s'", real);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		err = name_state_remove(name, id);
		if (err < 0)
			fail(err, NULL, "runtime: warning: cannot remove the name file of container %s",
			     shown);
	}
	relay_exit(status);
}

int runtime_main(const char *self, int argc, char **argv)
{
	const char *name = self + strlen(WRAPPER_PREFIX);
	char real[4200], msg[512], shown[72], *config = NULL, *bundle;
	size_t config_len = 0;
	struct rt_args a;
	uint64_t contid = CONTID_UNSET;
	pid_t pid;
	int err, status;

	if (rt_args_parse(argc, argv, &a, msg, sizeof(msg)) < 0)
		return fail_msg("runtime: %s", msg);
	if (find_runtime(name, real, sizeof(real)))
		return EXIT_FAIL;
	if (a.action != RT_PASS)
		oci_show_id(shown, sizeof(shown), argv[a.id], strlen(argv[a.id]));
	if (a.action == RT_CREATE && config_contid(&a, argv, &contid, &config, &config_len))
		return EXIT_FAIL;
	if (a.action == RT_EXEC && init_contid(real, &a, argv, shown, &contid))
		return EXIT_FAIL;
	argv[0] = real;
	if (a.action == RT_DELETE)
		return runtime_delete(name, real, argv, argv[a.id], shown);
	if (contid == CONTID_UNSET) {
		/* Not ours, or an exec into a container without an ID. */
		execv(real, argv);
		return fail(errno, strerror(errno), "runtime: cannot execute the real runtime '%s'",
			    real);
	}
	relay_signals(forwarded, sizeof(forwarded) / sizeof(forwarded[0]), true);
	fflush(NULL);
	err = contid_spawn(contid, real, argv, NULL, CONTID_SPAWN_KEEP_STDIO, &pid);
	if (err < 0)
		free(config);
	if (err == -ENOENT || err == -EACCES || err == -ENOEXEC)
		return fail(err, strerror(-err), "runtime: cannot execute the real runtime '%s'",
			    real);
	if (err < 0) {
		return fail(err, task_cause(err),
			    "runtime: %s: cannot start %s with the container ID %" PRIu64
			    " (%016" PRIx64 ") of container %s",
			    argv[a.cmd], real, contid, contid, shown);
	}
	if (config) {
		/* the bundle as an absolute path: the engine's cwd is not the reader's */
		bundle = realpath(a.bundle ? a.bundle : ".", NULL);
		mapping_record_send("runtime", config, config_len,
				    &(struct oci_mapping){ .contid = contid, .runtime = name,
							   .by = "wrapper", .id = argv[a.id],
							   .bundle = bundle ? bundle : a.bundle },
				    shown);
		free(bundle);
		free(config);
	}
	relay_child(pid);
	err = relay_wait(pid, &status);
	if (err < 0)
		return fail(err, strerror(-err), "runtime: cannot wait for '%s'", real);
	relay_exit(status);
}
