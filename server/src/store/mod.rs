//! Database access. One portable query layer over sqlx's `Any` driver serves SQLite and
//! PostgreSQL with the same SQL (`$n` placeholders, `RETURNING`, `ON CONFLICT`, BIGINT
//! times and money), so no business rule exists twice. What differs per backend —
//! connection setup, migrations, the write path on SQLite — stays in this module.

pub mod assistant;
pub mod cart;
pub mod delivery;
pub mod locks;
pub mod login_failures;
pub mod notifications;
pub mod order_writes;
pub mod orders;
pub mod params;
pub mod past_orders;
pub mod placement;
pub mod plants;
pub mod ratings;
pub mod restore;
pub mod reviews;
pub mod seeding;
pub mod settings;
pub mod users;
pub mod wishlist;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, AnyQueryResult};
use sqlx::migrate::Migrator;
use sqlx::{Any, AnyPool, Transaction};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Handles to the database. On SQLite all writes go through one connection, so writers
/// queue in the pool instead of failing with "database is locked"; reads use their own pool
/// and never wait for writers (WAL). On PostgreSQL both are the same pool.
#[derive(Clone)]
pub struct Db {
    backend: Backend,
    read: AnyPool,
    write: AnyPool,
}

pub type Tx = Transaction<'static, Any>;

impl Db {
    /// Connects to `url` and brings the schema up to date.
    pub async fn connect(url: &str, pool_size: u32) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let db = if url.starts_with("sqlite:") {
            Self::connect_sqlite(url, pool_size).await?
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Self::connect_postgres(url, pool_size).await?
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
        };
        db.migrate().await?;
        Ok(db)
    }

    async fn connect_sqlite(url: &str, pool_size: u32) -> anyhow::Result<Db> {
        let url = sqlite_url_with_create(url);
        let options =
            sqlx::sqlite::SqliteConnectOptions::from_str(&url).context("parsing the SQLite URL")?;
        if let Some(dir) = options
            .get_filename()
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let pool = |size: u32| {
            AnyPoolOptions::new()
                .max_connections(size)
                .min_connections(1)
                .acquire_timeout(Duration::from_secs(30))
                // A file on this machine does not go away between uses: skip the liveness
                // round trip sqlx would otherwise make to the connection's thread per acquire.
                .test_before_acquire(false)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        // WAL lets readers run beside the writer; NORMAL sync is durable in WAL
                        // mode except for the last commits on power loss (never corruption).
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = NORMAL",
                            "PRAGMA foreign_keys = ON",
                            "PRAGMA busy_timeout = 10000",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                        Ok(())
                    })
                })
                .connect(&url)
        };
        let write = pool(1).await.context("opening the SQLite database")?;
        let read = pool(pool_size.max(1))
            .await
            .context("opening the SQLite database")?;
        Ok(Db {
            backend: Backend::Sqlite,
            read,
            write,
        })
    }

    async fn connect_postgres(url: &str, pool_size: u32) -> anyhow::Result<Db> {
        let pool = AnyPoolOptions::new()
            .max_connections(pool_size.max(2))
            .acquire_timeout(Duration::from_secs(30))
            .connect(url)
            .await
            .context("connecting to PostgreSQL")?;
        Ok(Db {
            backend: Backend::Postgres,
            read: pool.clone(),
            write: pool,
        })
    }

    async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator
            .run(&self.write)
            .await
            .context("running database migrations")?;
        Ok(())
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool for queries that only read.
    pub fn reader(&self) -> &AnyPool {
        &self.read
    }

    /// The pool for single statements that write.
    pub fn writer(&self) -> &AnyPool {
        &self.write
    }

    /// Starts a transaction on the write path. On SQLite it takes the write lock up front
    /// (`BEGIN IMMEDIATE`): a transaction that read first and then wanted to write could
    /// otherwise fail at once if another process (a backup, a second instance) wrote between.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.write.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.write.begin().await,
        }
    }

    /// Checks the database answers (for `/readyz`).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.read)
            .await
            .map(|_| ())
    }

    /// Writes a consistent copy of a SQLite database to `target` while it stays online.
    pub async fn backup_to(&self, target: &Path) -> anyhow::Result<()> {
        anyhow::ensure!(
            self.backend == Backend::Sqlite,
            "backup copies SQLite databases; use pg_dump for PostgreSQL"
        );
        anyhow::ensure!(!target.exists(), "{} already exists", target.display());
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let path = target
            .to_str()
            .context("the backup path must be valid UTF-8")?;
        sqlx::query("VACUUM INTO $1")
            .bind(path)
            .execute(&self.write)
            .await
            .context("copying the database")?;
        Ok(())
    }

    pub async fn close(&self) {
        self.read.close().await;
        self.write.close().await;
    }
}

/// Adds `mode=rwc` so a first run creates the SQLite file.
fn sqlite_url_with_create(url: &str) -> String {
    if url.contains("mode=") || url.contains(":memory:") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

/// True when a statement failed on a unique constraint (both backends).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => {
            db.is_unique_violation()
                || db
                    .code()
                    .is_some_and(|c| c == "23505" || c == "2067" || c == "1555")
        }
        _ => false,
    }
}

/// Rows changed by a statement.
pub fn affected(result: &AnyQueryResult) -> u64 {
    result.rows_affected()
}
