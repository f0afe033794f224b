//! The two-instance journey of `make test-scale`: a customer and admin workload through a
//! load balancer in front of two `hariyali` processes that share one PostgreSQL database
//! and one S3 bucket, with each instance also asked directly where it matters.
//!
//! Usage: scale_journey <balancer-url> <instance-a-url> <instance-b-url> <pid-of-b>
//!
//! Phases, each failing the run (exit code 1) when the shop misbehaves:
//! 1. pictures: an upload through A is served by A, B and the balancer, with 304s;
//!    a demo seed picture is served by both instances;
//! 2. the last units: customers race for 10 units across both instances;
//!    an order retried on the other instance with its key returns the first order;
//! 3. the assistant: a follow-up on B remembers the plant named on A;
//! 4. caches: a price changed through A shows on B within a second;
//! 5. a kill: B gets SIGKILL while customers keep ordering through the balancer; every
//!    acknowledged order is kept, every order kept was acknowledged, none oversold.
//!
//! The servers must run in demo mode with high rate limits (the script sets them).

use std::collections::{BTreeMap, HashSet};
use std::io::Cursor;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::header::{CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use reqwest::multipart::{Form, Part};
use reqwest::{Client, RequestBuilder, StatusCode};
use serde_json::{json, Value};
use tokio::sync::Barrier;

const RACE_STOCK: i64 = 10;
const RACERS: usize = 40;
const LOAD_WORKERS: usize = 16;
const LOAD_SECONDS: u64 = 9;
const LOAD_PLANTS: usize = 4;
/// The catalogue cache keeps an answer at most a second; 50 ms covers building one.
const FRESHNESS_BOUND: Duration = Duration::from_millis(1050);

type Failure = Box<dyn std::error::Error + Send + Sync>;
type Outcome<T> = Result<T, Failure>;

macro_rules! check {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+).into());
        }
    };
}

/// Every request made, and every answer that was not the expected one, by kind.
#[derive(Default)]
struct Tally {
    requests: AtomicU64,
    expected: Mutex<BTreeMap<String, u64>>,
    unexpected: Mutex<BTreeMap<String, u64>>,
}

impl Tally {
    fn note(&self, expected: bool, kind: String) {
        let map = if expected {
            &self.expected
        } else {
            &self.unexpected
        };
        *map.lock().unwrap().entry(kind).or_default() += 1;
    }
}

struct Shop {
    client: Client,
    tally: Tally,
    balancer: String,
    a: String,
    b: String,
}

/// An answer: status, headers and body (JSON when it parses).
struct Answer {
    status: StatusCode,
    headers: reqwest::header::HeaderMap,
    bytes: bytes::Bytes,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }
}

impl Shop {
    async fn send(&self, request: RequestBuilder) -> reqwest::Result<Answer> {
        self.tally.requests.fetch_add(1, Ordering::Relaxed);
        let response = request.send().await?;
        Ok(Answer {
            status: response.status(),
            headers: response.headers().clone(),
            bytes: response.bytes().await?,
        })
    }

    /// A request that must succeed with `status`.
    async fn expect(&self, request: RequestBuilder, status: u16, what: &str) -> Outcome<Answer> {
        let answer = self
            .send(request)
            .await
            .map_err(|e| format!("{what}: {e}"))?;
        if answer.status.as_u16() != status {
            self.tally
                .note(false, format!("{what}: {}", answer.status.as_u16()));
            return Err(format!(
                "{what}: expected {status}, got {} {}",
                answer.status,
                String::from_utf8_lossy(&answer.bytes)
            )
            .into());
        }
        Ok(answer)
    }

    async fn login(&self, email: &str, password: &str) -> Outcome<String> {
        let req = self
            .client
            .post(format!("{}/api/auth/login", self.balancer))
            .json(&json!({ "email": email, "password": password }));
        let answer = self.expect(req, 200, "admin sign-in").await?;
        Ok(answer.json()["token"].as_str().unwrap_or_default().into())
    }

