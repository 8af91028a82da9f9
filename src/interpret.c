/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse -i: the interpreted value of a field, as ausearch -i
 * (libauparse 3.0.9's auparse_interpret_field(), auparse/interpret.c)
 * prints it: the ENRICHED log's own interpretation when the record has
 * one, else the field's kind (auparse's typetab.h) says how to read it.
 */
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <netdb.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ausearch.h"
#include "interpret.h"
#include "interpret-args.h"
#include "shared/hexval.h"

/* ---------------------------------------------------------------- ids */

/*
 * The names of user and group IDs, looked up once a process: a log names
 * the same few IDs over and over, and each getpwuid()/getgrgid() opens and
 * reads /etc/passwd or /etc/group (ten opens an event before this cache).
 * A slot per (id % ID_SLOTS), the newest ID in it, as auparse's LRU of 19
 * slots a kind; a miss (no such user) is kept as well, name NULL.
 */
#define ID_SLOTS 64

struct id_slot {
	bool used;
	unsigned int id;
	char *name;		/* NULL: no entry for id */
};

enum id_kind { ID_USER, ID_GROUP };

static struct id_slot id_cache[2][ID_SLOTS];

/* The name of user or group @id, or NULL if it has none. */
static const char *id_name(enum id_kind kind, unsigned int id)
{
	struct id_slot *s = &id_cache[kind][id % ID_SLOTS];
	const char *n = NULL;

	if (s->used && s->id == id)
		return s->name;
	if (kind == ID_USER) {
		const struct passwd *pw = getpwuid((uid_t)id);

		n = pw ? pw->pw_name : NULL;
	} else {
		const struct group *gr = getgrgid((gid_t)id);

		n = gr ? gr->gr_name : NULL;
	}
	free(s->name);
	s->name = n ? strdup(n) : NULL;
	/* out of memory: not kept (the next time looks it up again) */
	s->used = !n || s->name;
	s->id = id;
	/* n lasts until the next lookup: the caller copies it at once */
	return s->name ? s->name : n;
}

/*
 * The name of IP protocol @n in /etc/protocols (getprotobynumber(), as
 * auparse asks it), or NULL; each of the 256 looked up once a run.
 */
static const char *proto_name(unsigned long long n)
{
	static struct {
		bool looked;
		char *name;
	} cache[256];
	const struct protoent *p;

	if (n >= 256)
		return NULL;
	if (cache[n].looked)
		return cache[n].name;
	p = getprotobynumber((int)n);
	cache[n].name = p ? strdup(p->p_name) : NULL;
	/* out of memory: asked again the next time */
	cache[n].looked = !p || cache[n].name;
	/* p lasts until the next lookup: the caller copies it at once */
	return cache[n].name ? cache[n].name : p ? p->p_name : NULL;
}

/* ---------------------------------------------------------------- output */

/* The interpretation being written: as snprintf, len counts what did not
 * fit, so that the caller learns the whole length. */
struct out {
	char *buf;
	size_t size, len;
};

static void put_bytes(struct out *o, const char *s, size_t n)
{
	if (o->len < o->size) {
		size_t room = o->size - 1 - o->len, k = n < room ? n : room;

		memcpy(o->buf + o->len, s, k);
		o->buf[o->len + k] = '\0';
	}
	o->len += n;
}

static void put(struct out *o, const char *s)
{
	put_bytes(o, s, strlen(s));
}

__attribute__((format(printf, 2, 3)))
static void putf(struct out *o, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	/* every format here is short; longer would be cut, so say so */
	if (n < 0 || (size_t)n >= sizeof(tmp))
		put(o, "(too long)");
	else
		put_bytes(o, tmp, (size_t)n);
}

/* @n bytes of a decoded value; NULs (proctitle's argument ends) as spaces */
static void put_value(struct out *o, const char *v, size_t n)
{
	while (n) {
		const char *z = memchr(v, '\0', n);
		size_t k = z ? (size_t)(z - v) : n;

		put_bytes(o, v, k);
		if (!z)
			break;
		put_bytes(o, " ", 1);
		v += k + 1;
		n -= k + 1;
	}
}

/* ---------------------------------------------------------------- names */

/* The names of libaudit 3.0.9's tables; index the number. */

/* auparse/captab.h (CAP_LAST_CAP 40 in the headers Debian built it with) */
static const char *const cap_names[] = {
	"chown", "dac_override", "dac_read_search", "fowner", "fsetid", "kill",
	"setgid", "setuid", "setpcap", "linux_immutable", "net_bind_service",
	"net_broadcast", "net_admin", "net_raw", "ipc_lock", "ipc_owner",
	"sys_module", "sys_rawio", "sys_chroot", "sys_ptrace", "sys_pacct",
	"sys_admin", "sys_boot", "sys_nice", "sys_resource", "sys_time",
	"sys_tty_config", "mknod", "lease", "audit_write", "audit_control",
	"setfcap", "mac_override", "mac_admin", "syslog", "wake_alarm",
	"block_suspend", "audit_read", "perfmon", "bpf", "checkpoint_restore",
};

/* auparse/signaltab.h; 30 is "IGPWR" there, and so in ausearch -i */
static const char *const signal_names[] = {
	"SIG0", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
	"SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2",
	"SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",
	"SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU",
	"SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "IGPWR",
	"SIGSYS",
};

/* lib/flagtab.h: the filter lists (AUDIT_FILTER_*) */
static const char *const list_names[] = {
	"user", "task", NULL, NULL, "exit", "exclude", "filesystem",
};

/* auparse/nfprototab.h: NFPROTO_* */
static const char *const nfproto_names[] = {
	"unspecified", "inet", "ipv4", "arp", NULL, "netdev", NULL, "bridge",
	NULL, NULL, "ipv6", NULL, "decnet",
};

/* lib/ftypetab.h, by (mode & S_IFMT) >> 12 */
static const char *const ftype_names[] = {
	[S_IFSOCK >> 12] = "socket", [S_IFLNK >> 12] = "link",
	[S_IFREG >> 12] = "file", [S_IFBLK >> 12] = "block",
	[S_IFDIR >> 12] = "dir", [S_IFCHR >> 12] = "character",
	[S_IFIFO >> 12] = "fifo",
};

