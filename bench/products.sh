#!/usr/bin/env bash
# `openmarket products` from a shell (issue 25), release build, against `openmarket serve` on loopback:
#   - `products list --all --jsonl` over the demo catalog and over 10,000 products: seconds and products per
#     second, beside one curl fetching the same pages (100 a page, one connection) in the same run;
#   - `products add` with two pictures: the median of 20 registrations;
#   - the two programs' starts: shared libraries loaded, and the whole process of `--help`, 40 runs each in turn:
#     `openmarket` (every browser, every SSH visitor's) beside `openmarket-mcp` (which links the MCP SDK).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/openmarket}
MCP_BIN=${MCP_BIN:-$(dirname "$BIN")/openmarket-mcp}
PORT=${PORT:-18191}
ROUNDS=${ROUNDS:-5}
work=$(mktemp -d /tmp/openmarket-products.XXXXXX)
cleanup() {
    [ -n "${om_pid:-}" ] && kill "$om_pid" 2>/dev/null || true
    sleep 0.3
    rm -rf "$work"
}
trap cleanup EXIT
export OPENMARKET_CONFIG= XDG_CONFIG_HOME="$work/config"

start() {
    "$BIN" serve --port "$PORT" --data-dir "$work/data" --log-level warning >"$work/serve.out" 2>/dev/null &
    om_pid=$!
    for _ in $(seq 1 300); do grep -q "Stop with Ctrl-C" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
}
stop() { kill "$om_pid"; wait "$om_pid" 2>/dev/null || true; om_pid=; }
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

base="http://127.0.0.1:$PORT"
start
identifier=$(grep -o 'identifier [0-9a-f-]\{36\}' "$work/serve.out" | head -1 | cut -d' ' -f2)
secret=$(grep -o 'secret  *[^ ]*' "$work/serve.out" | head -1 | awk '{print $2}')

measure() {  # $1: label
    local total pages
    total=$(curl -sf "$base/api/products?items_per_page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["totalCount"])')
    pages=$(( (total + 99) / 100 ))
    local ours=() theirs=()
    for _ in $(seq 1 "$ROUNDS"); do
        local t0 t1 lines
        t0=$(now)
        lines=$("$BIN" products list --all --per-page 100 --jsonl --server "$base" | wc -l)
        t1=$(now)
        [ "$lines" = "$total" ] || { echo "products list wrote $lines lines for $total products" >&2; exit 1; }
        ours+=("$(echo "$t1 - $t0" | bc -l)")
        t0=$(now)
        # One curl for every page, its connection kept (not a process a page): the fair peer.
        curl -sf $(for p in $(seq 1 "$pages"); do printf '%s ' "$base/api/products?page_no=$p&items_per_page=100"; done) >/dev/null
        t1=$(now)
        theirs+=("$(echo "$t1 - $t0" | bc -l)")
    done
    local a b
    a=$(printf '%s\n' "${ours[@]}" | median)
    b=$(printf '%s\n' "${theirs[@]}" | median)
    printf '| %s | %d | %.3f | %.0f | %.3f | %.0f |\n' "$1" "$total" "$a" "$(echo "$total / $a" | bc -l)" "$b" "$(echo "$total / $b" | bc -l)"
}

echo "# openmarket products — $(date -u +%Y-%m-%dT%H:%MZ) — $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo
echo "| catalog | products | \`products list --all --jsonl\` s (median of $ROUNDS) | products/s | curl, the same pages, s | products/s |"
echo "|---|---|---|---|---|---|"
measure "demo catalog"

# Two pictures from the demo catalog's files, then 20 registrations.
pictures=($(find "$work/data/images" -name '*_origin.*' | head -2))
adds=()
for i in $(seq 1 20); do
    t0=$(now)
    "$BIN" products add --name "Bench kettle $i" --description "Registered by bench/products.sh." --price 12000 --stock 3 \
        --picture "${pictures[0]}" --picture "${pictures[1]}" --server "$base" --identifier "$identifier" --secret "$secret" --json >/dev/null
    t1=$(now)
    adds+=("$(echo "($t1 - $t0) * 1000" | bc -l)")
done

# 10,000 products: the catalog's rows copied in the database while the server is stopped (its cache starts cold).
stop
sqlite3 "$work/data/openmarket.sqlite" "
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
INSERT INTO product (vendor_id, name, description, search_text, thumbnail_image_id, currency, price, discounted_price, stock, created_at, issued_at)
SELECT p.vendor_id, p.name || ' #' || n.i, p.description, p.search_text, p.thumbnail_image_id, p.currency, p.price, p.discounted_price, p.stock, p.created_at, p.issued_at
FROM product p, n LIMIT 10000 - (SELECT count(*) FROM product);"
start
measure "10,000 products"
echo
printf '`products add` with two pictures (the demo'"'"'s, shrunk where over 300 KB), median of 20: %.0f ms\n' "$(printf '%s\n' "${adds[@]}" | median)"

# Starts: each program's --help, in turn, 40 times (ArgumentParser's help for one command in both).
browser_runs=() mcp_runs=()
for _ in $(seq 1 40); do
    t0=$(now); "$BIN" products --help >/dev/null; t1=$(now)
    browser_runs+=("$(echo "($t1 - $t0) * 1000" | bc -l)")
    t0=$(now); "$MCP_BIN" --help >/dev/null; t1=$(now)
    mcp_runs+=("$(echo "($t1 - $t0) * 1000" | bc -l)")
done
echo
echo "| program | shared libraries | \`--help\`, whole process, ms (median of 40, in turn) | resident at exit, MiB |"
echo "|---|---|---|---|"
for pair in "openmarket:$BIN products --help:${browser_runs[*]}" "openmarket-mcp:$MCP_BIN --help:${mcp_runs[*]}"; do
    IFS=: read -r name command runs <<<"$pair"
    libraries=$(ldd ${command%% *} | wc -l)
    resident=$(/usr/bin/env python3 -c 'import resource,subprocess,sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)' $command)
    printf '| %s | %d | %.1f | %.1f |\n' "$name" "$libraries" "$(printf '%s\n' $runs | median)" "$resident"
done
