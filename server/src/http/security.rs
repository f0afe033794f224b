//! Browser-facing safety: the headers every response carries and the CORS setting.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::http::{header, HeaderName, HeaderValue, Method, Request, Response};
use pin_project_lite::pin_project;
use tower::{Layer, Service};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::CorsOrigins;

/// Scripts only from the shop's own files (no inline script, no eval); JSON-LD blocks are
/// data, not scripts, and are unaffected. Pictures may also be `data:`/`blob:` URLs (the
/// assistant's photo previews), fonts `data:` URLs (the build inlines the smallest subset). No plugins, no framing by other sites, forms and `<base>`
/// only to this origin.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The app needs no referrer, and other sites get none (no order or plant ids in URLs leak).
pub const REFERRER_POLICY: &str = "no-referrer";

/// Powerful browser features the shop never uses are off for it and for anything it embeds.
/// The assistant takes photos through a file input (the phone offers its camera there), which
/// needs no camera permission.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// `Strict-Transport-Security` for a shop whose public URL is https: browsers then never try
/// plain http for it for a year. None otherwise (HSTS over http would be ignored, and a shop
/// on a bare address must stay reachable).
pub fn strict_transport(public_url: Option<&str>) -> Option<HeaderValue> {
    let url = url::Url::parse(public_url?.trim()).ok()?;
    (url.scheme() == "https").then(|| HeaderValue::from_static("max-age=31536000"))
}

/// The headers every response carries, replacing any a handler set: built once at start and
/// set by one layer (it was seven `SetResponseHeaderLayer`s, each a future and a map lookup
/// of its own per request).
#[derive(Clone)]
pub struct SecurityHeadersLayer {
    headers: Arc<[(HeaderName, HeaderValue)]>,
}

impl SecurityHeadersLayer {
    /// `hsts` is `strict_transport`'s answer for the shop's public URL.
    pub fn new(hsts: Option<HeaderValue>) -> Self {
        let mut headers = vec![
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static(REFERRER_POLICY),
            ),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CONTENT_SECURITY_POLICY),
            ),
            (
                HeaderName::from_static("permissions-policy"),
                HeaderValue::from_static(PERMISSIONS_POLICY),
            ),
            (
                HeaderName::from_static("cross-origin-opener-policy"),
                HeaderValue::from_static("same-origin"),
            ),
        ];
        if let Some(value) = hsts {
            headers.push((header::STRICT_TRANSPORT_SECURITY, value));
        }
        SecurityHeadersLayer {
            headers: headers.into(),
        }
    }
}

impl<S> Layer<S> for SecurityHeadersLayer {
    type Service = SecurityHeaders<S>;

    fn layer(&self, inner: S) -> SecurityHeaders<S> {
        SecurityHeaders {
            inner,
            headers: self.headers.clone(),
        }
    }
}

#[derive(Clone)]
pub struct SecurityHeaders<S> {
    inner: S,
    headers: Arc<[(HeaderName, HeaderValue)]>,
}

impl<S, B, ResBody> Service<Request<B>> for SecurityHeaders<S>
where
    S: Service<Request<B>, Response = Response<ResBody>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = SecurityHeadersFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        SecurityHeadersFuture {
            inner: self.inner.call(request),
            headers: self.headers.clone(),
        }
    }
}

pin_project! {
    pub struct SecurityHeadersFuture<F> {
        #[pin]
        inner: F,
        headers: Arc<[(HeaderName, HeaderValue)]>,
    }
}

impl<F, ResBody, E> Future for SecurityHeadersFuture<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = ready!(this.inner.poll(cx))?;
        let headers = response.headers_mut();
        headers.reserve(this.headers.len());
        for (name, value) in this.headers.iter() {
            headers.insert(name.clone(), value.clone());
        }
        Poll::Ready(Ok(response))
    }
}

/// The CORS layer for the listed origins; none (same-origin only) when the list is empty.
pub fn cors(origins: &Option<CorsOrigins>) -> Option<CorsLayer> {
    let origins = origins.as_ref().filter(|o| !o.0.is_empty())?;
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins.0.iter().cloned()))
            .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
            .allow_headers([
                header::AUTHORIZATION,
                header::CONTENT_TYPE,
                HeaderName::from_static("idempotency-key"),
            ])
            .expose_headers([header::RETRY_AFTER, HeaderName::from_static("x-request-id")])
            .max_age(Duration::from_secs(600)),
    )
}
