//! Serves stored pictures, from the local folder or the bucket alike. Their names carry a
//! content hash, so they never change: browsers may keep them for a year, and the ETag is
//! derived from the name alone, so a revalidation is answered without reading the store.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::extract::AppPath;
use super::state::AppState;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::media::keys::{content_type, IMMUTABLE};

pub async fn serve(
    State(state): State<AppState>,
    AppPath(key): AppPath<String>,
    request: HeaderMap,
) -> ApiResult<Response> {
    let etag = etag_of(&key);
    // A client can only hold this validator if it fetched these bytes before (or made it
    // up, and then it gets what it asked for): no trip to a bucket for a 304.
    if request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == etag)
        })
    {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        set_headers(response.headers_mut(), &etag, None);
        return Ok(response);
    }
    let Some(bytes) = state.media.get(&key).await? else {
        return Err(ApiError::NotFound(
            ErrorCode::ImageNotFound,
            "Image not found".into(),
        ));
    };
    let mut response = (StatusCode::OK, bytes).into_response();
    set_headers(response.headers_mut(), &etag, Some(content_type(&key)));
    Ok(response)
}

fn etag_of(key: &str) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(key.as_bytes())[..12]))
}

fn set_headers(headers: &mut HeaderMap, etag: &str, content_type: Option<&'static str>) {
    if let Some(content_type) = content_type {
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    if let Ok(etag) = HeaderValue::from_str(etag) {
        headers.insert(header::ETAG, etag);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    // An SVG opened on its own must not run anything.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
    );
}
