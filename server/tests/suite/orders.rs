//! Orders: placement from the server cart, address rules, stock, idempotency, the status
//! lifecycle for customers and admins, admin lists and statistics.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use common::{address, TestApp};
use serde_json::{json, Value};

const ALL: [&str; 5] = ["pending", "processing", "shipped", "delivered", "cancelled"];

/// How to bring a fresh order to each status through allowed moves.
fn path_to(status: &str) -> &'static [&'static str] {
    match status {
        "pending" => &[],
        "processing" => &["processing"],
        "shipped" => &["processing", "shipped"],
        "delivered" => &["processing", "shipped", "delivered"],
        _ => &["cancelled"],
    }
}

#[tokio::test]
async fn placing_an_order_takes_stock_snapshots_prices_and_clears_the_cart() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let snake = app.add_plant(&admin, "Snake Plant", 349, 10).await;
    let aloe = app.add_plant(&admin, "Aloe Vera", 149, 4).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &snake, 2).await;
    app.add_to_cart(&me, &aloe, 4).await;

    let res = app.place_order(&me).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.message(), "Order placed successfully!");
    let order = &res.body["order"];
    assert_eq!(order["status"], "pending");
    assert_eq!(order["total"], 2 * 349 + 4 * 149);
    assert_eq!(order["deliveryAddress"], address());
    assert_eq!(order["items"][0]["plantName"], "Snake Plant");
    assert_eq!(order["items"][0]["price"], 349);
    assert_eq!(order["items"][0]["quantity"], 2);
    assert_eq!(order["items"][0]["rated"], false);
    assert_eq!(order["items"][1]["plantId"], aloe.as_str());
    assert_eq!(order["statusHistory"].as_array().unwrap().len(), 1);
    assert_eq!(order["statusHistory"][0]["status"], "pending");
    assert!(order.get("customerName").is_none());

    assert_eq!(app.stock_of(&snake).await, 8);
    assert_eq!(app.stock_of(&aloe).await, 0);
    assert_eq!(
        app.get("/api/cart", Some(&me)).await.body["cart"]["items"]
            .as_array()
            .unwrap()
            .len(),
        0
    );

    // What was returned is what is stored.
    let id = order["_id"].as_str().unwrap();
    let stored = app.get(&format!("/api/orders/{id}"), Some(&me)).await;
    assert_eq!(stored.status, StatusCode::OK);
    for field in [
        "_id",
        "items",
        "total",
        "status",
        "deliveryAddress",
        "createdAt",
        "updatedAt",
    ] {
        assert_eq!(stored.body["order"][field], order[field], "{field}");
    }
    // A later price change does not touch the order.
    let form = common::Multipart::new()
        .text("name", "Snake Plant")
        .text("description", "Sansevieria for any corner.")
        .text("price", "999")
        .text("stock", "8")
        .text("categories", "Indoor");
    app.send(form.request(Method::PUT, &format!("/api/plants/{snake}"), Some(&admin)))
        .await;
    assert_eq!(
        app.get(&format!("/api/orders/{id}"), Some(&me)).await.body["order"]["items"][0]["price"],
        349
    );
}

#[tokio::test]
async fn the_address_is_checked_with_the_checkout_rules() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 10).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &tulsi, 1).await;

    let res = app.post("/api/orders", Some(&me), json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error_messages(),
        [
            "Street address is required",
            "City is required",
            "State is required",
            "ZIP Code is required",
            "Phone number is required"
        ]
    );
    let bad = json!({ "deliveryAddress": { "street": "Flat 2", "city": "B4ngalore", "state": "K", "zipCode": "5600", "phone": "5123456789" } });
    let res = app.post("/api/orders", Some(&me), bad).await;
    assert_eq!(
        res.error_fields(),
        ["street", "city", "state", "zipCode", "phone"]
    );
    assert_eq!(
        res.error_messages(),
        [
            "Street address must be at least 10 characters",
            "City name can only contain letters and spaces",
            "State name must be at least 2 characters",
            "ZIP Code must be exactly 6 digits",
            "Please enter a valid 10-digit Indian mobile number starting with 6-9",
        ]
    );
    let long = json!({ "deliveryAddress": { "street": "x".repeat(201), "city": "C".repeat(51), "state": "Goa", "zipCode": "403001", "phone": "98765" } });
    let res = app.post("/api/orders", Some(&me), long).await;
    assert_eq!(
        res.error_messages(),
        [
            "Street address cannot exceed 200 characters",
            "City name cannot exceed 50 characters",
            "Phone number must be exactly 10 digits"
        ]
    );

    assert_eq!(app.stock_of(&tulsi).await, 10, "nothing taken");
    assert_eq!(
        app.get("/api/orders", Some(&me)).await.body["orders"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
}

#[tokio::test]
async fn an_empty_cart_cannot_be_ordered() {
    let app = TestApp::new().await;
    let me = app.customer().await;
    let res = app.place_order(&me).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.message(), "Your cart is empty");
}

