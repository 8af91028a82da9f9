#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes tests/data/logs/known-interpretations from compare-auparse's
differences of interpreted values:

  COMPARE_VERBOSE=1 build/userspace/tests/unit/compare-auparse tests/data/logs |
      tests/data/logs/classify-interpretations.py tests/data/logs > known-interpretations

Each difference gets the class of the first rule below whose check holds
for it (the check is on the field, the record type, the raw value and both
interpretations, so that a class is given only where its reason is true);
a difference no rule fits is an error: look at it, then add a rule with a
reason checked against auparse 3.0.9's source (auparse/interpret.c,
typetab.h, ellist.c).  Not run by make check: a maintainer's tool for when
the interpretation changes.
"""
import re
import sys

# auparse 3.0.9 typetab.h
UIDS = {"auid", "uid", "euid", "suid", "fsuid", "ouid", "oauid", "old-auid",
        "iuid", "inode_uid", "sauid", "obj_uid"}
GIDS = {"obj_gid", "gid", "egid", "sgid", "fsgid", "ogid", "igid",
        "inode_gid", "new_gid"}
CAPS = {"cap_pi", "cap_pe", "cap_pp", "cap_pa", "cap_fi", "cap_fp", "fp",
        "fi", "old_pp", "old_pi", "old_pe", "old_pa", "new_pp", "new_pi",
        "new_pe", "pp", "pi", "pe", "pa"}
TYPED = UIDS | GIDS | CAPS | {
    "id", "syscall", "arch", "exit", "path", "comm", "exe", "file", "name",
    "watch", "cwd", "cmd", "acct", "dir", "key", "vm", "perm", "perm_mask",
    "mode", "saddr", "prom", "old_prom", "capability", "res", "result", "a0",
    "a1", "a2", "a3", "sig", "list", "data", "ses", "family", "icmptype",
    "proto", "addr", "per", "code", "oflag", "ocomm", "flags", "sigev_signo",
    "subj", "obj", "scontext", "tcontext", "proctitle", "grp", "new_group",
    "hook", "action", "macproto", "ioctlcmd", "resp", "sw", "device",
    "cgroup", "apparmor", "operation", "denied_mask", "info", "profile",
    "requested_mask"}

CLASSES = [
    ("enriched-name",
     "user or group name in an ENRICHED log: auparse_do_interpretation() "
     "takes the log's own NAME=\"...\" after 0x1d (load_interpretation_list()); "
     "contidctl -i asks getpwuid()/getgrgid() (the test's fixed table)"),
    ("uid-not-number",
     "auid=? : auparse's print_uid() takes strtoul(\"?\") = 0 without error "
     "and aulookup_uid(0) is \"root\"; contidctl -i keeps a value that is not "
     "a number"),
    ("id-field",
     "id= is a user to auparse (typetab.h AUPARSE_TYPE_UID; a group in "
     "ADD_GROUP, GRP_MGMT, DEL_GROUP by auparse_interp_adjust_type()), named "
     "from the ENRICHED ID= or getpwuid/getgrgid; contidctl -i does not "
     "interpret id="),
    ("syscall-args",
     "a0-a3 of SYSCALL: auparse's print_a0()..print_a3() give per-syscall "
     "names (flags, modes, signals, IDs, clock names) or 0x-prefixed hex; "
     "contidctl -i names those of the syscalls docs/ausearch.md lists and "
     "gives the others' as written, 0x-prefixed (clock_*, mmap, fcntl... "
     "not named yet)"),
    ("mode",
     "mode=: auparse's print_mode() gives \"file,640\" forms (AUPARSE_TYPE_MODE); "
     "contidctl -i keeps the octal number"),
    ("cap-bitmap",
     "capability sets (AUPARSE_TYPE_CAP_BITMAP: cap_f*, fp, fi, old_p*, "
     "new_p*): auparse's print_cap_bitmap() gives \"none\" or capability "
     "names; contidctl -i keeps the hex"),
    ("sockaddr",
     "saddr=: auparse's print_sockaddr(), or in an ENRICHED record the "
     "log's own SADDR= (interpretation list first), describes the address; "
     "contidctl -i keeps the hex"),
    ("success",
     "res=/result=: auparse's print_success() gives aulookup_success(): 1 is "
     "\"yes\"; contidctl -i keeps the number"),
    ("list",
     "list=: auparse's print_list() gives the rule list's name (4 is "
     "\"exit\"); contidctl -i keeps the number"),
    ("signal",
     "sig=: auparse's print_signals() gives the signal name; contidctl -i "
     "keeps the number"),
    ("nfproto",
     "family= (NETFILTER_CFG): auparse's print_nfproto() gives \"ipv4\"...; "
     "contidctl -i keeps the number"),
    ("seccomp-code",
     "code= (SECCOMP): auparse's print_seccomp_code() gives the action name; "
     "contidctl -i keeps the hex"),
    ("exit-strerror",
     "exit<0: auparse's print_exit() gives NAME(strerror text); contidctl -i "
     "gives the errno name alone"),
    ("unclassified-quoted",
     "a field not in auparse's typetab.h is AUPARSE_TYPE_UNCLASSIFIED: "
     "auparse gives it as written, with its double quotes; contidctl -i "
     "gives the decoded value, without them"),
    ("tty-data",
     "data= (AUPARSE_TYPE_TTY_DATA): auparse's print_tty_data() keeps a "
     "non-hex value as written (quotes and all) and writes decoded hex with "
     "its printable runs in double quotes; contidctl -i gives the decoded "
     "bytes"),
    ("old-ses",
     "old-ses= is not in auparse 3.0.9's typetab.h (only ses= is "
     "AUPARSE_TYPE_SESSION): auparse keeps 4294967295; contidctl -i gives "
     "\"unset\""),
    ("syscall-position",
     "auparse takes arch= and syscall= only at fixed field positions "
     "(ellist.c parse_up_record(): 2nd/3rd or 11th/12th); this SECCOMP "
     "record has them elsewhere, so auparse names syscall -1 in the build "
     "machine's arch; contidctl -i names syscall= in the record's arch="),
    ("execve-hex",
     "EXECVE aN= in hex (an argument with a blank, a quote or a control "
     "byte): auparse decodes it (auparse_interp_adjust_type(): "
     "AUPARSE_TYPE_ESCAPED, print_escaped()); libcontid's reader does not "
     "decode hex EXECVE arguments (contid_record_field() gives the hex), "
     "so contidctl -i shows the hex: a libcontid shortcoming"),
]

LINE = re.compile(r"^  (\S+) (\S+) (\d+):(\S+) (\S+) interp\t(.*)\t"
                  r"auparse '(.*)'\tlibcontid '(.*)'$")


LOGS = {}


def lines(logdir, file):
    if file not in LOGS:
        with open("%s/%s" % (logdir, file), "rb") as f:
            LOGS[file] = f.read().decode("latin-1").split("\n")
    return LOGS[file]


def log_has(logdir, file, stamp, upper, value):
    """A log line of @stamp has UPPER="value" after its 0x1d."""
    needle = '%s="%s"' % (upper, value)
    stamp = "audit(%s)" % stamp.split("/")[-1]
    return any(stamp in line and "\x1d" in line and
               needle in line.split("\x1d", 1)[1]
               for line in lines(logdir, file))


def classify(logdir, file, stamp, rtype, field, raw, au, ct):
    name = field.split("#")[0]
    enriched = any("\x1d" in line for line in lines(logdir, file))
    table = ct in ("root", "user1000") or re.fullmatch(r"unknown\(\d+\)", ct)
    if name in UIDS | GIDS and enriched and table and \
            log_has(logdir, file, stamp, name.upper(), au):
        return "enriched-name"
    if name in UIDS and not re.fullmatch(r"-?\d+", raw) and au == "root" \
            and ct == raw:
        return "uid-not-number"
    if name == "id" and ct == raw:
        return "id-field"
    if name in ("a0", "a1", "a2", "a3") and rtype == "SYSCALL" and \
            ct in (raw, "0x" + raw):
        return "syscall-args"
    if name == "mode" and ct == raw and re.fullmatch(r"[a-z-]+,[0-7,a-z]+", au):
        return "mode"
    if name in CAPS and rtype != "CRYPTO_KEY_USER" and ct == raw:
        return "cap-bitmap"
    if name == "saddr" and rtype not in ("AVC", "NETFILTER_PKT") and ct == raw:
        return "sockaddr"
    if name in ("res", "result") and ct == raw and au in ("yes", "no", "unset"):
        return "success"
    if name == "list" and ct == raw:
        return "list"
    if name == "sig" and ct == raw and au.startswith("SIG"):
        return "signal"
    if name == "family" and rtype == "NETFILTER_CFG" and ct == raw:
        return "nfproto"
    if name == "code" and rtype == "SECCOMP" and ct == raw:
        return "seccomp-code"
    if name == "exit" and au.startswith(ct + "(") and au.endswith(")"):
        return "exit-strerror"
    if name not in TYPED and raw.startswith('"') and au == raw and \
            ct == raw[1:-1]:
        return "unclassified-quoted"
    if name == "data" and rtype in ("TTY", "USER_TTY"):
        return "tty-data"
    if name == "old-ses" and raw == au == "4294967295" and ct == "unset":
        return "old-ses"
    if name == "syscall" and rtype == "SECCOMP" and au == "unknown-syscall(-1)":
        return "syscall-position"
    if rtype == "EXECVE" and re.fullmatch(r"a\d+", name) and ct == raw and \
            re.fullmatch(r"([0-9A-F]{2})+(\.\.\.)?", raw):
        return "execve-hex"
    return None


def main():
    logdir = sys.argv[1]
    out, bad = [], 0
    for line in sys.stdin:
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        file, stamp, idx, rtype, field, raw, au, ct = m.groups()
        cls = classify(logdir, file, stamp, rtype, field, raw, au, ct)
        if not cls:
            sys.stderr.write("no class: " + line)
            bad = 1
            continue
        out.append("%s %s %s:%s %s interp %s" % (file, stamp, idx, rtype,
                                                  field, cls))
    print("# Interpreted values where libauparse 3.0.9's auparse_interpret_field()")
    print("# and contidctl -i (search_interpret(), src/interpret.c) differ, on the")
    print("# logs of this directory: tests/unit/compare-auparse (make check).")
    print("# FILE STAMP RECORD FIELD interp CLASS: one line a difference, keyed as")
    print("# in known-differences; CLASS is a \"class NAME reason\" line below.")
    print("# Written by classify-interpretations.py (its rules check each entry")
    print("# against its class); an unlisted or a stale entry fails the test.")
    print("#")
    used = {line.rsplit(" ", 1)[1] for line in out}
    for name, reason in CLASSES:
        if name in used:
            print("class %s %s" % (name, reason))
    print()
    for line in out:
        print(line)
    return bad


if __name__ == "__main__":
    sys.exit(main())
