//! Decoding straight to a smaller picture, so that what a picture costs in memory follows
//! what the caller needs rather than what its header claims. A 194 KB PNG can declare
//! 7,000 × 7,000 pixels (150 MB decoded); read here it costs one row and the reduced result.
//!
//! - JPEG (baseline): the inverse DCT itself scales by 1/2, 1/4 or 1/8 (`jpeg-decoder`'s
//!   `scale`), so the full-size pixels never exist. A progressive JPEG still keeps every DCT
//!   coefficient until its last scan (two bytes per sample), so the caller caps its size.
//! - PNG (not interlaced): rows are inflated one at a time and averaged into blocks of
//!   `factor × factor` pixels (a box filter) as they arrive. Interlaced PNGs deliver their
//!   pixels in seven passes across the whole picture, so they are left to the full decoder.
//!
//! Both keep at least the side the caller asked for; the caller resizes the rest of the way
//! with a proper filter.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, GrayAlphaImage, GrayImage, RgbImage, RgbaImage};

use super::rejection::ImageRejection;

/// What a reduced decode gave.
pub enum Reduced {
    Image(DynamicImage),
    /// This file can only be decoded at full size (progressive JPEG, interlaced PNG), which
    /// is the caller's to allow or refuse.
    NeedsFullDecode,
}

/// Checks the dimensions a header declares, before anything is decoded.
pub type HeaderCheck<'a> = &'a dyn Fn(u32, u32) -> Result<(), ImageRejection>;

/// The whole factor to divide a picture by so its longer side stays at least `side`.
pub fn factor(width: u32, height: u32, side: u32) -> u32 {
    (width.max(height) / side.max(1)).max(1)
}

/// Memory `jpeg-decoder` may allocate for the reduced picture (a 1/8 scale of a 10,000-pixel
/// side is the largest a caller asking for up to 2,400 pixels can get: 2,400² × 4 channels).
const MAX_JPEG_OUTPUT: usize = 2400 * 2400 * 4 * 2;

/// A JPEG decoded at the smallest DCT scale whose longer side is at least `side`, turned
/// upright by its EXIF orientation.
pub fn jpeg(bytes: &[u8], side: u32, check: HeaderCheck) -> Result<Reduced, ImageRejection> {
    let mut decoder = jpeg_decoder::Decoder::new(Cursor::new(bytes));
    decoder
        .read_info()
        .map_err(|_| ImageRejection::Unreadable)?;
    let info = decoder.info().ok_or(ImageRejection::Unreadable)?;
    check(u32::from(info.width), u32::from(info.height))?;
    if info.coding_process != jpeg_decoder::CodingProcess::DctSequential {
        return Ok(Reduced::NeedsFullDecode);
    }
    decoder.set_max_decoding_buffer_size(MAX_JPEG_OUTPUT);
    // Asking for side × side keeps the longer side at least `side` (the decoder picks the
    // smallest scale that reaches the request in one axis).
    let side = side.min(u32::from(u16::MAX)) as u16;
    let (w, h) = decoder
        .scale(side, side)
        .map_err(|_| ImageRejection::Unreadable)?;
    let pixels = decoder.decode().map_err(|_| ImageRejection::Unreadable)?;
    let (w, h) = (u32::from(w), u32::from(h));
    let image = match info.pixel_format {
        jpeg_decoder::PixelFormat::L8 => GrayImage::from_raw(w, h, pixels).map(Into::into),
        jpeg_decoder::PixelFormat::L16 => {
            // 16-bit samples in native byte order: keep the high byte.
            let grey = pixels
                .chunks_exact(2)
                .map(|s| (u16::from_ne_bytes([s[0], s[1]]) >> 8) as u8)
                .collect();
            GrayImage::from_raw(w, h, grey).map(Into::into)
        }
        jpeg_decoder::PixelFormat::RGB24 => RgbImage::from_raw(w, h, pixels).map(Into::into),
        jpeg_decoder::PixelFormat::CMYK32 => {
            RgbImage::from_raw(w, h, cmyk_to_rgb(&pixels)).map(Into::into)
        }
    };
    let mut image: DynamicImage = image.ok_or(ImageRejection::Unreadable)?;
    if let Some(orientation) = decoder.exif_data().and_then(Orientation::from_exif_chunk) {
        image.apply_orientation(orientation);
    }
    Ok(Reduced::Image(image))
}

