//! Pictures in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, …), so every
//! instance of the shop reads and writes the same pictures.
//!
//! The objects keep the keys of the local folder (`plants/<hash>-card.webp`, `seed/…`), so a
//! folder copied into the bucket (`aws s3 sync data/media s3://bucket`) just works.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use bytes::Bytes;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as ObjectPath;
use object_store::{
    Attribute, Attributes, BackoffConfig, ClientOptions, ObjectStore, PutOptions, PutPayload,
    RetryConfig,
};

use super::keys::{content_type, is_safe_key, IMMUTABLE};
use crate::config::S3Config;

#[derive(Clone, Debug)]
pub struct Bucket {
    store: Arc<AmazonS3>,
    name: String,
}

impl Bucket {
    pub fn connect(config: &S3Config) -> anyhow::Result<Self> {
        let name = config.bucket().context("no bucket configured")?.to_string();
        let path_style = config.s3_path_style.is_some_and(|f| f.0);
        // `from_env` keeps the standard AWS variables (profiles aside) working underneath ours.
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&name)
            .with_virtual_hosted_style_request(!path_style)
            // A picture request must fail in seconds, not after object_store's default of
            // ten retries over three minutes.
            .with_retry(RetryConfig {
                backoff: BackoffConfig::default(),
                max_retries: 2,
                retry_timeout: Duration::from_secs(10),
            })
            .with_client_options(
                ClientOptions::new()
                    .with_connect_timeout(Duration::from_secs(3))
                    .with_timeout(Duration::from_secs(20)),
            );
        if let Some(region) = config.s3_region.as_deref().filter(|r| !r.is_empty()) {
            builder = builder.with_region(region);
        }
        if let Some(endpoint) = config.s3_endpoint.as_deref().filter(|e| !e.is_empty()) {
            let endpoint = if path_style {
                endpoint.trim_end_matches('/').to_string()
            } else {
                virtual_hosted(endpoint, &name)?
            };
            builder = builder
                .with_allow_http(endpoint.starts_with("http://"))
                .with_endpoint(endpoint);
        }
        if let Some(key) = config.s3_access_key_id.as_deref().filter(|k| !k.is_empty()) {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = config
            .s3_secret_access_key
            .as_deref()
            .filter(|s| !s.is_empty())
        {
            builder = builder.with_secret_access_key(secret);
        }
        let store = builder.build().context("configuring the S3 bucket")?;
        Ok(Bucket {
            store: Arc::new(store),
            name,
        })
    }

    /// Fails unless the bucket answers with these credentials: a missing bucket or a wrong
    /// key should stop the start, not the first upload.
    pub async fn check(&self) -> anyhow::Result<()> {
        match self.store.head(&ObjectPath::from("hariyali-probe")).await {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(anyhow::Error::new(err)
                .context(format!("S3 bucket `{}` is not reachable", self.name))),
        }
    }

    pub async fn put(&self, key: &str, bytes: &[u8]) -> anyhow::Result<()> {
        anyhow::ensure!(is_safe_key(key), "unsafe media key");
        // The bucket may be served directly or through a CDN one day: type and caching go
        // with the object.
        let mut attributes = Attributes::new();
        attributes.insert(Attribute::ContentType, content_type(key).into());
        attributes.insert(Attribute::CacheControl, IMMUTABLE.into());
        let options = PutOptions {
            attributes,
            ..PutOptions::default()
        };
        // Keys are content hashes: writing the same key twice writes the same bytes.
        self.store
            .put_opts(
                &ObjectPath::from(key),
                PutPayload::from(Bytes::copy_from_slice(bytes)),
                options,
            )
            .await
            .with_context(|| format!("storing {key} in bucket {}", self.name))?;
        Ok(())
    }

    pub async fn get(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        if !is_safe_key(key) {
            return Ok(None);
        }
        match self.store.get(&ObjectPath::from(key)).await {
            Ok(object) => Ok(Some(object.bytes().await?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }
}

/// `https://s3.example.com` and bucket `pics` → `https://pics.s3.example.com`.
fn virtual_hosted(endpoint: &str, bucket: &str) -> anyhow::Result<String> {
    let mut url = url::Url::parse(endpoint).context("HARIYALI_S3_ENDPOINT is not a URL")?;
    let host = url
        .host_str()
        .context("HARIYALI_S3_ENDPOINT has no host")?
        .to_string();
    url.set_host(Some(&format!("{bucket}.{host}")))
        .context("bucket name does not fit in a host name")?;
    Ok(url.as_str().trim_end_matches('/').to_string())
}

#[cfg(test)]
mod tests {
    use super::virtual_hosted;

    #[test]
    fn the_bucket_becomes_a_subdomain_unless_path_style() {
        assert_eq!(
            virtual_hosted("https://s3.example.com/", "pics").unwrap(),
            "https://pics.s3.example.com"
        );
        assert_eq!(
            virtual_hosted("http://storage.local:9000", "pics").unwrap(),
            "http://pics.storage.local:9000"
        );
    }
}
