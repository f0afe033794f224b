//! Success responses. A reply is a type that is both serialised and documented
//! (`Serialize + ToSchema`), so a handler cannot send a body the OpenAPI document lacks.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// A reply with status 200.
pub fn ok<T: Serialize + ToSchema>(reply: T) -> Response {
    (StatusCode::OK, axum::Json(reply)).into_response()
}

/// A reply with status 201.
pub fn created<T: Serialize + ToSchema>(reply: T) -> Response {
    (StatusCode::CREATED, axum::Json(reply)).into_response()
}
