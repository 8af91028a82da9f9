/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Error names and messages: one table for the library codes, strerror for errno. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "internal.h"

/*
 * The one table of the library's codes: each code's name (as the enum
 * spells it) and message.  contid_strerror(), contid_strerrorname() and
 * contid_task_strerror() read it; contidctl prints both through them.
 */
#define E(code, msg) [code - CONTID_E_BASE] = { #code, msg }
static const struct {
	const char *name;
	const char *msg;
} lib_errors[CONTID_E_MAX - CONTID_E_BASE] = {
	E(CONTID_E_PROTO, "Malformed or unexpected reply from the kernel"),
	E(CONTID_E_NOSUPPORT, "Kernel lacks audit container ID support"),
	E(CONTID_E_NOFEATURE, "Kernel lacks the containerid rule filter (feature bit absent)"),
	E(CONTID_E_UNSET, "The unset container ID (18446744073709551615) is not a valid ID"),
	E(CONTID_E_SYNTAX, "Syntax error"),
	E(CONTID_E_UNKNOWN_FIELD, "Unknown rule field"),
	E(CONTID_E_UNKNOWN_SYSCALL, "Unknown system call"),
	E(CONTID_E_BADOP, "Operator not allowed on this field"),
	E(CONTID_E_BADLIST, "Field not allowed on this filter list"),
	E(CONTID_E_TOOMANYFIELDS, "Too many fields in the rule (at most 64)"),
	E(CONTID_E_KEYLEN, "Key too long (at most 256 bytes)"),
	E(CONTID_E_BADVALUE, "Invalid value for the field"),
	E(CONTID_E_TRUNCATED, "Message truncated"),
	E(CONTID_E_NOTRECORD, "Not an audit record"),
	E(CONTID_E_STRLEN, "String value too long"),
	E(CONTID_E_NOTFOUND, "No such item"),
	E(CONTID_E_ARCHORDER, "The arch field must come before -S"),
	E(CONTID_E_UNKNOWN_USER, "Unknown user"),
	E(CONTID_E_UNKNOWN_GROUP, "Unknown group"),
	E(CONTID_E_READPERM, "Permission denied: reading a container ID takes CAP_AUDIT_CONTROL"),
};
#undef E

CONTID_EXPORT const char *contid_strerror(int err)
{
	if (err < 0)
		err = -err;
	if (err == 0)
		return "Success";
	if (err >= CONTID_E_BASE && err < CONTID_E_MAX)
		return lib_errors[err - CONTID_E_BASE].msg;
	if (err >= CONTID_E_BASE)
		return "Unknown libcontid error";
	/* strerror() may use a static buffer for unknown values only; every
	 * errno the library returns has a constant message. */
	return strerror(err);
}

CONTID_EXPORT const char *contid_strerrorname(int err)
{
	if (err < 0)
		err = -err;
	if (err >= CONTID_E_BASE && err < CONTID_E_MAX)
		return lib_errors[err - CONTID_E_BASE].name;
	return NULL;
}

/*
 * The kernel's refusals of /proc/PID/containerid as sentences.  contidctl
 * words them as causes of its own (src/cmd-task.c, task_cause()): both
 * wordings are asserted by tests, so they stay two; a new refusal goes in
 * both.
 */
CONTID_EXPORT const char *contid_task_strerror(int err)
{
	switch (err < 0 ? -err : err) {
	case EPERM:
		return "Permission denied: the caller or the opener lacks CAP_AUDIT_CONTROL, or the target is the caller or a kernel thread";
	case EBUSY:
		return "Task busy: it has children or threads";
	case EEXIST:
		return "The container ID of the task was already set";
	case ESRCH:
		return "No such task";
	case EINVAL:
		return "Invalid or unset container ID";
	case ERANGE:
		return "Container ID out of range";
	case CONTID_E_NOSUPPORT:
		return "Kernel lacks audit container ID support (no containerid file in /proc)";
	default:
		return contid_strerror(err);
	}
}

CONTID_EXPORT const char *contid_version(void)
{
	return PACKAGE_VERSION;
}
