//! The assistant as the server runs it: one engine for the process, the optional model, and
//! the per-client message limit.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::engine::Engine;
use super::knowledge::Knowledge;
use super::llm::LlmClient;
use crate::config::ServeConfig;

/// Chats idle this long start afresh.
pub const SESSION_IDLE_MS: i64 = 24 * 60 * 60 * 1000;
/// How often idle sessions are swept from the database.
const PURGE_EVERY_MS: i64 = 60 * 60 * 1000;

pub struct Assistant {
    engine: Arc<Engine>,
    llm: Option<LlmClient>,
    per_client: DefaultKeyedRateLimiter<String>,
    /// The burst of the per-client quota: the most one message may be charged.
    per_client_burst: u32,
    last_purge_ms: AtomicI64,
    /// Bounds how many photo-bearing messages are read and analysed at once.
    pub photo_gate: super::gate::PhotoGate,
}

/// The knowledge base is the same for every state in a process (tests build many).
fn shared_engine() -> anyhow::Result<Arc<Engine>> {
    static ENGINE: OnceLock<Arc<Engine>> = OnceLock::new();
    if let Some(engine) = ENGINE.get() {
        return Ok(engine.clone());
    }
    let engine = Arc::new(Engine::new(Knowledge::embedded()?)?);
    Ok(ENGINE.get_or_init(|| engine).clone())
}

impl Assistant {
    /// Loads the knowledge base (failing on a malformed file) and the model client.
    pub fn new(config: &ServeConfig) -> anyhow::Result<Assistant> {
        let per_minute = NonZeroU32::new(config.ai_rate_per_minute.max(1)).expect("non-zero");
        Ok(Assistant {
            engine: shared_engine()?,
            llm: LlmClient::from_config(
                config.ai_base_url.as_deref(),
                config.ai_api_key.as_deref(),
                config.ai_model.as_deref(),
                Duration::from_secs(config.ai_timeout_secs),
            )?,
            per_client: RateLimiter::keyed(Quota::per_minute(per_minute)),
            per_client_burst: per_minute.get(),
            last_purge_ms: AtomicI64::new(0),
            photo_gate: super::gate::PhotoGate::default(),
        })
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn llm(&self) -> Option<&LlmClient> {
        self.llm.as_ref()
    }

    /// Counts one message from `client`; the wait until the next is allowed when over.
    pub fn allow_message(&self, client: &str) -> Result<(), Duration> {
        let result = self
            .per_client
            .check_key(&client.to_string())
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()));
        if self.per_client.len() > 10_000 {
            self.per_client.retain_recent();
        }
        result
    }

    /// Charges `client` for the `nth` photo of a message (from 1), on top of the message
    /// itself: each photo costs as much as a message, so one client cannot keep the cores
    /// decoding. Photos are charged one by one as they arrive, each before it is decoded;
    /// a message is never charged more than the burst, so it always fits in the end.
    pub fn charge_photo(&self, client: &str, nth: usize) -> Result<(), Duration> {
        if nth >= self.per_client_burst as usize {
            return Ok(());
        }
        self.per_client
            .check_key(&client.to_string())
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// How long a client refused with `wait` (the wait for the one unit that did not fit)
    /// must wait before sending the same message, with `photos` photos, again. The retry is
    /// charged its message and every photo afresh, and each unit beyond the first adds one
    /// replenishment interval; a wait for a single unit would see the retry refused again.
    pub fn retry_wait(&self, wait: Duration, photos: usize) -> Duration {
        let extra = (photos as u32).min(self.per_client_burst.saturating_sub(1));
        wait + Duration::from_secs(60) / self.per_client_burst * extra
    }

    /// True at most once an hour per process: time to sweep idle sessions.
    pub fn purge_due(&self, now_ms: i64) -> bool {
        let last = self.last_purge_ms.load(Ordering::Relaxed);
        now_ms - last >= PURGE_EVERY_MS
            && self
                .last_purge_ms
                .compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}
