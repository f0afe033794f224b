-- Failed sign-ins (and wrong current passwords) per account and client address. A pause is
-- kept per address, so strangers guessing from elsewhere never lock the owner out; the
-- per-account count in login_failures only makes addresses that already failed wait longer.
CREATE TABLE login_failures_by_address (
    email        TEXT NOT NULL,
    address      TEXT NOT NULL,
    failures     BIGINT NOT NULL,
    -- Milliseconds since the epoch: the first failure of the current window, and the last.
    window_start BIGINT NOT NULL,
    last_failure BIGINT NOT NULL,
    PRIMARY KEY (email, address)
);

CREATE INDEX login_failures_by_address_window ON login_failures_by_address (window_start);

-- What an order request with an Idempotency-Key asked for (a hash of its delivery address),
-- so that the key reused for a different request is refused instead of replaying the first
-- order. Keys saved before this column have none and replay as before.
ALTER TABLE idempotency_keys ADD COLUMN request_hash TEXT;
