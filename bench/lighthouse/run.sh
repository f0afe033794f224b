#!/usr/bin/env bash
# Lighthouse (mobile settings) on `/`, `/catalogue` and `/plant/{id}` of a fresh demo shop.
#
#   bench/lighthouse/run.sh            # 3 runs per page, medians reported
#   LH_RUNS=5 bench/lighthouse/run.sh  # steadier medians on a busy machine
#
# Starts `hariyali serve` itself on a free loopback port with a throw-away SQLite database
# and data dir, serving web/dist (built first when missing), waits for /readyz, picks a plant
# from GET /api/plants?limit=1, audits the three pages in Debian's chromium, prints the table,
# writes the JSON and HTML reports to bench/lighthouse/reports/, stops the server, and exits 1
# when a page's median is below 98 performance, 95 accessibility, 95 best practices or 90 SEO,
# or its median LCP is 1.5 s or more or its TBT 100 ms or more (issue 21).
#
# Environment:
#   HARIYALI_BIN      server binary (default ${CARGO_TARGET_DIR:-<repo>/target}/release/hariyali)
#   HARIYALI_WEB_DIR  the built app to serve (default <repo>/web/dist)
#   CHROME_PATH       browser (default /usr/bin/chromium)
#   LH_RUNS           runs per page, the median counts (default 3)
#   LH_PAGES          a comma-separated subset of home,catalogue,plant (default: all three)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BIN=${HARIYALI_BIN:-${CARGO_TARGET_DIR:-$REPO/target}/release/hariyali}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
RUNS=${LH_RUNS:-3}
WEB_DIR=${HARIYALI_WEB_DIR:-$REPO/web/dist}

[ -x "$BIN" ] || { echo "no server binary at $BIN (cargo build --release, or set HARIYALI_BIN)" >&2; exit 2; }
[ -x "$CHROME_PATH" ] || { echo "no chromium at $CHROME_PATH (apt-get install chromium, or set CHROME_PATH)" >&2; exit 2; }
if [ ! -f "$WEB_DIR/index.html" ] && [ "$WEB_DIR" = "$REPO/web/dist" ]; then
  echo "building web/dist ..." >&2
  (cd "$REPO/web" && npm install --no-audit --no-fund --prefer-offline >/dev/null && npm run build >/dev/null)
fi
(cd "$HERE" && npm install --no-audit --no-fund --prefer-offline --loglevel=error >/dev/null)

PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
TMP=$(mktemp -d)
PID=
cleanup() {
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The public URL is set as a deployment sets it: canonical and hreflang links are then
# absolute, as search engines (and Lighthouse's SEO audits) require.
HARIYALI_ADDR="127.0.0.1:$PORT" HARIYALI_PUBLIC_URL="http://127.0.0.1:$PORT" DATABASE_URL="sqlite://$TMP/lh.db" HARIYALI_DATA_DIR="$TMP" HARIYALI_DEMO=1 \
  HARIYALI_WEB_DIR="$WEB_DIR" RUST_LOG=warn "$BIN" serve >"$TMP/server.log" 2>&1 &
PID=$!

BASE="http://127.0.0.1:$PORT"
for _ in $(seq 1 300); do
  curl -sf "$BASE/readyz" >/dev/null 2>&1 && break
  kill -0 "$PID" 2>/dev/null || { echo "the server exited:" >&2; cat "$TMP/server.log" >&2; exit 2; }
  sleep 0.1
done
curl -sf "$BASE/readyz" >/dev/null || { echo "the server was not ready after 30 s:" >&2; cat "$TMP/server.log" >&2; exit 2; }

echo "hariyali at $BASE (pid $PID), $RUNS Lighthouse run(s) per page" >&2
status=0
node "$HERE/run.mjs" --base "$BASE" --runs "$RUNS" --reports "$HERE/reports" || status=$?
exit "$status"
