//! A short-lived cache of finished catalogue responses: the serialised body, its compressed forms
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
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult};

/// A response body ready to send, with its validator and, made on first demand, its
/// compressed forms. Cheap to clone (one `Arc`).
#[derive(Clone)]
pub struct Prepared(Arc<PreparedInner>);

struct PreparedInner {
    body: Bytes,
    etag: HeaderValue,
    /// Made when the first client that accepts them asks (never, for a client that takes
    /// the plain bytes); empty when not worth it (a tiny body, or one that does not shrink).
    gzip: OnceLock<Bytes>,
    brotli: OnceLock<Bytes>,
}

/// Below this the compressed forms are not made: the saving is a few dozen bytes.
const MIN_COMPRESS: usize = 256;
/// Brotli's quality and window for bodies made once and served many times: quality 5 is
/// about a millisecond for a 40 KB catalogue page and smaller than gzip at level 6; a
/// 256 KiB window covers the largest page and keeps the encoder's memory small.
const BROTLI_QUALITY: u32 = 5;
const BROTLI_WINDOW_BITS: u32 = 18;

impl Prepared {
    pub fn new(body: Vec<u8>) -> Self {
        let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
        Prepared(Arc::new(PreparedInner {
            body: Bytes::from(body),
            etag: HeaderValue::from_str(&etag).expect("hex is a valid header"),
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        }))
    }

    /// A reply serialised once, to be served many times.
    pub fn reply<T: Serialize + ToSchema>(reply: &T) -> Result<Self, ApiError> {
        let body = serde_json::to_vec(reply).map_err(|e| ApiError::Internal(e.into()))?;
        Ok(Prepared::new(body))
    }

    fn packed(&self, form: &OnceLock<Bytes>, pack: Packer) -> Bytes {
        form.get_or_init(|| {
            let body = &self.0.body;
            if body.len() < MIN_COMPRESS {
                return Bytes::new();
            }
            let packed = pack(body);
            if packed.len() < body.len() {
                Bytes::from(packed)
            } else {
                Bytes::new()
            }
        })
        .clone()
    }

    /// 304 when the client holds these bytes; the stored brotli or gzip form when the client
    /// accepts it (nothing is compressed per request). `no-cache` makes browsers revalidate
    /// on every use.
    pub fn respond(&self, request_headers: &HeaderMap) -> Response {
        let cache_control = HeaderValue::from_static("no-cache");
        let inner = &*self.0;
        if holds_etag(request_headers, &inner.etag) {
            // A 304 carries the `Vary` the 200 would have (RFC 9110, 15.4.5), so a cache
            // between here and the browser keeps the variants apart.
            return (
                StatusCode::NOT_MODIFIED,
                [
                    (header::ETAG, inner.etag.clone()),
                    (header::CACHE_CONTROL, cache_control),
                    (header::VARY, HeaderValue::from_static("accept-encoding")),
                ],
            )
                .into_response();
        }
        let accepted = request_headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let mut encoding = None;
        let mut bytes = inner.body.clone();
        let forms: [(&str, &OnceLock<Bytes>, Packer); 2] =
            [("br", &inner.brotli, brotli), ("gzip", &inner.gzip, gzip)];
        for (coding, form, pack) in forms {
            if accepts(accepted, coding) {
                let packed = self.packed(form, pack);
                if !packed.is_empty() {
                    encoding = Some(coding);
                    bytes = packed;
                    break;
                }
            }
        }
        // Room for the security headers and the request id added on the way out, so the
        // map is allocated once per response and never grown.
        let mut headers = HeaderMap::with_capacity(16);
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        headers.insert(header::ETAG, inner.etag.clone());
        headers.insert(header::CACHE_CONTROL, cache_control);
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        (StatusCode::OK, headers, bytes).into_response()
    }
}

/// Whether the request's `If-None-Match` names `etag` (weak or strong): the client already
/// holds these bytes.
pub fn holds_etag(request_headers: &HeaderMap, etag: &HeaderValue) -> bool {
    request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim().trim_start_matches("W/").as_bytes() == etag.as_bytes())
        })
}

/// Whether an `Accept-Encoding` value lists `coding` without refusing it (`;q=0`).
pub fn accepts(accept_encoding: &str, coding: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let refused = parts.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        name.eq_ignore_ascii_case(coding) && !refused
    })
}

/// Makes one compressed form of a body.
type Packer = fn(&[u8]) -> Vec<u8>;

fn gzip(body: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::new(6),
    );
    encoder
        .write_all(body)
        .and_then(|_| encoder.finish())
        .unwrap_or_default()
}

fn brotli(body: &[u8]) -> Vec<u8> {
    let mut packed = Vec::with_capacity(body.len() / 5);
    let mut encoder =
        brotli::CompressorWriter::new(&mut packed, 4096, BROTLI_QUALITY, BROTLI_WINDOW_BITS);
    if encoder.write_all(body).is_err() {
        return Vec::new();
    }
    drop(encoder); // finishes the stream into `packed`
    packed
}

