//! Placing orders: taking stock atomically, copying names and prices, emptying the cart.
//!
//! Every placement goes through one queue per process, the [`OrderDesk`]. When orders
//! arrive one at a time each gets its own transaction ([`place_alone`]). When they arrive
//! faster than the database commits, the desk takes everything waiting and places it in
//! one transaction with one statement per table ([`place_together`]): group commit. On
//! SQLite, where every write queues for the single writer connection, this is what lets
//! placement keep up with a busy shop; on PostgreSQL it saves a WAL flush per order.
//!
//! A batch commits only when every order in it succeeds. Anything unusual (an empty cart,
//! a plant short of stock or deleted, a replayed idempotency key, a database error) rolls
//! the batch back and the desk places those orders one by one instead, which gives each
//! its exact answer. The outcome is always one that placing the orders one after another
//! in arrival order would give.
//!
//! The delivery promise is part of the order: each transaction reads the delivery rules
//! under its write lock, refuses a PIN no served area covers, and writes the days promised
//! in the order's own row. An order never exists without its estimate.

use std::collections::{BTreeMap, HashMap, HashSet};

use sha2::Digest;
use sqlx::FromRow;
use tokio::sync::{mpsc, oneshot};

use super::orders::{find, record_status, DeliveryEstimate, Order, OrderItem, StatusChange};
use super::users::Address;
use super::{cart, is_unique_violation, Backend, Db, Tx};
use crate::domain::delivery;
use crate::domain::ids::{iso, new_id, now_ms};
use crate::domain::order_limits::{LimitError, Line, OrderLimits};
use crate::domain::orders::OrderStatus;

/// The most orders one transaction takes. Bounded so a batch's statements stay well under
/// both databases' bind-parameter limits (13 per order row).
const MOST_PER_BATCH: usize = 64;

/// Orders waiting for the desk before senders have to wait too.
const QUEUE_DEPTH: usize = 4096;

#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    #[error("the cart is empty")]
    EmptyCart,
    /// No served delivery area covers the address's PIN code.
    #[error("the shop does not deliver to this PIN code")]
    NotServed,
    #[error("not enough stock of {name}")]
    NotEnoughStock { name: String, left: i64 },
    #[error(transparent)]
    OverLimit(#[from] LimitError),
    /// The idempotency key was first used with another delivery address.
    #[error("the idempotency key was used for another request")]
    KeyReused,
    #[error("the order desk has stopped")]
    DeskClosed,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

pub struct Placement {
    pub order: Order,
    /// True when an earlier request with the same idempotency key placed it.
    pub replayed: bool,
}

/// One customer's request to turn their cart into an order.
#[derive(Debug, Clone)]
pub struct PlaceRequest {
    pub user_id: String,
    pub address: Address,
    pub idempotency_key: Option<String>,
    /// The shop's limits, checked under the write lock with the cart as it is taken.
    pub limits: OrderLimits,
}

impl PlaceRequest {
    /// What a repeat of this request must match to be a replay: its delivery address (the
    /// cart is whatever the first request emptied).
    pub fn fingerprint(&self) -> String {
        let a = &self.address;
        let joined = [&a.street, &a.city, &a.state, &a.zip_code, &a.phone]
            .map(|v| v.as_str())
            .join("\u{1f}");
        hex::encode(sha2::Sha256::digest(joined.as_bytes()))
    }
}

struct Job {
    request: PlaceRequest,
    reply: oneshot::Sender<Result<Placement, PlaceError>>,
}

/// The queue in front of order placement; cheap to clone.
#[derive(Clone)]
pub struct OrderDesk {
    jobs: mpsc::Sender<Job>,
}

impl OrderDesk {
    /// Starts the desk's task on the current runtime. It ends when the last handle drops.
    pub fn start(db: Db) -> OrderDesk {
        let (jobs, queue) = mpsc::channel(QUEUE_DEPTH);
        tokio::spawn(run_desk(db, queue));
        OrderDesk { jobs }
    }

    /// Places the order and answers once it is committed (or refused).
    pub async fn place(&self, request: PlaceRequest) -> Result<Placement, PlaceError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job { request, reply })
            .await
            .map_err(|_| PlaceError::DeskClosed)?;
        answer.await.map_err(|_| PlaceError::DeskClosed)?
    }
}

