# Hariyali: `make run` starts the shop, `make test` proves it. Thin wrappers over cargo and npm.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

CARGO_TARGET_DIR ?= target
export CARGO_TARGET_DIR
BIN := $(abspath $(CARGO_TARGET_DIR))/release/hariyali

# The PostgreSQL leg of the tests: a fresh database each run (named after the run, so two
# runs on one machine never meet), one schema per test inside it, dropped afterwards.
PG_ADMIN_URL ?= postgres://postgres@127.0.0.1:5432/postgres
PG_BASE_URL ?= postgres://postgres@127.0.0.1:5432

# Fuzzing (cargo-fuzz, libFuzzer) runs on stable through RUSTC_BOOTSTRAP; its build is
# instrumented, so it gets a target directory of its own.
FUZZ_SECONDS ?= 60
SOAK_SECONDS ?= 600
FUZZ_TARGET_DIR ?= $(abspath $(CARGO_TARGET_DIR))/fuzz

.PHONY: fuzz soak bench bench-cost bench-orders bench-photos test-scale lighthouse run build server web test test-server test-sqlite test-postgres test-web test-e2e test-schema api-types check-api-types lint fmt clean

## Build everything and start the shop on SQLite with the demo catalogue (http://127.0.0.1:8080).
run: build
	HARIYALI_WEB_DIR=web/dist $(BIN) serve

build: server web

server:
	cargo build --release --bin hariyali

# npm packages are installed again only when a lock file changes. `npm install` rather than
# `npm ci`: the registry mirror here lacks the other platforms' optional packages (e.g.
# rollup for Android) that `npm ci` insists the lock file list; the lock still pins versions.
web/node_modules/.installed: web/package-lock.json
	cd web && npm install --no-audit --no-fund --prefer-offline --loglevel=error
	touch $@

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && npm install --no-audit --no-fund --prefer-offline --loglevel=error
	touch $@

web: web/node_modules/.installed
	cd web && npm run build

## Every test: lints, the server suite on SQLite and on PostgreSQL, the web app's API types
## against the served document, its checks and unit tests, the browser journeys and
## schemathesis against the release binary.
test: lint test-server check-api-types test-web test-e2e test-schema

test-server: test-sqlite test-postgres

test-sqlite:
	cargo nextest run --release --no-fail-fast

# Fails (never skips) when PostgreSQL is not reachable.
test-postgres:
	db="hariyali_test_$$$$"; \
	psql "$(PG_ADMIN_URL)" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $$db"; \
	trap 'psql "$(PG_ADMIN_URL)" -qX -c "DROP DATABASE IF EXISTS $$db WITH (FORCE)"' EXIT; \
	HARIYALI_TEST_DATABASE_URL="$(PG_BASE_URL)/$$db" cargo nextest run --release --no-fail-fast

# The web app's API types (web/src/types/openapi.gen.ts) come from the OpenAPI document the
# release binary serves (`hariyali openapi` prints it). `api-types` rewrites the file;
# `check-api-types` fails when the committed file is not what the document gives.
OPENAPI_JSON := $(abspath $(CARGO_TARGET_DIR))/openapi.json

api-types: server web/node_modules/.installed
	$(BIN) openapi > $(OPENAPI_JSON)
	cd web && npm run --silent api-types -- $(OPENAPI_JSON)

check-api-types: server web/node_modules/.installed
	$(BIN) openapi > $(OPENAPI_JSON)
	cd web && npm run --silent api-types -- $(OPENAPI_JSON) --check

# Type checks, lint, unit tests, the production build and its first-load size budget.
test-web: web/node_modules/.installed
	cd web && npm run typecheck && npm run lint && npm test && npm run build && npm run size

# Real browser (Debian's chromium driven by playwright-core), real binary, fresh SQLite each file.
test-e2e: server web e2e/node_modules/.installed
	cd e2e && HARIYALI_BIN="$(BIN)" HARIYALI_WEB_DIR="$(CURDIR)/web/dist" npm test

# Schemathesis (pinned, from PyPI into a venv under ~/.cache) against /api/openapi.json of
# the release binary, as visitor, customer and admin, on SQLite and then on a fresh
# PostgreSQL database; at most five minutes for both.
test-schema: server
	db="hariyali_schema_$$$$"; \
	psql "$(PG_ADMIN_URL)" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $$db"; \
	trap 'psql "$(PG_ADMIN_URL)" -qX -c "DROP DATABASE IF EXISTS $$db WITH (FORCE)"' EXIT; \
	HARIYALI_BIN="$(BIN)" HARIYALI_SCHEMA_POSTGRES_URL="$(PG_BASE_URL)/$$db" \
		server/tests/schemathesis/run.sh

lint:
	cargo fmt --all -- --check
	cargo clippy --release --all-targets -- -D warnings

fmt:
	cargo fmt --all

clean:
	cargo clean

## The load suite: every scenario of bench/README.md against a fresh demo shop, with nginx's
## static figure for the same bytes.
bench: server web
	bench/run.sh

## What one request costs the server (instructions under callgrind, CPU time from /proc) for
## /healthz, the catalogue and a plant's detail: measures other load on the machine hardly moves.
bench-cost: server
	bench/per_request.sh

## Lighthouse (mobile) on /, /catalogue and a plant page, median of 3 runs; fails under the
## targets (performance and accessibility and best practices 95, SEO 90).
lighthouse: server web
	bench/lighthouse/run.sh

## A chat message with five 12 MP photos, end to end against a release server: p50/p95.
bench-photos:
	bench/photos.sh

## Order placement throughput and latency on SQLite and PostgreSQL (fresh demo databases).
bench-orders:
	bench/orders.sh

## Fuzz the multipart forms (through the router) and the image path for FUZZ_SECONDS each
## (default 60); crashes land in fuzz/artifacts/. Needs `cargo install cargo-fuzz`.
fuzz:
	cd fuzz && for target in multipart_forms images; do \
		mkdir -p corpus/$$target artifacts/$$target logs; \
		seeds=""; if [ -d seeds/$$target ]; then seeds=seeds/$$target; fi; \
		echo "fuzzing $$target for $(FUZZ_SECONDS) s (log: fuzz/logs/$$target.log)"; \
		if ! RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer none --target-dir "$(FUZZ_TARGET_DIR)" \
			$$target corpus/$$target $$seeds -- \
			-max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=4096 \
			-artifact_prefix=artifacts/$$target/ -print_final_stats=1 > logs/$$target.log 2>&1; then \
			tail -n 40 logs/$$target.log; echo "fuzz target $$target failed: input in fuzz/artifacts/$$target/"; exit 1; \
		fi; \
		runs=$$(awk '/^stat::number_of_executed_units/ {print $$2}' logs/$$target.log); \
		echo "$$target: $$runs executions, $$(ls corpus/$$target | wc -l) inputs in the corpus, nothing found"; \
	done

## Mixed load for SOAK_SECONDS (default 600) on a fresh demo shop: request counts, errors
## (must be 0) and the server's memory every 10 s with a flat/not-flat verdict.
soak:
	cargo build --release --bin hariyali --example soak
	$(abspath $(CARGO_TARGET_DIR))/release/examples/soak $(SOAK_SECONDS)
## Two instances behind nginx on one fresh PostgreSQL database and one S3 bucket (moto):
## pictures, the last units, the assistant, caches and a SIGKILL mid-load.
test-scale:
	bench/scale.sh
