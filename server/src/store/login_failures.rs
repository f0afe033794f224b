//! Failed sign-ins per account, in the database so that every instance counts the same
//! failures: the pause after too many must not multiply with the number of servers.

use super::Db;

/// Counts one failure for `email`; a window older than `window_ms` starts again at one.
/// One statement, so two instances counting at once both count.
pub async fn record(db: &Db, email: &str, now: i64, window_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO login_failures (email, failures, window_start) VALUES ($1, 1, $2) \
         ON CONFLICT (email) DO UPDATE SET \
           failures = CASE WHEN login_failures.window_start <= $3 THEN 1 ELSE login_failures.failures + 1 END, \
           window_start = CASE WHEN login_failures.window_start <= $3 THEN $2 ELSE login_failures.window_start END",
    )
    .bind(email)
    .bind(now)
    .bind(now - window_ms)
    .execute(db.writer())
    .await?;
    Ok(())
}

/// Failures of `email` and when their window began, if any are counted.
pub async fn get(db: &Db, email: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT failures, window_start FROM login_failures WHERE email = $1")
        .bind(email)
        .fetch_optional(db.reader())
        .await
}

pub async fn clear(db: &Db, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures WHERE email = $1")
        .bind(email)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Forgets windows that ended before `before` (they no longer pause anyone).
pub async fn prune(db: &Db, before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures WHERE window_start < $1")
        .bind(before)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Failures of one account from one client address.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct AddressFailures {
    pub failures: i64,
    pub window_start: i64,
    pub last_failure: i64,
}

/// Counts one failure for `email` from `address`; a window older than `window_ms` starts
/// again at one.
pub async fn record_from(
    db: &Db,
    email: &str,
    address: &str,
    now: i64,
    window_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO login_failures_by_address (email, address, failures, window_start, last_failure) \
         VALUES ($1, $2, 1, $3, $3) \
         ON CONFLICT (email, address) DO UPDATE SET \
           failures = CASE WHEN login_failures_by_address.window_start <= $4 THEN 1 ELSE login_failures_by_address.failures + 1 END, \
           window_start = CASE WHEN login_failures_by_address.window_start <= $4 THEN $3 ELSE login_failures_by_address.window_start END, \
           last_failure = $3",
    )
    .bind(email)
    .bind(address)
    .bind(now)
    .bind(now - window_ms)
    .execute(db.writer())
    .await?;
    Ok(())
}

pub async fn get_from(
    db: &Db,
    email: &str,
    address: &str,
) -> Result<Option<AddressFailures>, sqlx::Error> {
    sqlx::query_as(
        "SELECT failures, window_start, last_failure FROM login_failures_by_address \
         WHERE email = $1 AND address = $2",
    )
    .bind(email)
    .bind(address)
    .fetch_optional(db.reader())
    .await
}

pub async fn clear_from(db: &Db, email: &str, address: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures_by_address WHERE email = $1 AND address = $2")
        .bind(email)
        .bind(address)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Forgets per-address windows that ended before `before`.
pub async fn prune_from(db: &Db, before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures_by_address WHERE window_start < $1")
        .bind(before)
        .execute(db.writer())
        .await?;
    Ok(())
}