/// `jpeg-decoder` hands CMYK out with the Adobe inversion already undone.
fn cmyk_to_rgb(cmyk: &[u8]) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(cmyk.len() / 4 * 3);
    for p in cmyk.chunks_exact(4) {
        let k = 255 - u32::from(p[3]);
        for &c in &p[..3] {
            rgb.push(((255 - u32::from(c)) * k / 255) as u8);
        }
    }
    rgb
}

/// Memory the PNG decoder may take for its own buffers (rows, palette, text chunks).
const PNG_DECODER_BYTES: usize = 16 * 1024 * 1024;

/// A PNG averaged down by a whole factor while its rows are inflated, so its longer side
/// stays at least `side`, turned upright by its EXIF orientation.
pub fn png(bytes: &[u8], side: u32, check: HeaderCheck) -> Result<Reduced, ImageRejection> {
    let mut decoder = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: PNG_DECODER_BYTES,
        },
    );
    // Palette and low bit depths become 8-bit samples, 16-bit samples are cut to 8.
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder
        .read_info()
        .map_err(|_| ImageRejection::Unreadable)?;
    let (width, height, interlaced) = {
        let info = reader.info();
        (info.width, info.height, info.interlaced)
    };
    check(width, height)?;
    if interlaced {
        return Ok(Reduced::NeedsFullDecode);
    }
    let channels: usize = match reader.output_color_type().0 {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err(ImageRejection::Unreadable),
    };
    let k = factor(width, height, side);
    let (out_w, out_h) = (width.div_ceil(k), height.div_ceil(k));
    let mut sums = vec![0u32; out_w as usize * channels];
    let mut out = Vec::with_capacity(out_w as usize * out_h as usize * channels);
    let mut rows_in_band = 0u32;
    let mut y = 0u32;
    loop {
        let row = match reader.next_row() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(_) => return Err(ImageRejection::Unreadable),
        };
        let data = row.data();
        if data.len() < width as usize * channels {
            return Err(ImageRejection::Unreadable);
        }
        for (x, pixel) in data.chunks_exact(channels).take(width as usize).enumerate() {
            let at = x / k as usize * channels;
            for (sum, &sample) in sums[at..at + channels].iter_mut().zip(pixel) {
                *sum += u32::from(sample);
            }
        }
        y += 1;
        rows_in_band += 1;
        if rows_in_band == k || y == height {
            flush_band(&mut sums, &mut out, width, k, rows_in_band, channels);
            rows_in_band = 0;
        }
    }
    if y != height {
        return Err(ImageRejection::Unreadable);
    }
    let image: Option<DynamicImage> = match channels {
        1 => GrayImage::from_raw(out_w, out_h, out).map(Into::into),
        2 => GrayAlphaImage::from_raw(out_w, out_h, out).map(Into::into),
        3 => RgbImage::from_raw(out_w, out_h, out).map(Into::into),
        _ => RgbaImage::from_raw(out_w, out_h, out).map(Into::into),
    };
    let mut image = image.ok_or(ImageRejection::Unreadable)?;
    let orientation = reader
        .info()
        .exif_metadata
        .as_deref()
        .and_then(Orientation::from_exif_chunk);
    if let Some(orientation) = orientation {
        image.apply_orientation(orientation);
    }
    Ok(Reduced::Image(image))
}

