//! The gate in front of photo-bearing assistant messages.
//!
//! A message may carry five 10 MB photos; it holds at most two of them at a time (one being
//! analysed while the next arrives, `http/assistant.rs`), but a burst of such messages
//! could still take gigabytes. The gate lets a few be read and analysed at
//! once; the others wait in a queue *before their bodies are read* (a waiting request costs a
//! socket and its kernel buffers, nothing more). Queueing rather than refusing at once: a
//! short burst (a class of students asking together) is served in order instead of failing,
//! and decoding is bounded by the image permits anyway. The wait is bounded too: past
//! `max_wait`, or with too many already waiting, the answer is 503 with `Retry-After`, well
//! before the request timeout would cut the client off with nothing useful.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Photo messages read and analysed at once: 3 × 20 MB of photos plus the decodes in
/// progress (one per core, each reduced to a few megapixels) stays near 100 MB.
pub const PHOTO_MESSAGES_AT_ONCE: usize = 3;
/// Messages allowed to wait for a place.
const MAX_WAITING: usize = 64;
/// Longest wait for a place. A waiting upload sits behind a closed TCP window, and common
/// HTTP clients give up on a window closed for 30 s (reqwest's default TCP user timeout):
/// the 503 must reach them first. The request timeout (60 s) is further still.
const MAX_WAIT: Duration = Duration::from_secs(20);

pub struct PhotoGate {
    places: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_wait: Duration,
}

impl Default for PhotoGate {
    fn default() -> Self {
        PhotoGate {
            places: Arc::new(Semaphore::new(PHOTO_MESSAGES_AT_ONCE)),
            waiting: AtomicUsize::new(0),
            max_wait: MAX_WAIT,
        }
    }
}

/// Counts a waiting request for as long as it waits (also when its client goes away).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl PhotoGate {
    /// A place to read and analyse one message, held until the permit is dropped; `None`
    /// when the queue is full or the wait ran out.
    pub async fn enter(&self) -> Option<OwnedSemaphorePermit> {
        if let Ok(permit) = self.places.clone().try_acquire_owned() {
            return Some(permit);
        }
        let before = self.waiting.fetch_add(1, Ordering::Relaxed);
        let _waiting = Waiting(&self.waiting);
        if before >= MAX_WAITING {
            return None;
        }
        tokio::time::timeout(self.max_wait, self.places.clone().acquire_owned())
            .await
            .ok()?
            .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn places_are_bounded_and_a_wait_ends() {
        let gate = PhotoGate {
            max_wait: Duration::from_millis(50),
            ..PhotoGate::default()
        };
        let held: Vec<_> =
            futures_util::future::join_all((0..PHOTO_MESSAGES_AT_ONCE).map(|_| gate.enter())).await;
        assert!(held.iter().all(Option::is_some));
        assert!(
            gate.enter().await.is_none(),
            "no place left within the wait"
        );
        assert_eq!(gate.waiting.load(Ordering::Relaxed), 0);
        drop(held);
        assert!(gate.enter().await.is_some());
    }
}
