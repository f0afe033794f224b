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

use super::locks::lock_customers;
use super::order_writes::{
    new_order, pending_counts, promises, save_keys, stock_left, take_stock, write_orders, KeyRow,
    PlacedLine, TakenPlant,
};
use super::orders::{find, Order};
use super::params::placeholders;
use super::users::Address;
use super::{cart, is_unique_violation, Db, Tx};
use crate::domain::ids::now_ms;
use crate::domain::order_limits::{LimitError, Line, OrderLimits};

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

/// Places every request in one transaction, or none: `None` when one of them cannot be
/// placed as things stand (the caller then places them one by one for exact answers).
/// The requests are from different customers. Each step is one statement for the whole
/// batch; the writing steps are the ones a single placement runs too (`order_writes`).
pub async fn place_together(
    db: &Db,
    requests: &[&PlaceRequest],
) -> Result<Option<Vec<Order>>, sqlx::Error> {
    let mut tx = db.begin().await?;
    // A key seen before means a replay: that answer comes from the one-by-one pass.
    if any_key_used(&mut tx, requests).await? {
        return Ok(None);
    }
    // Every address must be served; the rules read here are the ones the orders promise.
    let zip_codes: Vec<&str> = requests
        .iter()
        .map(|r| r.address.zip_code.as_str())
        .collect();
    let Some(promises) = promises(&mut tx, &zip_codes)
        .await?
        .into_iter()
        .collect::<Option<Vec<_>>>()
    else {
        return Ok(None);
    };
    // The customers first (as in `place_alone`, so the two never lock in opposite orders),
    // then their pending orders counted under that lock.
    let users: Vec<&str> = requests.iter().map(|r| r.user_id.as_str()).collect();
    lock_customers(db, &mut tx, &users).await?;
    let pending = pending_counts(&mut tx, &users).await?;
    if requests.iter().any(|r| {
        r.limits
            .check_pending(pending.get(&r.user_id).copied().unwrap_or(0))
            .is_err()
    }) {
        return Ok(None);
    }
    let Some(carts) = take_carts(&mut tx, &users).await? else {
        return Ok(None);
    };
    // If any plant is gone or short, fewer plants come back and the batch is abandoned.
    let demand = demand_of(carts.values().flatten());
    let now = now_ms();
    let taken = take_stock(db, &mut tx, &demand, now).await?;
    if taken.len() != demand.len() {
        return Ok(None);
    }
    let orders = priced_orders(requests, &promises, carts, &taken, now);
    // Any order over the shop's limits: the one-by-one pass gives it its exact answer.
    if requests
        .iter()
        .zip(&orders)
        .any(|(request, order)| request.limits.check_order(lines_of(order)).is_err())
    {
        return Ok(None);
    }
    write_orders(&mut tx, &orders, now).await?;
    match save_keys(&mut tx, &key_rows(requests, &orders), now).await {
        Ok(()) => {}
        // A twin request won the key meanwhile (PostgreSQL): the one-by-one pass replays it.
        Err(err) if is_unique_violation(&err) => return Ok(None),
        Err(err) => return Err(err),
    }
    tx.commit().await?;
    Ok(Some(orders))
}

/// Whether any of the requests' idempotency keys was used before.
async fn any_key_used(tx: &mut Tx, requests: &[&PlaceRequest]) -> Result<bool, sqlx::Error> {
    let keyed: Vec<(&str, &str)> = requests
        .iter()
        .filter_map(|r| Some((r.user_id.as_str(), r.idempotency_key.as_deref()?)))
        .collect();
    if keyed.is_empty() {
        return Ok(false);
    }
    let conditions = (0..keyed.len())
        .map(|i| format!("(user_id = ${} AND key = ${})", 2 * i + 1, 2 * i + 2))
        .collect::<Vec<_>>()
        .join(" OR ");
    let sql = format!("SELECT COUNT(*) FROM idempotency_keys WHERE {conditions}");
    let mut query = sqlx::query_scalar::<_, i64>(&sql);
    for (user, key) in &keyed {
        query = query.bind(*user).bind(*key);
    }
    Ok(query.fetch_one(&mut **tx).await? > 0)
}

#[derive(FromRow)]
struct TakenLine {
    user_id: String,
    plant_id: String,
    quantity: i64,
    added_at: i64,
}

/// Empties every customer's cart at once; what each held is their order. `None` when a
/// cart was empty.
async fn take_carts(
    tx: &mut Tx,
    users: &[&str],
) -> Result<Option<HashMap<String, Vec<TakenLine>>>, sqlx::Error> {
    let sql = format!(
        "DELETE FROM cart_items WHERE user_id IN ({}) RETURNING user_id, plant_id, quantity, added_at",
        placeholders(1, users.len())
    );
    let mut query = sqlx::query_as::<_, TakenLine>(&sql);
    for user in users {
        query = query.bind(*user);
    }
    let mut carts: HashMap<String, Vec<TakenLine>> = HashMap::new();
    for line in query.fetch_all(&mut **tx).await? {
        carts.entry(line.user_id.clone()).or_default().push(line);
    }
    Ok(users
        .iter()
        .all(|user| carts.contains_key(*user))
        .then_some(carts))
}

