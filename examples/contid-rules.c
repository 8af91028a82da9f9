/*
 * contid-rules: list the kernel's audit rules in auditctl syntax, or check
 * rules given as arguments (parse, refusals, normalised text) without
 * sending anything.
 *
 *   contid-rules                       # AUDIT_LIST_RULES
 *   contid-rules '-a always,exit -S openat -F contid=5 -k k'
 */
#include <stdio.h>
#include <stdlib.h>

#include <libcontid/contid.h>

static int print_rule(const struct contid_rule *r, void *data)
{
	char buf[4096];

	(void)data;
	if (contid_rule_format(r, buf, sizeof(buf)) < 0)
		return 0;
	printf("%s\n", buf);
	return 0;
}

int main(int argc, char **argv)
{
	struct contid_handle *h;
	int i, err;

	if (argc > 1) {
		for (i = 1; i < argc; i++) {
			struct contid_rule *r;
			char buf[4096];
			size_t len;
			void *bin;

			err = contid_rule_parse(&r, argv[i]);
			if (err < 0) {
				fprintf(stderr, "%s: %s\n", argv[i], contid_strerror(err));
				return 1;
			}
			err = contid_rule_check(NULL, r);
			contid_rule_format(r, buf, sizeof(buf));
			if (contid_rule_pack(r, &bin, &len) == 0)
				free(bin);
			printf("%s  (%zu bytes%s%s)\n", buf, len, err ? ", " : "",
			       err ? contid_strerror(err) : "");
			contid_rule_free(r);
		}
		return 0;
	}
	err = contid_handle_open(&h, 0);
	if (err == 0) {
		err = contid_rule_list(h, print_rule, NULL);
		contid_handle_close(h);
	}
	if (err < 0) {
		fprintf(stderr, "list rules: %s\n", contid_strerror(err));
		return 1;
	}
	return 0;
}
