//! argon2id password hashing with OWASP's parameters (19 MiB, 2 passes, 1 lane).
//!
//! Hashing is deliberately slow, so it runs on blocking threads and at most
//! `cores - 1` at a time: a storm of sign-ins queues here instead of taking every core
//! from the catalogue.

use std::sync::Arc;

use anyhow::Context;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

#[derive(Clone)]
pub struct PasswordHasherPool {
    permits: Arc<Semaphore>,
    /// A real hash to verify against when an email is unknown, so that answer takes as
    /// long as a wrong password and does not reveal which accounts exist.
    decoy: Arc<String>,
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

impl PasswordHasherPool {
    pub fn new() -> Self {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2);
        let decoy = hash_now("decoy password that matches no account").expect("hashing works");
        PasswordHasherPool {
            permits: Arc::new(Semaphore::new(cores.saturating_sub(1).max(1))),
            decoy: Arc::new(decoy),
        }
    }

    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let password = password.to_owned();
        self.run(move || hash_now(&password)).await
    }

    /// True when `password` matches `hash`.
    pub async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool> {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        self.run(move || verify_now(&password, &hash)).await
    }

    /// Spends the time of a verification without an account behind it.
    pub async fn verify_decoy(&self, password: &str) -> anyhow::Result<()> {
        let (password, hash) = (password.to_owned(), self.decoy.as_ref().clone());
        self.run(move || verify_now(&password, &hash).map(|_| ()))
            .await
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let _permit = self
            .permits
            .acquire()
            .await
            .context("password hasher closed")?;
        tokio::task::spawn_blocking(work)
            .await
            .context("password hashing task failed")?
    }
}

impl Default for PasswordHasherPool {
    fn default() -> Self {
        Self::new()
    }
}

pub fn hash_now(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
}

fn verify_now(password: &str, hash: &str) -> anyhow::Result<bool> {
    let parsed = PasswordHash::new(hash)
        .map_err(|e| anyhow::anyhow!("stored password hash is malformed: {e}"))?;
    Ok(argon2()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok())
}
