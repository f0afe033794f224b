//! Saved plants, some with a request to hear when they are back in stock.

use super::plants::{self, Plant};
use super::Db;
use crate::domain::ids::{iso, now_ms};

/// A wishlist holds at most this many plants (a flood of saves stops here).
pub const WISHLIST_MAX: i64 = 100;

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistItem {
    pub plant: Plant,
    /// True while the customer waits to hear the plant is back in stock.
    pub notify_when_in_stock: bool,
    pub added_at: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum SaveOutcome {
    Saved,
    Full,
}

/// The customer's saved plants that are still sold, newest first.
pub async fn list(db: &Db, user_id: &str) -> Result<Vec<WishlistItem>, sqlx::Error> {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT w.plant_id, w.notify, w.added_at FROM wishlist w JOIN plants p ON p.id = w.plant_id \
         WHERE w.user_id = $1 AND p.deleted_at IS NULL ORDER BY w.added_at DESC, w.plant_id",
    )
    .bind(user_id)
    .fetch_all(db.reader())
    .await?;
    let mut items = Vec::with_capacity(rows.len());
    for (plant_id, notify, added_at) in rows {
        if let Some(plant) = plants::find(db, &plant_id).await? {
            items.push(WishlistItem {
                plant,
                notify_when_in_stock: notify != 0,
                added_at: iso(added_at),
            });
        }
    }
    Ok(items)
}

/// Saves a plant (or changes its back-in-stock request), unless the list is full.
pub async fn save(
    db: &Db,
    user_id: &str,
    plant_id: &str,
    notify: bool,
) -> Result<SaveOutcome, sqlx::Error> {
    let mut tx = db.begin().await?;
    let already: Option<i64> =
        sqlx::query_scalar("SELECT notify FROM wishlist WHERE user_id = $1 AND plant_id = $2")
            .bind(user_id)
            .bind(plant_id)
            .fetch_optional(&mut *tx)
            .await?;
    if already.is_some() {
        sqlx::query("UPDATE wishlist SET notify = $3 WHERE user_id = $1 AND plant_id = $2")
            .bind(user_id)
            .bind(plant_id)
            .bind(i64::from(notify))
            .execute(&mut *tx)
            .await?;
    } else {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wishlist WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
        if count >= WISHLIST_MAX {
            return Ok(SaveOutcome::Full);
        }
        sqlx::query(
            "INSERT INTO wishlist (user_id, plant_id, notify, added_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(user_id)
        .bind(plant_id)
        .bind(i64::from(notify))
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(SaveOutcome::Saved)
}

/// Removes a saved plant; false when it was not saved.
pub async fn remove(db: &Db, user_id: &str, plant_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM wishlist WHERE user_id = $1 AND plant_id = $2")
        .bind(user_id)
        .bind(plant_id)
        .execute(db.writer())
        .await?;
    Ok(super::affected(&done) > 0)
}
