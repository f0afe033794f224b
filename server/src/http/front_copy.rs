//! Copies of the catalogue's hot answers, given ahead of the middleware stack (issue 21).
//!
//! A cached catalogue answer (`http/cache.rs`) still went through the whole stack: request
//! id, trace span, metrics, panic guard, security headers, CORS, timeout, compression and
//! three nested routers, and `perf` put most of the request's user-space time there (the
//! response moved through nested futures, boxed service clones, header maps). Here the
//! accept loop keeps a copy of the stack's own answer to a public `GET` of the list or of a
//! plant, and answers the same request again with that copy and a fresh request id.
//!
//! - **What is kept**: a `200` to a `GET` without `Authorization`, `Cookie`, `Origin` or a
//!   CORS preflight header, without a body, under `/api/plants`, that the handler marked
//!   shareable (`cache::FrontCopy::Allowed`, i.e. made from the response cache), whose
//!   encoding is the one the request's `Accept-Encoding` makes the stack choose (brotli,
//!   gzip, or the plain bytes when the client names no coding), and whose `Vary` names only
//!   headers accounted for here. Kept: status, headers (less date, length and request id)
//!   and body, keyed by the encoding and the path with its query as sent.
//! - **Freshness** is the response cache's own: a copy holds the freshness of the entry its
//!   answer came from and asks that cache's `is_fresh`, so it expires with that entry and is
//!   dropped by the same catalogue change (an admin's edit shows at once on this instance).
//! - **Bounds**: at most `MAX_COPIES` copies and `MAX_BYTES` of bodies; when full, stale
//!   copies are dropped and, if that frees nothing, the new answer is simply not kept, so a
//!   stranger sending endless distinct query strings only makes those requests take the
//!   stack.
//! - **What a copy's answer no longer gets**: the request log line at `info` and a latency
//!   sample. It is counted in `hariyali_http_requests_total` under the route template the
//!   stack counted the original under. Acceptable: the copy's answer is a few microseconds,
//!   nearly all in the kernel, and the count keeps traffic figures true; the log line at
//!   `info` is off in production (`RUST_LOG=warn`), as it is for the health probe.
//! - `If-None-Match` naming the kept ETag gets the `304` the stack gives (the `200`'s
//!   headers without the body's type and encoding); `HEAD` gets the `GET`'s headers (hyper
//!   sends no body).

use std::collections::HashMap;
use std::sync::RwLock;

use axum::body::{Body, HttpBody};
use axum::http::uri::PathAndQuery;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http_body_util::BodyExt;
use metrics::Counter;

use super::cache::{accepts, holds_etag, Shareable};
use super::request_id;
use crate::error::ApiError;

/// Most answers kept at once (per accept loop).
pub const MAX_COPIES: usize = 64;
/// Most body bytes kept at once; a default catalogue page is about 40 KB plain, 6 KB in
/// brotli.
pub const MAX_BYTES: usize = 4 << 20;
/// A larger body is not kept.
const MAX_BODY: u64 = 512 << 10;
/// Only the catalogue's reads are looked up; every other path pays one prefix comparison.
const PREFIX: &str = "/api/plants";
/// Request headers an answer may vary on: `Accept-Encoding` is part of the key, and the
/// CORS ones are never present in a request looked up here.
const ACCOUNTED_VARY: [&str; 4] = [
    "accept-encoding",
    "origin",
    "access-control-request-method",
    "access-control-request-headers",
];

/// The body's form: the stack picks brotli when the client accepts it, else gzip, else the
/// plain bytes (`Prepared::respond`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    Plain = 0,
    Gzip = 1,
    Brotli = 2,
}

impl Variant {
    /// The form the stack will choose for a request with these headers, when that can be
    /// told from them alone. `None` (the stack answers) for several `Accept-Encoding`
    /// headers, or for codings other than br, gzip and identity without br or gzip: the
    /// compression layer reads those its own way.
    fn wanted(headers: &HeaderMap) -> Option<Variant> {
        let mut values = headers.get_all(header::ACCEPT_ENCODING).iter();
        let value = match (values.next(), values.next()) {
            (None, _) => return Some(Variant::Plain),
            (Some(value), None) => value.to_str().ok()?,
            (Some(_), Some(_)) => return None,
        };
        if accepts(value, "br") {
            return Some(Variant::Brotli);
        }
        if accepts(value, "gzip") {
            return Some(Variant::Gzip);
        }
        value
            .split(',')
            .map(|item| item.split(';').next().unwrap_or("").trim())
            .all(|name| name.is_empty() || name.eq_ignore_ascii_case("identity"))
            .then_some(Variant::Plain)
    }

    /// The form an answer has.
    fn of_answer(headers: &HeaderMap) -> Option<Variant> {
        match headers
            .get(header::CONTENT_ENCODING)
            .map(HeaderValue::as_bytes)
        {
            None => Some(Variant::Plain),
            Some(b"br") => Some(Variant::Brotli),
            Some(b"gzip") => Some(Variant::Gzip),
            Some(_) => None,
        }
    }
}

