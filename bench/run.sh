#!/usr/bin/env bash
# `make bench`: the load suite on loopback against a fresh demo shop (SQLite), with nginx
# serving the same catalogue bytes as a static file for the physical limit of this machine.
# Prints requests/s, p50, p99 for each scenario and the server's peak memory.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${BENCH_SECONDS:-10}
CONNS=${BENCH_CONNECTIONS:-64}
TARGET=${CARGO_TARGET_DIR:-target}
PORT=18190
NGINX_PORT=18191
BASE="http://127.0.0.1:$PORT"

for tool in wrk nginx; do
  command -v "$tool" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null; }
done
# BENCH_BIN=path/to/hariyali runs the suite on another build (a "before" binary) without
# rebuilding; the order benchmark's client is the current build's either way.
if [ -n "${BENCH_BIN:-}" ]; then
  [ -x "$TARGET/release/examples/bench_orders" ] || cargo build --release --example bench_orders >/dev/null 2>&1
  BIN=$BENCH_BIN
else
  cargo build --release --bin hariyali --example bench_orders >/dev/null 2>&1
  BIN="$TARGET/release/hariyali"
fi

WORK=$(mktemp -d)
cleanup() { [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null; [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

# All load comes from 127.0.0.1 and the order workers keep ordering: the per-address caps and
# the pending-COD limit (issue 17) are lifted so the run measures the server, not those rules.
DATABASE_URL="sqlite://$WORK/bench.db" HARIYALI_DATA_DIR="$WORK/data" HARIYALI_ADDR="127.0.0.1:$PORT" HARIYALI_DEMO=1 \
  HARIYALI_AUTH_RATE_PER_MINUTE=10000000 HARIYALI_LOGIN_FAILURES=1000000 HARIYALI_AI_RATE_PER_MINUTE=10000000 \
  HARIYALI_MAX_CONNECTIONS_PER_CLIENT=100000 HARIYALI_MAX_PENDING_COD=1000000 \
  HARIYALI_WEB_DIR=web/dist RUST_LOG=warn "$BIN" serve &
SERVER=$!
for _ in $(seq 1 100); do curl -sf "$BASE/readyz" >/dev/null && break; sleep 0.1; done

# nginx serves the exact bytes of the default catalogue response.
mkdir -p "$WORK/www"
chmod 755 "$WORK"   # nginx's workers run as www-data
curl -sf "$BASE/api/plants" -o "$WORK/www/plants.json"
# Several nginx configurations serve the same bytes; the fastest one in this run is the
# reference, so a ratio never flatters the server by comparing with a slow setup.
#   18191 sendfile + tcp_nopush      18192 plain read/write
#   18193 read/write + open_file_cache (no open/stat per request)
cat > "$WORK/nginx.conf" <<NGINX
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  keepalive_requests 1000000;
  client_body_temp_path $WORK/tmp; proxy_temp_path $WORK/tmp; fastcgi_temp_path $WORK/tmp; uwsgi_temp_path $WORK/tmp; scgi_temp_path $WORK/tmp;
  server { listen 127.0.0.1:$NGINX_PORT; root $WORK/www; sendfile on; tcp_nopush on; }
  server { listen 127.0.0.1:$((NGINX_PORT + 1)); root $WORK/www; sendfile off; }
  server { listen 127.0.0.1:$((NGINX_PORT + 2)); root $WORK/www; sendfile off;
           open_file_cache max=16 inactive=60s; open_file_cache_valid 60s; etag off; }
}
NGINX
mkdir -p "$WORK/tmp"
nginx -c "$WORK/nginx.conf"

PLANT=$(curl -sf "$BASE/api/plants?limit=1" | sed -E 's/.*"_id":"([^"]+)".*/\1/')
TOKEN=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"customer@hariyali.in","password":"Customer@2025"}' "$BASE/api/auth/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
curl -sf -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "{\"plantId\":\"$PLANT\",\"quantity\":1}" "$BASE/api/cart/add" >/dev/null

# CPU time (user + system, in clock ticks) of a process and all its threads, and of nginx's
# master and workers together. Read from /proc around each scenario: other load on the machine
# disturbs CPU per request much less than it disturbs requests/s.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
nginx_ticks() {
  local master total=0 pid
  master=$(cat "$WORK/nginx.pid")
  for pid in $master $(pgrep -P "$master"); do total=$((total + $(cpu_ticks "$pid"))); done
  echo "$total"
}
CLK_TCK=$(getconf CLK_TCK)
measure() { # label url [extra wrk args...]; CPU_OF picks whose CPU is counted (server|nginx)
  local label=$1 url=$2; shift 2
  local line before after requests cpu_us
  before=$(ticks_of "${CPU_OF:-server}")
  line=$(wrk -t2 -c"$CONNS" -d"${DURATION}s" -s bench/wrk/report.lua "$@" "$url" | grep '^RESULT' | sed 's/^RESULT //')
  after=$(ticks_of "${CPU_OF:-server}")
  requests=$(sed -E 's/.*requests=([0-9]+).*/\1/' <<<"$line")
  cpu_us=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" -v n="$requests" 'BEGIN { printf "%.1f", (n > 0 ? t * 1e6 / hz / n : 0) }')
  line="$line cpu_us_per_req=$cpu_us"
  printf '%-44s %s rss_mb=%s\n' "$label" "$line" "$(rss_mb)" >&2
  echo "$line"
}
ticks_of() { if [ "$1" = nginx ]; then nginx_ticks; else cpu_ticks "$SERVER"; fi; }
rss_mb() { awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$SERVER/status"; }
rps() { sed -E 's/.*rps=([0-9]+).*/\1/' <<<"$1"; }

echo "Hariyali load suite: $(nproc) cores, ${DURATION}s per scenario, $CONNS connections, $(date -u +%Y-%m-%dT%H:%MZ)"
NGINX_SENDFILE=$(CPU_OF=nginx measure "nginx static, sendfile" "http://127.0.0.1:$NGINX_PORT/plants.json")
NGINX_PLAIN=$(CPU_OF=nginx measure "nginx static, read/write" "http://127.0.0.1:$((NGINX_PORT + 1))/plants.json")
NGINX_CACHED=$(CPU_OF=nginx measure "nginx static, open_file_cache" "http://127.0.0.1:$((NGINX_PORT + 2))/plants.json")
# The reference: the nginx configuration with the most requests/s in this run.
NGINX_LINE=$(printf '%s\n' "$NGINX_SENDFILE" "$NGINX_PLAIN" "$NGINX_CACHED" | sort -t= -k2 -n -r | head -1)
echo "reference nginx: $NGINX_LINE"
case "$NGINX_LINE" in
  "$NGINX_SENDFILE") NGINX_URL="http://127.0.0.1:$NGINX_PORT/plants.json" ;;
  "$NGINX_PLAIN") NGINX_URL="http://127.0.0.1:$((NGINX_PORT + 1))/plants.json" ;;
  *) NGINX_URL="http://127.0.0.1:$((NGINX_PORT + 2))/plants.json" ;;
