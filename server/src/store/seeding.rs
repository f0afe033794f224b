//! The statements the demo seeding runs inside its own transactions: claiming a seeding
//! step so two instances starting on one database do it once, and the lookups the demo
//! reviews need. What to seed (the catalogue file, the accounts) is `crate::seed`'s.

use super::Tx;

/// Claims the one-off step `name` (a settings row): false when an earlier run (or another
/// instance, which this waits for) already claimed it.
pub async fn claim_step(tx: &mut Tx, name: &str) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO settings (name, value) VALUES ($1, '1') ON CONFLICT (name) DO NOTHING",
    )
    .bind(name)
    .execute(&mut **tx)
    .await?;
    Ok(claimed.rows_affected() > 0)
}

/// Marks the step `name` done (or holds its row until the transaction ends: the first
/// instance to write it makes a second one wait for its commit).
pub async fn mark_step(tx: &mut Tx, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO settings (name, value) VALUES ($1, '1') \
         ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    )
    .bind(name)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Live plants, counted inside the transaction (after `mark_step` has ordered the instances).
pub async fn live_plants(tx: &mut Tx) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM plants WHERE deleted_at IS NULL")
        .fetch_one(&mut **tx)
        .await
}

/// The id of the account with this (lower-case) email, if there is one.
pub async fn user_id_by_email(
    tx: &mut Tx,
    email_lower: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM users WHERE email_lower = $1")
        .bind(email_lower)
        .fetch_optional(&mut **tx)
        .await
}

/// A live plant's id and price by its exact name.
pub async fn live_plant_by_name(
    tx: &mut Tx,
    name: &str,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT id, price FROM plants WHERE name = $1 AND deleted_at IS NULL")
        .bind(name)
        .fetch_optional(&mut **tx)
        .await
}