/// A request the front may answer from a copy: its variant, or `None`.
fn eligible<B: HttpBody>(request: &Request<B>) -> Option<Variant> {
    let headers = request.headers();
    let plain = matches!(*request.method(), Method::GET | Method::HEAD)
        && request.uri().path().starts_with(PREFIX)
        && request.body().is_end_stream()
        && !headers.contains_key(header::AUTHORIZATION)
        && !headers.contains_key(header::COOKIE)
        && !headers.contains_key(header::ORIGIN)
        && !headers.contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
        && !headers.contains_key(header::ACCESS_CONTROL_REQUEST_HEADERS);
    plain.then(|| Variant::wanted(headers)).flatten()
}

/// One request counter per method and status a copy answers with.
struct Counters {
    get_ok: Counter,
    get_not_modified: Counter,
    head_ok: Counter,
    head_not_modified: Counter,
}

impl Counters {
    fn for_route(route: &str) -> Counters {
        let counter = crate::metrics::http_requests_counter;
        Counters {
            get_ok: counter(route, &Method::GET, 200),
            get_not_modified: counter(route, &Method::GET, 304),
            head_ok: counter(route, &Method::HEAD, 200),
            head_not_modified: counter(route, &Method::HEAD, 304),
        }
    }

    fn count(&self, method: &Method, not_modified: bool) {
        match (*method == Method::HEAD, not_modified) {
            (false, false) => &self.get_ok,
            (false, true) => &self.get_not_modified,
            (true, false) => &self.head_ok,
            (true, true) => &self.head_not_modified,
        }
        .increment(1);
    }
}

/// One kept answer.
struct Copy {
    shareable: Shareable,
    /// The `200`'s headers with a placeholder request id (a hit clones the map and replaces
    /// the id in place: no hashing, no growth).
    ok: HeaderMap,
    /// The `304`'s: the same without the body's type and encoding.
    not_modified: HeaderMap,
    etag: Option<HeaderValue>,
    body: Bytes,
    counters: Counters,
}

impl Copy {
    fn answer<B>(&self, request: &Request<B>) -> Response {
        let not_modified = self
            .etag
            .as_ref()
            .is_some_and(|etag| holds_etag(request.headers(), etag));
        self.counters.count(request.method(), not_modified);
        let (status, headers, body) = if not_modified {
            (StatusCode::NOT_MODIFIED, &self.not_modified, Body::empty())
        } else {
            (StatusCode::OK, &self.ok, Body::from(self.body.clone()))
        };
        let mut response = Response::new(body);
        *response.status_mut() = status;
        let mut headers = headers.clone();
        headers.insert(request_id::HEADER, request_id::for_answer(request));
        *response.headers_mut() = headers;
        response
    }

    fn size(key: &str, body: &Bytes) -> usize {
        key.len() + body.len()
    }
}

#[derive(Default)]
struct Kept {
    by_variant: [HashMap<Box<str>, Copy>; 3],
    bytes: usize,
}

impl Kept {
    fn copies(&self) -> usize {
        self.by_variant.iter().map(HashMap::len).sum()
    }

    fn remove(&mut self, variant: Variant, key: &str) {
        if let Some((key, old)) = self.by_variant[variant as usize].remove_entry(key) {
            self.bytes -= Copy::size(&key, &old.body);
        }
    }

    fn has_room(&self, size: usize) -> bool {
        self.copies() < MAX_COPIES && self.bytes + size <= MAX_BYTES
    }

    fn drop_stale(&mut self) {
        let mut freed = 0;
        for copies in &mut self.by_variant {
            copies.retain(|key, copy| {
                let fresh = copy.shareable.is_fresh();
                if !fresh {
                    freed += Copy::size(key, &copy.body);
                }
                fresh
            });
        }
        self.bytes -= freed;
    }
}

/// What the front does with a request.
pub enum Lookup {
    /// Answered from a copy.
    Hit(Response),
    /// The stack answers; its answer may be kept (`FrontCopies::keep`).
    Miss(Pending),
    /// The stack answers and nothing is kept.
    Pass,
}

/// A request the stack is answering whose answer may be kept.
pub struct Pending {
    variant: Variant,
    path_and_query: PathAndQuery,
}

/// The kept copies of one accept loop.
#[derive(Default)]
pub struct FrontCopies {
    kept: RwLock<Kept>,
}

impl FrontCopies {
    pub fn lookup<B: HttpBody>(&self, request: &Request<B>) -> Lookup {
        let Some(variant) = eligible(request) else {
            return Lookup::Pass;
        };
        let Some(path_and_query) = request.uri().path_and_query() else {
            return Lookup::Pass;
        };
        {
            let kept = self.kept.read().unwrap_or_else(|e| e.into_inner());
            if let Some(copy) = kept.by_variant[variant as usize].get(path_and_query.as_str()) {
                if copy.shareable.is_fresh() {
                    return Lookup::Hit(copy.answer(request));
                }
            }
        }
        // A HEAD's answer from the stack has no body to keep; it uses the GET's copy.
        if *request.method() != Method::GET {
            return Lookup::Pass;
        }
        Lookup::Miss(Pending {
            variant,
            path_and_query: path_and_query.clone(),
        })
    }

