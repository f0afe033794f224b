//! Issue 21: plain health probes are answered ahead of the middleware stack, over real HTTP,
//! with exactly the stack's headers and a request id of their own.

use std::collections::BTreeMap;

use crate::common::TestApp;

async fn serve(app: &TestApp) -> (String, tokio::sync::oneshot::Sender<()>) {
    let (addr, stop) = app.serve_on_loopback().await;
    (format!("http://{addr}"), stop)
}

/// Every header but the ones that differ per response or that hyper frames the body with.
fn lasting(res: &reqwest::Response) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, value) in res.headers() {
        if [
            "x-request-id",
            "date",
            "content-length",
            "transfer-encoding",
        ]
        .contains(&name.as_str())
        {
            continue;
        }
        out.entry(name.to_string())
            .or_default()
            .push(value.to_str().unwrap().to_string());
    }
    out
}

#[tokio::test]
async fn a_plain_probe_gets_the_stacks_answer_with_its_own_request_id() {
    let app = TestApp::build(|c| c.public_url = Some("https://hariyali.example".into())).await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();

    let fast = client.get(format!("{base}/healthz")).send().await.unwrap();
    // A query makes it a probe that is not plain: the whole stack answers it.
    let full = client
        .get(format!("{base}/healthz?via=stack"))
        .send()
        .await
        .unwrap();
    assert_eq!(fast.status(), 200);
    assert_eq!(full.status(), 200);
    let fast_headers = lasting(&fast);
    assert_eq!(
        fast_headers,
        lasting(&full),
        "the same headers as the stack's"
    );
    for must in [
        "content-security-policy",
        "x-content-type-options",
        "strict-transport-security",
        "permissions-policy",
    ] {
        assert!(fast_headers.contains_key(must), "{must}: {fast_headers:?}");
    }
    let id = fast.headers()["x-request-id"].to_str().unwrap().to_string();
    assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
    assert_eq!(fast.text().await.unwrap(), full.text().await.unwrap());

    // Each probe its own id; a safe id from the client is kept, an unsafe one replaced.
    let again = client.get(format!("{base}/healthz")).send().await.unwrap();
    assert_ne!(again.headers()["x-request-id"].to_str().unwrap(), id);
    let kept = client
        .get(format!("{base}/healthz"))
        .header("x-request-id", "probe-7.a:b")
        .send()
        .await
        .unwrap();
    assert_eq!(kept.headers()["x-request-id"], "probe-7.a:b");
    let replaced = client
        .get(format!("{base}/healthz"))
        .header("x-request-id", "forged\"} level=ERROR")
        .send()
        .await
        .unwrap();
    let echoed = replaced.headers()["x-request-id"].to_str().unwrap();
    assert!(uuid::Uuid::parse_str(echoed).is_ok(), "{echoed}");

    // HEAD: the headers without a body.
    let head = client.head(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(lasting(&head)["content-type"], fast_headers["content-type"]);
    assert_eq!(head.text().await.unwrap(), "");

    // Other methods still get the stack's JSON 405.
    let post = client.post(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(post.status(), 405);
}
