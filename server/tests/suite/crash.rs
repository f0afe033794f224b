//! Crash safety: the real release binary takes orders through real sockets and is killed
//! with SIGKILL in the middle of it, three times, and restarted. Afterwards every order that was
//! acknowledged with a 201 is in the database exactly as acknowledged, stock is the start
//! minus what the surviving orders hold, and nothing is half-written.
//!
//! On SQLite one instance is killed and restarted (customers wait for it). On PostgreSQL two
//! instances share the database and one of them is killed: its customers retry on the other
//! one, which must answer every request throughout.
//!
//! Customers behave as the web app does: a request whose answer was lost to the crash is
//! sent again with the same `Idempotency-Key`, so each lost answer is settled (the order
//! was either committed, and is replayed, or rolled back, and is placed now).

use crate::common;
use crate::process;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use hariyali::auth::tokens::TokenKeys;
use hariyali::domain::validation::ValidPlant;
use hariyali::store::plants::{self, InitialRatings, PlantImages};
use hariyali::store::Db;
use process::ServerProcess;
use serde_json::{json, Value};

const SECRET: &str = "crash-test-secret-crash-test-secret-crash";
const PLANTS: usize = 8;
const START_STOCK: i64 = 10_000;
const CUSTOMERS: usize = 16;
const KILLS: usize = 3;
/// Acknowledged orders between kills (or a few seconds, whichever comes first).
const ORDERS_PER_ROUND: usize = 300;
const ROUND_LIMIT: Duration = Duration::from_secs(4);

struct Seeded {
    plant_ids: Vec<String>,
    tokens: Vec<String>,
}

async fn seed(db: &Db) -> Seeded {
    let mut plant_ids = Vec::new();
    let mut tx = db.begin().await.unwrap();
    for i in 0..PLANTS {
        let plant = ValidPlant {
            name: format!("Crash Fern {}", char::from(b'A' + i as u8)),
            description: "A fern that has seen a few power cuts.".into(),
            price: 100 + i as i64,
            original_price: None,
            stock: START_STOCK,
            categories: vec!["Indoor".into()],
        };
        let plant = plants::insert(
            &mut tx,
            &plant,
            &Default::default(),
            &PlantImages::default(),
            InitialRatings::default(),
        )
        .await
        .unwrap();
        plant_ids.push(plant.id);
    }
    tx.commit().await.unwrap();
    let keys = TokenKeys::new(SECRET.as_bytes(), 1);
    let tokens = common::customers_with_tokens(db, &keys, "crash", CUSTOMERS).await;
    Seeded { plant_ids, tokens }
}

/// Where each instance answers now (a restarted one gets a new port).
type Bases = Arc<RwLock<Vec<String>>>;

/// What the customers were told.
#[derive(Default)]
struct Ledger {
    /// Order id → (plant id → quantity), as the 201 said.
    acknowledged: HashMap<String, BTreeMap<String, i64>>,
    /// Orders whose cancel was answered 200, or 409 on a retry after a lost answer.
    cancelled: HashSet<String>,
    replays_after_crash: usize,
    /// Requests whose answer was lost to a kill (each sent again until answered).
    retries: usize,
}

struct Load {
    bases: Bases,
    stop: AtomicBool,
    acked: AtomicUsize,
    ledger: Mutex<Ledger>,
    /// Failures seen on the instance that is never killed (PostgreSQL leg): must stay zero.
    survivor_failures: Mutex<Vec<String>>,
    two_instances: bool,
}

impl Load {
    fn base(&self, instance: usize) -> String {
        self.bases.read().unwrap()[instance].clone()
    }
}

