//! What the operator sees: request metrics by route template, `/metrics`, and request ids
//! that are safe to log.

use std::future::Future;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, State};
use axum::http::{header, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use super::cache::Shareable;
use super::state::AppState;

/// Counts and times every request by route template (`/api/plants/{id}`), never by raw path:
/// a path can carry ids and would give every scan of random URLs a series of its own.
///
/// A plain tower layer rather than `middleware::from_fn`, which boxes a future and clones
/// the whole inner stack on every request. Applied with `Router::layer`, so it runs after
/// routing and sees the matched route.
#[derive(Debug, Clone, Copy, Default)]
pub struct RecordLayer;

impl<S> Layer<S> for RecordLayer {
    type Service = Record<S>;

    fn layer(&self, inner: S) -> Record<S> {
        Record { inner }
    }
}

#[derive(Debug, Clone)]
pub struct Record<S> {
    inner: S,
}

impl<S, B, ResBody> Service<Request<B>> for Record<S>
where
    S: Service<Request<B>, Response = axum::http::Response<ResBody>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = RecordFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let route = RouteLabel::of(&request);
        let method = request.method().clone();
        RecordFuture {
            inner: self.inner.call(request),
            route,
            method,
            started: Instant::now(),
        }
    }
}

pin_project! {
    pub struct RecordFuture<F> {
        #[pin]
        inner: F,
        route: RouteLabel,
        method: Method,
        started: Instant,
    }
}

impl<F, ResBody, E> Future for RecordFuture<F>
where
    F: Future<Output = Result<axum::http::Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut result = ready!(this.inner.poll(cx));
        if let Ok(response) = &mut result {
            if let (Some(shareable), RouteLabel::Matched(route)) = (
                response.extensions_mut().get_mut::<Shareable>(),
                &*this.route,
            ) {
                // A copy kept ahead of the stack is counted under the same route.
                shareable.route = Some(route.clone());
            }
            crate::metrics::http_request(
                this.route.as_str(),
                this.method,
                response.status().as_u16(),
                this.started.elapsed(),
            );
        }
        Poll::Ready(result)
    }
}

/// The route template, kept without copying it (a `MatchedPath` is a shared string).
enum RouteLabel {
    Matched(MatchedPath),
    Fixed(&'static str),
}

impl RouteLabel {
    fn of<B>(request: &Request<B>) -> Self {
        if let Some(path) = request.extensions().get::<MatchedPath>() {
            return RouteLabel::Matched(path.clone());
        }
        let path = request.uri().path();
        // Unmatched: the API's not-found answer, or the web app's files and pages.
        RouteLabel::Fixed(if path == "/api" || path.starts_with("/api/") {
            "/api/(unmatched)"
        } else if path.starts_with("/assets/") {
            "/assets/(file)"
        } else {
            "(web app)"
        })
    }

    fn as_str(&self) -> &str {
        match self {
            RouteLabel::Matched(path) => path.as_str(),
            RouteLabel::Fixed(label) => label,
        }
    }
}

/// `GET /metrics`: every metric in the Prometheus text format. Outside `/api` and its
/// document: it is for a scraper, not for the web app, and speaks no JSON.
pub async fn serve(State(state): State<AppState>) -> Response {
    for (name, pool) in [("read", state.db.reader()), ("write", state.db.writer())] {
        crate::metrics::db_pool(name, pool.size(), pool.num_idle());
    }
    crate::metrics::argon2_queue(state.passwords.queued());
    (
        StatusCode::OK,
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        crate::metrics::render(),
    )
        .into_response()
}

/// `/metrics` alone, for `HARIYALI_METRICS_ADDR`.
pub fn metrics_only(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(serve))
        .with_state(state)
}

/// The longest request id taken from a client.
const MAX_REQUEST_ID: usize = 64;

/// A client's `X-Request-Id` is kept only when it is short and made of letters, digits,
/// `-`, `_`, `.` and `:`; otherwise it is dropped and a fresh one is made. It is echoed and
/// logged, so anything else could forge log lines or smuggle markup.
pub fn is_safe_request_id(value: &HeaderValue) -> bool {
    is_safe_request_id_bytes(value.as_bytes())
}

/// The same rule on the raw bytes of a head (`http/plain_probe.rs` reads heads before hyper).
pub fn is_safe_request_id_bytes(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes.len() <= MAX_REQUEST_ID
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

pub fn drop_unsafe_request_id<B>(mut request: Request<B>) -> Request<B> {
    let name = header::HeaderName::from_static("x-request-id");
    let unsafe_ids = request
        .headers()
        .get_all(&name)
        .iter()
        .any(|v| !is_safe_request_id(v));
    if unsafe_ids || request.headers().get_all(&name).iter().count() > 1 {
        request.headers_mut().remove(&name);
    }
    request
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_checked() {
        for good in [
            "abc-123",
            "0190a3b2-7c1d-7e00-8000-000000000000",
            "req_1.2:3",
        ] {
            assert!(
                is_safe_request_id(&HeaderValue::from_static(good)),
                "{good}"
            );
        }
        let long = "a".repeat(65);
        for bad in ["", "a b", "<script>", "x\"y", long.as_str()] {
            assert!(
                !is_safe_request_id(&HeaderValue::from_str(bad).unwrap()),
                "{bad}"
            );
        }
    }
}
