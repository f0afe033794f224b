//! Multipart bodies through the real router: the admin plant form (create and update) and
//! the assistant's chat form, on a real shop (SQLite in a temporary folder, a real admin
//! token). Inputs are either raw bytes after a fixed boundary or a list of generated parts
//! (known and unknown field names, text, arbitrary bytes, small real PNGs) so the fuzzer
//! reaches the form rules and the image path and not only the framing.
//!
//! The property: whatever arrives, the answer is a client error or a success, never a 5xx
//! (a panic would be caught by the server's catch-panic layer and show up as a 500).

#![no_main]

use std::io::Cursor;
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{header, Method, Request};
use axum::Router;
use hariyali::auth::password;
use hariyali::auth::tokens::TokenKeys;
use hariyali::config::{ServeConfig, StorageConfig};
use hariyali::domain::validation::ValidPlant;
use hariyali::store::plants::{self, InitialRatings, PlantImages};
use hariyali::store::users::{self, NewUser, Role};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

const BOUNDARY: &str = "hariyalifuzz";
const SECRET: &str = "fuzz-secret-fuzz-secret-fuzz-secret-fuzz";

struct Shop {
    runtime: tokio::runtime::Runtime,
    router: Router,
    admin_token: String,
    plant_id: String,
    _dir: tempfile::TempDir,
}

fn shop() -> &'static Shop {
    static SHOP: OnceLock<Shop> = OnceLock::new();
    SHOP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("runtime");
        let dir = tempfile::tempdir().expect("temp dir");
        let (router, admin_token, plant_id) = runtime.block_on(async {
            let storage = StorageConfig {
                database_url: Some(format!("sqlite://{}", dir.path().join("shop.db").display())),
                data_dir: dir.path().to_path_buf(),
                db_pool_size: Some(2),
                // Pictures in the temporary folder, as in the tests.
                s3: Default::default(),
            };
            let mut config = ServeConfig::for_tests();
            config.jwt_secret = Some(SECRET.into());
            // The fuzzer sends thousands of messages a second from one "address".
            config.ai_rate_per_minute = 1_000_000_000;
            config.auth_rate_per_minute = 1_000_000_000;
            let state = hariyali::build_state(&storage, config)
                .await
                .expect("state");
            let hash = password::hash_now("Garden@2025").expect("hash");
            let admin = users::insert(
                &state.db,
                NewUser {
                    name: "Fuzz Admin",
                    email: "fuzz@example.in",
                    password_hash: &hash,
                    role: Role::Admin,
                },
            )
            .await
            .expect("admin");
            let token = TokenKeys::new(SECRET.as_bytes(), 24)
                .issue(&admin.id, admin.token_version)
                .expect("token");
            let mut tx = state.db.begin().await.expect("tx");
            let plant = plants::insert(
                &mut tx,
                &ValidPlant {
                    name: "Fuzz Fern".into(),
                    description: "A fern that exists to be edited.".into(),
                    price: 100,
                    original_price: None,
                    stock: 5,
                    categories: vec!["Indoor".into()],
                },
                &PlantImages::default(),
                InitialRatings::default(),
            )
            .await
            .expect("plant");
            tx.commit().await.expect("commit");
            (hariyali::app(state), token, plant.id)
        });
        Shop {
            runtime,
            router,
            admin_token,
            plant_id,
            _dir: dir,
        }
    })
}

#[derive(Arbitrary, Debug)]
enum Route {
    CreatePlant,
    UpdatePlant,
    AssistantMessage,
}

#[derive(Arbitrary, Debug)]
enum FieldName {
    Name,
    Description,
    Price,
    OriginalPrice,
    Stock,
    Categories,
    CategoriesList,
    CategoriesIndexed(u8),
    Image,
    Images,
    Message,
    SessionId,
    Other(String),
}