/// Sends one request until it gets an HTTP answer. A lost connection (the instance was
/// killed) is retried: on the other instance when there is one, else on the restarted one.
/// Returns the answer, whether an attempt was lost and whether the answer was a replay.
async fn send(
    load: &Load,
    home: usize,
    build: impl Fn(&str) -> reqwest::RequestBuilder,
) -> (reqwest::StatusCode, Value, bool, bool) {
    let mut instance = home;
    let mut lost = false;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let base = load.base(instance);
        match build(&base).send().await {
            Ok(res) => {
                let status = res.status();
                let replayed = res.headers().contains_key("idempotent-replayed");
                let body = res.json::<Value>().await.unwrap_or(Value::Null);
                // After a lost answer the retry may rightly meet what the lost request did
                // (a cancelled order cannot be cancelled again); a server error never.
                let failed = status.is_server_error() || (!lost && !status.is_success());
                if load.two_instances && instance == 1 && failed {
                    load.survivor_failures
                        .lock()
                        .unwrap()
                        .push(format!("{status}: {body}"));
                }
                return (status, body, lost, replayed);
            }
            Err(err) => {
                if load.two_instances && instance == 1 {
                    load.survivor_failures
                        .lock()
                        .unwrap()
                        .push(format!("connection: {err}"));
                }
                assert!(Instant::now() < deadline, "no instance answered: {err}");
                if !lost {
                    load.ledger.lock().unwrap().retries += 1;
                }
                lost = true;
                if load.two_instances {
                    instance = 1;
                } else {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }
    }
}

/// One customer: fill the cart, order, sometimes cancel; until told to stop. Every cycle
/// finishes (the cart is always emptied by an order) so the end state is exact.
async fn customer(load: Arc<Load>, home: usize, token: String, plant_ids: Vec<String>, n: usize) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .build()
        .unwrap();
    let mut cycle = 0usize;
    while !load.stop.load(Ordering::Relaxed) {
        cycle += 1;
        // 1 to 3 different plants, 1 or 2 of each, varied per customer and cycle.
        let lines = 1 + (n + cycle) % 3;
        for l in 0..lines {
            let plant = &plant_ids[(n * 3 + cycle * 5 + l * 3) % plant_ids.len()];
            let quantity = 1 + ((n + cycle + l) % 2) as i64;
            let (status, body, _, _) = send(&load, home, |base| {
                client
                    .post(format!("{base}/api/cart/add"))
                    .bearer_auth(&token)
                    .json(&json!({ "plantId": plant, "quantity": quantity }))
            })
            .await;
            assert_eq!(status, 200, "add to cart: {body}");
        }
        let key = format!("crash-{n}-{cycle}");
        let (status, body, lost, replayed) = send(&load, home, |base| {
            client
                .post(format!("{base}/api/orders"))
                .bearer_auth(&token)
                .header("Idempotency-Key", &key)
                .json(&json!({ "deliveryAddress": common::address() }))
        })
        .await;
        assert_eq!(status, 201, "placing {key} (lost answer: {lost}): {body}");
        let order = &body["order"];
        let id = order["_id"].as_str().unwrap().to_string();
        let items: BTreeMap<String, i64> = order["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["plantId"].as_str().unwrap().to_string(),
                    i["quantity"].as_i64().unwrap(),
                )
            })
            .collect();
        {
            let mut ledger = load.ledger.lock().unwrap();
            // Only a retry after a lost answer can be a replay: keys are never reused.
            assert!(lost || !replayed, "{key} replayed without a retry");
            ledger.replays_after_crash += usize::from(replayed);
            let first = ledger.acknowledged.insert(id.clone(), items);
            assert!(first.is_none(), "order {id} acknowledged twice");
        }
        load.acked.fetch_add(1, Ordering::Relaxed);

        // Every fifth order is cancelled by its customer, giving its stock back.
        if cycle % 5 == 0 {
            let (status, body, lost, _) = send(&load, home, |base| {
                client
                    .put(format!("{base}/api/orders/{id}/cancel"))
                    .bearer_auth(&token)
            })
            .await;
            let cancelled = status == 200 || (lost && status == 409);
            assert!(cancelled, "cancel {id}: {status} {body}");
            load.ledger.lock().unwrap().cancelled.insert(id);
        }
    }
}