/* auparse/seccomptab.h, by (code & SECCOMP_RET_ACTION) >> 16 */
static const char *const seccomp_names[] = {
	[0x0000] = "kill", [0x0003] = "trap", [0x0005] = "errno",
	[0x7fc0] = "user-notify", [0x7ff0] = "trace", [0x7ffc] = "log",
	[0x7fff] = "allow",
};

/* auparse/socktypetab.h: SOCK_* */
static const char *const socktype_names[] = {
	[1] = "SOCK_STREAM", "SOCK_DGRAM", "SOCK_RAW", "SOCK_RDM",
	"SOCK_SEQPACKET", "SOCK_DCCP", [10] = "SOCK_PACKET",
};

/* auparse/clone-flagtab.h, bit by bit from 0x100 (CLONE_STOPPED is
 * CLONE_NEWCGROUP's bit there); its CLONE_CLEAR_SIGHAND, bit 32, is never
 * reached by its 32-bit flags, and so not here */
static const char *const clone_names[] = {
	"CLONE_VM", "CLONE_FS", "CLONE_FILES", "CLONE_SIGHAND", NULL,
	"CLONE_PTRACE", "CLONE_VFORK", "CLONE_PARENT", "CLONE_THREAD",
	"CLONE_NEWNS", "CLONE_SYSVSEM", "CLONE_SETTLS", "CLONE_PARENT_SETTID",
	"CLONE_CHILD_CLEARTID", "CLONE_DETACHED", "CLONE_UNTRACED",
	"CLONE_CHILD_SETTID", "CLONE_STOPPED", "CLONE_NEWUTS", "CLONE_NEWIPC",
	"CLONE_NEWUSER", "CLONE_NEWPID", "CLONE_NEWNET", "CLONE_IO",
};

#define NAMES(t) (sizeof(t) / sizeof((t)[0]))

static const char *name_of(const char *const *t, size_t n, unsigned long long i)
{
	return i < n ? t[i] : NULL;
}

/* lib/machinetab.h and audit_elf_to_machine(): the AUDIT_ARCH_* values;
 * an arch's other names (parse --arch) after its first, which -i prints */
static const struct {
	uint32_t elf;
	const char *name;
} arch_names[] = {
	{ 0xc000003e, "x86_64" }, { 0x40000003, "i386" },
	{ 0xc00000b7, "aarch64" }, { 0x40000028, "arm" },
	{ 0x80000015, "ppc64" }, { 0xc0000015, "ppc64le" }, { 0x14, "ppc" },
	{ 0x80000016, "s390x" }, { 0x16, "s390" },
	{ 0x40000003, "i486" }, { 0x40000003, "i586" }, { 0x40000003, "i686" },
	{ 0x40000028, "armeb" }, { 0x40000028, "armv5tejl" },
	{ 0x40000028, "armv5tel" }, { 0x40000028, "armv6l" },
	{ 0x40000028, "armv7l" }, { 0xc00000b7, "armv8l" },
};

/* ---------------------------------------------------------------- kinds */

/* How a field's value reads (auparse's AUPARSE_TYPE_*), those done here. */
enum kind {
	K_RAW,		/* the decoded value as it is */
	K_UID, K_GID, K_SESSION, K_ARCH, K_SYSCALL, K_EXIT, K_PERM, K_MODE,
	K_MODE_SHORT, K_CAPABILITY, K_CAP_BITMAP, K_SUCCESS, K_ARG, K_SIGNAL,
	K_LIST, K_NFPROTO, K_CONTID, K_HEX_ESCAPED, K_SOCKADDR, K_SECCOMP,
	K_TTY_DATA,
};

/* auparse/typetab.h's names of these kinds, and contidctl's contid and
 * old-contid (docs/interfaces.md); sorted by name at first use */
static struct field_kind {
	const char *name;
	enum kind kind;
} kinds[] = {
	{ "a0", K_ARG }, { "a1", K_ARG }, { "a2", K_ARG }, { "a3", K_ARG },
	{ "arch", K_ARCH }, { "auid", K_UID },
	{ "cap_fi", K_CAP_BITMAP },
	{ "cap_fp", K_CAP_BITMAP }, { "cap_pa", K_CAP_BITMAP },
	{ "cap_pe", K_CAP_BITMAP }, { "cap_pi", K_CAP_BITMAP },
	{ "cap_pp", K_CAP_BITMAP }, { "capability", K_CAPABILITY },
	{ "code", K_SECCOMP },
	{ "contid", K_CONTID }, { "data", K_TTY_DATA },
	{ "egid", K_GID }, { "euid", K_UID },
	{ "exit", K_EXIT }, { "family", K_NFPROTO },
	{ "fi", K_CAP_BITMAP }, { "fp", K_CAP_BITMAP },
	{ "fsgid", K_GID }, { "fsuid", K_UID }, { "gid", K_GID },
	{ "id", K_UID }, { "igid", K_GID }, { "inode_gid", K_GID },
	{ "inode_uid", K_UID }, { "iuid", K_UID }, { "list", K_LIST },
	{ "mode", K_MODE }, { "new_gid", K_GID }, { "new_pe", K_CAP_BITMAP },
	{ "new_pi", K_CAP_BITMAP }, { "new_pp", K_CAP_BITMAP },
	{ "oauid", K_UID }, { "obj_gid", K_GID }, { "obj_uid", K_UID },
	{ "ogid", K_GID }, { "old-auid", K_UID }, { "old-contid", K_CONTID },
	{ "old_pa", K_CAP_BITMAP }, { "old_pe", K_CAP_BITMAP },
	{ "old_pi", K_CAP_BITMAP }, { "old_pp", K_CAP_BITMAP },
	{ "ouid", K_UID }, { "pa", K_CAP_BITMAP }, { "pe", K_CAP_BITMAP },
	{ "perm", K_PERM }, { "perm_mask", K_PERM },
	{ "pi", K_CAP_BITMAP }, { "pp", K_CAP_BITMAP },
	{ "res", K_SUCCESS }, { "result", K_SUCCESS }, { "saddr", K_SOCKADDR },
	{ "sauid", K_UID },
	{ "ses", K_SESSION }, { "sgid", K_GID }, { "sig", K_SIGNAL },
	{ "sigev_signo", K_SIGNAL }, { "suid", K_UID },
	{ "syscall", K_SYSCALL }, { "uid", K_UID },
};

