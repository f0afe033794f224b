//! Soak test: a fresh demo shop (the real release binary, SQLite in a temporary folder
//! unless SOAK_DATABASE_URL names another database) under a steady mixed load for a fixed
//! time: browsing, search, plant pages, sign-ins, carts, orders and cancels, assistant
//! questions, admin plant edits and order status changes. It stops by itself and reports
//! request counts, errors (which must be zero) and the server's resident memory sampled
//! every 10 s, with a verdict on whether memory stayed flat.
//!
//! Usage: soak [seconds=600] [users=16]   (`make soak`, SOAK_SECONDS to shorten)
//!
//! "Errors" are transport failures, 5xx and any status the action does not allow. Business
//! refusals the spec defines under contention (a plant sold out between two clicks, an
//! order shipped before its customer cancelled, an order with an empty cart) are counted
//! apart as "refused".

#[path = "../tests/suite/client.rs"]
mod client;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use client::{free_port, sign_in};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const PASSWORD: &str = "Soak@2025";
const SAMPLE_EVERY: Duration = Duration::from_secs(10);
/// Orders after which a shopper signs up again as a new customer.
const ORDERS_PER_CUSTOMER: usize = 40;
const QUESTIONS: [&str; 6] = [
    "How often should I water a snake plant?",
    "My money plant leaves are turning yellow, what should I do?",
    "Which plants are safe for cats?",
    "Suggest a low light plant under 500 rupees for my bedroom",
    "tulsi ko kitna paani dena chahiye?",
    "How do I repot an aloe vera?",
];
const SEARCHES: [&str; 6] = ["snake", "money", "aloe", "fern", "palm", "rose"];

#[derive(Default)]
struct Tally {
    ok: BTreeMap<&'static str, u64>,
    conflicts: BTreeMap<&'static str, u64>,
    errors: BTreeMap<&'static str, u64>,
    first_errors: Vec<String>,
    latencies_ms: BTreeMap<&'static str, Vec<f64>>,
}

struct Soak {
    base: String,
    client: reqwest::Client,
    tally: Mutex<Tally>,
    stop: AtomicBool,
    plants: Vec<String>,
    admin: String,
}

enum Outcome {
    Ok,
    Conflict,
    Error(String),
}

impl Soak {
    fn record(&self, action: &'static str, started: Instant, outcome: Outcome) {
        let mut t = self.tally.lock().unwrap();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        t.latencies_ms.entry(action).or_default().push(ms);
        match outcome {
            Outcome::Ok => *t.ok.entry(action).or_default() += 1,
            Outcome::Conflict => *t.conflicts.entry(action).or_default() += 1,
            Outcome::Error(what) => {
                *t.errors.entry(action).or_default() += 1;
                if t.first_errors.len() < 10 {
                    t.first_errors.push(format!("{action}: {what}"));
                }
            }
        }
    }

    /// Sends a request and classifies the answer: `ok` statuses, `conflict` statuses, or
    /// an error. Returns the body of a success.
    async fn call(
        &self,
        action: &'static str,
        request: reqwest::RequestBuilder,
        ok: &[u16],
        conflict: &[u16],
    ) -> Option<Value> {
        let started = Instant::now();
        match request.send().await {
            Ok(res) => {
                let status = res.status().as_u16();
                let body = res.bytes().await;
                let outcome = match &body {
                    Err(err) => Outcome::Error(format!("reading the body: {err}")),
                    Ok(_) if ok.contains(&status) => Outcome::Ok,
                    Ok(_) if conflict.contains(&status) => Outcome::Conflict,
                    Ok(bytes) => Outcome::Error(format!(
                        "{status} {}",
                        String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
                    )),
                };
                let success = matches!(outcome, Outcome::Ok);
                self.record(action, started, outcome);
                if success {
                    body.ok()
                        .map(|b| serde_json::from_slice(&b).unwrap_or(Value::Null))
                } else {
                    None
                }
            }
            Err(err) => {
                self.record(action, started, Outcome::Error(err.to_string()));
                None
            }
        }
    }
}

