//! Pure rules of the shop: no I/O, easy to test.

pub mod care;
pub mod catalogue;
pub mod common_password;
pub mod delivery;
pub mod error_code;
pub mod form_errors;
pub mod ids;
pub mod order_limits;
pub mod orders;
pub mod plant_extras;
pub mod reviews;
pub mod validation;
