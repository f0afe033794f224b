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
//!
//! The catalogue's hot public reads are answered here too, from copies of the stack's
//! answers kept while the response cache holds them (`http/front_copy.rs`).

use axum::body::{Body, HttpBody};
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use bytes::Bytes;
use tower::ServiceExt;

use super::front_copy::{FrontCopies, Lookup, Pending};
use super::plain_probe::{ProbeAnswer, PATH};
use super::request_id;

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

/// The answers given ahead of the stack: the health probe's, and copies of the catalogue's.
pub struct FixedAnswers {
    health: Option<Kept>,
    catalogue: FrontCopies,
}

/// What the accept loop does with a request.
pub enum Front {
    /// Answered here.
    Answered(Response),
    /// The stack answers; hand its answer to `FixedAnswers::keep`.
    StackThenKeep(Pending),
    /// The stack answers.
    Stack,
}

impl FixedAnswers {
    /// No fixed answers: everything goes through the stack.
    pub fn none() -> FixedAnswers {
        FixedAnswers {
            health: None,
            catalogue: FrontCopies::default(),
        }
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
        // hyper sets these per response.
        headers.remove(header::DATE);
        headers.remove(header::CONTENT_LENGTH);
        headers.insert(request_id::HEADER, HeaderValue::from_static("-"));
        FixedAnswers {
            health: Some(Kept {
                status: parts.status,
                headers,
                body,
            }),
            catalogue: FrontCopies::default(),
        }
    }

    /// The kept probe answer encoded for `http/plain_probe.rs`, which answers plain probes
    /// before hyper reads them; None when nothing was kept.
    pub fn plain_probe(&self) -> Option<ProbeAnswer> {
        let kept = self.health.as_ref()?;
        Some(ProbeAnswer::encode(
            kept.status,
            &kept.headers,
            kept.body.clone(),
        ))
    }

    /// What to do with `request`: answer it here, or let the stack answer.
    pub fn answer<B: HttpBody>(&self, request: &Request<B>) -> Front {
        if let Some(response) = self.probe(request) {
            return Front::Answered(response);
        }
        match self.catalogue.lookup(request) {
            Lookup::Hit(response) => Front::Answered(response),
            Lookup::Miss(pending) => Front::StackThenKeep(pending),
            Lookup::Pass => Front::Stack,
        }
    }

    /// Keeps a copy of the stack's answer to a request `answer` sent on with `pending`.
    pub async fn keep(&self, pending: Pending, response: Response) -> Response {
        self.catalogue.keep(pending, response).await
    }

    /// The kept answer for `request` when it is a plain probe.
    fn probe<B: HttpBody>(&self, request: &Request<B>) -> Option<Response> {
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
        let mut response = Response::new(Body::from(kept.body.clone()));
        *response.status_mut() = kept.status;
        let mut headers = kept.headers.clone();
        headers.insert(request_id::HEADER, request_id::for_answer(request));
        *response.headers_mut() = headers;
        Some(response)
    }
}