/// How many of each plant the lines ask for, plants in id order (the order stock is taken in).
fn demand_of<'a>(lines: impl Iterator<Item = &'a TakenLine>) -> BTreeMap<&'a str, i64> {
    let mut demand: BTreeMap<&str, i64> = BTreeMap::new();
    for line in lines {
        *demand.entry(line.plant_id.as_str()).or_default() += line.quantity;
    }
    demand
}

/// Each request's order: its cart's lines, in the cart's own order (oldest line first),
/// named and priced as the stock was taken.
fn priced_orders(
    requests: &[&PlaceRequest],
    promises: &[(i64, i64)],
    mut carts: HashMap<String, Vec<TakenLine>>,
    taken: &HashMap<String, TakenPlant>,
    now: i64,
) -> Vec<Order> {
    requests
        .iter()
        .zip(promises)
        .map(|(request, promise)| {
            let mut lines = carts.remove(&request.user_id).unwrap_or_default();
            lines.sort_by(|a, b| (a.added_at, &a.plant_id).cmp(&(b.added_at, &b.plant_id)));
            let lines = lines
                .into_iter()
                .map(|line| {
                    let plant = &taken[&line.plant_id];
                    PlacedLine {
                        plant_id: line.plant_id,
                        name: plant.name.clone(),
                        name_hi: plant.name_hi.clone(),
                        price: plant.price,
                        thumbnail: plant.thumbnail.clone(),
                        quantity: line.quantity,
                    }
                })
                .collect();
            new_order(&request.user_id, &request.address, lines, *promise, now)
        })
        .collect()
}

/// An order's lines as the shop's limits read them.
fn lines_of(order: &Order) -> impl Iterator<Item = Line<'_>> {
    order.items.iter().map(|i| Line {
        name: &i.plant_name,
        price: i.price,
        quantity: i.quantity,
    })
}

/// The keys of the requests that carry one, each with the order it placed.
fn key_rows<'a>(requests: &[&'a PlaceRequest], orders: &'a [Order]) -> Vec<KeyRow<'a>> {
    requests
        .iter()
        .zip(orders)
        .filter_map(|(r, o)| {
            Some(KeyRow {
                user_id: &r.user_id,
                key: r.idempotency_key.as_deref()?,
                order_id: &o.id,
                fingerprint: r.fingerprint(),
            })
        })
        .collect()
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

async fn replay(db: &Db, order_id: &str) -> Result<Placement, PlaceError> {
    let order = find(db, order_id, false)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok(Placement {
        order,
        replayed: true,
    })
}

/// Places one order in its own transaction, checking in the order that gives the customer
/// the most useful answer: delivery, an empty cart, the shop's limits, then stock. Stock is
/// taken with one conditional update (never below zero, plants in id order so two orders
/// never wait on each other), names and prices are copied, the cart is emptied and the
/// first status recorded, with the same writing steps a batch uses. Any shortfall rolls it
/// all back. A repeated idempotency key returns the first order.
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
    let promise = promises(&mut tx, &[request.address.zip_code.as_str()])
        .await?
        .pop()
        .flatten()
        .ok_or(PlaceError::NotServed)?;
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
    let pending = pending_counts(&mut tx, &[user_id]).await?;
    request
        .limits
        .check_pending(pending.get(user_id).copied().unwrap_or(0))?;

    let now = now_ms();
    let mut demand: BTreeMap<&str, i64> = BTreeMap::new();
    for line in &cart.items {
        *demand.entry(line.plant_id.id.as_str()).or_default() += line.quantity;
    }
    let taken = take_stock(db, &mut tx, &demand, now).await?;
    // The first plant short, in id order, is the one the customer hears about.
    if let Some(short) = demand.keys().find(|id| !taken.contains_key(**id)) {
        let left = stock_left(&mut tx, short).await?;
        let name = cart
            .items
            .iter()
            .find(|i| i.plant_id.id == *short)
            .map(|i| i.plant_id.name.clone())
            .unwrap_or_default();
        return Err(PlaceError::NotEnoughStock { name, left });
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
    let order = new_order(user_id, &request.address, lines, promise, now);
    write_orders(&mut tx, std::slice::from_ref(&order), now).await?;
    cart::clear(&mut tx, user_id).await?;
    if let Some(key) = key {
        let row = KeyRow {
            user_id,
            key,
            order_id: &order.id,
            fingerprint: request.fingerprint(),
        };
        match save_keys(&mut tx, &[row], now).await {
            Ok(()) => {}
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
