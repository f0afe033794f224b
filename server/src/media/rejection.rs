//! Why a picture was refused: one type shared by the upload checks (`images`) and the
//! reduced decoders (`reduce`), so neither has to reach into the other for it.

/// Why an upload was refused. The text leads with the spec's sentence for plant images,
/// then says what was wrong; the assistant words it its own way with [`Self::reason`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageRejection {
    #[error("Image must be in JPEG, PNG, or WebP format")]
    UnsupportedFormat,
    #[error("Image must be in JPEG, PNG, or WebP format, at most 10000 × 10000 pixels and 50 megapixels")]
    TooLarge,
    #[error("Image must be in JPEG, PNG, or WebP format; this file could not be read as one")]
    Unreadable,
    #[error(
        "Image must be in JPEG, PNG, or WebP format; this file has other data after the picture"
    )]
    TrailingData,
    /// Within the size limits, but in a format read only at full size, over the caller's
    /// budget for that.
    #[error("Image must be in JPEG, PNG, or WebP format; a WebP, progressive JPEG or interlaced PNG picture can be at most {max_megapixels} megapixels")]
    TooLargeForFormat { max_megapixels: u64 },
}

impl ImageRejection {
    /// What was wrong, as the end of a sentence ("Image 2: …").
    pub fn reason(&self) -> String {
        match self {
            ImageRejection::UnsupportedFormat => "it is not a JPEG, PNG or WebP image.".into(),
            ImageRejection::TooLarge => {
                "its dimensions are too large (at most 10000 × 10000 pixels and 50 megapixels).".into()
            }
            ImageRejection::Unreadable => "it could not be read.".into(),
            ImageRejection::TrailingData => "it has other data hidden after the picture.".into(),
            ImageRejection::TooLargeForFormat { max_megapixels } => format!(
                "it is too large for its format: a WebP, progressive JPEG or interlaced PNG photo can be at most {max_megapixels} megapixels (a standard JPEG or PNG up to 50)."
            ),
        }
    }
}
