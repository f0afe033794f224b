//! Orders: reading them and the status lifecycle (placing them is `placement`).

use std::collections::HashMap;

use serde::Serialize;
use sqlx::FromRow;

use super::locks::{lock_plants, PlantSet};
use super::params::placeholders;
use super::users::Address;
use super::{Db, Tx};
use crate::domain::ids::{iso, new_id, now_ms};
use crate::domain::orders::OrderStatus;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    /// The plant's `_id`.
    pub plant_id: String,
    /// Name and price as they were when the order was placed.
    pub plant_name: String,
    /// The plant's current Hindi name, if it has one (orders keep only the English name
    /// they were placed under; Hindi mode shows this instead).
    #[schema(required = true)]
    pub plant_name_hi: Option<String>,
    pub price: i64,
    pub quantity: i64,
    pub rated: bool,
    /// The plant's current card picture, while it is still sold.
    #[schema(required = true)]
    pub image: Option<String>,
    /// False once the plant has been deleted from the catalogue.
    pub available: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    pub status: OrderStatus,
    pub at: String,
    /// Who made the change: the customer or an admin (by name).
    #[schema(required = true)]
    pub changed_by: Option<String>,
    #[schema(required = true)]
    pub changed_by_role: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    #[serde(rename = "_id")]
    pub id: String,
    pub items: Vec<OrderItem>,
    pub total: i64,
    pub status: OrderStatus,
    pub delivery_address: Address,
    pub status_history: Vec<StatusChange>,
    pub created_at: String,
    pub updated_at: String,
    /// The delivery estimate shown at checkout; null for orders placed before estimates.
    #[schema(required = true)]
    pub delivery_estimate: Option<DeliveryEstimate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_email: Option<String>,
    #[serde(skip)]
    pub user_id: String,
}

/// The promise made at checkout: days from placement and the dates they fall on (in India).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryEstimate {
    pub min_days: i64,
    pub max_days: i64,
    /// `YYYY-MM-DD`: the earliest and latest promised day.
    pub earliest: String,
    pub latest: String,
}

impl DeliveryEstimate {
    pub fn promised(placed_ms: i64, min_days: i64, max_days: i64) -> DeliveryEstimate {
        let day = crate::domain::delivery::india_date_of(placed_ms);
        DeliveryEstimate {
            min_days,
            max_days,
            earliest: crate::domain::delivery::date_after(day, min_days),
            latest: crate::domain::delivery::date_after(day, max_days),
        }
    }
}

#[derive(FromRow)]
struct OrderRow {
    id: String,
    user_id: String,
    status: String,
    total: i64,
    street: String,
    city: String,
    state: String,
    zip_code: String,
    phone: String,
    landmark: String,
    recipient_name: String,
    created_at: i64,
    updated_at: i64,
    customer_name: String,
    customer_email: String,
    delivery_min_days: Option<i64>,
    delivery_max_days: Option<i64>,
}

#[derive(FromRow)]
struct ItemRow {
    order_id: String,
    plant_id: String,
    plant_name: String,
    plant_name_hi: Option<String>,
    price: i64,
    quantity: i64,
    rated: i64,
    thumbnail: Option<String>,
    live: i64,
}

#[derive(FromRow)]
struct HistoryRow {
    order_id: String,
    status: String,
    at: i64,
    changed_by: Option<String>,
    changed_by_role: Option<String>,
}

const ORDER_COLUMNS: &str =
    "o.id, o.user_id, o.status, o.total, o.street, o.city, o.state, o.zip_code, o.phone, o.landmark, o.recipient_name, \
     o.created_at, o.updated_at, u.name AS customer_name, u.email AS customer_email, \
     o.delivery_min_days, o.delivery_max_days";

fn status_of(text: &str) -> OrderStatus {
    OrderStatus::parse(text).unwrap_or(OrderStatus::Pending)
}