    /// Registers `n` customers through the balancer; returns their tokens.
    async fn customers(&self, label: &str, n: usize) -> Outcome<Vec<String>> {
        let run = std::process::id();
        let mut tokens = Vec::new();
        for i in 0..n {
            let body = json!({ "name": "Scale Customer", "email": format!("{label}{run}x{i}@example.in"), "password": "Scale@2025" });
            let req = self
                .client
                .post(format!("{}/api/auth/register", self.balancer))
                .json(&body);
            let answer = self.expect(req, 201, "register").await?;
            tokens.push(answer.json()["token"].as_str().unwrap_or_default().into());
        }
        Ok(tokens)
    }

    async fn create_plant(
        &self,
        base: &str,
        admin: &str,
        name: &str,
        price: i64,
        stock: i64,
        image: Option<Vec<u8>>,
    ) -> Outcome<Value> {
        let mut form = plant_form(name, price, stock);
        if let Some(png) = image {
            form = form.part(
                "image",
                Part::bytes(png)
                    .file_name("fern.png")
                    .mime_str("image/png")?,
            );
        }
        let req = self
            .client
            .post(format!("{base}/api/plants"))
            .bearer_auth(admin)
            .multipart(form);
        Ok(self.expect(req, 201, "create plant").await?.json()["plant"].clone())
    }

    async fn add_to_cart(&self, base: &str, token: &str, plant: &str) -> reqwest::Result<Answer> {
        let req = self
            .client
            .post(format!("{base}/api/cart/add"))
            .bearer_auth(token)
            .json(&json!({ "plantId": plant, "quantity": 1 }));
        self.send(req).await
    }

    async fn place_order(&self, base: &str, token: &str, key: &str) -> reqwest::Result<Answer> {
        let req = self
            .client
            .post(format!("{base}/api/orders"))
            .bearer_auth(token)
            .header("Idempotency-Key", key)
            .json(&json!({ "deliveryAddress": address() }));
        self.send(req).await
    }

    async fn plant(&self, base: &str, id: &str) -> Outcome<Value> {
        let req = self.client.get(format!("{base}/api/plants/{id}"));
        Ok(self.expect(req, 200, "plant detail").await?.json()["plant"].clone())
    }
}

fn plant_form(name: &str, price: i64, stock: i64) -> Form {
    Form::new()
        .text("name", name.to_string())
        .text("description", "Grown for the two-instance journey.")
        .text("price", price.to_string())
        .text("stock", stock.to_string())
        .text("categories", "Indoor")
}

