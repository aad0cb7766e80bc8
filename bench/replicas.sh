#!/usr/bin/env bash
# Past one machine (issue 14): in the same run, on one machine,
#   sqlite      one `openmarket serve` on SQLite, clients straight to it
#   pg1+nginx   one `openmarket serve --database` replica behind nginx
#   pg2+nginx   two replicas on the same database behind nginx
# GET page 1 and GET one product: requests/s (median of ROUNDS, alternating) and the CPU each request
# cost, split into openmarket / nginx / PostgreSQL (from /proc, over the measured seconds). Then register
# (multipart, two pictures) per second on SQLite and on PostgreSQL.
#
# Run by `make bench` beside a durable throwaway cluster:
#   OPENMARKET_TEST_PG_DURABLE=1 scripts/test-postgres.sh run bash bench/replicas.sh
# On 2 cores, wrk, nginx, the replicas and PostgreSQL share the same two cores: this shows overhead, not
# scaling.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/openmarket}
DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-32}
ROUNDS=${ROUNDS:-3}
PARTS=${PARTS:-reads register}  # PARTS=register: only the registrations
[ -n "${OPENMARKET_TEST_DATABASE:-}" ] || { echo "replicas.sh: run it through scripts/test-postgres.sh run" >&2; exit 1; }

work=$(mktemp -d /tmp/openmarket-replicas.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx/nginx.pid" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
    sleep 0.3
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The bench's own database in the cluster.
cluster=$OPENMARKET_TEST_DATABASE
database=${cluster%/*}/openmarket_bench
psql -q "$cluster" -c "DROP DATABASE IF EXISTS openmarket_bench" -c "CREATE DATABASE openmarket_bench" >/dev/null

# start NAME ARGS… → runs `openmarket serve` on a free port, waits for it, sets port_NAME
start() {
    local name=$1 port
    shift
    port=$(free_port)
    "$BIN" serve --port "$port" --data-dir "$work/$name" --log-level warning --max-connections-per-address 0 "$@" \
        >"$work/$name.out" 2>"$work/$name.err" &
    pids+=($!)
    eval "pid_$name=$!"
    for _ in $(seq 1 600); do
        grep -q "Stop with Ctrl-C" "$work/$name.out" 2>/dev/null && break
        sleep 0.1
    done
    grep -q "Stop with Ctrl-C" "$work/$name.out" || { echo "$name did not start: $(tail -5 "$work/$name.err")" >&2; exit 1; }
    eval "port_$name=$port"
}

start sqlite
start a --database "$database" --replica-id a
start b --database "$database" --replica-id b

# nginx as docs/DEPLOY.md configures it: one site with replica a alone, one with a and b.
one=$(free_port)
two=$(free_port)
mkdir -p "$work/nginx"
site() {
    local listen=$1
    shift
    echo "upstream up$listen {"
    for port in "$@"; do echo "    server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"; done
    echo "    keepalive 32;"
    echo "}"
    cat <<SITE
server {
    listen 127.0.0.1:$listen;
    client_max_body_size 3m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host \$http_host;
    proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;
    location / {
        proxy_pass http://up$listen;
        proxy_read_timeout 70s;
    }
    location /images/ {
        proxy_pass http://up$listen;
        proxy_cache pictures;
        proxy_cache_valid 200 7d;
        proxy_cache_lock on;
    }
}
SITE
}
cat >"$work/nginx/nginx.conf" <<NGINX
$( [ "$(id -u)" = 0 ] && echo "user root;" )
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    proxy_cache_path $work/nginx/pictures keys_zone=pictures:10m max_size=1g inactive=7d;
$(site "$one" "$port_a")
$(site "$two" "$port_a" "$port_b")
}
NGINX
nginx -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf"
sleep 0.5

# CPU ticks (user + system) of a set of processes, by pid
ticks() {
    local total=0 pid
    for pid in "$@"; do
        [ -r "/proc/$pid/stat" ] && total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
    done
    echo "$total"
}
family() { echo "$1" $(pgrep -P "$1"); }  # a process and its children
postmaster=$(head -n 1 "$(psql -Atc "SHOW data_directory" "$cluster")/postmaster.pid")
nginx_master=$(cat "$work/nginx/nginx.pid")
openmarket_ticks() { ticks "$pid_sqlite" "$pid_a" "$pid_b"; }
nginx_ticks() { ticks $(family "$nginx_master"); }
postgres_ticks() { ticks $(family "$postmaster"); }
hz=$(getconf CLK_TCK)

# measure URL [wrk args…] → "requests/s  openmarket-µs  nginx-µs  postgres-µs" (CPU per request)
measure() {
    local url=$1 om0 ng0 pg0 out requests rps
    shift
    om0=$(openmarket_ticks); ng0=$(nginx_ticks); pg0=$(postgres_ticks)
    out=$(wrk -t$((CONNECTIONS < 2 ? 1 : 2)) -c"$CONNECTIONS" -d"${DURATION}s" "$@" "$url")
    requests=$(echo "$out" | awk '/requests in/ { print $1 }')
    rps=$(echo "$out" | awk '/Requests\/sec/ { printf "%.0f", $2 }')
    awk -v r="$requests" -v s="$rps" -v hz="$hz" -v om=$(( $(openmarket_ticks) - om0 )) \
        -v ng=$(( $(nginx_ticks) - ng0 )) -v pg=$(( $(postgres_ticks) - pg0 )) \
        'BEGIN { f = 1e6 / hz / (r > 0 ? r : 1); printf "%s %.0f %.0f %.0f\n", s, om * f, ng * f, pg * f }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
column_median() { cut -d' ' -f"$1" "$2" | median; }

direct="http://127.0.0.1:$port_sqlite"
targets=(sqlite "$direct" "pg1+nginx" "http://127.0.0.1:$one" "pg2+nginx" "http://127.0.0.1:$two")
for path in "/api/products?page_no=1&items_per_page=20" "/api/products/64"; do
    curl -sf "$direct$path" >/dev/null
    curl -sf "http://127.0.0.1:$two$path" >/dev/null
done

echo "# replicas: wrk -t2 -c$CONNECTIONS -d${DURATION}s, $ROUNDS alternating rounds, median; CPU µs per request"
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| request | setup | req/s | openmarket µs | nginx µs | PostgreSQL µs | CPU µs total |\n|---|---|---|---|---|---|---|\n'
# A page of a different number each request: never answered from the cache, so the store is asked. (Searches
# no longer reach the store's text: the server's index answers them; bench/search.sh measures those.)
cat >"$work/search.lua" <<'LUA'
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
request = function()
    return wrk.format("GET", "/api/products?items_per_page=20&page_no=" .. math.random(2, 1e6))
end
LUA
thumbnail_path() {  # BASE → the path of product 64's first thumbnail there
    local url
    url=$(curl -sf "$1/api/products/64" | python3 -c 'import json, sys; print(json.load(sys.stdin)["images"][0]["thumbnail_url"])')
    echo "/${url#*://*/}"
}
picture_sqlite=$(thumbnail_path "$direct")
picture_pg=$(thumbnail_path "http://127.0.0.1:$port_a")
requests=(page detail search picture)
[[ " $PARTS " == *" reads "* ]] || requests=()
for request in "${requests[@]}"; do
    args=()
    case $request in
        page) path="/api/products?page_no=1&items_per_page=20" ;;
        detail) path="/api/products/64" ;;
        search) path="/api/products"; args=(-s "$work/search.lua") ;;
        picture) path="" ;;
    esac
    for ((i = 0; i < ${#targets[@]}; i += 2)); do : >"$work/${targets[i]}.txt"; done
    for _ in $(seq 1 "$ROUNDS"); do
        for ((i = 0; i < ${#targets[@]}; i += 2)); do
            url=${targets[i + 1]}$path
            if [ "$request" = picture ]; then
                # Through nginx a picture comes from its cache: pg1 goes straight to replica a, to show
                # PostgreSQL's part.
                case ${targets[i]} in
                    sqlite) url=$direct$picture_sqlite ;;
                    pg1+nginx) url="http://127.0.0.1:$port_a$picture_pg" ;;
                    *) url=${targets[i + 1]}$picture_pg ;;
                esac
            fi
            measure "$url" "${args[@]}" >>"$work/${targets[i]}.txt"
        done
    done
    for ((i = 0; i < ${#targets[@]}; i += 2)); do
        f="$work/${targets[i]}.txt"
        rps=$(column_median 1 "$f"); om=$(column_median 2 "$f"); ng=$(column_median 3 "$f"); pg=$(column_median 4 "$f")
        label=$request
        setup=${targets[i]}
        case $request in
            search) label="a page, uncached" ;;
            picture)
                label="thumbnail ($(curl -s "$direct$picture_sqlite" | wc -c) bytes)"
                case $setup in
                    pg1+nginx) setup="pg1, no nginx cache" ;;
                    pg2+nginx) setup="pg2+nginx cache" ;;
                esac ;;
        esac
        printf '| GET %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$setup" "$rps" "$om" "$ng" "$pg" $((om + ng + pg))
    done
done

# Register: the demo vendor of each store, two pictures (a demo photo and a PNG thumbnail-sized picture).
credentials() {  # NAME → "identifier secret"
    awk '/identifier/ { id = $NF } /secret/ { s = $NF } END { print id, s }' "$work/$1.out"
}
photo=$(curl -sf "$direct/api/products/64" | python3 -c 'import json, sys; print(json.load(sys.stdin)["images"][0]["url"])')
curl -sf "$photo" -o "$work/one.jpg"
python3 - "$work/two.png" <<'PY'
import struct, sys, zlib
w, h = 120, 90
rows = b"".join(b"\0" + bytes(v for x in range(w) for v in (x * 2 % 256, y * 2 % 256, (x + y) % 256)) for y in range(h))
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
register_body() {  # NAME → body file for its demo vendor
    local id secret boundary=openmarketbench
    read -r id secret < <(credentials "$1")
    {
        printf -- '--%s\r\nContent-Disposition: form-data; name="params"\r\n\r\n' "$boundary"
        printf '{"name":"Bench product","description":"Registered by bench/replicas.sh.","price":12.5,"currency":"USD","secret":"%s"}\r\n' "$secret"
        printf -- '--%s\r\nContent-Disposition: form-data; name="images"; filename="one.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' "$boundary"
        cat "$work/one.jpg"
        printf '\r\n--%s\r\nContent-Disposition: form-data; name="images"; filename="two.png"\r\nContent-Type: image/png\r\n\r\n' "$boundary"
        cat "$work/two.png"
        printf '\r\n--%s--\r\n' "$boundary"
    } >"$work/$1.body"
    cat >"$work/$1.lua" <<LUA
local f = io.open("$work/$1.body", "rb")
wrk.body = f:read("*a")
f:close()
wrk.method = "POST"
wrk.headers["Content-Type"] = "multipart/form-data; boundary=$boundary"
wrk.headers["identifier"] = "$id"
local bad = 0
response = function(status) if status ~= 201 then bad = bad + 1 end end
done = function() if bad > 0 then io.stderr:write("register: " .. bad .. " answers were not 201\n") end end
LUA
}
register_body sqlite
register_body a
echo
echo "| register (2 pictures: $(wc -c <"$work/one.jpg") + $(wc -c <"$work/two.png") bytes) | setup | req/s | openmarket µs | nginx µs | PostgreSQL µs | CPU µs total |"
echo "|---|---|---|---|---|---|---|"
: >"$work/reg-sqlite.txt"
: >"$work/reg-pg.txt"
: >"$work/reg-pg1.txt"
for _ in $(seq 1 "$ROUNDS"); do
    CONNECTIONS=8 measure "$direct/api/products" -s "$work/sqlite.lua" >>"$work/reg-sqlite.txt"
    CONNECTIONS=8 measure "http://127.0.0.1:$two/api/products" -s "$work/a.lua" >>"$work/reg-pg.txt"
    # One at a time: each registration waits for its own commit (PostgreSQL's fsync), none shared.
    CONNECTIONS=1 measure "http://127.0.0.1:$port_a/api/products" -s "$work/a.lua" >>"$work/reg-pg1.txt"
done
for setup in sqlite pg pg1; do
    f="$work/reg-$setup.txt"
    rps=$(column_median 1 "$f"); om=$(column_median 2 "$f"); ng=$(column_median 3 "$f"); pg=$(column_median 4 "$f")
    case $setup in sqlite) label=sqlite ;; pg) label="pg2+nginx" ;; pg1) label="replica a, one at a time" ;; esac
    printf '| POST register | %s | %s | %s | %s | %s | %s |\n' "$label" "$rps" "$om" "$ng" "$pg" $((om + ng + pg))
done
