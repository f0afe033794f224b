#!/usr/bin/env bash
# Schemathesis against the release binary: a fresh demo shop, its own /api/openapi.json as
# the schema, one run each as a visitor, the demo customer and the demo admin. Checks: no
# 5xx, every status, content type and body as documented, and nothing logged as an error.
#
# The shop runs on SQLite in a temp dir, then, when HARIYALI_SCHEMA_POSTGRES_URL names an
# empty PostgreSQL database (`make test-schema` creates one), again on that database.
#
# Schemathesis comes from PyPI, pinned, into a venv outside the repository (installed on the
# first run). Everything, the first run's install included, fits in HARIYALI_SCHEMA_SECONDS
# (default 270 s): the runs share what is left after setup, so the script stays under five
# minutes.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
bin="${HARIYALI_BIN:-$root/target/release/hariyali}"
venv="${HARIYALI_SCHEMATHESIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/hariyali/schemathesis-$SCHEMATHESIS_VERSION}"
budget="${HARIYALI_SCHEMA_SECONDS:-270}"
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
stop_server() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT

port="${HARIYALI_SCHEMA_PORT:-$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
base="http://127.0.0.1:$port"

# Starts the demo shop on database $1 with its log in $2. Rate limits raised: thousands of
# generated sign-ins and chat messages from one address would otherwise mostly test the
# 429 path.
start_server() {
    mkdir -p "$work/data"
    DATABASE_URL="$1" HARIYALI_ADDR="127.0.0.1:$port" HARIYALI_DATA_DIR="$work/data" \
        HARIYALI_DEMO=true HARIYALI_WEB_DIR="$work/no-web-app" \
        HARIYALI_AUTH_RATE_PER_MINUTE=1000000 HARIYALI_AI_RATE_PER_MINUTE=1000000 \
        HARIYALI_LOGIN_FAILURES=1000000 RUST_LOG=warn "$bin" serve >"$2" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do
        curl -fsS "$base/readyz" >/dev/null 2>&1 && return 0
        kill -0 "$server_pid" 2>/dev/null || { cat "$2" >&2; exit 1; }
        sleep 0.1
    done
    echo "the server did not become ready:" >&2
    cat "$2" >&2
    exit 1
}

login() {
    curl -fsS -H 'content-type: application/json' \
        -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/auth/login" |
        "$python" -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}

# What a run's JSON report says, as "<verdict> <cases generated>". The verdict is
# - "passed": every case passed and nothing broke;
# - "cut": every case passed, and the only errors are ones schemathesis could not classify
#   ("Runtime Error") in a run its own --max-time stopped. Its time limit interrupts the
#   generator wherever it is, even inside Python's compiler (a KeyError from linecache, a
#   SystemError "AST constructor recursion depth mismatch"); a bounded run ends that way;
# - "tool-crash": the same unclassified errors in a run that was not cut short (a Hypothesis
#   FlakyFailure, an IndexError in its shrinker);
# - "failed": anything else (a failed check, a network error, no report).
verdict() {
    "$python" - "$1" <<'PY'
import json, sys
try:
    report = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    print("failed 0"); sys.exit()
cases = report.get("test_cases", {}).get("generated", 0)
errors = report.get("errors", [])
only_tool_errors = errors and all(e["title"] == "Runtime Error" for e in errors)
if report.get("failures"):
    print("failed", cases)
elif report.get("exit_code") == 0 and not errors:
    print("passed", cases)
elif only_tool_errors and report.get("stop_reason") == "max_time":
    print("cut", cases)
elif only_tool_errors:
    print("tool-crash", cases)
else:
    print("failed", cases)
PY
}

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
runs_left=3
[[ -n "${HARIYALI_SCHEMA_POSTGRES_URL:-}" ]] && runs_left=6
status=0
total_cases=0
# An equal share of the time left for each remaining run, less a few seconds for
# schemathesis to start and report.
share() {
    local s=$(( (budget - (SECONDS - started)) / runs_left - 3 ))
    echo $(( s < 10 ? 10 : s ))
}
# One run as $1 (visitor, customer, admin) on database leg $2; the rest are extra arguments.
# A run that crashed inside schemathesis with every case passed (see `verdict`) is repeated
# once on what is left of its share; a failed check, a network error or a second crash
# fails it.
run_as() {
    local who="$1" leg="$2"
    shift 2
    local seconds
    seconds="$(share)"
    local deadline=$((SECONDS + seconds))
    for attempt in 1 2; do
        echo "== schemathesis on $leg as $who (up to ${seconds}s)"
        local log="$work/$leg-$who-$attempt.log" report="$work/$leg-$who-$attempt.json"
        # From the temp dir: schemathesis keeps a cache (.schemathesis/) in its working directory.
        (cd "$work" && "$venv/bin/schemathesis" --config-file "$here/schemathesis.toml" --no-color run \
            "$base/api/openapi.json" --checks "$checks" --max-time "$seconds" --workers 2 \
            --seed 20261123 --request-timeout 20 --suppress-health-check all \
            --report json --report-json-path "$report" "$@") 2>&1 | tee "$log" || true
        local outcome cases
        read -r outcome cases < <(verdict "$report")
        total_cases=$((total_cases + cases))
        case "$outcome" in
            passed) break ;;
            cut)
                echo "== every case passed; schemathesis was stopped by its time limit mid-generation"
                break ;;
            tool-crash)
                seconds=$((deadline - SECONDS))
                if [[ $attempt == 1 && $seconds -ge 10 ]]; then
                    echo "== schemathesis crashed inside its own generator with no check failed: once more"
                    continue
                fi
                echo "schemathesis crashed on $leg as $who twice (or with no time left)" >&2
                status=1; break ;;
            *) status=1; break ;;
        esac
    done
    runs_left=$((runs_left - 1))
}

# The three runs against one database; the server's log must hold no error afterwards
# (a 5xx already fails a run; this also catches faults the server survived).
leg() {
    local leg="$1" database_url="$2"
    local server_log="$work/$leg-server.log"
    start_server "$database_url" "$server_log"
    local customer_token admin_token
    customer_token="$(login customer@hariyali.in Customer@2025)"
    admin_token="$(login admin@hariyali.in Admin@2025)"
    run_as visitor "$leg"
    run_as customer "$leg" -H "Authorization: Bearer $customer_token"
    run_as admin "$leg" -H "Authorization: Bearer $admin_token"
    stop_server
    if grep -qE ' ERROR |panicked' "$server_log"; then
        echo "the server on $leg logged errors:" >&2
        grep -E -A3 ' ERROR |panicked' "$server_log" | head -40 >&2
        status=1
    fi
}

leg sqlite "sqlite://$work/data/hariyali.db"
if [[ -n "${HARIYALI_SCHEMA_POSTGRES_URL:-}" ]]; then
    rm -rf "$work/data"
    leg postgres "$HARIYALI_SCHEMA_POSTGRES_URL"
fi

echo "schemathesis: $total_cases cases in $((SECONDS - started))s, $( ((status == 0)) && echo passed || echo FAILED)"
exit "$status"
