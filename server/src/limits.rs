//! Brute-force protection: attempts per client address, and failed sign-ins per account and
//! address.
//!
//! Why per (account, address) and not per account: a pause per account lets anyone lock
//! anyone out (ten wrong passwords every fifteen minutes from anywhere kept even the owner
//! out). Here an address that failed `pair_max` times on an account is paused for that
//! account alone. Once the account as a whole has failed `account_max` times in the window
//! (guessing from many addresses), every address that has already failed on it must wait a
//! delay that doubles with each further failure (up to five minutes) before its next try.
//! An address with no failure on the account, like the owner's, is never refused: a spread
//! attack thus gets one guess per fresh address and window, then one per growing delay,
//! which against passwords that pass the sign-up rules (and argon2's cost per try) is a
//! hopeless rate, while the owner can always sign in.
//!
//! Failures are counted in the database, so the pauses hold across every instance. Attempts
//! per client address are counted in this process: behind a load balancer each instance
//! counts on its own, which multiplies that budget by the number of instances but never
//! blocks a real customer.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::domain::ids::now_ms;
use crate::error::ApiError;
use crate::store::{login_failures, Db};

const MSG_TOO_MANY: &str = "Too many attempts. Please wait a moment and try again.";

#[derive(Clone)]
pub struct Limits {
    auth_per_client: Arc<DefaultKeyedRateLimiter<String>>,
    /// Current-password checks per account: a stolen token must not buy parallel guesses.
    password_checks: Arc<DefaultKeyedRateLimiter<String>>,
    guard: Arc<SignInGuard>,
}

/// Failures one address may make on one account in a window before it is paused there.
const PAIR_MAX: i64 = 5;
/// The longest wait the per-account delay asks of an address that already failed.
const MAX_GUARD_DELAY: Duration = Duration::from_secs(5 * 60);
/// Current-password checks allowed per account per minute.
const PASSWORD_CHECKS_PER_MINUTE: u32 = 5;

impl Limits {
    pub fn new(db: Db, auth_per_minute: u32, failures_per_account: u32) -> Self {
        let per_minute = NonZeroU32::new(auth_per_minute.max(1)).expect("non-zero");
        let checks = NonZeroU32::new(PASSWORD_CHECKS_PER_MINUTE).expect("non-zero");
        Limits {
            auth_per_client: Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))),
            password_checks: Arc::new(RateLimiter::keyed(Quota::per_minute(checks))),
            guard: Arc::new(SignInGuard {
                db,
                account_max: i64::from(failures_per_account.max(1)),
                pair_max: PAIR_MAX,
                window: Duration::from_secs(15 * 60),
                recorded: AtomicU64::new(0),
            }),
        }
    }

    /// Counts one sign-in, sign-up or password-change attempt from `client`; 429 when over
    /// the limit.
    pub fn auth_attempt(&self, client: &str) -> Result<(), ApiError> {
        self.auth_per_client
            .check_key(&client.to_owned())
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                tracing::warn!(client = %client, "too many sign-in attempts from one address");
                too_many("sign_in", wait)
            })?;
        self.prune();
        Ok(())
    }

    /// Counts one current-password check for `account` (a user id); 429 past a few a minute.
    pub fn password_check(&self, account: &str, client: &str) -> Result<(), ApiError> {
        self.password_checks
            .check_key(&account.to_owned())
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                tracing::warn!(client = %client, "too many current-password checks on one account");
                too_many("password_check", wait)
            })
    }

    /// 429 while `client` must wait before trying a password on `email` again.
    pub async fn login_allowed(&self, email: &str, client: &str) -> Result<(), ApiError> {
        match self.guard.wait_for(email, client).await? {
            Some((wait, reason)) => {
                tracing::warn!(client = %client, account = %SignInGuard::key(email), reason, wait_secs = wait.as_secs(), "sign-in refused while paused");
                Err(too_many(reason, wait))
            }
            None => Ok(()),
        }
    }

    pub async fn login_failed(&self, email: &str, client: &str) -> Result<(), ApiError> {
        Ok(self.guard.record(email, client).await?)
    }

    /// A right password forgets this address's failures on the account. The account's own
    /// count stays until its window ends: the other addresses that guessed keep waiting.
    pub async fn login_succeeded(&self, email: &str, client: &str) -> Result<(), ApiError> {
        Ok(self.guard.clear(email, client).await?)
    }

    fn prune(&self) {
        if self.auth_per_client.len() > 10_000 {
            self.auth_per_client.retain_recent();
        }
        if self.password_checks.len() > 10_000 {
            self.password_checks.retain_recent();
        }
    }
}

fn too_many(limit: &'static str, wait: Duration) -> ApiError {
    crate::metrics::rate_limited(limit);
    ApiError::TooManyRequests {
        message: MSG_TOO_MANY.into(),
        retry_after_secs: wait.as_secs_f64().ceil().max(1.0) as u64,
    }
}

/// Failed sign-ins per account and per (account, address), in windows that start at the
/// first failure, counted in the database (see `store::login_failures`).
struct SignInGuard {
    db: Db,
    account_max: i64,
    pair_max: i64,
    window: Duration,
    recorded: AtomicU64,
}

impl SignInGuard {
    fn key(email: &str) -> String {
        email.trim().to_lowercase()
    }

    fn window_ms(&self) -> i64 {
        self.window.as_millis() as i64
    }

    /// The delay an address that already failed waits once the account is over its count:
    /// one second at the count, doubling with every failure past it.
    fn guard_delay(&self, account_failures: i64) -> Duration {
        let excess = (account_failures - self.account_max).clamp(0, 20) as u32;
        Duration::from_secs(1u64 << excess).min(MAX_GUARD_DELAY)
    }

    /// How long `address` must wait before its next password on `email`, and why.
    async fn wait_for(
        &self,
        email: &str,
        address: &str,
    ) -> Result<Option<(Duration, &'static str)>, sqlx::Error> {
        let key = Self::key(email);
        let now = now_ms();
        let window_start = now - self.window_ms();
        let Some(pair) = login_failures::get_from(&self.db, &key, address)
            .await?
            .filter(|p| p.window_start > window_start)
        else {
            // No failure from here: never refused, whatever others did to the account.
            return Ok(None);
        };
        if pair.failures >= self.pair_max {
            let wait = pair.window_start + self.window_ms() - now;
            return Ok(Some((millis(wait), "address_paused")));
        }
        let account = login_failures::get(&self.db, &key)
            .await?
            .filter(|(_, since)| *since > window_start);
        if let Some((failures, _)) = account.filter(|(f, _)| *f >= self.account_max) {
            let wait = pair.last_failure + self.guard_delay(failures).as_millis() as i64 - now;
            if wait > 0 {
                return Ok(Some((millis(wait), "account_guarded")));
            }
        }
        Ok(None)
    }

    async fn record(&self, email: &str, address: &str) -> Result<(), sqlx::Error> {
        let key = Self::key(email);
        let now = now_ms();
        login_failures::record(&self.db, &key, now, self.window_ms()).await?;
        login_failures::record_from(&self.db, &key, address, now, self.window_ms()).await?;
        // Now and then, forget windows that are over, so the tables stay small.
        if self.recorded.fetch_add(1, Ordering::Relaxed) % 1000 == 999 {
            login_failures::prune(&self.db, now - self.window_ms()).await?;
            login_failures::prune_from(&self.db, now - self.window_ms()).await?;
        }
        Ok(())
    }

    async fn clear(&self, email: &str, address: &str) -> Result<(), sqlx::Error> {
        login_failures::clear_from(&self.db, &Self::key(email), address).await
    }
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}
