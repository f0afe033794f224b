#!/usr/bin/env bash
# bench/probe_pair.sh ROUNDS SECONDS binA binB ... (issue 21): starts each binary on a fresh demo shop (own port) and
# nginx (sendfile) with the catalogue bytes, then alternates wrk -t2 -c64 runs: PAIR_PATH (default
# /healthz; e.g. PAIR_PATH=/api/plants) on each binary and nginx's catalogue; prints requests/s and
# CPU µs per request (user+sys from /proc), and at the end each binary's mean and its ratio to nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=$1; SECS=$2; shift 2
PAIR_PATH=${PAIR_PATH:-/healthz}
BINS=("$@")
WORK=$(mktemp -d); chmod 755 "$WORK"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
i=0
for b in "${BINS[@]}"; do
  port=$((18301 + i))
  mkdir -p "$WORK/s$i"
  DATABASE_URL="sqlite://$WORK/s$i/bench.db" HARIYALI_DATA_DIR="$WORK/s$i/data" HARIYALI_ADDR="127.0.0.1:$port" HARIYALI_DEMO=1 \
    HARIYALI_MAX_CONNECTIONS_PER_CLIENT=100000 HARIYALI_WEB_DIR=web/dist RUST_LOG=warn "$b" serve 2>"$WORK/s$i/log" &
  PIDS+=($!)
  i=$((i+1))
done
for j in $(seq 0 $((i-1))); do
  for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$((18301+j))/readyz" >/dev/null && break; sleep 0.1; done
done
mkdir -p "$WORK/www" "$WORK/tmp"
curl -sf "http://127.0.0.1:18301/api/plants" -o "$WORK/www/plants.json"
NP=18399
cat > "$WORK/nginx.conf" <<NGINX
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off; default_type application/json; keepalive_requests 1000000;
  client_body_temp_path $WORK/tmp; proxy_temp_path $WORK/tmp; fastcgi_temp_path $WORK/tmp; uwsgi_temp_path $WORK/tmp; scgi_temp_path $WORK/tmp;
  server { listen 127.0.0.1:$NP; root $WORK/www; sendfile on; tcp_nopush on; }
}
NGINX
nginx -c "$WORK/nginx.conf"; sleep 0.5
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
nticks() { local m t=0 p; m=$(cat "$WORK/nginx.pid"); for p in $m $(pgrep -P "$m"); do t=$((t + $(ticks "$p"))); done; echo $t; }
HZ=$(getconf CLK_TCK)
measure() { # label url tickfn
  local b a n
  b=$($3); n=$(wrk -t2 -c64 -d"${SECS}s" "$2" | awk '/requests in/ {print $1}'); a=$($3)
  awk -v l="$1" -v t=$((a-b)) -v n="$n" -v hz="$HZ" -v s="$SECS" \
    'BEGIN{printf "%-10s %8d req  %8.0f req/s  %6.2f us/req\n", l, n, n/s, t*1e6/hz/n}' | tee -a "$WORK/figures"
}
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r load $(cut -d' ' -f1 /proc/loadavg)"
  for j in $(seq 0 $((i-1))); do
    measure "bin$j" "http://127.0.0.1:$((18301+j))$PAIR_PATH" "ticks ${PIDS[$j]}"
  done
  measure nginx "http://127.0.0.1:$NP/plants.json" nticks
done
echo "means over $ROUNDS rounds ($PAIR_PATH; nginx serves the catalogue's bytes):"
awk '{ n[$1]++; rps[$1]+=$4; us[$1]+=$6 }
  END { for (l in n) printf "%-10s %8.0f req/s  %6.2f us/req  (%.2fx nginx CPU, %.2fx its req/s)\n",
          l, rps[l]/n[l], us[l]/n[l], (us[l]/n[l])/(us["nginx"]/n["nginx"]), (rps[l]/n[l])/(rps["nginx"]/n["nginx"]) }' \
  "$WORK/figures" | sort
