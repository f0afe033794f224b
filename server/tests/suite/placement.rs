//! Group commit of orders: a batch is placed in one transaction only when every order in
//! it can be, and otherwise each order gets the answer that placing them one after another
//! would give. On both databases.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use common::{address, TestApp};
use hariyali::store::placement::{place_batch, place_together, PlaceError, PlaceRequest};
use hariyali::store::users::Address;
use serde_json::Value;

struct Shopper {
    token: String,
    id: String,
}

async fn shopper(app: &TestApp, n: usize) -> Shopper {
    let email = format!("shopper{n}.{}@example.in", uuid::Uuid::now_v7().simple());
    let (token, user) = app.register("Ravi Kumar", &email).await;
    Shopper {
        token,
        id: user["_id"].as_str().unwrap().to_string(),
    }
}

fn request(shopper: &Shopper, key: Option<&str>) -> PlaceRequest {
    let a = address();
    let field = |name: &str| a[name].as_str().unwrap().to_string();
    PlaceRequest {
        user_id: shopper.id.clone(),
        address: Address {
            street: field("street"),
            city: field("city"),
            state: field("state"),
            zip_code: field("zipCode"),
            phone: field("phone"),
            landmark: String::new(),
            recipient_name: String::new(),
        },
        idempotency_key: key.map(str::to_string),
        limits: hariyali::domain::order_limits::OrderLimits::default(),
    }
}

async fn cart_lines(app: &TestApp, shopper: &Shopper) -> Vec<Value> {
    let res = app.get("/api/cart", Some(&shopper.token)).await;
    assert_eq!(res.status, StatusCode::OK);
    res.body["cart"]["items"].as_array().unwrap().clone()
}

async fn order_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(app.state.db.reader())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_batch_that_can_all_be_placed_is_written_in_one_go() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 50).await;
    let jade = app.add_plant(&admin, "Jade Plant", 199, 50).await;
    let mut shoppers = Vec::new();
    for n in 0..6 {
        let s = shopper(&app, n).await;
        // Jade first for even shoppers: lines keep each cart's order.
        let (first, second) = if n % 2 == 0 {
            (&jade, &fern)
        } else {
            (&fern, &jade)
        };
        app.add_to_cart(&s.token, first, 1 + n as i64).await;
        app.add_to_cart(&s.token, second, 2).await;
        shoppers.push(s);
    }
    let keys: Vec<String> = (0..6).map(|n| format!("checkout-{n}")).collect();
    let requests: Vec<PlaceRequest> = shoppers
        .iter()
        .zip(&keys)
        .enumerate()
        // Half with an idempotency key, half without.
        .map(|(n, (s, k))| request(s, (n % 2 == 0).then_some(k.as_str())))
        .collect();
    let batch: Vec<&PlaceRequest> = requests.iter().collect();
    let mut cart_order = Vec::new();
    for s in &shoppers {
        let ids: Vec<Value> = cart_lines(&app, s)
            .await
            .iter()
            .map(|l| l["plantId"]["_id"].clone())
            .collect();
        cart_order.push(ids);
    }

    let orders = place_together(&app.state.db, &batch)
        .await
        .unwrap()
        .expect("every order in the batch can be placed");
    assert_eq!(orders.len(), 6);

    let jade_sold: i64 = (0..6).filter(|n| n % 2 == 0).map(|n| 1 + n).sum::<i64>() + 2 * 3;
    let fern_sold: i64 = (0..6).filter(|n| n % 2 == 1).map(|n| 1 + n).sum::<i64>() + 2 * 3;
    assert_eq!(app.stock_of(&jade).await, 50 - jade_sold);
    assert_eq!(app.stock_of(&fern).await, 50 - fern_sold);

    for (n, (s, written)) in shoppers.iter().zip(&orders).enumerate() {
        assert!(cart_lines(&app, s).await.is_empty(), "cart {n} emptied");
        let stored = app
            .get(&format!("/api/orders/{}", written.id), Some(&s.token))
            .await;
        assert_eq!(
            stored.status,
            StatusCode::OK,
            "order {n} belongs to its customer"
        );
        let order = &stored.body["order"];
        let ids: Vec<Value> = order["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["plantId"].clone())
            .collect();
        assert_eq!(ids, cart_order[n], "lines in the cart's order");
        let quantity_of = |plant: &str| {
            order["items"]
                .as_array()
                .unwrap()
                .iter()
                .find(|i| i["plantId"] == plant)
                .unwrap()["quantity"]
                .as_i64()
                .unwrap()
        };
        let (first, second) = if n % 2 == 0 {
            (&jade, &fern)
        } else {
            (&fern, &jade)
        };
        assert_eq!(quantity_of(first), 1 + n as i64);
        assert_eq!(quantity_of(second), 2);
        let price = |plant: &String| if plant == &jade { 199 } else { 299 };
        let total = price(first) * (1 + n as i64) + price(second) * 2;
        assert_eq!(order["total"], total);
        assert_eq!(written.total, total, "the answer matches what was stored");
        assert_eq!(order["status"], "pending");
        assert_eq!(order["statusHistory"].as_array().unwrap().len(), 1);
        assert_eq!(order["statusHistory"][0]["changedByRole"], "customer");
        assert_eq!(order["deliveryAddress"], address());
    }

    // The keys were stored with their orders: the same checkout again is a replay.
    for n in [0usize, 2, 4] {
        let body = serde_json::json!({ "deliveryAddress": address() }).to_string();
        let res = app
            .send(
                TestApp::request(Method::POST, "/api/orders", Some(&shoppers[n].token))
                    .header(header::CONTENT_TYPE, "application/json")
                    .header("Idempotency-Key", keys[n].as_str())
                    .body(Body::from(body))
                    .unwrap(),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        assert_eq!(res.body["order"]["_id"], orders[n].id.as_str());
    }
    assert_eq!(order_count(&app).await, 6);
}

#[tokio::test]
async fn a_batch_that_oversells_is_abandoned_without_a_trace() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let palm = app.add_plant(&admin, "Areca Palm", 549, 3).await;
    let a = shopper(&app, 1).await;
    let b = shopper(&app, 2).await;
    // Each cart alone fits the stock; both together want 4 of 3.
    app.add_to_cart(&a.token, &palm, 2).await;
    app.add_to_cart(&b.token, &palm, 2).await;
    let requests = [request(&a, Some("k-a")), request(&b, None)];
    let batch: Vec<&PlaceRequest> = requests.iter().collect();

    let placed = place_together(&app.state.db, &batch).await.unwrap();

    assert!(placed.is_none());
    assert_eq!(app.stock_of(&palm).await, 3, "stock untouched");
    assert_eq!(cart_lines(&app, &a).await.len(), 1, "carts untouched");
    assert_eq!(cart_lines(&app, &b).await.len(), 1);
    assert_eq!(order_count(&app).await, 0);
    let keys: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM idempotency_keys")
        .fetch_one(app.state.db.reader())
        .await
        .unwrap();
    assert_eq!(keys, 0);
}

