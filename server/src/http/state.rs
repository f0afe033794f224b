//! Everything a request handler may need, cheap to clone.

use std::ops::Deref;
use std::sync::Arc;

use tokio::sync::Semaphore;

use super::cache::ResponseCache;
use crate::auth::password::PasswordHasherPool;
use crate::auth::tokens::TokenKeys;
use crate::config::ServeConfig;
use crate::limits::Limits;
use crate::media::MediaStore;
use crate::store::placement::OrderDesk;
use crate::store::Db;

/// One `Arc` around the shop's shared parts. axum clones the state for every request (the
/// route, the handler and each `State` extractor take their own copy), so a clone must be
/// one reference count, not one per field (issue 21 measured a dozen atomic increments and
/// decrements per request before).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        AppState(Arc::new(shared))
    }
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub db: Db,
    /// Where orders are placed (batched into shared transactions when they pile up).
    pub orders: OrderDesk,
    pub config: Arc<ServeConfig>,
    pub tokens: TokenKeys,
    pub passwords: PasswordHasherPool,
    pub limits: Limits,
    pub media: MediaStore,
    /// Image decoding is CPU- and memory-heavy: at most one per core at a time.
    pub image_permits: Arc<Semaphore>,
    /// Finished catalogue responses, fresh for at most a second.
    pub catalogue_cache: Arc<ResponseCache>,
    /// The forgiving search index over the catalogue, as fresh as the cache above.
    pub search: Arc<crate::search::LiveIndex>,
    /// Whether this is a demo shop (its accounts are listed on the login page).
    pub demo: bool,
    /// The plant-care assistant (knowledge, optional model, message limit).
    pub assistant: Arc<crate::assistant::Assistant>,
}

impl AppState {
    /// The machine's cores as the process may use them.
    pub fn cores() -> usize {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2)
    }
}
