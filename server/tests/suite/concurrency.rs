//! Stock under contention, through real sockets: many customers race for the last units.

use crate::common;
use crate::process;

use std::sync::Arc;

use hariyali::auth::tokens::TokenKeys;
use hariyali::config::StorageConfig;
use hariyali::domain::validation::ValidPlant;
use hariyali::store::plants::{self, InitialRatings, PlantImages};
use hariyali::store::Db;
use serde_json::json;
use tokio::sync::Barrier;

use process::ServerProcess;

const CUSTOMERS: usize = 50;
const STOCK: i64 = 10;
const SECRET: &str = "concurrency-test-secret-concurrency-test";

/// Creates a plant with `STOCK` units and `CUSTOMERS` customers; returns the plant id and
/// one token per customer.
async fn seed(db: &Db, keys: &TokenKeys) -> (String, Vec<String>) {
    let mut tx = db.begin().await.unwrap();
    let plant = ValidPlant {
        name: "Last Monstera".into(),
        description: "Only a few of these left in the nursery.".into(),
        price: 899,
        original_price: None,
        stock: STOCK,
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
    tx.commit().await.unwrap();
    let tokens = common::customers_with_tokens(db, keys, "racer", CUSTOMERS).await;
    (plant.id, tokens)
}

/// Every customer puts one unit in the cart, then all place their order at the same moment,
/// spread over `bases`. Returns how many orders were created and how many were refused.
async fn race(bases: &[String], plant_id: &str, tokens: &[String]) -> (usize, usize) {
    let client = reqwest::Client::new();
    for (i, token) in tokens.iter().enumerate() {
        let res = client
            .post(format!("{}/api/cart/add", bases[i % bases.len()]))
            .bearer_auth(token)
            .json(&json!({ "plantId": plant_id, "quantity": 1 }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
    let barrier = Arc::new(Barrier::new(tokens.len()));
    let mut tasks = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let (client, barrier, token) = (client.clone(), barrier.clone(), token.clone());
        let url = format!("{}/api/orders", bases[i % bases.len()]);
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            client
                .post(url)
                .bearer_auth(token)
                .json(&json!({ "deliveryAddress": common::address() }))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    let created = statuses.iter().filter(|s| **s == 201).count();
    let refused = statuses.iter().filter(|s| **s == 409).count();
    assert_eq!(
        created + refused,
        tokens.len(),
        "only 201 or 409 expected: {statuses:?}"
    );
    (created, refused)
}

async fn stock_and_orders(db: &Db, plant_id: &str) -> (i64, i64, i64) {
    let stock: i64 = sqlx::query_scalar("SELECT stock FROM plants WHERE id = $1")
        .bind(plant_id)
        .fetch_one(db.reader())
        .await
        .unwrap();
    let orders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(db.reader())
        .await
        .unwrap();
    let sold: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_items WHERE plant_id = $1",
    )
    .bind(plant_id)
    .fetch_one(db.reader())
    .await
    .unwrap();
    (stock, orders, sold)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_customers_race_for_ten_units_through_one_server() {
    let app = common::TestApp::build(|c| c.jwt_secret = Some(SECRET.into())).await;
    let keys = TokenKeys::new(SECRET.as_bytes(), 1);
    let (plant_id, tokens) = seed(&app.state.db, &keys).await;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(hariyali::serve(listener, app.state.clone(), async {
        let _ = stopped.await;
    }));

    let (created, refused) = race(&[base], &plant_id, &tokens).await;
    assert_eq!(
        (created, refused),
        (STOCK as usize, CUSTOMERS - STOCK as usize)
    );
    assert_eq!(
        stock_and_orders(&app.state.db, &plant_id).await,
        (0, STOCK, STOCK)
    );
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_server_processes_sharing_one_database_sell_exactly_the_stock() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(dir.path()).await;
    let first = ServerProcess::start(&url, dir.path(), SECRET).await;
    let second = ServerProcess::start(&url, dir.path(), SECRET).await;
    let (base_a, base_b) = (first.base.clone(), second.base.clone());

    let storage = StorageConfig {
        database_url: Some(url),
        data_dir: dir.path().to_path_buf(),
        db_pool_size: Some(2),
        s3: Default::default(),
    };
    let db = Db::connect(&storage.database_url(), 2).await.unwrap();
    let keys = TokenKeys::new(SECRET.as_bytes(), 1);
    let (plant_id, tokens) = seed(&db, &keys).await;

    let (created, refused) = race(&[base_a, base_b], &plant_id, &tokens).await;
    assert_eq!(
        (created, refused),
        (STOCK as usize, CUSTOMERS - STOCK as usize)
    );
    assert_eq!(stock_and_orders(&db, &plant_id).await, (0, STOCK, STOCK));
}

const LIMIT: usize = 3;
const HURRIED: usize = 4;
const CLICKS: usize = 8;

/// `HURRIED` customers each fire `CLICKS` checkouts at once, spread over `bases`, every one
/// after putting a unit in the cart; each keeps trying until the shop says they have too
/// many orders waiting. The shop's limit is `LIMIT`: no customer may end with more pending
/// orders, however the requests interleave (batched, one by one, or on two instances).
async fn rush_the_pending_limit(bases: &[String], db: &Db, keys: &TokenKeys) {
    let mut tx = db.begin().await.unwrap();
    let plant = ValidPlant {
        name: "Money Plant".into(),
        description: "Plenty of these in the nursery for everyone.".into(),
        price: 199,
        original_price: None,
        stock: 10_000,
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
    tx.commit().await.unwrap();
    let tokens = common::customers_with_tokens(db, keys, "hurried", HURRIED).await;
    let client = reqwest::Client::new();
    let barrier = Arc::new(Barrier::new(HURRIED * CLICKS));
    let mut tasks = Vec::new();
    for (c, token) in tokens.iter().enumerate() {
        for click in 0..CLICKS {
            let base = bases[(c + click) % bases.len()].clone();
            let (client, barrier, token, plant) = (
                client.clone(),
                barrier.clone(),
                token.clone(),
                plant.id.clone(),
            );
            tasks.push(tokio::spawn(async move {
                barrier.wait().await;
                let mut placed = 0;
                for _ in 0..20 {
                    let added = client
                        .post(format!("{base}/api/cart/add"))
                        .bearer_auth(&token)
                        .json(&json!({ "plantId": plant, "quantity": 1 }))
                        .send()
                        .await
                        .unwrap()
                        .status();
                    assert_eq!(added, 200);
                    let res = client
                        .post(format!("{base}/api/orders"))
                        .bearer_auth(&token)
                        .json(&json!({ "deliveryAddress": common::address() }))
                        .send()
                        .await
                        .unwrap();
                    match res.status().as_u16() {
                        201 => placed += 1,
                        // Another click took the cart first.
                        400 => {}
                        409 => {
                            let body: serde_json::Value = res.json().await.unwrap();
                            let message = body["message"].as_str().unwrap_or_default();
                            assert!(message.contains("orders waiting"), "{message}");
                            return placed;
                        }
                        other => panic!("unexpected {other}"),
                    }
                }
                placed
            }));
        }
    }
    let mut placed = 0;
    for task in tasks {
        placed += task.await.unwrap();
    }
    let pending: Vec<i64> = sqlx::query_scalar(
        "SELECT COUNT(*) FROM orders WHERE status = 'pending' GROUP BY user_id ORDER BY user_id",
    )
    .fetch_all(db.reader())
    .await
    .unwrap();
    assert_eq!(
        pending,
        vec![LIMIT as i64; HURRIED],
        "each customer at the limit"
    );
    assert_eq!(placed, LIMIT * HURRIED, "every 201 is one of those orders");
    // Every order carries the estimate it was promised (written in the same transaction).
    let without: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE delivery_max_days IS NULL")
            .fetch_one(db.reader())
            .await
            .unwrap();
    assert_eq!(without, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn clicks_racing_through_one_server_never_pass_the_pending_limit() {
    let app = common::TestApp::build(|c| {
        c.jwt_secret = Some(SECRET.into());
        c.max_pending_cod = LIMIT as u32;
    })
    .await;
    let keys = TokenKeys::new(SECRET.as_bytes(), 1);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(hariyali::serve(listener, app.state.clone(), async {
        let _ = stopped.await;
    }));

    rush_the_pending_limit(&[base], &app.state.db, &keys).await;

    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn clicks_racing_through_two_server_processes_never_pass_the_pending_limit() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(dir.path()).await;
    let limit = LIMIT.to_string();
    let settings = [("HARIYALI_MAX_PENDING_COD", limit.as_str())];
    let first = ServerProcess::start_with(&url, dir.path(), SECRET, &settings).await;
    let second = ServerProcess::start_with(&url, dir.path(), SECRET, &settings).await;
    let db = Db::connect(&url, 2).await.unwrap();
    let keys = TokenKeys::new(SECRET.as_bytes(), 1);

    rush_the_pending_limit(&[first.base.clone(), second.base.clone()], &db, &keys).await;
}
