//! Issue 21: cached bodies leave by sendfile from a memfd (http/zero_copy.rs). Over real
//! sockets: the bytes are exactly the cache's for GET, none for HEAD, the compressed forms
//! unchanged; keep-alive, pipelined requests, a reader slower than the socket buffer and a
//! client that closes halfway through a body all behave as with plain writes.

use std::io::Read;
use std::net::SocketAddr;
use std::time::Duration;

use hariyali::http::zero_copy;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::common::TestApp;

const LIST: &str = "/api/plants";

/// The demo shop with the one-second cache on (the tests' default is off), served on
/// loopback.
async fn shop() -> (TestApp, SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let app = TestApp::build(|c| {
        c.demo = Some(hariyali::config::BoolFlag(true));
        c.catalogue_cache_ms = 60_000;
    })
    .await;
    let (addr, stop) = app.serve_on_loopback().await;
    (app, addr, stop)
}

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads one response from `stream` (content-length framed; `head_only` for HEAD), keeping
/// what follows it in `pending`.
async fn read_answer(stream: &mut TcpStream, pending: &mut Vec<u8>, head_only: bool) -> Answer {
    let mut buf = [0u8; 8192];
    let head_end = loop {
        if let Some(at) = pending.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = stream.read(&mut buf).await.expect("read head");
        assert!(n > 0, "closed before a whole head");
        pending.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8(pending[..head_end].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap();
            (n.trim().to_string(), v.trim().to_string())
        })
        .collect();
    pending.drain(..head_end);
    let length: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .map(|(_, v)| v.parse().unwrap())
        .unwrap_or(0);
    let length = if head_only { 0 } else { length };
    while pending.len() < length {
        let n = stream.read(&mut buf).await.expect("read body");
        assert!(n > 0, "closed in the middle of a body");
        pending.extend_from_slice(&buf[..n]);
    }
    let body = pending.drain(..length).collect();
    Answer {
        status,
        headers,
        body,
    }
}

fn request(method: &str, path: &str, extra: &str) -> String {
    format!("{method} {path} HTTP/1.1\r\nHost: shop\r\n{extra}\r\n")
}

/// The catalogue's bytes as the router makes them, without a socket.
async fn expected(app: &TestApp) -> Vec<u8> {
    let reply = app.get(LIST, None).await;
    assert_eq!(reply.status, 200);
    reply.bytes
}

#[tokio::test]
async fn get_head_and_compressed_forms_over_one_kept_alive_connection() {
    let (app, addr, _stop) = shop().await;
    let plain = expected(&app).await;
    assert!(
        plain.len() >= zero_copy::MIN_MIRRORED,
        "the demo catalogue page ({} bytes) is large enough to be mirrored",
        plain.len()
    );
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut pending = Vec::new();
    for round in 0..3 {
        let before = zero_copy::sent_by_sendfile();
        stream
            .write_all(request("GET", LIST, "").as_bytes())
            .await
            .unwrap();
        let answer = read_answer(&mut stream, &mut pending, false).await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.body, plain, "round {round}: the cached bytes exactly");
        assert!(answer.header("content-security-policy").is_some());
        assert!(answer.header("x-request-id").is_some());
        assert!(answer.header("etag").is_some());
        assert!(
            zero_copy::sent_by_sendfile() >= before + plain.len(),
            "the body left by sendfile"
        );
    }

    // HEAD: the same head, no body (the next response on the connection must parse).
    stream
        .write_all(request("HEAD", LIST, "").as_bytes())
        .await
        .unwrap();
    let head = read_answer(&mut stream, &mut pending, true).await;
    assert_eq!(head.status, 200);
    assert_eq!(
        head.header("content-length"),
        Some(plain.len().to_string().as_str())
    );

    // The stored compressed forms.
    for coding in ["gzip", "br"] {
        stream
            .write_all(request("GET", LIST, &format!("Accept-Encoding: {coding}\r\n")).as_bytes())
            .await
            .unwrap();
        let answer = read_answer(&mut stream, &mut pending, false).await;
        assert_eq!(answer.header("content-encoding"), Some(coding));
        let mut unpacked = Vec::new();
        if coding == "gzip" {
            flate2::read::GzDecoder::new(&answer.body[..])
                .read_to_end(&mut unpacked)
                .unwrap();
        } else {
            brotli::BrotliDecompress(&mut &answer.body[..], &mut unpacked).unwrap();
        }
        assert_eq!(unpacked, plain);
    }

    // A conditional request still gets its 304, and the connection goes on.
    let etag = head.header("etag").unwrap().to_string();
    stream
        .write_all(request("GET", LIST, &format!("If-None-Match: {etag}\r\n")).as_bytes())
        .await
        .unwrap();
    let not_modified = read_answer(&mut stream, &mut pending, false).await;
    assert_eq!(not_modified.status, 304);
    assert!(not_modified.body.is_empty());
    stream
        .write_all(request("GET", LIST, "").as_bytes())
        .await
        .unwrap();
    assert_eq!(read_answer(&mut stream, &mut pending, false).await.body, plain);
    assert!(pending.is_empty());
}

