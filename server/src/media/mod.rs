//! Pictures: checking and re-encoding uploads, and storing them.

pub mod images;
pub mod store;

pub use images::{ImageRejection, ProcessedImage};
pub use store::MediaStore;