#[tokio::test]
async fn a_shortfall_on_any_line_writes_nothing() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let mogra = app.add_plant(&admin, "Mogra", 199, 5).await;
    let ixora = app.add_plant(&admin, "Ixora", 249, 3).await;
    let (a, b) = (app.customer().await, app.customer().await);
    app.add_to_cart(&a, &mogra, 2).await;
    app.add_to_cart(&a, &ixora, 3).await;
    app.add_to_cart(&b, &ixora, 2).await;
    assert_eq!(app.place_order(&b).await.status, StatusCode::CREATED);

    let res = app.place_order(&a).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.message(), "Not enough stock for Ixora: only 1 left");
    assert_eq!(
        app.stock_of(&mogra).await,
        5,
        "the mogra line was rolled back too"
    );
    assert_eq!(app.stock_of(&ixora).await, 1);
    assert_eq!(
        app.get("/api/cart", Some(&a)).await.body["cart"]["items"]
            .as_array()
            .unwrap()
            .len(),
        2,
        "cart kept"
    );
    assert_eq!(
        app.get("/api/orders", Some(&a)).await.body["orders"]
            .as_array()
            .unwrap()
            .len(),
        0
    );

    app.put(
        &format!("/api/cart/update/{ixora}"),
        Some(&b),
        json!({ "quantity": 1 }),
    )
    .await;
    app.add_to_cart(&b, &ixora, 1).await;
    assert_eq!(app.place_order(&b).await.status, StatusCode::CREATED);
    let res = app.place_order(&a).await;
    assert_eq!(res.message(), "Ixora is out of stock");
}

