//! Who is on the other end of the connection: the extractor handlers take to learn the
//! client's address (for rate limits and logs).

use std::net::{IpAddr, SocketAddr};
use std::ops::Deref;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap};

use super::state::AppState;

/// The address a request came from (the proxy's `X-Forwarded-For` only when trusted).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_address(
            &parts.headers,
            &parts.extensions,
            state.config.trust_proxy.0,
        )))
    }
}

/// The client's address as text: the left-most `X-Forwarded-For` entry when the proxy is
/// trusted and sent one, else the peer of the connection ("local" when there is none).
pub fn client_address(headers: &HeaderMap, extensions: &Extensions, trust_proxy: bool) -> String {
    if trust_proxy {
        let forwarded = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok());
        if let Some(ip) = forwarded {
            return ip.to_string();
        }
    }
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_string())
        .unwrap_or_else(|| "local".into())
}

/// The address as text, which is what the rate limits count by.
impl Deref for ClientIp {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}
