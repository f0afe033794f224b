//! Bodies over a route's limit are refused before they are read.
//!
//! Each router's `DefaultBodyLimit` stops a reader at the limit (a chunked body is cut off
//! there); this middleware also answers 413 at once when the declared `Content-Length` is
//! already over it, so not a byte of such a body is read (nor waits for a place in the
//! assistant's photo queue). It runs after routing, where the matched route is known, and
//! keeps the one table of which route takes how much.

use axum::extract::{MatchedPath, Request};
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

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

pub async fn refuse_declared_oversize(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_default();
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let limit = limit_for(request.method(), &route);
    match declared {
        Some(length) if length > limit as u64 => too_large(&route),
        _ => next.run(request).await,
    }
}

fn too_large(route: &str) -> Response {
    match route {
        CHAT_MESSAGE => ApiError::PayloadTooLarge(
            "The message is too large: at most 5 images of 10 MB each. Please select valid image files (max 10MB each).".into(),
        )
        .into_chat_response(),
        "/api/plants" | "/api/plants/{id}" => {
            ApiError::PayloadTooLarge("Image size cannot exceed 5MB".into()).into_response()
        }
        _ => ApiError::PayloadTooLarge("Request body is too large.".into()).into_response(),
    }
}
