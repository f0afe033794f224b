//! Plain health probes answered before hyper sees the connection (issue 21).
//!
//! `http/front.rs` already answers a plain `GET /healthz` ahead of the middleware stack, yet a
//! probe still paid for hyper's per-request machinery: its head parser and header map, a
//! boxed head-read timer armed and dropped per request, the dispatcher, the response encoder
//! and its write queue. `perf` put that at about a third of a probe's CPU, the rest being
//! the kernel's loopback exchange (`bench/README.md`). Here a new connection is first read
//! by a small loop: while each read holds exactly one complete, plain probe head (no body, no
//! query, no `Origin`, no `Connection`, `Upgrade` or `Expect`, HTTP/1.1), it writes the
//! stack's answer, kept at start by `FixedAnswers::capture`, with a date and a request id of
//! its own in one `write`. The first read that holds anything else, or half a head, or two
//! requests, is handed to hyper together with the rest of the socket, so hyper answers it
//! and everything after it, in order, with all its rules. A connection that only ever probes
//! never reaches hyper.
//!
//! What the loop keeps of hyper's rules: a head must arrive within the header timeout after
//! the connection opens and after each answer (one timer per connection, reset per answer),
//! a client that closes or errs is dropped, and shutdown closes the connection between two
//! probes. The request id follows the stack's rule (`request_id::for_answer`).

use std::cell::RefCell;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::{header, HeaderMap, StatusCode};
use bytes::{Buf, Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

use super::observe::is_safe_request_id_bytes;
use super::request_id;

/// The path a probe asks for (`http/front.rs` answers it too).
pub(super) const PATH: &str = "/healthz";
/// A probe's head is a few hundred bytes; a read of more is not a lone probe.
const READ_SIZE: usize = 2048;
/// More header lines than a probe sends: the head is handed to hyper.
const MAX_HEADERS: usize = 24;
/// Headers that ask for more than a plain answer: a body, CORS, a change of protocol or
/// of the connection's life. hyper handles those.
const NOT_PLAIN: [&str; 6] = [
    "content-length",
    "transfer-encoding",
    "origin",
    "connection",
    "upgrade",
    "expect",
];

/// The stack's answer to a plain probe, encoded once: the status line and every lasting
/// header; the date, the request id and the blank line are added per answer.
pub struct ProbeAnswer {
    head: Vec<u8>,
    body: Bytes,
}

impl ProbeAnswer {
    /// Encodes `status`, `headers` (without date, length or request id) and `body`.
    pub fn encode(status: StatusCode, headers: &HeaderMap, body: Bytes) -> ProbeAnswer {
        let mut head = Vec::with_capacity(1024);
        head.extend_from_slice(b"HTTP/1.1 ");
        head.extend_from_slice(status.as_str().as_bytes());
        head.push(b' ');
        head.extend_from_slice(status.canonical_reason().unwrap_or("").as_bytes());
        head.extend_from_slice(b"\r\n");
        for (name, value) in headers {
            if name == header::DATE || name == header::CONTENT_LENGTH || name == request_id::HEADER
            {
                continue;
            }
            head.extend_from_slice(name.as_str().as_bytes());
            head.extend_from_slice(b": ");
            head.extend_from_slice(value.as_bytes());
            head.extend_from_slice(b"\r\n");
        }
        head.extend_from_slice(format!("content-length: {}\r\n", body.len()).as_bytes());
        ProbeAnswer { head, body }
    }

    /// Appends the whole answer, with `id` and the current date, to `out`.
    fn write_to(&self, out: &mut Vec<u8>, id: &[u8]) {
        out.extend_from_slice(&self.head);
        out.extend_from_slice(b"x-request-id: ");
        out.extend_from_slice(id);
        out.extend_from_slice(b"\r\ndate: ");
        http_date(out);
        out.extend_from_slice(b"\r\n\r\n");
        out.extend_from_slice(&self.body);
    }
}

/// What a read held.
#[derive(Debug, PartialEq, Eq)]
pub enum Head<'a> {
    /// Exactly one plain probe; the client's request id when it sent exactly one that is
    /// safe to echo.
    Probe(Option<&'a [u8]>),
    /// Anything else: hyper reads it.
    Other,
}

/// Reads `bytes` as the stack would decide whether a probe is plain.
pub fn read_head(bytes: &[u8]) -> Head<'_> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(bytes) {
        Ok(httparse::Status::Complete(len)) if len == bytes.len() => {}
        _ => return Head::Other,
    }
    if request.method != Some("GET") || request.path != Some(PATH) || request.version != Some(1) {
        return Head::Other;
    }
    let mut client_id = None;
    let mut ids = 0;
    for line in request.headers.iter() {
        if NOT_PLAIN.iter().any(|n| line.name.eq_ignore_ascii_case(n)) {
            return Head::Other;
        }
        if line.name.eq_ignore_ascii_case(request_id::HEADER.as_str()) {
            ids += 1;
            client_id = Some(line.value);
        }
    }
    Head::Probe(client_id.filter(|id| ids == 1 && is_safe_request_id_bytes(id)))
}

/// How the probe loop ended.
pub enum AfterProbes {
    /// hyper serves the rest: what was read and not answered comes first.
    Handoff(Prefixed<TcpStream>),
    /// The connection is over (closed, failed, timed out, or the server is stopping).
    Closed,
}

