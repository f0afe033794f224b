//! Backup and restore end to end, with the real binary: `hariyali backup` of a live SQLite
//! shop taking orders, `hariyali restore` refused while the shop runs and for a damaged
//! copy, then accepted with the shop stopped; a shop started on the restored database
//! serves the same catalogue, its customers sign in and find their orders, through HTTP.
//!
//! Backups are a SQLite matter (PostgreSQL has pg_dump and pg_restore), so this test makes
//! its own SQLite shop whichever database the suite runs on.

use crate::client;
use crate::process;

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use client::sign_in;
use process::ServerProcess;
use serde_json::{json, Value};

const SECRET: &str = "backup-test-secret-backup-test-secret-bk";
const PASSWORD: &str = "Garden@2025";
const CUSTOMERS: usize = 6;

fn hariyali(url: &str, dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hariyali"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("HARIYALI_DATA_DIR", dir)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run hariyali")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// (id, name, price, stock) of every live plant, by id.
async fn catalogue(client: &reqwest::Client, base: &str) -> Vec<(String, String, i64, i64)> {
    let body: Value = client
        .get(format!("{base}/api/plants?limit=200"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut plants: Vec<_> = body["plants"]
        .as_array()
        .expect("plants")
        .iter()
        .map(|p| {
            (
                p["_id"].as_str().unwrap().to_string(),
                p["name"].as_str().unwrap().to_string(),
                p["price"].as_i64().unwrap(),
                p["stock"].as_i64().unwrap(),
            )
        })
        .collect();
    plants.sort();
    plants
}

/// When an order was acknowledged relative to the backup.
const BEFORE: u8 = 0;
const DURING: u8 = 1;
const AFTER: u8 = 2;

struct Load {
    phase: AtomicU8,
    stop: AtomicBool,
    /// Order id → (customer index, phase when its 201 arrived).
    orders: Mutex<HashMap<String, (usize, u8)>>,
}

async fn customer(load: Arc<Load>, base: String, token: String, n: usize, plants: Vec<String>) {
    let client = reqwest::Client::new();
    let mut cycle = 0;
    while !load.stop.load(Ordering::Relaxed) {
        cycle += 1;
        let plant = &plants[(n * 7 + cycle) % plants.len()];
        let res = client
            .post(format!("{base}/api/cart/add"))
            .bearer_auth(&token)
            .json(&json!({ "plantId": plant, "quantity": 1 }))
            .send()
            .await
            .unwrap();
        if res.status() == 409 {
            // Sold out meanwhile: another plant next time.
            continue;
        }
        assert_eq!(res.status(), 200);
        let res = client
            .post(format!("{base}/api/orders"))
            .bearer_auth(&token)
            .json(&json!({ "deliveryAddress": {
                "street": "14 Residency Road, Shanthala Nagar", "city": "Bengaluru",
                "state": "Karnataka", "zipCode": "560025", "phone": "9876543210" } }))
            .send()
            .await
            .unwrap();
        if res.status() == 409 {
            client
                .delete(format!("{base}/api/cart/clear"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap();
            continue;
        }
        assert_eq!(res.status(), 201);
        // The phase is read after the answer: an order counted BEFORE committed before the
        // backup began.
        let phase = load.phase.load(Ordering::SeqCst);
        let body: Value = res.json().await.unwrap();
        let id = body["order"]["_id"].as_str().unwrap().to_string();
        load.orders.lock().unwrap().insert(id, (n, phase));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_live_backup_restores_into_a_working_shop() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let url = format!("sqlite://{}", data.join("shop.db").display());
    let out = hariyali(&url, data, &["seed"]);
    assert!(out.status.success(), "{}", text(&out));

    let server = ServerProcess::start(&url, data, SECRET).await;
    let base = server.base.clone();
    let client = reqwest::Client::new();
    let before = catalogue(&client, &base).await;
    let for_sale: Vec<String> = before
        .iter()
        .filter(|p| p.3 >= 5)
        .map(|p| p.0.clone())
        .collect();
    assert!(for_sale.len() >= 10, "demo catalogue has stock");
    // The demo's reviews sit on delivered orders of their own, seeded before any customer.
    let seeded_orders = admin_order_total(&client, &base).await;

    let mut emails = Vec::new();
    let mut tokens = Vec::new();
    for i in 0..CUSTOMERS {
        let email = format!("backup{i}@example.in");
        let res = client
            .post(format!("{base}/api/auth/register"))
            .json(&json!({ "name": "Backup Customer", "email": email, "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        let body: Value = res.json().await.unwrap();
        tokens.push(body["token"].as_str().unwrap().to_string());
        emails.push(email);
    }

    let load = Arc::new(Load {
        phase: AtomicU8::new(BEFORE),
        stop: AtomicBool::new(false),
        orders: Mutex::new(HashMap::new()),
    });
    let tasks: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(n, token)| {
            tokio::spawn(customer(
                load.clone(),
                base.clone(),
                token.clone(),
                n,
                for_sale.clone(),
            ))
        })
        .collect();

    // The backup runs while every customer keeps ordering.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let backup = data.join("backups").join("live.db");
    load.phase.store(DURING, Ordering::SeqCst);
    let (u, d, b) = (url.clone(), data.to_path_buf(), backup.clone());
    let out =
        tokio::task::spawn_blocking(move || hariyali(&u, &d, &["backup", b.to_str().unwrap()]))
            .await
            .unwrap();
    load.phase.store(AFTER, Ordering::SeqCst);
    assert!(out.status.success(), "{}", text(&out));
    tokio::time::sleep(Duration::from_millis(300)).await;
    load.stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    let orders = std::mem::take(&mut *load.orders.lock().unwrap());
    let count = |phase: u8| orders.values().filter(|(_, p)| *p == phase).count();
    assert!(
        count(BEFORE) > 0 && count(AFTER) > 0,
        "orders on both sides"
    );

    // Restoring over a database a shop has open is refused, and changes nothing.
    let out = hariyali(&url, data, &["restore", backup.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out).contains("is in use"), "{}", text(&out));
    assert_eq!(catalogue(&client, &base).await.len(), before.len());

    // The shop goes down hard; a damaged copy and a file that is no database are refused.
    server.kill();
    let damaged = data.join("damaged.db");
    let mut bytes = std::fs::read(&backup).unwrap();
    for b in &mut bytes[4096..4096 + 64] {
        *b = 0xA5;
    }
    std::fs::write(&damaged, bytes).unwrap();
    let not_a_db = data.join("notes.db");
    std::fs::write(&not_a_db, "water the fern on Sundays\n".repeat(300)).unwrap();
    for bad in [&damaged, &not_a_db] {
        let out = hariyali(&url, data, &["restore", bad.to_str().unwrap()]);
        assert!(!out.status.success(), "{}", text(&out));
        assert!(
            text(&out).contains("is not a usable backup"),
            "{}",
            text(&out)
        );
    }

    let out = hariyali(&url, data, &["restore", backup.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("kept at"), "{}", text(&out));
    let kept = std::fs::read_dir(data)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("shop.db.before-restore-")
        })
        .count();
    assert!(kept >= 1, "the replaced database is kept");

    // A shop on the restored database: same catalogue (stock as it was at the backup).
    let server = ServerProcess::start(&url, data, SECRET).await;
    let base = server.base.clone();
    let after = catalogue(&client, &base).await;
    let names = |c: &[(String, String, i64, i64)]| -> Vec<(String, String, i64)> {
        c.iter().map(|p| (p.0.clone(), p.1.clone(), p.2)).collect()
    };
    assert_eq!(names(&after), names(&before));

    // Customers sign in with their passwords and find their orders: every one acknowledged
    // before the backup began, none acknowledged after it ended, nothing unknown.
    let mut restored = HashSet::new();
    let mut sold: HashMap<String, i64> = HashMap::new();
    for (n, email) in emails.iter().enumerate() {
        let token = sign_in(&client, &base, email, PASSWORD).await;
        let body: Value = client
            .get(format!("{base}/api/orders"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        for order in body["orders"].as_array().expect("orders") {
            let id = order["_id"].as_str().unwrap().to_string();
            let (owner, phase) = orders.get(&id).copied().expect("an order nobody placed");
            assert_eq!(owner, n, "order {id} listed for the wrong customer");
            assert_ne!(phase, AFTER, "order {id} placed after the backup is in it");
            for item in order["items"].as_array().unwrap() {
                *sold
                    .entry(item["plantId"].as_str().unwrap().to_string())
                    .or_default() += item["quantity"].as_i64().unwrap();
            }
            restored.insert(id);
        }
    }
    for (id, (_, phase)) in &orders {
        if *phase == BEFORE {
            assert!(
                restored.contains(id),
                "order {id} from before the backup lost"
            );
        }
    }
    // Stock in the copy is the start minus exactly the orders the copy holds.
    for (id, _, _, stock) in &after {
        let start = before.iter().find(|p| &p.0 == id).unwrap().3;
        assert_eq!(
            *stock + sold.get(id).copied().unwrap_or(0),
            start,
            "stock of {id}"
        );
    }
    // The demo admin (from the seed) signs in too and sees the same orders.
    assert_eq!(
        admin_order_total(&client, &base).await,
        seeded_orders + restored.len() as u64,
    );
    eprintln!(
        "backup test: {} orders before the backup, {} during, {} after; {} in the restored shop",
        count(BEFORE),
        count(DURING),
        count(AFTER),
        restored.len()
    );
    server.kill();
}

/// How many orders the demo admin sees in all.
async fn admin_order_total(client: &reqwest::Client, base: &str) -> u64 {
    let admin = sign_in(client, base, "admin@hariyali.in", "Admin@2025").await;
    let body: Value = client
        .get(format!("{base}/api/orders/admin/all?limit=1"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    body["total"].as_u64().expect("a total")
}
