//! U+0000 in any text a client sends. PostgreSQL refuses the character in a text value
//! (SQLite stores it), which once turned `?search=%00` and ids like `a%00` into 500s on
//! PostgreSQL only (found by the schemathesis leg on that database). Every way in now
//! answers as the contract says, on both databases: ids holding it are unknown ids, other
//! text holding it is a 400 with a message.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Multipart, TestApp};
use serde_json::json;

const NUL_TEXT: &str = "Text cannot contain NUL characters.";

#[tokio::test]
async fn an_id_holding_nul_is_an_unknown_id() {
    let app = TestApp::demo().await;
    let customer = app.customer().await;
    let admin = app.admin().await;

    let res = app.get("/api/plants/a%00b", None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    assert_eq!(res.message(), "Plant not found");

    let res = app.get("/api/orders/a%00b", Some(&customer)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    let res = app
        .put(
            "/api/orders/a%00b/status",
            Some(&admin),
            json!({ "status": "Shipped" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    let res = app
        .put("/api/orders/%00/cancel", Some(&customer), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);

    let res = app.delete("/api/cart/remove/%00", Some(&customer)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    let res = app
        .put(
            "/api/cart/update/%00",
            Some(&customer),
            json!({ "quantity": 1 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    let res = app.delete("/api/plants/%00", Some(&admin)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);

    let res = app
        .get("/api/ratings/user/existing/a%00/b%00", Some(&customer))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(res.body["rating"].is_null());

    let res = app.delete("/api/ai-chat/session/chat-%00", None).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
}

#[tokio::test]
async fn a_path_segment_that_is_not_utf8_is_a_json_404() {
    let app = TestApp::demo().await;
    let res = app.get("/api/plants/%FF", None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.headers["content-type"], "application/json");
    assert_eq!(res.message(), "The requested resource was not found.");
}

#[tokio::test]
async fn a_query_holding_nul_is_refused() {
    let app = TestApp::demo().await;
    let admin = app.admin().await;
    for path in ["/api/plants?search=A%00D", "/api/plants?category=a%00"] {
        let res = app.get(path, None).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{path}: {:?}",
            res.body
        );
        assert_eq!(res.message(), NUL_TEXT);
    }
    let res = app
        .get("/api/orders/admin/all?status=%00", Some(&admin))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    // The same search without it still works.
    let res = app.get("/api/plants?search=AD", None).await;
    assert_eq!(res.status, StatusCode::OK);
}

#[tokio::test]
async fn json_text_holding_nul_is_refused_and_nothing_is_written() {
    let app = TestApp::demo().await;
    let customer = app.customer().await;
    let me = app.get("/api/auth/me", Some(&customer)).await.body;

    let res = app
        .put(
            "/api/auth/profile",
            Some(&customer),
            json!({ "name": "Asha\u{0}", "address": { "street": "12 MG Road\u{0}, Indiranagar" } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.message(), NUL_TEXT);
    assert_eq!(app.get("/api/auth/me", Some(&customer)).await.body, me);

    let res = app
        .post(
            "/api/cart/add",
            Some(&customer),
            json!({ "plantId": "a\u{0}", "quantity": 1 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    let res = app.login("a\u{0}@example.in", "x").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);

    // A backslash typed before "u0000" is text, not NUL.
    let res = app
        .put(
            "/api/auth/profile",
            Some(&customer),
            json!({ "address": { "street": "Flat \\u0000, 12 MG Road" } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body["user"]["address"]["street"],
        "Flat \\u0000, 12 MG Road"
    );
}

#[tokio::test]
async fn form_text_holding_nul_is_refused() {
    let app = TestApp::demo().await;
    let admin = app.admin().await;
    let form = Multipart::plant("Nul Fern").text("description", "A fern with a \0 in its story.");
    let res = app
        .send(form.request(Method::POST, "/api/plants", Some(&admin)))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.error_fields(), ["description"]);
    assert_eq!(
        res.error_messages(),
        ["Description cannot contain NUL characters"]
    );
    assert_eq!(
        app.get("/api/plants?search=Nul", None).await.body["total"],
        0
    );

    for form in [
        Multipart::new().text("message", "Why \0 yellow leaves?"),
        Multipart::new()
            .text("message", "Why yellow leaves?")
            .text("sessionId", "chat-\0"),
    ] {
        let res = app
            .send(form.request(Method::POST, "/api/ai-chat/message", None))
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
        assert_eq!(res.message(), NUL_TEXT);
    }
}
