#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: private data and socket directories, a free port on
# 127.0.0.1, trust authentication for the `postgres` role, no fsync (nothing in it outlives the run;
# OPENMARKET_TEST_PG_DURABLE=1 keeps PostgreSQL's durable defaults, for benchmarks).
#
#   scripts/test-postgres.sh start        starts it; prints OPENMARKET_TEST_DATABASE=postgres://…
#   scripts/test-postgres.sh stop         stops it and removes its directory
#   scripts/test-postgres.sh run CMD…     starts it, runs CMD with OPENMARKET_TEST_DATABASE exported, stops it
#                                         (also when CMD fails), and exits with CMD's status
#
# The cluster lives in $OPENMARKET_TEST_PG_DIR (default /tmp/openmarket-test-pg-$UID); `run` makes a fresh
# one of its own. It listens on $OPENMARKET_TEST_PG_HOST (default 127.0.0.1): a test that runs it inside a
# network namespace names the namespace's address. initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
set -euo pipefail

die() { echo "test-postgres: $*" >&2; exit 1; }

bin_dir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "PostgreSQL is not installed (make deps installs Debian's postgresql)"
    echo "$dir"
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
    local dir=$1 bin port
    bin=$(bin_dir)
    [ ! -e "$dir/data/postmaster.pid" ] || die "a cluster is already running in $dir (stop it first)"
    rm -rf "$dir"
    mkdir -p "$dir/socket"
    [ "$(id -u)" != 0 ] || chown -R postgres: "$dir"
    chmod 700 "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        die "initdb failed: $(cat "$dir/initdb.log")"
    port=$(free_port)
    local host=${OPENMARKET_TEST_PG_HOST:-127.0.0.1}
    # Off loopback, the hosts of the namespace's own link may connect too (trust, as on loopback).
    [ "$host" = 127.0.0.1 ] || echo "host all all samenet trust" >>"$dir/data/pg_hba.conf"
    # Nothing in a test cluster outlives the run: no waiting for the disk, unless a benchmark asks for
    # PostgreSQL's defaults (OPENMARKET_TEST_PG_DURABLE=1), to be compared with SQLite's durable commits.
    local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${OPENMARKET_TEST_PG_DURABLE:-0}" = 1 ] && durability=""
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o \
        "-c listen_addresses=$host -p $port -c unix_socket_directories=$dir/socket -c max_connections=400 \
         $durability -c shared_buffers=32MB" >/dev/null ||
        die "the cluster did not start: $(tail -n 20 "$dir/server.log")"
    echo "postgres://postgres@$host:$port/postgres" >"$dir/url"
    echo "OPENMARKET_TEST_DATABASE=$(cat "$dir/url")"
}

stop() {
    local dir=$1
    [ -d "$dir" ] || return 0
    if [ -e "$dir/data/postmaster.pid" ]; then
        as_owner "$(bin_dir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
start) start "${OPENMARKET_TEST_PG_DIR:-/tmp/openmarket-test-pg-$(id -u)}" ;;
stop) stop "${OPENMARKET_TEST_PG_DIR:-/tmp/openmarket-test-pg-$(id -u)}" ;;
run)
    shift
    [ $# -gt 0 ] || die "run needs a command"
    dir=$(mktemp -d /tmp/openmarket-test-pg.XXXXXX)
    trap 'stop "$dir"' EXIT
    trap 'exit 130' INT TERM
    start "$dir" >/dev/null
    export OPENMARKET_TEST_DATABASE
    OPENMARKET_TEST_DATABASE=$(cat "$dir/url")
    echo "test-postgres: a throwaway cluster at $OPENMARKET_TEST_DATABASE" >&2
    status=0
    "$@" || status=$?
    exit $status
    ;;
*) die "usage: $0 start | stop | run COMMAND…" ;;
esac
