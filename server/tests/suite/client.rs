//! A running shop over real HTTP, for the tests and examples that start the binary: a free
//! port to start it on, and signing in. Included with `#[path]`, so examples share it too.
#![allow(dead_code)]

use serde_json::{json, Value};

/// A loopback port nobody listens on right now (the OS picks it, the listener is dropped).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind a loopback port")
        .local_addr()
        .expect("its address")
        .port()
}

/// Signs in through `POST /api/auth/login` and returns the token; anything but 200 panics.
pub async fn sign_in(client: &reqwest::Client, base: &str, email: &str, password: &str) -> String {
    let res = client
        .post(format!("{base}/api/auth/login"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("the shop answers");
    assert_eq!(res.status(), 200, "sign in as {email}");
    let body: Value = res.json().await.expect("a JSON answer");
    body["token"].as_str().expect("a token").to_string()
}
