//! Everything a request handler may need, cheap to clone.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::auth::password::PasswordHasherPool;
use crate::auth::tokens::TokenKeys;
use crate::config::ServeConfig;
use crate::http::cache::ResponseCache;
use crate::limits::Limits;
use crate::media::MediaStore;
use crate::store::placement::OrderDesk;
use crate::store::Db;

#[derive(Clone)]
pub struct AppState {
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
    pub fn cores() -> usize {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2)
    }
}
