//! One error type for every handler, rendered as the contract's JSON error body.
//! Server faults are logged with the request's span (and so its request id) and never leak.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub use crate::domain::error_code::{ErrorCode, FieldCode};
use crate::domain::form_errors::{Errors, FieldError};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest {
        code: ErrorCode,
        message: String,
        errors: Vec<FieldError>,
    },
    #[error("{1}")]
    Unauthorized(ErrorCode, String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{1}")]
    NotFound(ErrorCode, String),
    #[error("{1}")]
    Conflict(ErrorCode, String),
    #[error("{1}")]
    PayloadTooLarge(ErrorCode, String),
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
        ApiError::NotFound(ErrorCode::PlantNotFound, MSG_PLANT_NOT_FOUND.into())
    }

    /// A malformed query parameter (a number that is not one, a value outside its list…).
    pub fn invalid_query(message: impl Into<String>) -> Self {
        ApiError::bad_request(ErrorCode::InvalidQuery, message)
    }

    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            code,
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
        ApiError::BadRequest {
            code: ErrorCode::ValidationFailed,
            message,
            errors,
        }
    }

    pub fn forbidden() -> Self {
        ApiError::Forbidden(MSG_FORBIDDEN.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(..) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(..) => StatusCode::NOT_FOUND,
            ApiError::Conflict(..) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(..) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The machine-readable name of this error, the same whatever the wording.
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::BadRequest { code, .. }
            | ApiError::Unauthorized(code, _)
            | ApiError::NotFound(code, _)
            | ApiError::Conflict(code, _)
            | ApiError::PayloadTooLarge(code, _) => *code,
            ApiError::Forbidden(_) => ErrorCode::Forbidden,
            ApiError::TooManyRequests { .. } => ErrorCode::RateLimited,
            ApiError::Unavailable(_) => ErrorCode::Unavailable,
            ApiError::Internal(_) => ErrorCode::ServerError,
        }
    }
}

impl From<crate::domain::catalogue::QueryError> for ApiError {
    fn from(err: crate::domain::catalogue::QueryError) -> Self {
        ApiError::invalid_query(err.0)
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

/// `{success: false, code, message, errors?, error?}`: the one error body of the API, for
/// the handlers and the OpenAPI document alike.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    /// What went wrong, for programs: stable, whatever the wording of `message`.
    pub code: ErrorCode,
    /// A sentence to show the person (the spec's text).
    pub message: String,
    /// Every failed rule of a form, when the request was a form.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub errors: Vec<FieldError>,
    /// Only on `/api/ai-chat`: the message again (contract: "AI chat errors carry the same
    /// text in `error` too").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error: Option<String>,
}

impl ErrorBody {
    /// A body for the few answers made outside `ApiError` (an unknown method, a panic).
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ErrorBody {
            success: false,
            code,
            message: message.into(),
            errors: Vec::new(),
            error: None,
        }
    }
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
        let code = self.code();
        let errors = match &self {
            ApiError::BadRequest { errors, .. } => errors.clone(),
            _ => Vec::new(),
        };
        let body = ErrorBody {
            success: false,
            code,
            error: with_error_field.then(|| message.clone()),
            message,
            errors,
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
