#!/bin/sh
# The shared library exports exactly the functions the public header
# declares, each in the version node the version script puts it in
# (LIBCONTID_1.0 never changes; later symbols are in later nodes), and
# imports nothing that prints.
set -eu
srcdir=${srcdir:-.}
lib=libcontid/.libs/libcontid.so
[ -f "$lib" ] || { echo "FAIL: no $lib (Makefile.am lists this test only when a shared library is built)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' > "$tmp/raw"
# symbol@@NODE as the version script says
awk '/^LIBCONTID_[0-9.]* *\{/ { node = $1 } /^\t*contid_[a-z0-9_]*;/ {
	s = $1; sub(/;/, "", s); gsub(/\t/, "", s); print s "@@" node }' \
	"$srcdir/libcontid/libcontid.map" | sort > "$tmp/wantver"
sort "$tmp/raw" > "$tmp/gotver"
diff -u "$tmp/wantver" "$tmp/gotver" || { echo "symbol versions differ from the version script"; exit 1; }
sed 's/@.*//' "$tmp/raw" | sort > "$tmp/exported"
grep -o 'contid_[a-z0-9_]*;' "$srcdir/libcontid/libcontid.map" | tr -d ';' | sort > "$tmp/mapped"
grep -o 'contid_[a-z0-9_]*(' "$srcdir/include/libcontid/contid.h" | tr -d '(' | sort -u > "$tmp/declared"

diff -u "$tmp/declared" "$tmp/exported" || { echo "header and exports differ"; exit 1; }
diff -u "$tmp/mapped" "$tmp/exported" || { echo "version script and exports differ"; exit 1; }

if nm -D --undefined-only "$lib" | grep -E ' (printf|fprintf|vprintf|vfprintf|dprintf|puts|fputs|putchar|fputc|fwrite|perror|syslog|vsyslog|err|warn|errx|warnx)(@|$)'; then
	echo "the library must not print"; exit 1
fi
echo "$(wc -l < "$tmp/exported") symbols, all declared, versioned, none printing"
