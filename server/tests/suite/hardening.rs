//! Findings of the outside probe (issue 17) that live in the API: sign-in lockout that a
//! stranger cannot aim at the owner, throttled password changes, order limits, idempotency
//! keys reused for another request, ratings by plant code, private answers never cached,
//! safe request ids, security headers, links that ignore Host, and `/metrics`. Storage is
//! involved in most of them, so they run on SQLite and on PostgreSQL.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{address, TestApp, PASSWORD};
use hariyali::config::BoolFlag;
use serde_json::json;

/// A shop that takes the client address from `X-Forwarded-For`, so one test can speak from
/// many addresses.
async fn behind_proxy() -> TestApp {
    TestApp::build(|c| c.trust_proxy = BoolFlag(true)).await
}

async fn login_from(
    app: &TestApp,
    address: &str,
    email: &str,
    password: &str,
) -> common::TestResponse {
    app.send(
        Request::post("/api/auth/login")
            .header(header::CONTENT_TYPE, "application/json")
            .header("x-forwarded-for", address)
            .body(Body::from(
                json!({ "email": email, "password": password }).to_string(),
            ))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn strangers_guessing_from_many_addresses_cannot_lock_the_owner_out() {
    let app = behind_proxy().await;
    let (_, user) = app.register("Shop Owner", "owner@example.in").await;
    let email = user["email"].as_str().unwrap();

    // Thirty addresses guess once each: far past the account's count of ten.
    for i in 0..30 {
        let res = login_from(&app, &format!("198.51.100.{i}"), email, "Wrong@Guess1").await;
        assert_eq!(
            res.status,
            StatusCode::UNAUTHORIZED,
            "guess {i}: {:?}",
            res.body
        );
    }
    // The owner, from an address of their own, signs in at once.
    let res = login_from(&app, "203.0.113.7", email, PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

#[tokio::test]
async fn a_spread_guess_is_still_slowed() {
    let app = behind_proxy().await;
    let (_, user) = app.register("Shop Owner", "owner@example.in").await;
    let email = user["email"].as_str().unwrap();
    for i in 0..12 {
        login_from(&app, &format!("198.51.100.{i}"), email, "Wrong@Guess1").await;
    }
    // The account is over its count: an address that already guessed must wait, and is
    // told how long, even with the right password.
    let res = login_from(&app, "198.51.100.3", email, PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    let wait: u64 = res.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait >= 1, "Retry-After {wait}");
}

#[tokio::test]
async fn one_address_is_paused_on_an_account_after_five_wrong_passwords() {
    let app = behind_proxy().await;
    let (_, user) = app.register("Asha Verma", "asha@example.in").await;
    let email = user["email"].as_str().unwrap();
    for i in 0..5 {
        let res = login_from(&app, "198.51.100.9", email, "Wrong@Guess1").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "guess {i}");
    }
    let res = login_from(&app, "198.51.100.9", email, "Wrong@Guess1").await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers.contains_key(header::RETRY_AFTER));
    // The right password does not get through from there either while paused...
    let res = login_from(&app, "198.51.100.9", email, PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    // ...but from anywhere else it does.
    let res = login_from(&app, "198.51.100.10", email, PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn change_password(app: &TestApp, token: &str, current: &str) -> common::TestResponse {
    app.put(
        "/api/auth/change-password",
        Some(token),
        json!({ "currentPassword": current, "newPassword": "Garden@2026x" }),
    )
    .await
}

#[tokio::test]
async fn wrong_current_passwords_are_throttled_and_counted() {
    let app = TestApp::new().await;
    let (token, _) = app.register("Asha Verma", "asha@example.in").await;
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(change_password(&app, &token, "Wrong@Guess1").await.status);
    }
    assert_eq!(
        &statuses[..5],
        &[StatusCode::BAD_REQUEST; 5],
        "{statuses:?}"
    );
    assert!(
        statuses[5..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    // Counted as failed sign-ins of the account from this address too.
    let res = app.login("asha@example.in", PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn parallel_current_password_guesses_are_refused_before_hashing() {
    let app = TestApp::new().await;
    let (token, _) = app.register("Asha Verma", "asha@example.in").await;
    let guesses = (0..24).map(|i| {
        let app = &app;
        let token = token.clone();
        async move {
            change_password(app, &token, &format!("Wrong@Guess{i}"))
                .await
                .status
        }
    });
    let statuses = futures_util::future::join_all(guesses).await;
    let checked = statuses
        .iter()
        .filter(|s| **s == StatusCode::BAD_REQUEST)
        .count();
    assert!(checked <= 5, "{checked} guesses were checked: {statuses:?}");
    assert!(statuses
        .iter()
        .all(|s| matches!(*s, StatusCode::BAD_REQUEST | StatusCode::TOO_MANY_REQUESTS)));
}

#[tokio::test]
async fn order_limits_apply_in_the_cart_and_at_checkout_with_clear_messages() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 500).await;
    let palm = app.add_plant(&admin, "Kentia Palm", 9_000, 500).await;
    let me = app.customer().await;

    // At most 20 of one plant, in one go or bit by bit.
    let res = app.add_to_cart(&me, &tulsi, 21).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.message(), "You can order at most 20 of one plant");
    assert_eq!(
        app.add_to_cart(&me, &tulsi, 15).await.status,
        StatusCode::OK
    );
    let res = app.add_to_cart(&me, &tulsi, 6).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(
        res.message().contains("you already have 15"),
        "{}",
        res.message()
    );
    let res = app
        .put(
            &format!("/api/cart/update/{tulsi}"),
            Some(&me),
            json!({ "quantity": 25 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    // At most ₹1,00,000 an order: 12 palms are ₹1,08,000.
    app.delete("/api/cart/clear", Some(&me)).await;
    assert_eq!(app.add_to_cart(&me, &palm, 12).await.status, StatusCode::OK);
    let res = app.place_order(&me).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert!(res.message().contains("₹1,00,000"), "{}", res.message());
    assert!(res.message().contains("₹1,08,000"), "{}", res.message());
    assert_eq!(app.stock_of(&palm).await, 500, "nothing was taken");

    // At most three cash-on-delivery orders waiting.
    app.delete("/api/cart/clear", Some(&me)).await;
    for _ in 0..3 {
        app.add_to_cart(&me, &tulsi, 1).await;
        assert_eq!(app.place_order(&me).await.status, StatusCode::CREATED);
    }
    app.add_to_cart(&me, &tulsi, 1).await;
    let res = app.place_order(&me).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert!(
        res.message().contains("3 cash-on-delivery orders"),
        "{}",
        res.message()
    );
    // Cancelling one makes room.
    let mine = app.get("/api/orders", Some(&me)).await;
    let first = mine.body["orders"][0]["_id"].as_str().unwrap().to_string();
    let res = app
        .put(&format!("/api/orders/{first}/cancel"), Some(&me), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(app.place_order(&me).await.status, StatusCode::CREATED);

    // The cart learns the limits from the shop's settings.
    let config = app.get("/api/config", None).await;
    assert_eq!(
        config.body["orderLimits"],
        json!({ "maxPerPlant": 20, "maxOrderRupees": 100000, "maxPendingOrders": 3 })
    );
}

#[tokio::test]
async fn the_shop_sets_its_own_limits() {
    let app = TestApp::build(|c| {
        c.max_per_plant = 2;
        c.max_pending_cod = 1;
    })
    .await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 50).await;
    let me = app.customer().await;
    assert_eq!(
        app.add_to_cart(&me, &tulsi, 3).await.status,
        StatusCode::BAD_REQUEST
    );
    app.add_to_cart(&me, &tulsi, 2).await;
    assert_eq!(app.place_order(&me).await.status, StatusCode::CREATED);
    app.add_to_cart(&me, &tulsi, 1).await;
    assert_eq!(app.place_order(&me).await.status, StatusCode::CONFLICT);
}

async fn place_with_key(app: &TestApp, token: &str, key: &str, city: &str) -> common::TestResponse {
    let mut delivery = address();
    delivery["city"] = json!(city);
    app.send(
        TestApp::request(Method::POST, "/api/orders", Some(token))
            .header(header::CONTENT_TYPE, "application/json")
            .header("idempotency-key", key)
            .body(Body::from(
                json!({ "deliveryAddress": delivery }).to_string(),
            ))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn an_idempotency_key_reused_with_another_body_is_refused() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 50).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &tulsi, 1).await;
    let first = place_with_key(&app, &me, "checkout-1", "Bengaluru").await;
    assert_eq!(first.status, StatusCode::CREATED);

    let again = place_with_key(&app, &me, "checkout-1", "Bengaluru").await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(again.body["order"]["_id"], first.body["order"]["_id"]);

    app.add_to_cart(&me, &tulsi, 2).await;
    let other = place_with_key(&app, &me, "checkout-1", "Mysuru").await;
    assert_eq!(other.status, StatusCode::CONFLICT, "{:?}", other.body);
    assert!(
        other.message().contains("Idempotency-Key"),
        "{}",
        other.message()
    );
    assert!(other.headers.get("idempotent-replayed").is_none());
    // Nothing was placed: the cart is still there for a new key.
    assert_eq!(app.stock_of(&tulsi).await, 49);
    let fresh = place_with_key(&app, &me, "checkout-2", "Mysuru").await;
    assert_eq!(fresh.status, StatusCode::CREATED);
}

#[tokio::test]
async fn a_rating_takes_the_plant_code_as_well_as_the_id() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 50).await;
    let code = app.get(&format!("/api/plants/{tulsi}"), None).await.body["plant"]["plantId"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(code.starts_with("PL-"), "{code}");
    let me = app.customer().await;
    app.add_to_cart(&me, &tulsi, 1).await;
    let order = app.place_order(&me).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.advance(&admin, &order, &["processing", "shipped", "delivered"])
        .await;

    let res = app
        .post(
            "/api/ratings",
            Some(&me),
            json!({ "plantId": code, "orderId": order, "rating": 4 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["rating"]["plantId"], tulsi.as_str());
    let existing = app
        .get(
            &format!("/api/ratings/user/existing/{order}/{code}"),
            Some(&me),
        )
        .await;
    assert_eq!(existing.body["rating"]["rating"], 4);
    assert_eq!(
        app.get(&format!("/api/plants/{tulsi}"), None).await.body["plant"]["reviewCount"],
        1
    );
}

#[tokio::test]
async fn private_answers_are_never_stored() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let me = app.customer().await;
    let signed_in = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "Ravi Kumar", "email": "ravi@example.in", "password": PASSWORD }),
        )
        .await;
    let login = app.login("ravi@example.in", PASSWORD).await;
    let failed = app.login("ravi@example.in", "Wrong@Guess1").await;
    let mut answers = vec![
        ("register", signed_in),
        ("login", login),
        ("failed login", failed),
        ("me", app.get("/api/auth/me", Some(&me)).await),
        ("cart", app.get("/api/cart", Some(&me)).await),
        ("orders", app.get("/api/orders", Some(&me)).await),
        (
            "admin orders",
            app.get("/api/orders/admin/all", Some(&admin)).await,
        ),
        (
            "admin stats",
            app.get("/api/orders/admin/stats", Some(&admin)).await,
        ),
        (
            "admin count",
            app.get("/api/plants/stats/count", Some(&admin)).await,
        ),
        (
            "rating",
            app.get("/api/ratings/user/existing/x/y", Some(&me)).await,
        ),
    ];
    answers.push(("signed out", app.get("/api/cart", None).await));
    for (what, res) in &answers {
        assert_eq!(
            res.headers
                .get(header::CACHE_CONTROL)
                .map(|v| v.to_str().unwrap()),
            Some("no-store"),
            "{what}: {}",
            res.status
        );
    }
    // The public catalogue keeps its own revalidation.
    let catalogue = app.get("/api/plants", None).await;
    assert_eq!(catalogue.headers[header::CACHE_CONTROL], "no-cache");
}

#[tokio::test]
async fn request_ids_from_clients_are_kept_only_when_safe() {
    let app = TestApp::new().await;
    let send = |id: &'static str| {
        app.send(
            Request::get("/healthz")
                .header("x-request-id", id)
                .body(Body::empty())
                .unwrap(),
        )
    };
    let kept = send("order-retry_42.a:b").await;
    assert_eq!(kept.headers["x-request-id"], "order-retry_42.a:b");
    for bad in [
        "<script>alert(1)</script>",
        "id with spaces",
        "forged\"} level=ERROR",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ] {
        let res = send(bad).await;
        let echoed = res.headers["x-request-id"].to_str().unwrap();
        assert_ne!(echoed, bad);
        assert!(uuid::Uuid::parse_str(echoed).is_ok(), "{echoed}");
    }
}

#[tokio::test]
async fn security_headers_are_on_every_response() {
    let app = TestApp::new().await;
    let res = app.get("/api/plants", None).await;
    assert_eq!(
        res.headers["permissions-policy"],
        "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
    );
    assert_eq!(res.headers["cross-origin-opener-policy"], "same-origin");
    assert!(res.headers.get(header::STRICT_TRANSPORT_SECURITY).is_none());

    let https = TestApp::build(|c| c.public_url = Some("https://hariyali.in".into())).await;
    let res = https.get("/healthz", None).await;
    assert_eq!(
        res.headers[header::STRICT_TRANSPORT_SECURITY],
        "max-age=31536000"
    );
}

#[tokio::test]
async fn passwords_that_are_mostly_spaces_or_invisible_are_refused() {
    let app = TestApp::new().await;
    for password in [
        "Aa1@            ",
        "Ab1@\u{200b}\u{200b}\u{200b}\u{200b}\u{200b}\u{200b}",
    ] {
        let res = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Ravi Kumar", "email": "ravi@example.in", "password": password }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{password:?}");
        assert_eq!(res.error_fields(), ["password"]);
        assert!(
            res.error_messages()[0].contains("visible"),
            "{:?}",
            res.body
        );
    }
}

#[tokio::test]
async fn metrics_are_scraped_in_the_prometheus_format_without_personal_data() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 50).await;
    let me = app.customer().await;
    app.get("/api/plants", None).await;
    app.get("/api/plants", None).await;
    app.get(&format!("/api/plants/{tulsi}"), None).await;
    app.add_to_cart(&me, &tulsi, 1).await;
    app.place_order(&me).await;
    app.login("nobody@example.in", "Wrong@Guess1").await;

    let res = app.get("/metrics", None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers[header::CACHE_CONTROL], "no-store");
    assert!(res.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/plain; version=0.0.4"));
    let text = String::from_utf8(res.bytes).unwrap();
    for expected in [
        "hariyali_http_requests_total{",
        "route=\"/api/plants/{id}\"",
        "hariyali_http_request_duration_seconds_bucket{",
        "hariyali_orders_placed_total",
        "hariyali_catalogue_cache_total{result=\"miss\"}",
        "hariyali_argon2_queue_depth",
        "hariyali_db_pool_connections{",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    // Route templates, never raw paths, ids, emails or addresses.
    for private in [tulsi.as_str(), "nobody@example.in", "127.0.0.1", "asha"] {
        assert!(!text.contains(private), "{private} leaked into metrics");
    }
}

#[tokio::test]
async fn waiting_the_retry_after_of_a_refused_photo_message_is_enough() {
    // 30 a minute: one cell every 2 s.
    let app = TestApp::build(|c| c.ai_rate_per_minute = 30).await;
    let ask = |photos: usize| {
        let mut form = common::Multipart::new().text("message", "what is wrong with my plant?");
        for i in 0..photos {
            form = form.file(
                "images",
                &format!("{i}.jpg"),
                "image/jpeg",
                &common::jpeg(64, 64),
            );
        }
        app.send(form.request(Method::POST, "/api/ai-chat/message", None))
    };
    for i in 0..26 {
        assert_eq!(ask(0).await.status, StatusCode::OK, "text message {i}");
    }
    // Four cells left: the message takes one, its five photos do not fit.
    let refused = ask(5).await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{:?}",
        refused.body
    );
    let wait: u64 = refused.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
    let retried = ask(5).await;
    assert_eq!(
        retried.status,
        StatusCode::OK,
        "refused again after waiting Retry-After ({wait} s): {:?}",
        retried.body
    );
}

/// A chat message with `photos` small JPEGs.
async fn ask_with_photos(app: &TestApp, photos: usize) -> common::TestResponse {
    let mut form = common::Multipart::new().text("message", "what is wrong with my plant?");
    for i in 0..photos {
        form = form.file(
            "images",
            &format!("{i}.jpg"),
            "image/jpeg",
            &common::jpeg(64, 64),
        );
    }
    app.send(form.request(Method::POST, "/api/ai-chat/message", None))
        .await
}

fn retry_after_secs(res: &common::TestResponse) -> u64 {
    res.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_photo_message_refused_before_its_body_is_read_is_told_to_wait_for_its_photos() {
    // 30 a minute: one unit every 2 s; a message with five photos costs six.
    let app = TestApp::build(|c| c.ai_rate_per_minute = 30).await;
    let mut sent = 0;
    let text_refused = loop {
        let res = ask_with_photos(&app, 0).await;
        if res.status == StatusCode::TOO_MANY_REQUESTS {
            break res;
        }
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        sent += 1;
        assert!(sent <= 40, "the limit never applied");
    };
    // No unit left: the photo message is refused as it arrives, before its form is read.
    let refused = ask_with_photos(&app, 5).await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{:?}",
        refused.body
    );
    let (text_wait, wait) = (retry_after_secs(&text_refused), retry_after_secs(&refused));
    assert!(
        wait >= text_wait + 9,
        "a message with five photos was told {wait} s, a text {text_wait} s"
    );
    tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
    let retried = ask_with_photos(&app, 5).await;
    assert_eq!(
        retried.status,
        StatusCode::OK,
        "refused again after waiting Retry-After ({wait} s): {:?}",
        retried.body
    );
}
