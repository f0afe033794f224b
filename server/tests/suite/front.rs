//! Issue 21: plain health probes, and the catalogue's public reads while the response cache
//! holds them, are answered ahead of the middleware stack, over real HTTP, with exactly the
//! stack's headers and bytes and a request id of their own.

use std::collections::BTreeMap;

use axum::http::Method;

use crate::common::{Multipart, TestApp};

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

/// Status, lasting headers, declared length and bytes of an answer: what a copy must
/// reproduce exactly.
type Answer = (u16, BTreeMap<String, Vec<String>>, Option<String>, Vec<u8>);

async fn answer(res: reqwest::Response) -> Answer {
    let id = res.headers()["x-request-id"].to_str().unwrap().to_string();
    assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
    let headers = lasting(&res);
    let length = res
        .headers()
        .get("content-length")
        .map(|v| v.to_str().unwrap().to_string());
    (
        res.status().as_u16(),
        headers,
        length,
        res.bytes().await.unwrap().to_vec(),
    )
}

/// A shop whose cached answers stay fresh for the whole test unless the catalogue changes, so
/// the stack's answer and the copy's come from the same cache entry.
async fn shop(adjust: impl FnOnce(&mut hariyali::config::ServeConfig)) -> TestApp {
    TestApp::build(|c| {
        c.catalogue_cache_ms = 600_000;
        c.public_url = Some("https://hariyali.example".into());
        adjust(c);
    })
    .await
}

