//! Signed session tokens (JWT, HS256). A token names the user and the account's token
//! version; changing the password moves the version on, which ends older tokens.

use std::path::Path;

use anyhow::Context;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub ver: i64,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime_secs: i64,
}

impl TokenKeys {
    pub fn new(secret: &[u8], lifetime_hours: u64) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        TokenKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime_secs: (lifetime_hours.max(1) * 3600) as i64,
        }
    }

    pub fn issue(&self, user_id: &str, token_version: i64) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: user_id.to_string(),
            ver: token_version,
            iat: now,
            exp: now + self.lifetime_secs,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .context("signing a token")
    }

    /// The claims of a well-signed, unexpired HS256 token; `None` for anything else.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|d| d.claims)
    }
}

/// The configured secret, or one generated on first start and kept (mode 0600) in the
/// data folder so tokens survive restarts.
pub fn load_or_create_secret(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(secret) = configured.filter(|s| !s.is_empty()) {
        anyhow::ensure!(
            secret.len() >= 32,
            "JWT_SECRET must be at least 32 characters"
        );
        return Ok(secret.as_bytes().to_vec());
    }
    let path = data_dir.join("jwt-secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim();
        if existing.len() >= 32 {
            return Ok(existing.as_bytes().to_vec());
        }
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("creating {}", data_dir.display()))?;
    let mut bytes = [0u8; 48];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
    let secret = hex::encode(bytes);
    write_private(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret.into_bytes())
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}
