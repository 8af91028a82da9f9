/*
 * contid-events: print audit events carrying given container IDs, read
 * from an audit log (-f FILE) or from the kernel's multicast group.
 *
 *   contid-events -f /var/log/audit/audit.log 123459
 *   contid-events 123459 123460          # needs CAP_AUDIT_READ
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libcontid/contid.h>

static void print_event(const struct contid_event *ev)
{
	int i, n = contid_event_record_count(ev);

	printf("event %" PRIu64 ".%03u:%" PRIu64 " contid", contid_event_sec(ev),
	       contid_event_msec(ev), contid_event_serial(ev));
	for (i = 0; i < contid_event_contid_count(ev); i++)
		printf("%c%" PRIu64, i ? ',' : '=',
		       contid_event_contid(ev, (unsigned int)i));
	printf("\n");
	for (i = 0; i < n; i++) {
		const struct contid_record *rec = contid_event_record(ev, (unsigned int)i);
		const char *name = contid_msgtype_name(contid_record_type(rec));

		if (name)
			printf("  %s %s\n", name, contid_record_text(rec));
		else
			printf("  UNKNOWN[%u] %s\n", contid_record_type(rec),
			       contid_record_text(rec));
	}
}

static void drain(struct contid_reader *rd)
{
	struct contid_event *ev;

	while (contid_reader_next(rd, &ev) == 1) {
		print_event(ev);
		contid_event_free(ev);
	}
}

int main(int argc, char **argv)
{
	struct contid_reader *rd;
	const char *file = NULL;
	uint64_t ids[64];
	size_t n = 0;
	int i, err;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-f") && i + 1 < argc) {
			file = argv[++i];
		} else if (n < 64 && contid_id_parse(argv[i], &ids[n]) == 0) {
			n++;
		} else {
			fprintf(stderr, "usage: %s [-f FILE] [ID...]\n", argv[0]);
			return 2;
		}
	}
	err = contid_reader_new(&rd, 0, 0);
	if (err == 0)
		err = contid_reader_set_filter(rd, ids, n);
	if (err < 0) {
		fprintf(stderr, "reader: %s\n", contid_strerror(err));
		return 1;
	}
	if (file) {
		char buf[65536];
		ssize_t got;
		int fd = open(file, O_RDONLY);

		if (fd < 0) {
			perror(file);
			return 1;
		}
		while ((got = read(fd, buf, sizeof(buf))) > 0) {
			err = contid_reader_feed_log(rd, buf, (size_t)got);
			if (err < 0)
				break;
			drain(rd);
		}
		close(fd);
		contid_reader_flush(rd);
		drain(rd);
	} else {
		struct contid_handle *h;

		err = contid_handle_open(&h, CONTID_OPEN_READLOG);
		if (err < 0) {
			fprintf(stderr, "open: %s\n", contid_strerror(err));
			return 1;
		}
		contid_handle_set_timeout(h, 1000);
		for (;;) {
			err = contid_reader_read_netlink(rd, h);
			if (err < 0)
				break;
			drain(rd);
		}
		contid_handle_close(h);
	}
	contid_reader_free(rd);
	if (err < 0) {
		fprintf(stderr, "%s\n", contid_strerror(err));
		return 1;
	}
	return 0;
}
