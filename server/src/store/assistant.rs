//! The assistant's rows: chat sessions (so any server instance can continue a chat) and the
//! in-stock catalogue it recommends from.

use sqlx::FromRow;

use super::Db;
use crate::domain::catalogue::{supplied_sentence, CatalogueItem};

/// A session's remembered state (JSON) if it was active after `active_since` (epoch ms).
pub async fn load_session(
    db: &Db,
    id: &str,
    active_since: i64,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT state FROM assistant_sessions WHERE id = $1 AND last_active_at >= $2",
    )
    .bind(id)
    .bind(active_since)
    .fetch_optional(db.reader())
    .await
}

/// Creates or replaces a session's state, marking it active at `now`.
pub async fn save_session(db: &Db, id: &str, state: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO assistant_sessions (id, state, created_at, last_active_at) VALUES ($1, $2, $3, $3) \
         ON CONFLICT (id) DO UPDATE SET state = $2, last_active_at = $3",
    )
    .bind(id)
    .bind(state)
    .bind(now)
    .execute(db.writer())
    .await?;
    Ok(())
}

/// Forgets a session. True when there was one.
pub async fn delete_session(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("DELETE FROM assistant_sessions WHERE id = $1")
        .bind(id)
        .execute(db.writer())
        .await?;
    Ok(result.rows_affected() > 0)
}

/// Removes sessions idle since before `idle_before` (epoch ms); returns how many.
pub async fn purge_idle_sessions(db: &Db, idle_before: i64) -> Result<u64, sqlx::Error> {
    let result = sqlx::query("DELETE FROM assistant_sessions WHERE last_active_at < $1")
        .bind(idle_before)
        .execute(db.writer())
        .await?;
    Ok(result.rows_affected())
}

#[derive(FromRow)]
struct StockRow {
    id: String,
    name: String,
    price: i64,
    stock: i64,
    description: String,
    description_hi: Option<String>,
}

/// Live plants, out-of-stock ones included so the assistant can name them as such
/// (capped: answers need names, prices and stock, and the cap keeps a huge catalogue from
/// slowing every chat message).
pub async fn live_plants(db: &Db) -> Result<Vec<CatalogueItem>, sqlx::Error> {
    let rows: Vec<StockRow> = sqlx::query_as(
        "SELECT id, name, price, stock, description, description_hi FROM plants \
         WHERE deleted_at IS NULL \
         ORDER BY name_lower LIMIT 5000",
    )
    .fetch_all(db.reader())
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| CatalogueItem {
            supplied: supplied_sentence(&r.description),
            supplied_hi: r.description_hi.as_deref().and_then(supplied_sentence),
            id: r.id,
            name: r.name,
            price: r.price,
            stock: r.stock,
        })
        .collect())
}