/// Turns order rows into full orders: items and history in one query each.
async fn complete(
    executor: &mut sqlx::AnyConnection,
    rows: Vec<OrderRow>,
    with_customer: bool,
) -> Result<Vec<Order>, sqlx::Error> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let list = placeholders(1, ids.len());
    let items_sql = format!(
        "SELECT i.order_id, i.plant_id, i.plant_name, p.name_hi AS plant_name_hi, i.price, i.quantity, i.rated, p.thumbnail, \
         CASE WHEN p.deleted_at IS NULL THEN 1 ELSE 0 END AS live \
         FROM order_items i JOIN plants p ON p.id = i.plant_id WHERE i.order_id IN ({list}) ORDER BY i.order_id, i.position"
    );
    let mut items_query = sqlx::query_as::<_, ItemRow>(&items_sql);
    for id in &ids {
        items_query = items_query.bind(*id);
    }
    let history_sql = format!(
        "SELECT h.order_id, h.status, h.at, u.name AS changed_by, u.role AS changed_by_role \
         FROM order_status_history h LEFT JOIN users u ON u.id = h.changed_by WHERE h.order_id IN ({list}) ORDER BY h.order_id, h.at, h.id"
    );
    let mut history_query = sqlx::query_as::<_, HistoryRow>(&history_sql);
    for id in &ids {
        history_query = history_query.bind(*id);
    }
    let mut items: HashMap<String, Vec<OrderItem>> = HashMap::new();
    for r in items_query.fetch_all(&mut *executor).await? {
        let live = r.live == 1;
        items.entry(r.order_id).or_default().push(OrderItem {
            plant_id: r.plant_id,
            plant_name: r.plant_name,
            plant_name_hi: r.plant_name_hi,
            price: r.price,
            quantity: r.quantity,
            rated: r.rated == 1,
            image: if live { r.thumbnail } else { None },
            available: live,
        });
    }
    let mut history: HashMap<String, Vec<StatusChange>> = HashMap::new();
    for r in history_query.fetch_all(&mut *executor).await? {
        history.entry(r.order_id).or_default().push(StatusChange {
            status: status_of(&r.status),
            at: iso(r.at),
            changed_by: r.changed_by,
            changed_by_role: r.changed_by_role,
        });
    }
    Ok(rows
        .into_iter()
        .map(|r| Order {
            items: items.remove(&r.id).unwrap_or_default(),
            status_history: history.remove(&r.id).unwrap_or_default(),
            total: r.total,
            status: status_of(&r.status),
            delivery_address: Address {
                street: r.street,
                city: r.city,
                state: r.state,
                zip_code: r.zip_code,
                phone: r.phone,
                landmark: r.landmark,
                recipient_name: r.recipient_name,
            },
            created_at: iso(r.created_at),
            updated_at: iso(r.updated_at),
            delivery_estimate: r
                .delivery_min_days
                .zip(r.delivery_max_days)
                .map(|(min, max)| DeliveryEstimate::promised(r.created_at, min, max)),
            customer_name: with_customer.then_some(r.customer_name),
            customer_email: with_customer.then_some(r.customer_email),
            user_id: r.user_id,
            id: r.id,
        })
        .collect())
}

/// One order with everything in it; `None` when there is no such order.
pub async fn find(db: &Db, id: &str, with_customer: bool) -> Result<Option<Order>, sqlx::Error> {
    let mut conn = db.reader().acquire().await?;
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1"
    );
    let rows: Vec<OrderRow> = sqlx::query_as(&sql).bind(id).fetch_all(&mut *conn).await?;
    Ok(complete(&mut conn, rows, with_customer).await?.pop())
}

/// A customer's orders, newest first.
pub async fn list_for_user(db: &Db, user_id: &str) -> Result<Vec<Order>, sqlx::Error> {
    let mut conn = db.reader().acquire().await?;
    let sql = format!("SELECT {ORDER_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC");
    let rows: Vec<OrderRow> = sqlx::query_as(&sql)
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await?;
    complete(&mut conn, rows, false).await
}