#[tokio::test]
async fn a_mixed_batch_answers_each_order_as_if_placed_in_turn() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let palm = app.add_plant(&admin, "Areca Palm", 549, 5).await;
    let mut shoppers = Vec::new();
    for n in 0..4 {
        shoppers.push(shopper(&app, n).await);
    }
    for s in &shoppers[..3] {
        app.add_to_cart(&s.token, &palm, 2).await;
    }
    // shoppers[3] has an empty cart; shoppers[0] also asks twice in the same batch.
    let requests = [
        request(&shoppers[0], None),
        request(&shoppers[1], None),
        request(&shoppers[0], None),
        request(&shoppers[2], None),
        request(&shoppers[3], None),
    ];

    let answers = place_batch(&app.state.db, &requests).await;

    assert!(answers[0].is_ok());
    assert!(answers[1].is_ok());
    assert!(
        matches!(answers[2], Err(PlaceError::EmptyCart)),
        "second ask finds the cart emptied"
    );
    assert!(
        matches!(&answers[3], Err(PlaceError::NotEnoughStock { left: 1, .. })),
        "the third cart of 2 meets the last unit"
    );
    assert!(matches!(answers[4], Err(PlaceError::EmptyCart)));
    assert_eq!(app.stock_of(&palm).await, 1);
    assert_eq!(order_count(&app).await, 2);
    assert_eq!(
        cart_lines(&app, &shoppers[2]).await.len(),
        1,
        "the refused cart is kept"
    );
}

#[tokio::test]
async fn a_batch_replays_a_key_it_has_seen_and_places_the_rest() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 20).await;
    let a = shopper(&app, 1).await;
    let b = shopper(&app, 2).await;
    app.add_to_cart(&a.token, &fern, 1).await;
    let first = place_batch(&app.state.db, &[request(&a, Some("same-click"))]).await;
    let first_id = first[0].as_ref().unwrap().order.id.clone();
    // A has something new in the cart; the retried checkout must not take it.
    app.add_to_cart(&a.token, &fern, 3).await;
    app.add_to_cart(&b.token, &fern, 2).await;

    let answers = place_batch(
        &app.state.db,
        &[
            request(&a, Some("same-click")),
            request(&b, Some("b-click")),
        ],
    )
    .await;

    let replay = answers[0].as_ref().unwrap();
    assert!(replay.replayed);
    assert_eq!(replay.order.id, first_id);
    assert!(!answers[1].as_ref().unwrap().replayed);
    assert_eq!(cart_lines(&app, &a).await.len(), 1, "A's new cart is kept");
    assert_eq!(app.stock_of(&fern).await, 20 - 1 - 2);
}

#[tokio::test]
async fn a_burst_of_checkouts_through_the_api_sells_exactly_what_was_ordered() {
    let app = std::sync::Arc::new(TestApp::new().await);
    let admin = app.admin().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 1000).await;
    let mut shoppers = Vec::new();
    for n in 0..40 {
        let s = shopper(&app, n).await;
        app.add_to_cart(&s.token, &fern, 1 + (n % 3) as i64).await;
        shoppers.push(s);
    }
    let wanted: i64 = (0..40).map(|n| 1 + (n % 3) as i64).sum();

    let mut tasks = Vec::new();
    for s in shoppers {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            app.place_order(&s.token).await.status
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), StatusCode::CREATED);
    }

    assert_eq!(app.stock_of(&fern).await, 1000 - wanted);
    let sold: i64 =
        sqlx::query_scalar("SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_items")
            .fetch_one(app.state.db.reader())
            .await
            .unwrap();
    assert_eq!(sold, wanted);
    assert_eq!(order_count(&app).await, 40);
}
