-- Failed sign-ins per account, shared by every instance of the shop: the pause after too
-- many failures must hold however many servers the attempts are spread over.
CREATE TABLE login_failures (
    email        TEXT PRIMARY KEY,
    failures     BIGINT NOT NULL,
    -- Milliseconds since the epoch of the first failure in the current window.
    window_start BIGINT NOT NULL
);

CREATE INDEX login_failures_window ON login_failures (window_start);