/// Turns one band of summed rows into a row of averaged pixels (the last column and band
/// may be narrower than `k`).
fn flush_band(sums: &mut [u32], out: &mut Vec<u8>, width: u32, k: u32, rows: u32, ch: usize) {
    for (bx, block) in sums.chunks_exact_mut(ch).enumerate() {
        let cols = (width - bx as u32 * k).min(k);
        let count = cols * rows;
        for sum in block.iter_mut() {
            out.push(((*sum + count / 2) / count) as u8);
            *sum = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, Rgb};

    fn encoded(img: &RgbImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    fn any_size(_: u32, _: u32) -> Result<(), ImageRejection> {
        Ok(())
    }

    fn decoded(reduced: Result<Reduced, ImageRejection>) -> DynamicImage {
        match reduced {
            Ok(Reduced::Image(image)) => image,
            _ => panic!("not decoded"),
        }
    }

    fn gradient(w: u32, h: u32) -> RgbImage {
        RgbImage::from_fn(w, h, |x, y| {
            Rgb([(x * 255 / w) as u8, 140, (y * 255 / h) as u8])
        })
    }

    #[test]
    fn factors_keep_the_side_asked_for() {
        assert_eq!(factor(4000, 3000, 1024), 3);
        assert_eq!(factor(800, 600, 1024), 1);
        assert_eq!(factor(10_000, 10, 1200), 8);
        for (w, h) in [(4000, 3000), (1025, 20), (9999, 9999)] {
            assert!(w.max(h) / factor(w, h, 1024) >= 1024);
        }
    }

    #[test]
    fn a_png_is_averaged_down_by_whole_blocks() {
        let big = gradient(2050, 1001);
        let small = decoded(png(&encoded(&big, ImageFormat::Png), 1024, &any_size));
        // Factor 2: the odd last column and row become blocks of their own.
        assert_eq!((small.width(), small.height()), (1025, 501));
        let small = small.to_rgb8();
        let expect = |x: u32, y: u32| {
            let px = |x, y| big.get_pixel(x, y).0.map(u32::from);
            let (a, b, c, d) = (px(x, y), px(x + 1, y), px(x, y + 1), px(x + 1, y + 1));
            [0, 1, 2].map(|i| ((a[i] + b[i] + c[i] + d[i] + 2) / 4) as u8)
        };
        assert_eq!(small.get_pixel(10, 7).0, expect(20, 14));
        assert_eq!(small.get_pixel(1024, 500).0, big.get_pixel(2048, 1000).0);
    }

    #[test]
    fn a_small_png_is_kept_as_it_is() {
        let img = gradient(300, 200);
        let same = decoded(png(&encoded(&img, ImageFormat::Png), 1024, &any_size));
        assert_eq!(same.to_rgb8(), img);
    }

    #[test]
    fn a_jpeg_is_scaled_by_its_dct() {
        let big = gradient(4000, 3000);
        let small = decoded(jpeg(&encoded(&big, ImageFormat::Jpeg), 1024, &any_size));
        assert_eq!((small.width(), small.height()), (2000, 1500));
        let tiny = decoded(jpeg(&encoded(&big, ImageFormat::Jpeg), 400, &any_size));
        assert_eq!((tiny.width(), tiny.height()), (500, 375));
        // Colours survive the scaling.
        let [r, g, b] = tiny.to_rgb8().get_pixel(250, 187).0;
        assert!(
            (r as i32 - 127).abs() < 12 && (g as i32 - 140).abs() < 12,
            "{r} {g} {b}"
        );
    }

    #[test]
    fn the_header_is_checked_before_decoding() {
        let img = gradient(64, 48);
        let seen = std::cell::Cell::new((0, 0));
        let refuse = |w, h| {
            seen.set((w, h));
            Err(ImageRejection::TooLarge)
        };
        for (format, read) in [
            (ImageFormat::Png, png as fn(&[u8], u32, HeaderCheck) -> _),
            (ImageFormat::Jpeg, jpeg),
        ] {
            let result = read(&encoded(&img, format), 1024, &refuse);
            assert!(
                matches!(result, Err(ImageRejection::TooLarge)),
                "{format:?}"
            );
            assert_eq!(seen.get(), (64, 48));
        }
    }

    #[test]
    fn a_truncated_png_is_unreadable() {
        let mut bytes = encoded(&gradient(256, 256), ImageFormat::Png);
        bytes.truncate(bytes.len() / 2);
        assert!(matches!(
            png(&bytes, 64, &any_size),
            Err(ImageRejection::Unreadable)
        ));
    }
}
