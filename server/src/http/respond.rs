//! Success bodies and conditional responses.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

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