/// A request's place in the queue for building one key; the last to leave removes the
/// key's lock (also when the request is cancelled or its build fails).
struct Flight<'a> {
    cache: &'a ResponseCache,
    key: &'a str,
    lock: Arc<tokio::sync::Mutex<()>>,
}

impl Drop for Flight<'_> {
    fn drop(&mut self) {
        let mut building = self
            .cache
            .building
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        // The map's handle and this one: nobody else waits for the key.
        if Arc::strong_count(&self.lock) <= 2 {
            building.remove(self.key);
        }
    }
}

/// When a kept answer was made and under which catalogue generation: the one freshness
/// rule (`ResponseCache::is_fresh`) reads it, for this cache's entries and for the copies
/// the accept loop keeps of the answers made from them (`http/front_copy.rs`).
#[derive(Debug, Clone, Copy)]
pub struct Freshness {
    made: Instant,
    generation: u64,
}

struct Entry {
    freshness: Freshness,
    prepared: Prepared,
}

/// What `get_or_build` hands back.
pub struct Cached {
    pub prepared: Prepared,
    pub freshness: Freshness,
    /// Whether this call built it.
    pub built: bool,
}

pub struct ResponseCache {
    ttl: Duration,
    max_entries: usize,
    generation: AtomicU64,
    entries: RwLock<HashMap<String, Entry>>,
    /// One lock per key being built: when an entry expires under load, every request in
    /// flight for it used to miss at once and each built the same response (issue 21's
    /// profile: a quarter of the catalogue's CPU in the compressor). Now one builds and
    /// the others wait for its result.
    building: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

impl ResponseCache {
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        ResponseCache {
            ttl,
            max_entries,
            generation: AtomicU64::new(0),
            entries: RwLock::new(HashMap::new()),
            building: Mutex::new(HashMap::new()),
        }
    }

    /// The fresh entry for `key`, or the one `build` makes (kept for later requests). While
    /// one request builds a key, the others asking for it wait and take its result.
    pub async fn get_or_build<E>(
        &self,
        key: String,
        build: impl std::future::Future<Output = Result<Prepared, E>>,
    ) -> Result<Cached, E> {
        let found = |(prepared, freshness)| Cached {
            prepared,
            freshness,
            built: false,
        };
        if let Some(entry) = self.get(&key) {
            return Ok(found(entry));
        }
        if self.ttl.is_zero() {
            let freshness = self.now();
            return build.await.map(|prepared| Cached {
                prepared,
                freshness,
                built: true,
            });
        }
        let lock = self
            .building
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key.clone())
            .or_default()
            .clone();
        let flight = Flight {
            cache: self,
            key: &key,
            lock,
        };
        let _turn = flight.lock.lock().await;
        if let Some(entry) = self.get(&key) {
            return Ok(found(entry)); // built while this request waited
        }
        let generation = self.generation();
        let prepared = build.await?;
        let freshness = self.put(key.clone(), generation, prepared.clone());
        Ok(Cached {
            prepared,
            freshness,
            built: true,
        })
    }

    /// A fresh entry for `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<(Prepared, Freshness)> {
        let entries = self.entries.read().expect("cache lock");
        let entry = entries.get(key)?;
        self.is_fresh(&entry.freshness)
            .then(|| (entry.prepared.clone(), entry.freshness))
    }

    /// Whether an answer made at `freshness` may still be served: younger than the TTL and
    /// made since the last catalogue change here. Never, with the cache off.
    pub fn is_fresh(&self, freshness: &Freshness) -> bool {
        !self.ttl.is_zero()
            && freshness.generation == self.generation.load(Ordering::Acquire)
            && freshness.made.elapsed() < self.ttl
    }

    /// Made now, under the current generation.
    fn now(&self) -> Freshness {
        Freshness {
            made: Instant::now(),
            generation: self.generation(),
        }
    }

    /// Keeps `prepared` for `key` — unless the catalogue changed while it was being made
    /// (`generation` is the value read before the database query), which would keep stale
    /// data around for a whole TTL. The freshness returned is the entry's (already stale
    /// when it was not kept).
    pub fn put(&self, key: String, generation: u64, prepared: Prepared) -> Freshness {
        let freshness = Freshness {
            made: Instant::now(),
            generation,
        };
        if self.ttl.is_zero() || generation != self.generation.load(Ordering::Acquire) {
            return freshness;
        }
        let mut entries = self.entries.write().expect("cache lock");
        if entries.len() >= self.max_entries {
            let ttl = self.ttl;
            entries.retain(|_, e| {
                e.freshness.made.elapsed() < ttl && e.freshness.generation == generation
            });
            if entries.len() >= self.max_entries {
                entries.clear();
            }
        }
        entries.insert(
            key,
            Entry {
                freshness,
                prepared,
            },
        );
        freshness
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

/// Whether the accept loop may keep a copy of a cached answer (`http/front_copy.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontCopy {
    /// The hot public reads (the list and a plant): a copy ahead of the stack pays off.
    Allowed,
    /// Answers asked too rarely per key (suggestions as one types) to be worth a slot.
    No,
}

