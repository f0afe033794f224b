//! Pure rules of the shop: no I/O, easy to test.

pub mod common_password;
pub mod delivery;
pub mod ids;
pub mod orders;
pub mod reviews;
pub mod validation;
