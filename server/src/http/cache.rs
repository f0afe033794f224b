//! A short-lived cache of finished catalogue responses: the serialised body, its gzip form
//! and its ETag, so a hot catalogue is served without touching the database, serde or the
//! compressor.
//!
//! Freshness: an entry lives at most `ttl` (one second), so a price or stock is never
//! older than that, on any instance. Writes to the catalogue made through this instance
//! (add, edit, delete) also drop every entry at once, so a deleted plant disappears here
//! immediately and from other instances within the same second.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::RwLock;
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use sha2::{Digest, Sha256};

/// A response body ready to send, with its compressed form and validator.
#[derive(Clone)]
pub struct Prepared {
    body: Bytes,
    gzip: Bytes,
    etag: HeaderValue,
}

impl Prepared {
    pub fn new(body: Vec<u8>) -> Self {
        let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
        let mut encoder = flate2::write::GzEncoder::new(
            Vec::with_capacity(body.len() / 4),
            flate2::Compression::new(6),
        );
        let gzip = encoder
            .write_all(&body)
            .and_then(|_| encoder.finish())
            .unwrap_or_default();
        Prepared {
            body: Bytes::from(body),
            gzip: Bytes::from(gzip),
            etag: HeaderValue::from_str(&etag).expect("hex is a valid header"),
        }
    }

    /// 304 when the client holds these bytes; gzip when the client accepts it. `no-cache`
    /// makes browsers revalidate on every use.
    pub fn respond(&self, request_headers: &HeaderMap) -> Response {
        let cache_control = HeaderValue::from_static("no-cache");
        let matches = request_headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(',').any(|tag| {
                    tag.trim().trim_start_matches("W/").as_bytes() == self.etag.as_bytes()
                })
            });
        if matches {
            return (
                StatusCode::NOT_MODIFIED,
                [
                    (header::ETAG, self.etag.clone()),
                    (header::CACHE_CONTROL, cache_control),
                ],
            )
                .into_response();
        }
        let wants_gzip = request_headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(',').any(|enc| {
                    enc.split(';')
                        .next()
                        .is_some_and(|e| e.trim().eq_ignore_ascii_case("gzip"))
                })
            });
        let mut headers = HeaderMap::with_capacity(5);
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, cache_control);
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if wants_gzip && !self.gzip.is_empty() && self.gzip.len() < self.body.len() {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            (StatusCode::OK, headers, self.gzip.clone()).into_response()
        } else {
            (StatusCode::OK, headers, self.body.clone()).into_response()
        }
    }
}

struct Entry {
    made: Instant,
    generation: u64,
    prepared: Prepared,
}

pub struct ResponseCache {
    ttl: Duration,
    max_entries: usize,
    generation: AtomicU64,
    entries: RwLock<HashMap<String, Entry>>,
}

impl ResponseCache {
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        ResponseCache {
            ttl,
            max_entries,
            generation: AtomicU64::new(0),
            entries: RwLock::new(HashMap::new()),
        }
    }

    /// A fresh entry for `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<Prepared> {
        if self.ttl.is_zero() {
            return None;
        }
        let generation = self.generation.load(Ordering::Acquire);
        let entries = self.entries.read().expect("cache lock");
        let entry = entries.get(key)?;
        (entry.generation == generation && entry.made.elapsed() < self.ttl)
            .then(|| entry.prepared.clone())
    }

    /// Keeps `prepared` for `key` — unless the catalogue changed while it was being made
    /// (`generation` is the value read before the database query), which would keep stale
    /// data around for a whole TTL.
    pub fn put(&self, key: String, generation: u64, prepared: Prepared) {
        if self.ttl.is_zero() || generation != self.generation.load(Ordering::Acquire) {
            return;
        }
        let mut entries = self.entries.write().expect("cache lock");
        if entries.len() >= self.max_entries {
            let ttl = self.ttl;
            entries.retain(|_, e| e.made.elapsed() < ttl && e.generation == generation);
            if entries.len() >= self.max_entries {
                entries.clear();
            }
        }
        entries.insert(
            key,
            Entry {
                made: Instant::now(),
                generation,
                prepared,
            },
        );
    }

    /// The generation to pass to `put` for a response about to be built.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Drops every entry (the catalogue changed here).
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_expire_and_invalidate() {
        let cache = ResponseCache::new(Duration::from_millis(50), 10);
        let g = cache.generation();
        cache.put("a".into(), g, Prepared::new(b"{}".to_vec()));
        assert!(cache.get("a").is_some());
        cache.invalidate();
        assert!(cache.get("a").is_none());
        let g = cache.generation();
        cache.put("a".into(), g, Prepared::new(b"{}".to_vec()));
        std::thread::sleep(Duration::from_millis(60));
        assert!(cache.get("a").is_none(), "older than the ttl");
    }

    #[test]
    fn a_response_built_across_a_change_is_not_kept() {
        let cache = ResponseCache::new(Duration::from_secs(1), 10);
        let before = cache.generation();
        cache.invalidate();
        cache.put("a".into(), before, Prepared::new(b"{}".to_vec()));
        assert!(cache.get("a").is_none());
    }

    #[test]
    fn gzip_only_for_clients_that_accept_it() {
        let prepared = Prepared::new(
            br#"{"plants":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}"#.to_vec(),
        );
        let mut headers = HeaderMap::new();
        assert!(prepared
            .respond(&headers)
            .headers()
            .get(header::CONTENT_ENCODING)
            .is_none());
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br, gzip;q=0.8"),
        );
        assert_eq!(
            prepared.respond(&headers).headers()[header::CONTENT_ENCODING],
            "gzip"
        );
    }
}