esac
LIST_LINE=$(measure "catalogue list" "$BASE/api/plants")
HEALTH_LINE=$(measure "health check" "$BASE/healthz")
SEARCH_LINE=$(measure "filtered, sorted search" "$BASE/api/plants?search=plant&category=Indoor&minPrice=100&maxPrice=900&sortBy=price&sortOrder=desc")
DETAIL_LINE=$(measure "plant detail" "$BASE/api/plants/$PLANT")
measure "signed-in cart read" "$BASE/api/cart" -H "Authorization: Bearer $TOKEN" >/dev/null
measure "assistant text answer" "$BASE/api/ai-chat/message" -s bench/wrk/chat.lua >/dev/null || true

# Catalogue while 20 clients keep signing in (argon2 must not starve it).
BODY='{"email":"customer@hariyali.in","password":"Customer@2025"}' \
  wrk -t1 -c20 -d"$((DURATION + 2))s" -s bench/wrk/post_json.lua "$BASE/api/auth/login" >"$WORK/storm.txt" 2>&1 &
STORM=$!
sleep 1
STORM_LINE=$(measure "catalogue list during a login storm" "$BASE/api/plants")
wait "$STORM" || true
printf '%-44s %s rss_mb=%s\n' "logins during the storm" "$(grep -E 'Requests/sec' "$WORK/storm.txt" | awk '{print "rps="$2}')" "$(rss_mb)"