fn address() -> Value {
    json!({ "street": "14 Residency Road, Shanthala Nagar", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560025", "phone": "9876543210" })
}

/// A photo-like PNG (a gradient), unique to this run so its key is new in the bucket.
fn photo() -> Vec<u8> {
    let seed = (std::process::id() % 200) as u8;
    let img = image::RgbImage::from_fn(1000, 700, |x, y| {
        image::Rgb([(x / 4) as u8, seed.wrapping_add((y / 3) as u8), 90])
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("encode png");
    out
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 5 {
        eprintln!(
            "usage: scale_journey <balancer-url> <instance-a-url> <instance-b-url> <pid-of-b>"
        );
        std::process::exit(2);
    }
    let shop = Arc::new(Shop {
        client: Client::builder()
            .pool_max_idle_per_host(64)
            .timeout(Duration::from_secs(20))
            .build()
            .expect("client"),
        tally: Tally::default(),
        balancer: args[1].clone(),
        a: args[2].clone(),
        b: args[3].clone(),
    });
    let pid_b: u32 = args[4].parse().expect("pid of instance B");
    let started = Instant::now();
    let result = journey(&shop, pid_b).await;
    let tally = &shop.tally;
    println!("--- figures ---");
    println!("requests: {}", tally.requests.load(Ordering::Relaxed));
    println!(
        "expected errors (instance B killed): {:?}",
        tally.expected.lock().unwrap()
    );
    println!("unexpected errors: {:?}", tally.unexpected.lock().unwrap());
    println!("journey time: {:.1} s", started.elapsed().as_secs_f64());
    match result {
        Ok(()) if tally.unexpected.lock().unwrap().is_empty() => println!("scale journey: PASS"),
        Ok(()) => {
            println!("scale journey: FAIL (unexpected errors)");
            std::process::exit(1);
        }
        Err(err) => {
            println!("scale journey: FAIL: {err}");
            std::process::exit(1);
        }
    }
}

async fn journey(shop: &Arc<Shop>, pid_b: u32) -> Outcome<()> {
    let admin = shop.login("admin@hariyali.in", "Admin@2025").await?;
    pictures(shop, &admin).await?;
    last_units(shop, &admin).await?;
    assistant(shop).await?;
    price_change(shop, &admin).await?;
    kill_under_load(shop, &admin, pid_b).await?;
    Ok(())
}

/// Phase 1: An upload through A lands in the bucket: B (whose data folder is empty) serves the
/// same bytes, revalidation gives 304, and the demo's seed pictures come from there too.
async fn pictures(shop: &Shop, admin: &str) -> Outcome<()> {
    let t = Instant::now();
    let plant = shop
        .create_plant(&shop.a, admin, "Scale Fern", 349, 5, Some(photo()))
        .await?;
    let image = plant["image"].as_str().ok_or("the plant has no image")?;
    check!(image.starts_with("/media/"), "image URL {image}");
    let mut first: Option<bytes::Bytes> = None;
    for base in [&shop.a, &shop.b, &shop.balancer] {
        let answer = shop
            .expect(shop.client.get(format!("{base}{image}")), 200, "picture")
            .await?;
        check!(
            answer.headers[CONTENT_TYPE] == "image/webp",
            "picture type from {base}"
        );
        check!(
            image::guess_format(&answer.bytes).ok() == Some(image::ImageFormat::WebP),
            "picture from {base} is not WebP"
        );
        match &first {
            None => first = Some(answer.bytes.clone()),
            Some(bytes) => check!(*bytes == answer.bytes, "{base} serves other bytes"),
        }
        let etag = answer.headers[ETAG].clone();
        let again = shop
            .client
            .get(format!("{base}{image}"))
            .header(IF_NONE_MATCH, etag);
        shop.expect(again, 304, "picture revalidation").await?;
    }
    let listed = shop
        .expect(
            shop.client.get(format!("{}/api/plants?limit=50", shop.b)),
            200,
            "catalogue",
        )
        .await?
        .json();
    let seed = listed["plants"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["image"].as_str())
        .find(|url| url.starts_with("/media/seed/"))
        .ok_or("no demo plant with a seed picture")?
        .to_string();
    for base in [&shop.a, &shop.b] {
        let answer = shop
            .expect(
                shop.client.get(format!("{base}{seed}")),
                200,
                "seed picture",
            )
            .await?;
        check!(
            answer.headers[CONTENT_TYPE] == "image/svg+xml",
            "seed picture type from {base}"
        );
    }
    println!(
        "pictures: uploaded through A ({} KB WebP), served identically by A, B and the balancer, 304 on revalidation; seed picture served by both ({} ms)",
        first.map_or(0, |b| b.len() / 1024),
        t.elapsed().as_millis()
    );
    Ok(())
}

/// Phase 2: Customers race for the last units across both instances; then one order retried on
/// the other instance with its idempotency key.
async fn last_units(shop: &Arc<Shop>, admin: &str) -> Outcome<()> {
    let t = Instant::now();
    let plant = shop
        .create_plant(
            &shop.balancer,
            admin,
            "Last Kokedama",
            799,
            RACE_STOCK,
            None,
        )
        .await?;
    let plant_id = plant["_id"].as_str().ok_or("no plant id")?.to_string();
    let tokens = shop.customers("racer", RACERS).await?;
    for token in &tokens {
        let answer = shop.add_to_cart(&shop.balancer, token, &plant_id).await?;
        check!(answer.status == 200, "add to cart: {}", answer.status);
    }
    let barrier = Arc::new(Barrier::new(tokens.len()));
    let mut tasks = Vec::new();
    for (i, token) in tokens.into_iter().enumerate() {
        let (shop, barrier) = (shop.clone(), barrier.clone());
        tasks.push(tokio::spawn(async move {
            let base = if i % 2 == 0 { &shop.a } else { &shop.b };
            barrier.wait().await;
            let key = format!("race-{i}");
            shop.place_order(base, &token, &key)
                .await
                .map(|a| a.status.as_u16())
        }));
    }
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    for task in tasks {
        *statuses.entry(task.await??).or_default() += 1;
    }
    let created = statuses.get(&201).copied().unwrap_or(0);
    let refused = statuses.get(&409).copied().unwrap_or(0);
    check!(
        created == RACE_STOCK as usize && refused == RACERS - RACE_STOCK as usize,
        "race: {statuses:?}"
    );
    for base in [&shop.a, &shop.b] {
        let stock = shop.plant(base, &plant_id).await?["stock"].as_i64();
        check!(
            stock == Some(0),
            "stock after the race on {base}: {stock:?}"
        );
    }

    // An order placed on A whose answer is "lost", retried on B with the same key.
    let buyer = shop.customers("retry", 1).await?.remove(0);
    let fern = shop
        .create_plant(&shop.balancer, admin, "Retry Fern", 199, 5, None)
        .await?;
    let fern_id = fern["_id"].as_str().ok_or("no plant id")?;
    shop.add_to_cart(&shop.a, &buyer, fern_id).await?;
    let first = shop.place_order(&shop.a, &buyer, "retry-1").await?;
    check!(first.status == 201, "first order: {}", first.status);
    let again = shop.place_order(&shop.b, &buyer, "retry-1").await?;
    check!(again.status == 201, "retried order: {}", again.status);
    check!(
        again.json()["order"]["_id"] == first.json()["order"]["_id"],
        "the retry on B made another order"
    );
    check!(
        again.headers.get("idempotent-replayed").is_some(),
        "the retry on B is not marked as replayed"
    );
    let stock = shop.plant(&shop.b, fern_id).await?["stock"].as_i64();
    check!(stock == Some(4), "one unit taken, not two: {stock:?}");
    println!(
        "last units: {RACERS} customers on A and B for {RACE_STOCK} units: {created} orders (201), {refused} refused (409), stock 0; a retry on B returned A's order ({} ms)",
        t.elapsed().as_millis()
    );
    Ok(())
}

/// Phase 3: A chat begun on A continues on B: the session lives in the database.
async fn assistant(shop: &Shop) -> Outcome<()> {
    let session = format!("scale-{}", std::process::id());
    let ask = |base: &str, message: &str| {
        let form = Form::new()
            .text("message", message.to_string())
            .text("sessionId", session.clone());
        shop.client
            .post(format!("{base}/api/ai-chat/message"))
            .multipart(form)
    };
    shop.expect(
        ask(&shop.a, "Tell me about my snake plant"),
        200,
        "assistant",
    )
    .await?;
    let follow = shop
        .expect(
            ask(&shop.b, "How often should I water it?"),
            200,
            "assistant",
        )
        .await?
        .json();
    let answer = follow["message"].as_str().unwrap_or_default();
    check!(
        answer.contains("Snake Plant"),
        "B forgot the plant named on A: {answer}"
    );
    println!("assistant: a follow-up on B answered about the Snake Plant named on A");
    Ok(())
}

/// Phase 4: B's catalogue answer (cached for up to a second) shows a price changed through A
/// within a second.
async fn price_change(shop: &Shop, admin: &str) -> Outcome<()> {
    let plant = shop
        .create_plant(&shop.a, admin, "Price Watch Palm", 300, 20, None)
        .await?;
    let id = plant["_id"].as_str().ok_or("no plant id")?;
    let list = format!("{}/api/plants?search=Price%20Watch%20Palm", shop.b);
    let price_on_b = || async {
        let answer = shop
            .expect(shop.client.get(&list), 200, "catalogue")
            .await?;
        Ok::<_, Failure>(answer.json()["plants"][0]["price"].as_i64())
    };
    // Fill B's cache with the old price first: the change has to beat a warm cache.
    check!(price_on_b().await? == Some(300), "B lists the new plant");
    check!(price_on_b().await? == Some(300), "B lists the new plant");
    let update = shop
        .client
        .put(format!("{}/api/plants/{id}", shop.a))
        .bearer_auth(admin)
        .multipart(plant_form("Price Watch Palm", 345, 20));
    shop.expect(update, 200, "price change").await?;
    let changed = Instant::now();
    // The claim, free of how long the polls take: no request *sent* to B more than a second
    // after the change was acknowledged gets the old price. (The margin covers B building
    // a response from a read just before the commit and stamping it just after.)
    let mut stale_answers = 0;
    let mut last_stale_sent = Duration::ZERO;
    loop {
        let sent = changed.elapsed();
        if price_on_b().await? == Some(345) {
            break;
        }
        stale_answers += 1;
        last_stale_sent = sent;
        check!(
            changed.elapsed() < Duration::from_secs(3),
            "B still shows the old price after 3 s"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let visible = changed.elapsed();
    check!(
        last_stale_sent <= FRESHNESS_BOUND,
        "B served the old price to a request sent {} ms after the change",
        last_stale_sent.as_millis()
    );
    println!(
        "caches: a price changed through A showed on B after {} ms; the last old price went to a request sent at {} ms ({stale_answers} cached answers; bound {} ms)",
        visible.as_millis(),
        last_stale_sent.as_millis(),
        FRESHNESS_BOUND.as_millis()
    );
    Ok(())
}

/// What one load worker saw.
#[derive(Default)]
struct Worker {
    /// Orders acknowledged with 201: id and units.
    acknowledged: Vec<(String, i64)>,
    replays: u64,
}

/// Phase 5: Customers order through the balancer; a third of the way in, B is killed. A request
/// in flight on B then fails (502 from nginx, or a reset): the customer retries with the
/// same idempotency key, as the web app does, and gets the order exactly once.
async fn kill_under_load(shop: &Arc<Shop>, admin: &str, pid_b: u32) -> Outcome<()> {
    // Stock is capped at 10,000 a plant: a few plants hold enough for any pace here.
    let stock = 10_000;
    let mut plant_ids = Vec::new();
    for i in 0..LOAD_PLANTS {
        let name = format!("Load Test Monstera {}", (b'A' + i as u8) as char);
        let plant = shop
            .create_plant(&shop.balancer, admin, &name, 99, stock, None)
            .await?;
        plant_ids.push(plant["_id"].as_str().ok_or("no plant id")?.to_string());
    }
    let tokens = shop.customers("load", LOAD_WORKERS).await?;
    let killed = Arc::new(AtomicBool::new(false));
    let requests_before = shop.tally.requests.load(Ordering::Relaxed);
    let t = Instant::now();
    let stop_at = t + Duration::from_secs(LOAD_SECONDS);
    let mut tasks = Vec::new();
    for (w, token) in tokens.iter().cloned().enumerate() {
        let plant_id = plant_ids[w % LOAD_PLANTS].clone();
        let (shop, killed) = (shop.clone(), killed.clone());
        tasks.push(tokio::spawn(async move {
            load_worker(&shop, w, &token, &plant_id, &killed, stop_at).await
        }));
    }
    tokio::time::sleep(Duration::from_secs(LOAD_SECONDS / 3)).await;
    killed.store(true, Ordering::SeqCst);
    let status = std::process::Command::new("kill")
        .args(["-KILL", &pid_b.to_string()])
        .status()?;
    check!(status.success(), "could not kill instance B");
    let killed_at = t.elapsed();
    let mut acknowledged = Vec::new();
    let mut replays = 0;
    for task in tasks {
        let worker = task.await??;
        acknowledged.extend(worker.acknowledged);
        replays += worker.replays;
    }
    let elapsed = t.elapsed();

    // B is gone: A alone answers through the balancer.
    let b_down = shop.client.get(format!("{}/readyz", shop.b)).send().await;
    check!(b_down.is_err(), "instance B still answers after SIGKILL");
    let ids: HashSet<&str> = acknowledged.iter().map(|(id, _)| id.as_str()).collect();
    check!(
        ids.len() == acknowledged.len(),
        "an order was acknowledged twice"
    );
    let units: i64 = acknowledged.iter().map(|(_, q)| q).sum();
    let mut taken = 0;
    for id in &plant_ids {
        let left = shop.plant(&shop.balancer, id).await?["stock"]
            .as_i64()
            .ok_or("no stock")?;
        check!(left > 0, "a load plant sold out: the run needs more stock");
        taken += stock - left;
    }
    check!(
        taken == units,
        "stock taken {taken} but acknowledged orders hold {units} units"
    );
    // Every customer's order list holds exactly the orders they were told about.
    let mut stored = 0;
    for token in &tokens {
        let req = shop
            .client
            .get(format!("{}/api/orders", shop.balancer))
            .bearer_auth(token);
        let list = shop.expect(req, 200, "order list").await?.json();
        for order in list["orders"].as_array().into_iter().flatten() {
            let id = order["_id"].as_str().unwrap_or_default();
            check!(
                ids.contains(id),
                "order {id} was stored but never acknowledged"
            );
            stored += 1;
        }
    }
    check!(
        stored == ids.len(),
        "{} acknowledged orders, {stored} stored",
        ids.len()
    );
    let expected: u64 = shop.tally.expected.lock().unwrap().values().sum();
    println!(
        "kill: {LOAD_WORKERS} customers for {:.1} s, B killed (SIGKILL) at {:.1} s; {} requests, {} orders acknowledged and all {stored} stored ({units} units = stock taken), {expected} failed requests while B died, {replays} retries answered with the first order; {:.0} orders/s",
        elapsed.as_secs_f64(),
        killed_at.as_secs_f64(),
        shop.tally.requests.load(Ordering::Relaxed) - requests_before,
        ids.len(),
        ids.len() as f64 / elapsed.as_secs_f64()
    );
    Ok(())
}

/// One customer: add a plant, order it with a fresh key; when the answer is lost, the same
/// request again (same key), until the shop answers.
async fn load_worker(
    shop: &Shop,
    w: usize,
    token: &str,
    plant_id: &str,
    killed: &AtomicBool,
    stop_at: Instant,
) -> Outcome<Worker> {
    let mut seen = Worker::default();
    let mut n = 0;
    while Instant::now() < stop_at {
        n += 1;
        retry(shop, killed, "add to cart", || {
            shop.add_to_cart(&shop.balancer, token, plant_id)
        })
        .await?;
        let key = format!("load-{w}-{n}");
        let answer = retry(shop, killed, "place order", || {
            shop.place_order(&shop.balancer, token, &key)
        })
        .await?;
        let order = &answer.json()["order"];
        let id = order["_id"].as_str().unwrap_or_default().to_string();
        let units = order["items"][0]["quantity"].as_i64().unwrap_or(0);
        if answer.headers.get("idempotent-replayed").is_some() {
            seen.replays += 1;
        }
        seen.acknowledged.push((id, units));
    }
    Ok(seen)
}

/// Sends until a 2xx. Failures count as expected only once B has been killed (a request in
/// flight there dies with it); the first attempt after that is already routed to A.
async fn retry<F, Fut>(shop: &Shop, killed: &AtomicBool, what: &str, send: F) -> Outcome<Answer>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = reqwest::Result<Answer>>,
{
    for _ in 0..10 {
        let kind = match send().await {
            Ok(answer) if answer.status.is_success() => return Ok(answer),
            Ok(answer) => format!("{what}: {}", answer.status.as_u16()),
            Err(err) => format!(
                "{what}: {}",
                if err.is_timeout() {
                    "timeout"
                } else {
                    "connection"
                }
            ),
        };
        let expected = killed.load(Ordering::SeqCst) && !kind.ends_with("409");
        shop.tally.note(expected, kind.clone());
        if !expected {
            return Err(kind.into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("{what}: no answer after 10 attempts").into())
}
