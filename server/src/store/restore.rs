//! Putting a SQLite backup (from `hariyali backup`) back in place of the shop's database.
//!
//! "Copy the file back" is not safe on its own: a copy made while the shop runs gets mixed
//! with the live database's write-ahead log (`-wal`), which then replays pages of the old
//! database over the restored one; a damaged copy is only found when it is read. So the
//! restore checks the backup first (`PRAGMA integrity_check`, and that it is a Hariyali
//! database), refuses while any process has the database open, checkpoints and keeps the
//! current database beside it (never deletes it), and moves the copy in with a rename.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use sqlx::sqlite::{SqliteConnectOptions, SqliteLockingMode};
use sqlx::{ConnectOptions, Connection, SqliteConnection};

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// Where the database that was replaced now is (none when there was none).
    pub previous: Option<PathBuf>,
    pub plants: i64,
    pub users: i64,
    pub orders: i64,
}

/// Checks `backup` and puts it in place of the SQLite database `database_url` names.
pub async fn restore_sqlite(backup: &Path, database_url: &str) -> anyhow::Result<Restored> {
    anyhow::ensure!(
        database_url.starts_with("sqlite:"),
        "restore puts back SQLite backups; use pg_restore for PostgreSQL"
    );
    let target = SqliteConnectOptions::from_str(database_url)
        .context("parsing the SQLite URL")?
        .get_filename()
        .to_path_buf();
    anyhow::ensure!(backup.is_file(), "{} is not a file", backup.display());
    if target.exists() {
        anyhow::ensure!(
            std::fs::canonicalize(backup)? != std::fs::canonicalize(&target)?,
            "the backup is the database itself"
        );
    }
    check(backup)
        .await
        .with_context(|| format!("{} is not a usable backup", backup.display()))?;

    let previous = if target.exists() {
        quiesce(&target).await?;
        Some(set_aside(&target)?)
    } else {
        None
    };
    put_in_place(backup, &target)?;
    // A backup from an older release is brought up to this one's schema now, not at the
    // next start.
    super::Db::connect(database_url, 1).await?.close().await;
    let (plants, users, orders) = check(&target).await?;
    Ok(Restored {
        previous,
        plants,
        users,
        orders,
    })
}

async fn open(path: &Path, read_only: bool) -> Result<SqliteConnection, sqlx::Error> {
    SqliteConnectOptions::new()
        .filename(path)
        .read_only(read_only)
        .connect()
        .await
}

/// Integrity and shape of a database file; returns its plants, users and orders.
async fn check(path: &Path) -> anyhow::Result<(i64, i64, i64)> {
    let mut conn = open(path, true).await?;
    let problems: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut conn)
        .await
        .context("checking integrity")?;
    anyhow::ensure!(
        problems == ["ok"],
        "integrity check failed: {}",
        problems.join("; ")
    );
    let migrated: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .context("not a Hariyali database (no migrations table)")?;
    anyhow::ensure!(migrated > 0, "not a Hariyali database (never migrated)");
    let mut counts = [0i64; 3];
    for (count, table) in counts.iter_mut().zip(["plants", "users", "orders"]) {
        *count = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(&mut conn)
            .await
            .with_context(|| format!("not a Hariyali database (no {table})"))?;
    }
    conn.close().await?;
    let [plants, users, orders] = counts;
    Ok((plants, users, orders))
}

/// Refuses while another process has the database open (a running shop keeps connections
/// open, each holding a shared lock in WAL mode); otherwise folds the write-ahead log into
/// the file, so the file set aside is complete on its own.
async fn quiesce(target: &Path) -> anyhow::Result<()> {
    let mut conn = SqliteConnectOptions::new()
        .filename(target)
        .locking_mode(SqliteLockingMode::Exclusive)
        .busy_timeout(std::time::Duration::ZERO)
        .connect()
        .await
        .with_context(|| format!("opening {}", target.display()))?;
    let locked = sqlx::query("BEGIN EXCLUSIVE").execute(&mut conn).await;
    if let Err(err) = locked {
        anyhow::bail!(
            "{} is in use ({err}): stop every hariyali process using it, then restore",
            target.display()
        );
    }
    sqlx::query("COMMIT").execute(&mut conn).await?;
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    Ok(())
}

/// Renames the database and any `-wal`/`-shm` beside it to `<name>.before-restore-<time>`.
fn set_aside(target: &Path) -> anyhow::Result<PathBuf> {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH)?.as_secs();
    let suffix = format!("before-restore-{stamp}");
    let aside = with_suffix(target, &suffix);
    anyhow::ensure!(!aside.exists(), "{} already exists", aside.display());
    std::fs::rename(target, &aside)
        .with_context(|| format!("moving {} aside", target.display()))?;
    for side in ["-wal", "-shm"] {
        let file = with_suffix(target, side);
        if file.exists() {
            // A log left beside the restored file would be replayed over it.
            std::fs::rename(&file, with_suffix(&aside, side))?;
        }
    }
    Ok(aside)
}

/// Copies the backup next to the target, syncs it, then renames it into place, so the
/// database file is at every moment either absent or complete.
fn put_in_place(backup: &Path, target: &Path) -> anyhow::Result<()> {
    let partial = with_suffix(target, "restoring");
    std::fs::copy(backup, &partial).with_context(|| format!("copying {}", backup.display()))?;
    std::fs::File::open(&partial)?.sync_all()?;
    std::fs::rename(&partial, target)?;
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    if !suffix.starts_with('-') {
        name.push(".");
    }
    name.push(suffix);
    PathBuf::from(name)
}
