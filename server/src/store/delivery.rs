//! The delivery rules every instance reads, and the estimate an order was promised.

use sqlx::FromRow;

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
    let rows: Vec<RuleRow> = sqlx::query_as(
        "SELECT prefix_from, prefix_to, state, city, serviceable, min_days, max_days \
         FROM delivery_rules ORDER BY position",
    )
    .fetch_all(db.reader())
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

/// Records the estimate shown at checkout on the order. Only the first promise counts: an
/// idempotent replay of the same order leaves it as it was.
pub async fn promise(
    db: &Db,
    order_id: &str,
    min_days: i64,
    max_days: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE orders SET delivery_min_days = $1, delivery_max_days = $2 \
         WHERE id = $3 AND delivery_min_days IS NULL",
    )
    .bind(min_days)
    .bind(max_days)
    .bind(order_id)
    .execute(db.writer())
    .await?;
    Ok(())
}
