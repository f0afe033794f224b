//! Issue 18: every error body carries a stable `code` beside the spec's `message`, and field
//! errors carry one too, so clients can key on the case rather than on the wording.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{self, TestApp, PASSWORD};

fn code(res: &common::TestResponse) -> &str {
    res.body["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code in {:?}", res.body))
}

#[tokio::test]
async fn each_refusal_names_its_case() {
    let app = TestApp::new().await;

    let res = app.get("/api/cart", None).await;
    assert_eq!(
        (res.status, code(&res)),
        (StatusCode::UNAUTHORIZED, "login_required")
    );

    app.register("Asha Verma", "asha.codes@example.in").await;
    let again = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "Asha Verma", "email": "asha.codes@example.in", "password": PASSWORD }),
        )
        .await;
    assert_eq!(
        (again.status, code(&again)),
        (StatusCode::CONFLICT, "email_taken")
    );
    assert_eq!(
        again.body["message"],
        "An account with this email already exists."
    );

    let wrong = app.login("asha.codes@example.in", "Wrong@Pass1").await;
    assert_eq!(
        (wrong.status, code(&wrong)),
        (StatusCode::UNAUTHORIZED, "invalid_credentials")
    );

    let admin = app.admin().await;
    let customer = app.customer().await;
    let plant = app.add_plant(&admin, "Code Fern", 300, 1).await;
    let over = app.add_to_cart(&customer, &plant, 2).await;
    assert_eq!(
        (over.status, code(&over)),
        (StatusCode::CONFLICT, "not_enough_stock")
    );

    assert_eq!(
        app.add_to_cart(&customer, &plant, 1).await.status,
        StatusCode::OK
    );
    let placed = app.place_order(&customer).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{:?}", placed.body);
    let order = placed.body["order"]["_id"].as_str().unwrap().to_string();
    let jump = app
        .put(
            &format!("/api/orders/{order}/status"),
            Some(&admin),
            json!({ "status": "delivered" }),
        )
        .await;
    assert_eq!(
        (jump.status, code(&jump)),
        (StatusCode::CONFLICT, "status_change_not_allowed")
    );

    let other = app.customer().await;
    let sold_out = app.add_to_cart(&other, &plant, 1).await;
    assert_eq!(
        (sold_out.status, code(&sold_out)),
        (StatusCode::CONFLICT, "out_of_stock")
    );

    let missing = app.get("/api/plants/PL-999999", None).await;
    assert_eq!(
        (missing.status, code(&missing)),
        (StatusCode::NOT_FOUND, "plant_not_found")
    );
    let query = app.get("/api/plants?limit=0", None).await;
    assert_eq!(
        (query.status, code(&query)),
        (StatusCode::BAD_REQUEST, "invalid_query")
    );
    let method = app.delete("/api/auth/me", None).await;
    assert_eq!(code(&method), "method_not_allowed");
}

#[tokio::test]
async fn form_errors_carry_a_code_per_field() {
    let app = TestApp::new().await;
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "A", "email": "not-an-email", "password": PASSWORD }),
        )
        .await;
    assert_eq!(
        (res.status, code(&res)),
        (StatusCode::BAD_REQUEST, "validation_failed")
    );
    // Each field names the rule it broke, not just that it broke one.
    let pairs: Vec<(&str, &str)> = res.body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        pairs,
        [("name", "name_too_short"), ("email", "email_invalid")],
        "{:?}",
        res.body
    );

    let token = app.customer().await;
    let res = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": "Not@ThePass1", "newPassword": "Garden@2031" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.body["errors"][0]["code"], "current_password_incorrect");

    let res = app
        .post(
            "/api/auth/login",
            None,
            json!({ "email": 5, "password": "x" }),
        )
        .await;
    assert_eq!(
        res.body["errors"][0]["code"], "wrong_type",
        "{:?}",
        res.body
    );
}

/// Every code the shared validation table expects is one the OpenAPI document lists, so the
/// web app's generated `FieldCode` type (and its table of texts) knows it.
#[tokio::test]
async fn the_document_lists_every_field_code_of_the_validation_table() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json", None).await.body;
    let listed: Vec<&str> = doc["components"]["schemas"]["FieldCode"]["enum"]
        .as_array()
        .unwrap_or_else(|| panic!("no FieldCode enum in {}", doc["components"]["schemas"]))
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let table: serde_json::Value =
        serde_json::from_str(include_str!("../../../shared/validation-cases.json")).unwrap();
    let mut expected = Vec::new();
    for case in table["rules"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|c| c.as_array().unwrap())
    {
        if let Some(code) = case["code"].as_str() {
            expected.push(code.to_string());
        }
        if let Some(codes) = case["codes"].as_object() {
            expected.extend(codes.values().map(|c| c.as_str().unwrap().to_string()));
        }
    }
    expected.sort();
    expected.dedup();
    let missing: Vec<_> = expected
        .iter()
        .filter(|c| !listed.contains(&c.as_str()))
        .collect();
    assert!(missing.is_empty(), "not in the document: {missing:?}");
    assert!(
        expected.len() >= 50,
        "the table names only {} codes",
        expected.len()
    );
    assert!(!listed.contains(&"invalid"), "a catch-all code is back");
}
