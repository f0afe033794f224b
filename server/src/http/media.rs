//! Serves stored pictures. Their names carry a content hash, so they never change and
//! browsers may keep them for a year.

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub async fn serve(State(state): State<AppState>, Path(key): Path<String>) -> ApiResult<Response> {
    let Some(bytes) = state.media.get(&key).await? else {
        return Err(ApiError::NotFound("Image not found".into()));
    };
    let content_type = match key.rsplit_once('.').map(|(_, ext)| ext) {
        Some("webp") => "image/webp",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => "application/octet-stream",
    };
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    // An SVG opened on its own must not run anything.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
    );
    Ok(response)
}
