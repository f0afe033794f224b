//! The admin's plant photo: checked and re-encoded into its two sizes off the async
//! threads, named by content, and written only when the caller is sure to keep it.

use std::sync::Arc;

use tokio::sync::Semaphore;

use super::images::process_plant_photo;
use super::off_thread;
use super::rejection::ImageRejection;
use super::store::MediaStore;

/// A checked upload in its two sizes, with the URLs it will have once saved.
pub struct PreparedPhoto {
    files: Vec<(String, Vec<u8>)>,
    /// The detail-page picture.
    pub detail_url: String,
    /// The card-size picture.
    pub card_url: String,
}

impl PreparedPhoto {
    /// Decodes and re-encodes `bytes` under an image permit; nothing is stored yet. The
    /// outer error is a fault of the server, the inner one a picture the shop refuses.
    pub async fn prepare(
        media: &MediaStore,
        permits: &Arc<Semaphore>,
        bytes: Vec<u8>,
    ) -> anyhow::Result<Result<PreparedPhoto, ImageRejection>> {
        let processed = match off_thread::run(permits, move || process_plant_photo(&bytes)).await? {
            Ok(processed) => processed,
            Err(rejection) => return Ok(Err(rejection)),
        };
        let detail_key = format!("plants/{}-detail.webp", processed.hash);
        let card_key = format!("plants/{}-card.webp", processed.hash);
        Ok(Ok(PreparedPhoto {
            detail_url: media.url(&detail_key),
            card_url: media.url(&card_key),
            files: vec![(detail_key, processed.detail), (card_key, processed.card)],
        }))
    }

    /// Writes both sizes.
    pub async fn save(self, media: &MediaStore) -> anyhow::Result<()> {
        for (key, bytes) in &self.files {
            media.put(key, bytes).await?;
        }
        Ok(())
    }
}
