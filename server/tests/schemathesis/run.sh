#!/usr/bin/env bash
# Schemathesis against the release binary: a fresh demo shop on SQLite in a temp dir, its own
# /api/openapi.json as the schema, one run each as a visitor, the demo customer and the demo
# admin. Checks: no 5xx, every status, content type and body as documented.
#
# Schemathesis comes from PyPI, pinned, into a venv outside the repository (installed on the
# first run). The three runs share a time budget (HARIYALI_SCHEMA_SECONDS, default 240 s) so
# the whole script stays under five minutes.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
bin="${HARIYALI_BIN:-$root/target/release/hariyali}"
venv="${HARIYALI_SCHEMATHESIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/hariyali/schemathesis-$SCHEMATHESIS_VERSION}"
budget="${HARIYALI_SCHEMA_SECONDS:-240}"
started=$SECONDS

[[ -x "$bin" ]] || { echo "no server binary at $bin (make server)" >&2; exit 1; }
python="$(command -v python3.11 || command -v python3)"
if [[ ! -x "$venv/bin/schemathesis" ]]; then
    echo "installing schemathesis $SCHEMATHESIS_VERSION into $venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

port="${HARIYALI_SCHEMA_PORT:-$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
base="http://127.0.0.1:$port"
# Rate limits raised: thousands of generated sign-ins and chat messages from one address
# would otherwise mostly test the 429 path.
HARIYALI_ADDR="127.0.0.1:$port" HARIYALI_DATA_DIR="$work/data" HARIYALI_DEMO=true \
    HARIYALI_WEB_DIR="$work/no-web-app" HARIYALI_AUTH_RATE_PER_MINUTE=1000000 \
    HARIYALI_AI_RATE_PER_MINUTE=1000000 HARIYALI_LOGIN_FAILURES=1000000 \
    RUST_LOG=warn "$bin" serve >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "$base/readyz" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done

login() {
    curl -fsS -H 'content-type: application/json' \
        -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/auth/login" |
        "$python" -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}
customer_token="$(login customer@hariyali.in Customer@2025)"
admin_token="$(login admin@hariyali.in Admin@2025)"

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
status=0
total_cases=0
run_as() {
    local who="$1" seconds="$2"
    shift 2
    echo "== schemathesis as $who (up to ${seconds}s)"
    local log="$work/$who.log"
    "$venv/bin/schemathesis" --config-file "$here/schemathesis.toml" --no-color run \
        "$base/api/openapi.json" --checks "$checks" --max-time "$seconds" --workers 2 \
        --seed 20261123 --request-timeout 20 --suppress-health-check all "$@" 2>&1 |
        tee "$log" || status=1
    # The summary line reads "1234 generated, 1234 passed".
    local cases
    cases="$(grep -oE '^ *[0-9]+ generated' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)"
    total_cases=$((total_cases + cases))
}
share=$((budget / 3))
run_as visitor "$share"
run_as customer "$share" -H "Authorization: Bearer $customer_token"
run_as admin "$share" -H "Authorization: Bearer $admin_token"

# A 5xx already fails the run; this also catches faults the server logged and survived.
if grep -qE ' ERROR |panicked' "$work/server.log"; then
    echo "the server logged errors:" >&2
    grep -E -A3 ' ERROR |panicked' "$work/server.log" | head -40 >&2
    status=1
fi
echo "schemathesis: $total_cases cases in $((SECONDS - started))s, $( ((status == 0)) && echo passed || echo FAILED)"
exit "$status"
