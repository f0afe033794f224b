-- Hariyali schema (PostgreSQL). Times are epoch milliseconds; money is whole rupees.
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE counters (
    name  TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('plant_code', 1000);

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL,
    email_lower   TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('customer', 'admin')),
    street        TEXT NOT NULL DEFAULT '',
    city          TEXT NOT NULL DEFAULT '',
    state         TEXT NOT NULL DEFAULT '',
    zip_code      TEXT NOT NULL DEFAULT '',
    phone         TEXT NOT NULL DEFAULT '',
    token_version BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE plants (
    id             TEXT PRIMARY KEY,
    plant_code     TEXT NOT NULL UNIQUE,
    name           TEXT NOT NULL,
    name_lower     TEXT NOT NULL,
    description    TEXT NOT NULL,
    price          BIGINT NOT NULL CHECK (price >= 1),
    original_price BIGINT,
    stock          BIGINT NOT NULL CHECK (stock >= 0),
    categories     TEXT NOT NULL,           -- '|Indoor|Flowering|': filterable with LIKE
    image          TEXT,
    thumbnail      TEXT,
    rating_sum     BIGINT NOT NULL DEFAULT 0,
    review_count   BIGINT NOT NULL DEFAULT 0,
    rating         DOUBLE PRECISION NOT NULL DEFAULT 0,  -- rating_sum / review_count to one decimal
    deleted_at     BIGINT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX plants_live_name ON plants (name_lower) WHERE deleted_at IS NULL;
CREATE INDEX plants_live_created ON plants (created_at) WHERE deleted_at IS NULL;

CREATE TABLE cart_items (
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id TEXT NOT NULL REFERENCES plants (id),
    quantity BIGINT NOT NULL CHECK (quantity >= 1),
    added_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, plant_id)
);

CREATE TABLE orders (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
    total      BIGINT NOT NULL,
    street     TEXT NOT NULL,
    city       TEXT NOT NULL,
    state      TEXT NOT NULL,
    zip_code   TEXT NOT NULL,
    phone      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX orders_by_user ON orders (user_id, created_at);
CREATE INDEX orders_by_status ON orders (status, created_at);
CREATE INDEX orders_by_created ON orders (created_at);

CREATE TABLE order_items (
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    plant_id   TEXT NOT NULL REFERENCES plants (id),
    plant_name TEXT NOT NULL,
    price      BIGINT NOT NULL,
    quantity   BIGINT NOT NULL CHECK (quantity >= 1),
    rated      BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, plant_id)
);

CREATE TABLE order_status_history (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status     TEXT NOT NULL,
    changed_by TEXT REFERENCES users (id),
    at         BIGINT NOT NULL
);
CREATE INDEX order_status_history_by_order ON order_status_history (order_id, at);

CREATE TABLE ratings (
    order_id   TEXT NOT NULL REFERENCES orders (id),
    plant_id   TEXT NOT NULL REFERENCES plants (id),
    user_id    TEXT NOT NULL REFERENCES users (id),
    rating     BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (order_id, plant_id)
);

CREATE TABLE idempotency_keys (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key        TEXT NOT NULL,
    order_id   TEXT NOT NULL REFERENCES orders (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, key)
);

CREATE TABLE assistant_sessions (
    id             TEXT PRIMARY KEY,
    state          TEXT NOT NULL,            -- JSON: remembered plant, recent turns
    created_at     BIGINT NOT NULL,
    last_active_at BIGINT NOT NULL
);
CREATE INDEX assistant_sessions_by_activity ON assistant_sessions (last_active_at);
