//! Wishlist and back-in-stock notifications (issue 20): saving, roles, another customer's
//! things, floods, and the notification when stock returns by an admin's edit or a
//! cancelled order.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Multipart, TestApp};
use serde_json::json;

async fn restock(app: &TestApp, admin: &str, plant: &str, name: &str, stock: i64) {
    let form = Multipart::new()
        .text("name", name)
        .text("description", "A healthy nursery plant for a test.")
        .text("price", "299")
        .text("stock", &stock.to_string())
        .text("categories", "Indoor");
    let res = app
        .send(form.request(Method::PUT, &format!("/api/plants/{plant}"), Some(admin)))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

#[tokio::test]
async fn customers_save_and_remove_plants_admins_and_visitors_cannot() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let a = app.customer().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 5).await;
    let palm = app.add_plant(&admin, "Areca Palm", 499, 5).await;

    assert_eq!(
        app.get("/api/wishlist", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/wishlist", Some(&admin)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&format!("/api/wishlist/{fern}"), Some(&admin), json!({}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get("/api/notifications", Some(&admin)).await.status,
        StatusCode::FORBIDDEN
    );

    let saved = app
        .put(&format!("/api/wishlist/{fern}"), Some(&a), json!({}))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let again = app
        .put(
            &format!("/api/wishlist/{palm}"),
            Some(&a),
            json!({ "notifyWhenInStock": true }),
        )
        .await;
    assert_eq!(again.status, StatusCode::OK);
    let list = app.get("/api/wishlist", Some(&a)).await.body["wishlist"].clone();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[0]["plant"]["_id"], palm.as_str(), "newest first");
    assert_eq!(list[0]["notifyWhenInStock"], true);
    assert_eq!(list[1]["notifyWhenInStock"], false);
    // Saving twice keeps one entry.
    app.put(&format!("/api/wishlist/{fern}"), Some(&a), json!({}))
        .await;
    assert_eq!(
        app.get("/api/wishlist", Some(&a)).await.body["wishlist"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    for bad in [
        json!({ "notifyWhenInStock": "yes" }),
        json!([1]),
        json!({ "notifyWhenInStock": null, "x": 1 }),
    ] {
        let res = app
            .put(&format!("/api/wishlist/{fern}"), Some(&a), bad.clone())
            .await;
        if bad.get("x").is_some() {
            continue; // unknown fields are ignored like everywhere else
        }
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    assert_eq!(
        app.put("/api/wishlist/no-such-plant", Some(&a), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let huge = "x".repeat(4000);
    assert_eq!(
        app.put(&format!("/api/wishlist/{huge}"), Some(&a), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    assert_eq!(
        app.delete(&format!("/api/wishlist/{fern}"), Some(&a))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.delete(&format!("/api/wishlist/{fern}"), Some(&a))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Another customer's wishlist is out of reach: B removing A's plant finds nothing.
    let b = app.customer().await;
    assert_eq!(
        app.delete(&format!("/api/wishlist/{palm}"), Some(&b))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/wishlist", Some(&b)).await.body["wishlist"],
        json!([])
    );
    assert_eq!(
        app.get("/api/wishlist", Some(&a)).await.body["wishlist"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // A deleted plant leaves the list.
    app.delete(&format!("/api/plants/{palm}"), Some(&admin))
        .await;
    assert_eq!(
        app.get("/api/wishlist", Some(&a)).await.body["wishlist"],
        json!([])
    );
}

#[tokio::test]
async fn a_wishlist_holds_at_most_100_plants() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let a = app.customer().await;
    let mut last = String::new();
    for i in 0..101 {
        let name = format!(
            "Fern {}",
            char::from(b'a' + (i / 26) as u8).to_string()
                + &char::from(b'a' + (i % 26) as u8).to_string()
        );
        last = app.add_plant(&admin, &name, 199, 3).await;
        let res = app
            .put(&format!("/api/wishlist/{last}"), Some(&a), json!({}))
            .await;
        if i < 100 {
            assert_eq!(res.status, StatusCode::OK, "{i}: {:?}", res.body);
        } else {
            assert_eq!(res.status, StatusCode::CONFLICT);
            assert!(res.message().starts_with("Your wishlist is full"));
        }
    }
    assert_eq!(
        app.get("/api/wishlist", Some(&a)).await.body["wishlist"]
            .as_array()
            .unwrap()
            .len(),
        100
    );
    assert!(!last.is_empty());
}

#[tokio::test]
async fn back_in_stock_by_admin_edit_and_by_cancelled_order_notifies_once() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (a, b, c) = (
        app.customer().await,
        app.customer().await,
        app.customer().await,
    );
    let cactus = app.add_plant(&admin, "Bunny Cactus", 249, 1).await;

    // C buys the last one; A asks to hear when it is back, B only saves it.
    assert_eq!(app.add_to_cart(&c, &cactus, 1).await.status, StatusCode::OK);
    let order = app.place_order(&c).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(app.stock_of(&cactus).await, 0);
    app.put(
        &format!("/api/wishlist/{cactus}"),
        Some(&a),
        json!({ "notifyWhenInStock": true }),
    )
    .await;
    app.put(&format!("/api/wishlist/{cactus}"), Some(&b), json!({}))
        .await;
    assert_eq!(
        app.get("/api/notifications", Some(&a)).await.body["unread"],
        0
    );

    // C cancels: the stock comes back and A is told, once.
    assert_eq!(
        app.put(&format!("/api/orders/{order}/cancel"), Some(&c), json!({}))
            .await
            .status,
        StatusCode::OK
    );
    let seen = app.get("/api/notifications", Some(&a)).await;
    assert_eq!(seen.status, StatusCode::OK);
    assert_eq!(seen.body["unread"], 1);
    let n = &seen.body["notifications"][0];
    assert_eq!(n["kind"], "back-in-stock");
    assert_eq!(n["plantId"], cactus.as_str());
    assert_eq!(n["plantName"], "Bunny Cactus");
    assert_eq!(n["read"], false);
    assert_eq!(
        app.get("/api/notifications", Some(&b)).await.body["notifications"],
        json!([])
    );
    let wish = app.get("/api/wishlist", Some(&a)).await;
    assert_eq!(
        wish.body["wishlist"][0]["notifyWhenInStock"], false,
        "the request is used up"
    );

    // Another edit while in stock does not notify again.
    restock(&app, &admin, &cactus, "Bunny Cactus", 4).await;
    assert_eq!(
        app.get("/api/notifications", Some(&a)).await.body["unread"],
        1
    );

    // Sold out again, A asks again, the admin restocks: a second notification.
    restock(&app, &admin, &cactus, "Bunny Cactus", 0).await;
    app.put(
        &format!("/api/wishlist/{cactus}"),
        Some(&a),
        json!({ "notifyWhenInStock": true }),
    )
    .await;
    restock(&app, &admin, &cactus, "Bunny Cactus", 0).await;
    assert_eq!(
        app.get("/api/notifications", Some(&a)).await.body["unread"],
        1,
        "still out of stock"
    );
    restock(&app, &admin, &cactus, "Bunny Cactus", 6).await;
    let seen = app.get("/api/notifications", Some(&a)).await;
    assert_eq!(seen.body["unread"], 2);

    // Marking read: only one's own, unread first afterwards.
    let first = seen.body["notifications"][0]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        app.put(
            &format!("/api/notifications/{first}/read"),
            Some(&b),
            json!({})
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.put(
            &format!("/api/notifications/{first}/read"),
            Some(&admin),
            json!({})
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&format!("/api/notifications/{first}/read"), None, json!({}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.put("/api/notifications/not-an-id/read", Some(&a), json!({}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let read = app
        .put(
            &format!("/api/notifications/{first}/read"),
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.body["notification"]["read"], true);
    let after = app.get("/api/notifications", Some(&a)).await;
    assert_eq!(after.body["unread"], 1);
    assert_eq!(
        after.body["notifications"][0]["read"], false,
        "unread first"
    );
    assert_eq!(after.body["notifications"][1]["_id"], first.as_str());
    // Marking twice is harmless.
    assert_eq!(
        app.put(
            &format!("/api/notifications/{first}/read"),
            Some(&a),
            json!({})
        )
        .await
        .status,
        StatusCode::OK
    );
}
