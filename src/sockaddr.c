/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contidctl parse -i: a socket address (SOCKADDR's saddr=) as libauparse
 * 3.0.9's print_sockaddr() (auparse/interpret.c) prints it.
 */
#include "config.h"

#include <linux/netlink.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "interpret.h"
#include "shared/hexval.h"

/* auparse/famtab.h: the address families, by number */
static const char *const fam_names[] = {
	[1] = "local", "inet", "ax25", "ipx", "appletalk", "netrom", "bridge",
	"atmpvc", "x25", "inet6", "rose", "decnet", "netbeui", "security",
	"key", "netlink", "packet", "ash", "econet", "atmsvc", "rds", "sna",
	"irda", "pppox", "wanpipe", "llc", [29] = "can", "tipc", "bluetooth",
	"iucv", "rxrpc", "isdn", "phonet", "ieee802154", "caif", "alg", "nfc",
	"vsock", "kcm", "qipcrtr", "smc", "xdp",
};

const char *interpret_family_name(unsigned long long fam)
{
	return fam < sizeof(fam_names) / sizeof(fam_names[0]) ? fam_names[fam] : NULL;
}

size_t interpret_sockaddr(const char *hex, char *buf, size_t size)
{
	union {
		struct sockaddr sa;
		struct sockaddr_un un;
		struct sockaddr_in in;
		struct sockaddr_in6 in6;
		struct sockaddr_nl nl;
		struct sockaddr_storage ss;
	} u;
	char host[NI_MAXHOST], serv[NI_MAXSERV];
	size_t slen = strlen(hex) / 2, n;
	const char *fam;
	int r;

	/* the leading run of hex digit pairs, as auparse's au_unescape() */
	memset(&u, 0, sizeof(u));
	for (n = 0; n < sizeof(u) && hexval(hex[2 * n]) >= 0 &&
	     hexval(hex[2 * n + 1]) >= 0; n++)
		((unsigned char *)&u)[n] = (unsigned char)(hexval(hex[2 * n]) << 4 |
							   hexval(hex[2 * n + 1]));
	if (n < sizeof(u.sa.sa_family))
		return (size_t)snprintf(buf, size, "%s", hex);
	fam = interpret_family_name(u.sa.sa_family);
	if (!fam)
		return (size_t)snprintf(buf, size, "unknown-family(%d)", u.sa.sa_family);
	switch (u.sa.sa_family) {
	case AF_LOCAL:
		if (slen < 4)
			break;
		/* an abstract name starts with a NUL */
		r = snprintf(buf, size, "{ saddr_fam=%s path=%.108s }", fam,
			     u.un.sun_path[0] ? u.un.sun_path : u.un.sun_path + 1);
		return (size_t)r;
	case AF_INET:
	case AF_INET6:
		if (slen < (u.sa.sa_family == AF_INET ? sizeof(u.in) : sizeof(u.in6)))
			return (size_t)snprintf(buf, size, "{ saddr_fam=%s sockaddr%s len too short }",
						fam, u.sa.sa_family == AF_INET ? "" : "6");
		if (getnameinfo(&u.sa, u.sa.sa_family == AF_INET ? sizeof(u.in) : sizeof(u.in6),
				host, sizeof(host), serv, sizeof(serv),
				NI_NUMERICHOST | NI_NUMERICSERV) != 0)
			return (size_t)snprintf(buf, size, "{ saddr_fam=%s (error resolving addr) }",
						fam);
		return (size_t)snprintf(buf, size, "{ saddr_fam=%s laddr=%s lport=%s }",
					fam, host, serv);
	case AF_NETLINK:
		if (slen < sizeof(u.nl))
			return (size_t)snprintf(buf, size, "{ saddr_fam=%s len too short }", fam);
		return (size_t)snprintf(buf, size, "{ saddr_fam=%s nlnk-fam=%u nlnk-pid=%u }",
					fam, u.nl.nl_family, u.nl.nl_pid);
	default:
		return (size_t)snprintf(buf, size, "{ saddr_fam=%s (unsupported) }", fam);
	}
	return (size_t)snprintf(buf, size, "{ saddr_fam=%s sockaddr len too short }", fam);
}
