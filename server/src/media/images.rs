//! Upload checks and re-encoding. The bytes decide the format (never the file name or the
//! declared type); decoding runs under size limits so a small file cannot expand into
//! gigabytes, and decodes only as many pixels as its caller needs (see `reduce`);
//! re-encoding to WebP drops every piece of metadata (EXIF location included).
//! Files with other data after the picture's end (an HTML page, a script or a ZIP archive
//! appended to make a polyglot) are refused outright.

use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};

use super::reduce::Reduced;
use super::rejection::ImageRejection;

/// Largest width or height accepted, in pixels.
pub const MAX_DIMENSION: u32 = 10_000;
/// Largest picture accepted (a 50-megapixel phone photo fits): 150 MB decoded as RGB.
pub const MAX_PIXELS: u64 = 50_000_000;
/// Memory one full-size decode may allocate (a 50-megapixel picture with transparency
/// fits). Decodes run at most one per core (`AppState::image_permits`), which bounds their
/// sum; callers that need less say so with a smaller [`DecodeBudget::full_size_pixels`].
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// What a caller needs of a picture, which bounds what decoding it may cost.
#[derive(Debug, Clone, Copy)]
pub struct DecodeBudget {
    /// The longest side the caller will use. Baseline JPEGs and non-interlaced PNGs are
    /// reduced while decoding by whole factors, never below this side, so a picture of any
    /// accepted size costs at most about (2 × side)² pixels.
    pub side: u32,
    /// The largest picture decoded at full size when its format cannot be reduced while
    /// decoding (WebP, progressive JPEG, interlaced PNG); larger ones are refused.
    pub full_size_pixels: u64,
}

/// Plant pictures become at most `DETAIL_SIZE` wide; any accepted size is re-encoded.
pub const PLANT_PHOTO: DecodeBudget = DecodeBudget {
    side: DETAIL_SIZE,
    full_size_pixels: MAX_PIXELS,
};

pub const CARD_SIZE: u32 = 480;
pub const DETAIL_SIZE: u32 = 1200;
const WEBP_QUALITY: f32 = 80.0;

/// Recognises JPEG, PNG and WebP from their first bytes.
pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    match image::guess_format(bytes) {
        Ok(f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) => Some(f),
        _ => None,
    }
}

/// Decodes an upload within the limits, turned upright by its EXIF orientation, reduced
/// towards `budget.side` where the format allows it while decoding: the result's longer
/// side is at least `budget.side` (or the picture's own) and may be up to twice that, so
/// callers resize the rest of the way themselves.
pub fn decode(bytes: &[u8], budget: &DecodeBudget) -> Result<DynamicImage, ImageRejection> {
    let format = sniff(bytes).ok_or(ImageRejection::UnsupportedFormat)?;
    if super::structure::has_trailing_data(bytes, format) {
        return Err(ImageRejection::TrailingData);
    }
    let reduced = match format {
        ImageFormat::Jpeg => super::reduce::jpeg(bytes, budget.side, &within_limits),
        ImageFormat::Png => super::reduce::png(bytes, budget.side, &within_limits),
        _ => Ok(Reduced::NeedsFullDecode),
    };
    match reduced {
        Ok(Reduced::Image(image)) => Ok(image),
        Ok(Reduced::NeedsFullDecode) => decode_full_size(bytes, format, budget),
        // A JPEG `jpeg-decoder` cannot read may still be one the full decoder can (it is
        // more forgiving of damaged files); it then gets the full-size budget.
        Err(ImageRejection::Unreadable) if format == ImageFormat::Jpeg => {
            decode_full_size(bytes, format, budget)
        }
        Err(rejection) => Err(rejection),
    }
}

/// The limits every upload meets, whatever the caller needs.
fn within_limits(width: u32, height: u32) -> Result<(), ImageRejection> {
    if width > MAX_DIMENSION
        || height > MAX_DIMENSION
        || u64::from(width) * u64::from(height) > MAX_PIXELS
    {
        return Err(ImageRejection::TooLarge);
    }
    Ok(())
}

