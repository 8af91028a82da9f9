#!/bin/sh
# Runs inside the QEMU guest (contid.job=demo): the cover letter's two
# worked examples, done with contidctl alone, with the records they produce.
set -e
say() { printf '\n### %s\n' "$*"; }

say "contidctl features"
contidctl features

# Follow the audit multicast group in the background for the records.
contidctl events > /tmp/events.txt 2>&1 &
events=$!
sleep 1

say "Example 1: set container ID 123456 on a sleeping child"
sleep 2 &
child=$!
echo "\$ contidctl set $child 123456"
contidctl set "$child" 123456
echo "\$ contidctl get $child"
contidctl get "$child"
echo "\$ contidctl set $child 654321   # a second set is refused"
contidctl set "$child" 654321 || true

say "Example 2: audit writes under /tmp by container 123459"
echo "\$ contidctl rule add --dir /tmp --perm wa --contid 123459 --key tmpcontainerid"
contidctl rule add --dir /tmp --perm wa --contid 123459 --key tmpcontainerid
echo "\$ contidctl rule list"
contidctl rule list
echo "\$ contidctl run --contid 123459 -- sh -c 'echo hello > /tmp/tmpcontainerid'"
contidctl run --contid 123459 -- sh -c 'echo hello > /tmp/tmpcontainerid'
sleep 1
echo "\$ contidctl rule del --dir /tmp --perm wa --contid 123459 --key tmpcontainerid"
contidctl rule del --dir /tmp --perm wa --contid 123459 --key tmpcontainerid

say "contidctl ps"
contidctl ps || true

kill "$events" 2>/dev/null || true
wait "$events" 2>/dev/null || true
say "Events seen (contidctl events)"
cat /tmp/events.txt
