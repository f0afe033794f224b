//! The cart: quantities within stock, current prices, roles, deleted plants.

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::json;

#[tokio::test]
async fn a_customer_fills_and_empties_a_cart() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let fern = app.add_plant(&admin, "Boston Fern", 299, 10).await;
    let palm = app.add_plant(&admin, "Areca Palm", 549, 5).await;
    let me = app.customer().await;

    let empty = app.get("/api/cart", Some(&me)).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.body["cart"], json!({ "items": [], "total": 0 }));

    let res = app.add_to_cart(&me, &fern, 2).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Item added to cart!");
    let res = app
        .post("/api/cart/add", Some(&me), json!({ "plantId": palm }))
        .await;
    assert_eq!(
        res.body["cart"]["items"][1]["quantity"], 1,
        "quantity defaults to 1"
    );
    let cart = &res.body["cart"];
    assert_eq!(cart["total"], 2 * 299 + 549);
    let line = &cart["items"][0];
    assert_eq!(line["quantity"], 2);
    assert_eq!(line["plantId"]["_id"], fern.as_str());
    assert_eq!(line["plantId"]["name"], "Boston Fern");
    assert_eq!(line["plantId"]["price"], 299);
    assert_eq!(line["plantId"]["stock"], 10);

    // Adding again adds up.
    let res = app.add_to_cart(&me, &fern, 3).await;
    assert_eq!(res.body["cart"]["items"][0]["quantity"], 5);

    let res = app
        .put(
            &format!("/api/cart/update/{fern}"),
            Some(&me),
            json!({ "quantity": 1 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Cart updated successfully!");
    assert_eq!(res.body["cart"]["total"], 299 + 549);

    let res = app
        .delete(&format!("/api/cart/remove/{palm}"), Some(&me))
        .await;
    assert_eq!(res.message(), "Item removed from cart!");
    assert_eq!(res.body["cart"]["items"].as_array().unwrap().len(), 1);
    assert_eq!(
        app.delete(&format!("/api/cart/remove/{palm}"), Some(&me))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let res = app.delete("/api/cart/clear", Some(&me)).await;
    assert_eq!(res.message(), "Cart cleared successfully!");
    assert_eq!(res.body["cart"], json!({ "items": [], "total": 0 }));
    assert_eq!(
        app.get("/api/cart", Some(&me)).await.body["cart"]["total"],
        0
    );
}

#[tokio::test]
async fn quantities_stay_between_one_and_the_stock() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let jade = app.add_plant(&admin, "Jade Plant", 199, 3).await;
    let gone = app.add_plant(&admin, "Golden Barrel Cactus", 399, 0).await;
    let me = app.customer().await;

    let res = app.add_to_cart(&me, &jade, 4).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.message(), "Only 3 left in stock");
    app.add_to_cart(&me, &jade, 2).await;
    let res = app.add_to_cart(&me, &jade, 2).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(
        res.message(),
        "Only 3 left in stock and you already have 2 in your cart"
    );
    let res = app.add_to_cart(&me, &gone, 1).await;
    assert_eq!(res.message(), "This plant is out of stock");

    for bad in [0, -2] {
        let res = app.add_to_cart(&me, &jade, bad).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST);
        assert_eq!(res.error_messages(), ["Quantity must be at least 1"]);
        let res = app
            .put(
                &format!("/api/cart/update/{jade}"),
                Some(&me),
                json!({ "quantity": bad }),
            )
            .await;
        assert_eq!(res.error_messages(), ["Quantity must be at least 1"]);
    }
    let res = app
        .put(
            &format!("/api/cart/update/{jade}"),
            Some(&me),
            json!({ "quantity": 4 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.message(), "Only 3 left in stock");
    let res = app
        .put(&format!("/api/cart/update/{jade}"), Some(&me), json!({}))
        .await;
    assert_eq!(res.error_messages(), ["Quantity is required"]);
    let res = app
        .put(
            &format!("/api/cart/update/{gone}"),
            Some(&me),
            json!({ "quantity": 1 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.message(), "Item not found in cart");

    let res = app
        .post("/api/cart/add", Some(&me), json!({ "quantity": 1 }))
        .await;
    assert_eq!(res.error_messages(), ["Plant ID is required"]);
    let res = app.add_to_cart(&me, "PL-999999", 1).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.message(), "Plant not found");
    let res = app
        .post(
            "/api/cart/add",
            Some(&me),
            json!({ "plantId": jade, "quantity": "two" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error_fields(), ["quantity"]);
}

#[tokio::test]
async fn totals_follow_the_current_price() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let mint = app.add_plant(&admin, "Mint", 99, 50).await;
    let me = app.customer().await;
    app.add_to_cart(&me, &mint, 3).await;
    let form = common::Multipart::new()
        .text("name", "Mint")
        .text("description", "Pudina for chutneys and chai.")
        .text("price", "79")
        .text("stock", "50")
        .text("categories", "Herbs");
    let res = app
        .send(form.request(
            axum::http::Method::PUT,
            &format!("/api/plants/{mint}"),
            Some(&admin),
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/cart", Some(&me)).await.body["cart"]["total"],
        3 * 79
    );
}

#[tokio::test]
async fn a_deleted_plant_drops_out_of_every_cart() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let rose = app.add_plant(&admin, "Desi Rose", 249, 20).await;
    let lily = app.add_plant(&admin, "Peace Lily", 399, 20).await;
    let (a, b) = (app.customer().await, app.customer().await);
    for who in [&a, &b] {
        app.add_to_cart(who, &rose, 1).await;
        app.add_to_cart(who, &lily, 1).await;
    }
    app.delete(&format!("/api/plants/{rose}"), Some(&admin))
        .await;
    for who in [&a, &b] {
        let cart = app.get("/api/cart", Some(who)).await.body["cart"].clone();
        assert_eq!(cart["items"].as_array().unwrap().len(), 1);
        assert_eq!(cart["items"][0]["plantId"]["_id"], lily.as_str());
        assert_eq!(cart["total"], 399);
    }
}

#[tokio::test]
async fn carts_are_for_customers_only_and_private() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let neem = app.add_plant(&admin, "Neem", 199, 20).await;
    let (a, b) = (app.customer().await, app.customer().await);
    app.add_to_cart(&a, &neem, 2).await;
    assert_eq!(
        app.get("/api/cart", Some(&b)).await.body["cart"]["items"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    assert_eq!(
        app.delete(&format!("/api/cart/remove/{neem}"), Some(&b))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/cart", Some(&a)).await.body["cart"]["items"][0]["quantity"],
        2
    );

    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(admin.as_str()), StatusCode::FORBIDDEN),
    ] {
        assert_eq!(app.get("/api/cart", token).await.status, status);
        assert_eq!(
            app.post("/api/cart/add", token, json!({ "plantId": neem }))
                .await
                .status,
            status
        );
        assert_eq!(
            app.put(
                &format!("/api/cart/update/{neem}"),
                token,
                json!({ "quantity": 1 })
            )
            .await
            .status,
            status
        );
        assert_eq!(
            app.delete(&format!("/api/cart/remove/{neem}"), token)
                .await
                .status,
            status
        );
        assert_eq!(app.delete("/api/cart/clear", token).await.status, status);
    }
}
