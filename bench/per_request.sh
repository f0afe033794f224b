#!/usr/bin/env bash
# `make bench-cost`: what one request costs the server, in two measures that other load on
# the machine disturbs little (issue 21), for /healthz, the catalogue and a plant's detail:
#   - instructions per request: the server runs under valgrind's callgrind, counting only
#     while wrk sends requests (deterministic to a few per cent, whatever else runs);
#   - CPU time per request: user + system time from /proc/<pid>/stat around a wrk run at
#     $BENCH_CONNECTIONS connections, divided by the requests served.
# Usage: bench/per_request.sh [path/to/hariyali]   (default: the release build)
# BENCH_SECONDS (default 5) per measurement; BENCH_CALLGRIND=0 skips the instruction count;
# BENCH_ANNOTATE=1 keeps callgrind's files and prints the top functions per scenario.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
BIN=${1:-$TARGET/release/hariyali}
SECONDS_EACH=${BENCH_SECONDS:-5}
CONNS=${BENCH_CONNECTIONS:-64}
PORT=${BENCH_PORT:-$((20000 + RANDOM % 20000))}
BASE="http://127.0.0.1:$PORT"

for tool in wrk valgrind; do
  command -v "$tool" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null; }
done

WORK=$(mktemp -d)
SERVER=
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null; [ "${BENCH_ANNOTATE:-0}" = 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT

start() { # [wrapper...]: a fresh demo shop, logging at warn like bench/run.sh
  rm -rf "$WORK/data" "$WORK"/bench.db*
  DATABASE_URL="sqlite://$WORK/bench.db" HARIYALI_DATA_DIR="$WORK/data" HARIYALI_ADDR="127.0.0.1:$PORT" \
    HARIYALI_DEMO=1 HARIYALI_MAX_CONNECTIONS_PER_CLIENT=100000 RUST_LOG=warn "$@" "$BIN" serve 2>"$WORK/server.log" &
  SERVER=$!
  for _ in $(seq 1 600); do curl -sf "$BASE/readyz" >/dev/null && return; sleep 0.1; done
  echo "server did not start" >&2; cat "$WORK/server.log" >&2; exit 1
}
stop() { kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=; }
requests_of() { sed -E 's/.*requests=([0-9]+).*/\1/'; }
load() { # connections seconds url
  wrk -t1 -c"$1" -d"$2s" --timeout 30s -s bench/wrk/report.lua "$3" | grep '^RESULT' | requests_of
}

start
PLANT=$(curl -sf "$BASE/api/plants?limit=1" | sed -E 's/.*"_id":"([^"]+)".*/\1/')
declare -A URLS=([healthz]="$BASE/healthz" [catalogue]="$BASE/api/plants" [detail]="$BASE/api/plants/$PLANT")
ORDER=(healthz catalogue detail)

declare -A CPU
CLK_TCK=$(getconf CLK_TCK)
for name in "${ORDER[@]}"; do
  load 8 1 "${URLS[$name]}" >/dev/null # warm: caches filled, connections opened once
  before=$(awk '{print $14 + $15}' "/proc/$SERVER/stat")
  n=$(load "$CONNS" "$SECONDS_EACH" "${URLS[$name]}")
  after=$(awk '{print $14 + $15}' "/proc/$SERVER/stat")
  CPU[$name]=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" -v n="$n" 'BEGIN { if (n > 0) printf "%.1f", t * 1e6 / hz / n; else print "-" }')
done
stop

declare -A INSTR COUNT SERVED
if [ "${BENCH_CALLGRIND:-1}" = 1 ]; then
  start valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$WORK/cg.%p"
  for name in "${ORDER[@]}"; do
    load 4 2 "${URLS[$name]}" >/dev/null
    callgrind_control -z "$SERVER" >/dev/null
    callgrind_control -i on "$SERVER" >/dev/null
    n=$(load 4 "$SECONDS_EACH" "${URLS[$name]}")
    callgrind_control -i off "$SERVER" >/dev/null
    callgrind_control -d "$name" "$SERVER" >/dev/null
    sleep 0.5
    file=$(ls -t "$WORK"/cg.*.* 2>/dev/null | head -1)
    total=$(awk '/^totals:/ {print $2; exit}' "$file")
    INSTR[$name]=$(awk -v t="$total" -v n="$n" 'BEGIN { if (n > 0) printf "%.0f", t / n; else print "-" }')
    # The once-a-second rebuild of a cached answer (query, JSON, ETag) weighs far more at
    # callgrind's few hundred requests a second than at full speed: also shown without it.
    # (The largest entry per function: callgrind also lists a function's inlined parts.)
    rebuild=$(cd "$WORK" && callgrind_annotate --inclusive=yes "$file" 2>/dev/null |
      { grep -oE '^ *[0-9,]+ .*(cache::Prepared::new|plants::(list|detail)::\{\{closure\}\}::\{\{closure\}\}) \[' || true; } |
      awk '{c = $1; gsub(",", "", c); f = ($0 ~ /Prepared::new/) ? "new" : ($0 ~ /list/) ? "list" : "detail"
             if (c + 0 > m[f]) m[f] = c + 0} END {for (f in m) s += m[f]; print s + 0}')
    SERVED[$name]=$(awk -v t="$total" -v r="$rebuild" -v n="$n" 'BEGIN { if (n > 0) printf "%.0f", (t - r) / n; else print "-" }')
    COUNT[$name]=$n
    if [ "${BENCH_ANNOTATE:-0}" = 1 ]; then
      echo "== $name: top functions (inclusive of nothing, self cost) =="
      callgrind_annotate "$file" 2>/dev/null | sed -n '1,60p' | grep -E '^ *[0-9,]+ ' | head -30
    fi
  done
  stop
fi

printf '%-10s %22s %30s %16s\n' scenario "instructions/request" "without the 1/s cache rebuild" "CPU us/request"
for name in "${ORDER[@]}"; do
  printf '%-10s %22s %30s %16s   (%s requests under callgrind)\n' "$name" "${INSTR[$name]:--}" "${SERVED[$name]:--}" "${CPU[$name]}" "${COUNT[$name]:--}"
done
[ "${BENCH_ANNOTATE:-0}" = 1 ] && echo "callgrind files kept in $WORK"
