//! Every setting of the server, each both a flag and an environment variable, with defaults
//! that give a working shop on a fresh machine.

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::http::HeaderValue;
use clap::{Args, ValueEnum};

/// Settings shared by every subcommand: where the data lives.
#[derive(Debug, Clone, Args)]
pub struct StorageConfig {
    /// `sqlite://…` (default: a file in the data folder) or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,

    /// Folder for the SQLite file, uploaded images, the generated secret and backups.
    #[arg(long, env = "HARIYALI_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,

    /// Connections in the read pool (PostgreSQL: the whole pool). Default: one per core on
    /// SQLite, 16 on PostgreSQL.
    #[arg(long, env = "HARIYALI_DB_POOL", global = true)]
    pub db_pool_size: Option<u32>,

    /// An S3-compatible bucket for pictures instead of the data folder (`HARIYALI_S3_*`).
    #[command(flatten)]
    pub s3: S3Config,
}

impl StorageConfig {
    /// The database URL, defaulting to `hariyali.db` inside the data folder.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.trim().is_empty() => url.clone(),
            _ => format!("sqlite://{}", self.data_dir.join("hariyali.db").display()),
        }
    }

    /// Read connections to open. SQLite reads are pure CPU and every connection keeps its
    /// own page cache and statements, so more connections than cores only add memory (the
    /// soak grew by the cache of each of 16 idle-in-turn connections: 117 -> 151 MiB over
    /// ten minutes, flat with 2). PostgreSQL connections also wait on the network.
    pub fn pool_size(&self) -> u32 {
        self.db_pool_size.unwrap_or_else(|| {
            if self.database_url().starts_with("sqlite:") {
                std::thread::available_parallelism()
                    .map_or(2, |n| n.get() as u32)
                    .max(2)
            } else {
                16
            }
        })
    }
}

/// How connections are spread over the cores (docs/architecture.md, "Runtime shape").
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RuntimeShape {
    /// tokio's multi-threaded runtime: any worker may run any connection's task.
    Shared,
    /// One single-threaded runtime per core, each accepting from the same listening socket
    /// and keeping its connections: no task moves between threads.
    PerCore,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Settings of `hariyali serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeConfig {
    /// Address to listen on.
    #[arg(long, env = "HARIYALI_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Seconds a connection has to send a complete request head, counted from when it opens
    /// and again after each response (so this is also the idle keep-alive timeout).
    #[arg(long, env = "HARIYALI_HEADER_TIMEOUT_SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=300))]
    pub header_timeout_secs: u64,

    /// How connections are spread over the cores: `per-core` (one single-threaded runtime
    /// per core) or `shared` (tokio's work-stealing runtime).
    #[arg(long, env = "HARIYALI_RUNTIME", value_enum, default_value = "shared")]
    pub runtime: RuntimeShape,

    /// Open connections allowed in total; more are answered 503 and closed. Lowered at start
    /// when the process may not open that many files.
    #[arg(long, env = "HARIYALI_MAX_CONNECTIONS", default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections: u64,

    /// Open connections allowed per client address; more are answered 503 and closed. Not
    /// applied behind a trusted proxy (every connection comes from the proxy).
    #[arg(long, env = "HARIYALI_MAX_CONNECTIONS_PER_CLIENT", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections_per_client: u64,

    /// Also serve `/metrics` on this address (e.g. `127.0.0.1:9100`), for a scraper on a
    /// private network. `/metrics` on the main address stays.
    #[arg(long, env = "HARIYALI_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,

    /// At most this many of one plant in a cart line or an order.
    #[arg(long, env = "HARIYALI_MAX_PER_PLANT", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub max_per_plant: u32,

    /// At most this order value, in whole rupees.
    #[arg(long, env = "HARIYALI_MAX_ORDER_RUPEES", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_order_rupees: u64,

    /// At most this many cash-on-delivery orders waiting (pending) per customer.
    #[arg(long, env = "HARIYALI_MAX_PENDING_COD", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_pending_cod: u32,

    /// Seed and advertise the demo catalogue and accounts. Unset: on for a new database.
    #[arg(long, env = "HARIYALI_DEMO")]
    pub demo: Option<BoolFlag>,

    /// Token signing key; generated once and kept in the data folder when not given.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// Log format; levels come from `RUST_LOG`.
    #[arg(long, env = "HARIYALI_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,

    /// Folder with the built web app (`web/dist`); nothing is served outside `/api` when missing.
    #[arg(long, env = "HARIYALI_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,

    /// The shop's public address (e.g. https://hariyali.in), used in links shared outside the
    /// app (Open Graph, canonical URLs, JSON-LD); https also turns on Strict-Transport-Security.
    /// Unset: those links are relative (never taken from the request's Host header).
    #[arg(long, env = "HARIYALI_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Trust the left-most `X-Forwarded-For` address (only behind a proxy you run).
    #[arg(long, env = "HARIYALI_TRUST_PROXY", default_value = "false")]
    pub trust_proxy: BoolFlag,

    /// Origins (comma-separated, e.g. `https://admin.hariyali.in`) whose pages may call the
    /// API from the browser (CORS). Unset: same-origin only, no CORS headers at all.
    #[arg(long, env = "HARIYALI_CORS_ORIGINS")]
    pub cors_origins: Option<CorsOrigins>,

    /// Sign-in and sign-up attempts allowed per client address per minute.
    #[arg(long, env = "HARIYALI_AUTH_RATE_PER_MINUTE", default_value_t = 30)]
    pub auth_rate_per_minute: u32,

    /// Failed sign-ins allowed per account before it is paused for 15 minutes.
    #[arg(long, env = "HARIYALI_LOGIN_FAILURES", default_value_t = 10)]
    pub login_failures_per_account: u32,

    /// How long a finished catalogue response may be reused, in milliseconds (0: never).
    /// Bounds how stale a price or stock can be; at most 1000.
    #[arg(long, env = "HARIYALI_CATALOGUE_CACHE_MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub catalogue_cache_ms: u64,

    /// How long a sign-in lasts, in hours.
    #[arg(long, env = "HARIYALI_TOKEN_HOURS", default_value_t = 168)]
    pub token_hours: u64,

    /// Plant-care assistant messages allowed per client address per minute.
    #[arg(long, env = "HARIYALI_AI_RATE_PER_MINUTE", default_value_t = 20)]
    pub ai_rate_per_minute: u32,

    /// Base URL of an OpenAI-compatible API (e.g. `http://127.0.0.1:11434/v1`); unset means
    /// the embedded engine answers alone.
    #[arg(long, env = "HARIYALI_AI_BASE_URL")]
    pub ai_base_url: Option<String>,

    /// API key for that provider (sent as a bearer token; local servers need none).
    #[arg(long, env = "HARIYALI_AI_API_KEY", hide_env_values = true)]
    pub ai_api_key: Option<String>,

    /// Model name at that provider.
    #[arg(long, env = "HARIYALI_AI_MODEL")]
    pub ai_model: Option<String>,

    /// Seconds to wait for that model before the engine's answer is sent alone. Below the
    /// browser's 30 s request timeout, with room for the photo analysis before it.
    #[arg(long, env = "HARIYALI_AI_TIMEOUT_SECS", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=25))]
    pub ai_timeout_secs: u64,

    /// How customers reach the shop (trust pages, footer).
    #[command(flatten)]
    pub contact: ContactConfig,
}

