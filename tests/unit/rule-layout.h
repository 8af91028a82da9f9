/*
 * rule-layout.h: the byte offsets of struct audit_rule_data, written out
 * from the uapi layout (flags, action, field_count, mask[64], fields[64],
 * values[64], fieldflags[64], buflen, buf[]), for the tests that write a
 * packed rule's expected bytes by hand: tests/unit/test_rule.c (libcontid)
 * and tests/aus/rule-pack.c (the patched libaudit).
 */
#ifndef CONTID_TESTS_RULE_LAYOUT_H
#define CONTID_TESTS_RULE_LAYOUT_H
#define OFF_FLAGS	0
#define OFF_ACTION	4
#define OFF_COUNT	8
#define OFF_MASK	12
#define OFF_FIELDS	268
#define OFF_VALUES	524
#define OFF_FFLAGS	780
#define OFF_BUFLEN	1036
#define OFF_BUF		1040
#endif