#[derive(Debug, Clone, Default)]
pub struct AdminOrderFilter {
    pub status: Option<OrderStatus>,
    pub search: Option<String>,
    pub page: i64,
    pub limit: i64,
}

/// Orders for the admin screen, newest first, with who placed them; and how many match.
pub async fn list_for_admin(
    db: &Db,
    filter: &AdminOrderFilter,
) -> Result<(Vec<Order>, i64), sqlx::Error> {
    let mut conditions = vec!["1 = 1".to_string()];
    let mut params: Vec<String> = Vec::new();
    if let Some(status) = filter.status {
        params.push(status.as_str().to_string());
        conditions.push(format!("o.status = ${}", params.len()));
    }
    if let Some(search) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        params.push(super::plants::like_pattern(search));
        let n = params.len();
        conditions.push(format!(
            "(LOWER(o.id) LIKE ${n} ESCAPE '\\' OR LOWER(u.name) LIKE ${n} ESCAPE '\\' OR u.email_lower LIKE ${n} ESCAPE '\\')"
        ));
    }
    let where_clause = conditions.join(" AND ");
    let mut conn = db.reader().acquire().await?;
    let count_sql = format!(
        "SELECT COUNT(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE {where_clause}"
    );
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for p in &params {
        count = count.bind(p.clone());
    }
    let total = count.fetch_one(&mut *conn).await?;
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE {where_clause} \
         ORDER BY o.created_at DESC, o.id DESC LIMIT ${} OFFSET ${}",
        params.len() + 1,
        params.len() + 2
    );
    let mut query = sqlx::query_as::<_, OrderRow>(&sql);
    for p in params {
        query = query.bind(p);
    }
    let rows = query
        .bind(filter.limit)
        .bind((filter.page - 1).saturating_mul(filter.limit))
        .fetch_all(&mut *conn)
        .await?;
    Ok((complete(&mut conn, rows, true).await?, total))
}

