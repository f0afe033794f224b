//! Brute-force protection: attempts per client address, and failed sign-ins per account.
//!
//! Counts live in this process. Behind a load balancer each instance counts on its own,
//! which multiplies an attacker's budget by the number of instances but never blocks a
//! real customer; argon2's cost keeps that budget small.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;
use crate::state::AppState;

const MSG_TOO_MANY: &str = "Too many attempts. Please wait a moment and try again.";

/// The address a request came from (the proxy's `X-Forwarded-For` only when trusted).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if state.config.trust_proxy.0 {
            let forwarded = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .and_then(|v| v.trim().parse::<IpAddr>().ok());
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ip.to_string()));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string());
        Ok(ClientIp(peer.unwrap_or_else(|| "local".into())))
    }
}

#[derive(Clone)]
pub struct Limits {
    auth_per_client: Arc<DefaultKeyedRateLimiter<String>>,
    failures: Arc<FailureCounter>,
}

impl Limits {
    pub fn new(auth_per_minute: u32, failures_per_account: u32) -> Self {
        let per_minute = NonZeroU32::new(auth_per_minute.max(1)).expect("non-zero");
        Limits {
            auth_per_client: Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))),
            failures: Arc::new(FailureCounter::new(
                failures_per_account.max(1),
                Duration::from_secs(15 * 60),
            )),
        }
    }

    /// Counts one sign-in or sign-up attempt from `client`; 429 when over the limit.
    pub fn auth_attempt(&self, client: &ClientIp) -> Result<(), ApiError> {
        self.auth_per_client
            .check_key(&client.0)
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                too_many(wait)
            })?;
        self.prune();
        Ok(())
    }

    /// 429 while an account is paused after too many failed sign-ins.
    pub fn login_allowed(&self, email: &str) -> Result<(), ApiError> {
        match self.failures.locked_for(email) {
            Some(wait) => Err(too_many(wait)),
            None => Ok(()),
        }
    }

    pub fn login_failed(&self, email: &str) {
        self.failures.record(email);
    }

    pub fn login_succeeded(&self, email: &str) {
        self.failures.clear(email);
    }

    fn prune(&self) {
        if self.auth_per_client.len() > 10_000 {
            self.auth_per_client.retain_recent();
        }
    }
}

fn too_many(wait: Duration) -> ApiError {
    ApiError::TooManyRequests {
        message: MSG_TOO_MANY.into(),
        retry_after_secs: wait.as_secs_f64().ceil() as u64,
    }
}

/// Failed attempts per key inside a window that starts at the first failure.
struct FailureCounter {
    max: u32,
    window: Duration,
    entries: Mutex<HashMap<String, (u32, Instant)>>,
}

impl FailureCounter {
    fn new(max: u32, window: Duration) -> Self {
        FailureCounter {
            max,
            window,
            entries: Mutex::new(HashMap::new()),
        }
    }

    fn key(email: &str) -> String {
        email.trim().to_lowercase()
    }

    fn locked_for(&self, email: &str) -> Option<Duration> {
        let entries = self.entries.lock().expect("failure counter lock");
        let (count, since) = entries.get(&Self::key(email))?;
        let elapsed = since.elapsed();
        (*count >= self.max && elapsed < self.window).then(|| self.window - elapsed)
    }

    fn record(&self, email: &str) {
        let mut entries = self.entries.lock().expect("failure counter lock");
        if entries.len() > 100_000 {
            let window = self.window;
            entries.retain(|_, (_, since)| since.elapsed() < window);
        }
        let entry = entries
            .entry(Self::key(email))
            .or_insert((0, Instant::now()));
        if entry.1.elapsed() >= self.window {
            *entry = (0, Instant::now());
        }
        entry.0 += 1;
    }

    fn clear(&self, email: &str) {
        self.entries
            .lock()
            .expect("failure counter lock")
            .remove(&Self::key(email));
    }
}
