#!/usr/bin/env bash
# Regenerate kernel/patches/ from the commits on top of "base" in the tree:
# edit the tree, commit (or rebase -i), then run this.
#
# The cover letter, 0000-cover-letter.patch, is written by hand but kept
# in the form `git format-patch --cover-letter` gives it: this script
# regenerates it with format-patch and carries over its Subject text, its
# From and Date lines and its text (everything before the shortlog), so that the
# shortlog, the diffstat and the patch count follow the series.
. "$(dirname "$0")/common.sh"
[ -e "$KSRC/.git" ] || die "no tree at $KSRC"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "no commits on top of base"
git -C "$KSRC" diff --quiet HEAD || die "uncommitted changes in $KSRC: commit them first"
mkdir -p "$PATCH_DIR"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --zero-commit, no signature and a fixed abbreviation: the files change
# only when a patch does.
git -C "$KSRC" format-patch -q --zero-commit --no-signature --abbrev=9 --cover-letter \
	-o "$tmp" base..HEAD
new_cover=$tmp/0000-cover-letter.patch
[ -f "$new_cover" ] || die "format-patch wrote no cover letter"
if [ -f "$COVER_LETTER" ]; then
	# The old letter's subject (after "[PATCH 00/NN] ", unfolded), date
	# and text (from the first blank line to the shortlog's
	# "Author (N):" line).
	subject=$(awk '/^Subject: /{s=$0; f=1; next} f && /^ /{s=s $0; next} {f=0} END{print s}' \
		"$COVER_LETTER" | sed -E 's/^Subject: \[PATCH[^]]*\] ?//')
	date=$(grep -m1 '^Date: ' "$COVER_LETTER" || true)
	from=$(grep -m1 '^From: ' "$COVER_LETTER" || true)
	awk 'body && /^[^ ].* \([0-9]+\):$/ {exit} body {print} /^$/ && !body {body=1}' \
		"$COVER_LETTER" > "$tmp/blurb"
	[ -n "$subject" ] && [ -s "$tmp/blurb" ] ||
		die "$COVER_LETTER: no subject or no text before the shortlog"
	grep -q 'SUBJECT HERE' "$COVER_LETTER" && die "$COVER_LETTER still has format-patch's placeholder"
	SUBJECT=$subject DATE=$date FROM=$from BLURB=$tmp/blurb awk '
		BEGIN { while ((getline l < ENVIRON["BLURB"]) > 0) blurb = blurb l "\n" }
		/^Date: / && ENVIRON["DATE"] != "" { print ENVIRON["DATE"]; next }
		/^From: / && ENVIRON["FROM"] != "" && !from++ { print ENVIRON["FROM"]; next }
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, ENVIRON["SUBJECT"]) }
		/^\*\*\* BLURB HERE \*\*\*$/ { printf "%s", blurb; skip = 1; next }
		skip && /^$/ { skip = 0; next }
		{ skip = 0; print }
	' "$new_cover" > "$tmp/cover"
	mv "$tmp/cover" "$new_cover"
else
	log "no $COVER_LETTER yet: writing format-patch's template, fill it in"
fi
# Replace the series' files; the cover letter last, once it is complete.
while IFS= read -r p; do rm -f "$p"; done < <(series_patches)
for p in "$tmp"/*.patch; do
	[ "$p" = "$new_cover" ] || mv "$p" "$PATCH_DIR/"
done
mv "$new_cover" "$COVER_LETTER"
git -C "$KSRC" config contid.series "$(series_hash)"
git -C "$KSRC" config contid.head "$(git -C "$KSRC" rev-parse HEAD)"
log "wrote $n patches and the cover letter to $PATCH_DIR"