/// One shopper: a weighted random walk over what people do in the shop.
async fn shopper(soak: Arc<Soak>, mut email: String, mut token: String, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let base = soak.base.clone();
    let c = soak.client.clone();
    let mut orders: Vec<String> = Vec::new();
    let mut key = 0u64;
    let (mut placed_here, mut generation) = (0usize, 0usize);
    while !soak.stop.load(Ordering::Relaxed) {
        let plant = soak.plants[rng.gen_range(0..soak.plants.len())].clone();
        match rng.gen_range(0..100) {
            0..=24 => {
                let sort = ["price", "rating", "name", "newest"][rng.gen_range(0..4)];
                let page = rng.gen_range(1..=3);
                soak.call(
                    "browse",
                    c.get(format!(
                        "{base}/api/plants?page={page}&limit=12&sortBy={sort}"
                    )),
                    &[200],
                    &[],
                )
                .await;
            }
            25..=34 => {
                let term = SEARCHES[rng.gen_range(0..SEARCHES.len())];
                soak.call(
                    "search",
                    c.get(format!("{base}/api/plants?search={term}")),
                    &[200],
                    &[],
                )
                .await;
            }
            35..=49 => {
                soak.call(
                    "detail",
                    c.get(format!("{base}/api/plants/{plant}")),
                    &[200],
                    &[],
                )
                .await;
            }
            50 => {
                let body = soak
                    .call(
                        "sign-in",
                        c.post(format!("{base}/api/auth/login"))
                            .json(&json!({ "email": email, "password": PASSWORD })),
                        &[200],
                        &[],
                    )
                    .await;
                if let Some(t) = body.and_then(|b| b["token"].as_str().map(str::to_string)) {
                    token = t;
                }
            }
            51..=62 => {
                soak.call(
                    "cart-add",
                    c.post(format!("{base}/api/cart/add"))
                        .bearer_auth(&token)
                        .json(&json!({ "plantId": plant, "quantity": rng.gen_range(1..=2) })),
                    &[200],
                    &[409],
                )
                .await;
                soak.call(
                    "cart-view",
                    c.get(format!("{base}/api/cart")).bearer_auth(&token),
                    &[200],
                    &[],
                )
                .await;
            }
            63..=74 => {
                // What a checkout looks like: the plant goes in the cart, then the order.
                let added = soak
                    .call(
                        "cart-add",
                        c.post(format!("{base}/api/cart/add"))
                            .bearer_auth(&token)
                            .json(&json!({ "plantId": plant, "quantity": 1 })),
                        &[200],
                        &[409],
                    )
                    .await
                    .is_some();
                key += 1;
                let placed = soak
                    .call(
                        "order",
                        c.post(format!("{base}/api/orders"))
                            .bearer_auth(&token)
                            .header("Idempotency-Key", format!("soak-{seed}-{key}"))
                            .json(&json!({ "deliveryAddress": {
                                "street": "22 Linking Road, Bandra West", "city": "Mumbai",
                                "state": "Maharashtra", "zipCode": "400050", "phone": "9820012345" } })),
                        &[201],
                        // Sold out since it went in the cart (then the cart may be empty).
                        if added { &[409] } else { &[409, 400] },
                    )
                    .await;
                if let Some(id) =
                    placed.and_then(|b| b["order"]["_id"].as_str().map(str::to_string))
                {
                    orders.push(id);
                    placed_here += 1;
                }
                // Real customers do not have thousands of orders: after a few dozen this
                // shopper becomes a new customer, so "my orders" stays a realistic size
                // while the shop's data keeps growing.
                if placed_here == ORDERS_PER_CUSTOMER {
                    generation += 1;
                    let new_email = format!("soak{seed}-{generation}@example.in");
                    let body = soak
                        .call(
                            "sign-up",
                            c.post(format!("{base}/api/auth/register")).json(&json!({
                                "name": "Soak Shopper", "email": new_email, "password": PASSWORD })),
                            &[201],
                            &[],
                        )
                        .await;
                    if let Some(t) = body.and_then(|b| b["token"].as_str().map(str::to_string)) {
                        (email, token) = (new_email, t);
                        orders.clear();
                        placed_here = 0;
                    }
                }
                soak.call(
                    "my-orders",
                    c.get(format!("{base}/api/orders")).bearer_auth(&token),
                    &[200],
                    &[],
                )
                .await;
            }
            75..=79 => {
                if let Some(id) = orders.pop() {
                    soak.call(
                        "cancel",
                        c.put(format!("{base}/api/orders/{id}/cancel"))
                            .bearer_auth(&token),
                        &[200],
                        // An admin moved it on first.
                        &[409],
                    )
                    .await;
                }
            }
            80..=87 => {
                let form = reqwest::multipart::Form::new().text(
                    "message",
                    QUESTIONS[rng.gen_range(0..QUESTIONS.len())].to_string(),
                );
                soak.call(
                    "assistant",
                    c.post(format!("{base}/api/ai-chat/message"))
                        .multipart(form),
                    &[200],
                    &[],
                )
                .await;
            }
            88..=93 => admin_moves_an_order(&soak, &mut rng).await,
            _ => admin_edits_a_plant(&soak, &plant, &mut rng).await,
        }
    }
}

