//! The real `hariyali` binary as a child process, for tests that kill it, restart it or run
//! two side by side. Included with `#[path]` by the tests that need it, next to
//! `client.rs` (for the free port).
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::client::free_port;

pub struct ServerProcess {
    child: Child,
    pub base: String,
}

impl ServerProcess {
    /// Starts `hariyali serve` on a free loopback port and waits until `/readyz` answers.
    pub async fn start(database_url: &str, data_dir: &Path, secret: &str) -> ServerProcess {
        Self::start_with(database_url, data_dir, secret, &[]).await
    }

    /// As `start`, with `settings` (environment variables) set after, and so over, the
    /// defaults: an empty shop, a pool of 4, errors logged only, and room for many waiting
    /// orders per customer (load tests order in a loop; the limit itself is tested in
    /// `tests/hardening.rs`).
    pub async fn start_with(
        database_url: &str,
        data_dir: &Path,
        secret: &str,
        settings: &[(&str, &str)],
    ) -> ServerProcess {
        let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_hariyali"))
            .arg("serve")
            .env("DATABASE_URL", database_url)
            .env("HARIYALI_DATA_DIR", data_dir)
            .env("HARIYALI_ADDR", addr.to_string())
            .env("HARIYALI_DEMO", "0")
            .env("JWT_SECRET", secret)
            .env("HARIYALI_DB_POOL", "4")
            .env("RUST_LOG", "error")
            .env("HARIYALI_MAX_PENDING_COD", "1000")
            .envs(settings.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start hariyali");
        let process = ServerProcess {
            child,
            base: format!("http://{addr}"),
        };
        let client = reqwest::Client::new();
        for _ in 0..400 {
            if client
                .get(format!("{}/readyz", process.base))
                .send()
                .await
                .is_ok_and(|r| r.status() == 200)
            {
                return process;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("hariyali did not become ready at {}", process.base);
    }

    /// SIGKILL: no shutdown hook, no flush, no goodbye; then reaps the process.
    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL hariyali");
        self.child.wait().expect("reap hariyali");
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