static int kind_cmp(const void *a, const void *b)
{
	return strcmp(((const struct field_kind *)a)->name,
		      ((const struct field_kind *)b)->name);
}

static enum kind kind_of(const char *name)
{
	const struct field_kind key = { .name = name }, *k;

	k = bsearch(&key, kinds, NAMES(kinds), sizeof(kinds[0]), kind_cmp);
	return k ? k->kind : K_RAW;
}

/*
 * The kind of field @name in a record of @type: auparse's
 * auparse_interp_adjust_type() for the record types it corrects here
 * (EXECVE's arguments are hex-encoded strings, MQ_OPEN's mode is short,
 * the group management records' id is a group, the saddr of an AVC or a
 * NETFILTER_PKT is no socket address).
 */
static enum kind adjust_kind(unsigned int type, const char *name)
{
	if (type == 1309 /* EXECVE */ && name[0] == 'a' && strcmp(name, "argc") &&
	    !strstr(name, "_len"))
		return K_HEX_ESCAPED;
	if ((type == 1400 /* AVC */ || type == 1324 /* NETFILTER_PKT */) &&
	    strcmp(name, "saddr") == 0)
		return K_RAW;
	if (type == 1312 /* MQ_OPEN */ && strcmp(name, "mode") == 0)
		return K_MODE_SHORT;
	if ((type == 1116 || type == 1132 || type == 1118) /* ADD_GROUP,
	    GRP_MGMT, DEL_GROUP */ && strcmp(name, "id") == 0)
		return K_GID;
	return kind_of(name);
}

/* ---------------------------------------------------------------- values */

/* @v a whole number in @base into *@n (not negative, no sign) */
static bool number(const char *v, int base, unsigned long long *n)
{
	char *end;

	if (!*v || *v == '-' || *v == '+')
		return false;
	errno = 0;
	*n = strtoull(v, &end, base);
	return *end == '\0' && errno == 0;
}

/* user or group @n (its value as written was a number) */
static void put_id_n(struct out *o, enum kind k, unsigned long long n)
{
	const char *nm;

	if (n == 4294967295ULL) {
		put(o, "unset");
	} else if (n > UINT32_MAX) {
		putf(o, "%llu", n);
	} else if (n == 0) {
		/* as auparse: root, whatever the machine's files say */
		put(o, "root");
	} else {
		nm = id_name(k == K_UID ? ID_USER : ID_GROUP, (unsigned int)n);
		if (nm)
			put(o, nm);
		else	/* auparse prints the ID as an int */
			putf(o, "unknown(%d)", (int)(unsigned int)n);
	}
}

static void put_id(struct out *o, enum kind k, const char *v)
{
	unsigned long long n;

	if (strcmp(v, "-1") == 0)
		put(o, "unset");
	else if (!number(v, 10, &n) || n > UINT32_MAX)
		put(o, v);
	else
		put_id_n(o, k, n);
}

static bool arch_value(const char *arch, uint32_t *a)
{
	unsigned long long n;

	if (!arch || !number(arch, 16, &n) || n > UINT32_MAX)
		return false;
	*a = (uint32_t)n;
	return true;
}

bool interpret_arch_elf(const char *v, uint32_t *elf)
{
	size_t i;

	for (i = 0; i < NAMES(arch_names); i++)
		if (!strcasecmp(v, arch_names[i].name)) {
			*elf = arch_names[i].elf;
			return true;
		}
	if (arch_value(v, elf))
		for (i = 0; i < NAMES(arch_names); i++)
			if (arch_names[i].elf == *elf)
				return true;
	return false;
}

static void put_arch(struct out *o, const char *v)
{
	uint32_t a;
	size_t i;

	if (arch_value(v, &a))
		for (i = 0; i < NAMES(arch_names); i++)
			if (arch_names[i].elf == a) {
				put(o, arch_names[i].name);
				return;
			}
	put(o, v);
}

static void put_syscall(struct out *o, const char *v, const char *arch)
{
	unsigned long long n;
	const char *s = NULL;
	uint32_t a;

	if (arch_value(arch, &a) && number(v, 10, &n) && n <= INT32_MAX)
		s = contid_syscall_name_arch(a, (int)n);
	put(o, s ? s : v);
}

/* a negative exit: its errno's name and text, "EACCES(Permission denied)" */
static void put_exit(struct out *o, const char *v)
{
	char *end;
	long long e;
	const char *en;

	errno = 0;
	e = strtoll(v, &end, 10);
	en = *v && *end == '\0' && errno == 0 && e < 0 && e >= -4095 ?
		strerrorname_np((int)-e) : NULL;
	if (!en) {
		put(o, v);
		return;
	}
	putf(o, "%s(%s)", en, strerror((int)-e));
}

static void put_perm(struct out *o, const char *v)
{
	static const char *const perms[] = { "read", "write", "exec", "attr" };
	/* AUDIT_PERM_EXEC 1, _WRITE 2, _READ 4, _ATTR 8, in auparse's order */
	static const unsigned int bits[] = { 4, 2, 1, 8 };
	unsigned long long n;
	bool any = false;
	size_t i;

	if (!number(v, 10, &n)) {
		put(o, v);
		return;
	}
	/* the kernel reads nothing as everything */
	if (n == 0)
		n = 0xf;
	for (i = 0; i < NAMES(perms); i++)
		if (n & bits[i]) {
			put(o, any ? "," : "");
			put(o, perms[i]);
			any = true;
		}
}

/* "file,644", "dir,sgid,2755"...; @full false: MQ_OPEN's "0644" */
static void put_mode_n(struct out *o, unsigned long long n, bool full)
{
	bool any = false;

	if (full) {
		const char *t = name_of(ftype_names, NAMES(ftype_names),
					(n & S_IFMT) >> 12);

		if (t)
			put(o, t);
		else
			putf(o, "%03llo", (n & S_IFMT) >> 12);
		any = true;
	}
	if (n & S_ISUID) {
		put(o, any ? ",suid" : "suid");
		any = true;
	}
	if (n & S_ISGID) {
		put(o, any ? ",sgid" : "sgid");
		any = true;
	}
	if (n & S_ISVTX) {
		put(o, any ? ",sticky" : "sticky");
		any = true;
	}
	putf(o, full ? ",%03llo" : any ? ",0%03llo" : "0%03llo", n & 0777);
}

