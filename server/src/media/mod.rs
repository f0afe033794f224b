//! Pictures: checking and re-encoding uploads, and storing them.

pub mod bucket;
pub mod images;
pub mod keys;
pub mod off_thread;
pub mod plant_photo;
pub mod reduce;
pub mod rejection;
pub mod store;
pub mod structure;

pub use images::ProcessedImage;
pub use store::MediaStore;
