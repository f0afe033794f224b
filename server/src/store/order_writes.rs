//! The steps that write placed orders, shared by both ways of placing them (`placement`):
//! an order alone in its transaction runs them for one order, a batch for all of its
//! orders at once. Each step is one statement whatever the number of orders, so a batch
//! costs the database no more round trips than a single order.

use std::collections::{BTreeMap, HashMap};

use sqlx::FromRow;

use super::locks::{lock_plants, PlantSet};
use super::orders::{DeliveryEstimate, Order, OrderItem, StatusChange};
use super::params::{placeholders, value_rows};
use super::users::Address;
use super::{Db, Tx};
use crate::domain::delivery;
use crate::domain::ids::{iso, new_id};
use crate::domain::orders::OrderStatus;

/// A cart line as it was taken from the cart and priced under the write lock.
pub struct PlacedLine {
    pub plant_id: String,
    pub name: String,
    pub name_hi: Option<String>,
    pub price: i64,
    pub thumbnail: Option<String>,
    pub quantity: i64,
}

/// A plant whose stock was just taken, with what its order lines copy.
#[derive(FromRow)]
pub struct TakenPlant {
    pub id: String,
    pub name: String,
    pub name_hi: Option<String>,
    pub price: i64,
    pub thumbnail: Option<String>,
}

/// An idempotency key to keep with the order it placed.
pub struct KeyRow<'a> {
    pub user_id: &'a str,
    pub key: &'a str,
    pub order_id: &'a str,
    /// What a repeat of the request must match to be a replay.
    pub fingerprint: String,
}

/// The delivery days promised for each PIN code (none where no served area covers it),
/// from the rules as they stand under this transaction's write lock.
pub async fn promises(
    tx: &mut Tx,
    zip_codes: &[&str],
) -> Result<Vec<Option<(i64, i64)>>, sqlx::Error> {
    let rules = super::delivery::rules_in(tx).await?;
    Ok(zip_codes
        .iter()
        .map(|zip| delivery::promise(&rules, zip))
        .collect())
}

