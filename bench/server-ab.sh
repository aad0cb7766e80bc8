#!/usr/bin/env bash
# Two builds of `openmarket serve` on page 1, A/B in the same run, with nginx beside them serving the same
# bytes: each round measures A, B and nginx once (the order rotating round by round, so drift and position
# hit all three alike); prints each one's median req/s, the median of the rounds' B/A ratios, and each
# build's median ratio to the same round's nginx. For "within N% of before" figures on a noisy machine.
#   BASE=/tmp/base/.build/release/openmarket BIN=.build/release/openmarket ROUNDS=9 bash bench/server-ab.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${BASE:?the build to compare against (a path to openmarket)}
BIN=${BIN:-.build/release/openmarket}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-9}
A_PORT=${A_PORT:-18191}
B_PORT=${B_PORT:-18192}
NGINX_PORT=${NGINX_PORT:-18193}
PAGE="/api/products?page_no=1&items_per_page=20"

work=$(mktemp -d /tmp/openmarket-ab.XXXXXX)
cleanup() {
    for pid in ${a_pid:-} ${b_pid:-}; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    sleep 0.3
    rm -rf "$work"
}
trap cleanup EXIT

start() {  # binary port name → pid on stdout
    "$1" serve --port "$2" --data-dir "$work/$3" --log-level error >"$work/$3.out" 2>/dev/null &
    echo $!
}
a_pid=$(start "$BASE" "$A_PORT" a)
b_pid=$(start "$BIN" "$B_PORT" b)
for name in a b; do
    for _ in $(seq 1 600); do grep -q "Stop with Ctrl-C" "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
done
mkdir -p "$work/www"
curl -sf "http://127.0.0.1:$A_PORT$PAGE" >"$work/a.json"
curl -sf "http://127.0.0.1:$B_PORT$PAGE" >"$work/www/page.json"
source bench/nginx-json.sh
start_nginx "$NGINX_PORT" page

rps() { wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$1" | awk '/Requests\/sec/ { printf "%.0f\n", $2 }'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
urls=("http://127.0.0.1:$A_PORT$PAGE" "http://127.0.0.1:$B_PORT$PAGE" "http://127.0.0.1:$NGINX_PORT/page")
: >"$work/rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
    declare -a got=(0 0 0)
    for k in 0 1 2; do
        i=$(( (k + round) % 3 ))
        got[$i]=$(rps "${urls[$i]}")
    done
    echo "${got[0]} ${got[1]} ${got[2]}" >>"$work/rounds.txt"
done

echo "# page 1 A/B: A=$BASE ($(wc -c <"$work/a.json") bytes), B=$BIN ($(wc -c <"$work/www/page.json") bytes), nginx the B bytes"
echo "# wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds (order rotating), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| round | A req/s | B req/s | nginx req/s | B/A |"
echo "|---|---|---|---|---|"
awk '{ printf "| %d | %s | %s | %s | %.3f |\n", NR, $1, $2, $3, $2 / $1 }' "$work/rounds.txt"
printf '| median | %s | %s | %s | %s |\n' \
    "$(cut -d' ' -f1 "$work/rounds.txt" | median)" "$(cut -d' ' -f2 "$work/rounds.txt" | median)" \
    "$(cut -d' ' -f3 "$work/rounds.txt" | median)" "$(awk '{ printf "%.3f\n", $2 / $1 }' "$work/rounds.txt" | median)"
echo "A/nginx median: $(awk '{ printf "%.3f\n", $1 / $3 }' "$work/rounds.txt" | median); B/nginx median: $(awk '{ printf "%.3f\n", $2 / $3 }' "$work/rounds.txt" | median)"
