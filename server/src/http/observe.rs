//! What the operator sees: request metrics by route template, `/metrics`, and request ids
//! that are safe to log.

use std::time::Instant;

use axum::extract::{MatchedPath, State};
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::state::AppState;

/// Counts and times every request by route template (`/api/plants/{id}`), never by raw path:
/// a path can carry ids and would give every scan of random URLs a series of its own.
pub async fn record(request: Request<axum::body::Body>, next: Next) -> Response {
    let route = route_label(&request);
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    crate::metrics::http_request(
        &route,
        &method,
        response.status().as_u16(),
        started.elapsed(),
    );
    response
}

fn route_label(request: &Request<axum::body::Body>) -> String {
    if let Some(path) = request.extensions().get::<MatchedPath>() {
        return path.as_str().to_owned();
    }
    let path = request.uri().path();
    // Unmatched: the API's not-found answer, or the web app's files and pages.
    if path == "/api" || path.starts_with("/api/") {
        "/api/(unmatched)".into()
    } else if path.starts_with("/assets/") {
        "/assets/(file)".into()
    } else {
        "(web app)".into()
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
    let bytes = value.as_bytes();
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
