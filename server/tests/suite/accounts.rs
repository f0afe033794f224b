//! Accounts: spec section 5 rules and messages, roles, tokens and brute-force limits.

use crate::common;

use axum::http::{header, Method, StatusCode};
use common::{TestApp, PASSWORD};
use serde_json::json;

const PASSWORD_RULE: &str = "Password must contain at least 8 characters, one uppercase letter, one lowercase letter, one number, and one special character";

#[tokio::test]
async fn registering_returns_a_token_and_the_user_without_secrets() {
    let app = TestApp::new().await;
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "Priya Sharma", "email": "Priya@Example.in", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    assert_eq!(res.body["success"], true);
    assert_eq!(res.message(), "Account created successfully!");
    let user = &res.body["user"];
    assert_eq!(user["name"], "Priya Sharma");
    assert_eq!(user["email"], "Priya@Example.in");
    assert_eq!(user["role"], "customer");
    assert!(user["_id"].as_str().unwrap().len() >= 8);
    assert_eq!(
        user["address"],
        json!({ "street": "", "city": "", "state": "", "zipCode": "", "phone": "" })
    );
    assert!(user["createdAt"].as_str().unwrap().ends_with('Z'));
    let text = String::from_utf8(res.bytes.clone()).unwrap();
    assert!(
        !text.contains("argon2") && !text.contains("password"),
        "{text}"
    );

    let me = app.get("/api/auth/me", res.body["token"].as_str()).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["user"]["email"], "Priya@Example.in");
}

#[tokio::test]
async fn registration_reports_every_broken_rule_together() {
    let app = TestApp::new().await;
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "", "email": "not-an-email", "password": "weak" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.body["success"], false);
    assert_eq!(res.error_fields(), ["name", "email", "password"]);
    assert_eq!(
        res.error_messages(),
        [
            "Name is required",
            "Enter a valid email address",
            PASSWORD_RULE
        ]
    );
    assert_eq!(res.message(), "Name is required");

    let res = app.post("/api/auth/register", None, json!({})).await;
    assert_eq!(
        res.error_messages(),
        [
            "Name is required",
            "Email is required",
            "Password is required"
        ]
    );
}

#[tokio::test]
async fn each_password_kind_is_required() {
    let app = TestApp::new().await;
    for weak in [
        "garden@2025",
        "GARDEN@2025",
        "Garden@garden",
        "Garden2025",
        "Ga@1",
    ] {
        let res = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Asha Verma", "email": "asha@example.in", "password": weak }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{weak}");
        assert_eq!(res.error_messages(), [PASSWORD_RULE], "{weak}");
    }
}

#[tokio::test]
async fn name_rules_have_their_own_messages() {
    let app = TestApp::new().await;
    let cases = [
        ("A", "Name must be at least 2 characters"),
        (" Asha", "Name cannot start or end with a space"),
        ("Asha  Verma", "Name cannot contain consecutive spaces"),
        (
            "Asha99",
            "Name can only contain letters, spaces, apostrophes and hyphens",
        ),
    ];
    for (name, message) in cases {
        let res = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": name, "email": "asha@example.in", "password": PASSWORD }),
            )
            .await;
        assert_eq!(res.error_messages(), [message], "{name}");
    }
    let long = "a".repeat(51);
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": long, "email": "asha@example.in", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.error_messages(), ["Name cannot exceed 50 characters"]);
}

#[tokio::test]
async fn a_taken_email_is_a_conflict_whatever_its_case() {
    let app = TestApp::new().await;
    app.register("Asha Verma", "asha@example.in").await;
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "Asha Two", "email": "ASHA@example.IN", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.message(), "An account with this email already exists.");
}

#[tokio::test]
async fn nobody_makes_themselves_an_admin() {
    let app = TestApp::new().await;
    let body = json!({ "name": "Eve Intruder", "email": "eve@example.in", "password": PASSWORD, "role": "admin" });
    let res = app.post("/api/auth/register", None, body.clone()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let customer = app.customer().await;
    let res = app
        .post("/api/auth/register", Some(&customer), body.clone())
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // An admin may add another admin.
    let admin = app.admin().await;
    let res = app.post("/api/auth/register", Some(&admin), body).await;
    assert_eq!(res.status, StatusCode::CREATED);
    assert_eq!(res.body["user"]["role"], "admin");
    // Unknown roles are bad input.
    let res = app.post("/api/auth/register", None, json!({ "name": "Bo Das", "email": "bo@example.in", "password": PASSWORD, "role": "owner" })).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error_messages(), ["Role must be customer or admin"]);
}

