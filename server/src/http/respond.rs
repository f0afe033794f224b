//! Success bodies and conditional responses.

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::cache::Prepared;

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

/// A JSON body with a strong ETag (and gzip when accepted); 304 when the client already
/// holds these bytes.
pub fn cached_json<T: Serialize>(request_headers: &HeaderMap, body: &T) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => Prepared::new(bytes).respond(request_headers),
        Err(err) => crate::error::ApiError::Internal(err.into()).into_response(),
    }
}
