//! Success bodies and conditional responses.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// `{"success": true, ...fields}` with status 200.
pub fn ok(fields: serde_json::Value) -> Response {
    with_status(StatusCode::OK, fields)
}

/// `{"success": true, ...fields}` with status 201.
pub fn created(fields: serde_json::Value) -> Response {
    with_status(StatusCode::CREATED, fields)
}

fn with_status(status: StatusCode, mut fields: serde_json::Value) -> Response {
    if let Some(map) = fields.as_object_mut() {
        map.insert("success".into(), serde_json::Value::Bool(true));
    }
    (status, axum::Json(fields)).into_response()
}

/// A JSON body with a strong ETag; 304 when the client already holds these bytes.
/// `no-cache` makes browsers revalidate each time, so a price or stock is never stale.
pub fn cached_json<T: Serialize>(request_headers: &HeaderMap, body: &T) -> Response {
    let bytes = match serde_json::to_vec(body) {
        Ok(bytes) => bytes,
        Err(err) => return crate::error::ApiError::Internal(err.into()).into_response(),
    };
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&bytes)[..16]));
    let matches = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim().trim_start_matches("W/") == etag)
        });
    let etag_value = HeaderValue::from_str(&etag).expect("hex etag is a valid header");
    let cache = HeaderValue::from_static("no-cache");
    if matches {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag_value), (header::CACHE_CONTROL, cache)],
        )
            .into_response();
    }
    (
        StatusCode::OK,
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::ETAG, etag_value),
            (header::CACHE_CONTROL, cache),
        ],
        bytes,
    )
        .into_response()
}
