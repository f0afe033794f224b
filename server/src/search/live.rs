//! The search index this instance answers from, and how it stays current. Every change to
//! a plant's searchable fields bumps `catalogue_version` in the database in the same
//! transaction (store::plants). An instance re-reads that one row at most once per
//! freshness period (the catalogue cache's, one second by default) and rebuilds its index
//! when the number moved; a change made through this instance marks the index stale at
//! once. So SQLite and PostgreSQL, one instance or ten, answer from the same catalogue
//! within the same second, exactly as the catalogue cache promises for listings.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use super::index::{IndexedPlant, SearchIndex};
use crate::store::plants::{self, Plant};
use crate::store::Db;

struct Current {
    version: i64,
    checked: Option<Instant>,
    index: Arc<SearchIndex>,
}

pub struct LiveIndex {
    freshness: Duration,
    current: RwLock<Current>,
    /// One rebuild at a time; the others wait for it rather than repeat it.
    rebuilding: tokio::sync::Mutex<()>,
}

impl LiveIndex {
    pub fn new(freshness: Duration) -> Self {
        LiveIndex {
            freshness,
            current: RwLock::new(Current {
                version: -1,
                checked: None,
                index: Arc::new(SearchIndex::build(Vec::new())),
            }),
            rebuilding: tokio::sync::Mutex::new(()),
        }
    }

    /// The catalogue changed through this instance: look again before the next answer.
    pub fn mark_stale(&self) {
        self.current.write().expect("index lock").checked = None;
    }

    fn fresh(&self) -> Option<Arc<SearchIndex>> {
        let current = self.current.read().expect("index lock");
        let checked = current.checked?;
        (checked.elapsed() < self.freshness).then(|| current.index.clone())
    }

    /// The index, rebuilt first if the catalogue has changed since it was made.
    pub async fn get(&self, db: &Db) -> Result<Arc<SearchIndex>, sqlx::Error> {
        if let Some(index) = self.fresh() {
            return Ok(index);
        }
        let _turn = self.rebuilding.lock().await;
        if let Some(index) = self.fresh() {
            return Ok(index);
        }
        let looked = Instant::now();
        let version = plants::catalogue_version(db).await?;
        {
            let mut current = self.current.write().expect("index lock");
            if current.version == version {
                current.checked = Some(looked);
                return Ok(current.index.clone());
            }
        }
        // Version first, rows second: a change in between only causes one more rebuild.
        let rows: Vec<IndexedPlant> = plants::all_live(db)
            .await?
            .into_iter()
            .map(indexed)
            .collect();
        let started = Instant::now();
        let index = tokio::task::spawn_blocking(move || SearchIndex::build(rows))
            .await
            .map_err(|e| sqlx::Error::Protocol(format!("search index build failed: {e}")))?;
        tracing::debug!(
            plants = index.len(),
            version,
            ms = started.elapsed().as_millis() as u64,
            "rebuilt the search index"
        );
        let index = Arc::new(index);
        let mut current = self.current.write().expect("index lock");
        *current = Current {
            version,
            checked: Some(looked),
            index: index.clone(),
        };
        Ok(index)
    }
}

/// What the index keeps of a plant (the card's picture when there is one).
fn indexed(plant: Plant) -> IndexedPlant {
    IndexedPlant {
        id: plant.id,
        plant_code: plant.plant_id,
        name: plant.name,
        name_hi: plant.name_hi,
        description: plant.description,
        description_hi: plant.description_hi,
        categories: plant.categories,
        image: plant.thumbnail.or(plant.image),
        price: plant.price,
        care: plant.care,
    }
}
