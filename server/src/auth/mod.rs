//! Who is calling: password hashing and signed tokens (the extractors that read them from a
//! request live in `http::caller`).

pub mod password;
pub mod tokens;