/// Marks an answer made from this cache that the accept loop may keep a copy of: with the
/// freshness of the entry it came from and the cache that judges it, so the copy expires
/// with that entry and is dropped by the same catalogue change. The metrics layer adds the
/// route template the answer was counted under.
#[derive(Clone)]
pub struct Shareable {
    cache: Arc<ResponseCache>,
    freshness: Freshness,
    pub route: Option<axum::extract::MatchedPath>,
}

impl Shareable {
    pub fn is_fresh(&self) -> bool {
        self.cache.is_fresh(&self.freshness)
    }
}

/// Serves a catalogue reply from the cache, or builds, keeps and serves it (one build per
/// key at a time: requests arriving meanwhile wait for it).
pub async fn serve_cached<T: Serialize + ToSchema>(
    cache: &Arc<ResponseCache>,
    key: String,
    headers: &HeaderMap,
    front: FrontCopy,
    build: impl std::future::Future<Output = ApiResult<T>>,
) -> ApiResult<Response> {
    let cached = cache
        .get_or_build(key, async { Prepared::reply(&build.await?) })
        .await?;
    crate::metrics::catalogue_cache(!cached.built);
    let mut response = cached.prepared.respond(headers);
    if front == FrontCopy::Allowed {
        response.extensions_mut().insert(Shareable {
            cache: cache.clone(),
            freshness: cached.freshness,
            route: None,
        });
    }
    Ok(response)
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

    #[tokio::test]
    async fn requests_for_an_expired_key_share_one_build() {
        let cache = Arc::new(ResponseCache::new(Duration::from_secs(1), 10));
        let builds = Arc::new(AtomicU64::new(0));
        let waiting: Vec<_> = (0..16)
            .map(|_| {
                let (cache, builds) = (cache.clone(), builds.clone());
                tokio::spawn(async move {
                    cache
                        .get_or_build("list".into(), async {
                            builds.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            Ok::<_, ()>(Prepared::new(b"{}".to_vec()))
                        })
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut built = 0;
        for task in waiting {
            built += usize::from(task.await.unwrap().built);
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
        assert_eq!(built, 1);
        assert!(
            cache.building.lock().unwrap().is_empty(),
            "no lock is left behind"
        );

        // A failed build leaves nothing behind and the next request builds again.
        cache.invalidate();
        let failed = cache
            .get_or_build("list".into(), async { Err::<Prepared, _>("database down") })
            .await;
        assert!(failed.is_err());
        assert!(cache.building.lock().unwrap().is_empty());
    }

    fn catalogue_like_body() -> Vec<u8> {
        let plants: Vec<String> = (0..40)
            .map(|i| format!(r#"{{"name":"Plant {i}","price":{}}}"#, 100 + i))
            .collect();
        format!(r#"{{"plants":[{}]}}"#, plants.join(",")).into_bytes()
    }

    fn unpack(response: Response, encoding: Option<&str>) -> Vec<u8> {
        assert_eq!(
            response
                .headers()
                .get(header::CONTENT_ENCODING)
                .map(|v| v.to_str().unwrap()),
            encoding
        );
        let bytes = futures_util::FutureExt::now_or_never(axum::body::to_bytes(
            response.into_body(),
            usize::MAX,
        ))
        .unwrap()
        .unwrap();
        let mut out = Vec::new();
        match encoding {
            None => out.extend_from_slice(&bytes),
            Some("gzip") => {
                std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut out)
                    .unwrap();
            }
            Some("br") => {
                brotli::BrotliDecompress(&mut &bytes[..], &mut out).unwrap();
            }
            Some(other) => panic!("{other}"),
        }
        out
    }

    #[test]
    fn stored_forms_go_to_clients_that_accept_them() {
        let body = catalogue_like_body();
        let prepared = Prepared::new(body.clone());
        let with = |accept: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(accept).unwrap(),
            );
            prepared.respond(&headers)
        };
        assert_eq!(unpack(prepared.respond(&HeaderMap::new()), None), body);
        assert_eq!(unpack(with("gzip, deflate, br, zstd"), Some("br")), body);
        assert_eq!(unpack(with("br;q=0, gzip;q=0.8"), Some("gzip")), body);
        assert_eq!(unpack(with("gzip"), Some("gzip")), body);
        assert_eq!(unpack(with("br;q=0, gzip;q=0"), None), body);
        assert_eq!(unpack(with("identity"), None), body);
    }

    #[test]
    fn tiny_bodies_are_not_compressed() {
        let prepared = Prepared::new(br#"{"success":true,"suggestions":[]}"#.to_vec());
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, br"),
        );
        assert!(prepared
            .respond(&headers)
            .headers()
            .get(header::CONTENT_ENCODING)
            .is_none());
    }
}
