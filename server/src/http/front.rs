//! Fixed answers ahead of the middleware stack (issue 21).
//!
//! `GET /healthz` is asked every few seconds by load balancers and costs almost nothing to
//! answer, yet each one went through the whole stack: request-id and trace layers, metrics,
//! panic guard, security headers, CORS, timeout, compression, the router's lookup and the
//! route's own layers. At start the accept loop asks the full stack for `/healthz` once and
//! keeps that answer (status, headers, body); afterwards a probe gets a copy of it with a
//! request id of its own (the client's, when it is safe, as the stack would keep it), so the
//! security headers are exactly the stack's. What a probe no longer gets: a line in the
//! request log at `info` and a count in the HTTP metrics. A probe that is not plain (a query,
//! a body, an `Origin` that CORS would answer to) still goes through the stack.

use axum::body::{Body, HttpBody};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use bytes::Bytes;
use tower::ServiceExt;
use tower_http::request_id::MakeRequestId;

use super::observe::is_safe_request_id;
use super::request_id::MakeFastRequestId;

const PATH: &str = "/healthz";
/// A probe's answer is a few bytes; anything larger is not kept.
const MAX_BODY: usize = 4096;

struct Kept {
    status: StatusCode,
    /// The stack's headers with a placeholder request id last: a probe's map is a clone of
    /// this one (a copy of its table, no hashing, no growth) with the id replaced in place.
    /// Building it per probe by inserting each header cost about 3 % of a probe's CPU
    /// (`perf`, 2026-11-24).
    headers: HeaderMap,
    body: Bytes,
}

/// The answers given ahead of the stack (only the health probe's, for now).
pub struct FixedAnswers {
    health: Option<Kept>,
}

fn request_id_header() -> HeaderName {
    HeaderName::from_static("x-request-id")
}

impl FixedAnswers {
    /// No fixed answers: everything goes through the stack.
    pub fn none() -> FixedAnswers {
        FixedAnswers { health: None }
    }

    /// Asks `router` for `GET /healthz` as a plain probe would and keeps the answer when it
    /// is a `200` (a server without the route keeps nothing).
    pub async fn capture(router: &Router) -> FixedAnswers {
        let Ok(request) = Request::get(PATH).body(Body::empty()) else {
            return FixedAnswers::none();
        };
        let response = router
            .clone()
            .oneshot(request)
            .await
            .unwrap_or_else(|never| match never {});
        let (parts, body) = response.into_parts();
        if parts.status != StatusCode::OK {
            return FixedAnswers::none();
        }
        let Ok(body) = axum::body::to_bytes(body, MAX_BODY).await else {
            return FixedAnswers::none();
        };
        let mut headers = parts.headers;
        headers.remove(request_id_header());
        // hyper sets these per response.
        headers.remove(header::DATE);
        headers.remove(header::CONTENT_LENGTH);
        headers.insert(request_id_header(), HeaderValue::from_static("-"));
        FixedAnswers {
            health: Some(Kept {
                status: parts.status,
                headers,
                body,
            }),
        }
    }

    /// The kept answer for `request` when it is a plain probe, else `None` (the stack
    /// answers).
    pub fn answer<B: HttpBody>(&self, request: &Request<B>) -> Option<Response> {
        let kept = self.health.as_ref()?;
        let uri = request.uri();
        let plain = matches!(*request.method(), Method::GET | Method::HEAD)
            && uri.path() == PATH
            && uri.query().is_none()
            && request.body().is_end_stream()
            && !request.headers().contains_key(header::ORIGIN);
        if !plain {
            return None;
        }
        let name = request_id_header();
        let mut sent = request.headers().get_all(&name).iter();
        let id = match (sent.next(), sent.next()) {
            (Some(id), None) if is_safe_request_id(id) => id.clone(),
            _ => MakeFastRequestId
                .make_request_id(request)?
                .header_value()
                .clone(),
        };
        let mut response = Response::new(Body::from(kept.body.clone()));
        *response.status_mut() = kept.status;
        let mut headers = kept.headers.clone();
        headers.insert(name, id);
        *response.headers_mut() = headers;
        Some(response)
    }
}