/// A boolean that reads like people write it in env files: 1/0, true/false, on/off, yes/no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoolFlag(pub bool);

impl std::str::FromStr for BoolFlag {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "on" | "yes" => Ok(BoolFlag(true)),
            "0" | "false" | "off" | "no" | "" => Ok(BoolFlag(false)),
            other => Err(format!("expected on/off, true/false or 1/0, got `{other}`")),
        }
    }
}

impl ServeConfig {
    /// The limits on one customer's orders, from the three `HARIYALI_MAX_*` settings.
    pub fn order_limits(&self) -> crate::domain::order_limits::OrderLimits {
        crate::domain::order_limits::OrderLimits {
            max_per_plant: i64::from(self.max_per_plant),
            max_order_rupees: i64::try_from(self.max_order_rupees).unwrap_or(i64::MAX),
            max_pending_orders: i64::from(self.max_pending_cod),
        }
    }

    /// Defaults for tests and tools that build an app without a command line.
    pub fn for_tests() -> Self {
        ServeConfig {
            addr: "127.0.0.1:0".parse().expect("valid address"),
            header_timeout_secs: 10,
            runtime: RuntimeShape::Shared,
            max_connections: 4096,
            max_connections_per_client: 64,
            metrics_addr: None,
            max_per_plant: 20,
            max_order_rupees: 100_000,
            max_pending_cod: 3,
            demo: Some(BoolFlag(false)),
            jwt_secret: Some("test-secret-test-secret-test-secret".into()),
            log_format: LogFormat::Text,
            web_dir: PathBuf::from("web/dist"),
            public_url: None,
            trust_proxy: BoolFlag(false),
            cors_origins: None,
            auth_rate_per_minute: 1000,
            login_failures_per_account: 10,
            token_hours: 168,
            catalogue_cache_ms: 0,
            ai_rate_per_minute: 1000,
            ai_base_url: None,
            ai_api_key: None,
            ai_model: None,
            ai_timeout_secs: 20,
            contact: ContactConfig::default(),
        }
    }
}

