//! Pictures: checking and re-encoding uploads, and storing them.

pub mod bucket;
pub mod images;
pub mod off_thread;
pub mod plant_photo;
pub mod reduce;
pub mod store;
pub mod structure;

pub use bucket::S3Config;
pub use images::{ImageRejection, ProcessedImage};
pub use store::MediaStore;
