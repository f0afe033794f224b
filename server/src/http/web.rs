//! Serves the built web app: hashed assets for a year, `index.html` revalidated each time,
//! and every client-side route answered with `index.html`.

use std::path::Path;

use axum::http::{header, HeaderValue, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

pub fn router(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    let files = ServeDir::new(web_dir)
        .precompressed_gzip()
        .precompressed_br()
        .fallback(ServeFile::new(index));
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
}

async fn cache_headers(request: Request<axum::body::Body>, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let is_page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    // Hashed assets never change; the page must be revalidated so a new build shows at once;
    // other public files (illustrations, icon) may be kept for a day.
    let value = if immutable {
        "public, max-age=31536000, immutable"
    } else if is_page {
        "no-cache"
    } else {
        "public, max-age=86400"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