/* a mode in octal (mode=) */
static void put_mode(struct out *o, const char *v, bool full)
{
	unsigned long long n;

	if (!number(v, 8, &n) || n > UINT32_MAX)
		put(o, v);
	else
		put_mode_n(o, n, full);
}

static void put_cap_bitmap(struct out *o, const char *v)
{
	unsigned long long n;
	bool any = false;
	size_t i;

	if (!number(v, 16, &n)) {
		put(o, v);
		return;
	}
	for (i = 0; i < NAMES(cap_names); i++)
		if (n & (1ULL << i)) {
			put(o, any ? "," : "");
			put(o, cap_names[i]);
			any = true;
		}
	if (!any)
		put(o, "none");
}

/* a number's name in table @t (@n names), else "unknown-WHAT(V)" */
static void put_named(struct out *o, const char *v, const char *const *t, size_t n,
		      const char *what)
{
	unsigned long long i;
	const char *s;

	if (!number(v, 10, &i)) {
		put(o, v);
		return;
	}
	s = name_of(t, n, i);
	if (s)
		put(o, s);
	else
		putf(o, "unknown-%s(%s)", what, v);
}

/* res=: 1 yes, 0 no, another number unset; words as they are */
static void put_success(struct out *o, const char *v)
{
	unsigned long long n;

	if (*v < '0' || *v > '9' || !number(v, 10, &n))
		put(o, v);
	else
		put(o, n == 1 ? "yes" : n == 0 ? "no" : "unset");
}

/* a SECCOMP record's code= (hex): its action, "kill", "errno", ... */
static void put_seccomp(struct out *o, const char *v)
{
	unsigned long long n;
	const char *s;

	if (!number(v, 16, &n)) {
		put(o, v);
		return;
	}
	/* SECCOMP_RET_ACTION, as auparse (whose kill-process is never met) */
	s = name_of(seccomp_names, NAMES(seccomp_names), (n & 0x7fff0000) >> 16);
	if (s) {
		put(o, s);
	} else {
		put(o, "unknown-seccomp-code(");
		put(o, v);
		put(o, ")");
	}
}

/* ---------------------------------------------------------------- a0..a3 */

/* How auparse's print_a0()..print_a3() read an argument of a syscall. */
enum arg_kind {
	A_DIRFD,	/* AT_FDCWD, else hex */
	A_OPEN_FLAGS,	/* O_RDONLY|O_CLOEXEC */
	A_CREAT_MODE,	/* open's mode: when a1 has O_CREAT, as A_MODE_SHORT */
	A_MODE_SHORT,	/* 0755, suid,0755 */
	A_MODE,		/* file,644 */
	A_SIGNAL,	/* SIGTERM, unknown-signal(0x40) */
	A_UID, A_GID,	/* in hex: root, unset, a name */
	A_EXIT,		/* EXIT_SUCCESS, EXIT_FAILURE, UNKNOWN */
	A_CLONE_FLAGS,	/* CLONE_NEWNS|CLONE_NEWPID|SIGCHLD */
	A_SOCK_DOMAIN,	/* inet, local */
	A_SOCK_TYPE,	/* SOCK_STREAM (the low byte) */
	A_SOCK_PROTO,	/* ip, tcp: /etc/protocols */
	/* the tables of interpret-args.h */
	A_CLOCK,	/* CLOCK_MONOTONIC (0 to 6) */
	A_PERSONALITY,	/* PER_LINUX, PER_LINUX32|~ADDR_NO_RANDOMIZE */
	A_PTRACE,	/* PTRACE_ATTACH */
	A_PRCTL_OPT,	/* PR_SET_NAME */
	A_PRCTL_ARG,	/* a capability or a signal, by prctl's a0 */
	A_RLIMIT,	/* RLIMIT_NOFILE (0 to 16) */
	A_SOCKETCALL,	/* i386's socketcall: connect */
	A_BPF,		/* BPF_PROG_LOAD */
	A_FCNTL_CMD,	/* F_SETFD */
	A_FCNTL_ARG,	/* by fcntl's a1: F_SETOWN's user, FD_CLOEXEC */
	A_SOCK_LEVEL,	/* SOL_SOCKET, a protocol's name */
	A_SOCKOPT_NAME,	/* SO_REUSEADDR, TCP_NODELAY, ... by the level a1 */
	A_SCHED,	/* SCHED_FIFO|SCHED_RESET_ON_FORK */
	A_ACCESS,	/* F_OK, R_OK|W_OK */
	A_EPOLL_CTL,	/* EPOLL_CTL_ADD */
	A_UMOUNT,	/* MNT_DETACH */
	A_IOCTL,	/* TCGETS, else 0x and the low 32 bits */
	A_RECV,		/* MSG_DONTWAIT|MSG_NOSIGNAL */
	A_SHM_FLAGS,	/* IPC_CREAT|IPC_EXCL|0600 */
	A_PROT,		/* mprotect: PROT_READ|PROT_WRITE, PROT_NONE */
	A_PROT_MMAP,	/* mmap: the same and PROT_SEM */
	A_SEEK,		/* SEEK_SET */
	A_MMAP_FLAGS,	/* MAP_PRIVATE|MAP_ANONYMOUS, MAP_FILE */
	A_MOUNT,	/* MS_RDONLY|MS_BIND */
};

/*
 * The arguments auparse 3.0.9 names, by syscall name and argument
 * (auparse/interpret.c's print_a0..print_a3, as its branches reach them:
 * only chown's and chown32's a1 are users there, not fchown's or lchown's,
 * and no chown's a2 is a group; so here).  Not here, as unreachable
 * there: its ipccall (libaudit names i386's 117 "ipc") and clone2 (ia64).
 */