/// Decodes the whole picture at its own size (`image`'s decoders), once its header shows it
/// fits the limits and the caller's full-size budget.
fn decode_full_size(
    bytes: &[u8],
    format: ImageFormat,
    budget: &DecodeBudget,
) -> Result<DynamicImage, ImageRejection> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(classify)?;
    // The header is read: refuse a picture too large before a single pixel is decoded.
    let (width, height) = decoder.dimensions();
    within_limits(width, height)?;
    if u64::from(width) * u64::from(height) > budget.full_size_pixels {
        return Err(ImageRejection::TooLargeForFormat {
            max_megapixels: budget.full_size_pixels / 1_000_000,
        });
    }
    let orientation = decoder.orientation().map_err(classify)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(classify)?;
    image.apply_orientation(orientation);
    Ok(image)
}

fn classify(err: image::ImageError) -> ImageRejection {
    match err {
        image::ImageError::Limits(_) => ImageRejection::TooLarge,
        image::ImageError::Unsupported(_) => ImageRejection::UnsupportedFormat,
        _ => ImageRejection::Unreadable,
    }
}

/// An upload turned into the two sizes the shop shows.
#[derive(Debug, Clone)]
pub struct ProcessedImage {
    /// Content hash of the original bytes: the same upload always gets the same names.
    pub hash: String,
    pub card: Vec<u8>,
    pub detail: Vec<u8>,
}

/// Checks, decodes and re-encodes a plant photo. CPU-heavy: call on a blocking thread.
pub fn process_plant_photo(bytes: &[u8]) -> Result<ProcessedImage, ImageRejection> {
    let image = decode(bytes, &PLANT_PHOTO)?;
    let hash = hex::encode(&Sha256::digest(bytes)[..12]);
    let detail = encode_webp(&fit_within(&image, DETAIL_SIZE));
    let card = encode_webp(&fit_within(&image, CARD_SIZE));
    Ok(ProcessedImage { hash, card, detail })
}

/// Scales down (never up) so the longer side is at most `size`.
pub fn fit_within(image: &DynamicImage, size: u32) -> DynamicImage {
    if image.width() <= size && image.height() <= size {
        image.clone()
    } else {
        image.resize(size, size, FilterType::CatmullRom)
    }
}

/// Lossy WebP, keeping transparency when the picture has any.
pub fn encode_webp(image: &DynamicImage) -> Vec<u8> {
    let (w, h) = (image.width(), image.height());
    if image.color().has_alpha() {
        let rgba = image.to_rgba8();
        webp::Encoder::from_rgba(rgba.as_raw(), w, h)
            .encode(WEBP_QUALITY)
            .to_vec()
    } else {
        let rgb = image.to_rgb8();
        webp::Encoder::from_rgb(rgb.as_raw(), w, h)
            .encode(WEBP_QUALITY)
            .to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, 120, (y % 256) as u8])
        });
        let mut out = Vec::new();
        DynamicImage::ImageRgb8(img)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_photo_becomes_two_webp_sizes() {
        let processed = process_plant_photo(&png(1600, 900)).expect("valid photo");
        let card = image::load_from_memory(&processed.card).unwrap();
        let detail = image::load_from_memory(&processed.detail).unwrap();
        assert_eq!(
            image::guess_format(&processed.card).unwrap(),
            ImageFormat::WebP
        );
        assert_eq!((card.width(), card.height()), (480, 270));
        assert_eq!((detail.width(), detail.height()), (1200, 675));
        assert_eq!(processed.hash.len(), 24);
    }

    #[test]
    fn text_is_not_an_image() {
        assert_eq!(
            process_plant_photo(b"just some text pretending").unwrap_err(),
            ImageRejection::UnsupportedFormat
        );
    }

    #[test]
    fn gif_is_refused_by_its_bytes() {
        assert_eq!(
            process_plant_photo(b"GIF89a\x01\x00\x01\x00").unwrap_err(),
            ImageRejection::UnsupportedFormat
        );
    }

    #[test]
    fn a_truncated_png_is_unreadable() {
        let mut bytes = png(64, 64);
        bytes.truncate(60);
        assert_eq!(
            process_plant_photo(&bytes).unwrap_err(),
            ImageRejection::Unreadable
        );
    }
}
