//! Attacks on sessions, passwords and the browser: forged and stale tokens, common passwords,
//! brute force and assistant floods (429 with Retry-After), and the headers that keep pages
//! from running foreign scripts or being framed, with CORS closed unless configured.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use base64::Engine;
use common::{Multipart, TestApp, TestResponse, PASSWORD};
use serde_json::json;

const TOO_COMMON: &str = "This password is too common. Please choose a less predictable one.";
const SECRET: &str = "test-secret-test-secret-test-secret";

fn b64(value: serde_json::Value) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value.to_string())
}

fn sign(header: jsonwebtoken::Header, claims: serde_json::Value, secret: &str) -> String {
    jsonwebtoken::encode(
        &header,
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

async fn me(app: &TestApp, token: &str) -> TestResponse {
    app.get("/api/auth/me", Some(token)).await
}

#[tokio::test]
async fn forged_expired_and_stale_tokens_are_401() {
    let app = TestApp::new().await;
    let (token, user) = app.register("Asha Verma", "asha@example.in").await;
    let id = user["_id"].as_str().unwrap();
    let exp = chrono::Utc::now().timestamp() + 3600;
    let claims = json!({ "sub": id, "ver": 0, "iat": 0, "exp": exp });
    assert_eq!(me(&app, &token).await.status, StatusCode::OK);

    let mut forged = Vec::new();
    // alg "none" in its spellings, with and without a signature part.
    for alg in ["none", "None", "NONE", "nOnE"] {
        let unsigned = format!(
            "{}.{}",
            b64(json!({ "alg": alg, "typ": "JWT" })),
            b64(claims.clone())
        );
        forged.push((format!("alg {alg}"), format!("{unsigned}.")));
        forged.push((format!("alg {alg}, no dot"), unsigned));
    }
    // A valid token whose claims were changed afterwards (the signature no longer matches).
    let parts: Vec<&str> = token.split('.').collect();
    let other = json!({ "sub": "someone-else", "ver": 0, "iat": 0, "exp": exp });
    forged.push((
        "tampered claims".into(),
        format!("{}.{}.{}", parts[0], b64(other), parts[2]),
    ));
    // A signature flipped in one character.
    let mut flipped = token.clone();
    let last = flipped.pop().unwrap();
    flipped.push(if last == 'A' { 'B' } else { 'A' });
    forged.push(("flipped signature".into(), flipped));
    // The right claims signed with another key, or with another algorithm of the same key.
    forged.push((
        "foreign key".into(),
        sign(
            jsonwebtoken::Header::default(),
            claims.clone(),
            "another-secret-another-secret-another",
        ),
    ));
    forged.push((
        "HS512 with the shop's key".into(),
        sign(
            jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS512),
            claims.clone(),
            SECRET,
        ),
    ));
    // Expired a minute ago, beyond the leeway.
    forged.push((
        "expired".into(),
        sign(
            jsonwebtoken::Header::default(),
            json!({ "sub": id, "ver": 0, "iat": 0, "exp": chrono::Utc::now().timestamp() - 60 }),
            SECRET,
        ),
    ));
    // No expiry at all.
    forged.push((
        "no exp".into(),
        sign(
            jsonwebtoken::Header::default(),
            json!({ "sub": id, "ver": 0 }),
            SECRET,
        ),
    ));
    for (what, forged) in &forged {
        let res = me(&app, forged).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{what}");
        assert_eq!(res.body["success"], false, "{what}");
    }

    // A token issued before a password change stops working, also when freshly re-signed
    // with the old version number.
    let changed = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": PASSWORD, "newPassword": "Tulsi#Balcony7" }),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    assert_eq!(me(&app, &token).await.status, StatusCode::UNAUTHORIZED);
    let stale = sign(jsonwebtoken::Header::default(), claims, SECRET);
    assert_eq!(me(&app, &stale).await.status, StatusCode::UNAUTHORIZED);
    let fresh = changed.body["token"].as_str().unwrap();
    assert_eq!(me(&app, fresh).await.status, StatusCode::OK);
}

#[tokio::test]
async fn common_passwords_are_refused_at_sign_up_and_change() {
    let app = TestApp::new().await;
    for common_password in [
        "Password@123",
        "P@ssw0rd1",
        "Qwerty@123",
        "Welcome@123",
        "Iloveyou@1",
    ] {
        let res = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Asha Verma", "email": "asha@example.in", "password": common_password }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{common_password}");
        assert_eq!(res.error_fields(), ["password"], "{common_password}");
        assert_eq!(res.error_messages(), [TOO_COMMON], "{common_password}");
    }
    let (token, _) = app.register("Asha Verma", "asha@example.in").await;
    let res = app
        .put(
            "/api/auth/change-password",
            Some(&token),
            json!({ "currentPassword": PASSWORD, "newPassword": "Password@123" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error_messages(), [TOO_COMMON]);
    assert_eq!(
        me(&app, &token).await.status,
        StatusCode::OK,
        "nothing changed"
    );
}

fn retry_after(res: &TestResponse) -> u64 {
    res.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn sign_up_floods_are_429_with_retry_after() {
    let app = TestApp::build(|c| c.auth_rate_per_minute = 2).await;
    for i in 0..2 {
        let res = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Asha Verma", "email": format!("asha{i}@example.in"), "password": PASSWORD }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED);
    }
    let res = app
        .post(
            "/api/auth/register",
            None,
            json!({ "name": "Asha Verma", "email": "asha9@example.in", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!((1..=60).contains(&retry_after(&res)));
    assert_eq!(res.body["success"], false);
}

#[tokio::test]
async fn photos_count_toward_the_assistants_per_client_limit() {
    // Six units a minute: one message with five photos spends them all, so the same client's
    // next message waits, however small; the CPU one client can claim is bounded.
    let app = TestApp::build(|c| c.ai_rate_per_minute = 6).await;
    let leaf = common::jpeg(320, 240);
    let mut form = Multipart::new().text("message", "Is this leaf healthy?");
    for i in 0..5 {
        form = form.file("images", &format!("{i}.jpg"), "image/jpeg", &leaf);
    }
    let first = app
        .send(form.request(Method::POST, "/api/ai-chat/message", None))
        .await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let next = app
        .send(Multipart::new().text("message", "hello").request(
            Method::POST,
            "/api/ai-chat/message",
            None,
        ))
        .await;
    assert_eq!(next.status, StatusCode::TOO_MANY_REQUESTS);
    assert!((1..=60).contains(&retry_after(&next)));
    assert_eq!(next.body["error"], next.body["message"]);
}

fn assert_safety_headers(res: &TestResponse, what: &str) {
    let csp = res.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap();
    let directives: Vec<&str> = csp.split(';').map(str::trim).collect();
    assert!(directives.contains(&"script-src 'self'"), "{what}: {csp}");
    assert!(
        directives.contains(&"frame-ancestors 'none'"),
        "{what}: {csp}"
    );
    assert!(directives.contains(&"object-src 'none'"), "{what}: {csp}");
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
        "{what}: {csp}"
    );
    assert_eq!(
        res.headers[header::X_CONTENT_TYPE_OPTIONS],
        "nosniff",
        "{what}"
    );
    assert_eq!(
        res.headers[header::REFERRER_POLICY],
        "no-referrer",
        "{what}"
    );
    assert_eq!(res.headers[header::X_FRAME_OPTIONS], "DENY", "{what}");
    assert!(
        !res.headers
            .keys()
            .any(|k| k.as_str().starts_with("access-control-")),
        "{what}: CORS headers without a configured origin"
    );
}

#[tokio::test]
async fn every_response_carries_the_safety_headers_and_no_cors() {
    let app = TestApp::new().await;
    let from_elsewhere = |method: Method, path: &str| {
        TestApp::request(method, path, None)
            .header(header::ORIGIN, "https://evil.example")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .body(Body::empty())
            .unwrap()
    };
    for (what, res) in [
        ("catalogue", app.get("/api/plants", None).await),
        ("api 404", app.get("/api/nothing-here", None).await),
        ("media 404", app.get("/media/plants/none.webp", None).await),
        ("probe", app.get("/healthz", None).await),
        ("400", app.post("/api/auth/login", None, json!({})).await),
        ("401", app.get("/api/auth/me", None).await),
        (
            "cross-origin GET",
            app.send(from_elsewhere(Method::GET, "/api/plants")).await,
        ),
        (
            "preflight",
            app.send(from_elsewhere(Method::OPTIONS, "/api/auth/login"))
                .await,
        ),
    ] {
        assert_safety_headers(&res, what);
    }
}

#[tokio::test]
async fn listed_origins_and_only_they_get_cors() {
    let app = TestApp::build(|c| {
        c.cors_origins = Some(
            "https://admin.hariyali.in,http://localhost:5173"
                .parse()
                .unwrap(),
        )
    })
    .await;
    let preflight = |origin: &str| {
        TestApp::request(Method::OPTIONS, "/api/auth/login", None)
            .header(header::ORIGIN, origin)
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .header(
                header::ACCESS_CONTROL_REQUEST_HEADERS,
                "content-type,authorization",
            )
            .body(Body::empty())
            .unwrap()
    };
    let allowed = app.send(preflight("https://admin.hariyali.in")).await;
    assert!(allowed.status.is_success(), "{}", allowed.status);
    assert_eq!(
        allowed.headers[header::ACCESS_CONTROL_ALLOW_ORIGIN],
        "https://admin.hariyali.in"
    );
    let methods = allowed.headers[header::ACCESS_CONTROL_ALLOW_METHODS]
        .to_str()
        .unwrap();
    assert!(methods.contains("POST"), "{methods}");
    assert!(!allowed
        .headers
        .contains_key(header::ACCESS_CONTROL_ALLOW_CREDENTIALS));

    let refused = app.send(preflight("https://evil.example")).await;
    assert!(!refused
        .headers
        .contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN));

    let get = app
        .send(
            TestApp::request(Method::GET, "/api/plants", None)
                .header(header::ORIGIN, "http://localhost:5173")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(
        get.headers[header::ACCESS_CONTROL_ALLOW_ORIGIN],
        "http://localhost:5173"
    );
    assert!(get.headers.contains_key(header::CONTENT_SECURITY_POLICY));
}

/// Issue 21: the web app's `index.html` carries the first screen's CSS and theme.js inline; the
/// policy of every response allows exactly those two texts, by their sha256 hashes (a browser
/// would otherwise drop them: an unstyled first screen, a theme that flashes).
#[tokio::test]
async fn the_policy_allows_the_inline_style_and_script_of_index_html_by_hash() {
    use base64::Engine as _;
    use sha2::Digest as _;
    const STYLE: &str = ".nav{position:sticky}:root{--paper:#fbfbf7}";
    const SCRIPT: &str = "document.documentElement.dataset.theme='light'";
    let index = format!(
        "<!doctype html><html lang=\"en\"><head><!--hariyali:head--><title>H</title><!--/hariyali:head-->\
<script>{SCRIPT}</script><style>{STYLE}</style></head><body><div id=\"root\"></div>\
<link rel=\"stylesheet\" href=\"/assets/index.css\"></body></html>"
    );
    let web = tempfile::tempdir().unwrap().keep();
    std::fs::write(web.join("index.html"), &index).unwrap();
    let app = TestApp::build(|c| c.web_dir = web).await;
    let hash = |text: &str| {
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes()))
    };
    for path in ["/", "/catalogue", "/cart", "/api/plants", "/healthz"] {
        let res = app.get(path, None).await;
        let csp = res.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
            .to_string();
        let directives: Vec<&str> = csp.split(';').map(str::trim).collect();
        let script_src = format!("script-src 'self' 'sha256-{}'", hash(SCRIPT));
        let style_src = format!("style-src 'self' 'sha256-{}'", hash(STYLE));
        assert!(directives.contains(&script_src.as_str()), "{path}: {csp}");
        assert!(directives.contains(&style_src.as_str()), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
    }
    // The pages serve those very texts.
    let page = app.get("/catalogue", None).await;
    let html = String::from_utf8(page.bytes).unwrap();
    assert!(html.contains(&format!("<style>{STYLE}</style>")), "{html}");
    assert!(
        html.contains(&format!("<script>{SCRIPT}</script>")),
        "{html}"
    );
}
