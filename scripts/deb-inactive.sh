#!/bin/sh
# deb-inactive.sh DEB...: fail when a package would change how containers
# start on the host it is installed on (issue 30): a file under a directory
# a container engine reads its hooks or configuration from.  The hook and the
# runtime wrapper's engine configurations ship as examples under
# /usr/share/doc/contidctl/examples; enabling them is the admin's step.
# Prints each offending file as "DEB: PATH" and exits 1; exits 0 silently.
# scripts/deb.sh runs it on every package it builds; tests/cli/deb-inactive.sh
# checks it on packages made to fail.
[ $# -gt 0 ] || { echo "usage: deb-inactive.sh DEB..." >&2; exit 2; }
rc=0
for d; do
	list=$(dpkg-deb -c "$d") || { echo "deb-inactive.sh: cannot list $d" >&2; exit 2; }
	# dpkg-deb -c: the path is the sixth field (no package here has a
	# path with spaces); "-> target" follows for a symlink.  Directories
	# alone are harmless (an engine reads files).
	bad=$(printf '%s\n' "$list" | awk '$1 !~ /^d/ { print $6 }' | grep -E \
		'^\./(usr/share/containers/|etc/containers/|etc/crio/|etc/containerd/|etc/docker/)|/hooks\.d/.' )
	for f in $bad; do
		echo "$(basename "$d"): $f"
		rc=1
	done
done
exit $rc
