//! Slow and idle connections over real sockets (issue 17, finding 1): a socket that sends
//! half a request, trickles it byte by byte, or sits idle after a response is closed within
//! the header timeout; connections are capped per client address and in total with a clear
//! 503; and a normal request still answers while hundreds of idle sockets are held.

use crate::common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::TestApp;
use hariyali::config::ServeConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

struct Running {
    addr: SocketAddr,
    _app: TestApp,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

async fn serve(adjust: impl FnOnce(&mut ServeConfig)) -> Running {
    let app = TestApp::build(adjust).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(hariyali::serve(listener, app.state.clone(), async move {
        let _ = stopped.await;
    }));
    Running {
        addr,
        _app: app,
        stop: Some(stop),
    }
}

/// A connection from `source` (any 127.x.y.z address is this machine on Linux).
async fn connect_from(source: [u8; 4], to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from((source, 0)))
        .expect("bind a loopback source address");
    socket.connect(to).await.expect("connect")
}

/// Waits until the server closes `stream` (end of file or reset), at most `limit`; returns
/// how long that took and what was read meanwhile.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<(Duration, Vec<u8>)> {
    let started = Instant::now();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let left = limit.checked_sub(started.elapsed())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some((started.elapsed(), seen)),
            Ok(Ok(n)) => seen.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn idle_half_sent_and_trickling_connections_are_closed_within_the_timeout() {
    let server = serve(|c| c.header_timeout_secs = 1).await;
    let limit = Duration::from_secs(4);

    // Connects and sends nothing.
    let mut idle = TcpStream::connect(server.addr).await.unwrap();
    // Sends half a request and stops.
    let mut half = TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\n")
        .await
        .unwrap();
    // Trickles a byte every 200 ms, which never completes the head in time.
    let mut trickle = TcpStream::connect(server.addr).await.unwrap();
    let trickler = tokio::spawn(async move {
        let started = Instant::now();
        for byte in b"GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n" {
            if trickle.write_all(&[*byte]).await.is_err() {
                return (started.elapsed(), true, trickle);
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        (started.elapsed(), false, trickle)
    });
    // Finishes one request, then keeps the connection open and idle.
    let mut kept = TcpStream::connect(server.addr).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
        .await
        .unwrap();
    let mut first = [0u8; 512];
    let n = kept.read(&mut first).await.unwrap();
    assert!(
        first[..n].starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&first[..n])
    );

    for (name, stream) in [
        ("idle", &mut idle),
        ("half", &mut half),
        ("kept alive", &mut kept),
    ] {
        let (after, _) = closed_within(stream, limit)
            .await
            .unwrap_or_else(|| panic!("{name} connection still open after {limit:?}"));
        assert!(
            after < Duration::from_millis(2500),
            "{name} closed after {after:?}"
        );
    }
    let (elapsed, refused, mut trickle) = trickler.await.unwrap();
    if !refused {
        // Every byte was accepted: the server must close it now, not wait for more.
        assert!(
            closed_within(&mut trickle, Duration::from_secs(2))
                .await
                .is_some(),
            "trickling connection still open after {elapsed:?}"
        );
    } else {
        assert!(
            elapsed < Duration::from_secs(4),
            "trickle ran for {elapsed:?}"
        );
    }
}

#[tokio::test]
async fn a_normal_request_answers_while_hundreds_of_idle_connections_are_held() {
    let server = serve(|c| {
        c.header_timeout_secs = 30;
        c.max_connections_per_client = 400;
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..400 {
        idle.push(connect_from([127, 0, 0, 1], server.addr).await);
    }
    // Another address of this machine, as another customer.
    let client = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let started = Instant::now();
    let res = client
        .get(format!("http://{}/healthz", server.addr))
        .send()
        .await
        .expect("the shop answers while idle sockets are held");
    assert_eq!(res.status(), 200);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );

    // This address has used its 400: the next is refused at once, with a reason.
    let mut extra = connect_from([127, 0, 0, 1], server.addr).await;
    let (_, answer) = closed_within(&mut extra, Duration::from_secs(3))
        .await
        .expect("an over-cap connection is closed");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.contains("Too many open connections from your address"),
        "{answer}"
    );
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 5"),
        "{answer}"
    );
    drop(idle);
}

#[tokio::test]
async fn the_total_connection_cap_refuses_with_a_clear_answer_and_frees_places() {
    let server = serve(|c| {
        c.header_timeout_secs = 30;
        c.max_connections = 50;
        c.max_connections_per_client = 1000;
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..50 {
        held.push(TcpStream::connect(server.addr).await.unwrap());
    }
    // Let the server take them all before the next one knocks.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = connect_from([127, 0, 0, 3], server.addr).await;
    let (_, answer) = closed_within(&mut extra, Duration::from_secs(3))
        .await
        .expect("an over-cap connection is closed");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("very busy"), "{answer}");

    // Places come back when connections close.
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let res = reqwest::get(format!("http://{}/healthz", server.addr))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}
