//! Where pictures live: a local folder by default, or an S3-compatible bucket shared by
//! every instance (same keys, same calls, same `/media/...` URLs).

use std::path::{Path, PathBuf};

use anyhow::Context;
use bytes::Bytes;

use super::bucket::Bucket;
use super::keys::is_safe_key;
use crate::config::S3Config;

/// URL prefix under which stored media are served.
pub const MEDIA_PREFIX: &str = "/media/";

#[derive(Clone, Debug)]
pub enum MediaStore {
    Local(LocalFolder),
    Bucket(Bucket),
}

impl MediaStore {
    pub fn local(root: impl Into<PathBuf>) -> Self {
        MediaStore::Local(LocalFolder { root: root.into() })
    }

    /// The bucket when one is configured (checked to answer), else `local_root`.
    pub async fn open(s3: &S3Config, local_root: impl Into<PathBuf>) -> anyhow::Result<Self> {
        if s3.bucket().is_none() {
            return Ok(Self::local(local_root));
        }
        let bucket = Bucket::connect(s3)?;
        bucket.check().await?;
        Ok(MediaStore::Bucket(bucket))
    }

    /// Stores `bytes` under `key` (content-addressed keys make this idempotent).
    pub async fn put(&self, key: &str, bytes: &[u8]) -> anyhow::Result<()> {
        match self {
            MediaStore::Local(folder) => folder.put(key, bytes).await,
            MediaStore::Bucket(bucket) => bucket.put(key, bytes).await,
        }
    }

    /// The stored bytes, or `None` when there is nothing under `key`.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        match self {
            MediaStore::Local(folder) => folder.get(key).await,
            MediaStore::Bucket(bucket) => bucket.get(key).await,
        }
    }

    /// The URL the browser uses for `key`.
    pub fn url(&self, key: &str) -> String {
        format!("{MEDIA_PREFIX}{key}")
    }
}

#[derive(Clone, Debug)]
pub struct LocalFolder {
    root: PathBuf,
}

impl LocalFolder {
    fn path(&self, key: &str) -> anyhow::Result<PathBuf> {
        anyhow::ensure!(is_safe_key(key), "unsafe media key");
        Ok(self.root.join(Path::new(key)))
    }

    async fn put(&self, key: &str, bytes: &[u8]) -> anyhow::Result<()> {
        let path = self.path(key)?;
        if tokio::fs::try_exists(&path).await.unwrap_or(false) {
            return Ok(());
        }
        let dir = path.parent().context("media path has a folder")?;
        tokio::fs::create_dir_all(dir)
            .await
            .with_context(|| format!("creating {}", dir.display()))?;
        // Write then rename, so a reader never sees half a file.
        let temp = dir.join(format!(".{}.tmp", uuid::Uuid::now_v7()));
        tokio::fs::write(&temp, bytes)
            .await
            .with_context(|| format!("writing {}", temp.display()))?;
        tokio::fs::rename(&temp, &path)
            .await
            .with_context(|| format!("storing {}", path.display()))?;
        Ok(())
    }

    async fn get(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        if !is_safe_key(key) {
            return Ok(None);
        }
        match tokio::fs::read(self.path(key)?).await {
            Ok(bytes) => Ok(Some(Bytes::from(bytes))),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(err.into()),
        }
    }
}
