#!/bin/sh
# debian/libcontid0.symbols lists exactly what libcontid/libcontid.map
# exports, node by node: a symbol added to the map without the symbols file
# (or the reverse) fails here, on the host, before a package build would.
# Every symbol carries the package version that first shipped it; a new
# version node's symbols carry the version that adds them.
set -eu
export LC_ALL=C
srcdir=${srcdir:-.}
map=$srcdir/libcontid/libcontid.map
sym=$srcdir/debian/libcontid0.symbols
[ -f "$sym" ] || { echo "no $sym"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# From the map: each node as NODE@NODE, each symbol as symbol@NODE.
awk '/^LIBCONTID_[0-9.]* *\{/ { node = $1; print node "@" node }
     /^\t*contid_[a-z0-9_]*;/ { s = $1; sub(/;/, "", s); gsub(/\t/, "", s); print s "@" node }' \
	"$map" | sort > "$tmp/map"
# From the symbols file: the lines after the header, version dropped.
head -n 2 "$sym" > "$tmp/header"
printf '%s\n' 'libcontid.so.0 libcontid0 #MINVER#' '* Build-Depends-Package: libcontid-dev' > "$tmp/want-header"
diff -u "$tmp/want-header" "$tmp/header" || { echo "$sym: wrong header lines"; exit 1; }
tail -n +3 "$sym" | grep -v '^#' > "$tmp/body"
if grep -v -E '^ [A-Za-z0-9_.]+@LIBCONTID_[0-9.]+ [0-9][0-9A-Za-z.+~-]*$' "$tmp/body"; then
	echo "$sym: lines above are not ' symbol@NODE VERSION'"; exit 1
fi
awk '{ print $1 }' "$tmp/body" | sort > "$tmp/sym"
if ! diff -u "$tmp/map" "$tmp/sym"; then
	echo "$sym and $map differ (- map only, + symbols file only)"; exit 1
fi
echo "$(wc -l < "$tmp/sym") symbols and version nodes, as the version script says"
