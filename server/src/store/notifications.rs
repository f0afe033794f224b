//! What the shop tells a customer: for now, that a plant they wait for is back in stock.

use sqlx::FromRow;

use super::Db;
use crate::domain::ids::{iso, new_id, now_ms};

pub const KIND_BACK_IN_STOCK: &str = "back-in-stock";
/// The list shows this many, unread first.
pub const NOTIFICATIONS_SHOWN: i64 = 50;

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    #[serde(rename = "_id")]
    pub id: String,
    /// `back-in-stock`.
    pub kind: String,
    pub plant_id: String,
    pub plant_name: String,
    pub created_at: String,
    pub read: bool,
}

#[derive(FromRow)]
struct NotificationRow {
    id: String,
    kind: String,
    plant_id: String,
    plant_name: String,
    created_at: i64,
    read_at: Option<i64>,
}

impl From<NotificationRow> for Notification {
    fn from(r: NotificationRow) -> Self {
        Notification {
            id: r.id,
            kind: r.kind,
            plant_id: r.plant_id,
            plant_name: r.plant_name,
            created_at: iso(r.created_at),
            read: r.read_at.is_some(),
        }
    }
}

/// One notification written by `release_waiting`, with whom it is for.
pub struct Released {
    pub user_id: String,
    pub notification: Notification,
}

/// Every customer waiting for a plant that is now in stock gets one notification, and stops
/// waiting. The claim (`UPDATE … RETURNING`) and the inserts share a transaction, so two
/// restocks at once cannot notify anyone twice.
pub async fn release_waiting(db: &Db) -> Result<Vec<Released>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let claimed: Vec<(String, String)> = sqlx::query_as(
        "UPDATE wishlist SET notify = 0 WHERE notify = 1 AND plant_id IN \
         (SELECT id FROM plants WHERE stock > 0 AND deleted_at IS NULL) RETURNING user_id, plant_id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let now = now_ms();
    let mut released = Vec::with_capacity(claimed.len());
    for (user_id, plant_id) in claimed {
        let name: String = sqlx::query_scalar("SELECT name FROM plants WHERE id = $1")
            .bind(&plant_id)
            .fetch_one(&mut *tx)
            .await?;
        let id = new_id();
        sqlx::query(
            "INSERT INTO notifications (id, user_id, kind, plant_id, plant_name, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&id)
        .bind(&user_id)
        .bind(KIND_BACK_IN_STOCK)
        .bind(&plant_id)
        .bind(&name)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        released.push(Released {
            user_id,
            notification: Notification {
                id,
                kind: KIND_BACK_IN_STOCK.into(),
                plant_id,
                plant_name: name,
                created_at: iso(now),
                read: false,
            },
        });
    }
    tx.commit().await?;
    Ok(released)
}

/// The customer's latest notifications, unread first, and how many are unread.
pub async fn list(db: &Db, user_id: &str) -> Result<(Vec<Notification>, i64), sqlx::Error> {
    let rows: Vec<NotificationRow> = sqlx::query_as(
        "SELECT id, kind, plant_id, plant_name, created_at, read_at FROM notifications WHERE user_id = $1 \
         ORDER BY CASE WHEN read_at IS NULL THEN 0 ELSE 1 END, created_at DESC, id DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(NOTIFICATIONS_SHOWN)
    .fetch_all(db.reader())
    .await?;
    let unread: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL",
    )
    .bind(user_id)
    .fetch_one(db.reader())
    .await?;
    Ok((rows.into_iter().map(Notification::from).collect(), unread))
}

/// Marks one of the customer's notifications read; `None` when it is not theirs.
pub async fn mark_read(
    db: &Db,
    user_id: &str,
    id: &str,
) -> Result<Option<Notification>, sqlx::Error> {
    let row: Option<NotificationRow> = sqlx::query_as(
        "UPDATE notifications SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2 \
         RETURNING id, kind, plant_id, plant_name, created_at, read_at",
    )
    .bind(id)
    .bind(user_id)
    .bind(now_ms())
    .fetch_optional(db.writer())
    .await?;
    Ok(row.map(Notification::from))
}