/// Checks the database against the ledger: acknowledged orders complete and exact, stock
/// exact, nothing half-written. Returns (orders, cancelled) found.
async fn audit(db: &Db, seeded: &Seeded, ledger: &Ledger) -> (usize, usize) {
    let reader = db.reader();
    let orders: Vec<(String, String)> = sqlx::query_as("SELECT id, status FROM orders")
        .fetch_all(reader)
        .await
        .unwrap();
    let statuses: HashMap<String, String> = orders.into_iter().collect();
    let items: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT order_id, plant_id, quantity FROM order_items")
            .fetch_all(reader)
            .await
            .unwrap();
    let mut lines: HashMap<String, BTreeMap<String, i64>> = HashMap::new();
    for (order, plant, quantity) in items {
        assert!(
            statuses.contains_key(&order),
            "order line without an order: {order}"
        );
        lines.entry(order).or_default().insert(plant, quantity);
    }

    // Exactly the acknowledged orders exist (every lost answer was settled by its retry),
    // each with the lines it was acknowledged with and the status the customer left it in.
    let known: HashSet<&String> = ledger.acknowledged.keys().collect();
    let stored: HashSet<&String> = statuses.keys().collect();
    assert_eq!(
        stored.difference(&known).count(),
        0,
        "orders nobody was told about"
    );
    assert_eq!(
        known.difference(&stored).count(),
        0,
        "acknowledged orders lost"
    );
    for (id, acknowledged) in &ledger.acknowledged {
        assert_eq!(lines.get(id), Some(acknowledged), "lines of order {id}");
        let expected = if ledger.cancelled.contains(id) {
            "cancelled"
        } else {
            "pending"
        };
        assert_eq!(statuses[id], expected, "status of order {id}");
    }

    // Every order's history starts with "pending", and has one row per status it passed.
    let history: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT order_id, status, at FROM order_status_history ORDER BY at, id")
            .fetch_all(reader)
            .await
            .unwrap();
    let mut by_order: HashMap<String, Vec<String>> = HashMap::new();
    for (order, status, _) in history {
        assert!(
            statuses.contains_key(&order),
            "history without an order: {order}"
        );
        by_order.entry(order).or_default().push(status);
    }
    for (id, status) in &statuses {
        let rows = by_order.get(id).cloned().unwrap_or_default();
        let expected: Vec<&str> = if status == "cancelled" {
            vec!["pending", "cancelled"]
        } else {
            vec!["pending"]
        };
        assert_eq!(rows, expected, "history of order {id}");
    }

    // No idempotency key points at a missing order; every acknowledged order has its key.
    let dangling: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM idempotency_keys k LEFT JOIN orders o ON o.id = k.order_id WHERE o.id IS NULL",
    )
    .fetch_one(reader)
    .await
    .unwrap();
    assert_eq!(dangling, 0, "idempotency keys without their order");
    let keys: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM idempotency_keys")
        .fetch_one(reader)
        .await
        .unwrap();
    assert_eq!(keys as usize, statuses.len(), "one key per order");

    // Every cycle ended with an order, so every cart was emptied by the order that took it.
    let in_carts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cart_items")
        .fetch_one(reader)
        .await
        .unwrap();
    assert_eq!(in_carts, 0, "cart lines left behind by placed orders");

    // Stock: the start minus what the orders that still stand hold.
    let mut sold: HashMap<&str, i64> = HashMap::new();
    for (id, plants) in &lines {
        if statuses[id] != "cancelled" {
            for (plant, quantity) in plants {
                *sold.entry(plant.as_str()).or_default() += quantity;
            }
        }
    }
    for plant in &seeded.plant_ids {
        let stock: i64 = sqlx::query_scalar("SELECT stock FROM plants WHERE id = $1")
            .bind(plant)
            .fetch_one(reader)
            .await
            .unwrap();
        let expected = START_STOCK - sold.get(plant.as_str()).copied().unwrap_or(0);
        assert_eq!(stock, expected, "stock of {plant}");
    }
    let cancelled = statuses.values().filter(|s| *s == "cancelled").count();
    (statuses.len(), cancelled)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigkill_mid_load_loses_no_acknowledged_order() {
    let began = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(dir.path()).await;
    let two_instances = common::backend() == "postgres";

    // The schema comes from the first start; seeding then goes straight to the database.
    let mut victim = ServerProcess::start(&url, dir.path(), SECRET).await;
    let survivor = if two_instances {
        Some(ServerProcess::start(&url, dir.path(), SECRET).await)
    } else {
        None
    };
    let db = Db::connect(&url, 2).await.unwrap();
    let seeded = seed(&db).await;

    let mut bases = vec![victim.base.clone()];
    if let Some(s) = &survivor {
        bases.push(s.base.clone());
    }
    let load = Arc::new(Load {
        bases: Arc::new(RwLock::new(bases)),
        stop: AtomicBool::new(false),
        acked: AtomicUsize::new(0),
        ledger: Mutex::new(Ledger::default()),
        survivor_failures: Mutex::new(Vec::new()),
        two_instances,
    });
    let instances = if two_instances { 2 } else { 1 };
    let mut customers = Vec::new();
    for (n, token) in seeded.tokens.iter().enumerate() {
        customers.push(tokio::spawn(customer(
            load.clone(),
            n % instances,
            token.clone(),
            seeded.plant_ids.clone(),
            n,
        )));
    }

    let wait_for_orders = |target: usize| {
        let load = load.clone();
        async move {
            let until = Instant::now() + ROUND_LIMIT;
            while load.acked.load(Ordering::Relaxed) < target && Instant::now() < until {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    };
    let mut acked_at_kill = Vec::new();
    for round in 1..=KILLS {
        wait_for_orders(round * ORDERS_PER_ROUND).await;
        acked_at_kill.push(load.acked.load(Ordering::Relaxed));
        victim.kill();
        // Let the load run into the dead instance for a moment before it comes back.
        tokio::time::sleep(Duration::from_millis(150)).await;
        victim = ServerProcess::start(&url, dir.path(), SECRET).await;
        load.bases.write().unwrap()[0] = victim.base.clone();
    }
    wait_for_orders((KILLS + 1) * ORDERS_PER_ROUND).await;
    load.stop.store(true, Ordering::Relaxed);
    for c in customers {
        c.await.unwrap();
    }

    let ledger = std::mem::take(&mut *load.ledger.lock().unwrap());
    let (orders, cancelled) = audit(&db, &seeded, &ledger).await;
    let failures = std::mem::take(&mut *load.survivor_failures.lock().unwrap());
    assert!(
        failures.is_empty(),
        "the instance that was not killed failed: {failures:?}"
    );
    // The kills happened under load, and after each one orders kept being acknowledged.
    assert!(acked_at_kill[0] > 0, "first kill before any order");
    assert!(
        acked_at_kill.windows(2).all(|w| w[1] > w[0]) && orders > acked_at_kill[KILLS - 1],
        "orders stopped after a kill: {acked_at_kill:?} then {orders}"
    );
    eprintln!(
        "crash test ({}): {orders} orders acknowledged and found ({cancelled} cancelled), \
         {KILLS} SIGKILLs at {acked_at_kill:?} acknowledged, {} requests sent again after lost \
         answers, {} orders committed before the crash and replayed to their retry, {:.1} s",
        common::backend(),
        ledger.retries,
        ledger.replays_after_crash,
        began.elapsed().as_secs_f64()
    );
    victim.kill();
    db.close().await;
}