/// Answers plain probes on `stream` until something else arrives; see the module's comment.
pub async fn answer_plain_probes(
    mut stream: TcpStream,
    answer: &ProbeAnswer,
    head_timeout: Duration,
    stopping: &mut tokio::sync::watch::Receiver<bool>,
) -> AfterProbes {
    if *stopping.borrow() {
        return AfterProbes::Closed;
    }
    let stop = stopping.changed();
    tokio::pin!(stop);
    let deadline = tokio::time::sleep(head_timeout);
    tokio::pin!(deadline);
    let mut read = BytesMut::with_capacity(READ_SIZE);
    let mut out = Vec::with_capacity(1024);
    loop {
        read.clear();
        read.reserve(READ_SIZE);
        tokio::select! {
            biased;
            got = stream.read_buf(&mut read) => match got {
                Ok(0) | Err(_) => return AfterProbes::Closed,
                Ok(_) => {}
            },
            _ = &mut stop => return AfterProbes::Closed,
            () = &mut deadline => return AfterProbes::Closed,
        }
        out.clear();
        match read_head(&read) {
            Head::Probe(Some(client)) => answer.write_to(&mut out, client),
            Head::Probe(None) => answer.write_to(&mut out, &request_id::fresh_text()),
            Head::Other => return AfterProbes::Handoff(Prefixed::new(read.freeze(), stream)),
        }
        if stream.write_all(&out).await.is_err() {
            return AfterProbes::Closed;
        }
        deadline
            .as_mut()
            .reset(tokio::time::Instant::now() + head_timeout);
    }
}

/// Formats the current time as an HTTP date into `out`, once per second per thread, as
/// hyper caches its own.
fn http_date(out: &mut Vec<u8>) {
    thread_local! {
        static CACHED: RefCell<(u64, String)> = const { RefCell::new((u64::MAX, String::new())) };
    }
    let now = SystemTime::now();
    let second = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    CACHED.with(|cached| {
        let mut cached = cached.borrow_mut();
        if cached.0 != second {
            *cached = (second, httpdate::fmt_http_date(now));
        }
        out.extend_from_slice(cached.1.as_bytes());
    });
}

/// A stream that yields `prefix` before reading from `inner`; writes go to `inner`.
pub struct Prefixed<S> {
    prefix: Bytes,
    inner: S,
}

impl<S> Prefixed<S> {
    pub fn new(prefix: Bytes, inner: S) -> Prefixed<S> {
        Prefixed { prefix, inner }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Prefixed<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.prefix.has_remaining() {
            let n = self.prefix.len().min(buf.remaining());
            buf.put_slice(&self.prefix[..n]);
            self.prefix.advance(n);
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Prefixed<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn a_lone_plain_probe_is_recognised_with_a_safe_client_id() {
        assert_eq!(
            read_head(b"GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n"),
            Head::Probe(None)
        );
        assert_eq!(
            read_head(b"GET /healthz HTTP/1.1\r\nHost: a\r\nX-Request-Id: lb-42\r\n\r\n"),
            Head::Probe(Some(&b"lb-42"[..]))
        );
        // Unsafe or repeated ids are not echoed: the answer gets a fresh one.
        assert_eq!(
            read_head(b"GET /healthz HTTP/1.1\r\nx-request-id: a b<c>\r\n\r\n"),
            Head::Probe(None)
        );
        assert_eq!(
            read_head(b"GET /healthz HTTP/1.1\r\nx-request-id: a\r\nx-request-id: b\r\n\r\n"),
            Head::Probe(None)
        );
    }

    #[test]
    fn anything_but_one_whole_plain_probe_goes_to_hyper() {
        for other in [
            &b"GET /healthz HTTP/1.1\r\nHost: shop\r\n"[..],
            b"GET /healthz",
            b"G",
            b"",
            b"HEAD /healthz HTTP/1.1\r\n\r\n",
            b"POST /healthz HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
            b"GET /healthz?x=1 HTTP/1.1\r\n\r\n",
            b"GET /healthz/ HTTP/1.1\r\n\r\n",
            b"GET /api/plants HTTP/1.1\r\n\r\n",
            b"GET /healthz HTTP/1.0\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nOrigin: https://evil.example\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
            b"GET /healthz HTTP/1.1\r\nUpgrade: h2c\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nExpect: 100-continue\r\n\r\n",
            // Two requests in one read: hyper answers both, in order.
            b"GET /healthz HTTP/1.1\r\n\r\nGET /healthz HTTP/1.1\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\n\r\nGET /api/plants HTTP/1.1\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nBad Header\r\n\r\n",
        ] {
            assert_eq!(
                read_head(other),
                Head::Other,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
        let many: String = (0..MAX_HEADERS + 1)
            .map(|i| format!("x-h{i}: v\r\n"))
            .collect();
        let head = format!("GET /healthz HTTP/1.1\r\n{many}\r\n");
        assert_eq!(read_head(head.as_bytes()), Head::Other);
    }

    #[test]
    fn the_answer_is_the_kept_head_with_a_date_an_id_and_the_body() {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
        headers.insert(header::DATE, HeaderValue::from_static("stale"));
        headers.insert(request_id::HEADER, HeaderValue::from_static("-"));
        let answer = ProbeAnswer::encode(StatusCode::OK, &headers, Bytes::from_static(b"ok"));
        let mut out = Vec::new();
        answer.write_to(&mut out, b"id-1");
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n"),
            "{text}"
        );
        assert!(
            text.contains("\r\ncontent-length: 2\r\nx-request-id: id-1\r\ndate: "),
            "{text}"
        );
        assert!(text.ends_with(" GMT\r\n\r\nok"), "{text}");
        assert!(!text.contains("stale"), "{text}");
        assert_eq!(text.matches("x-request-id").count(), 1);
    }
}
