//! One error type for every handler, rendered as the contract's JSON error body.
//! Server faults are logged with the request's span (and so its request id) and never leak.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::domain::form_errors::{Errors, FieldError};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest {
        message: String,
        errors: Vec<FieldError>,
    },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

pub const MSG_BAD_REQUEST: &str = "Please check your input and try again.";
pub const MSG_LOGIN_REQUIRED: &str = "Please login to continue.";
pub const MSG_FORBIDDEN: &str = "You do not have permission to perform this action.";
pub const MSG_NOT_FOUND: &str = "The requested resource was not found.";
/// The spec's answer for a plant id or code that names no live plant, on every route.
pub const MSG_PLANT_NOT_FOUND: &str = "Plant not found";
/// `Retry-After` of a 503, in seconds.
pub const UNAVAILABLE_RETRY_SECS: u64 = 10;
pub const MSG_SERVER_ERROR: &str = "Server error. Please try again later.";

impl ApiError {
    /// 404 for a plant id or code that names no live plant.
    pub fn plant_not_found() -> Self {
        ApiError::NotFound(MSG_PLANT_NOT_FOUND.into())
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            message: message.into(),
            errors: Vec::new(),
        }
    }

    /// A form with failed rules: the first message leads, all of them are listed.
    pub fn invalid(errors: Vec<FieldError>) -> Self {
        let message = errors
            .first()
            .map(|e| e.message.clone())
            .unwrap_or_else(|| MSG_BAD_REQUEST.into());
        ApiError::BadRequest { message, errors }
    }

    pub fn forbidden() -> Self {
        ApiError::Forbidden(MSG_FORBIDDEN.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// A form's failed rules become its 400 (the domain collects them, this layer renders them).
impl From<Errors> for ApiError {
    fn from(errors: Errors) -> Self {
        ApiError::invalid(errors.into_vec())
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        ApiError::Internal(err.into())
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    success: bool,
    message: &'a str,
    #[serde(skip_serializing_if = "<[FieldError]>::is_empty")]
    errors: &'a [FieldError],
    /// The AI chat's clients read the message from `error` (contract: "AI chat errors carry
    /// the same text in `error` too"); other endpoints leave it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.render(false)
    }
}

impl ApiError {
    /// The error body with the message repeated in `error`, for the AI chat endpoints.
    pub fn into_chat_response(self) -> Response {
        self.render(true)
    }

    fn render(self, with_error_field: bool) -> Response {
        let status = self.status();
        let message = match &self {
            ApiError::Internal(err) => {
                // The span of the request (method, path, request id) is the context here.
                tracing::error!(error = ?err, "request failed");
                MSG_SERVER_ERROR.to_string()
            }
            other => other.to_string(),
        };
        let errors: &[FieldError] = match &self {
            ApiError::BadRequest { errors, .. } => errors,
            _ => &[],
        };
        let body = ErrorBody {
            success: false,
            message: &message,
            errors,
            error: with_error_field.then_some(message.as_str()),
        };
        let mut response = (status, axum::Json(body)).into_response();
        if let ApiError::TooManyRequests {
            retry_after_secs, ..
        } = self
        {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs.max(1)),
            );
        }
        // A 503 is a passing state (busy, or a dependency down): say when to come back.
        if matches!(self, ApiError::Unavailable(_))
            && !response.headers().contains_key(header::RETRY_AFTER)
        {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(UNAVAILABLE_RETRY_SECS),
            );
        }
        response
    }
}
