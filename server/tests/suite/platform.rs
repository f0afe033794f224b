//! Behaviour every endpoint shares: error bodies, unknown paths, limits, probes, headers.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use common::TestApp;
use serde_json::json;

#[tokio::test]
async fn unknown_api_paths_get_a_json_404() {
    let app = TestApp::new().await;
    let res = app.get("/api/no-such-thing", None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        res.body,
        json!({ "success": false, "code": "not_found", "message": "The requested resource was not found." })
    );
    let res = app.delete("/api/auth/me", None).await;
    assert_eq!(res.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.body["success"], false);
}

#[tokio::test]
async fn broken_json_a_wrong_type_or_a_mistyped_field_is_a_400_with_the_error_body() {
    let app = TestApp::new().await;
    let broken = TestApp::request(Method::POST, "/api/auth/login", None)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"email\": "))
        .unwrap();
    let res = app.send(broken).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.message(), "The request body is not valid JSON.");

    let form = TestApp::request(Method::POST, "/api/auth/login", None)
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("email=a"))
        .unwrap();
    let res = app.send(form).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.message(),
        "Expected a JSON body (Content-Type: application/json)."
    );

    let res = app
        .post(
            "/api/auth/login",
            None,
            json!({ "email": 42, "password": "x" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error_fields(), ["email"]);
    assert!(
        res.error_messages()[0].starts_with("Invalid value for email: invalid type: integer `42`"),
        "{:?}",
        res.body
    );

    let res = app
        .post("/api/auth/login", None, json!(["not", "an", "object"]))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn oversized_json_bodies_are_refused() {
    let app = TestApp::new().await;
    let huge = json!({ "email": "a@b.in", "password": "x".repeat(100_000) });
    let res = app.post("/api/auth/login", None, huge).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(res.message(), "Request body is too large.");
}

#[tokio::test]
async fn probes_answer() {
    let app = TestApp::new().await;
    let res = app.get("/healthz", None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["status"], "ok");
    let res = app.get("/readyz", None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["status"], "ready");
}

#[tokio::test]
async fn responses_carry_a_request_id_and_safety_headers() {
    let app = TestApp::new().await;
    let res = app.get("/api/plants", None).await;
    assert!(uuid::Uuid::parse_str(res.headers["x-request-id"].to_str().unwrap()).is_ok());
    assert_eq!(res.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert_eq!(res.headers[header::X_FRAME_OPTIONS], "DENY");
    let given = TestApp::request(Method::GET, "/api/plants", None)
        .header("x-request-id", "trace-me-123")
        .body(Body::empty())
        .unwrap();
    assert_eq!(
        app.send(given).await.headers["x-request-id"],
        "trace-me-123"
    );
}

#[tokio::test]
async fn media_paths_cannot_escape_the_media_folder() {
    let app = TestApp::new().await;
    std::fs::write(app.dir.path().join("secret.txt"), "do not serve").unwrap();
    for path in [
        "/media/../secret.txt",
        "/media/%2e%2e/secret.txt",
        "/media/plants/..%2f..%2fsecret.txt",
        "/media/nothing.webp",
    ] {
        let res = app.get(path, None).await;
        assert_ne!(res.status, StatusCode::OK, "{path}");
        assert!(
            !String::from_utf8_lossy(&res.bytes).contains("do not serve"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_database_backend_under_test_is_the_one_asked_for() {
    let app = TestApp::new().await;
    let expected = match common::backend() {
        "postgres" => hariyali::store::Backend::Postgres,
        _ => hariyali::store::Backend::Sqlite,
    };
    assert_eq!(app.state.db.backend(), expected);
}
