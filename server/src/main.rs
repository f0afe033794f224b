//! The `hariyali` command: serve the shop, or look after its data.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use hariyali::auth::password;
use hariyali::config::{LogFormat, ServeConfig, StorageConfig};
use hariyali::domain::validation as rules;
use hariyali::media::MediaStore;
use hariyali::store::users::{self, NewUser, Role};
use hariyali::store::Db;
use tracing_subscriber::EnvFilter;

// mimalloc returns freed memory to the OS a few milliseconds after it is freed (glibc keeps
// each thread's arena and every block above its moving mmap threshold, so a burst of photo
// decodes or two argon2 buffers stayed resident for good), and it is faster on the small
// allocations every request makes.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "hariyali", version, about = "Hariyali plant shop server")]
struct Cli {
    #[command(flatten)]
    storage: StorageConfig,
    #[command(subcommand)]
    command: Option<Command>,
}

// Parsed once at start-up: a large `Serve` variant costs nothing worth boxing for.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Serve the shop (the default). Boxed: its settings outweigh every other command.
    Serve(Box<ServeConfig>),
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Add the demo catalogue and demo accounts (skips what exists).
    Seed,
    /// Manage admin accounts.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Write a consistent copy of the SQLite database while the shop runs.
    Backup {
        /// Where to write the copy (must not exist).
        file: PathBuf,
    },
    /// Put a SQLite backup back in place of the database, with the shop stopped. Checks the
    /// backup's integrity first and keeps the replaced database beside it.
    Restore {
        /// The backup to restore (from `hariyali backup`).
        file: PathBuf,
    },
    /// Print the OpenAPI document (the one `/api/openapi.json` serves) and exit; the web
    /// app's types are generated from it.
    Openapi,
}

#[derive(Subcommand)]
enum AdminAction {
    /// Create an admin; the password comes from HARIYALI_ADMIN_PASSWORD or a prompt.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let command = cli
        .command
        .unwrap_or_else(|| Command::Serve(Box::new(ServeConfig::parse_from(["serve"]))));
    let log_format = match &command {
        Command::Serve(config) => config.log_format,
        _ => LogFormat::Text,
    };
    init_logging(log_format);
    match command {
        Command::Serve(config) => serve(cli.storage, *config).await,
        Command::Migrate => {
            Db::connect(&cli.storage.database_url(), 1)
                .await?
                .close()
                .await;
            println!("database is up to date");
            Ok(())
        }
        Command::Seed => {
            let db = Db::connect(&cli.storage.database_url(), 1).await?;
            let media =
                MediaStore::open(&cli.storage.s3, cli.storage.data_dir.join("media")).await?;
            hariyali::seed::seed_demo(&db, &media).await?;
            db.close().await;
            println!("demo catalogue and accounts are in place");
            Ok(())
        }
        Command::Admin {
            action: AdminAction::Create { email, name },
        } => create_admin(&cli.storage, &email, &name).await,
        Command::Backup { file } => {
            let db = Db::connect(&cli.storage.database_url(), 1).await?;
            db.backup_to(&file).await?;
            db.close().await;
            println!("backup written to {}", file.display());
            Ok(())
        }
        Command::Openapi => {
            println!("{}", hariyali::http::openapi_document_pretty());
            Ok(())
        }
        Command::Restore { file } => {
            let url = cli.storage.database_url();
            let restored = hariyali::store::restore::restore_sqlite(&file, &url).await?;
            println!(
                "restored {} into {url}: {} plants, {} accounts, {} orders",
                file.display(),
                restored.plants,
                restored.users,
                restored.orders
            );
            if let Some(previous) = restored.previous {
                println!("the database it replaced is kept at {}", previous.display());
            }
            Ok(())
        }
    }
}

/// Lets `ServeConfig` read its env vars when `serve` is not spelled out.
trait ParseFrom {
    fn parse_from<I: IntoIterator<Item = &'static str>>(args: I) -> Self;
}

impl ParseFrom for ServeConfig {
    fn parse_from<I: IntoIterator<Item = &'static str>>(args: I) -> Self {
        #[derive(Parser)]
        struct Wrapper {
            #[command(flatten)]
            config: ServeConfig,
        }
        Wrapper::parse_from(args).config
    }
}

fn init_logging(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .init(),
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .with_writer(std::io::stderr)
            .init(),
    }
}

async fn serve(storage: StorageConfig, config: ServeConfig) -> anyhow::Result<()> {
    let addr = config.addr;
    let state = hariyali::build_state(&storage, config).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("listening on {addr}"))?;
    tracing::info!(address = %listener.local_addr()?, demo = state.demo, "Hariyali is serving");
    hariyali::serve(listener, state, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}

async fn create_admin(storage: &StorageConfig, email: &str, name: &str) -> anyhow::Result<()> {
    if let Some(broken) = rules::email(Some(email)).or_else(|| rules::person_name(Some(name))) {
        anyhow::bail!(broken.message);
    }
    let password = match std::env::var("HARIYALI_ADMIN_PASSWORD") {
        Ok(p) if !p.is_empty() => p,
        _ => {
            let first = rpassword::prompt_password("Password for the new admin: ")?;
            let again = rpassword::prompt_password("Repeat the password: ")?;
            anyhow::ensure!(first == again, "Passwords do not match");
            first
        }
    };
    if let Some(broken) = rules::new_password(Some(&password)) {
        anyhow::bail!(broken.message);
    }
    let db = Db::connect(&storage.database_url(), 1).await?;
    let hash = password::hash_now(&password)?;
    let result = users::insert(
        &db,
        NewUser {
            name,
            email,
            password_hash: &hash,
            role: Role::Admin,
        },
    )
    .await;
    db.close().await;
    match result {
        Ok(user) => {
            println!("admin {} created", user.email);
            Ok(())
        }
        Err(err) if hariyali::store::is_unique_violation(&err) => {
            anyhow::bail!("An account with this email already exists.")
        }
        Err(err) => Err(err.into()),
    }
}
