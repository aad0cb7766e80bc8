#!/usr/bin/env bash
# Server benchmark: wrk on loopback against `openmarket serve` (release build) and, in the same run,
# nginx serving the very same JSON bytes as static files. Prints requests/s and p99 latency for
# GET page 1 (20 items), GET a search and GET one product, and the ratio openmarket/nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/openmarket}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-3}
OM_PORT=${OM_PORT:-18181}
NGINX_PORT=${NGINX_PORT:-18182}
LOG_LEVEL=${LOG_LEVEL:-info}

work=$(mktemp -d /tmp/openmarket-bench.XXXXXX)
cleanup() {
    [ -n "${om_pid:-}" ] && kill "$om_pid" 2>/dev/null || true
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    sleep 0.3
    rm -rf "$work"
}
trap cleanup EXIT

"$BIN" serve --port "$OM_PORT" --data-dir "$work/data" --log-level "$LOG_LEVEL" >"$work/serve.out" 2>/dev/null &
om_pid=$!
for _ in $(seq 1 300); do
    grep -q "Stop with Ctrl-C" "$work/serve.out" 2>/dev/null && break
    sleep 0.1
done
# A fresh data directory's demo pictures are made in the background after the start line (402 pictures: 11 s
# of one core while wrk ran, 2026-11-28): measured before they are done, the first request measured (page 1)
# shared the cores with them. Wait until the server is idle: its CPU time (utime + stime, in ticks) grows by
# less than 5 ticks in half a second, at most 60 s.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$om_pid/stat"; }
last=$(cpu_ticks)
for _ in $(seq 1 120); do
    sleep 0.5
    now=$(cpu_ticks)
    [ $((now - last)) -lt 5 ] && break
    last=$now
done
base="http://127.0.0.1:$OM_PORT"

page="/api/products?page_no=1&items_per_page=20"
search="/api/products?page_no=1&items_per_page=20&search_value=kitchen"
product="/api/products/64"

mkdir -p "$work/www"
curl -sf "$base$page" >"$work/www/page.json"
curl -sf "$base$search" >"$work/www/search.json"
curl -sf "$base$product" >"$work/www/product.json"

source bench/nginx-json.sh
start_nginx "$NGINX_PORT" page search product

# wrk's output → "requests/s p99-in-ms"
measure() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$1" | awk '
        /Requests\/sec/ { rps = $2 }
        /^ +99%/ { v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
                   if (unit == "us") v = v / 1000; else if (unit == "s") v = v * 1000; p99 = v }
        END { printf "%.0f %.2f\n", rps, p99 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "# openmarket serve vs nginx (same JSON bytes), wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, median"
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, log level $LOG_LEVEL"
printf '| request | bytes | openmarket req/s | p99 ms | nginx req/s | p99 ms | ratio |\n|---|---|---|---|---|---|---|\n'
for name in page search product; do
    case $name in
        page) om_url="$base$page" ;;
        search) om_url="$base$search" ;;
        product) om_url="$base$product" ;;
    esac
    ng_url="http://127.0.0.1:$NGINX_PORT/$name"
    : >"$work/om.txt"
    : >"$work/ng.txt"
    for _ in $(seq 1 "$ROUNDS"); do   # alternate A B A B so drift hits both
        measure "$om_url" >>"$work/om.txt"
        measure "$ng_url" >>"$work/ng.txt"
    done
    om_rps=$(cut -d' ' -f1 "$work/om.txt" | median)
    om_p99=$(cut -d' ' -f2 "$work/om.txt" | median)
    ng_rps=$(cut -d' ' -f1 "$work/ng.txt" | median)
    ng_p99=$(cut -d' ' -f2 "$work/ng.txt" | median)
    bytes=$(wc -c <"$work/www/$name.json")
    ratio=$(awk -v a="$om_rps" -v b="$ng_rps" 'BEGIN { printf "%.0f%%", 100 * a / b }')
    printf '| GET %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$bytes" "$om_rps" "$om_p99" "$ng_rps" "$ng_p99" "$ratio"
done

# Sorted pages (issue 24): the same server, the same run. Cached: wrk on page 1 sorted by price beside page 1
# newest first (both answered from the answer cache). Cold: the first request of each of pages 2–11 (10 a
# page), sorted and newest first alternately, median of curl's total time.
sorted="/api/products?page_no=1&items_per_page=20&sort=price-asc"
curl -sf "$base$sorted" >/dev/null
echo
echo "# sorted page vs newest page, cached (wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, median) and cold (pages 2–11, median)"
printf '| request | cached req/s | p99 ms | cold ms |\n|---|---|---|---|\n'
: >"$work/sorted.txt"
: >"$work/newest.txt"
for _ in $(seq 1 "$ROUNDS"); do
    measure "$base$page" >>"$work/newest.txt"
    measure "$base$sorted" >>"$work/sorted.txt"
done
: >"$work/cold-sorted.txt"
: >"$work/cold-newest.txt"
for n in $(seq 2 11); do
    curl -s -o /dev/null -w '%{time_total}\n' "$base/api/products?page_no=$n&items_per_page=10" >>"$work/cold-newest.txt"
    curl -s -o /dev/null -w '%{time_total}\n' "$base/api/products?page_no=$n&items_per_page=10&sort=price-asc" >>"$work/cold-sorted.txt"
done
for name in newest sorted; do
    rps=$(cut -d' ' -f1 "$work/$name.txt" | median)
    p99=$(cut -d' ' -f2 "$work/$name.txt" | median)
    cold=$(awk '{ printf "%.2f\n", $1 * 1000 }' "$work/cold-$name.txt" | median)
    printf '| GET page 1, %s | %s | %s | %s |\n' "$name" "$rps" "$p99" "$cold"
done
