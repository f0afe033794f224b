//! Who may call what: every operation of the served OpenAPI document (the route table's own
//! output) × {visitor, customer A, customer B acting on A's things, admin}, with the status
//! each must get. An operation in the document without a row here fails the test, so a new
//! endpoint forces a decision; a row for an operation that no longer exists fails it too.
//!
//! Every answer must also be one the document promises: its status listed for the operation,
//! its body valid against that status's schema, with no field the schema does not name. This
//! runs on both databases, where schemathesis (`make test-schema`) runs on SQLite only.
//!
//! Each operation gets a fresh shop, and the callers go in the order visitor, B, A, admin:
//! refused calls must change nothing, so A still finds their things as they were.

use crate::common;

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{address, Multipart, TestApp, TestResponse, PASSWORD};
use serde_json::{json, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Caller {
    Visitor,
    CustomerB,
    CustomerA,
    Admin,
}

/// The order the callers act in (see the module comment).
const CALLERS: [Caller; 4] = [
    Caller::Visitor,
    Caller::CustomerB,
    Caller::CustomerA,
    Caller::Admin,
];

/// A shop with one admin and two customers. A has a delivered order and a pending order
/// of plant P, and P in the cart; Q is a second plant. B has nothing.
struct Shop {
    app: TestApp,
    admin: String,
    a: String,
    a_email: String,
    a_id: String,
    b: String,
    b_email: String,
    plant: String,
    other_plant: String,
    pending_order: String,
    delivered_order: String,
    /// A's back-in-stock notification (issue 20).
    notification: String,
}

impl Shop {
    async fn open() -> Shop {
        let app = TestApp::new().await;
        let admin = app.admin().await;
        let a_email = format!("a{}@example.in", uuid::Uuid::now_v7().simple());
        let (a, a_user) = app.register("Asha A", &a_email).await;
        let b_email = format!("b{}@example.in", uuid::Uuid::now_v7().simple());
        let (b, _) = app.register("Bina B", &b_email).await;
        let plant = app.add_plant(&admin, "Snake Plant", 399, 20).await;
        let other_plant = app.add_plant(&admin, "Money Plant", 199, 20).await;

        assert_eq!(app.add_to_cart(&a, &plant, 1).await.status, StatusCode::OK);
        let delivered_order = order_id(&app.place_order(&a).await);
        app.advance(
            &admin,
            &delivered_order,
            &["processing", "shipped", "delivered"],
        )
        .await;
        assert_eq!(app.add_to_cart(&a, &plant, 1).await.status, StatusCode::OK);
        let pending_order = order_id(&app.place_order(&a).await);
        assert_eq!(app.add_to_cart(&a, &plant, 1).await.status, StatusCode::OK);
        let notification = back_in_stock_notice(&app, &admin, &a, &plant).await;

        Shop {
            admin,
            a,
            a_email,
            a_id: a_user["_id"].as_str().unwrap().to_string(),
            b,
            b_email,
            plant,
            other_plant,
            pending_order,
            delivered_order,
            notification,
            app,
        }
    }

    fn token(&self, caller: Caller) -> Option<&str> {
        match caller {
            Caller::Visitor => None,
            Caller::CustomerA => Some(&self.a),
            Caller::CustomerB => Some(&self.b),
            Caller::Admin => Some(&self.admin),
        }
    }

    /// The value a path parameter stands for in a row.
    fn thing(&self, name: &str) -> String {
        match name {
            "plant" => self.plant.clone(),
            "other_plant" => self.other_plant.clone(),
            "pending_order" => self.pending_order.clone(),
            "delivered_order" => self.delivered_order.clone(),
            "session" => "chat-access-matrix".to_string(),
            "pin" => "560001".to_string(),
            "notification" => self.notification.clone(),
            other => panic!("no fixture called {other}"),
        }
    }
}

/// A saves P, and waits for a sold-out plant that the admin then restocks: A has P in the
/// wishlist and one notification, whose id this returns.
async fn back_in_stock_notice(app: &TestApp, admin: &str, a: &str, plant: &str) -> String {
    let saved = app
        .put(&format!("/api/wishlist/{plant}"), Some(a), json!({}))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    let sold_out = app.add_plant(admin, "Jade Plant", 249, 0).await;
    let waiting = app
        .put(
            &format!("/api/wishlist/{sold_out}"),
            Some(a),
            json!({ "notifyWhenInStock": true }),
        )
        .await;
    assert_eq!(waiting.status, StatusCode::OK);
    let form = Multipart::new()
        .text("name", "Jade Plant")
        .text("description", "A healthy nursery plant for a test.")
        .text("price", "249")
        .text("stock", "3")
        .text("categories", "Indoor");
    let restocked = app
        .send(form.request(Method::PUT, &format!("/api/plants/{sold_out}"), Some(admin)))
        .await;
    assert_eq!(restocked.status, StatusCode::OK);
    let seen = app.get("/api/notifications", Some(a)).await;
    seen.body["notifications"][0]["_id"]
        .as_str()
        .expect("a notification")
        .to_string()
}

fn order_id(res: &TestResponse) -> String {
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    res.body["order"]["_id"].as_str().unwrap().to_string()
}

/// What a row sends; `n` makes names and emails unique per call.
enum Payload {
    Empty,
    Json(Value),
    Form(Multipart),
}

/// One row: an operation of the document, how to call it, and the expected status for
/// visitor, customer B (on A's things), customer A, admin.
struct Row {
    method: Method,
    /// Exactly as in the OpenAPI document.
    path: &'static str,
    /// Fixture names for the path's placeholders, in order.
    things: &'static [&'static str],
    payload: fn(&Shop, Caller) -> Payload,
    visitor: u16,
    customer_b: u16,
    customer_a: u16,
    admin: u16,
}