async fn run_desk(db: Db, mut queue: mpsc::Receiver<Job>) {
    let mut waiting = Vec::with_capacity(MOST_PER_BATCH);
    // Take whatever is queued, never wait for more: an order alone is placed at once, and
    // batches grow only while the database is busy with the previous one.
    while queue.recv_many(&mut waiting, MOST_PER_BATCH).await > 0 {
        let jobs = std::mem::take(&mut waiting);
        // Its own task, so a panic costs only this batch's answers, not the desk.
        let settled = tokio::spawn(settle(db.clone(), jobs)).await;
        if let Err(err) = settled {
            tracing::error!(error = %err, "placing a batch of orders failed");
        }
    }
}

async fn settle(db: Db, jobs: Vec<Job>) {
    let (requests, replies): (Vec<PlaceRequest>, Vec<_>) =
        jobs.into_iter().map(|job| (job.request, job.reply)).unzip();
    let answers = place_batch(&db, &requests).await;
    for (reply, answer) in replies.into_iter().zip(answers) {
        let _ = reply.send(answer);
    }
}

/// Places several orders, answering each as if they had been placed one after another in
/// the given order: together in one transaction when every one of them can be placed,
/// else one by one. The desk calls this with whatever is queued.
pub async fn place_batch(db: &Db, requests: &[PlaceRequest]) -> Vec<Result<Placement, PlaceError>> {
    let mut answers: Vec<Option<Result<Placement, PlaceError>>> =
        requests.iter().map(|_| None).collect();
    // A customer's second order in the same batch would find the cart the first one
    // emptied: it waits for the one-by-one pass, where it gets the right answer.
    let mut seen = HashSet::new();
    let together: Vec<usize> = (0..requests.len())
        .filter(|&i| seen.insert(requests[i].user_id.as_str()))
        .collect();
    if together.len() >= 2 {
        let batch: Vec<&PlaceRequest> = together.iter().map(|&i| &requests[i]).collect();
        match place_together(db, &batch).await {
            Ok(Some(orders)) => {
                for (&i, order) in together.iter().zip(orders) {
                    answers[i] = Some(Ok(Placement {
                        order,
                        replayed: false,
                    }));
                }
            }
            Ok(None) => {}
            Err(err) => {
                tracing::warn!(error = %err, "batch placement rolled back; placing one by one");
            }
        }
    }
    let mut done = Vec::with_capacity(requests.len());
    for (request, answer) in requests.iter().zip(answers) {
        done.push(match answer {
            Some(answer) => answer,
            None => place_alone(db, request).await,
        });
    }
    done
}

/// A cart line as it was taken from the cart and priced under the write lock.
struct PlacedLine {
    plant_id: String,
    name: String,
    name_hi: Option<String>,
    price: i64,
    thumbnail: Option<String>,
    quantity: i64,
}

/// The order as it was just written, to spare the database a read on the hot path.
fn written_order(
    id: String,
    request: &PlaceRequest,
    lines: Vec<PlacedLine>,
    (min_days, max_days): (i64, i64),
    now: i64,
) -> Order {
    let total = lines.iter().map(|l| l.price * l.quantity).sum();
    let at = iso(now);
    Order {
        id,
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
        delivery_address: request.address.clone(),
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
        user_id: request.user_id.clone(),
    }
}

