//! Hariyali: the plant shop's server. `build_state` opens everything the shop needs,
//! `http::app` turns it into a router, and `serve` runs it until shutdown.

pub mod assistant;
pub mod auth;
pub mod config;
pub mod contact;
pub mod domain;
pub mod error;
pub mod http;
pub mod limits;
pub mod media;
pub mod metrics;
pub mod notify;
pub mod search;
pub mod seed;
pub mod store;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use http::app;

use crate::auth::password::PasswordHasherPool;
use crate::auth::tokens::{load_or_create_secret, TokenKeys};
use crate::config::{RuntimeShape, ServeConfig, StorageConfig};
use crate::http::cache::ResponseCache;
use crate::http::state::{AppState, Shared};
use crate::limits::Limits;
use crate::media::MediaStore;
use crate::store::placement::OrderDesk;
use crate::store::{plants, settings, users, Db};

/// Opens the database (running migrations), the media store and the signing key, and
/// seeds the demo shop when asked to, or when the database is brand new.
pub async fn build_state(storage: &StorageConfig, config: ServeConfig) -> anyhow::Result<AppState> {
    metrics::install();
    let db = Db::connect(&storage.database_url(), storage.pool_size()).await?;
    let media = MediaStore::open(&storage.s3, storage.data_dir.join("media")).await?;
    let secret = load_or_create_secret(config.jwt_secret.as_deref(), &storage.data_dir)?;
    if storage.s3.bucket().is_some() && config.jwt_secret.is_none() {
        // A shared bucket usually means several instances; each would sign with the key in
        // its own data folder and refuse the others' sign-ins.
        tracing::warn!("HARIYALI_S3_BUCKET is set but JWT_SECRET is not: give every instance the same JWT_SECRET");
    }
    let demo = decide_demo(&db, &media, config.demo.map(|d| d.0)).await?;
    Ok(AppState::new(Shared {
        tokens: TokenKeys::new(&secret, config.token_hours),
        passwords: PasswordHasherPool::new(),
        limits: Limits::new(
            db.clone(),
            config.auth_rate_per_minute,
            config.login_failures_per_account,
        ),
        image_permits: Arc::new(Semaphore::new(AppState::cores())),
        catalogue_cache: Arc::new(ResponseCache::new(
            Duration::from_millis(config.catalogue_cache_ms),
            512,
        )),
        search: Arc::new(search::LiveIndex::new(Duration::from_millis(
            config.catalogue_cache_ms,
        ))),
        assistant: Arc::new(assistant::Assistant::new(&config)?),
        config: Arc::new(config),
        orders: OrderDesk::start(db.clone()),
        db,
        media,
        demo,
    }))
}

async fn decide_demo(db: &Db, media: &MediaStore, requested: Option<bool>) -> anyhow::Result<bool> {
    let demo = match requested {
        Some(on) => on,
        None => match settings::get(db, "demo").await? {
            Some(value) => value == "1",
            None => users::count(db).await? == 0 && plants::count_live(db).await? == 0,
        },
    };
    if demo {
        seed::seed_demo(db, media).await?;
    } else if settings::get(db, "demo").await?.is_none() {
        settings::set(db, "demo", "0").await?;
    }
    Ok(demo)
}

/// Serves `state` on `listener` (and `/metrics` alone on `HARIYALI_METRICS_ADDR` when set)
/// until `shutdown` resolves, then finishes open requests.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    metrics::install();
    let db = state.db.clone();
    let config = state.config.clone();
    let file_limit = http::serving::raise_file_limit();
    http::serving::bound_receive_buffer(&listener);
    let wanted = usize::try_from(config.max_connections).unwrap_or(usize::MAX);
    let policy = http::serving::ConnectionPolicy {
        header_timeout: Duration::from_secs(config.header_timeout_secs),
        max_total: http::serving::cap_for_file_limit(wanted, file_limit),
        max_per_client: (!config.trust_proxy.0)
            .then(|| usize::try_from(config.max_connections_per_client).unwrap_or(usize::MAX)),
    };
    if policy.max_total < wanted {
        tracing::warn!(
            open_files = file_limit,
            max_connections = policy.max_total,
            "the open-file limit allows fewer connections than HARIYALI_MAX_CONNECTIONS"
        );
    }
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let metrics_server = match config.metrics_addr {
        Some(addr) => {
            let listener = TcpListener::bind(addr)
                .await
                .map_err(|e| anyhow::anyhow!("listening for metrics on {addr}: {e}"))?;
            tracing::info!(address = %listener.local_addr()?, "metrics are served");
            let gate = http::serving::ConnectionGate::new(http::serving::ConnectionPolicy {
                max_total: 64,
                max_per_client: None,
                ..policy
            });
            let mut stopped = stopped.clone();
            let router = http::observe::metrics_only(state.clone());
            Some(tokio::spawn(http::serving::run(
                listener,
                router,
                gate,
                async move {
                    let _ = stopped.wait_for(|stop| *stop).await;
                },
            )))
        }
        None => None,
    };
    let router = app(state);
    let gate = http::serving::ConnectionGate::new(policy);
    let shutdown = async move {
        shutdown.await;
        let _ = stop.send(true);
    };
    match config.runtime {
        RuntimeShape::Shared => http::serving::run(listener, router, gate, shutdown).await,
        RuntimeShape::PerCore => {
            http::serving::run_per_core(listener, router, gate, AppState::cores(), shutdown).await?
        }
    }
    drop(stopped);
    if let Some(task) = metrics_server {
        let _ = task.await;
    }
    db.close().await;
    Ok(())
}
