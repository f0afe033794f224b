//! Ratings: only delivered orders, only the owner, edits do not count twice.

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::json;

#[tokio::test]
async fn a_rating_updates_the_plant_and_an_edit_does_not_count_twice() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let aloe = app.add_plant(&admin, "Aloe Vera", 149, 20).await;
    let (a, b) = (app.customer().await, app.customer().await);
    let order_a = app.delivered_order(&admin, &a, &aloe).await;
    let order_b = app.delivered_order(&admin, &b, &aloe).await;

    let none = app
        .get(
            &format!("/api/ratings/user/existing/{order_a}/{aloe}"),
            Some(&a),
        )
        .await;
    assert_eq!(none.status, StatusCode::OK);
    assert_eq!(none.body["rating"], serde_json::Value::Null);

    let res = app
        .post(
            "/api/ratings",
            Some(&a),
            json!({ "plantId": aloe, "orderId": order_a, "rating": 5 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.message(), "Rating submitted successfully!");
    assert_eq!(
        res.body["rating"],
        json!({ "plantId": aloe, "orderId": order_a, "rating": 5, "review": null })
    );
    app.post(
        "/api/ratings",
        Some(&b),
        json!({ "plantId": aloe, "orderId": order_b, "rating": 4 }),
    )
    .await;
    let plant = app.get(&format!("/api/plants/{aloe}"), None).await.body["plant"].clone();
    assert_eq!(
        (
            plant["rating"].as_f64().unwrap(),
            plant["reviewCount"].as_i64().unwrap()
        ),
        (4.5, 2)
    );

    // Editing changes the average, not the count.
    app.post(
        "/api/ratings",
        Some(&a),
        json!({ "plantId": aloe, "orderId": order_a, "rating": 2 }),
    )
    .await;
    let plant = app.get(&format!("/api/plants/{aloe}"), None).await.body["plant"].clone();
    assert_eq!(
        (
            plant["rating"].as_f64().unwrap(),
            plant["reviewCount"].as_i64().unwrap()
        ),
        (3.0, 2)
    );

    let existing = app
        .get(
            &format!("/api/ratings/user/existing/{order_a}/{aloe}"),
            Some(&a),
        )
        .await;
    assert_eq!(existing.body["rating"]["rating"], 2);
    let order = app.get(&format!("/api/orders/{order_a}"), Some(&a)).await;
    assert_eq!(order.body["order"]["items"][0]["rated"], true);
    // B cannot see A's rating through the lookup.
    let theirs = app
        .get(
            &format!("/api/ratings/user/existing/{order_a}/{aloe}"),
            Some(&b),
        )
        .await;
    assert_eq!(theirs.body["rating"], serde_json::Value::Null);
}

#[tokio::test]
async fn averages_are_rounded_to_one_decimal() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let jade = app.add_plant(&admin, "Jade Plant", 199, 20).await;
    for stars in [5, 4, 4] {
        let who = app.customer().await;
        let order = app.delivered_order(&admin, &who, &jade).await;
        app.post(
            "/api/ratings",
            Some(&who),
            json!({ "plantId": jade, "orderId": order, "rating": stars }),
        )
        .await;
    }
    let plant = app.get(&format!("/api/plants/{jade}"), None).await.body["plant"].clone();
    assert_eq!(plant["rating"].as_f64().unwrap(), 4.3);
    assert_eq!(plant["reviewCount"], 3);
    let sorted = app.get("/api/plants?minRating=4.3", None).await;
    assert_eq!(sorted.body["total"], 1);
}

#[tokio::test]
async fn ratings_need_a_delivered_order_of_your_own_that_has_the_plant() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let tulsi = app.add_plant(&admin, "Tulsi", 99, 20).await;
    let mint = app.add_plant(&admin, "Mint", 79, 20).await;
    let (a, b) = (app.customer().await, app.customer().await);

    app.add_to_cart(&a, &tulsi, 1).await;
    let pending = app.place_order(&a).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    for status in [None, Some("processing"), Some("shipped")] {
        if let Some(s) = status {
            app.advance(&admin, &pending, &[s]).await;
        }
        let res = app
            .post(
                "/api/ratings",
                Some(&a),
                json!({ "plantId": tulsi, "orderId": pending, "rating": 4 }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{status:?}");
        assert_eq!(
            res.message(),
            "You can rate plants only from delivered orders"
        );
    }
    let order = app.delivered_order(&admin, &a, &tulsi).await;
    let res = app
        .post(
            "/api/ratings",
            Some(&b),
            json!({ "plantId": tulsi, "orderId": order, "rating": 4 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "not B's order");
    let res = app
        .post(
            "/api/ratings",
            Some(&a),
            json!({ "plantId": mint, "orderId": order, "rating": 4 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.message(), "This plant is not part of this order");

    let res = app
        .post("/api/ratings", Some(&a), json!({ "orderId": order }))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error_messages(),
        ["Plant ID not found", "Please select a rating"]
    );
    for bad in [0, 6, -1] {
        let res = app
            .post(
                "/api/ratings",
                Some(&a),
                json!({ "plantId": tulsi, "orderId": order, "rating": bad }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let plant = app.get(&format!("/api/plants/{tulsi}"), None).await.body["plant"].clone();
    assert_eq!(plant["reviewCount"], 0, "no failed attempt counted");

    assert_eq!(
        app.post(
            "/api/ratings",
            Some(&admin),
            json!({ "plantId": tulsi, "orderId": order, "rating": 4 })
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post(
            "/api/ratings",
            None,
            json!({ "plantId": tulsi, "orderId": order, "rating": 4 })
        )
        .await
        .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get(&format!("/api/ratings/user/existing/{order}/{tulsi}"), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}
