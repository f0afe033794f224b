//! Test harness: a fresh shop per test on SQLite (a temporary file) or, when
//! `HARIYALI_TEST_DATABASE_URL` names a PostgreSQL database, in a schema of its own there.
#![allow(dead_code)]

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use hariyali::auth::password;
use hariyali::config::{BoolFlag, ServeConfig, StorageConfig};
use hariyali::http::state::AppState;
use hariyali::store::users::{self, NewUser, Role};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

pub const PASSWORD: &str = "Garden@2025";

pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub dir: tempfile::TempDir,
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub bytes: Vec<u8>,
}

impl TestResponse {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }

    /// The messages of the `errors` list, in order.
    pub fn error_messages(&self) -> Vec<String> {
        self.body["errors"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| e["message"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn error_fields(&self) -> Vec<String> {
        self.body["errors"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| e["field"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Which database this run tests: `sqlite` or `postgres`.
pub fn backend() -> &'static str {
    match std::env::var("HARIYALI_TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => "postgres",
        _ => "sqlite",
    }
}

pub async fn database_url(dir: &std::path::Path) -> String {
    match std::env::var("HARIYALI_TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => {
            // A schema per test keeps tests apart without a database each.
            let schema = format!("t_{}", uuid::Uuid::now_v7().simple());
            let admin = sqlx::PgPool::connect(&url)
                .await
                .expect("PostgreSQL named by HARIYALI_TEST_DATABASE_URL must be reachable");
            sqlx::query(&format!("CREATE SCHEMA {schema}"))
                .execute(&admin)
                .await
                .expect("create test schema");
            admin.close().await;
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}options=-c%20search_path%3D{schema}")
        }
        _ => format!("sqlite://{}", dir.join("shop.db").display()),
    }
}

/// `n` customers written straight into the database (one password hash for all: they sign
/// in by token, never by password), each with a token signed by `keys`.
pub async fn customers_with_tokens(
    db: &hariyali::store::Db,
    keys: &hariyali::auth::tokens::TokenKeys,
    label: &str,
    n: usize,
) -> Vec<String> {
    let hash = password::hash_now(PASSWORD).unwrap();
    let mut tokens = Vec::with_capacity(n);
    for i in 0..n {
        let email = format!("{label}{i}@example.in");
        let user = users::insert(
            db,
            NewUser {
                name: "Test Customer",
                email: &email,
                password_hash: &hash,
                role: Role::Customer,
            },
        )
        .await
        .unwrap();
        tokens.push(keys.issue(&user.id, user.token_version).unwrap());
    }
    tokens
}

impl TestApp {
    /// An empty shop (no demo data).
    pub async fn new() -> Self {
        Self::build(|_| {}).await
    }

    /// The demo shop: catalogue and demo accounts.
    pub async fn demo() -> Self {
        Self::build(|c| c.demo = Some(BoolFlag(true))).await
    }

    pub async fn build(adjust: impl FnOnce(&mut ServeConfig)) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = StorageConfig {
            database_url: Some(database_url(dir.path()).await),
            data_dir: dir.path().to_path_buf(),
            db_pool_size: Some(4),
            s3: Default::default(),
        };
        let mut config = ServeConfig::for_tests();
        adjust(&mut config);
        let state = hariyali::build_state(&storage, config)
            .await
            .expect("build state");
        let router = hariyali::app(state.clone());
        TestApp { state, router, dir }
    }

    /// Serves this shop on a free loopback port (real sockets, the real accept loop) until
    /// the returned sender is dropped.
    pub async fn serve_on_loopback(
        &self,
    ) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(hariyali::serve(listener, self.state.clone(), async {
            let _ = stopped.await;
        }));
        (addr, stop)
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible router");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes()
            .to_vec();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        TestResponse {
            status,
            headers,
            body,
            bytes,
        }
    }

    pub fn request(
        method: Method,
        path: &str,
        token: Option<&str>,
    ) -> axum::http::request::Builder {
        let mut builder = Request::builder().method(method).uri(path);
        if let Some(token) = token {
            builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        builder
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> TestResponse {
        self.send(
            Self::request(Method::GET, path, token)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> TestResponse {
        self.send(
            Self::request(Method::DELETE, path, token)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    pub async fn json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> TestResponse {
        let request = Self::request(method, path, token)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        self.send(request).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> TestResponse {
        self.json(Method::POST, path, token, body).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> TestResponse {
        self.json(Method::PUT, path, token, body).await
    }

    /// Registers a customer and returns the token and the user.
    pub async fn register(&self, name: &str, email: &str) -> (String, Value) {
        let res = self
            .post(
                "/api/auth/register",
                None,
                json!({ "name": name, "email": email, "password": PASSWORD }),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::CREATED,
            "register {email}: {:?}",
            res.body
        );
        (
            res.body["token"].as_str().unwrap().to_string(),
            res.body["user"].clone(),
        )
    }

    pub async fn customer(&self) -> String {
        self.register(
            "Asha Verma",
            &format!("asha{}@example.in", uuid::Uuid::now_v7().simple()),
        )
        .await
        .0
    }

    /// An admin made the way operators make them (not by self-registration).
    pub async fn admin(&self) -> String {
        let email = format!("admin{}@example.in", uuid::Uuid::now_v7().simple());
        let hash = password::hash_now(PASSWORD).unwrap();
        users::insert(
            &self.state.db,
            NewUser {
                name: "Shop Admin",
                email: &email,
                password_hash: &hash,
                role: Role::Admin,
            },
        )
        .await
        .unwrap();
        let res = self.login(&email, PASSWORD).await;
        assert_eq!(res.status, StatusCode::OK);
        res.body["token"].as_str().unwrap().to_string()
    }

    /// Signs in with `email` and `password`; the response, whatever it is.
    pub async fn login(&self, email: &str, password: &str) -> TestResponse {
        self.post(
            "/api/auth/login",
            None,
            json!({ "email": email, "password": password }),
        )
        .await
    }
}

/// A multipart body built by hand, as a browser would send it.
pub struct Multipart {
    boundary: String,
    body: Vec<u8>,
}

impl Default for Multipart {
    fn default() -> Self {
        Self::new()
    }
}

impl Multipart {
    pub fn new() -> Self {
        Multipart {
            boundary: format!("----hariyali{}", uuid::Uuid::now_v7().simple()),
            body: Vec::new(),
        }
    }

    pub fn text(mut self, name: &str, value: &str) -> Self {
        self.body.extend_from_slice(
            format!(
                "--{}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n",
                self.boundary
            )
            .as_bytes(),
        );
        self
    }

    pub fn file(mut self, name: &str, filename: &str, content_type: &str, bytes: &[u8]) -> Self {
        self.body.extend_from_slice(
            format!("--{}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: {content_type}\r\n\r\n", self.boundary).as_bytes(),
        );
        self.body.extend_from_slice(bytes);
        self.body.extend_from_slice(b"\r\n");
        self
    }

    /// A valid plant form; tests override single fields.
    pub fn plant(name: &str) -> Self {
        Multipart::new()
            .text("name", name)
            .text(
                "description",
                "A sturdy plant that forgives a missed watering.",
            )
            .text("price", "349")
            .text("originalPrice", "449")
            .text("stock", "12")
            .text("categories[0]", "Indoor")
            .text("categories[1]", "Succulents")
    }

    pub fn request(self, method: Method, path: &str, token: Option<&str>) -> Request<Body> {
        let mut body = self.body;
        body.extend_from_slice(format!("--{}--\r\n", self.boundary).as_bytes());
        TestApp::request(method, path, token)
            .header(
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={}", self.boundary),
            )
            .body(Body::from(body))
            .unwrap()
    }
}

/// A PNG photo of the given size.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x * 7 % 256) as u8, 140, (y * 3 % 256) as u8])
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A JPEG photo of the given size.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([40, (x % 200) as u8 + 40, (y % 100) as u8])
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(
            &mut std::io::Cursor::new(&mut out),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    out
}

/// A PNG whose header claims 50,000 × 50,000 pixels (7.5 GB decoded) in a few hundred bytes.
pub fn png_bomb() -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut crc_input = kind.to_vec();
        crc_input.extend_from_slice(data);
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&50_000u32.to_be_bytes());
    ihdr.extend_from_slice(&50_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(
        &mut out,
        b"IDAT",
        &[0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01],
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Files stored under the media folder (to check failed uploads leave nothing).
pub fn media_files(app: &TestApp) -> usize {
    fn walk(dir: &std::path::Path) -> usize {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| {
                        if e.path().is_dir() {
                            walk(&e.path())
                        } else {
                            1
                        }
                    })
                    .sum()
            })
            .unwrap_or(0)
    }
    walk(&app.dir.path().join("media"))
}

pub type Shared<T> = Arc<T>;

impl TestApp {
    /// Adds a plant through the admin API and returns its `_id`.
    pub async fn add_plant(&self, admin: &str, name: &str, price: i64, stock: i64) -> String {
        let form = Multipart::new()
            .text("name", name)
            .text("description", "A healthy nursery plant for a test.")
            .text("price", &price.to_string())
            .text("stock", &stock.to_string())
            .text("categories", "Indoor");
        let res = self
            .send(form.request(Method::POST, "/api/plants", Some(admin)))
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        res.body["plant"]["_id"].as_str().unwrap().to_string()
    }

    pub async fn stock_of(&self, plant_id: &str) -> i64 {
        let res = self.get(&format!("/api/plants/{plant_id}"), None).await;
        res.body["plant"]["stock"].as_i64().expect("plant exists")
    }

    pub async fn add_to_cart(&self, token: &str, plant_id: &str, quantity: i64) -> TestResponse {
        self.post(
            "/api/cart/add",
            Some(token),
            json!({ "plantId": plant_id, "quantity": quantity }),
        )
        .await
    }

    /// Places an order from the cart with a valid address.
    pub async fn place_order(&self, token: &str) -> TestResponse {
        self.post(
            "/api/orders",
            Some(token),
            json!({ "deliveryAddress": address() }),
        )
        .await
    }

    /// Moves an order along as an admin, asserting each step succeeds.
    pub async fn advance(&self, admin: &str, order_id: &str, steps: &[&str]) {
        for status in steps {
            let res = self
                .put(
                    &format!("/api/orders/{order_id}/status"),
                    Some(admin),
                    json!({ "status": status }),
                )
                .await;
            assert_eq!(res.status, StatusCode::OK, "to {status}: {:?}", res.body);
        }
    }

    /// A delivered order of one `plant` for `customer` (so it can be rated); its id.
    pub async fn delivered_order(&self, admin: &str, customer: &str, plant: &str) -> String {
        assert_eq!(
            self.add_to_cart(customer, plant, 1).await.status,
            StatusCode::OK
        );
        let id = self.place_order(customer).await.body["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        self.advance(admin, &id, &["processing", "shipped", "delivered"])
            .await;
        id
    }
}

/// A delivery address that passes every checkout rule.
pub fn address() -> Value {
    json!({ "street": "14 Residency Road, Shanthala Nagar", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560025", "phone": "9876543210" })
}
