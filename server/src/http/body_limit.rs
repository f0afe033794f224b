//! Bodies over a route's limit are refused before they are read.
//!
//! Each router's `DefaultBodyLimit` stops a reader at the limit (a chunked body is cut off
//! there); this middleware also answers 413 at once when the declared `Content-Length` is
//! already over it, so not a byte of such a body is read (nor waits for a place in the
//! assistant's photo queue). It runs after routing, where the matched route is known, and
//! keeps the one table of which route takes how much.

use std::future::Ready;
use std::task::{Context, Poll};

use axum::extract::{MatchedPath, Request};
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use futures_util::future::Either;
use tower::{Layer, Service};

use crate::error::{ApiError, ErrorCode};

/// JSON bodies are small; uploads raise this on their own routes.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

const CHAT_MESSAGE: &str = "/api/ai-chat/message";

/// The most a request to `route` may send.
pub fn limit_for(method: &Method, route: &str) -> usize {
    match (method, route) {
        (&Method::POST, CHAT_MESSAGE) => super::assistant::CHAT_BODY_LIMIT,
        (&Method::POST, "/api/plants") | (&Method::PUT, "/api/plants/{id}") => {
            super::plants::PLANT_FORM_LIMIT
        }
        _ => JSON_BODY_LIMIT,
    }
}

/// The layer for a router's routes (a plain tower layer: `middleware::from_fn` would box a
/// future and clone the route's service on every request).
#[derive(Debug, Clone, Copy, Default)]
pub struct RefuseDeclaredOversizeLayer;

impl<S> Layer<S> for RefuseDeclaredOversizeLayer {
    type Service = RefuseDeclaredOversize<S>;

    fn layer(&self, inner: S) -> RefuseDeclaredOversize<S> {
        RefuseDeclaredOversize { inner }
    }
}

#[derive(Debug, Clone)]
pub struct RefuseDeclaredOversize<S> {
    inner: S,
}

impl<S> Service<Request> for RefuseDeclaredOversize<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Either<Ready<Result<Response, S::Error>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if let Some(length) = declared {
            let route = request
                .extensions()
                .get::<MatchedPath>()
                .map_or("", MatchedPath::as_str);
            if length > limit_for(request.method(), route) as u64 {
                return Either::Left(std::future::ready(Ok(too_large(route))));
            }
        }
        Either::Right(self.inner.call(request))
    }
}

fn too_large(route: &str) -> Response {
    match route {
        CHAT_MESSAGE => ApiError::PayloadTooLarge(
            ErrorCode::TooLarge,
            "The message is too large: at most 5 images of 10 MB each. Please select valid image files (max 10MB each).".into(),
        )
        .into_chat_response(),
        "/api/plants" | "/api/plants/{id}" => {
            ApiError::PayloadTooLarge(ErrorCode::ImageTooLarge, "Image size cannot exceed 5MB".into()).into_response()
        }
        _ => ApiError::PayloadTooLarge(ErrorCode::TooLarge, "Request body is too large.".into()).into_response(),
    }
}