#[tokio::test]
async fn login_works_with_any_email_case_and_says_the_same_for_unknown_and_wrong() {
    let app = TestApp::new().await;
    app.register("Asha Verma", "asha@example.in").await;
    let res = app.login("ASHA@Example.in", PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Login successful!");
    assert_eq!(res.body["user"]["email"], "asha@example.in");
    assert!(res.body["token"].as_str().is_some());

    let wrong = app.login("asha@example.in", "Wrong@2025").await;
    let unknown = app.login("nobody@example.in", PASSWORD).await;
    for res in [wrong, unknown] {
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
        assert_eq!(res.message(), "Invalid email or password.");
    }
}

#[tokio::test]
async fn login_needs_both_fields() {
    let app = TestApp::new().await;
    let res = app.post("/api/auth/login", None, json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error_messages(),
        ["Email is required", "Password is required"]
    );
    let res = app.login("a@b", "x").await;
    assert_eq!(res.error_messages(), ["Enter a valid email address"]);
}

#[tokio::test]
async fn repeated_failed_logins_pause_the_account_from_that_address() {
    let app = TestApp::new().await;
    app.register("Asha Verma", "asha@example.in").await;
    for _ in 0..5 {
        let res = app.login("asha@example.in", "Wrong@2025").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    // Even the right password waits now, from this address (other addresses: see
    // tests/hardening.rs).
    let res = app.login("asha@example.in", PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = res.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 800 && retry <= 900, "{retry}");
    assert_eq!(res.body["success"], false);
}

#[tokio::test]
async fn failures_counted_by_another_instance_pause_the_account_here() {
    let app = TestApp::build(|c| c.login_failures_per_account = 3).await;
    app.register("Asha Verma", "asha@example.in").await;
    // A second instance: limits of its own in memory, the same database. Requests sent
    // straight to the router have no peer address: they come from "local".
    let other = hariyali::limits::Limits::new(app.state.db.clone(), 1000, 3);
    let here = "local";
    for _ in 0..5 {
        other.login_failed(" Asha@Example.in", here).await.unwrap();
    }
    let res = app.login("asha@example.in", PASSWORD).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    // A success from that address anywhere clears its count everywhere.
    other
        .login_succeeded("asha@example.in", here)
        .await
        .unwrap();
    let res = app.login("asha@example.in", PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK);
}

#[tokio::test]
async fn too_many_attempts_from_one_client_are_refused_with_retry_after() {
    let app = TestApp::build(|c| c.auth_rate_per_minute = 3).await;
    for _ in 0..3 {
        let res = app.login("x@example.in", "Wrong@2025").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "Asha Verma", "email": "asha@example.in", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers.contains_key(header::RETRY_AFTER));
    assert_eq!(
        res.message(),
        "Too many attempts. Please wait a moment and try again."
    );
}

#[tokio::test]
async fn signed_in_endpoints_need_a_valid_current_token() {
    let app = TestApp::new().await;
    let res = app.get("/api/auth/me", None).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(res.message(), "Please login to continue.");
    for bad in ["garbage", "a.b.c"] {
        assert_eq!(
            app.get("/api/auth/me", Some(bad)).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let (token, user) = app.register("Asha Verma", "asha@example.in").await;
    let id = user["_id"].as_str().unwrap();

    // alg "none", a foreign key and an expired token are all refused.
    use base64::Engine;
    let b64 = |v: serde_json::Value| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    };
    let exp = chrono::Utc::now().timestamp() + 3600;
    let none = format!(
        "{}.{}.",
        b64(json!({ "alg": "none", "typ": "JWT" })),
        b64(json!({ "sub": id, "ver": 0, "iat": 0, "exp": exp }))
    );
    assert_eq!(
        app.get("/api/auth/me", Some(&none)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let claims =
        hariyali::auth::tokens::TokenKeys::new(b"another-secret-another-secret-another", 1)
            .issue(id, 0)
            .unwrap();
    assert_eq!(
        app.get("/api/auth/me", Some(&claims)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let expired = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({ "sub": id, "ver": 0, "iat": 0, "exp": chrono::Utc::now().timestamp() - 60 }),
        &jsonwebtoken::EncodingKey::from_secret(ServeSecret::get().as_bytes()),
    )
    .unwrap();
    assert_eq!(
        app.get("/api/auth/me", Some(&expired)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/auth/me", Some(&token)).await.status,
        StatusCode::OK
    );
}

struct ServeSecret;
impl ServeSecret {
    fn get() -> String {
        hariyali::config::ServeConfig::for_tests()
            .jwt_secret
            .unwrap()
    }
}

#[tokio::test]
async fn the_profile_changes_name_and_address_separately() {
    let app = TestApp::new().await;
    let (token, _) = app.register("Asha Verma", "asha@example.in").await;
    let res = app
        .put(
            "/api/auth/profile",
            Some(&token),
            json!({ "name": "Asha Rao" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Profile updated successfully!");
    assert_eq!(res.body["user"]["name"], "Asha Rao");

    let address = json!({ "street": "12 MG Road, Indiranagar", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560038", "phone": "9876543210" });
    let res = app
        .put(
            "/api/auth/profile",
            Some(&token),
            json!({ "address": address }),
        )
        .await;
    assert_eq!(res.message(), "Address updated successfully!");
    assert_eq!(res.body["user"]["address"], address);
    assert_eq!(res.body["user"]["name"], "Asha Rao");

    // Fields not sent keep their value; the profile address has no format rules.
    let res = app
        .put(
            "/api/auth/profile",
            Some(&token),
            json!({ "address": { "phone": "12345" } }),
        )
        .await;
    assert_eq!(res.body["user"]["address"]["phone"], "12345");
    assert_eq!(res.body["user"]["address"]["city"], "Bengaluru");

    let me = app.get("/api/auth/me", Some(&token)).await;
    assert_eq!(
        me.body["user"]["address"]["street"],
        "12 MG Road, Indiranagar"
    );
}

#[tokio::test]
async fn the_profile_rejects_a_missing_name_and_an_empty_request() {
    let app = TestApp::new().await;
    let token = app.customer().await;
    let res = app
        .put("/api/auth/profile", Some(&token), json!({ "name": "  " }))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error_messages(), ["Name is required"]);
    let res = app.put("/api/auth/profile", Some(&token), json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = app
        .put("/api/auth/profile", None, json!({ "name": "Asha Rao" }))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn changing_the_password_ends_older_sessions() {
    let app = TestApp::new().await;
    let (token, _) = app.register("Asha Verma", "asha@example.in").await;

    let res = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": "Wrong@2025", "newPassword": "Better@2026" }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::BAD_REQUEST,
        "a wrong current password must not sign the user out"
    );
    assert_eq!(res.error_messages(), ["Current password is incorrect"]);

    let res = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": PASSWORD, "newPassword": "Ab@1" }),
        )
        .await;
    assert_eq!(
        res.error_messages(),
        ["Password must be at least 6 characters"]
    );
    let res = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": PASSWORD, "newPassword": "simplepass" }),
        )
        .await;
    assert_eq!(res.error_messages(), [PASSWORD_RULE]);
    let res = app
        .put("/api/auth/change-password", Some(&token), json!({}))
        .await;
    assert_eq!(
        res.error_messages(),
        ["Current password is required", "New password is required"]
    );

    let res = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": PASSWORD, "newPassword": "Better@2026" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Password changed successfully!");
    let fresh = res.body["token"].as_str().unwrap().to_string();

    assert_eq!(
        app.get("/api/auth/me", Some(&token)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/auth/me", Some(&fresh)).await.status,
        StatusCode::OK
    );
    let old = app.login("asha@example.in", PASSWORD).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    let new = app.login("asha@example.in", "Better@2026").await;
    assert_eq!(new.status, StatusCode::OK);
}

#[tokio::test]
async fn admins_have_profiles_too() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let res = app.get("/api/auth/me", Some(&admin)).await;
    assert_eq!(res.body["user"]["role"], "admin");
    let res = app
        .json(
            Method::PUT,
            "/api/auth/profile",
            Some(&admin),
            json!({ "name": "Head Gardener" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
}
