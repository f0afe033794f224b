//! Picture work (decoding, resizing, encoding) takes tens to hundreds of milliseconds of one
//! core: it runs on the blocking pool, never on the async threads, and at most one job per
//! image permit (one per core, shared by the whole process) so a burst of uploads queues
//! instead of oversubscribing the machine. The admin's plant photos and the assistant's
//! photos both go through here.

use std::sync::Arc;

use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

/// A job started on the blocking pool. It keeps its permit until the work is done, even
/// when the request that started it is abandoned: the permit counts running decodes, not
/// waiting requests.
pub struct ImageJob<T> {
    task: JoinHandle<T>,
}

impl<T: Send + 'static> ImageJob<T> {
    /// Waits for a permit, then starts `work` on the blocking pool.
    pub async fn start(
        permits: &Arc<Semaphore>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> anyhow::Result<Self> {
        let permit = permits.clone().acquire_owned().await?;
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        Ok(ImageJob { task })
    }

    /// The job's result (an error only when the work panicked or was cancelled).
    pub async fn finish(self) -> anyhow::Result<T> {
        Ok(self.task.await?)
    }
}

/// Runs `work` off the async threads under an image permit and waits for it.
pub async fn run<T: Send + 'static>(
    permits: &Arc<Semaphore>,
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    ImageJob::start(permits, work).await?.finish().await
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    /// With one permit, two jobs never run at once.
    #[tokio::test]
    async fn jobs_beyond_the_permits_wait() {
        let permits = Arc::new(Semaphore::new(1));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let job = |running: Arc<AtomicUsize>, most: Arc<AtomicUsize>| {
            move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(30));
                running.fetch_sub(1, Ordering::SeqCst);
            }
        };
        let first = ImageJob::start(&permits, job(running.clone(), most.clone()))
            .await
            .unwrap();
        let second = run(&permits, job(running.clone(), most.clone()));
        second.await.unwrap();
        first.finish().await.unwrap();
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }
}
