//! Request ids without a system call per request.
//!
//! tower-http's `MakeRequestUuid` asks the kernel for 16 random bytes on every request (a
//! `getrandom` call in issue 21's profile). An id needs to be unique, not secret: here each
//! id is a process-wide key drawn once at start, joined with a counter that no two requests
//! share. Threads take the counter in blocks, so the shared atomic is touched once per 4,096
//! requests, and the counter is scrambled by a bijection so ids do not read as a sequence.
//! The result is shaped as a UUID (version 8, "custom"), as logs and clients expect.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use axum::http::{HeaderName, HeaderValue, Request};
use tower_http::request_id::{MakeRequestId, RequestId};

use super::observe::is_safe_request_id;

/// Counter values a thread takes from the shared counter at a time.
const BLOCK: u64 = 4096;
/// The counter part of an id: 62 bits (the other two are the UUID variant).
const MASK_62: u64 = (1 << 62) - 1;

static NEXT_BLOCK: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The next counter value of this thread's block, and the end of the block.
    static BLOCK_LEFT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// Two random words per process: the first half of every id, and the counter's offset.
fn process_key() -> (u64, u64) {
    static KEY: OnceLock<(u64, u64)> = OnceLock::new();
    *KEY.get_or_init(rand::random)
}

fn next_count() -> u64 {
    BLOCK_LEFT.with(|left| {
        let (mut next, mut end) = left.get();
        if next == end {
            next = NEXT_BLOCK.fetch_add(BLOCK, Ordering::Relaxed);
            end = next + BLOCK;
        }
        left.set((next + 1, end));
        next
    })
}

/// A one-to-one scramble of 62-bit numbers (odd multipliers and right shifts are each
/// invertible modulo 2^62), so distinct counts always give distinct ids.
fn scramble(count: u64, offset: u64) -> u64 {
    let mut x = count.wrapping_add(offset) & MASK_62;
    x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) & MASK_62;
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9) & MASK_62;
    x ^= x >> 29;
    x
}

/// The text of an id: a UUID's 36 characters.
pub type IdText = [u8; uuid::fmt::Hyphenated::LENGTH];

/// A fresh id, e.g. `3f1c9a62-05d7-8e41-9b0a-6d2f4c8e1a73`.
pub fn fresh() -> HeaderValue {
    HeaderValue::from_bytes(&fresh_text()).expect("a UUID is a valid header value")
}

/// A fresh id as text, without the allocation a `HeaderValue` makes.
pub fn fresh_text() -> IdText {
    let (key, offset) = process_key();
    let high = (key & !0xF000) | 0x8000; // version 8
    let low = scramble(next_count(), offset) | (0b10 << 62); // RFC 9562 variant
    let mut text = [0u8; uuid::fmt::Hyphenated::LENGTH];
    uuid::Uuid::from_u64_pair(high, low)
        .hyphenated()
        .encode_lower(&mut text);
    text
}

/// The id of an answer given ahead of the stack (`http/front.rs`), by the stack's rule: the
/// client's own when it sent exactly one and it is safe to echo and log, else a fresh one.
pub fn for_answer<B>(request: &Request<B>) -> HeaderValue {
    let mut sent = request.headers().get_all(HEADER).iter();
    match (sent.next(), sent.next()) {
        (Some(id), None) if is_safe_request_id(id) => id.clone(),
        _ => fresh(),
    }
}

/// The header every answer carries its request id in.
pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The `MakeRequestId` for tower-http's `SetRequestIdLayer`.
#[derive(Debug, Clone, Copy, Default)]
pub struct MakeFastRequestId;

impl MakeRequestId for MakeFastRequestId {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        Some(RequestId::new(fresh()))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn ids_are_uuids_and_never_repeat_across_threads() {
        let ids: Vec<String> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        (0..10_000)
                            .map(|_| fresh().to_str().unwrap().to_owned())
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap())
                .collect()
        });
        let unique: HashSet<&String> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len());
        for id in ids.iter().take(100) {
            let parsed = uuid::Uuid::parse_str(id).unwrap();
            assert_eq!(parsed.get_version_num(), 8);
            assert_eq!(parsed.get_variant(), uuid::Variant::RFC4122);
        }
    }

    #[test]
    fn the_scramble_is_one_to_one() {
        let outputs: HashSet<u64> = (0..100_000).map(|n| scramble(n, 12_345)).collect();
        assert_eq!(outputs.len(), 100_000);
        assert!(outputs.iter().all(|x| *x <= MASK_62));
    }
}