#[tokio::test]
async fn pipelined_requests_come_back_whole_and_in_order() {
    let (app, addr, _stop) = shop().await;
    let plain = expected(&app).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    // Mirrored bodies, a HEAD, small answers and a compressed form, all in one write.
    let sequence = [
        ("GET", LIST, ""),
        ("GET", "/healthz", ""),
        ("HEAD", LIST, ""),
        ("GET", LIST, ""),
        ("GET", LIST, "Accept-Encoding: gzip\r\n"),
        ("GET", "/api/plants/categories/list", ""),
        ("GET", LIST, ""),
    ];
    let all: String = sequence
        .iter()
        .map(|(m, p, e)| request(m, p, e))
        .collect();
    stream.write_all(all.as_bytes()).await.unwrap();
    let mut pending = Vec::new();
    for (method, path, extra) in sequence {
        let answer = read_answer(&mut stream, &mut pending, method == "HEAD").await;
        assert_eq!(answer.status, 200, "{method} {path}");
        if path == LIST && method == "GET" && extra.is_empty() {
            assert_eq!(answer.body, plain);
        }
        if path == "/healthz" {
            assert!(answer.body.len() < 100);
        }
    }
    assert!(pending.is_empty(), "nothing after the last answer");
}

#[tokio::test]
async fn a_slow_reader_gets_every_byte_and_others_are_not_held_up() {
    let (app, addr, _stop) = shop().await;
    let plain = expected(&app).await;
    // A small receive buffer, so each body fills the socket many times over and the server
    // keeps meeting a full socket (partial sendfiles, then waiting for writability).
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut slow = socket.connect(addr).await.unwrap();
    const COUNT: usize = 12;
    let all: String = (0..COUNT).map(|_| request("GET", LIST, "")).collect();
    slow.write_all(all.as_bytes()).await.unwrap();

    // Meanwhile another client is served at once.
    let other = tokio::time::timeout(Duration::from_secs(5), async {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(request("GET", LIST, "").as_bytes())
            .await
            .unwrap();
        read_answer(&mut stream, &mut Vec::new(), false).await
    })
    .await
    .expect("another client is not held up");
    assert_eq!(other.body, plain);

    // The slow client reads a little at a time.
    let mut received = Vec::new();
    let mut chunk = [0u8; 1024];
    let mut bodies = Vec::new();
    while bodies.len() < COUNT {
        let n = tokio::time::timeout(Duration::from_secs(10), slow.read(&mut chunk))
            .await
            .expect("data keeps coming")
            .unwrap();
        assert!(n > 0, "closed early");
        received.extend_from_slice(&chunk[..n]);
        tokio::time::sleep(Duration::from_millis(1)).await;
        // Parse whatever whole answers have arrived.
        loop {
            let Some(head_end) = received.windows(4).position(|w| w == b"\r\n\r\n") else {
                break;
            };
            let head = String::from_utf8_lossy(&received[..head_end]).to_lowercase();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .unwrap()
                .trim()
                .parse()
                .unwrap();
            if received.len() < head_end + 4 + length {
                break;
            }
            bodies.push(received[head_end + 4..head_end + 4 + length].to_vec());
            received.drain(..head_end + 4 + length);
        }
    }
    assert!(bodies.iter().all(|b| *b == plain));
}

#[tokio::test]
async fn a_client_closing_halfway_through_a_body_harms_nothing() {
    let (app, addr, _stop) = shop().await;
    let plain = expected(&app).await;
    for _ in 0..20 {
        let socket = TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let mut stream = socket.connect(addr).await.unwrap();
        let all: String = (0..8).map(|_| request("GET", LIST, "")).collect();
        stream.write_all(all.as_bytes()).await.unwrap();
        let mut some = [0u8; 3000];
        let _ = stream.read(&mut some).await.unwrap();
        // Closing with unread data makes the kernel reset the connection: the server's next
        // sendfile fails (EPIPE / ECONNRESET) and that connection ends.
        drop(stream);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(request("GET", LIST, "").as_bytes())
        .await
        .unwrap();
    assert_eq!(
        read_answer(&mut stream, &mut Vec::new(), false).await.body,
        plain,
        "the server still answers"
    );
    // Every registration went with its body: only the live cache entries' remain.
    assert!(zero_copy::mirrored_now() <= 4);
}

#[tokio::test]
async fn with_the_cache_off_bodies_are_written_as_before() {
    let app = TestApp::demo().await;
    let (addr, _stop) = app.serve_on_loopback().await;
    let plain = expected(&app).await;
    let before = zero_copy::sent_by_sendfile();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(request("GET", LIST, "").as_bytes())
        .await
        .unwrap();
    assert_eq!(
        read_answer(&mut stream, &mut Vec::new(), false).await.body,
        plain
    );
    assert_eq!(
        zero_copy::sent_by_sendfile(),
        before,
        "a one-off answer has no memfd"
    );
}
