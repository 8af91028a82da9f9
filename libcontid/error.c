/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Error messages: one table for the library codes, strerror for errno. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "internal.h"

static const char *const lib_errors[CONTID_E_MAX - CONTID_E_BASE] = {
	[CONTID_E_PROTO - CONTID_E_BASE] = "Malformed or unexpected reply from the kernel",
	[CONTID_E_NOSUPPORT - CONTID_E_BASE] = "Kernel lacks audit container ID support",
	[CONTID_E_NOFEATURE - CONTID_E_BASE] = "Kernel lacks the containerid rule filter (feature bit absent)",
	[CONTID_E_UNSET - CONTID_E_BASE] = "The unset container ID (18446744073709551615) is not a valid ID",
	[CONTID_E_SYNTAX - CONTID_E_BASE] = "Syntax error",
	[CONTID_E_UNKNOWN_FIELD - CONTID_E_BASE] = "Unknown rule field",
	[CONTID_E_UNKNOWN_SYSCALL - CONTID_E_BASE] = "Unknown system call",
	[CONTID_E_BADOP - CONTID_E_BASE] = "Operator not allowed on this field",
	[CONTID_E_BADLIST - CONTID_E_BASE] = "Field not allowed on this filter list",
	[CONTID_E_TOOMANYFIELDS - CONTID_E_BASE] = "Too many fields in the rule (at most 64)",
	[CONTID_E_KEYLEN - CONTID_E_BASE] = "Key too long (at most 256 bytes)",
	[CONTID_E_BADVALUE - CONTID_E_BASE] = "Invalid value for the field",
	[CONTID_E_TRUNCATED - CONTID_E_BASE] = "Message truncated",
	[CONTID_E_NOTRECORD - CONTID_E_BASE] = "Not an audit record",
	[CONTID_E_STRLEN - CONTID_E_BASE] = "String value too long",
	[CONTID_E_NOTFOUND - CONTID_E_BASE] = "No such item",
	[CONTID_E_ARCHORDER - CONTID_E_BASE] = "The arch field must come before -S",
	[CONTID_E_UNKNOWN_USER - CONTID_E_BASE] = "Unknown user",
	[CONTID_E_UNKNOWN_GROUP - CONTID_E_BASE] = "Unknown group",
	[CONTID_E_READPERM - CONTID_E_BASE] = "Permission denied: reading a container ID takes CAP_AUDIT_CONTROL",
};

CONTID_EXPORT const char *contid_strerror(int err)
{
	if (err < 0)
		err = -err;
	if (err == 0)
		return "Success";
	if (err >= CONTID_E_BASE && err < CONTID_E_MAX)
		return lib_errors[err - CONTID_E_BASE];
	if (err >= CONTID_E_BASE)
		return "Unknown libcontid error";
	/* strerror() may use a static buffer for unknown values only; every
	 * errno the library returns has a constant message. */
	return strerror(err);
}

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
	case CONTID_E_UNSET:
	case CONTID_E_READPERM:
		return lib_errors[(err < 0 ? -err : err) - CONTID_E_BASE];
	default:
		return contid_strerror(err);
	}
}

CONTID_EXPORT const char *contid_version(void)
{
	return PACKAGE_VERSION;
}