static const struct syscall_arg {
	const char *sys;
	unsigned char arg;
	unsigned char kind;
} syscall_args[] = {
	{ "renameat", 0, A_DIRFD }, { "renameat2", 0, A_DIRFD },
	{ "readlinkat", 0, A_DIRFD }, { "mkdirat", 0, A_DIRFD },
	{ "mknodat", 0, A_DIRFD }, { "fchownat", 0, A_DIRFD },
	{ "futimesat", 0, A_DIRFD }, { "fchmodat", 0, A_DIRFD },
	{ "faccessat", 0, A_DIRFD }, { "faccessat2", 0, A_DIRFD },
	{ "futimensat", 0, A_DIRFD }, { "unlinkat", 0, A_DIRFD },
	{ "utimensat", 0, A_DIRFD }, { "linkat", 0, A_DIRFD },
	{ "newfstatat", 0, A_DIRFD }, { "openat", 0, A_DIRFD },
	{ "openat2", 0, A_DIRFD }, { "name_to_handle_at", 0, A_DIRFD },
	{ "rt_sigaction", 0, A_SIGNAL },
	{ "setuid", 0, A_UID }, { "setreuid", 0, A_UID },
	{ "setresuid", 0, A_UID }, { "setfsuid", 0, A_UID },
	{ "setgid", 0, A_GID }, { "setregid", 0, A_GID },
	{ "setresgid", 0, A_GID }, { "setfsgid", 0, A_GID },
	{ "exit", 0, A_EXIT }, { "exit_group", 0, A_EXIT },
	{ "unshare", 0, A_CLONE_FLAGS }, { "socket", 0, A_SOCK_DOMAIN },
	{ "setns", 1, A_CLONE_FLAGS }, { "socket", 1, A_SOCK_TYPE },
	{ "fchmod", 1, A_MODE_SHORT }, { "chmod", 1, A_MODE_SHORT },
	{ "creat", 1, A_MODE_SHORT }, { "mkdir", 1, A_MODE_SHORT },
	{ "mknod", 1, A_MODE }, { "chown", 1, A_UID }, { "chown32", 1, A_UID },
	{ "setreuid", 1, A_UID }, { "setresuid", 1, A_UID },
	{ "setregid", 1, A_GID }, { "setresgid", 1, A_GID },
	{ "open", 1, A_OPEN_FLAGS }, { "mq_open", 1, A_OPEN_FLAGS },
	{ "kill", 1, A_SIGNAL }, { "tkill", 1, A_SIGNAL },
	{ "openat", 2, A_OPEN_FLAGS }, { "open_by_handle_at", 2, A_OPEN_FLAGS },
	{ "open", 2, A_CREAT_MODE }, { "mq_open", 2, A_CREAT_MODE },
	{ "fchmodat", 2, A_MODE_SHORT }, { "mkdirat", 2, A_MODE_SHORT },
	{ "mknodat", 2, A_MODE_SHORT },
	{ "setresuid", 2, A_UID }, { "setresgid", 2, A_GID },
	{ "readlinkat", 2, A_DIRFD }, { "renameat", 2, A_DIRFD },
	{ "renameat2", 2, A_DIRFD }, { "linkat", 2, A_DIRFD },
	{ "tgkill", 2, A_SIGNAL }, { "clone", 2, A_CLONE_FLAGS },
	{ "socket", 2, A_SOCK_PROTO },
	{ "clock_settime", 0, A_CLOCK }, { "personality", 0, A_PERSONALITY },
	{ "ptrace", 0, A_PTRACE }, { "prctl", 0, A_PRCTL_OPT },
	{ "getrlimit", 0, A_RLIMIT }, { "setrlimit", 0, A_RLIMIT },
	{ "socketcall", 0, A_SOCKETCALL }, { "bpf", 0, A_BPF },
	{ "fcntl", 1, A_FCNTL_CMD }, { "fcntl64", 1, A_FCNTL_CMD },
	{ "getsockopt", 1, A_SOCK_LEVEL }, { "setsockopt", 1, A_SOCK_LEVEL },
	{ "sched_setscheduler", 1, A_SCHED }, { "access", 1, A_ACCESS },
	{ "epoll_ctl", 1, A_EPOLL_CTL }, { "prctl", 1, A_PRCTL_ARG },
	{ "umount2", 1, A_UMOUNT }, { "ioctl", 1, A_IOCTL },
	{ "fcntl", 2, A_FCNTL_ARG }, { "fcntl64", 2, A_FCNTL_ARG },
	{ "getsockopt", 2, A_SOCKOPT_NAME }, { "setsockopt", 2, A_SOCKOPT_NAME },
	{ "faccessat", 2, A_ACCESS }, { "faccessat2", 2, A_ACCESS },
	{ "sendmsg", 2, A_RECV }, { "recvmsg", 2, A_RECV },
	{ "shmget", 2, A_SHM_FLAGS }, { "mmap", 2, A_PROT_MMAP },
	{ "mprotect", 2, A_PROT }, { "lseek", 2, A_SEEK },
	{ "mmap", 3, A_MMAP_FLAGS }, { "mount", 3, A_MOUNT },
	{ "recv", 3, A_RECV }, { "recvfrom", 3, A_RECV }, { "recvmmsg", 3, A_RECV },
	{ "send", 3, A_RECV }, { "sendto", 3, A_RECV }, { "sendmmsg", 3, A_RECV },
};

/* auparse/open-flagtab.h, in its order (O_RDONLY is the absence of both
 * access bits) */
static const struct {
	unsigned int flag;
	const char *name;
} open_flags[] = {
	{ 01, "O_WRONLY" }, { 02, "O_RDWR" }, { 0100, "O_CREAT" },
	{ 0200, "O_EXCL" }, { 0400, "O_NOCTTY" }, { 01000, "O_TRUNC" },
	{ 02000, "O_APPEND" }, { 04000, "O_NONBLOCK" }, { 010000, "O_DSYNC" },
	{ 020000, "O_ASYNC" }, { 040000, "O_DIRECT" },
	{ 0200000, "O_DIRECTORY" }, { 0400000, "O_NOFOLLOW" },
	{ 01000000, "O_NOATIME" }, { 02000000, "O_CLOEXEC" },
	{ 04000000, "__O_SYNC" }, { 010000000, "O_PATH" },
	{ 020000000, "__O_TMPFILE" },
};

static void put_open_flags(struct out *o, unsigned long long n)
{
	bool any = (n & 3) == 0;
	size_t i;

	if (any)
		put(o, "O_RDONLY");
	for (i = 0; i < NAMES(open_flags); i++)
		if (n & open_flags[i].flag) {
			put(o, any ? "|" : "");
			put(o, open_flags[i].name);
			any = true;
		}
}