async fn metrics(base: &str) -> String {
    reqwest::get(format!("{base}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// The value of one gauge or the sum of one counter's series that carry every label given.
fn metric(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|line| {
            line.starts_with(name)
                && line[name.len()..].starts_with(['{', ' '])
                && labels.iter().all(|l| line.contains(l))
        })
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[tokio::test]
async fn a_kept_catalogue_answer_is_the_stacks_for_every_encoding() {
    let app = shop(|_| {}).await;
    let admin = app.admin().await;
    let palm = app.add_plant(&admin, "Areca Palm", 499, 10).await;
    for (n, name) in [
        "Boston Fern",
        "Snake Plant",
        "Money Plant",
        "Jade Plant",
        "Aloe Vera",
    ]
    .into_iter()
    .enumerate()
    {
        app.add_plant(&admin, name, 150 + n as i64, 5).await;
    }
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();
    let before = metrics(&base).await;
    let paths = [
        "/api/plants".to_string(),
        "/api/plants?view=card&limit=12&sortBy=price&sortOrder=asc".to_string(),
        format!("/api/plants/{palm}"),
    ];
    let encodings = [
        None,
        Some("gzip"),
        Some("br"),
        Some("gzip, deflate, br, zstd"),
    ];
    let mut asked = 0.0;
    for path in &paths {
        for encoding in encodings {
            let get = |private: bool| {
                let mut request = client.get(format!("{base}{path}"));
                if let Some(encoding) = encoding {
                    request = request.header("accept-encoding", encoding);
                }
                if private {
                    // A cookie sends the request through the whole stack.
                    request = request.header("cookie", "theme=dark");
                }
                request.send()
            };
            let first = answer(get(false).await.unwrap()).await;
            let copy = answer(get(false).await.unwrap()).await;
            let stack = answer(get(true).await.unwrap()).await;
            asked += 3.0;
            assert_eq!(first.0, 200, "{path} {encoding:?}");
            assert_eq!(
                copy, first,
                "{path} {encoding:?}: the copy differs from the answer it was kept from"
            );
            assert_eq!(
                copy, stack,
                "{path} {encoding:?}: the copy differs from the stack's answer"
            );
            let coding = copy.1.get("content-encoding").map(|v| v[0].as_str());
            let expected = match encoding {
                None => None,
                Some("gzip") => Some("gzip"),
                Some(_) => Some("br"),
            };
            assert_eq!(coding, expected, "{path} {encoding:?}");
            for must in [
                "etag",
                "vary",
                "content-security-policy",
                "strict-transport-security",
            ] {
                assert!(copy.1.contains_key(must), "{must}: {:?}", copy.1);
            }
        }
    }
    // Four encodings of three paths, of which two share a variant (br).
    let text = metrics(&base).await;
    assert_eq!(metric(&text, "hariyali_front_copies", &[]), 9.0, "{text}");
    // Every answer counted as a request, copies included.
    let served = |text: &str| {
        metric(
            text,
            "hariyali_http_requests_total",
            &["route=\"/api/plants\"", "method=\"GET\"", "status=\"200\""],
        ) + metric(
            text,
            "hariyali_http_requests_total",
            &[
                "route=\"/api/plants/{id}\"",
                "method=\"GET\"",
                "status=\"200\"",
            ],
        )
    };
    assert_eq!(served(&text) - served(&before), asked, "{text}");
}

#[tokio::test]
async fn a_kept_answer_gives_the_stacks_304_and_head() {
    let app = shop(|_| {}).await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();
    for encoding in ["identity", "br"] {
        let url = format!("{base}/api/plants?limit=6");
        let first = client
            .get(&url)
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        let etag = first.headers()["etag"].to_str().unwrap().to_string();
        let body = first.bytes().await.unwrap();
        for held in [
            etag.clone(),
            format!("W/{etag}"),
            format!("\"other\", {etag}"),
        ] {
            let ask = |private: bool| {
                let mut request = client
                    .get(&url)
                    .header("accept-encoding", encoding)
                    .header("if-none-match", &held);
                if private {
                    request = request.header("cookie", "theme=dark");
                }
                request.send()
            };
            let copy = answer(ask(false).await.unwrap()).await;
            let stack = answer(ask(true).await.unwrap()).await;
            assert_eq!(copy.0, 304, "{held}");
            assert_eq!(copy, stack, "{encoding} {held}");
            assert!(
                copy.1.contains_key("etag") && copy.1.contains_key("vary"),
                "{:?}",
                copy.1
            );
        }
        // Another ETag: the whole answer.
        let changed = client
            .get(&url)
            .header("accept-encoding", encoding)
            .header("if-none-match", "\"older\"")
            .send()
            .await
            .unwrap();
        assert_eq!(changed.status(), 200);
        assert_eq!(changed.bytes().await.unwrap(), body);

        // HEAD: the GET's headers and length, no body.
        let head = |private: bool| {
            let mut request = client.head(&url).header("accept-encoding", encoding);
            if private {
                request = request.header("cookie", "theme=dark");
            }
            request.send()
        };
        let copy = head(false).await.unwrap();
        let stack = head(true).await.unwrap();
        assert_eq!(copy.status(), 200);
        assert_eq!(
            copy.headers().get("content-length"),
            stack.headers().get("content-length")
        );
        assert_eq!(
            copy.headers()["content-length"].to_str().unwrap(),
            body.len().to_string()
        );
        assert_eq!(answer(copy).await, answer(stack).await);
    }
}

#[tokio::test]
async fn an_admin_edit_shows_at_once_through_the_copies() {
    let app = shop(|_| {}).await;
    let admin = app.admin().await;
    let palm = app.add_plant(&admin, "Areca Palm", 499, 10).await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();
    let price = |path: String| {
        let client = client.clone();
        async move {
            let body: serde_json::Value =
                client.get(path).send().await.unwrap().json().await.unwrap();
            body.get("plant").map_or_else(
                || body["plants"][0]["price"].clone(),
                |p| p["price"].clone(),
            )
        }
    };
    let list = format!("{base}/api/plants");
    let detail = format!("{base}/api/plants/{palm}");
    for _ in 0..3 {
        assert_eq!(price(list.clone()).await, 499);
        assert_eq!(price(detail.clone()).await, 499);
    }
    let edit = Multipart::plant("Areca Palm")
        .text("price", "599")
        .text("originalPrice", "699")
        .request(Method::PUT, &format!("/api/plants/{palm}"), Some(&admin));
    // The admin's edit goes to this instance's state (as over HTTP).
    assert_eq!(app.send(edit).await.status, 200);
    assert_eq!(price(list.clone()).await, 599);
    assert_eq!(price(detail.clone()).await, 599);
    assert_eq!(price(list).await, 599);

    // A deleted plant is gone at once too.
    assert_eq!(
        app.delete(&format!("/api/plants/{palm}"), Some(&admin))
            .await
            .status,
        200
    );
    assert_eq!(client.get(&detail).send().await.unwrap().status(), 404);
}

#[tokio::test]
async fn strangers_query_strings_are_kept_only_up_to_the_bound() {
    let app = shop(|_| {}).await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();
    let hot = format!("{base}/api/plants");
    let kept = answer(client.get(&hot).send().await.unwrap()).await;
    for n in 1..=100 {
        let res = client
            .get(format!("{base}/api/plants?limit={n}"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
    let text = metrics(&base).await;
    let copies = metric(&text, "hariyali_front_copies", &[]);
    assert_eq!(
        copies,
        hariyali::http::front_copy::MAX_COPIES as f64,
        "{text}"
    );
    assert!(
        metric(&text, "hariyali_front_copy_bytes", &[])
            <= hariyali::http::front_copy::MAX_BYTES as f64
    );
    // Past the bound the stack answers, and what was kept first is still served.
    let res = client
        .get(format!("{base}/api/plants?limit=150"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(answer(client.get(&hot).send().await.unwrap()).await, kept);
}

#[tokio::test]
async fn private_and_cross_origin_requests_are_neither_kept_nor_answered_by_a_copy() {
    let app = shop(|c| {
        c.cors_origins = Some(hariyali::config::CorsOrigins(vec!["https://shop.example"
            .parse()
            .unwrap()]));
    })
    .await;
    let customer = app.customer().await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();
    let url = format!("{base}/api/plants");
    for _ in 0..2 {
        let signed_in = client
            .get(&url)
            .bearer_auth(&customer)
            .send()
            .await
            .unwrap();
        assert_eq!(signed_in.status(), 200);
        let cookie = client
            .get(&url)
            .header("cookie", "session=1")
            .send()
            .await
            .unwrap();
        assert_eq!(cookie.status(), 200);
    }
    let text = metrics(&base).await;
    assert_eq!(
        metric(&text, "hariyali_front_copies", &[]),
        0.0,
        "nothing kept from a private request: {text}"
    );

    // Once a public answer is kept, a cross-origin request still gets the stack's CORS answer.
    client.get(&url).send().await.unwrap();
    client.get(&url).send().await.unwrap();
    let cross = client
        .get(&url)
        .header("origin", "https://shop.example")
        .send()
        .await
        .unwrap();
    assert_eq!(
        cross.headers()["access-control-allow-origin"],
        "https://shop.example"
    );
}

/// Reads whole HTTP/1.1 answers (head plus `content-length` bytes) from `stream` until `count`
/// have arrived; returns each one's head and body.
async fn read_answers(stream: &mut tokio::net::TcpStream, count: usize) -> Vec<(String, Vec<u8>)> {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let mut answers = Vec::new();
    let mut buf = [0u8; 65536];
    while answers.len() < count {
        let n = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut buf))
            .await
            .expect("an answer within 5 s")
            .unwrap();
        assert!(n > 0, "closed after {} answers", answers.len());
        got.extend_from_slice(&buf[..n]);
        while let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8(got[..end].to_vec()).unwrap();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .map_or(0, |v| v.trim().parse().unwrap());
            if got.len() < end + 4 + length {
                break;
            }
            let body = got[end + 4..end + 4 + length].to_vec();
            got.drain(..end + 4 + length);
            answers.push((head, body));
        }
    }
    answers
}

fn header_of<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(": ")))
}

#[tokio::test]
async fn probes_before_hyper_keep_order_ids_and_the_connections_rules() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::build(|_| {}).await;
    let (addr, stop) = app.serve_on_loopback().await;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let probe = b"GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n";

    // Plain probes one after another: each its own fresh id, the stack's body.
    let mut ids = std::collections::HashSet::new();
    for _ in 0..3 {
        stream.write_all(probe).await.unwrap();
        let answer = read_answers(&mut stream, 1).await.remove(0);
        assert!(answer.0.starts_with("HTTP/1.1 200 OK\r\n"), "{}", answer.0);
        assert_eq!(answer.1, br#"{"status":"ok"}"#);
        assert!(header_of(&answer.0, "date").is_some_and(|d| d.ends_with(" GMT")));
        assert!(ids.insert(header_of(&answer.0, "x-request-id").unwrap().to_string()));
    }
    // A load balancer's own id is echoed; an unsafe one is replaced.
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Request-Id: lb-probe-7\r\n\r\n")
        .await
        .unwrap();
    let answer = read_answers(&mut stream, 1).await.remove(0);
    assert_eq!(header_of(&answer.0, "x-request-id"), Some("lb-probe-7"));
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Request-Id: <script>\r\n\r\n")
        .await
        .unwrap();
    let answer = read_answers(&mut stream, 1).await.remove(0);
    assert_ne!(header_of(&answer.0, "x-request-id"), Some("<script>"));
    assert!(!answer.0.contains("<script>"), "{}", answer.0);

    // A probe and a catalogue read sent together: both answered, in the order sent.
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\nGET /api/plants?limit=1 HTTP/1.1\r\nHost: shop\r\n\r\n")
        .await
        .unwrap();
    let answers = read_answers(&mut stream, 2).await;
    assert_eq!(answers[0].1, br#"{"status":"ok"}"#);
    assert!(answers[1].0.starts_with("HTTP/1.1 200"), "{}", answers[1].0);
    assert!(answers[1].1.starts_with(b"{"), "the catalogue second");
    // After hyper took the connection, probes still get the same answer.
    stream.write_all(probe).await.unwrap();
    let answer = read_answers(&mut stream, 1).await.remove(0);
    assert_eq!(answer.1, br#"{"status":"ok"}"#);
    // `Connection: close` is honoured: answered, then closed.
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_answers(&mut stream, 1).await.remove(0);
    assert!(answer.0.contains("connection: close"), "{}", answer.0);
    let mut rest = [0u8; 16];
    let n = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut rest))
        .await
        .expect("closed")
        .unwrap_or(0);
    assert_eq!(n, 0, "nothing after the close");

    // A connection that has only probed is closed when the server stops.
    let mut prober = tokio::net::TcpStream::connect(addr).await.unwrap();
    prober.write_all(probe).await.unwrap();
    read_answers(&mut prober, 1).await;
    stop.send(()).unwrap();
    let n = tokio::time::timeout(std::time::Duration::from_secs(5), prober.read(&mut rest))
        .await
        .expect("a probing connection closed on shutdown")
        .unwrap_or(0);
    assert_eq!(n, 0);
}

#[tokio::test]
async fn a_probe_split_over_two_writes_is_still_answered() {
    use tokio::io::AsyncWriteExt;
    let app = TestApp::build(|_| {}).await;
    let (addr, _stop) = app.serve_on_loopback().await;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.set_nodelay(true).unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHo")
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    stream.write_all(b"st: shop\r\n\r\n").await.unwrap();
    let answer = read_answers(&mut stream, 1).await.remove(0);
    assert!(answer.0.starts_with("HTTP/1.1 200 OK\r\n"), "{}", answer.0);
    assert_eq!(answer.1, br#"{"status":"ok"}"#);
}