    /// Keeps a copy of the stack's `response` to `pending` when it may be kept, and hands
    /// the response on unchanged.
    pub async fn keep(&self, pending: Pending, response: Response) -> Response {
        let Some(shareable) = keepable(&pending, &response) else {
            return response;
        };
        let (parts, body) = response.into_parts();
        let body = match body.collect().await {
            Ok(collected) => collected.to_bytes(),
            // Not from a kept answer (those are whole bytes): the client gets an error, as
            // hyper would have ended the connection.
            Err(err) => return ApiError::Internal(anyhow::anyhow!("{err}")).into_response(),
        };
        let key = pending.path_and_query.as_str();
        // The stack's answer goes out as it is; the copy's headers drop what differs per
        // answer.
        let mut headers = parts.headers.clone();
        headers.remove(header::DATE);
        headers.remove(header::CONTENT_LENGTH);
        headers.insert(request_id::HEADER, HeaderValue::from_static("-"));
        let mut not_modified = headers.clone();
        not_modified.remove(header::CONTENT_TYPE);
        not_modified.remove(header::CONTENT_ENCODING);
        let route = shareable.route.as_ref().map_or("", |r| r.as_str());
        let copy = Copy {
            counters: Counters::for_route(route),
            etag: headers.get(header::ETAG).cloned(),
            ok: headers,
            not_modified,
            body: body.clone(),
            shareable,
        };
        self.insert(pending.variant, key, copy);
        Response::from_parts(parts, Body::from(body))
    }

    fn insert(&self, variant: Variant, key: &str, copy: Copy) {
        let size = Copy::size(key, &copy.body);
        let mut kept = self.kept.write().unwrap_or_else(|e| e.into_inner());
        kept.remove(variant, key);
        if !kept.has_room(size) {
            kept.drop_stale();
        }
        if kept.has_room(size) {
            kept.by_variant[variant as usize].insert(key.into(), copy);
            kept.bytes += size;
        }
        crate::metrics::front_copies(kept.copies(), kept.bytes);
    }
}

/// The mark of an answer that may be kept for `pending`, when it may.
fn keepable(pending: &Pending, response: &Response) -> Option<Shareable> {
    let shareable = response.extensions().get::<Shareable>()?;
    let headers = response.headers();
    let vary_accounted = headers
        .get_all(header::VARY)
        .iter()
        .flat_map(|v| v.to_str().unwrap_or("*").split(','))
        .all(|name| {
            let name = name.trim();
            ACCOUNTED_VARY
                .iter()
                .any(|known| name.eq_ignore_ascii_case(known))
        });
    let keep = response.status() == StatusCode::OK
        && shareable.route.is_some()
        && shareable.is_fresh()
        && Variant::of_answer(headers) == Some(pending.variant)
        && vary_accounted
        && response
            .body()
            .size_hint()
            .upper()
            .is_some_and(|n| n <= MAX_BODY);
    keep.then(|| shareable.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_encoding(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        headers
    }

    #[test]
    fn the_variant_is_the_one_the_stack_picks_or_none() {
        assert_eq!(Variant::wanted(&HeaderMap::new()), Some(Variant::Plain));
        let cases = [
            ("gzip, deflate, br, zstd", Some(Variant::Brotli)),
            ("br;q=0, gzip", Some(Variant::Gzip)),
            ("gzip;q=0.5", Some(Variant::Gzip)),
            ("identity", Some(Variant::Plain)),
            ("", Some(Variant::Plain)),
            // The compression layer reads these itself: the stack answers.
            ("x-gzip", None),
            ("deflate", None),
            ("*", None),
            ("br;q=0, gzip;q=0", None),
        ];
        for (value, variant) in cases {
            assert_eq!(Variant::wanted(&with_encoding(value)), variant, "{value}");
        }
        let mut two = with_encoding("gzip");
        two.append(header::ACCEPT_ENCODING, HeaderValue::from_static("br"));
        assert_eq!(Variant::wanted(&two), None);
    }

    #[test]
    fn private_or_cross_origin_requests_are_not_looked_up() {
        let base = || Request::get("/api/plants?page=2");
        assert!(eligible(&base().body(Body::empty()).unwrap()).is_some());
        for (name, value) in [
            ("authorization", "Bearer x"),
            ("cookie", "a=b"),
            ("origin", "https://elsewhere.example"),
            ("access-control-request-method", "GET"),
        ] {
            let request = base().header(name, value).body(Body::empty()).unwrap();
            assert!(eligible(&request).is_none(), "{name}");
        }
        let other = Request::get("/api/cart").body(Body::empty()).unwrap();
        assert!(eligible(&other).is_none());
        let post = Request::post("/api/plants").body(Body::empty()).unwrap();
        assert!(eligible(&post).is_none());
    }
}
