//! Order-placement load: every worker is a signed-in customer who puts one plant in the
//! cart and places an order, again and again, for a fixed time. Like the web app, every
//! order carries its own `Idempotency-Key`. Prints orders per second
//! and the latency of the placement request (p50, p90, p99, max).
//!
//! Usage: bench_orders <base-url> [workers=32] [seconds=10]
//! The server must run in demo mode (the demo admin creates the stock) with a high
//! `HARIYALI_AUTH_RATE_PER_MINUTE` so that registering the workers is not rate-limited.

#[path = "../tests/suite/client.rs"]
mod client;

use std::time::{Duration, Instant};

use client::sign_in;
use serde_json::{json, Value};

const PLANTS: usize = 8;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let workers: usize = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(32);
    let seconds: u64 = args.get(3).and_then(|v| v.parse().ok()).unwrap_or(10);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(workers * 2)
        .build()
        .unwrap();

    let admin = sign_in(&client, &base, "admin@hariyali.in", "Admin@2025").await;
    let mut plants = Vec::new();
    for i in 0..PLANTS {
        let form = reqwest::multipart::Form::new()
            .text("name", format!("Bench Plant {}", (b'A' + i as u8) as char))
            .text("description", "Stock for the order benchmark.")
            .text("price", "199")
            .text("stock", "10000")
            .text("categories", "Indoor");
        let res: Value = client
            .post(format!("{base}/api/plants"))
            .bearer_auth(&admin)
            .multipart(form)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        plants.push(
            res["plant"]["_id"]
                .as_str()
                .expect("plant created (is the server in demo mode?)")
                .to_string(),
        );
    }

    let mut tokens = Vec::new();
    let run = std::process::id();
    for i in 0..workers {
        let body = json!({ "name": "Bench Customer", "email": format!("bench{run}x{i}@example.in"), "password": "Bench@2025" });
        let res: Value = client
            .post(format!("{base}/api/auth/register"))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        tokens.push(
            res["token"]
                .as_str()
                .expect("registered (raise HARIYALI_AUTH_RATE_PER_MINUTE)")
                .to_string(),
        );
    }

    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for (i, token) in tokens.into_iter().enumerate() {
        let (client, base, plant) = (client.clone(), base.clone(), plants[i % PLANTS].clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut failures = 0usize;
            let address = json!({ "deliveryAddress": { "street": "22 Linking Road, Bandra West", "city": "Mumbai", "state": "Maharashtra", "zipCode": "400050", "phone": "9820012345" } });
            let mut attempt = 0usize;
            while Instant::now() < deadline {
                attempt += 1;
                let added = client.post(format!("{base}/api/cart/add")).bearer_auth(&token).json(&json!({ "plantId": plant, "quantity": 1 })).send().await;
                if !added.is_ok_and(|r| r.status() == 200) {
                    failures += 1;
                    continue;
                }
                let t = Instant::now();
                let placed = client
                    .post(format!("{base}/api/orders"))
                    .bearer_auth(&token)
                    .header("Idempotency-Key", format!("bench-{run}-{i}-{attempt}"))
                    .json(&address)
                    .send()
                    .await;
                match placed {
                    Ok(r) if r.status() == 201 => latencies.push(t.elapsed()),
                    _ => failures += 1,
                }
            }
            (latencies, failures)
        }));
    }
    let mut latencies = Vec::new();
    let mut failures = 0;
    for task in tasks {
        let (l, f) = task.await.unwrap();
        latencies.extend(l);
        failures += f;
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    };
    println!(
        "orders={} failures={} seconds={:.1} workers={} orders_per_sec={:.0} place_p50_ms={:.2} place_p90_ms={:.2} place_p99_ms={:.2} place_max_ms={:.2}",
        latencies.len(),
        failures,
        elapsed,
        workers,
        latencies.len() as f64 / elapsed,
        pick(0.50),
        pick(0.90),
        pick(0.99),
        latencies.last().map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0),
    );
}