/// The admin takes a recent pending or processing order one step along.
async fn admin_moves_an_order(soak: &Soak, rng: &mut StdRng) {
    let (base, c) = (&soak.base, &soak.client);
    let from = ["pending", "processing", "shipped"][rng.gen_range(0..3)];
    let Some(list) = soak
        .call(
            "admin-orders",
            c.get(format!(
                "{base}/api/orders/admin/all?status={from}&limit=10"
            ))
            .bearer_auth(&soak.admin),
            &[200],
            &[],
        )
        .await
    else {
        return;
    };
    let Some(order) = list["orders"].as_array().and_then(|o| o.first()).cloned() else {
        return;
    };
    let to = match from {
        "pending" => "processing",
        "processing" => "shipped",
        _ => "delivered",
    };
    let id = order["_id"].as_str().unwrap_or_default();
    soak.call(
        "admin-status",
        c.put(format!("{base}/api/orders/{id}/status"))
            .bearer_auth(&soak.admin)
            .json(&json!({ "status": to })),
        &[200],
        // Its customer cancelled it, or another step moved it, meanwhile.
        &[409],
    )
    .await;
}

/// The admin re-saves a plant with a new price and fresh stock (keeps the shop stocked).
async fn admin_edits_a_plant(soak: &Soak, plant: &str, rng: &mut StdRng) {
    let (base, c) = (&soak.base, &soak.client);
    let Some(detail) = soak
        .call(
            "detail",
            c.get(format!("{base}/api/plants/{plant}")),
            &[200],
            &[],
        )
        .await
    else {
        return;
    };
    let p = &detail["plant"];
    let price = rng.gen_range(150..=900);
    let mut form = reqwest::multipart::Form::new()
        .text("name", p["name"].as_str().unwrap_or_default().to_string())
        .text(
            "description",
            p["description"].as_str().unwrap_or_default().to_string(),
        )
        .text("price", price.to_string())
        .text("originalPrice", (price + 100).to_string())
        .text("stock", rng.gen_range(200..=400).to_string());
    for category in p["categories"].as_array().into_iter().flatten() {
        form = form.text(
            "categories",
            category.as_str().unwrap_or_default().to_string(),
        );
    }
    soak.call(
        "admin-edit",
        c.put(format!("{base}/api/plants/{plant}"))
            .bearer_auth(&soak.admin)
            .multipart(form),
        &[200],
        &[],
    )
    .await;
}

/// Resident memory of a process, in KiB (Linux).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        // A graceful stop (SIGTERM), as an operator would.
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let _ = self.0.wait();
    }
}