/* CLONE_* flags, then the exit signal of the low byte */
static void put_clone_flags(struct out *o, unsigned long long n)
{
	bool any = false;
	size_t i;

	for (i = 0; i < NAMES(clone_names); i++)
		if (clone_names[i] && (n & (0x100ULL << i))) {
			put(o, any ? "|" : "");
			put(o, clone_names[i]);
			any = true;
		}
	if ((n & 0xff) && (n & 0xff) < NAMES(signal_names)) {
		put(o, any ? "|" : "");
		put(o, signal_names[n & 0xff]);
		any = true;
	}
	if (!any)
		putf(o, "0x%llx", n);
}

/* @name, or @what, the value as written and ")" */
static void put_name_or(struct out *o, const char *name, const char *what, const char *v)
{
	if (name) {
		put(o, name);
	} else {
		put(o, what);
		put(o, v);
		put(o, ")");
	}
}

/* The name of @v in table @t, the first listed (auparse's i2s), or NULL. */
static const char *arg_name(const struct arg_name *t, size_t n, unsigned long long v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].value == v)
			return t[i].name;
	return NULL;
}

/* The names of @t's entries with a bit in @v, in its order, '|' between
 * them (and before the first if @any); returns whether any was put. */
static bool put_arg_flags(struct out *o, const struct arg_name *t, size_t n,
			  unsigned long long v, bool any)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].value & v) {
			put(o, any ? "|" : "");
			put(o, t[i].name);
			any = true;
		}
	return any;
}

#define TAB(t) t##_names, NAMES(t##_names)
#define ARG_NAME(t, v) arg_name(t##_names, NAMES(t##_names), v)
#define ARG_FLAGS(o, t, v, any) put_arg_flags(o, t##_names, NAMES(t##_names), v, any)

/* argument @which ("a0", "a1") of @rec in hex, or all ones */
static unsigned long long rec_arg(const struct contid_record *rec, const char *which)
{
	const char *s = contid_record_find(rec, which);
	unsigned long long n;

	return s && number(s, 16, &n) ? n : ~0ULL;
}

/* setsockopt's option names, by its level (auparse's print_a2(): UDP's
 * two are in its code) */
static const struct arg_name udpoptname_names[] = {
	{ 1, "UDP_CORK" }, { 100, "UDP_ENCAP" },
};
static const struct {
	unsigned int level;
	const struct arg_name *t;
	size_t n;
	const char *unknown;
} sockopt_levels[] = {
	{ 0, TAB(ipoptname), "unknown-ipopt-name(0x" },		/* IPPROTO_IP */
	{ 1, TAB(sockoptname), "unknown-sockopt-name(0x" },	/* SOL_SOCKET */
	{ 6, TAB(tcpoptname), "unknown-tcpopt-name(0x" },	/* IPPROTO_TCP */
	{ 17, TAB(udpoptname), "unknown-udpopt-name(0x" },	/* IPPROTO_UDP */
	{ 41, TAB(ip6optname), "unknown-ip6opt-name(0x" },	/* IPPROTO_IPV6 */
	{ 263, TAB(pktoptname), "unknown-pktopt-name(0x" },	/* SOL_PACKET */
};

static void put_sockopt_name(struct out *o, unsigned long long level,
			     unsigned int n, const char *v)
{
	size_t i;

	for (i = 0; i < NAMES(sockopt_levels); i++)
		if (sockopt_levels[i].level == level) {
			put_name_or(o, arg_name(sockopt_levels[i].t, sockopt_levels[i].n, n),
				    sockopt_levels[i].unknown, v);
			return;
		}
	putf(o, "0x%s", v);
}

/* a syscall argument's signal (auparse's print_signals(val, 16)) */
static void put_arg_signal(struct out *o, unsigned long long n, const char *v)
{
	put_name_or(o, n < NAMES(signal_names) ? signal_names[n] : NULL,
		    "unknown-signal(0x", v);
}

/*
 * The kinds that are one lookup in a table of interpret-args.h: a name, or
 * @unknown, the value as written and ")"; or, @unknown NULL, the names of
 * the bits set, or "0x" and the value.  auparse reads each value into an
 * int (a strtoul() cast): the low 32 bits are looked up, masked with
 * @mask, and only below @below when that is not 0.
 */
static const struct arg_table {
	unsigned char kind;
	const struct arg_name *t;
	size_t n;
	unsigned int mask, below;
	const char *unknown;
} arg_tables[] = {
	{ A_CLOCK, TAB(clock), ~0u, 7, "unknown-clk_id(0x" },
	{ A_PTRACE, TAB(ptrace), ~0u, 0, "unknown-ptrace(0x" },
	{ A_PRCTL_OPT, TAB(prctl_opt), ~0u, 0, "unknown-prctl-option(0x" },
	{ A_RLIMIT, TAB(rlimit), ~0u, 17, "unknown-rlimit(0x" },
	{ A_SOCKETCALL, TAB(socketcall), ~0u, 0, "unknown-socketcall(" },
	{ A_BPF, TAB(bpf), ~0u, 0, "unknown-bpf-cmd(" },
	{ A_SEEK, TAB(seek), 0xff, 0, "unknown-whence(" },
	{ A_UMOUNT, TAB(umount), ~0u, 0, NULL },
	{ A_RECV, TAB(recv), ~0u, 0, NULL },
	{ A_MOUNT, TAB(mount), ~0u, 0, NULL },
};

/* a name, or @prefix and the value as an int, then ")" (fcntl's and
 * epoll_ctl's); ioctl's: "0x" and its hex, @prefix NULL */
static void put_name_or_int(struct out *o, const char *name, const char *prefix,
			    unsigned int i)
{
	if (name)
		put(o, name);
	else if (prefix)
		putf(o, "%s%d)", prefix, (int)i);
	else
		putf(o, "0x%x", i);
}

/* The kinds of arguments read from interpret-args.h's tables. */
static void put_arg_table(struct out *o, const struct contid_record *rec,
			  enum arg_kind kind, unsigned long long n, const char *v)
{
	unsigned int i = (unsigned int)n;
	unsigned long long a;
	const char *s;
	size_t k;
	bool any;