impl Row {
    fn expected(&self, caller: Caller) -> u16 {
        match caller {
            Caller::Visitor => self.visitor,
            Caller::CustomerB => self.customer_b,
            Caller::CustomerA => self.customer_a,
            Caller::Admin => self.admin,
        }
    }

    fn key(&self) -> (String, String) {
        (self.method.to_string(), self.path.to_string())
    }
}

fn empty(_: &Shop, _: Caller) -> Payload {
    Payload::Empty
}

fn suffix(caller: Caller) -> String {
    format!("{caller:?}").to_lowercase()
}

fn plant_form(name: &str) -> Multipart {
    Multipart::new()
        .text("name", name)
        .text(
            "description",
            "A hardy plant that forgives a missed watering.",
        )
        .text("price", "299")
        .text("stock", "7")
        .text("categories", "Indoor")
}

#[rustfmt::skip]
fn rows() -> Vec<Row> {
    use Method as M;
    vec![
        Row { method: M::GET, path: "/healthz", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/readyz", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/config", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/openapi.json", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        // Signing up as a customer is open to everyone; as an admin only to admins.
        Row { method: M::POST, path: "/api/auth/register", things: &[],
              payload: |_, c| Payload::Json(json!({ "name": "New Admin", "email": format!("admin-{}@example.in", suffix(c)), "password": PASSWORD, "role": "admin" })),
              visitor: 403, customer_b: 403, customer_a: 403, admin: 201 },
        Row { method: M::POST, path: "/api/auth/login", things: &[],
              payload: |s, _| Payload::Json(json!({ "email": s.b_email, "password": PASSWORD })),
              visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/auth/me", things: &[], payload: empty, visitor: 401, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::PUT, path: "/api/auth/profile", things: &[],
              payload: |_, _| Payload::Json(json!({ "name": "Renamed Person" })),
              visitor: 401, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::PUT, path: "/api/auth/change-password", things: &[],
              payload: |_, _| Payload::Json(json!({ "currentPassword": PASSWORD, "newPassword": "Garden@2026" })),
              visitor: 401, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/plants", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/plants/categories/list", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/plants/suggest", things: &[], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/plants/{id}", things: &["plant"], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/plants/stats/count", things: &[], payload: empty, visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::POST, path: "/api/plants", things: &[],
              payload: |_, c| Payload::Form(plant_form(&format!("Areca Palm {}", suffix(c)))),
              visitor: 401, customer_b: 403, customer_a: 403, admin: 201 },
        Row { method: M::PUT, path: "/api/plants/{id}", things: &["plant"],
              payload: |_, c| Payload::Form(plant_form(&format!("Snake Plant {}", suffix(c)))),
              visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::DELETE, path: "/api/plants/{id}", things: &["other_plant"], payload: empty, visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::GET, path: "/api/cart", things: &[], payload: empty, visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        Row { method: M::POST, path: "/api/cart/add", things: &[],
              payload: |s, _| Payload::Json(json!({ "plantId": s.plant, "quantity": 1 })),
              visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        // B's cart does not hold P: A's cart is out of B's reach.
        Row { method: M::PUT, path: "/api/cart/update/{plant_id}", things: &["plant"],
              payload: |_, _| Payload::Json(json!({ "quantity": 2 })),
              visitor: 401, customer_b: 404, customer_a: 200, admin: 403 },
        Row { method: M::DELETE, path: "/api/cart/remove/{plant_id}", things: &["plant"], payload: empty, visitor: 401, customer_b: 404, customer_a: 200, admin: 403 },
        Row { method: M::DELETE, path: "/api/cart/clear", things: &[], payload: empty, visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        // B's cart is empty (400): placing never touches A's cart.
        Row { method: M::POST, path: "/api/orders", things: &[],
              payload: |_, _| Payload::Json(json!({ "deliveryAddress": address() })),
              visitor: 401, customer_b: 400, customer_a: 201, admin: 403 },
        Row { method: M::GET, path: "/api/orders", things: &[], payload: empty, visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        Row { method: M::GET, path: "/api/orders/{id}", things: &["pending_order"], payload: empty, visitor: 401, customer_b: 404, customer_a: 200, admin: 200 },
        Row { method: M::PUT, path: "/api/orders/{id}/cancel", things: &["pending_order"], payload: empty, visitor: 401, customer_b: 404, customer_a: 200, admin: 403 },
        Row { method: M::GET, path: "/api/orders/admin/all", things: &[], payload: empty, visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::PUT, path: "/api/orders/{id}/status", things: &["pending_order"],
              payload: |_, _| Payload::Json(json!({ "status": "processing" })),
              visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::GET, path: "/api/orders/admin/stats", things: &[], payload: empty, visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::POST, path: "/api/ratings", things: &[],
              payload: |s, _| Payload::Json(json!({ "plantId": s.plant, "orderId": s.delivered_order, "rating": 4 })),
              visitor: 401, customer_b: 404, customer_a: 200, admin: 403 },
        // B may ask, but only ever learns of B's own ratings (null here; see the leak check).
        Row { method: M::GET, path: "/api/ratings/user/existing/{order_id}/{plant_id}", things: &["delivered_order", "plant"], payload: empty,
              visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        Row { method: M::POST, path: "/api/ai-chat/message", things: &[],
              payload: |_, _| Payload::Form(Multipart::new().text("message", "How often should I water a snake plant?").text("sessionId", "chat-access-matrix")),
              visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::DELETE, path: "/api/ai-chat/session/{session_id}", things: &["session"], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        // Issue 20: delivery by PIN code.
        Row { method: M::GET, path: "/api/delivery/{pin}", things: &["pin"], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        Row { method: M::GET, path: "/api/plants/{id}/reviews", things: &["plant"], payload: empty, visitor: 200, customer_b: 200, customer_a: 200, admin: 200 },
        // Issue 20: wishlist and notifications, customers only; B never reaches A's.
        Row { method: M::GET, path: "/api/wishlist", things: &[], payload: empty, visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        Row { method: M::PUT, path: "/api/wishlist/{plant_id}", things: &["other_plant"],
              payload: |_, _| Payload::Json(json!({ "notifyWhenInStock": true })),
              visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        Row { method: M::DELETE, path: "/api/wishlist/{plant_id}", things: &["plant"], payload: empty, visitor: 401, customer_b: 404, customer_a: 200, admin: 403 },
        Row { method: M::GET, path: "/api/notifications", things: &[], payload: empty, visitor: 401, customer_b: 200, customer_a: 200, admin: 403 },
        Row { method: M::PUT, path: "/api/notifications/{id}/read", things: &["notification"], payload: empty, visitor: 401, customer_b: 404, customer_a: 200, admin: 403 },
        Row { method: M::GET, path: "/api/admin/delivery", things: &[], payload: empty, visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
        Row { method: M::PUT, path: "/api/admin/delivery", things: &[],
              payload: |_, _| Payload::Json(json!({ "rules": [{ "from": "56", "state": "Karnataka", "city": "Bengaluru", "serviceable": true, "minDays": 2, "maxDays": 4 }] })),
              visitor: 401, customer_b: 403, customer_a: 403, admin: 200 },
    ]
}

/// Fills `{placeholders}` left to right with the row's fixtures.
fn concrete_path(shop: &Shop, row: &Row) -> String {
    let mut path = String::new();
    let mut rest = row.path;
    let mut things = row.things.iter();
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').expect("closed placeholder") + open;
        let thing = things
            .next()
            .unwrap_or_else(|| panic!("{}: too few fixtures", row.path));
        path.push_str(&rest[..open]);
        path.push_str(&shop.thing(thing));
        rest = &rest[close + 1..];
    }
    assert!(things.next().is_none(), "{}: too many fixtures", row.path);
    path.push_str(rest);
    path
}

fn request(shop: &Shop, row: &Row, caller: Caller) -> Request<Body> {
    let path = concrete_path(shop, row);
    let token = shop.token(caller);
    match (row.payload)(shop, caller) {
        Payload::Empty => TestApp::request(row.method.clone(), &path, token)
            .body(Body::empty())
            .unwrap(),
        Payload::Json(body) => TestApp::request(row.method.clone(), &path, token)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
        Payload::Form(form) => form.request(row.method.clone(), &path, token),
    }
}

/// The OpenAPI document the router serves.
async fn document(app: &TestApp) -> Value {
    let res = app.get("/api/openapi.json", None).await;
    assert_eq!(res.status, StatusCode::OK);
    res.body
}

/// (method, path) of every operation in the document the router serves.
async fn documented_operations(app: &TestApp) -> BTreeSet<(String, String)> {
    let doc = document(app).await;
    let paths = doc["paths"].as_object().expect("paths in the document");
    let mut operations = BTreeSet::new();
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            if ["get", "put", "post", "delete", "patch", "head", "options"]
                .contains(&method.as_str())
            {
                operations.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    operations
}

/// Why `value` does not fit `schema`, for the subset of JSON Schema utoipa writes: `$ref`,
/// `oneOf`/`anyOf`/`allOf`, `type` (one or a list), `enum`, `required`, `properties` (and no
/// other fields) and `items`.
fn mismatches(doc: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/components/schemas/");
        let target = &doc["components"]["schemas"][name];
        assert!(!target.is_null(), "dangling reference {reference}");
        return mismatches(doc, target, value, at, out);
    }
    for (keyword, want) in [("oneOf", Some(1)), ("anyOf", None)] {
        if let Some(options) = schema[keyword].as_array() {
            let fitting = options
                .iter()
                .filter(|o| {
                    let mut inner = Vec::new();
                    mismatches(doc, o, value, at, &mut inner);
                    inner.is_empty()
                })
                .count();
            if want.map_or(fitting == 0, |w| fitting != w) {
                out.push(format!(
                    "{at}: fits {fitting} of the {keyword} options: {value}"
                ));
            }
        }
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        mismatches(doc, part, value, at, out);
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.is_empty() && !types.iter().any(|t| has_type(value, t)) {
        out.push(format!("{at}: {value} is not of type {types:?}"));
        return;
    }
    if let Some(allowed) = schema["enum"].as_array() {
        if !allowed.contains(value) {
            out.push(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    if let Value::Object(fields) = value {
        for name in schema["required"].as_array().into_iter().flatten() {
            let name = name.as_str().unwrap();
            if !fields.contains_key(name) {
                out.push(format!("{at}: required field {name} is missing"));
            }
        }
        if let Some(properties) = schema["properties"].as_object() {
            for (name, field) in fields {
                match properties.get(name) {
                    Some(property) => {
                        mismatches(doc, property, field, &format!("{at}.{name}"), out)
                    }
                    None => out.push(format!("{at}: field {name} is not in the document")),
                }
            }
        }
    }
    if let (Value::Array(items), Some(item_schema)) = (value, schema.get("items")) {
        for (i, item) in items.iter().enumerate() {
            mismatches(doc, item_schema, item, &format!("{at}[{i}]"), out);
        }
    }
}

fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        other => panic!("unknown JSON Schema type {other}"),
    }
}

/// Why a response is not one the document promises for this operation.
fn undocumented(doc: &Value, row: &Row, res: &TestResponse) -> Vec<String> {
    let operation = &doc["paths"][row.path][row.method.as_str().to_lowercase()];
    let status = res.status.as_u16().to_string();
    let promised = &operation["responses"][&status];
    if promised.is_null() {
        return vec![format!("status {status} is not documented")];
    }
    let Some(schema) = promised["content"]["application/json"].get("schema") else {
        return if res.bytes.is_empty() {
            Vec::new()
        } else {
            vec![format!("status {status} is documented without a body")]
        };
    };
    let content_type = res
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    if content_type != Some("application/json") {
        return vec![format!(
            "content type {content_type:?}, documented application/json"
        )];
    }
    let mut out = Vec::new();
    mismatches(doc, schema, &res.body, "body", &mut out);
    out
}

#[tokio::test]
async fn every_documented_operation_has_a_decision_for_every_caller() {
    let rows = rows();
    let decided: BTreeSet<_> = rows.iter().map(Row::key).collect();
    assert_eq!(decided.len(), rows.len(), "two rows for one operation");

    let app = TestApp::new().await;
    let documented = documented_operations(&app).await;
    assert!(
        documented.len() >= 30,
        "the document lists every endpoint: {documented:?}"
    );
    let undecided: Vec<_> = documented.difference(&decided).collect();
    assert!(
        undecided.is_empty(),
        "operations without a row in the access matrix (decide who may call them): {undecided:?}"
    );
    let stale: Vec<_> = decided.difference(&documented).collect();
    assert!(
        stale.is_empty(),
        "rows for operations the API no longer has: {stale:?}"
    );
}

/// Every `$ref` string anywhere in `value`.
fn references(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields {
                match (name.as_str(), field) {
                    ("$ref", Value::String(target)) => out.push(target.clone()),
                    _ => references(field, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| references(item, out)),
        _ => {}
    }
}

/// A reference to a schema the document does not carry leaves a client (and schemathesis)
/// guessing: utoipa does not register the targets of `value_type` by itself.
#[tokio::test]
async fn every_reference_in_the_document_resolves() {
    let app = TestApp::new().await;
    let doc = document(&app).await;
    let mut targets = Vec::new();
    references(&doc, &mut targets);
    assert!(!targets.is_empty());
    let dangling: BTreeSet<_> = targets
        .iter()
        .filter(|t| {
            let name = t.strip_prefix("#/components/schemas/").unwrap_or(t);
            doc["components"]["schemas"][name].is_null()
        })
        .collect();
    assert!(dangling.is_empty(), "references to nothing: {dangling:?}");
}

#[tokio::test]
async fn every_caller_gets_the_decided_status() {
    let mut failures = Vec::new();
    for row in rows() {
        let shop = Shop::open().await;
        let doc = document(&shop.app).await;
        for caller in CALLERS {
            let res = shop.app.send(request(&shop, &row, caller)).await;
            for problem in undocumented(&doc, &row, &res) {
                failures.push(format!(
                    "{} {} as {caller:?}: {problem}",
                    row.method, row.path
                ));
            }
            let expected = row.expected(caller);
            if res.status.as_u16() != expected {
                failures.push(format!(
                    "{} {} as {caller:?}: expected {expected}, got {} {}",
                    row.method,
                    row.path,
                    res.status,
                    String::from_utf8_lossy(&res.bytes)
                ));
            }
            if caller == Caller::CustomerB {
                // Whatever B gets back, nothing of A's is in it.
                let text = String::from_utf8_lossy(&res.bytes);
                for secret in [
                    &shop.pending_order,
                    &shop.delivered_order,
                    &shop.a_id,
                    &shop.a_email,
                ] {
                    if text.contains(secret.as_str()) {
                        failures.push(format!(
                            "{} {} as B leaked {secret}: {text}",
                            row.method, row.path
                        ));
                    }
                }
            }
            if res.status.is_client_error() || res.status.is_server_error() {
                // Refusals speak the contract's error body.
                if res.body["success"] != json!(false) || !res.body["message"].is_string() {
                    failures.push(format!(
                        "{} {} as {caller:?}: error body {:?}",
                        row.method, row.path, res.body
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} cells differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
