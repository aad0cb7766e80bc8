#!/usr/bin/env bash
# A visitor whose terminal claims a huge cell (CSI 6 ; 600 ; 300 t, and sixel), against the peer in the same
# run: a visitor whose terminal claims an ordinary 10×20 cell. Each draws the grid, a product and the picture
# on the whole window (bench: the attack suite's `cell` visitor); the browser's peak resident memory and CPU
# seconds are read from /proc while it runs. Meanwhile another visitor (bench/crowd.py, one visitor already in
# when the attack starts) presses a key every 0.25 s: its key → answer p99 is what the attack costs others.
# Runs the release build when there is one (make release).
#   bash bench/hostile.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release/openmarket
[ -x "$BIN" ] || BIN=.build/debug/openmarket
PY=.build-tools/venv/bin/python
ROUNDS=${1:-3}
DATA=$(mktemp -d)
trap 'kill $FRONT 2>/dev/null; rm -rf "$DATA"' EXIT
"$BIN" ssh --open --port 0 --data-dir "$DATA" --connections-per-minute 1000 > "$DATA/front.out" 2> "$DATA/front.err" &
FRONT=$!
for _ in $(seq 100); do grep -q "Stop with Ctrl-C" "$DATA/front.out" 2>/dev/null && break; sleep 0.2; done
PORT=$(grep -o 'on 127.0.0.1:[0-9]*' "$DATA/front.out" | cut -d: -f2)
TICKS=$(getconf CLK_TCK)
echo "binary: $BIN   load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-10s %-6s %12s %10s %10s %22s\n" cell round "peak RSS MB" "CPU s" "bytes" "another's key p50/p99"
for round in $(seq "$ROUNDS"); do
  for cell in "10 20" "300 600"; do
    set -- $cell
    "$PY" bench/crowd.py --port "$PORT" --visitors 1 --rate 1 --stay 16 --key-every 0.25 --layout list \
      --json "$DATA/bystander.json" > "$DATA/bystander.out" 2>&1 &
    BYSTANDER=$!
    sleep 2
    "$PY" Tests/EndToEndTests/Scripts/attack_ssh.py cell "$PORT" "$1" "$2" 14 > "$DATA/attack.json" &
    ATTACK=$!
    # This visitor's browser: the front's newest child that is not the last round's.
    BROWSER=""
    for _ in $(seq 150); do
      B=$(pgrep -n -P "$FRONT" || true)
      if [ -n "$B" ] && [ "$B" != "${LAST:-}" ]; then BROWSER=$B; break; fi
      sleep 0.1
    done
    LAST=$BROWSER
    PEAK=0; CPU=0
    while kill -0 "$ATTACK" 2>/dev/null && [ -n "$BROWSER" ] && [ -r "/proc/$BROWSER/status" ]; do
      # Both only grow: a read that finds the process gone (empty) keeps the last.
      H=$(awk '/VmHWM/{print $2}' "/proc/$BROWSER/status" 2>/dev/null || true); [ -n "$H" ] && [ "$H" -gt "$PEAK" ] && PEAK=$H
      T=$(awk '{print $14+$15}' "/proc/$BROWSER/stat" 2>/dev/null || true); [ -n "$T" ] && [ "$T" -gt "$CPU" ] && CPU=$T
      sleep 0.2
    done
    wait "$ATTACK"
    wait "$BYSTANDER" || true
    printf "%-10s %-6s %12.1f %10.2f %10s %22s\n" "${1}x${2}" "$round" "$(echo "$PEAK/1024" | bc -l)" "$(echo "$CPU/$TICKS" | bc -l)" \
      "$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["bytes"])' "$DATA/attack.json")" \
      "$("$PY" -c 'import json,sys; k=json.load(open(sys.argv[1]))["key_ms"]; print("%s / %s ms" % (k["p50"], k["p99"]))' "$DATA/bystander.json" 2>/dev/null || echo "(none: see $DATA/bystander.out)")"
  done
done
