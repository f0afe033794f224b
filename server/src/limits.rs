//! Brute-force protection: attempts per client address, and failed sign-ins per account.
//!
//! Failed sign-ins per account are counted in the database, so the pause after too many
//! holds across every instance. Attempts per client address are counted in this process:
//! behind a load balancer each instance counts on its own, which multiplies that budget by
//! the number of instances but never blocks a real customer (argon2's cost and the
//! per-account pause keep guessing slow; the balancer can limit per address for all).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::domain::ids::now_ms;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::{login_failures, Db};

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
    pub fn new(db: Db, auth_per_minute: u32, failures_per_account: u32) -> Self {
        let per_minute = NonZeroU32::new(auth_per_minute.max(1)).expect("non-zero");
        Limits {
            auth_per_client: Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))),
            failures: Arc::new(FailureCounter {
                db,
                max: i64::from(failures_per_account.max(1)),
                window: Duration::from_secs(15 * 60),
                recorded: AtomicU64::new(0),
            }),
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
    pub async fn login_allowed(&self, email: &str) -> Result<(), ApiError> {
        match self.failures.locked_for(email).await? {
            Some(wait) => Err(too_many(wait)),
            None => Ok(()),
        }
    }

    pub async fn login_failed(&self, email: &str) -> Result<(), ApiError> {
        Ok(self.failures.record(email).await?)
    }

    pub async fn login_succeeded(&self, email: &str) -> Result<(), ApiError> {
        Ok(self.failures.clear(email).await?)
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

/// Failed sign-ins per account inside a window that starts at the first failure, counted in
/// the database (see `store::login_failures`).
struct FailureCounter {
    db: Db,
    max: i64,
    window: Duration,
    recorded: AtomicU64,
}

impl FailureCounter {
    fn key(email: &str) -> String {
        email.trim().to_lowercase()
    }

    fn window_ms(&self) -> i64 {
        self.window.as_millis() as i64
    }

    async fn locked_for(&self, email: &str) -> Result<Option<Duration>, sqlx::Error> {
        let Some((count, since)) = login_failures::get(&self.db, &Self::key(email)).await? else {
            return Ok(None);
        };
        let elapsed = now_ms() - since;
        Ok((count >= self.max && elapsed < self.window_ms())
            .then(|| Duration::from_millis((self.window_ms() - elapsed).max(0) as u64)))
    }

    async fn record(&self, email: &str) -> Result<(), sqlx::Error> {
        let now = now_ms();
        login_failures::record(&self.db, &Self::key(email), now, self.window_ms()).await?;
        // Now and then, forget windows that are over, so the table stays small.
        if self.recorded.fetch_add(1, Ordering::Relaxed) % 1000 == 999 {
            login_failures::prune(&self.db, now - self.window_ms()).await?;
        }
        Ok(())
    }

    async fn clear(&self, email: &str) -> Result<(), sqlx::Error> {
        login_failures::clear(&self.db, &Self::key(email)).await
    }
}
