//! Identifiers and clocks.

/// A new opaque, time-ordered identifier (UUIDv7) for any entity.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// Milliseconds since the Unix epoch: how every time is stored.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// Renders a stored time as the contract's ISO-8601 UTC string.
pub fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// The human-readable plant code for a sequence number, e.g. `PL-1007`.
pub fn plant_code(seq: i64) -> String {
    format!("PL-{seq}")
}