fn placeholders(start: usize, count: usize) -> String {
    (start..start + count)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `($a, $b, …), ($c, $d, …)`: `rows` groups of `width` numbered parameters from `start`.
fn value_rows(
    start: usize,
    rows: usize,
    width: usize,
    template: impl Fn(&[String]) -> String,
) -> String {
    (0..rows)
        .map(|row| {
            let params: Vec<String> = (0..width)
                .map(|col| format!("${}", start + row * width + col))
                .collect();
            format!("({})", template(&params))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[derive(FromRow)]
struct TakenLine {
    user_id: String,
    plant_id: String,
    quantity: i64,
    added_at: i64,
}

#[derive(FromRow)]
struct PricedPlant {
    id: String,
    name: String,
    name_hi: Option<String>,
    price: i64,
    thumbnail: Option<String>,
}

/// Places every request in one transaction, or none: `None` when one of them cannot be
/// placed as things stand (the caller then places them one by one for exact answers).
/// The requests are from different customers.
pub async fn place_together(
    db: &Db,
    requests: &[&PlaceRequest],
) -> Result<Option<Vec<Order>>, sqlx::Error> {
    let mut tx = db.begin().await?;

    // A key seen before means a replay: that answer comes from the one-by-one pass.
    let keyed: Vec<(&str, &str)> = requests
        .iter()
        .filter_map(|r| Some((r.user_id.as_str(), r.idempotency_key.as_deref()?)))
        .collect();
    if !keyed.is_empty() {
        let conditions = (0..keyed.len())
            .map(|i| format!("(user_id = ${} AND key = ${})", 2 * i + 1, 2 * i + 2))
            .collect::<Vec<_>>()
            .join(" OR ");
        let sql = format!("SELECT COUNT(*) FROM idempotency_keys WHERE {conditions}");
        let mut query = sqlx::query_scalar::<_, i64>(&sql);
        for (user, key) in &keyed {
            query = query.bind(*user).bind(*key);
        }
        if query.fetch_one(&mut *tx).await? > 0 {
            return Ok(None);
        }
    }

    // Every address must be served; the rules read here are the ones the orders promise.
    let rules = super::delivery::rules_in(&mut tx).await?;
    let Some(promises) = requests
        .iter()
        .map(|r| delivery::promise(&rules, &r.address.zip_code))
        .collect::<Option<Vec<(i64, i64)>>>()
    else {
        return Ok(None);
    };

    // The customers first (as in `place_alone`, so the two never lock in opposite orders),
    // then their pending orders counted under that lock: two instances placing for one
    // customer cannot both see room for one more.
    let users: Vec<&str> = requests.iter().map(|r| r.user_id.as_str()).collect();
    lock_customers(db, &mut tx, &users).await?;
    let sql = format!(
        "SELECT user_id, COUNT(*) FROM orders WHERE status = 'pending' AND user_id IN ({}) GROUP BY user_id",
        placeholders(1, users.len())
    );
    let mut query = sqlx::query_as::<_, (String, i64)>(&sql);
    for user in &users {
        query = query.bind(*user);
    }
    let pending: HashMap<String, i64> = query.fetch_all(&mut *tx).await?.into_iter().collect();
    if requests.iter().any(|r| {
        r.limits
            .check_pending(pending.get(&r.user_id).copied().unwrap_or(0))
            .is_err()
    }) {
        return Ok(None);
    }

    // Empty every cart at once; what it held is the order.
    let sql = format!(
        "DELETE FROM cart_items WHERE user_id IN ({}) RETURNING user_id, plant_id, quantity, added_at",
        placeholders(1, requests.len())
    );
    let mut query = sqlx::query_as::<_, TakenLine>(&sql);
    for request in requests {
        query = query.bind(&request.user_id);
    }
    let mut carts: HashMap<String, Vec<TakenLine>> = HashMap::new();
    for line in query.fetch_all(&mut *tx).await? {
        carts.entry(line.user_id.clone()).or_default().push(line);
    }
    if requests.iter().any(|r| !carts.contains_key(&r.user_id)) {
        return Ok(None);
    }

    // Take each plant's whole demand in one conditional update, plants in id order. If any
    // plant is gone or short, fewer rows come back and the batch is abandoned.
    let mut demand: BTreeMap<&str, i64> = BTreeMap::new();
    for line in carts.values().flatten() {
        *demand.entry(line.plant_id.as_str()).or_default() += line.quantity;
    }
    lock_plants(db, &mut tx, PlantSet::Ids(demand.keys().copied().collect())).await?;
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
    let now = now_ms();
    let mut query = sqlx::query_as::<_, PricedPlant>(&sql).bind(now);
    for (plant, quantity) in &demand {
        query = query.bind(*plant).bind(*quantity);
    }
    for plant in demand.keys() {
        query = query.bind(*plant);
    }
    let priced: HashMap<String, PricedPlant> = query
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    if priced.len() != demand.len() {
        return Ok(None);
    }

    // The orders, their lines and their first status: one statement each.
    let mut orders = Vec::with_capacity(requests.len());
    for (request, promise) in requests.iter().zip(&promises) {
        let mut taken = carts.remove(&request.user_id).unwrap_or_default();
        // The cart's own order (oldest line first) is the order's line order.
        taken.sort_by(|a, b| (a.added_at, &a.plant_id).cmp(&(b.added_at, &b.plant_id)));
        let lines = taken
            .into_iter()
            .map(|t| {
                let plant = &priced[&t.plant_id];
                PlacedLine {
                    plant_id: t.plant_id,
                    name: plant.name.clone(),
                    name_hi: plant.name_hi.clone(),
                    price: plant.price,
                    thumbnail: plant.thumbnail.clone(),
                    quantity: t.quantity,
                }
            })
            .collect();
        orders.push(written_order(new_id(), request, lines, *promise, now));
    }

    // Any order over the shop's limits: the one-by-one pass gives it its exact answer.
    for (request, order) in requests.iter().zip(&orders) {
        let lines = order.items.iter().map(|i| Line {
            name: &i.plant_name,
            price: i.price,
            quantity: i.quantity,
        });
        if request.limits.check_order(lines).is_err() {
            return Ok(None);
        }
    }

    let sql = format!(
        "INSERT INTO orders (id, user_id, status, total, street, city, state, zip_code, phone, landmark, recipient_name, delivery_min_days, delivery_max_days, created_at, updated_at) VALUES {}",
        value_rows(1, orders.len(), 13, |p| format!(
            "{}, {}, 'pending', {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}",
            p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[12]
        ))
    );
    let mut query = sqlx::query(&sql);
    for (order, (min_days, max_days)) in orders.iter().zip(&promises) {
        let a = &order.delivery_address;
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
            .bind(*min_days)
            .bind(*max_days)
            .bind(now);
    }
    query.execute(&mut *tx).await?;

    let line_count: usize = orders.iter().map(|o| o.items.len()).sum();
    let sql = format!(
        "INSERT INTO order_items (order_id, position, plant_id, plant_name, price, quantity, rated) VALUES {}",
        value_rows(1, line_count, 6, |p| format!("{}, 0", p.join(", ")))
    );
    let mut query = sqlx::query(&sql);
    for order in &orders {
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
    query.execute(&mut *tx).await?;

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
    for order in &orders {
        query = query.bind(new_id()).bind(&order.id).bind(&order.user_id);
    }
    query.bind(now).execute(&mut *tx).await?;

    if !keyed.is_empty() {
        let keys: Vec<(&str, &str, &str, String)> = requests
            .iter()
            .zip(&orders)
            .filter_map(|(r, o)| {
                Some((
                    r.user_id.as_str(),
                    r.idempotency_key.as_deref()?,
                    o.id.as_str(),
                    r.fingerprint(),
                ))
            })
            .collect();
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
        for (user, key, order, hash) in &keys {
            query = query
                .bind(*user)
                .bind(*key)
                .bind(*order)
                .bind(hash.as_str());
        }
        match query.bind(now).execute(&mut *tx).await {
            Ok(_) => {}
            // A twin request won the key meanwhile (PostgreSQL): the one-by-one pass replays it.
            Err(err) if is_unique_violation(&err) => return Ok(None),
            Err(err) => return Err(err),
        }
    }

    tx.commit().await?;
    Ok(Some(orders))
}

/// Which plants a transaction is about to change.
pub(super) enum PlantSet<'a> {
    Ids(Vec<&'a str>),
    /// The plants of an order's lines (a cancel gives their stock back).
    OfOrder(&'a str),
}

/// On PostgreSQL, locks the plants' rows in id order before a statement that changes
/// several of them at once. A multi-row `UPDATE` locks rows in the order it meets them
/// (their place on disk, which every update moves), so without this a cancel giving stock
/// back and an order taking it could each hold a plant the other waits for: a deadlock,
/// found by the crash test with two instances. SQLite needs nothing: `BEGIN IMMEDIATE`
/// already gives the transaction the whole database.
pub(super) async fn lock_plants(
    db: &Db,
    tx: &mut Tx,
    plants: PlantSet<'_>,
) -> Result<(), sqlx::Error> {
    if db.backend() != Backend::Postgres {
        return Ok(());
    }
    match plants {
        PlantSet::Ids(ids) => {
            let sql = format!(
                "SELECT id FROM plants WHERE id IN ({}) ORDER BY id FOR UPDATE",
                placeholders(1, ids.len())
            );
            let mut query = sqlx::query(&sql);
            for id in ids {
                query = query.bind(id);
            }
            query.execute(&mut **tx).await?;
        }
        PlantSet::OfOrder(order_id) => {
            sqlx::query(
                "SELECT id FROM plants WHERE id IN (SELECT plant_id FROM order_items WHERE order_id = $1) ORDER BY id FOR UPDATE",
            )
            .bind(order_id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// The order first placed under `key`, and the fingerprint of that request (none for keys
/// saved before fingerprints were kept).
async fn idempotent_order(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    key: &str,
) -> Result<Option<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_id, request_hash FROM idempotency_keys WHERE user_id = $1 AND key = $2",
    )
    .bind(user_id)
    .bind(key)
    .fetch_optional(conn)
    .await
}

/// The first order again, if this request is the same as the one that placed it; a key
/// reused for a different request is refused rather than answered with an unrelated order.
async fn replay_if_same(
    db: &Db,
    request: &PlaceRequest,
    (order_id, hash): (String, Option<String>),
) -> Result<Placement, PlaceError> {
    if hash.is_some_and(|h| h != request.fingerprint()) {
        return Err(PlaceError::KeyReused);
    }
    replay(db, &order_id).await
}

/// On PostgreSQL, locks the customers' rows (in id order) so that two instances placing
/// orders for one customer count that customer's pending orders one after the other.
async fn lock_customers(db: &Db, tx: &mut Tx, users: &[&str]) -> Result<(), sqlx::Error> {
    if db.backend() != Backend::Postgres || users.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "SELECT id FROM users WHERE id IN ({}) ORDER BY id FOR UPDATE",
        placeholders(1, users.len())
    );
    let mut query = sqlx::query(&sql);
    for user in users {
        query = query.bind(*user);
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

async fn replay(db: &Db, order_id: &str) -> Result<Placement, PlaceError> {
    let order = find(db, order_id, false)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok(Placement {
        order,
        replayed: true,
    })
}

/// Places one order in its own transaction: every line's stock is taken with a conditional
/// update (never below zero, lines in plant-id order so two orders never wait on each
/// other), names and prices are copied, the cart is emptied and the first status recorded.
/// Any shortfall rolls it all back. A repeated idempotency key returns the first order.
async fn place_alone(db: &Db, request: &PlaceRequest) -> Result<Placement, PlaceError> {
    let user_id = request.user_id.as_str();
    let key = request.idempotency_key.as_deref();
    if let Some(key) = key {
        let mut conn = db.reader().acquire().await?;
        if let Some(first) = idempotent_order(&mut conn, user_id, key).await? {
            return replay_if_same(db, request, first).await;
        }
    }
    let mut tx = db.begin().await?;
    if let Some(key) = key {
        // Asked again under the write lock: a twin request may have committed meanwhile.
        if let Some(first) = idempotent_order(&mut tx, user_id, key).await? {
            drop(tx);
            return replay_if_same(db, request, first).await;
        }
    }
    // Refused before anything is taken: an order the shop cannot deliver is never placed.
    let rules = super::delivery::rules_in(&mut tx).await?;
    let promise =
        delivery::promise(&rules, &request.address.zip_code).ok_or(PlaceError::NotServed)?;
    let cart = cart::load_in(&mut tx, user_id).await?;
    if cart.items.is_empty() {
        return Err(PlaceError::EmptyCart);
    }
    request.limits.check_order(cart.items.iter().map(|i| Line {
        name: &i.plant_id.name,
        price: i.plant_id.price,
        quantity: i.quantity,
    }))?;
    lock_customers(db, &mut tx, &[user_id]).await?;
    let pending: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE user_id = $1 AND status = 'pending'")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    request.limits.check_pending(pending)?;
    let now = now_ms();
    let mut by_plant: Vec<&cart::CartItem> = cart.items.iter().collect();
    by_plant.sort_by(|a, b| a.plant_id.id.cmp(&b.plant_id.id));
    for line in &by_plant {
        let taken = sqlx::query(
            "UPDATE plants SET stock = stock - $1, updated_at = $3 WHERE id = $2 AND stock >= $1 AND deleted_at IS NULL",
        )
        .bind(line.quantity)
        .bind(&line.plant_id.id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 0 {
            let left: i64 = sqlx::query_scalar("SELECT stock FROM plants WHERE id = $1")
                .bind(&line.plant_id.id)
                .fetch_one(&mut *tx)
                .await?;
            return Err(PlaceError::NotEnoughStock {
                name: line.plant_id.name.clone(),
                left,
            });
        }
    }

    let lines = cart
        .items
        .into_iter()
        .map(|item| PlacedLine {
            plant_id: item.plant_id.id,
            name: item.plant_id.name,
            name_hi: item.plant_id.name_hi,
            price: item.plant_id.price,
            thumbnail: item.plant_id.thumbnail,
            quantity: item.quantity,
        })
        .collect();
    let order = written_order(new_id(), request, lines, promise, now);
    let a = &order.delivery_address;
    sqlx::query(
        "INSERT INTO orders (id, user_id, status, total, street, city, state, zip_code, phone, landmark, recipient_name, delivery_min_days, delivery_max_days, created_at, updated_at) \
         VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
    )
    .bind(&order.id)
    .bind(user_id)
    .bind(order.total)
    .bind(&a.street)
    .bind(&a.city)
    .bind(&a.state)
    .bind(&a.zip_code)
    .bind(&a.phone)
    .bind(&a.landmark)
    .bind(&a.recipient_name)
    .bind(promise.0)
    .bind(promise.1)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    for (position, item) in order.items.iter().enumerate() {
        sqlx::query(
            "INSERT INTO order_items (order_id, position, plant_id, plant_name, price, quantity, rated) VALUES ($1, $2, $3, $4, $5, $6, 0)",
        )
        .bind(&order.id)
        .bind(position as i64)
        .bind(&item.plant_id)
        .bind(&item.plant_name)
        .bind(item.price)
        .bind(item.quantity)
        .execute(&mut *tx)
        .await?;
    }
    record_status(&mut tx, &order.id, OrderStatus::Pending, Some(user_id), now).await?;
    cart::clear(&mut tx, user_id).await?;
    if let Some(key) = key {
        let saved = sqlx::query("INSERT INTO idempotency_keys (user_id, key, order_id, request_hash, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(user_id)
            .bind(key)
            .bind(&order.id)
            .bind(request.fingerprint())
            .bind(now)
            .execute(&mut *tx)
            .await;
        match saved {
            Ok(_) => {}
            Err(err) if is_unique_violation(&err) => {
                // The twin won (PostgreSQL): give its order back, undo this one.
                drop(tx);
                let mut conn = db.reader().acquire().await?;
                let first = idempotent_order(&mut conn, user_id, key)
                    .await?
                    .ok_or(sqlx::Error::RowNotFound)?;
                return replay_if_same(db, request, first).await;
            }
            Err(err) => return Err(err.into()),
        }
    }
    tx.commit().await?;
    Ok(Placement {
        order,
        replayed: false,
    })
}
