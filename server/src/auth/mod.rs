//! Who is calling: password hashing, signed tokens and the extractors handlers use.

pub mod extract;
pub mod password;
pub mod tokens;

pub use extract::{Admin, AuthUser, Customer, MaybeUser};
