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

/// Scripts only from the shop's own files and the inline `<script>` of the web app's
/// `index.html` (theme.js, which must run before the first paint), allowed by its sha256 hash;
/// no other inline script, no eval. JSON-LD and page-data blocks are data, not scripts, and are
/// unaffected. Styles from the shop's own files and the inline `<style>` of `index.html` (the
/// first screen's CSS, issue 21), likewise by hash, never `'unsafe-inline'`. Pictures may also
/// be `data:`/`blob:` URLs (the assistant's photo previews), fonts `data:` URLs (the build
/// inlines the smallest subset). No plugins, no framing by other sites, forms and `<base>` only
/// to this origin.
pub fn content_security_policy(inline: &InlineHashes) -> String {
    let sources = |hashes: &[String]| {
        let mut out = String::from("'self'");
        for hash in hashes {
            out.push_str(&format!(" 'sha256-{hash}'"));
        }
        out
    };
    format!(
        "default-src 'self'; script-src {}; style-src {}; img-src 'self' data: blob:; \
font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'",
        sources(&inline.scripts),
        sources(&inline.styles)
    )
}

/// The sha256 hashes (base64, as CSP writes them) of the inline `<style>` and `<script>`
/// elements of a page.
///
/// Worked out once, from the `index.html` the server finds at start: the build writes the first
/// screen's CSS and theme.js into it (web/build/critical-css.ts, web/vite.config.ts), and a
/// browser applies those elements only when the policy names their exact bytes. A new web
/// build therefore needs a restart, as it does for its hashed assets. Only the bare tags the
/// build writes count (`<style>`, `<script>` without attributes): a data block
/// (`<script type="application/json">`) is no script, and nothing a page adds per request is
/// ever allowed. A page without inline elements gets the strict `'self'` it always had.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct InlineHashes {
    pub styles: Vec<String>,
    pub scripts: Vec<String>,
}

impl InlineHashes {
    pub fn of_page(html: &str) -> InlineHashes {
        InlineHashes {
            styles: hashes_of(html, "<style>", "</style>"),
            scripts: hashes_of(html, "<script>", "</script>"),
        }
    }

    /// The hashes of `web_dir/index.html`; none when there is no web app to serve.
    pub fn of_web_app(web_dir: &std::path::Path) -> InlineHashes {
        match std::fs::read_to_string(web_dir.join("index.html")) {
            Ok(html) => InlineHashes::of_page(&html),
            Err(_) => InlineHashes::default(),
        }
    }
}

/// The hash of the text of every `open`…`close` element of `html`, once each.
fn hashes_of(html: &str, open: &str, close: &str) -> Vec<String> {
    use base64::Engine as _;
    use sha2::Digest as _;
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(open) {
        let body = &rest[at + open.len()..];
        let Some(end) = body.find(close) else {
            break;
        };
        let digest = sha2::Sha256::digest(&body.as_bytes()[..end]);
        let hash = base64::engine::general_purpose::STANDARD.encode(digest);
        if !hashes.contains(&hash) {
            hashes.push(hash);
        }
        rest = &body[end..];
    }
    hashes
}

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
    /// `hsts` is `strict_transport`'s answer for the shop's public URL, `inline` the hashes of
    /// the web app's inline styles.
    pub fn new(hsts: Option<HeaderValue>, inline: &InlineHashes) -> Self {
        let csp = HeaderValue::from_str(&content_security_policy(inline))
            .expect("the policy is ASCII (base64 hashes)");
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
            (header::CONTENT_SECURITY_POLICY, csp),
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

#[cfg(test)]
mod tests {
    use super::*;

    // printf 'body{color:red}' | openssl dgst -sha256 -binary | base64
    const RED: &str = "FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E=";

    #[test]
    fn inline_elements_are_allowed_by_their_hash_only() {
        let page = "<head><script>1</script><style>body{color:red}</style></head><body>\
<style>body{color:red}</style><script type=\"application/json\">{}</script></body>";
        let inline = InlineHashes::of_page(page);
        assert_eq!(inline.styles, [RED]);
        // printf '1' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            inline.scripts,
            ["a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s="]
        );
        let csp = content_security_policy(&inline);
        assert!(
            csp.contains(&format!("style-src 'self' 'sha256-{RED}';")),
            "{csp}"
        );
        assert!(
            csp.contains(
                "script-src 'self' 'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s=';"
            ),
            "{csp}"
        );
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        let none = content_security_policy(&InlineHashes::of_page("<head></head>"));
        assert!(none.contains("style-src 'self';"), "{none}");
        assert!(none.contains("script-src 'self';"), "{none}");
    }
}