pub(super) async fn record_status(
    tx: &mut Tx,
    order_id: &str,
    status: OrderStatus,
    by: Option<&str>,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO order_status_history (id, order_id, status, changed_by, at) VALUES ($1, $2, $3, $4, $5)")
        .bind(new_id())
        .bind(order_id)
        .bind(status.as_str())
        .bind(by)
        .bind(at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum TransitionError {
    #[error("order not found")]
    NotFound,
    #[error("cannot change status from {from} to {to}")]
    NotAllowed {
        from: &'static str,
        to: &'static str,
    },
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Who is moving an order along.
#[derive(Debug, Clone, Copy)]
pub enum Actor<'a> {
    /// The customer who placed it: may only cancel, only while pending.
    Owner(&'a str),
    Admin(&'a str),
}

/// Moves an order to `to` if the rules allow it from where it is. Cancelling gives every
/// line's stock back; the status check inside the same update makes that happen once.
pub async fn change_status(
    db: &Db,
    order_id: &str,
    to: OrderStatus,
    actor: Actor<'_>,
) -> Result<(), TransitionError> {
    let mut tx = db.begin().await?;
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT status, user_id FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((current, owner)) = row else {
        return Err(TransitionError::NotFound);
    };
    let from = status_of(&current);
    let (allowed, by) = match actor {
        Actor::Owner(user_id) => {
            if owner != user_id {
                return Err(TransitionError::NotFound);
            }
            (
                to == OrderStatus::Cancelled && from.customer_may_cancel(),
                user_id,
            )
        }
        Actor::Admin(admin_id) => (from.admin_may_move_to(to), admin_id),
    };
    if !allowed {
        return Err(TransitionError::NotAllowed {
            from: from.as_str(),
            to: to.as_str(),
        });
    }
    let now = now_ms();
    let moved =
        sqlx::query("UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND status = $4")
            .bind(to.as_str())
            .bind(now)
            .bind(order_id)
            .bind(from.as_str())
            .execute(&mut *tx)
            .await?;
    if moved.rows_affected() == 0 {
        // Someone else moved it first (PostgreSQL); report from where it is now.
        drop(tx);
        let now_status: Option<String> =
            sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
                .bind(order_id)
                .fetch_optional(db.reader())
                .await?;
        let from = now_status
            .map(|s| status_of(&s).as_str())
            .unwrap_or("unknown");
        return Err(TransitionError::NotAllowed {
            from,
            to: to.as_str(),
        });
    }
    if to == OrderStatus::Cancelled {
        // Plants in id order, as placement takes them, so the two never deadlock.
        lock_plants(db, &mut tx, PlantSet::OfOrder(order_id)).await?;
        sqlx::query(
            "UPDATE plants SET stock = stock + (SELECT i.quantity FROM order_items i WHERE i.order_id = $1 AND i.plant_id = plants.id), updated_at = $2 \
             WHERE id IN (SELECT plant_id FROM order_items WHERE order_id = $1)",
        )
        .bind(order_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    record_status(&mut tx, order_id, to, Some(by), now).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCount {
    #[serde(rename = "_id")]
    #[schema(value_type = crate::domain::orders::OrderStatus)]
    pub status: String,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentOrder {
    #[serde(rename = "_id")]
    pub id: String,
    pub customer_name: String,
    pub total: i64,
    #[schema(value_type = crate::domain::orders::OrderStatus)]
    pub status: String,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStockPlant {
    #[serde(rename = "_id")]
    pub id: String,
    pub plant_id: String,
    pub name: String,
    pub stock: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub total_plants: i64,
    pub total_orders: i64,
    /// Sum of totals of every order that is not cancelled.
    pub total_revenue: i64,
    pub pending_orders: i64,
    pub orders_by_status: Vec<StatusCount>,
    pub recent_orders: Vec<RecentOrder>,
    /// Live plants with 5 or fewer left, fewest first.
    pub low_stock_plants: Vec<LowStockPlant>,
}

pub async fn stats(db: &Db) -> Result<Stats, sqlx::Error> {
    let mut conn = db.reader().acquire().await?;
    let by_status: Vec<(String, i64)> =
        sqlx::query_as("SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY status")
            .fetch_all(&mut *conn)
            .await?;
    let total_revenue: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(total), 0) AS BIGINT) FROM orders WHERE status <> 'cancelled'",
    )
    .fetch_one(&mut *conn)
    .await?;
    let recent: Vec<(String, String, i64, String, i64)> = sqlx::query_as(
        "SELECT o.id, u.name, o.total, o.status, o.created_at FROM orders o JOIN users u ON u.id = o.user_id \
         ORDER BY o.created_at DESC, o.id DESC LIMIT 5",
    )
    .fetch_all(&mut *conn)
    .await?;
    let low: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT id, plant_code, name, stock FROM plants WHERE deleted_at IS NULL AND stock <= 5 ORDER BY stock, name_lower LIMIT 50",
    )
    .fetch_all(&mut *conn)
    .await?;
    let total_plants: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM plants WHERE deleted_at IS NULL")
            .fetch_one(&mut *conn)
            .await?;
    Ok(Stats {
        total_plants,
        total_orders: by_status.iter().map(|(_, n)| n).sum(),
        total_revenue,
        pending_orders: by_status
            .iter()
            .find(|(s, _)| s == "pending")
            .map(|(_, n)| *n)
            .unwrap_or(0),
        orders_by_status: by_status
            .into_iter()
            .map(|(status, count)| StatusCount { status, count })
            .collect(),
        recent_orders: recent
            .into_iter()
            .map(|(id, customer_name, total, status, created)| RecentOrder {
                id,
                customer_name,
                total,
                status,
                created_at: iso(created),
            })
            .collect(),
        low_stock_plants: low
            .into_iter()
            .map(|(id, plant_id, name, stock)| LowStockPlant {
                id,
                plant_id,
                name,
                stock,
            })
            .collect(),
    })
}
