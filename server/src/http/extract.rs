//! Request extractors whose failures speak the contract's error format.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::domain::form_errors::FieldError;
use crate::error::{ApiError, ErrorCode, FieldCode, MSG_BAD_REQUEST, MSG_NOT_FOUND};

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
                ErrorCode::MalformedBody,
                "Expected a JSON body (Content-Type: application/json).",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge(ErrorCode::TooLarge, "Request body is too large.".into())
            } else {
                ApiError::bad_request(
                    ErrorCode::MalformedBody,
                    "The request body could not be read.",
                )
            }
        })?;
        parse_json(&bytes).map(AppJson)
    }
}

/// The answer to text holding U+0000. PostgreSQL refuses that character in any text value
/// (SQLite keeps it), so it is refused at the edge: both databases answer alike, and no
/// query fails halfway with a 500.
pub const MSG_NUL_TEXT: &str = "Text cannot contain NUL characters.";

/// Parses JSON, turning a type mismatch into a field error.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if has_escaped_nul(bytes) {
        return Err(ApiError::bad_request(
            ErrorCode::MalformedBody,
            MSG_NUL_TEXT,
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    match serde_path_to_error::deserialize(&mut de) {
        Ok(value) => Ok(value),
        Err(err) => {
            let inner = err.inner();
            if inner.is_syntax() || inner.is_eof() {
                return Err(ApiError::bad_request(
                    ErrorCode::MalformedBody,
                    "The request body is not valid JSON.",
                ));
            }
            let field = err.path().to_string();
            let detail = strip_position(&inner.to_string());
            let message = if field == "." {
                format!("Invalid request body: {detail}")
            } else {
                format!("Invalid value for {field}: {detail}")
            };
            Err(ApiError::BadRequest {
                code: ErrorCode::ValidationFailed,
                message: MSG_BAD_REQUEST.into(),
                errors: vec![FieldError::new(
                    if field == "." { "body" } else { &field },
                    FieldCode::WrongType,
                    message,
                )],
            })
        }
    }
}

/// Whether JSON text holds a `\u0000` escape, the only way JSON can carry U+0000 (a raw
/// NUL byte is not valid JSON). An escaped backslash followed by `u0000` is text, not NUL.
fn has_escaped_nul(json: &[u8]) -> bool {
    let mut i = 0;
    while let Some(offset) = json[i..].iter().position(|&b| b == b'\\') {
        let escape = i + offset;
        if json[escape + 1..].starts_with(b"u0000") {
            return true;
        }
        i = escape + 2;
        if i >= json.len() {
            return false;
        }
    }
    false
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
        // `%00` is the only way a query string carries U+0000 (see MSG_NUL_TEXT).
        if query.contains("%00") {
            return Err(ApiError::bad_request(
                ErrorCode::MalformedBody,
                MSG_NUL_TEXT,
            ));
        }
        serde_urlencoded::from_str(query)
            .map(AppQuery)
            .map_err(|err| ApiError::invalid_query(format!("Invalid query parameter: {err}")))
    }
}

/// Identifiers from the path (`String`, or a pair of them). No stored id holds U+0000, and
/// PostgreSQL refuses the character in a query parameter, so it is replaced by U+FFFD: the
/// id stays unknown and the route answers as it does for any unknown id. A segment that is
/// not UTF-8 cannot name anything either: a 404 in the contract's format.
pub struct AppPath<T>(pub T);

/// Path values whose U+0000 characters can be replaced.
pub trait PathIds {
    fn without_nul(self) -> Self;
}

impl PathIds for String {
    fn without_nul(self) -> Self {
        if self.contains('\0') {
            self.replace('\0', "\u{FFFD}")
        } else {
            self
        }
    }
}

impl PathIds for (String, String) {
    fn without_nul(self) -> Self {
        (self.0.without_nul(), self.1.without_nul())
    }
}

impl<S: Send + Sync, T: DeserializeOwned + PathIds + Send> FromRequestParts<S> for AppPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(ids)) => Ok(AppPath(ids.without_nul())),
            Err(_) => Err(ApiError::NotFound(
                ErrorCode::NotFound,
                MSG_NOT_FOUND.into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_nul_escape_and_only_it() {
        assert!(has_escaped_nul(br#"{"a":"x\u0000y"}"#));
        assert!(has_escaped_nul(br#"{"a":"\\\u0000"}"#));
        assert!(!has_escaped_nul(br#"{"a":"\\u0000"}"#));
        assert!(!has_escaped_nul(br#"{"a":"\u0001 \n"}"#));
        assert!(!has_escaped_nul(br#"{"a":"trailing\\"}"#));
        assert!(!has_escaped_nul(b"{}"));
    }
}