impl FieldName {
    fn as_str(&self) -> String {
        match self {
            FieldName::Name => "name".into(),
            FieldName::Description => "description".into(),
            FieldName::Price => "price".into(),
            FieldName::OriginalPrice => "originalPrice".into(),
            FieldName::Stock => "stock".into(),
            FieldName::Categories => "categories".into(),
            FieldName::CategoriesList => "categories[]".into(),
            FieldName::CategoriesIndexed(i) => format!("categories[{i}]"),
            FieldName::Image => "image".into(),
            FieldName::Images => "images".into(),
            FieldName::Message => "message".into(),
            FieldName::SessionId => "sessionId".into(),
            FieldName::Other(name) => name.clone(),
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Value {
    Text(String),
    Bytes(Vec<u8>),
    /// A real PNG of up to 64 × 64 pixels filled from the seed, optionally cut short.
    Png {
        width: u8,
        height: u8,
        seed: u8,
        truncate: Option<u16>,
    },
}

#[derive(Arbitrary, Debug)]
struct Part {
    name: FieldName,
    filename: Option<String>,
    content_type: Option<String>,
    value: Value,
}

#[derive(Arbitrary, Debug)]
enum Payload {
    /// Bytes after the boundary header: framing, headers and all are the fuzzer's.
    Raw(Vec<u8>),
    /// Well-framed parts, then optional trailing bytes and maybe no closing boundary.
    Parts {
        parts: Vec<Part>,
        trailer: Vec<u8>,
        close: bool,
    },
}

#[derive(Arbitrary, Debug)]
struct Input {
    route: Route,
    payload: Payload,
    /// Send a different Content-Type (e.g. no boundary) instead of the right one.
    content_type: Option<String>,
}

fn png(width: u8, height: u8, seed: u8) -> Vec<u8> {
    let (w, h) = (u32::from(width % 64) + 1, u32::from(height % 64) + 1);
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([
            seed.wrapping_add(x as u8),
            seed.wrapping_mul(3).wrapping_add(y as u8),
            seed ^ (x as u8).wrapping_mul(y as u8),
        ])
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("encode png");
    out
}

fn body(payload: Payload) -> Vec<u8> {
    match payload {
        Payload::Raw(bytes) => {
            let mut body = format!("--{BOUNDARY}\r\n").into_bytes();
            body.extend_from_slice(&bytes);
            body
        }
        Payload::Parts {
            parts,
            trailer,
            close,
        } => {
            let mut body = Vec::new();
            for part in parts {
                body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
                let mut disposition = format!(
                    "Content-Disposition: form-data; name=\"{}\"",
                    part.name.as_str()
                );
                if let Some(filename) = &part.filename {
                    disposition.push_str(&format!("; filename=\"{filename}\""));
                }
                body.extend_from_slice(disposition.as_bytes());
                body.extend_from_slice(b"\r\n");
                if let Some(ct) = &part.content_type {
                    body.extend_from_slice(format!("Content-Type: {ct}\r\n").as_bytes());
                }
                body.extend_from_slice(b"\r\n");
                match part.value {
                    Value::Text(text) => body.extend_from_slice(text.as_bytes()),
                    Value::Bytes(bytes) => body.extend_from_slice(&bytes),
                    Value::Png {
                        width,
                        height,
                        seed,
                        truncate,
                    } => {
                        let mut bytes = png(width, height, seed);
                        if let Some(at) = truncate {
                            bytes.truncate(usize::from(at));
                        }
                        body.extend_from_slice(&bytes);
                    }
                }
                body.extend_from_slice(b"\r\n");
            }
            body.extend_from_slice(&trailer);
            if close {
                body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
            }
            body
        }
    }
}

fuzz_target!(|input: Input| {
    let shop = shop();
    let (method, path, token) = match input.route {
        Route::CreatePlant => (Method::POST, "/api/plants".to_string(), true),
        Route::UpdatePlant => (Method::PUT, format!("/api/plants/{}", shop.plant_id), true),
        Route::AssistantMessage => (Method::POST, "/api/ai-chat/message".to_string(), false),
    };
    let content_type = input
        .content_type
        .unwrap_or_else(|| format!("multipart/form-data; boundary={BOUNDARY}"));
    let mut request = Request::builder().method(method).uri(&path);
    // A header value the HTTP layer itself would refuse never reaches the server.
    if header::HeaderValue::from_str(&content_type).is_ok() {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    if token {
        request = request.header(
            header::AUTHORIZATION,
            format!("Bearer {}", shop.admin_token),
        );
    }
    let request = request
        .body(Body::from(body(input.payload)))
        .expect("request");
    let status = shop.runtime.block_on(async {
        let response = shop
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible router");
        let status = response.status();
        // Read the body too: a failure while streaming it out counts.
        axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("response body");
        status
    });
    assert!(!status.is_server_error(), "{path} answered {status}");
});
