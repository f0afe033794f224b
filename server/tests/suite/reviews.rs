//! Written reviews: the optional text on a rating and the public review list (issue 20).

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::json;

#[tokio::test]
async fn reviews_are_written_edited_and_listed_newest_first_with_first_names() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 50).await;
    let (asha, _) = app.register("Asha Rao", "asha.rao@example.in").await;
    let (vikram, _) = app
        .register("Vikram Singh Rathore", "vikram@example.in")
        .await;
    let order_a = app.delivered_order(&admin, &asha, &fern).await;
    let order_v = app.delivered_order(&admin, &vikram, &fern).await;

    let empty = app.get(&format!("/api/plants/{fern}/reviews"), None).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.body["total"], 0);
    assert_eq!(empty.body["pages"], 0);
    assert_eq!(
        empty.body["distribution"],
        json!({ "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 })
    );

    let res = app
        .post("/api/ratings", Some(&asha), json!({ "plantId": fern, "orderId": order_a, "rating": 5, "review": "  Arrived green and\nhappy.  " }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["rating"]["review"], "Arrived green and\nhappy.");
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    app.post(
        "/api/ratings",
        Some(&vikram),
        json!({ "plantId": fern, "orderId": order_v, "rating": 3 }),
    )
    .await;

    let list = app
        .get(&format!("/api/plants/{fern}/reviews?page=1"), None)
        .await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.body["total"], 2);
    assert_eq!(list.body["pages"], 1);
    assert_eq!(
        list.body["distribution"],
        json!({ "1": 0, "2": 0, "3": 1, "4": 0, "5": 1 })
    );
    let reviews = list.body["reviews"].as_array().unwrap();
    assert_eq!(
        reviews[0]["name"], "Vikram",
        "newest first, first name only"
    );
    assert!(reviews[0]["text"].is_null());
    assert_eq!(reviews[1]["name"], "Asha");
    assert_eq!(reviews[1]["text"], "Arrived green and\nhappy.");
    assert_eq!(reviews[1]["verified"], true);
    let raw = String::from_utf8_lossy(&list.bytes);
    assert!(
        !raw.contains("Rao") && !raw.contains("example.in"),
        "no surname or email leaks"
    );

    // Re-rating without text keeps the review; a blank one removes it; it counts once.
    app.post(
        "/api/ratings",
        Some(&asha),
        json!({ "plantId": fern, "orderId": order_a, "rating": 4 }),
    )
    .await;
    let existing = app
        .get(
            &format!("/api/ratings/user/existing/{order_a}/{fern}"),
            Some(&asha),
        )
        .await;
    assert_eq!(
        existing.body["rating"]["review"],
        "Arrived green and\nhappy."
    );
    app.post(
        "/api/ratings",
        Some(&asha),
        json!({ "plantId": fern, "orderId": order_a, "rating": 4, "review": "   " }),
    )
    .await;
    let list = app
        .get(&format!("/api/plants/PL-{}/reviews", "x"), None)
        .await;
    assert_eq!(list.status, StatusCode::NOT_FOUND);
    let list = app.get(&format!("/api/plants/{fern}/reviews"), None).await;
    assert_eq!(list.body["total"], 2);
    assert_eq!(list.body["distribution"]["4"], 1);
    assert!(list.body["reviews"][1]["text"].is_null());
}

#[tokio::test]
async fn bad_reviews_and_pages_are_refused() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 50).await;
    let customer = app.customer().await;
    let order = app.delivered_order(&admin, &customer, &fern).await;
    for (review, message) in [
        (
            json!("a".repeat(1001)),
            "Review cannot exceed 1000 characters",
        ),
        (
            json!("ring\u{7}bell"),
            "Review cannot contain control characters",
        ),
        (json!(42), ""),
    ] {
        let res = app
            .post(
                "/api/ratings",
                Some(&customer),
                json!({ "plantId": fern, "orderId": order, "rating": 5, "review": review }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{review}");
        if !message.is_empty() {
            assert_eq!(res.message(), message);
        }
    }
    let ok = app
        .post("/api/ratings", Some(&customer), json!({ "plantId": fern, "orderId": order, "rating": 5, "review": "ऊँचा और हरा-भरा 🌿".repeat(50) }))
        .await;
    assert_eq!(
        ok.status,
        StatusCode::OK,
        "1000 characters of Hindi and emoji fit"
    );
    let plant = app.get(&format!("/api/plants/{fern}"), None).await;
    assert_eq!(
        plant.body["plant"]["reviewCount"], 1,
        "refused attempts counted nothing"
    );

    for page in ["0", "-1", "10001", "abc", "1.5", "99999999999999999999"] {
        let res = app
            .get(&format!("/api/plants/{fern}/reviews?page={page}"), None)
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{page}");
    }
    let far = app
        .get(&format!("/api/plants/{fern}/reviews?page=10000"), None)
        .await;
    assert_eq!(far.status, StatusCode::OK);
    assert_eq!(far.body["reviews"], json!([]));
    let deleted = app
        .delete(&format!("/api/plants/{fern}"), Some(&admin))
        .await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(
        app.get(&format!("/api/plants/{fern}/reviews"), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}
