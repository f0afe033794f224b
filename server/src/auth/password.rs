//! argon2id password hashing with OWASP's parameters (19 MiB, 2 passes, 1 lane).
//!
//! Hashing is deliberately slow, so it runs on its own threads — `cores - 1` of them, at the
//! lowest scheduling priority — fed by a queue. A storm of sign-ins then waits in that queue
//! and yields the CPU to everything else instead of starving the catalogue. Each thread
//! keeps one 19 MiB working buffer and wipes it after every hash: allocating it afresh for
//! each sign-in let the allocator keep a region per thread and grew the process by hundreds
//! of megabytes during a burst.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

type Scratch = Vec<Block>;
type Job = Box<dyn FnOnce(&mut Scratch) + Send>;

#[derive(Clone)]
pub struct PasswordHasherPool {
    jobs: mpsc::Sender<Job>,
    /// A real hash to verify against when an email is unknown, so that answer takes as
    /// long as a wrong password and does not reveal which accounts exist.
    decoy: Arc<String>,
    /// Jobs sent and not yet started (the `argon2_queue_depth` metric).
    queued: Arc<AtomicUsize>,
}

fn params() -> Params {
    Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters")
}

impl PasswordHasherPool {
    pub fn new() -> Self {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2);
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..cores.saturating_sub(1).max(1) {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || {
                    yield_to_everything_else();
                    let mut scratch = Scratch::new();
                    // The queue closes when the last pool handle is dropped.
                    while let Ok(job) = queue
                        .lock()
                        .map_err(|_| ())
                        .and_then(|q| q.recv().map_err(|_| ()))
                    {
                        job(&mut scratch);
                        scratch.iter_mut().for_each(|b| *b = Block::default());
                    }
                })
                .expect("start a password hashing thread");
        }
        let decoy = hash_now("decoy password that matches no account").expect("hashing works");
        PasswordHasherPool {
            jobs,
            decoy: Arc::new(decoy),
            queued: Arc::new(AtomicUsize::new(0)),
        }
    }

    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let password = password.to_owned();
        self.run(move |scratch| hash_with(scratch, &password)).await
    }

    /// True when `password` matches `hash`.
    pub async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool> {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        self.run(move |scratch| verify_with(scratch, &password, &hash))
            .await
    }

    /// Spends the time of a verification without an account behind it.
    pub async fn verify_decoy(&self, password: &str) -> anyhow::Result<()> {
        let (password, hash) = (password.to_owned(), self.decoy.as_ref().clone());
        self.run(move |scratch| verify_with(scratch, &password, &hash).map(|_| ()))
            .await
    }

    /// Hashes and verifications waiting for a thread.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Queues `work` for a hashing thread and waits for its result.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Scratch) -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let (reply, result) = tokio::sync::oneshot::channel();
        let queued = self.queued.clone();
        queued.fetch_add(1, Ordering::Relaxed);
        self.jobs
            .send(Box::new(move |scratch| {
                queued.fetch_sub(1, Ordering::Relaxed);
                let _ = reply.send(work(scratch));
            }))
            .map_err(|_| anyhow::anyhow!("password hashing threads stopped"))?;
        result.await.context("password hashing thread failed")?
    }
}

/// Puts the calling thread below every ordinary thread. On Linux that is `SCHED_IDLE`: the
/// scheduler runs it only on a core nothing else wants and preempts it the moment a request
/// thread wakes, which nice 19 alone does not promise (a nice-19 thread still gets its slice).
/// Best effort: where the OS refuses both, hashing simply runs at normal priority.
fn yield_to_everything_else() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::unix::{
            set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
            ThreadSchedulePolicy,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        if set_thread_priority_and_policy(
            thread_native_id(),
            thread_priority::ThreadPriority::Min,
            idle,
        )
        .is_ok()
        {
            return;
        }
    }
    let _ = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
}

impl Default for PasswordHasherPool {
    fn default() -> Self {
        Self::new()
    }
}

/// Hashes a password outside the pool (command-line tools, seeding).
pub fn hash_now(password: &str) -> anyhow::Result<String> {
    hash_with(&mut Vec::new(), password)
}

/// argon2id with a fresh salt, as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
fn hash_with(scratch: &mut Scratch, password: &str) -> anyhow::Result<String> {
    let params = params();
    let salt = SaltString::generate(&mut OsRng);
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt
        .decode_b64(&mut salt_bytes)
        .map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let mut out = [0u8; 32];
    let blocks = sized(scratch, params.block_count());
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
        .hash_password_into_with_memory(password.as_bytes(), salt_bytes, &mut out, blocks)
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))?;
    let phc = PasswordHash {
        algorithm: argon2::ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| anyhow::anyhow!("params: {e}"))?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| anyhow::anyhow!("output: {e}"))?),
    };
    Ok(phc.to_string())
}

/// Recomputes the stored hash's parameters and compares in constant time.
fn verify_with(scratch: &mut Scratch, password: &str, stored: &str) -> anyhow::Result<bool> {
    let parsed = PasswordHash::new(stored)
        .map_err(|e| anyhow::anyhow!("stored password hash is malformed: {e}"))?;
    let params =
        Params::try_from(&parsed).map_err(|e| anyhow::anyhow!("stored hash parameters: {e}"))?;
    let algorithm = Algorithm::try_from(parsed.algorithm)
        .map_err(|e| anyhow::anyhow!("stored hash algorithm: {e}"))?;
    let version = match parsed.version {
        Some(v) => Version::try_from(v).map_err(|e| anyhow::anyhow!("stored hash version: {e}"))?,
        None => Version::default(),
    };
    let expected = parsed.hash.context("stored hash has no output")?;
    let salt = parsed.salt.context("stored hash has no salt")?;
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt
        .decode_b64(&mut salt_bytes)
        .map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let mut out = vec![0u8; expected.len()];
    let blocks = sized(scratch, params.block_count());
    Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(password.as_bytes(), salt_bytes, &mut out, blocks)
        .map_err(|e| anyhow::anyhow!("verifying a password: {e}"))?;
    // `Output` compares in constant time.
    Ok(Output::new(&out).map_err(|e| anyhow::anyhow!("output: {e}"))? == expected)
}

fn sized(scratch: &mut Scratch, blocks: usize) -> &mut [Block] {
    if scratch.len() < blocks {
        scratch.resize(blocks, Block::default());
    }
    &mut scratch[..blocks]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_read_as_standard_argon2id() {
        let hash = hash_now("Garden@2025").unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        let mut scratch = Vec::new();
        assert!(verify_with(&mut scratch, "Garden@2025", &hash).unwrap());
        assert!(!verify_with(&mut scratch, "Garden@2026", &hash).unwrap());
        // Interoperable with the crate's own PHC verifier.
        use argon2::password_hash::PasswordVerifier;
        let parsed = PasswordHash::new(&hash).unwrap();
        assert!(Argon2::default()
            .verify_password(b"Garden@2025", &parsed)
            .is_ok());
    }
}