	for (k = 0; k < NAMES(arg_tables); k++) {
		const struct arg_table *t = &arg_tables[k];

		if (t->kind != kind)
			continue;
		if (t->unknown)
			put_name_or(o, !t->below || i < t->below ?
				    arg_name(t->t, t->n, i & t->mask) : NULL, t->unknown, v);
		else if (!put_arg_flags(o, t->t, t->n, i, false))
			putf(o, "0x%s", v);
		return;
	}
	switch (kind) {
	case A_PERSONALITY:
		s = ARG_NAME(person, i & PER_MASK);
		put_name_or(o, s, "unknown-personality(0x", v);
		if (s && (i & ADDR_NO_RANDOMIZE))
			put(o, "|~ADDR_NO_RANDOMIZE");
		break;
	case A_SCHED:
		s = ARG_NAME(sched, i & 0x0f);
		put_name_or(o, s, "unknown-scheduler-policy(0x", v);
		if (s && (i & 0x40000000))
			put(o, "|SCHED_RESET_ON_FORK");
		break;
	case A_PRCTL_ARG:
		a = rec_arg(rec, "a0");
		if (a == 23 || a == 24)	/* PR_CAPBSET_READ, _DROP */
			put_name_or(o, name_of(cap_names, NAMES(cap_names), i),
				    "unknown-capability(0x", v);
		else if (a == 1)	/* PR_SET_PDEATHSIG */
			put_arg_signal(o, i, v);
		else
			putf(o, "0x%s", v);
		break;
	case A_FCNTL_CMD:
		put_name_or_int(o, ARG_NAME(fcntl_cmd, i), "unknown-fcntl-command(", i);
		break;
	case A_EPOLL_CTL:
		put_name_or_int(o, ARG_NAME(epoll_ctl, i), "unknown-epoll_ctl-operation(", i);
		break;
	case A_IOCTL:
		put_name_or_int(o, ARG_NAME(ioctlreq, i), NULL, i);
		break;
	case A_FCNTL_ARG:
		a = rec_arg(rec, "a1");
		if (a == 8)		/* F_SETOWN */
			put_id_n(o, K_UID, n);
		else if (a == 2 && i == 1)	/* F_SETFD */
			put(o, "FD_CLOEXEC");
		else
			putf(o, "0x%s", v);
		break;
	case A_SOCK_LEVEL:
		s = i == 1 ? "SOL_SOCKET" : proto_name(i);
		put_name_or(o, s ? s : ARG_NAME(socklevel, i), "unknown-sockopt-level(0x", v);
		break;
	case A_SOCKOPT_NAME:
		put_sockopt_name(o, rec_arg(rec, "a1"), i, v);
		break;
	case A_ACCESS:
		if ((n & 0xf) == 0)
			put(o, "F_OK");
		else if (!ARG_FLAGS(o, access, n, false))
			putf(o, "0x%s", v);
		break;
	case A_SHM_FLAGS:
		any = ARG_FLAGS(o, ipccmd, i & 03000, false);
		any = ARG_FLAGS(o, shm_mode, i & 014000, any);
		put(o, any ? "|" : "");
		put_mode_n(o, i & 0777, false);
		break;
	case A_PROT:
	case A_PROT_MMAP:
		if ((i & 7) == 0)
			put(o, "PROT_NONE");
		else if (!put_arg_flags(o, prot_names, kind == A_PROT_MMAP ? 4 : 3, i, false))
			putf(o, "0x%s", v);
		break;
	case A_MMAP_FLAGS:
		any = (i & 0x0f) == 0;
		if (any)
			put(o, "MAP_FILE");
		if (!ARG_FLAGS(o, mmap, i, any))
			putf(o, "0x%s", v);
		break;
	default:
		break;
	}
}

/* The kind of argument @arg (0..3) of syscall @sys, or -1: hex. */
static int arg_kind(const char *sys, unsigned int arg)
{
	size_t i;

	for (i = 0; sys && i < NAMES(syscall_args); i++)
		if (syscall_args[i].arg == arg && syscall_args[i].sys[0] == sys[0] &&
		    strcmp(syscall_args[i].sys, sys) == 0)
			return syscall_args[i].kind;
	return -1;
}

/*
 * A syscall argument a0..a3 of @rec, @v its value in hex: named as auparse
 * names it for some syscalls, else "0x" and the value.
 */
static void put_arg(struct out *o, const struct contid_record *rec,
		    const char *name, const char *v)
{
	const char *arch = contid_record_find(rec, "arch");
	const char *sc = contid_record_find(rec, "syscall"), *a1s;
	unsigned long long n, a1;
	const char *sys = NULL;
	int kind;
	uint32_t a;

	if (arch_value(arch, &a) && sc && number(sc, 10, &n) && n <= INT32_MAX)
		sys = contid_syscall_name_arch(a, (int)n);
	kind = arg_kind(sys, (unsigned int)(name[1] - '0'));
	if (kind < 0 || !number(v, 16, &n)) {
		put(o, "0x");
		put(o, v);
		return;
	}
	switch ((enum arg_kind)kind) {
	case A_DIRFD:
		if (n == 0xffffff9c) {
			put(o, "AT_FDCWD");
		} else {
			put(o, "0x");
			put(o, v);
		}
		break;
	case A_OPEN_FLAGS:
		put_open_flags(o, n);
		break;
	case A_CREAT_MODE:
		a1s = contid_record_find(rec, "a1");
		if (!a1s || !number(a1s, 16, &a1) || !(a1 & 0100)) {
			put(o, "0x");
			put(o, v);
			break;
		}
		/* fall through */
	case A_MODE_SHORT:
	case A_MODE:
		put_mode_n(o, n, kind == A_MODE);
		break;
	case A_SIGNAL:
		put_arg_signal(o, n, v);
		break;
	case A_UID:
	case A_GID:
		put_id_n(o, kind == A_UID ? K_UID : K_GID, n);
		break;
	case A_EXIT:
		put(o, n == 0 ? "EXIT_SUCCESS" : n == 1 ? "EXIT_FAILURE" : "UNKNOWN");
		break;
	case A_CLONE_FLAGS:
		put_clone_flags(o, n & 0xffffffff);
		break;
	case A_SOCK_DOMAIN:
		put_name_or(o, interpret_family_name(n), "unknown-family(0x", v);
		break;
	case A_SOCK_TYPE:
		put_name_or(o, name_of(socktype_names, NAMES(socktype_names), n & 0xff),
			    "unknown-type(", v);
		break;
	case A_SOCK_PROTO:
		put_name_or(o, proto_name(n), "unknown-proto(", v);
		break;
	default:
		put_arg_table(o, rec, (enum arg_kind)kind, n, v);
		break;
	}
}

