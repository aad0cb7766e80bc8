#!/usr/bin/env bash
# A crowd at the door (issue 21), on one front with its default limits (release build, the Swift runtime linked
# statically, as `make release` builds it):
#   bench/crowd.py  200, 1,000 and 2,000 visitors arriving 20 a second (half with a key of their own), each
#                   staying 2 minutes and pressing a key
#                   every ~3 s: first page and key → answer percentiles, failures, PSS and CPU per session;
#                   then 1,000 and 2,000 (EDIT_CROWDS) with the product on every screen edited every second:
#                   edit → on each screen; 2,000 of them also at nice 0, with the crowd's collector as
#                   Python has it, and with the front at one browser's weight (--group-nice 0: the peer of the
#                   front's own weight, which it takes in a session of its own), and with crowd.py's visitors
#                   split over two processes (--shards 2: its one loop reads a burst's screens in turn;
#                   EDIT_PRIORITY_CROWDS)
#                   and 1,000 and 2,000 again from the second client, openmarket-crowd (CLIENT_CROWDS); every
#                   crowd at nice -10 (its thread and its autogroup), then 1,000 at nice 0 (PRIORITY_CROWDS)
#   bench/door.py   a visitor's first page with 0, 1,000 and 5,000 connections that say nothing or only a
#                   version line, from 1,000 addresses; the front's memory and descriptors
#   bench/fronts.py 1,500 visitors through HAProxy to three fronts on network namespaces, two replicas on
#                   PostgreSQL behind nginx, two price edits a second, front 0 killed at 90 s (as root, with
#                   OPENMARKET_TEST_DATABASE: `make bench` runs this script inside scripts/test-postgres.sh)
#   bench/fronts_live.py  the same layout, 300 visitors straight to the fronts: an edit on replica A → on every
#                   screen (pyte), per front; the count of those here on each title (every replica's streams)
# Each run starts its own front; run it alone (it fills both cores). CROWDS, STAY and BIN override.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/openmarket}
PY=.build-tools/venv/bin/python
# One crowd of N visitors arriving 20 a second, half with a key of their own, staying STAY s, a key every ~3 s, at a
# front sized for them; FRONT_EXTRA adds to the front's options, the rest go to crowd.py.
crowd() {
    local n=$1
    shift
    "$PY" bench/crowd.py --binary "$BIN" --visitors "$n" --rate 20 --stay "${STAY:-120}" --key-every 3 --keyed 0.5 \
        --front-args "--max-sessions $((n > 1000 ? n : 1000))${FRONT_EXTRA:+ $FRONT_EXTRA}" "$@"
}
for n in ${CROWDS:-200 1000 2000}; do
    echo "== crowd: $n visitors"
    crowd "$n"
done
# Keys on an open loop (the goal's load); at 2,000 also at nice 0 (the goal asks for both priorities), and once with
# the crowd's own garbage collector left as Python has it (--no-gc-freeze): the peer of how the crowd reads now.
for n in ${EDIT_CROWDS:-1000 2000}; do
    echo "== crowd: $n visitors, the product on every screen edited every second"
    crowd "$n" --edits-per-second 1 --keys open
done
for n in ${EDIT_PRIORITY_CROWDS:-2000}; do
    echo "== crowd: $n visitors, edits, crowd.py at the front's priority (nice 0)"
    crowd "$n" --edits-per-second 1 --keys open --nice 0
    echo "== crowd: $n visitors, edits, the crowd's own collections as Python makes them (--no-gc-freeze)"
    crowd "$n" --edits-per-second 1 --keys open --no-gc-freeze
    echo "== crowd: $n visitors, edits, the front at one browser's weight (--group-nice 0)"
    FRONT_EXTRA="--group-nice 0" crowd "$n" --edits-per-second 1 --keys open
    echo "== crowd: $n visitors, edits, crowd.py over two processes (--shards 2)"
    crowd "$n" --edits-per-second 1 --keys open --shards 2
done
# The second client (openmarket-crowd: SwiftNIO SSH on an event-loop group, where crowd.py is AsyncSSH on one
# Python loop), the same crowd at the same kind of front, timed through the same arithmetic; it also times each
# first page and key to its end (the last byte before 0.3 s of quiet). Its keys on an open loop (a key every 3 s
# whatever the answers do: the goal's load), then crowd.py's own on an open loop too, for the same-run pair.
for n in ${CLIENT_CROWDS:-1000 2000}; do
    echo "== crowd: $n visitors, the second client (openmarket-crowd), keys on an open loop"
    crowd "$n" --keys open --client "${CLIENT:-.build/release/openmarket-crowd}"
    echo "== crowd: $n visitors, crowd.py, keys on an open loop"
    crowd "$n" --keys open
done
# The crowd at the front's own priority (nice 0, thread and autogroup) beside the runs above at -10: the goal
# asks for both, and with autogroups a crowd that goes first reads longer tails (docs/BENCHMARKS.md, ninth stop).
for n in ${PRIORITY_CROWDS:-1000}; do
    echo "== crowd: $n visitors, crowd.py at the front's priority (nice 0), keys on an open loop"
    crowd "$n" --keys open --nice 0
done
for silent in 0 1000 5000; do
    echo "== siege: $silent silent connections"
    "$PY" bench/door.py --binary "$BIN" --silent "$silent" --addresses 1000 --mode mixed --visitors 10
done
if [ -n "${OPENMARKET_TEST_DATABASE:-}" ] && [ "$(id -u)" = 0 ]; then
    echo "== three fronts: 1500 visitors, front 0 killed at 90 s"
    "$PY" bench/fronts.py --binary "$BIN" --visitors 1500 --rate 20 --stay "${STAY:-120}" --kill-at 90 --writes 2
    echo "== three fronts, two replicas: an edit on replica A → on 300 visitors' screens; who is here"
    "$PY" bench/fronts_live.py --binary "$BIN" --visitors 300 --edits 30
else
    echo "== three fronts: skipped (needs root for network namespaces, and a cluster: scripts/test-postgres.sh run)"
fi