#[tokio::test]
async fn a_retried_placement_with_the_same_key_returns_the_first_order() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let palm = app.add_plant(&admin, "Areca Palm", 499, 10).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &palm, 2).await;
    let send = |key: &'static str| {
        TestApp::request(Method::POST, "/api/orders", Some(&me))
            .header(header::CONTENT_TYPE, "application/json")
            .header("Idempotency-Key", key)
            .body(Body::from(
                json!({ "deliveryAddress": address() }).to_string(),
            ))
            .unwrap()
    };
    let first = app.send(send("checkout-attempt-1")).await;
    assert_eq!(first.status, StatusCode::CREATED);
    let again = app.send(send("checkout-attempt-1")).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(again.body["order"]["_id"], first.body["order"]["_id"]);
    assert_eq!(again.body["order"]["total"], 998);
    assert_eq!(app.stock_of(&palm).await, 8, "stock taken once");
    assert_eq!(
        app.get("/api/orders", Some(&me)).await.body["orders"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Keys belong to one customer: another customer's same key is a new order.
    let other = app.customer().await;
    app.add_to_cart(&other, &palm, 1).await;
    let theirs = app
        .send(
            TestApp::request(Method::POST, "/api/orders", Some(&other))
                .header(header::CONTENT_TYPE, "application/json")
                .header("Idempotency-Key", "checkout-attempt-1")
                .body(Body::from(
                    json!({ "deliveryAddress": address() }).to_string(),
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(theirs.status, StatusCode::CREATED);
    assert_ne!(theirs.body["order"]["_id"], first.body["order"]["_id"]);

    let bad = TestApp::request(Method::POST, "/api/orders", Some(&me))
        .header(header::CONTENT_TYPE, "application/json")
        .header("Idempotency-Key", "has spaces in it")
        .body(Body::from(
            json!({ "deliveryAddress": address() }).to_string(),
        ))
        .unwrap();
    assert_eq!(app.send(bad).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn customers_see_only_their_own_orders_newest_first() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let curry = app.add_plant(&admin, "Curry Leaf", 149, 50).await;
    let (a, b) = (app.customer().await, app.customer().await);
    let mut ids = Vec::new();
    for _ in 0..3 {
        app.add_to_cart(&a, &curry, 1).await;
        ids.push(
            app.place_order(&a).await.body["order"]["_id"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    app.add_to_cart(&b, &curry, 1).await;
    let theirs = app.place_order(&b).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();

    let mine = app.get("/api/orders", Some(&a)).await;
    let listed: Vec<&str> = mine.body["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["_id"].as_str().unwrap())
        .collect();
    ids.reverse();
    assert_eq!(listed, ids);

    let res = app.get(&format!("/api/orders/{theirs}"), Some(&a)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.message(), "Order not found");
    assert_eq!(
        app.put(&format!("/api/orders/{theirs}/cancel"), Some(&a), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/orders/{theirs}"), Some(&admin))
            .await
            .status,
        StatusCode::OK,
        "admins may read any order"
    );
    assert_eq!(
        app.get("/api/orders/no-such-order", Some(&a)).await.status,
        StatusCode::NOT_FOUND
    );

    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(admin.as_str()), StatusCode::FORBIDDEN),
    ] {
        assert_eq!(app.get("/api/orders", token).await.status, status);
        assert_eq!(app.place_order_as(token).await, status);
    }
}

trait PlaceAs {
    async fn place_order_as(&self, token: Option<&str>) -> StatusCode;
}

impl PlaceAs for TestApp {
    async fn place_order_as(&self, token: Option<&str>) -> StatusCode {
        self.post(
            "/api/orders",
            token,
            json!({ "deliveryAddress": address() }),
        )
        .await
        .status
    }
}

#[tokio::test]
async fn a_customer_cancels_a_pending_order_once_and_gets_the_stock_back() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let lily = app.add_plant(&admin, "Peace Lily", 399, 6).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &lily, 4).await;
    let id = app.place_order(&me).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(app.stock_of(&lily).await, 2);

    let res = app
        .put(&format!("/api/orders/{id}/cancel"), Some(&me), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Order cancelled successfully!");
    assert_eq!(res.body["order"]["status"], "cancelled");
    let history: Vec<&str> = res.body["order"]["statusHistory"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["pending", "cancelled"]);
    assert_eq!(
        res.body["order"]["statusHistory"][1]["changedByRole"],
        "customer"
    );
    assert_eq!(app.stock_of(&lily).await, 6);

    let again = app
        .put(&format!("/api/orders/{id}/cancel"), Some(&me), json!({}))
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.message(), "Only pending orders can be cancelled");
    assert_eq!(app.stock_of(&lily).await, 6, "stock given back once");
}

#[tokio::test]
async fn customers_cannot_cancel_once_processing_starts() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let rose = app.add_plant(&admin, "Desi Rose", 199, 10).await;
    let me = app.customer().await;
    for status in ["processing", "shipped", "delivered"] {
        app.add_to_cart(&me, &rose, 1).await;
        let id = app.place_order(&me).await.body["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        app.advance(&admin, &id, path_to(status)).await;
        let res = app
            .put(&format!("/api/orders/{id}/cancel"), Some(&me), json!({}))
            .await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{status}");
    }
    assert_eq!(
        app.put("/api/orders/any/cancel", Some(&admin), json!({}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn every_allowed_and_every_forbidden_admin_transition() {
    // Many orders stay pending here: the limit on waiting orders is tested in hardening.rs.
    let app = TestApp::build(|c| c.max_pending_cod = 1000).await;
    let admin = app.admin().await;
    let croton = app.add_plant(&admin, "Croton", 249, 1000).await;
    let me = app.customer().await;
    let allowed = [
        ("pending", "processing"),
        ("pending", "cancelled"),
        ("processing", "shipped"),
        ("processing", "cancelled"),
        ("shipped", "delivered"),
    ];
    for from in ALL {
        for to in ALL {
            app.add_to_cart(&me, &croton, 1).await;
            let id = app.place_order(&me).await.body["order"]["_id"]
                .as_str()
                .unwrap()
                .to_string();
            app.advance(&admin, &id, path_to(from)).await;
            let res = app
                .put(
                    &format!("/api/orders/{id}/status"),
                    Some(&admin),
                    json!({ "status": to }),
                )
                .await;
            if allowed.contains(&(from, to)) {
                assert_eq!(res.status, StatusCode::OK, "{from} -> {to}");
                assert_eq!(res.message(), "Order status updated successfully!");
                assert_eq!(res.body["order"]["status"], to);
                let last = res.body["order"]["statusHistory"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()
                    .clone();
                assert_eq!(last["status"], to);
                assert_eq!(last["changedBy"], "Shop Admin");
                assert_eq!(last["changedByRole"], "admin");
                assert!(res.body["order"]["customerEmail"]
                    .as_str()
                    .unwrap()
                    .ends_with("@example.in"));
            } else {
                assert_eq!(res.status, StatusCode::CONFLICT, "{from} -> {to}");
                assert_eq!(
                    res.message(),
                    format!("Cannot change status from {from} to {to}")
                );
                let now = app.get(&format!("/api/orders/{id}"), Some(&me)).await;
                assert_eq!(now.body["order"]["status"], from, "unchanged");
            }
        }
    }
}

#[tokio::test]
async fn status_updates_are_checked_and_admin_only() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let neem = app.add_plant(&admin, "Neem", 199, 10).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &neem, 1).await;
    let id = app.place_order(&me).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let res = app
        .put(
            &format!("/api/orders/{id}/status"),
            Some(&admin),
            json!({ "status": "lost" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error_messages(),
        ["Status must be one of pending, processing, shipped, delivered, cancelled"]
    );
    let res = app
        .put(
            "/api/orders/nope/status",
            Some(&admin),
            json!({ "status": "processing" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.put(
            &format!("/api/orders/{id}/status"),
            Some(&me),
            json!({ "status": "processing" })
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(
            &format!("/api/orders/{id}/status"),
            None,
            json!({ "status": "processing" })
        )
        .await
        .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn an_admin_cancel_gives_stock_back_exactly_once() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let guava = app.add_plant(&admin, "Guava", 349, 10).await;
    let lemon = app.add_plant(&admin, "Kagzi Lemon", 299, 10).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &guava, 3).await;
    app.add_to_cart(&me, &lemon, 2).await;
    let id = app.place_order(&me).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.advance(&admin, &id, &["processing", "cancelled"]).await;
    assert_eq!(
        (app.stock_of(&guava).await, app.stock_of(&lemon).await),
        (10, 10)
    );
    let res = app
        .put(
            &format!("/api/orders/{id}/status"),
            Some(&admin),
            json!({ "status": "cancelled" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(
        (app.stock_of(&guava).await, app.stock_of(&lemon).await),
        (10, 10)
    );
}

#[tokio::test]
async fn a_deleted_plant_stays_in_its_orders_as_unavailable() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let fig = app.add_plant(&admin, "Fiddle Leaf Fig", 1299, 5).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &fig, 1).await;
    let id = app.place_order(&me).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.delete(&format!("/api/plants/{fig}"), Some(&admin))
        .await;
    let order = app.get(&format!("/api/orders/{id}"), Some(&me)).await.body["order"].clone();
    assert_eq!(order["items"][0]["plantName"], "Fiddle Leaf Fig");
    assert_eq!(order["items"][0]["price"], 1299);
    assert_eq!(order["items"][0]["available"], false);
}

#[tokio::test]
async fn admins_list_filter_search_and_page_orders_with_customers() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let mint = app.add_plant(&admin, "Mint", 99, 100).await;
    let (asha, _) = app.register("Asha Verma", "asha@example.in").await;
    let (ravi, _) = app.register("Ravi Kumar", "ravi@example.in").await;
    let mut asha_orders = Vec::new();
    for _ in 0..3 {
        app.add_to_cart(&asha, &mint, 1).await;
        asha_orders.push(
            app.place_order(&asha).await.body["order"]["_id"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    app.add_to_cart(&ravi, &mint, 2).await;
    let ravi_order = app.place_order(&ravi).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.advance(&admin, &ravi_order, &["processing"]).await;

    let all = app.get("/api/orders/admin/all", Some(&admin)).await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(all.body["total"], 4);
    assert_eq!(all.body["orders"][0]["_id"], ravi_order.as_str());
    assert_eq!(all.body["orders"][0]["customerName"], "Ravi Kumar");
    assert_eq!(all.body["orders"][0]["customerEmail"], "ravi@example.in");

    let processing = app
        .get("/api/orders/admin/all?status=processing", Some(&admin))
        .await;
    assert_eq!(processing.body["total"], 1);
    let pending = app
        .get("/api/orders/admin/all?status=pending", Some(&admin))
        .await;
    assert_eq!(pending.body["total"], 3);

    let by_name = app
        .get("/api/orders/admin/all?search=asha", Some(&admin))
        .await;
    assert_eq!(by_name.body["total"], 3);
    let by_email = app
        .get("/api/orders/admin/all?search=RAVI%40EXAMPLE", Some(&admin))
        .await;
    assert_eq!(by_email.body["total"], 1);
    let tail = &asha_orders[0][asha_orders[0].len() - 8..];
    let by_id = app
        .get(
            &format!("/api/orders/admin/all?search={}", tail.to_uppercase()),
            Some(&admin),
        )
        .await;
    assert_eq!(by_id.body["total"], 1);
    assert_eq!(by_id.body["orders"][0]["_id"], asha_orders[0].as_str());

    let page2 = app
        .get("/api/orders/admin/all?limit=3&page=2", Some(&admin))
        .await;
    assert_eq!(page2.body["pages"], 2);
    assert_eq!(page2.body["orders"].as_array().unwrap().len(), 1);
    assert_eq!(page2.body["orders"][0]["_id"], asha_orders[0].as_str());
    // A page so far out that (page - 1) × limit overflows is empty, not a 500.
    let far = app
        .get(
            "/api/orders/admin/all?limit=100&page=9223372036854775807",
            Some(&admin),
        )
        .await;
    assert_eq!(far.status, StatusCode::OK, "{:?}", far.body);
    assert!(far.body["orders"].as_array().unwrap().is_empty());

    assert_eq!(
        app.get("/api/orders/admin/all?status=lost", Some(&admin))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.get("/api/orders/admin/all?limit=0", Some(&admin))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.get("/api/orders/admin/all", Some(&asha)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get("/api/orders/admin/all", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn stats_count_orders_by_status_and_revenue_without_cancellations() {
    // Many orders stay pending here: the limit on waiting orders is tested in hardening.rs.
    let app = TestApp::build(|c| c.max_pending_cod = 1000).await;
    let admin = app.admin().await;
    let money = app.add_plant(&admin, "Money Plant", 200, 100).await;
    let few = app.add_plant(&admin, "Rare Fern", 500, 3).await;
    let me = app.customer().await;
    let mut ids = Vec::new();
    for qty in 1..=6 {
        app.add_to_cart(&me, &money, qty).await;
        ids.push(
            app.place_order(&me).await.body["order"]["_id"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    app.advance(&admin, &ids[0], &["processing", "shipped", "delivered"])
        .await;
    app.advance(&admin, &ids[1], &["processing"]).await;
    app.advance(&admin, &ids[2], &["cancelled"]).await;

    let res = app.get("/api/orders/admin/stats", Some(&admin)).await;
    assert_eq!(res.status, StatusCode::OK);
    let stats = &res.body["stats"];
    assert_eq!(stats["totalOrders"], 6);
    assert_eq!(stats["totalRevenue"], (1 + 2 + 4 + 5 + 6) * 200);
    assert_eq!(stats["pendingOrders"], 3);
    assert_eq!(stats["totalPlants"], 2);
    let by_status: Vec<(String, i64)> = stats["ordersByStatus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["_id"].as_str().unwrap().to_string(),
                s["count"].as_i64().unwrap(),
            )
        })
        .collect();
    for (status, count) in [
        ("pending", 3),
        ("processing", 1),
        ("delivered", 1),
        ("cancelled", 1),
    ] {
        assert!(
            by_status.contains(&(status.to_string(), count)),
            "{status}: {by_status:?}"
        );
    }
    let recent: Vec<&Value> = stats["recentOrders"].as_array().unwrap().iter().collect();
    assert_eq!(recent.len(), 5);
    assert_eq!(recent[0]["_id"], ids[5].as_str());
    assert_eq!(recent[0]["customerName"], "Asha Verma");
    assert_eq!(recent[0]["total"], 1200);
    assert!(recent[0]["createdAt"].as_str().is_some());
    assert_eq!(stats["lowStockPlants"][0]["_id"], few.as_str());
    assert_eq!(stats["lowStockPlants"][0]["stock"], 3);

    assert_eq!(
        app.get("/api/orders/admin/stats", Some(&me)).await.status,
        StatusCode::FORBIDDEN
    );
}
