#!/bin/sh
# The shared library exports exactly the functions the public header
# declares, each in a LIBCONTID_1.x version node, and imports nothing that
# prints.
set -eu
srcdir=${srcdir:-.}
lib=libcontid/.libs/libcontid.so
[ -f "$lib" ] || { echo "no $lib (built with --disable-shared?)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' > "$tmp/raw"
grep -Ev '@@LIBCONTID_1\.[0-9]+$' "$tmp/raw" > "$tmp/badver" || true
if [ -s "$tmp/badver" ]; then
	echo "exported outside a LIBCONTID_1.x node:"; cat "$tmp/badver"; exit 1
fi
# the symbols of 1.0 stay in 1.0 (an ABI once released does not move)
for s in $(sed -n '/^LIBCONTID_1.0 {/,/^}/p' "$srcdir/libcontid/libcontid.map" | grep -o 'contid_[a-z0-9_]*'); do
	grep -qx "$s@@LIBCONTID_1.0" "$tmp/raw" || { echo "$s left LIBCONTID_1.0"; exit 1; }
done
sed 's/@.*//' "$tmp/raw" | sort > "$tmp/exported"
grep -o 'contid_[a-z0-9_]*;' "$srcdir/libcontid/libcontid.map" | tr -d ';' | sort > "$tmp/mapped"
grep -o 'contid_[a-z0-9_]*(' "$srcdir/include/libcontid/contid.h" | tr -d '(' | sort -u > "$tmp/declared"

diff -u "$tmp/declared" "$tmp/exported" || { echo "header and exports differ"; exit 1; }
diff -u "$tmp/mapped" "$tmp/exported" || { echo "version script and exports differ"; exit 1; }

if nm -D --undefined-only "$lib" | grep -E ' (printf|fprintf|vprintf|vfprintf|dprintf|puts|fputs|putchar|fputc|fwrite|perror|syslog|vsyslog|err|warn|errx|warnx)(@|$)'; then
	echo "the library must not print"; exit 1
fi
echo "$(wc -l < "$tmp/exported") symbols, all declared, versioned, none printing"
