//! Request extractors whose failures speak the contract's error format.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, FieldError, MSG_BAD_REQUEST};

/// A JSON body: a wrong content type, broken JSON or a mistyped field is a 400 that names
/// the field; an oversized body is a 413.
pub struct AppJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for AppJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<mime::Mime>().ok())
            .is_some_and(|m| {
                m.type_() == "application"
                    && (m.subtype() == "json" || m.suffix().is_some_and(|s| s == "json"))
            });
        if !is_json {
            return Err(ApiError::bad_request(
                "Expected a JSON body (Content-Type: application/json).",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge("Request body is too large.".into())
            } else {
                ApiError::bad_request("The request body could not be read.")
            }
        })?;
        parse_json(&bytes).map(AppJson)
    }
}

/// Parses JSON, turning a type mismatch into a field error.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    match serde_path_to_error::deserialize(&mut de) {
        Ok(value) => Ok(value),
        Err(err) => {
            let inner = err.inner();
            if inner.is_syntax() || inner.is_eof() {
                return Err(ApiError::bad_request("The request body is not valid JSON."));
            }
            let field = err.path().to_string();
            let detail = strip_position(&inner.to_string());
            let message = if field == "." {
                format!("Invalid request body: {detail}")
            } else {
                format!("Invalid value for {field}: {detail}")
            };
            Err(ApiError::BadRequest {
                message: MSG_BAD_REQUEST.into(),
                errors: vec![FieldError::new(
                    if field == "." { "body" } else { &field },
                    message,
                )],
            })
        }
    }
}

/// serde_json appends "at line 1 column 9"; people do not need it.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// A query string: unknown values and malformed numbers are a 400.
pub struct AppQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for AppQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(AppQuery)
            .map_err(|err| ApiError::bad_request(format!("Invalid query parameter: {err}")))
    }
}
