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
