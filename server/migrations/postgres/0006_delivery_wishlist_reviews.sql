-- Issue 20: where the shop delivers and how fast, the estimate an order was promised,
-- written reviews on ratings, wishlists with back-in-stock requests, and notifications.

-- Delivery areas by PIN prefix. A rule covers PINs whose first len(prefix_from) digits lie
-- between prefix_from and prefix_to (same length); the longest matching prefix wins, so a
-- 3- or 5-digit rule carves an exception out of a 2-digit one. No match: not served.
-- The admin replaces the whole list (PUT /api/admin/delivery); every instance reads it here.
CREATE TABLE delivery_rules (
    position    BIGINT PRIMARY KEY,
    prefix_from TEXT NOT NULL,
    prefix_to   TEXT NOT NULL,
    state       TEXT NOT NULL,
    city        TEXT,
    serviceable BIGINT NOT NULL,
    min_days    BIGINT,
    max_days    BIGINT
);

-- The demo areas (docs/shop facts): metros 2-4 days, the rest of India 4-8 days, the
-- Andaman and Nicobar Islands (744) and Lakshadweep (68255x) not served yet.
INSERT INTO delivery_rules (position, prefix_from, prefix_to, state, city, serviceable, min_days, max_days) VALUES
    (1, '11', '11', 'Delhi', 'Delhi', 1, 2, 4),
    (2, '12', '13', 'Haryana', NULL, 1, 4, 8),
    (3, '14', '16', 'Punjab', NULL, 1, 4, 8),
    (4, '17', '17', 'Himachal Pradesh', NULL, 1, 4, 8),
    (5, '18', '19', 'Jammu and Kashmir', NULL, 1, 4, 8),
    (6, '20', '28', 'Uttar Pradesh', NULL, 1, 4, 8),
    (7, '246', '249', 'Uttarakhand', NULL, 1, 4, 8),
    (8, '262', '263', 'Uttarakhand', NULL, 1, 4, 8),
    (9, '30', '34', 'Rajasthan', NULL, 1, 4, 8),
    (10, '36', '39', 'Gujarat', NULL, 1, 4, 8),
    (11, '40', '40', 'Maharashtra', 'Mumbai', 1, 2, 4),
    (12, '41', '41', 'Maharashtra', 'Pune', 1, 2, 4),
    (13, '42', '44', 'Maharashtra', NULL, 1, 4, 8),
    (14, '45', '48', 'Madhya Pradesh', NULL, 1, 4, 8),
    (15, '49', '49', 'Chhattisgarh', NULL, 1, 4, 8),
    (16, '50', '50', 'Telangana', 'Hyderabad', 1, 2, 4),
    (17, '51', '53', 'Andhra Pradesh', NULL, 1, 4, 8),
    (18, '56', '56', 'Karnataka', 'Bengaluru', 1, 2, 4),
    (19, '57', '59', 'Karnataka', NULL, 1, 4, 8),
    (20, '60', '60', 'Tamil Nadu', 'Chennai', 1, 2, 4),
    (21, '61', '64', 'Tamil Nadu', NULL, 1, 4, 8),
    (22, '67', '69', 'Kerala', NULL, 1, 4, 8),
    (23, '68255', '68255', 'Lakshadweep', NULL, 0, NULL, NULL),
    (24, '70', '70', 'West Bengal', 'Kolkata', 1, 2, 4),
    (25, '71', '74', 'West Bengal', NULL, 1, 4, 8),
    (26, '737', '737', 'Sikkim', NULL, 1, 4, 8),
    (27, '744', '744', 'Andaman and Nicobar Islands', NULL, 0, NULL, NULL),
    (28, '75', '77', 'Odisha', NULL, 1, 4, 8),
    (29, '78', '78', 'Assam', NULL, 1, 4, 8),
    (30, '790', '792', 'Arunachal Pradesh', NULL, 1, 4, 8),
    (31, '793', '794', 'Meghalaya', NULL, 1, 4, 8),
    (32, '795', '795', 'Manipur', NULL, 1, 4, 8),
    (33, '796', '796', 'Mizoram', NULL, 1, 4, 8),
    (34, '797', '798', 'Nagaland', NULL, 1, 4, 8),
    (35, '799', '799', 'Tripura', NULL, 1, 4, 8),
    (36, '80', '85', 'Bihar', NULL, 1, 4, 8),
    (37, '814', '816', 'Jharkhand', NULL, 1, 4, 8),
    (38, '825', '835', 'Jharkhand', NULL, 1, 4, 8);

-- The estimate shown when the order was placed (days from placement); NULL for orders
-- placed before this existed.
ALTER TABLE orders ADD COLUMN delivery_min_days BIGINT;
ALTER TABLE orders ADD COLUMN delivery_max_days BIGINT;

-- The optional written review that goes with a rating.
ALTER TABLE ratings ADD COLUMN review TEXT;
CREATE INDEX ratings_by_plant ON ratings (plant_id, created_at);

CREATE TABLE wishlist (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id   TEXT NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
    notify     BIGINT NOT NULL DEFAULT 0,
    added_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, plant_id)
);
CREATE INDEX wishlist_waiting ON wishlist (notify, plant_id);

CREATE TABLE notifications (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    plant_id   TEXT NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
    plant_name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at    BIGINT
);
CREATE INDEX notifications_by_user ON notifications (user_id, created_at);