printf '%-44s ' "order placement (32 customers)"
"$TARGET/release/examples/bench_orders" "$BASE" 32 "$DURATION"
echo "server memory after orders: $(rss_mb) MB"

PEAK_KB=$(awk '/VmHWM/ {print $2}' "/proc/$SERVER/status")
echo
echo "server peak memory (VmHWM): $((PEAK_KB / 1024)) MB"
awk -v n="$(rps "$NGINX_LINE")" -v l="$(rps "$LIST_LINE")" -v s="$(rps "$SEARCH_LINE")" \
  'BEGIN { printf "catalogue list / best nginx: %.2f (target >= 0.8)\nfiltered search / best nginx: %.2f (target >= 0.4)\n", l / n, s / n }'
p99() { sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$1"; }
awk -v q="$(p99 "$LIST_LINE")" -v s="$(p99 "$STORM_LINE")" \
  'BEGIN { printf "catalogue p99 during the login storm / quiet: %.2f (%.2f ms / %.2f ms, target < 2)\n", s / q, s, q }'
cpu() { sed -E 's/.*cpu_us_per_req=([0-9.]+).*/\1/' <<<"$1"; }
awk -v n="$(cpu "$NGINX_LINE")" -v l="$(cpu "$LIST_LINE")" -v d="$(cpu "$DETAIL_LINE")" -v h="$(cpu "$HEALTH_LINE")" \
  'BEGIN { printf "CPU per request: nginx %.1f us, catalogue %.1f us (%.2fx nginx, target <= 1.5), detail %.1f us (%.2fx), /healthz %.1f us (%.2fx nginx, target <= 0.5)\n", n, l, l / n, d, d / n, h, h / n }'

# CPU per request moves by up to a third between two single passes on these two shared cores
# (a pass where a wrk thread and a server thread keep landing on one core costs both), so
# the ratios are also taken in BENCH_PAIRED_ROUNDS rounds (default 3) of the reference nginx,
# the catalogue and /healthz back to back, BENCH_PAIRED_SECONDS (default 3) each: every
# round's ratios and their median, which is the figure the targets are read against.
ROUNDS=${BENCH_PAIRED_ROUNDS:-3}
DURATION=${BENCH_PAIRED_SECONDS:-3}
echo
echo "paired rounds (${DURATION}s each): CPU per request, us"
LIST_RATIOS=() HEALTH_RATIOS=()
for round in $(seq 1 "$ROUNDS"); do
  n=$(cpu "$(CPU_OF=nginx measure "round $round: nginx (reference)" "$NGINX_URL" 2>/dev/null)")
  l=$(cpu "$(measure "round $round: catalogue list" "$BASE/api/plants" 2>/dev/null)")
  h=$(cpu "$(measure "round $round: /healthz" "$BASE/healthz" 2>/dev/null)")
  LIST_RATIOS+=("$(awk -v a="$l" -v b="$n" 'BEGIN { printf "%.2f", a / b }')")
  HEALTH_RATIOS+=("$(awk -v a="$h" -v b="$n" 'BEGIN { printf "%.2f", a / b }')")
  echo "round $round: nginx $n, catalogue $l (${LIST_RATIOS[-1]}x), /healthz $h (${HEALTH_RATIOS[-1]}x)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "median of $ROUNDS rounds: catalogue $(median "${LIST_RATIOS[@]}")x nginx (target <= 1.5), /healthz $(median "${HEALTH_RATIOS[@]}")x nginx (target <= 0.5)"