fn average(samples: &[(f64, u64)], from: f64, to: f64) -> f64 {
    let picked: Vec<u64> = samples
        .iter()
        .filter(|(t, _)| *t > from && *t <= to)
        .map(|(_, kib)| *kib)
        .collect();
    picked.iter().sum::<u64>() as f64 / picked.len().max(1) as f64
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seconds: u64 = args.get(1).and_then(|v| v.parse().ok()).unwrap_or(600);
    let users: usize = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(16);
    let bin: PathBuf = std::env::current_exe()
        .unwrap()
        .parent()
        .and_then(|examples| examples.parent())
        .map(|release| release.join("hariyali"))
        .expect("the hariyali binary next to the examples folder");

    let dir = tempfile::tempdir().unwrap();
    let database_url = std::env::var("SOAK_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}", dir.path().join("soak.db").display()));
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Command::new(&bin)
        .arg("serve")
        .env("DATABASE_URL", &database_url)
        .env("HARIYALI_DATA_DIR", dir.path())
        .env("HARIYALI_ADDR", &addr)
        .env("HARIYALI_DEMO", "1")
        // Every shopper comes from 127.0.0.1: per-address limits would refuse them.
        .env("HARIYALI_AUTH_RATE_PER_MINUTE", "1000000")
        .env("HARIYALI_AI_RATE_PER_MINUTE", "1000000")
        .env("HARIYALI_MAX_CONNECTIONS_PER_CLIENT", "100000")
        // Shoppers order and cancel in a loop; the 3-pending-orders rule is tested elsewhere.
        .env("HARIYALI_MAX_PENDING_COD", "1000000")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("start hariyali (build it with `cargo build --release --bin hariyali`)");
    let pid = child.id();
    let server = Server(child);
    let base = format!("http://{addr}");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    for _ in 0..600 {
        if client
            .get(format!("{base}/readyz"))
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let admin = sign_in(&client, &base, "admin@hariyali.in", "Admin@2025").await;
    let list: Value = client
        .get(format!("{base}/api/plants?limit=200"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let plants: Vec<String> = list["plants"]
        .as_array()
        .expect("demo catalogue")
        .iter()
        .filter_map(|p| p["_id"].as_str().map(str::to_string))
        .collect();
    let mut shoppers = Vec::new();
    for i in 0..users {
        let email = format!("soak{i}@example.in");
        let res: Value = client
            .post(format!("{base}/api/auth/register"))
            .json(&json!({ "name": "Soak Shopper", "email": email, "password": PASSWORD }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = res["token"].as_str().expect("registered").to_string();
        shoppers.push((email, token));
    }

    println!(
        "soak: {seconds} s, {users} shoppers, {} plants, database {}, server pid {pid}",
        plants.len(),
        if database_url.starts_with("sqlite") {
            "SQLite"
        } else {
            "PostgreSQL"
        }
    );
    let soak = Arc::new(Soak {
        base: base.clone(),
        client: client.clone(),
        tally: Mutex::new(Tally::default()),
        stop: AtomicBool::new(false),
        plants,
        admin,
    });
    let tasks: Vec<_> = shoppers
        .into_iter()
        .enumerate()
        .map(|(i, (email, token))| tokio::spawn(shopper(soak.clone(), email, token, i as u64)))
        .collect();

    let started = Instant::now();
    let mut samples: Vec<(f64, u64)> = Vec::new();
    let mut last_total = 0u64;
    while started.elapsed() < Duration::from_secs(seconds) {
        let left = Duration::from_secs(seconds).saturating_sub(started.elapsed());
        tokio::time::sleep(SAMPLE_EVERY.min(left)).await;
        let t = started.elapsed().as_secs_f64();
        let kib = rss_kib(pid).expect("server still running");
        samples.push((t, kib));
        let (total, errors) = {
            let tally = soak.tally.lock().unwrap();
            (
                tally
                    .ok
                    .values()
                    .chain(tally.conflicts.values())
                    .chain(tally.errors.values())
                    .sum::<u64>(),
                tally.errors.values().sum::<u64>(),
            )
        };
        println!(
            "  t={t:>5.0}s  rss={:>7.1} MiB  requests={total:>8}  (+{:>6.0}/s)  errors={errors}",
            kib as f64 / 1024.0,
            (total - last_total) as f64 / SAMPLE_EVERY.as_secs_f64()
        );
        last_total = total;
    }
    soak.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    drop(server);

    let tally = soak.tally.lock().unwrap();
    println!(
        "\n{:<14}{:>10}{:>10}{:>8}{:>10}{:>10}",
        "action", "ok", "refused", "errors", "p50 ms", "p99 ms"
    );
    let mut total = 0;
    for (action, latencies) in &tally.latencies_ms {
        let mut l = latencies.clone();
        l.sort_by(|a, b| a.total_cmp(b));
        let q = |p: f64| l[((l.len() as f64 * p) as usize).min(l.len() - 1)];
        total += l.len();
        println!(
            "{action:<14}{:>10}{:>10}{:>8}{:>10.1}{:>10.1}",
            tally.ok.get(action).unwrap_or(&0),
            tally.conflicts.get(action).unwrap_or(&0),
            tally.errors.get(action).unwrap_or(&0),
            q(0.5),
            q(0.99)
        );
    }
    let errors: u64 = tally.errors.values().sum();
    println!(
        "total {total} requests in {elapsed:.0} s ({:.0}/s), {errors} errors",
        total as f64 / elapsed
    );
    for e in &tally.first_errors {
        println!("  error: {e}");
    }

    // Memory: the second window against the last one. A window is a minute on a run of
    // four minutes or more, a quarter of the run on shorter ones.
    let window = (elapsed / 4.0).min(60.0);
    let reference = average(&samples, window, 2.0 * window);
    let last = average(&samples, elapsed - window, elapsed + 1.0);
    let change = (last - reference) / reference * 100.0;
    let flat = change.abs() <= 10.0;
    println!(
        "memory: {:.1} MiB average in ({:.0} s, {:.0} s], {:.1} MiB in the last {:.0} s: {change:+.1} % -> {}",
        reference / 1024.0,
        window,
        2.0 * window,
        last / 1024.0,
        window,
        if flat { "FLAT" } else { "NOT FLAT" }
    );
    let passed = errors == 0 && flat;
    println!("soak verdict: {}", if passed { "PASS" } else { "FAIL" });
    // `exit` skips destructors: remove the shop's temporary folder first.
    drop(dir);
    if !passed {
        std::process::exit(1);
    }
}
