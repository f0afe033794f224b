#!/usr/bin/env bash
# `make test-scale`: two `hariyali` instances on one fresh PostgreSQL database and one S3
# bucket (moto's server, from PyPI, in a venv under ~/.cache), behind nginx as a round-robin balancer, driven by the
# `scale_journey` example (pictures, the last units, the assistant, caches, a SIGKILL).
# Installs what is missing, starts what is not running, tears everything down, and fails
# when the journey does.
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)
TARGET=${CARGO_TARGET_DIR:-target}
MOTO_VERSION=5.1.4
VENV=${HARIYALI_SCALE_VENV:-$HOME/.cache/hariyali/venv-scale}
LB_PORT=19400 A_PORT=19401 B_PORT=19402 S3_PORT=19403
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PG_BASE_URL=${PG_BASE_URL:-postgres://postgres@127.0.0.1:5432}
DB="scale_$$"
BUCKET="hariyali-scale-$$"
S3="http://127.0.0.1:$S3_PORT"

apt_install() { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }

# --- what this needs, installed when missing --------------------------------------------
command -v nginx >/dev/null || apt_install nginx
command -v psql >/dev/null || apt_install postgresql-client
command -v curl >/dev/null || apt_install curl
python3 -c 'import venv, ensurepip' 2>/dev/null || apt_install python3-venv
if ! "$VENV/bin/python" -c "import moto, sys; sys.exit(moto.__version__ != '$MOTO_VERSION')" 2>/dev/null; then
  python3 -m venv "$VENV"
  # moto's S3 and the web server it runs on: half the download of `moto[server]`.
  "$VENV/bin/pip" install -q "moto[s3]==$MOTO_VERSION" "flask==3.1.1" "flask-cors==6.0.1"
fi
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
cargo build --release --bin hariyali --example scale_journey 2>&1 | grep -E '^(error|warning)' || true
BIN="$TARGET/release/hariyali"
T_BUILT=$(date +%s)

WORK=$(mktemp -d)
chmod 755 "$WORK"   # nginx's workers run as www-data
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  psql "$PG_ADMIN_URL" -qX -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
wait_for() { # url what
  for _ in $(seq 1 150); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "$2 did not start" >&2; return 1
}

# --- S3: moto's server unless something already answers on the port ---------------------
if ! curl -s -o /dev/null "$S3/"; then
  "$VENV/bin/moto_server" -H 127.0.0.1 -p "$S3_PORT" >"$WORK/moto.log" 2>&1 &
  PIDS+=($!)
  wait_for "$S3/" "moto"
fi
curl -sf -X PUT "$S3/$BUCKET" >/dev/null

# --- one fresh database, two instances started at the same moment ----------------------
psql "$PG_ADMIN_URL" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $DB"
# The kill leg has each customer order again and again; the shop's limit of 3 pending COD
# orders per customer (issue 17) is raised so that leg measures the instances, not the rule.
start_instance() { # name port
  mkdir -p "$WORK/$1"
  DATABASE_URL="$PG_BASE_URL/$DB" HARIYALI_DATA_DIR="$WORK/$1" HARIYALI_ADDR="127.0.0.1:$2" \
    HARIYALI_DEMO=1 HARIYALI_TRUST_PROXY=1 HARIYALI_WEB_DIR="$WORK/no-web" \
    JWT_SECRET="scale-test-secret-shared-by-every-instance" \
    HARIYALI_S3_BUCKET="$BUCKET" HARIYALI_S3_ENDPOINT="$S3" HARIYALI_S3_REGION=us-east-1 \
    HARIYALI_S3_ACCESS_KEY_ID=scale HARIYALI_S3_SECRET_ACCESS_KEY=scale-secret HARIYALI_S3_PATH_STYLE=1 \
    HARIYALI_AUTH_RATE_PER_MINUTE=100000 HARIYALI_AI_RATE_PER_MINUTE=100000 RUST_LOG=warn \
    HARIYALI_MAX_PENDING_COD=1000000 \
    "$BIN" serve >"$WORK/$1.log" 2>&1 &
}
# Disowned, so that bash does not report B's SIGKILL as if the script had failed.
start_instance a "$A_PORT"; A_PID=$!; PIDS+=("$A_PID"); disown "$A_PID"
start_instance b "$B_PORT"; B_PID=$!; PIDS+=("$B_PID"); disown "$B_PID"
wait_for "http://127.0.0.1:$A_PORT/readyz" "instance A" || { cat "$WORK/a.log"; exit 1; }
wait_for "http://127.0.0.1:$B_PORT/readyz" "instance B" || { cat "$WORK/b.log"; exit 1; }

# Both seeded the same new database at once: the catalogue must be there once.
DUPLICATES=$(psql "$PG_BASE_URL/$DB" -qXAt -c "SELECT COUNT(*) - COUNT(DISTINCT name) FROM plants")
PLANTS=$(psql "$PG_BASE_URL/$DB" -qXAt -c "SELECT COUNT(*) FROM plants")
[ "$DUPLICATES" = 0 ] || { echo "FAIL: the demo catalogue was seeded twice ($PLANTS plants)"; exit 1; }
echo "seed: two instances started together on a new database, $PLANTS demo plants, none twice"

# --- nginx: round robin, a failed connection moves on to the other instance -------------
mkdir -p "$WORK/tmp"
cat > "$WORK/nginx.conf" <<NGINX
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $WORK/tmp; proxy_temp_path $WORK/tmp; fastcgi_temp_path $WORK/tmp; uwsgi_temp_path $WORK/tmp; scgi_temp_path $WORK/tmp;
  upstream hariyali {
    server 127.0.0.1:$A_PORT max_fails=1 fail_timeout=10s;
    server 127.0.0.1:$B_PORT max_fails=1 fail_timeout=10s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:$LB_PORT;
    client_max_body_size 60m;
    location / {
      proxy_pass http://hariyali;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
NGINX
nginx -c "$WORK/nginx.conf"
wait_for "http://127.0.0.1:$LB_PORT/readyz" "nginx"

# --- the journey ---------------------------------------------------------------------------
T_UP=$(date +%s)
STATUS=0
"$TARGET/release/examples/scale_journey" "http://127.0.0.1:$LB_PORT" \
  "http://127.0.0.1:$A_PORT" "http://127.0.0.1:$B_PORT" "$B_PID" || STATUS=$?
# B is gone when the journey got that far; when it did not, it goes now.
kill -KILL "$B_PID" 2>/dev/null || true

# Pictures went to the bucket, none to the instances' folders.
LOCAL_MEDIA=$(find "$WORK/a" "$WORK/b" -path '*media*' -type f | wc -l)
OBJECTS=$(curl -sf "$S3/$BUCKET?list-type=2" | grep -o '<Key>' | wc -l)
echo "bucket: $OBJECTS objects; files under the instances' media folders: $LOCAL_MEDIA"
[ "$LOCAL_MEDIA" = 0 ] && [ "$OBJECTS" -gt 0 ] || STATUS=1
if grep -qiE 'panicked|error' "$WORK/a.log"; then
  echo "instance A logged errors:"; grep -iE 'panicked|error' "$WORK/a.log" | head -20; STATUS=1
fi
T_END=$(date +%s)
echo "time: build/install $((T_BUILT - T0)) s, start-up $((T_UP - T_BUILT)) s, journey $((T_END - T_UP)) s, total $((T_END - T0)) s"
exit "$STATUS"
