//! The delivery rules every instance reads (order placement reads them in its own
//! transaction and writes the promise with the order: see `placement.rs`).

use sqlx::{AnyConnection, FromRow};

use super::Db;
use crate::domain::delivery::DeliveryRule;

#[derive(FromRow)]
struct RuleRow {
    prefix_from: String,
    prefix_to: String,
    state: String,
    city: Option<String>,
    serviceable: i64,
    min_days: Option<i64>,
    max_days: Option<i64>,
}

/// The rules in the admin's order.
pub async fn rules(db: &Db) -> Result<Vec<DeliveryRule>, sqlx::Error> {
    let mut conn = db.reader().acquire().await?;
    rules_in(&mut conn).await
}

/// The rules as a transaction sees them: order placement reads them under its write lock,
/// so the promise it writes is the one in force when the order was committed.
pub async fn rules_in(conn: &mut AnyConnection) -> Result<Vec<DeliveryRule>, sqlx::Error> {
    let rows: Vec<RuleRow> = sqlx::query_as(
        "SELECT prefix_from, prefix_to, state, city, serviceable, min_days, max_days \
         FROM delivery_rules ORDER BY position",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| DeliveryRule {
            from: r.prefix_from,
            to: r.prefix_to,
            state: r.state,
            city: r.city,
            serviceable: r.serviceable != 0,
            min_days: r.min_days,
            max_days: r.max_days,
        })
        .collect())
}

/// Replaces every rule at once, so no reader sees half a list.
pub async fn replace_rules(db: &Db, rules: &[DeliveryRule]) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM delivery_rules")
        .execute(&mut *tx)
        .await?;
    for (position, rule) in rules.iter().enumerate() {
        sqlx::query(
            "INSERT INTO delivery_rules (position, prefix_from, prefix_to, state, city, serviceable, min_days, max_days) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(position as i64)
        .bind(&rule.from)
        .bind(&rule.to)
        .bind(&rule.state)
        .bind(&rule.city)
        .bind(i64::from(rule.serviceable))
        .bind(rule.min_days)
        .bind(rule.max_days)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}
