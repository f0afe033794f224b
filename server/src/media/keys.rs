//! What a stored picture's key says: whether it is safe to use as a path, the media type
//! its extension names, and how long it may be cached. Shared by both places pictures live
//! (the local folder in `store`, the bucket in `bucket`).

/// Keys carry a content hash, so what is stored under a key never changes.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The media type of a stored file, from its extension (we chose the extension when storing).
pub fn content_type(key: &str) -> &'static str {
    match key.rsplit_once('.').map(|(_, ext)| ext) {
        Some("webp") => "image/webp",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => "application/octet-stream",
    }
}

/// Keys are made of safe segments only, so a key can never walk out of the media root.
pub fn is_safe_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 200
        && key.split('/').all(|seg| {
            !seg.is_empty()
                && seg != "."
                && seg != ".."
                && seg
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        })
}

#[cfg(test)]
mod tests {
    use super::is_safe_key;

    #[test]
    fn keys_cannot_escape_the_root() {
        assert!(is_safe_key("plants/abc123-card.webp"));
        for bad in [
            "../etc/passwd",
            "plants/../../x",
            "/abs",
            "a//b",
            "a/./b",
            "sp ace",
            "",
        ] {
            assert!(!is_safe_key(bad), "{bad}");
        }
    }
}