/// Each customer's pending orders. Run after `lock_customers`, so two instances placing for
/// one customer cannot both see room for one more.
pub async fn pending_counts(
    tx: &mut Tx,
    users: &[&str],
) -> Result<HashMap<String, i64>, sqlx::Error> {
    let sql = format!(
        "SELECT user_id, COUNT(*) FROM orders WHERE status = 'pending' AND user_id IN ({}) GROUP BY user_id",
        placeholders(1, users.len())
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(&sql);
    for user in users {
        query = query.bind(*user);
    }
    Ok(query.fetch_all(&mut **tx).await?.into_iter().collect())
}

/// Takes each plant's whole demand in one conditional update (never below zero, never from
/// a deleted plant), plants locked in id order first. Returns the plants that had enough:
/// fewer than asked for means the placement must not go on.
pub async fn take_stock(
    db: &Db,
    tx: &mut Tx,
    demand: &BTreeMap<&str, i64>,
    now: i64,
) -> Result<HashMap<String, TakenPlant>, sqlx::Error> {
    lock_plants(db, tx, PlantSet::Ids(demand.keys().copied().collect())).await?;
    let cases = (0..demand.len())
        .map(|i| format!("WHEN ${} THEN ${}", 2 * i + 2, 2 * i + 3))
        .collect::<Vec<_>>()
        .join(" ");
    let ids = placeholders(2 * demand.len() + 2, demand.len());
    let sql = format!(
        "UPDATE plants SET stock = stock - CASE id {cases} END, updated_at = $1 \
         WHERE id IN ({ids}) AND deleted_at IS NULL AND stock >= CASE id {cases} END \
         RETURNING id, name, name_hi, price, thumbnail"
    );
    let mut query = sqlx::query_as::<_, TakenPlant>(&sql).bind(now);
    for (plant, quantity) in demand {
        query = query.bind(*plant).bind(*quantity);
    }
    for plant in demand.keys() {
        query = query.bind(*plant);
    }
    Ok(query
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect())
}

/// What is left of a plant (after a take that found it short).
pub async fn stock_left(tx: &mut Tx, plant_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT stock FROM plants WHERE id = $1")
        .bind(plant_id)
        .fetch_one(&mut **tx)
        .await
}

/// The order as it is about to be written, to spare the database a read on the hot path.
pub fn new_order(
    user_id: &str,
    address: &Address,
    lines: Vec<PlacedLine>,
    (min_days, max_days): (i64, i64),
    now: i64,
) -> Order {
    let total = lines.iter().map(|l| l.price * l.quantity).sum();
    let at = iso(now);
    Order {
        id: new_id(),
        items: lines
            .into_iter()
            .map(|line| OrderItem {
                plant_id: line.plant_id,
                plant_name: line.name,
                plant_name_hi: line.name_hi,
                price: line.price,
                quantity: line.quantity,
                rated: false,
                image: line.thumbnail,
                available: true,
            })
            .collect(),
        total,
        status: OrderStatus::Pending,
        delivery_address: address.clone(),
        status_history: vec![StatusChange {
            status: OrderStatus::Pending,
            at: at.clone(),
            changed_by: None,
            changed_by_role: Some("customer".into()),
        }],
        created_at: at.clone(),
        updated_at: at,
        delivery_estimate: Some(DeliveryEstimate::promised(now, min_days, max_days)),
        customer_name: None,
        customer_email: None,
        user_id: user_id.to_string(),
    }
}

/// Writes the orders, their lines and their first status ("pending", by the customer).
pub async fn write_orders(tx: &mut Tx, orders: &[Order], now: i64) -> Result<(), sqlx::Error> {
    insert_orders(tx, orders, now).await?;
    insert_lines(tx, orders).await?;
    insert_first_statuses(tx, orders, now).await
}

async fn insert_orders(tx: &mut Tx, orders: &[Order], now: i64) -> Result<(), sqlx::Error> {
    let sql = format!(
        "INSERT INTO orders (id, user_id, status, total, street, city, state, zip_code, phone, landmark, recipient_name, delivery_min_days, delivery_max_days, created_at, updated_at) VALUES {}",
        value_rows(1, orders.len(), 13, |p| format!(
            "{}, {}, 'pending', {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}",
            p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[12]
        ))
    );
    let mut query = sqlx::query(&sql);
    for order in orders {
        let a = &order.delivery_address;
        let promise = order.delivery_estimate.as_ref();
        query = query
            .bind(&order.id)
            .bind(&order.user_id)
            .bind(order.total)
            .bind(&a.street)
            .bind(&a.city)
            .bind(&a.state)
            .bind(&a.zip_code)
            .bind(&a.phone)
            .bind(&a.landmark)
            .bind(&a.recipient_name)
            .bind(promise.map(|p| p.min_days))
            .bind(promise.map(|p| p.max_days))
            .bind(now);
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

async fn insert_lines(tx: &mut Tx, orders: &[Order]) -> Result<(), sqlx::Error> {
    let line_count: usize = orders.iter().map(|o| o.items.len()).sum();
    let sql = format!(
        "INSERT INTO order_items (order_id, position, plant_id, plant_name, price, quantity, rated) VALUES {}",
        value_rows(1, line_count, 6, |p| format!("{}, 0", p.join(", ")))
    );
    let mut query = sqlx::query(&sql);
    for order in orders {
        for (position, item) in order.items.iter().enumerate() {
            query = query
                .bind(&order.id)
                .bind(position as i64)
                .bind(&item.plant_id)
                .bind(&item.plant_name)
                .bind(item.price)
                .bind(item.quantity);
        }
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

async fn insert_first_statuses(tx: &mut Tx, orders: &[Order], now: i64) -> Result<(), sqlx::Error> {
    // Every row shares the time, bound once after the per-order parameters.
    let at = format!("${}", orders.len() * 3 + 1);
    let sql = format!(
        "INSERT INTO order_status_history (id, order_id, status, changed_by, at) VALUES {}",
        value_rows(1, orders.len(), 3, |p| format!(
            "{}, {}, 'pending', {}, {at}",
            p[0], p[1], p[2]
        ))
    );
    let mut query = sqlx::query(&sql);
    for order in orders {
        query = query.bind(new_id()).bind(&order.id).bind(&order.user_id);
    }
    query.bind(now).execute(&mut **tx).await?;
    Ok(())
}

/// Keeps the idempotency keys with their orders. A unique violation means a twin request
/// saved the same key first (PostgreSQL); the caller decides what that answers.
pub async fn save_keys(tx: &mut Tx, keys: &[KeyRow<'_>], now: i64) -> Result<(), sqlx::Error> {
    if keys.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "INSERT INTO idempotency_keys (user_id, key, order_id, request_hash, created_at) VALUES {}",
        value_rows(1, keys.len(), 4, |p| format!(
            "{}, {}, {}, {}, ${}",
            p[0],
            p[1],
            p[2],
            p[3],
            keys.len() * 4 + 1
        ))
    );
    let mut query = sqlx::query(&sql);
    for row in keys {
        query = query
            .bind(row.user_id)
            .bind(row.key)
            .bind(row.order_id)
            .bind(row.fingerprint.as_str());
    }
    query.bind(now).execute(&mut **tx).await?;
    Ok(())
}
