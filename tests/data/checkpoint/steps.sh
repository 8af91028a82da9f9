# shellcheck shell=sh
# Sourced by make-golden.sh (which runs ausearch) and tests/cli/checkpoint.sh
# (which runs contidctl parse): steps_run plays ./steps, a list of runs
# with --checkpoint between changes to the logs, and prints each run's
# result in the same form for both programs:
#
#   == CASE: KIND ARGS
#   status N
#   [node ]SEC.MS:SERIAL       (the events printed, sorted)
#   cp: mode 600               (./cp afterwards, or "cp: none")
#   cp: dev=@dev               (this directory's device)
#   cp: inode=@ino(FILE)       (the inode of FILE here)
#   cp: output=...
#
# The caller defines step_prog KIND ARGS (KIND run, logs or pipe; in the
# case's directory; its stdout and stderr are kept) and step_err WANT
# (called after it with the stderr contidctl must print, as the steps
# file writes it after "|"; make-golden.sh ignores it).
#
# Steps (one a line, # comments):
#   case NAME             a new empty directory (with logs/)
#   lines FILE A B        append lines A to B of ckpt.log to FILE (kept
#                         in place: its inode stays)
#   rotate                logs/audit.log.N to .N+1, ..., audit.log to .1
#   create FILE           an empty FILE
#   remove FILE
#   copy FILE NEW         a copy (a new inode)
#   checkpoint TEXT       write ./cp: TEXT with \n, @dev and @ino(FILE)
#   run ARGS|STDERR       the program on its own arguments
#   logs ARGS|STDERR      the configured log, logs/audit.log with its
#                         rotated files (ausearch -if logs; contidctl's
#                         auditd.conf says log_file = logs/audit.log)
#   pipe FILE ARGS|STDERR FILE on standard input, a pipe
# The program's arguments always start with --raw.

steps_stamps() {
	sed -n 's/^\(node=[^ ]* \)\{0,1\}type=.* msg=audit(\([0-9.:]*\)).*/\1\2/p' | sort -u
}

# the inode of FILE as @ino(FILE), the directory's device as @dev
steps_files() {
	(cd "$steps_work" && find . -type f ! -name cp ! -name auditd.conf | sed 's|^\./||' | sort)
}

steps_show_cp() {
	f=$steps_work/cp
	if [ ! -e "$f" ]; then
		echo "cp: none"
		return
	fi
	echo "cp: mode $(stat -c %a "$f")"
	dev=$(printf 'dev=0x%X' "$(stat -c %d "$steps_work")")
	while IFS= read -r l || [ -n "$l" ]; do
		if [ "$l" = "$dev" ]; then
			l="dev=@dev"
		else
			for g in $(steps_files); do
				[ "$l" = "inode=$(stat -c %i "$steps_work/$g")" ] && l="inode=@ino($g)"
			done
			for g in $steps_gone; do
				[ "$l" = "inode=${g%%:*}" ] && l="inode=@gone(${g#*:})"
			done
		fi
		echo "cp: $l"
	done < "$f"
}

steps_checkpoint() {
	text=$(printf '%s\n' "$1" | sed "s|@dev|$(printf '0x%X' "$(stat -c %d "$steps_work")")|g")
	for g in $(steps_files); do
		text=$(printf '%s\n' "$text" | sed "s|@ino($g)|$(stat -c %i "$steps_work/$g")|g")
	done
	# shellcheck disable=SC2059
	printf "$text" > "$steps_work/cp"
}

# steps_run STEPS LOG WORKDIR
steps_run() {
	steps_log=$2 steps_work=$3 steps_case=
	steps_out=$3.out steps_errf=$3.err
	while IFS= read -r line; do
		case $line in ''|'#'*) continue ;; esac
		cmd=${line%% *}
		rest=${line#"$cmd"}
		rest=${rest# }
		case $cmd in
		case)
			steps_case=$rest steps_gone=
			rm -rf "$steps_work"
			mkdir -p "$steps_work/logs"
			echo "log_file = logs/audit.log" > "$steps_work/auditd.conf"
			;;
		lines)
			# shellcheck disable=SC2086
			set -- $rest
			sed -n "$2,$3p" "$steps_log" >> "$steps_work/$1"
			;;
		rotate)
			n=1
			while [ -e "$steps_work/logs/audit.log.$n" ]; do n=$((n + 1)); done
			while [ "$n" -gt 1 ]; do
				mv "$steps_work/logs/audit.log.$((n - 1))" "$steps_work/logs/audit.log.$n"
				n=$((n - 1))
			done
			mv "$steps_work/logs/audit.log" "$steps_work/logs/audit.log.1"
			;;
		create)
			: > "$steps_work/$rest"
			;;
		remove)
			# its inode is shown as @gone(FILE)
			steps_gone="$steps_gone $(stat -c %i "$steps_work/$rest"):$rest"
			rm -f "$steps_work/$rest"
			;;
		copy)
			# shellcheck disable=SC2086
			set -- $rest
			cp "$steps_work/$1" "$steps_work/$2"
			;;
		checkpoint)
			steps_checkpoint "$rest"
			;;
		run|logs|pipe)
			args=${rest%%|*}
			want=
			case $rest in *'|'*) want=${rest#*|} ;; esac
			echo "== $steps_case: $cmd $args"
			(cd "$steps_work" && step_prog "$cmd" "$args") > "$steps_out" 2> "$steps_errf"
			echo "status $?"
			steps_stamps < "$steps_out"
			steps_show_cp
			step_err "$want"
			;;
		*)
			echo "steps: unknown step: $line" >&2
			return 1
			;;
		esac
	done < "$1"
	rm -rf "$steps_work" "$steps_out" "$steps_errf"
}
