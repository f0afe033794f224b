#!/usr/bin/env bash
# Order-placement throughput and latency on SQLite and on PostgreSQL, each on a fresh
# demo database, on loopback. Usage: bench/orders.sh [workers=32] [seconds=10]
set -euo pipefail
cd "$(dirname "$0")/.."
WORKERS=${1:-32}
SECONDS_RUN=${2:-10}
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --release --bin hariyali --example bench_orders >/dev/null
BIN="$TARGET/release/hariyali"
LOAD="$TARGET/release/examples/bench_orders"

run() { # name database-url
  local dir; dir=$(mktemp -d)
  DATABASE_URL="$2" HARIYALI_DATA_DIR="$dir" HARIYALI_ADDR=127.0.0.1:18090 HARIYALI_DEMO=1 \
    HARIYALI_AUTH_RATE_PER_MINUTE=100000 HARIYALI_MAX_PENDING_COD=1000000 \
    HARIYALI_MAX_CONNECTIONS_PER_CLIENT=100000 RUST_LOG=warn "$BIN" serve &
  local pid=$!
  for _ in $(seq 1 100); do curl -sf http://127.0.0.1:18090/readyz >/dev/null && break; sleep 0.1; done
  printf '%-10s ' "$1"; "$LOAD" http://127.0.0.1:18090 "$WORKERS" "$SECONDS_RUN"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}

run sqlite "sqlite://$(mktemp -d)/bench.db"
psql -h 127.0.0.1 -U postgres -qX -c 'DROP DATABASE IF EXISTS hariyali_bench WITH (FORCE)' -c 'CREATE DATABASE hariyali_bench' 2>/dev/null
run postgres "postgres://postgres@127.0.0.1:5432/hariyali_bench"