/// Where pictures live when not in the data folder. Unset bucket: the local folder.
#[derive(Debug, Clone, Default, Args)]
pub struct S3Config {
    /// Bucket for plant pictures; when set, pictures go there instead of the data folder.
    #[arg(long, env = "HARIYALI_S3_BUCKET", global = true)]
    pub s3_bucket: Option<String>,

    /// Endpoint of an S3-compatible service (e.g. `http://127.0.0.1:9000`); unset: AWS.
    #[arg(long, env = "HARIYALI_S3_ENDPOINT", global = true)]
    pub s3_endpoint: Option<String>,

    /// Region of the bucket (most S3-compatible services accept any).
    #[arg(long, env = "HARIYALI_S3_REGION", global = true)]
    pub s3_region: Option<String>,

    /// Access key; unset: the usual AWS sources (`AWS_ACCESS_KEY_ID`, instance roles, …).
    #[arg(long, env = "HARIYALI_S3_ACCESS_KEY_ID", global = true)]
    pub s3_access_key_id: Option<String>,

    /// Secret for that access key.
    #[arg(
        long,
        env = "HARIYALI_S3_SECRET_ACCESS_KEY",
        hide_env_values = true,
        global = true
    )]
    pub s3_secret_access_key: Option<String>,

    /// Address the bucket as `endpoint/bucket` rather than `bucket.endpoint` (MinIO and most
    /// self-hosted services need this).
    #[arg(long, env = "HARIYALI_S3_PATH_STYLE", global = true)]
    pub s3_path_style: Option<BoolFlag>,
}

impl S3Config {
    pub fn bucket(&self) -> Option<&str> {
        self.s3_bucket.as_deref().filter(|b| !b.trim().is_empty())
    }
}

/// Origins allowed to call the API from a browser, from `HARIYALI_CORS_ORIGINS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorsOrigins(pub Vec<HeaderValue>);

impl std::str::FromStr for CorsOrigins {
    type Err = String;

    /// Comma-separated origins (`https://admin.example.in,http://localhost:5173`); each must
    /// be exactly an origin (scheme, host, optional port), never a wildcard or a path.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut origins = Vec::new();
        for raw in s.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            let raw = raw.trim_end_matches('/');
            let url = url::Url::parse(raw).map_err(|_| format!("`{raw}` is not an origin"))?;
            let origin = url.origin().ascii_serialization();
            if !matches!(url.scheme(), "http" | "https") || origin != raw {
                return Err(format!(
                    "`{raw}` is not an origin (expected e.g. https://shop.example.in)"
                ));
            }
            origins.push(HeaderValue::from_str(&origin).map_err(|e| e.to_string())?);
        }
        Ok(CorsOrigins(origins))
    }
}

/// How customers reach the shop: its name, support email, phone and WhatsApp, and the
/// Grievance Officer (`contact.rs` turns them into what the storefront shows).
#[derive(Debug, Clone, Args)]
pub struct ContactConfig {
    /// The shop's name as customers see it on the trust pages.
    #[arg(long, env = "HARIYALI_SHOP_NAME", default_value = "Hariyali")]
    pub shop_name: String,

    /// Customer support email.
    #[arg(
        long,
        env = "HARIYALI_SUPPORT_EMAIL",
        default_value = "support@hariyali.in"
    )]
    pub support_email: String,

    /// Customer support phone, as customers should dial it (unset: no phone is shown).
    #[arg(long, env = "HARIYALI_SUPPORT_PHONE")]
    pub support_phone: Option<String>,

    /// WhatsApp number for support, digits with country code, e.g. 919876543210 (unset: none).
    #[arg(long, env = "HARIYALI_SUPPORT_WHATSAPP")]
    pub support_whatsapp: Option<String>,

    /// The Grievance Officer's name (unset: the pages say it is not yet named).
    #[arg(long, env = "HARIYALI_GRIEVANCE_OFFICER")]
    pub grievance_officer: Option<String>,

    /// The Grievance Officer's email (unset: the support email).
    #[arg(long, env = "HARIYALI_GRIEVANCE_EMAIL")]
    pub grievance_email: Option<String>,
}

impl Default for ContactConfig {
    fn default() -> Self {
        ContactConfig {
            shop_name: "Hariyali".into(),
            support_email: "support@hariyali.in".into(),
            support_phone: None,
            support_whatsapp: None,
            grievance_officer: None,
            grievance_email: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_parsed_strictly() {
        let parsed: CorsOrigins = "https://admin.hariyali.in, http://localhost:5173/"
            .parse()
            .unwrap();
        assert_eq!(
            parsed.0,
            ["https://admin.hariyali.in", "http://localhost:5173"]
        );
        for bad in ["*", "https://a.in/path", "ftp://a.in", "hariyali.in"] {
            assert!(bad.parse::<CorsOrigins>().is_err(), "{bad}");
        }
    }
}