/* A container ID: the unset ID as "unset" (docs/interfaces.md) */
static void put_contid(struct out *o, const char *v)
{
	if (strcmp(v, "18446744073709551615") == 0 || strcmp(v, "-1") == 0)
		put(o, "unset");
	else
		put(o, v);
}

/*
 * EXECVE's arguments: the kernel writes one quoted, or hex-encoded when it
 * holds a quote, a space, a control byte or a byte past 0x7e; auparse
 * decodes the leading run of hex digit pairs (its au_unescape()).  @raw
 * is the value as written, @v and @len the library's decoding of it.
 */
static void put_hex_escaped(struct out *o, const char *raw, const char *v, size_t len)
{
	size_t i;

	if (!raw || raw[0] == '"' || raw[0] == '(' || hexval(raw[0]) < 0) {
		put_value(o, v, len);
		return;
	}
	for (i = 0; hexval(raw[i]) >= 0 && hexval(raw[i + 1]) >= 0; i += 2) {
		char c = (char)(hexval(raw[i]) << 4 | hexval(raw[i + 1]));

		put_value(o, &c, 1);
	}
}

/*
 * data= (auparse's print_tty_data()): a value that is not all hex digits
 * as written, quotes and all; else its bytes, each run of printable ones
 * in double quotes (\\, \" and \ooo escaped), each named key sequence
 * (tty_keys[], the first that matches) as <name>, comma-separated.
 */
static void put_tty_data(struct out *o, const char *raw)
{
	size_t n = strlen(raw), pos, i;
	bool in = false, any = false;
	unsigned char *d;

	for (i = 0; i < n; i++)
		if (hexval(raw[i]) < 0) {
			put(o, raw);
			return;
		}
	n /= 2;
	d = malloc(n ? n : 1);
	if (!d) {
		put(o, raw);
		return;
	}
	for (i = 0; i < n; i++)
		d[i] = (unsigned char)(hexval(raw[2 * i]) << 4 | hexval(raw[2 * i + 1]));
	for (pos = 0; pos < n; any = true) {
		const char *name = NULL;
		size_t k, len = 0;

		if (d[pos] < ' ' || (d[pos] >= 0x7f && d[pos] < 0xa0))
			for (k = 0; k < NAMES(tty_keys) && !name; k++) {
				len = strlen(tty_keys[k].seq);
				if (len <= n - pos && !memcmp(d + pos, tty_keys[k].seq, len))
					name = tty_keys[k].name;
			}
		if (name) {
			put(o, in ? "\"" : "");
			put(o, any ? ",<" : "<");
			put(o, name);
			put(o, ">");
			in = false;
			pos += len;
			continue;
		}
		if (!in)
			put(o, any ? ",\"" : "\"");
		in = true;
		if (d[pos] < 0x20 || d[pos] > 0x7e)
			putf(o, "\\%03o", d[pos]);
		else if (d[pos] == '\\' || d[pos] == '"')
			putf(o, "\\%c", d[pos]);
		else
			put_bytes(o, (const char *)d + pos, 1);
		pos++;
	}
	if (in)
		put(o, "\"");
	free(d);
}

/* ---------------------------------------------------------------- fields */

size_t search_interpret(const struct contid_record *rec, unsigned int i,
			char *buf, size_t size)
{
	static bool sorted;
	struct out o = { .buf = buf, .size = size };
	const char *name, *v, *e;
	enum kind k;
	size_t len;

	if (size)
		buf[0] = '\0';
	if (!sorted) {
		/* the table is written in order; keep it so if it was not */
		qsort(kinds, NAMES(kinds), sizeof(kinds[0]), kind_cmp);
		sorted = true;
	}
	if (contid_record_field(rec, i, &name, &v, &len) < 0)
		return 0;
	/* an ENRICHED log's own interpretation, as auparse (which tries
	 * again what auditd did not know, "unknown-...") */
	e = contid_record_field_interp(rec, i);
	if (e && strncmp(e, "unknown-", 8) != 0) {
		put(&o, e);
		return o.len;
	}
	k = adjust_kind(contid_record_type(rec), name);
	switch (k) {
	case K_UID:
	case K_GID:
		put_id(&o, k, v);
		break;
	case K_SESSION:
		put(&o, strcmp(v, "4294967295") == 0 ? "unset" : v);
		break;
	case K_ARCH:
		put_arch(&o, v);
		break;
	case K_SYSCALL:
		put_syscall(&o, v, contid_record_find(rec, "arch"));
		break;
	case K_EXIT:
		put_exit(&o, v);
		break;
	case K_PERM:
		put_perm(&o, v);
		break;
	case K_MODE:
	case K_MODE_SHORT:
		put_mode(&o, v, k == K_MODE);
		break;
	case K_CAPABILITY:
		put_named(&o, v, cap_names, NAMES(cap_names), "capability");
		break;
	case K_CAP_BITMAP:
		put_cap_bitmap(&o, v);
		break;
	case K_SUCCESS:
		put_success(&o, v);
		break;
	case K_ARG:
		put_arg(&o, rec, name, v);
		break;
	case K_SIGNAL:
		put_named(&o, v, signal_names, NAMES(signal_names), "signal");
		break;
	case K_LIST:
		put_named(&o, v, list_names, NAMES(list_names), "list");
		break;
	case K_NFPROTO:
		put_named(&o, v, nfproto_names, NAMES(nfproto_names), "family");
		break;
	case K_CONTID:
		put_contid(&o, v);
		break;
	case K_HEX_ESCAPED:
		put_hex_escaped(&o, contid_record_field_raw(rec, i), v, len);
		break;
	case K_SECCOMP:
		put_seccomp(&o, v);
		break;
	case K_TTY_DATA:
		e = contid_record_field_raw(rec, i);
		put_tty_data(&o, e ? e : v);
		break;
	case K_SOCKADDR:
		/* the first output of the field: o.len is 0 */
		o.len = interpret_sockaddr(v, buf, size);
		break;
	case K_RAW:
		put_value(&o, v, len);
		break;
	}
	return o.len;
}
