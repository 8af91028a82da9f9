/*
 * la-build.h: a rule built with libaudit's calls as auditctl 3.0.9 builds
 * it from its words (-a/-A, -w, -p, -S, -F, -C, -k; keys joined and added
 * last; "-S all" where no syscall was given), for the tests that compare
 * libcontid's packing with libaudit's: tests/unit/test_rules_golden.c
 * (stock libaudit) and tests/aus/rule-pack.c (the patched one).  Included
 * once per program (static functions).
 */
#ifndef CONTID_TESTS_LA_BUILD_H
#define CONTID_TESTS_LA_BUILD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libaudit.h>

/* libaudit's globals (private.h of audit-userspace), exported */
extern unsigned int _audit_elf;
extern int _audit_syscalladded, _audit_permadded, _audit_archadded,
	_audit_exeadded, _audit_filterfsadded;

/* ---- auditctl 3.0.9's setopt()/handle_request(), for the rule lines */

static int la_build(int n, char **w, struct audit_rule_data **rp, char *why,
		    size_t wl)
{
	struct audit_rule_data *rule = audit_rule_create_data();
	int add = AUDIT_FILTER_UNSET, action = -1, i;
	char key[AUDIT_MAX_KEY_LEN + 1] = "";

	_audit_elf = 0;
	_audit_syscalladded = _audit_permadded = _audit_archadded = 0;
	_audit_exeadded = _audit_filterfsadded = 0;
	for (i = 0; i + 1 < n; i += 2) {
		char opt = w[i][1], *arg = strdup(w[i + 1]);
		int flags = add & AUDIT_FILTER_MASK, rc = 0;

		switch (opt) {
		case 'a': case 'A': {
			char *c = strchr(arg, ',');
			int f = -1;

			*c = '\0';
			if (audit_name_to_action(arg) >= 0) {
				action = audit_name_to_action(arg);
				f = audit_name_to_flag(c + 1);
			} else {
				f = audit_name_to_flag(arg);
				action = audit_name_to_action(c + 1);
			}
			add = f | (opt == 'A' ? AUDIT_FILTER_PREPEND : 0);
			break;
		}
		case 'w': {
			size_t len = strlen(arg);
			struct stat st;
			int type = AUDIT_WATCH;

			if (len > 2 && arg[len - 1] == '/')
				while (arg[len - 1] == '/' && len > 1)
					arg[--len] = '\0';
			if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
				type = AUDIT_DIR;
			rc = audit_add_watch_dir(type, &rule, arg);
			add = AUDIT_FILTER_EXIT;
			action = AUDIT_ALWAYS;
			_audit_syscalladded = 1;
			break;
		}
		case 'p': {
			int v = 0;

			for (char *p = arg; *p; p++)
				v |= *p == 'r' ? AUDIT_PERM_READ : *p == 'w' ? AUDIT_PERM_WRITE :
				     *p == 'x' ? AUDIT_PERM_EXEC : *p == 'a' ? AUDIT_PERM_ATTR : 0;
			rc = audit_update_watch_perms(rule, v);
			break;
		}
		case 'S': {
			char *s = NULL, *name;

			if (!_audit_elf)
				_audit_elf = audit_machine_to_elf(audit_detect_machine());
			for (name = strtok_r(arg, ",", &s); name && !rc;
			     name = strtok_r(NULL, ",", &s))
				rc = audit_rule_syscallbyname_data(rule, name);
			_audit_syscalladded = 1;
			break;
		}
		case 'F':
			if (!strncmp(arg, "key=", 4)) {
				if (key[0])
					strcat(key, "\001");
				strcat(key, arg + 4);
				break;
			}
			rc = audit_rule_fieldpair_data(&rule, arg, flags);
			break;
		case 'C':
			rc = audit_rule_interfield_comp_data(&rule, arg, flags);
			break;
		case 'k':
			if (key[0])
				strcat(key, "\001");
			strcat(key, arg);
			break;
		default:
			rc = -1;
		}
		free(arg);
		if (rc) {
			snprintf(why, wl, "libaudit refused %s %s (%d)", w[i], w[i + 1], rc);
			free(rule);
			return -1;
		}
	}
	if (key[0]) {
		char pair[AUDIT_MAX_KEY_LEN + 8];
		int rc;

		snprintf(pair, sizeof(pair), "key=%s", key);
		rc = audit_rule_fieldpair_data(&rule, pair, add & AUDIT_FILTER_MASK);
		if (rc) {
			snprintf(why, wl, "libaudit refused the key (%d)", rc);
			free(rule);
			return -1;
		}
	}
	if ((add & AUDIT_FILTER_MASK) != AUDIT_FILTER_TASK && _audit_syscalladded != 1)
		audit_rule_syscallbyname_data(rule, "all");
	rule->flags = (uint32_t)add;
	rule->action = (uint32_t)action;
	*rp = rule;
	return 0;
}

#endif
