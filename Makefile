# Hariyali: `make run` starts the shop, `make test` proves it. Thin wrappers over cargo and npm.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

CARGO_TARGET_DIR ?= target
export CARGO_TARGET_DIR
BIN := $(CARGO_TARGET_DIR)/release/hariyali

# The PostgreSQL leg of the tests: a fresh database each run, one schema per test inside it.
PG_ADMIN_URL ?= postgres://postgres@127.0.0.1:5432/postgres
PG_TEST_DB ?= hariyali_test
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/$(PG_TEST_DB)

.PHONY: bench-orders run build server test test-server test-sqlite test-postgres lint fmt clean

## Build everything and start the shop on SQLite with the demo catalogue (http://127.0.0.1:8080).
run: build
	$(BIN) serve

build: server

server:
	cargo build --release --bin hariyali

## Every test: lints, the server suite on SQLite and on PostgreSQL.
test: lint test-server

test-server: test-sqlite test-postgres

test-sqlite:
	cargo nextest run --release --no-fail-fast

# Fails (never skips) when PostgreSQL is not reachable.
test-postgres:
	psql "$(PG_ADMIN_URL)" -qX -v ON_ERROR_STOP=1 -c 'DROP DATABASE IF EXISTS $(PG_TEST_DB) WITH (FORCE)' -c 'CREATE DATABASE $(PG_TEST_DB)' 2>&1 | grep -v 'does not exist, skipping' || true
	psql "$(PG_TEST_URL)" -qX -c 'SELECT 1' >/dev/null
	HARIYALI_TEST_DATABASE_URL="$(PG_TEST_URL)" cargo nextest run --release --no-fail-fast

lint:
	cargo fmt --all -- --check
	cargo clippy --release --all-targets -- -D warnings

fmt:
	cargo fmt --all

clean:
	cargo clean

## Order placement throughput and latency on SQLite and PostgreSQL (fresh demo databases).
bench-orders:
	bench/orders.sh
