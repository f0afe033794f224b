-- Indian addresses (the storefront issue): an optional landmark the courier can ask for and
-- an optional recipient when someone else takes the parcel, on the saved profile address and
-- on every order's delivery address. Empty means not given.
ALTER TABLE users ADD COLUMN landmark TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN recipient_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN landmark TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN recipient_name TEXT NOT NULL DEFAULT '';
