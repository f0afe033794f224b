# Hariyali: `make run` starts the shop, `make test` proves it. Thin wrappers over cargo and npm.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

CARGO_TARGET_DIR ?= target
export CARGO_TARGET_DIR
BIN := $(CARGO_TARGET_DIR)/release/hariyali

# The PostgreSQL leg of the tests: a fresh database each run (named after the run, so two
# runs on one machine never meet), one schema per test inside it, dropped afterwards.
PG_ADMIN_URL ?= postgres://postgres@127.0.0.1:5432/postgres
PG_BASE_URL ?= postgres://postgres@127.0.0.1:5432

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
	db="hariyali_test_$$$$"; \
	psql "$(PG_ADMIN_URL)" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $$db"; \
	trap 'psql "$(PG_ADMIN_URL)" -qX -c "DROP DATABASE IF EXISTS $$db WITH (FORCE)"' EXIT; \
	HARIYALI_TEST_DATABASE_URL="$(PG_BASE_URL)/$$db" cargo nextest run --release --no-fail-fast

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
