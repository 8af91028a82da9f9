# expect.awk: what ausearch must print for a selection of the events of
# an audit log, computed from the log's text alone (tests/aus/host.sh).
#
#   awk -v fmt=FMT -v events="S1 S2 ..." -f expect.awk INTERPRETED LOG
#	the expected stdout for the events with serials S1 S2 ..., in that
#	order, in ausearch's format FMT:
#	raw          each event's records as they stand in LOG, in LOG's
#	             order (ausearch-report.c's output_raw: list_first..next);
#	default      "----", "time->" and ctime(3) of the stamp's seconds
#	             (TZ=UTC), then the records last to first ("the output
#	             order is lifo for everything": output_default);
#	interpreted  "----", then the records last to first (output_interpreted),
#	             each as "type=T msg=audit(MM/DD/YY HH:MM:SS.mmm:S) : " and
#	             its fields in order as name=?: the values are auparse's
#	             (upstream's) business, and left out -- but the contid and
#	             old-contid fields, whose values are the hand-written ones
#	             of INTERPRETED (tests/aus/data/interpreted) for the record.
#	A record of LOG with a contid field that INTERPRETED does not name,
#	or with other contid fields than it names, prints "MISSING ..."
#	lines, which match no output.
#   awk -v fmt=skeleton -f expect.awk
#	ausearch -i's output on stdin as the "interpreted" skeleton above:
#	the values of the fields but contid and old-contid replaced by "?".
#
# Fields are split at spaces; a word with no "=" belongs to the value
# before it (ausearch -i prints "exit=EEXIST(File exists)").

# TEXT, "name=value ..." (a record after its stamp), as name=? words but
# contid and old-contid: from the log (FROM_LOG), with the values
# INTERPRETED gives the record KEY ("serial type nth"); from ausearch -i,
# with the values it printed.
function fields(text, from_log, key,    n, w, i, out, name, eq, cf, k) {
	n = split(text, w, " ")
	out = ""
	cf = 0
	for (i = 1; i <= n; i++) {
		eq = index(w[i], "=")
		if (eq == 0)
			continue	# the rest of the value before
		name = substr(w[i], 1, eq - 1)
		if (name == "contid" || name == "old-contid") {
			if (from_log) {
				cf++
				k = key " " cf
				if (!(k in want_field) || want_field[k] != name)
					out = out " MISSING:" name
				else
					out = out " " name "=" want_value[k]
			} else
				out = out " " w[i]
		} else
			out = out " " name "=?"
	}
	if (from_log && (key " " (cf + 1)) in want_field)
		out = out " MISSING:" want_field[key " " (cf + 1)]
	return out
}

function stamp_of(line) {
	if (!match(line, /msg=audit\([0-9]+\.[0-9]+:[0-9]+\)/))
		return ""
	return substr(line, RSTART + 10, RLENGTH - 11)
}

function run(cmd,    out) {
	cmd | getline out
	close(cmd)
	return out
}

fmt == "skeleton" {
	sub(/ +$/, "")
	if ($0 == "----" || !match($0, /^type=[^ ]+ msg=audit\([^)]*\) : /)) {
		print
		next
	}
	head = substr($0, 1, RLENGTH - 1)
	print head fields(substr($0, RLENGTH + 1), 0, "")
	next
}

# INTERPRETED: "SERIAL TYPE field=value ...", one line per record with
# contid fields, records of one serial and type in their log order
FILENAME == ARGV[1] {
	if ($0 ~ /^#/ || NF == 0)
		next
	key = $1 " " $2
	nth[key]++
	for (i = 3; i <= NF; i++) {
		eq = index($i, "=")
		want_field[key " " nth[key] " " (i - 2)] = substr($i, 1, eq - 1)
		want_value[key " " nth[key] " " (i - 2)] = substr($i, eq + 1)
	}
	next
}

{
	st = stamp_of($0)
	split(st, p, ":")
	serial = p[2]
	nrec[serial]++
	rec[serial, nrec[serial]] = $0
	sec[serial] = p[1]
}

END {
	if (fmt == "skeleton")
		exit 0
	n = split(events, ev, " ")
	for (e = 1; e <= n; e++) {
		s = ev[e]
		if (!(s in nrec)) {
			print "MISSING event " s " in the log"
			continue
		}
		if (fmt == "raw") {
			for (r = 1; r <= nrec[s]; r++)
				print rec[s, r]
			continue
		}
		split(sec[s], t, ".")
		print "----"
		if (fmt == "default") {
			print "time->" run("date -u -d @" t[1] " '+%a %b %e %T %Y'")
			for (r = nrec[s]; r >= 1; r--)
				print rec[s, r]
			continue
		}
		# interpreted
		delete seen
		for (r = 1; r <= nrec[s]; r++) {
			line = rec[s, r]
			match(line, /^type=[^ ]+/)
			type = substr(line, 6, RLENGTH - 5)
			seen[type]++
			match(line, /\): /)
			body[r] = "type=" type " msg=audit(" \
				run("date -u -d @" t[1] " '+%m/%d/%y %T'") "." t[2] ":" s ") :" \
				fields(substr(line, RSTART + 3), 1, s " " type " " seen[type])
		}
		for (r = nrec[s]; r >= 1; r--)
			print body[r]
	}
}
