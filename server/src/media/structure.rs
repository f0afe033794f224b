//! Where a JPEG, PNG or WebP file's picture ends, to refuse polyglots: a valid image with an
//! HTML page, a script or a ZIP archive appended (decoders stop at the image's end marker and
//! would accept them). Only what the formats themselves allow may follow: padding, and for
//! JPEG further complete JPEG pictures (the Multi-Picture Format of phones and cameras stores
//! depth and HDR gain maps that way).

use image::ImageFormat;

/// True when bytes other than padding follow the end of the picture. A file whose structure
/// cannot be followed is left to the decoder, which refuses it if it is broken.
pub fn has_trailing_data(bytes: &[u8], format: ImageFormat) -> bool {
    let end = match format {
        ImageFormat::Jpeg => jpeg_chain_end(bytes),
        ImageFormat::Png => png_end(bytes),
        ImageFormat::WebP => webp_end(bytes),
        _ => None,
    };
    match end {
        Some(end) => !is_padding(&bytes[end.min(bytes.len())..]),
        None => false,
    }
}

fn is_padding(rest: &[u8]) -> bool {
    rest.iter().all(|&b| b == 0 || b == 0xFF)
}

/// The end of the last of one or more complete JPEG pictures laid end to end.
fn jpeg_chain_end(bytes: &[u8]) -> Option<usize> {
    let mut end = jpeg_end(bytes, 0)?;
    while bytes.len() - end >= 2 && bytes[end..].starts_with(&[0xFF, 0xD8]) {
        end = jpeg_end(bytes, end)?;
    }
    Some(end)
}

/// Walks the segments of the JPEG starting at `start` up to its EOI marker.
fn jpeg_end(b: &[u8], start: usize) -> Option<usize> {
    if !b.get(start..)?.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    let mut i = start + 2;
    loop {
        if *b.get(i)? != 0xFF {
            return None;
        }
        while *b.get(i)? == 0xFF {
            i += 1; // fill bytes before a marker
        }
        let marker = b[i];
        i += 1;
        match marker {
            0xD9 => return Some(i),
            0x01 | 0xD0..=0xD7 => continue, // markers without a length
            _ => {
                let len = u16::from_be_bytes([*b.get(i)?, *b.get(i + 1)?]) as usize;
                if len < 2 {
                    return None;
                }
                i += len;
                if marker == 0xDA {
                    i = entropy_coded_end(b, i)?;
                }
            }
        }
    }
}

/// After a scan header: the position of the next real marker (0xFF not followed by a
/// stuffed zero or a restart marker).
fn entropy_coded_end(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i += b.get(i..)?.iter().position(|&x| x == 0xFF)?;
        match *b.get(i + 1)? {
            0x00 | 0xD0..=0xD7 => i += 2,
            0xFF => i += 1,
            _ => return Some(i),
        }
    }
}

/// The end of the IEND chunk.
fn png_end(b: &[u8]) -> Option<usize> {
    let mut i = 8;
    loop {
        let len = u32::from_be_bytes(b.get(i..i + 4)?.try_into().ok()?) as usize;
        let kind = b.get(i + 4..i + 8)?;
        i = i.checked_add(12)?.checked_add(len)?;
        if kind == b"IEND" {
            return Some(i);
        }
        if i > b.len() {
            return None;
        }
    }
}

/// The end of the RIFF container, whose header gives its size (chunks are padded to even).
fn webp_end(b: &[u8]) -> Option<usize> {
    let size = u32::from_le_bytes(b.get(4..8)?.try_into().ok()?) as usize;
    Some(8 + size + (size & 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn encode(format: ImageFormat) -> Vec<u8> {
        let img = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 5, 90, y as u8]));
        let mut out = Vec::new();
        image::DynamicImage::ImageRgb8(img)
            .write_to(&mut Cursor::new(&mut out), format)
            .unwrap();
        out
    }

    #[test]
    fn clean_files_have_nothing_after_the_picture() {
        for format in [ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::WebP] {
            let bytes = encode(format);
            assert!(!has_trailing_data(&bytes, format), "{format:?}");
            let mut padded = bytes.clone();
            padded.extend_from_slice(&[0, 0, 0]);
            assert!(!has_trailing_data(&padded, format), "{format:?} padded");
        }
    }

    #[test]
    fn appended_payloads_are_found() {
        for format in [ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::WebP] {
            for payload in [
                &b"<html><script>alert(1)</script></html>"[..],
                &b"PK\x03\x04\x14\x00\x00\x00evil.txt"[..],
            ] {
                let mut bytes = encode(format);
                bytes.extend_from_slice(payload);
                assert!(has_trailing_data(&bytes, format), "{format:?}");
            }
        }
    }

    #[test]
    fn a_multi_picture_jpeg_is_not_a_polyglot() {
        let mut bytes = encode(ImageFormat::Jpeg);
        bytes.extend_from_slice(&encode(ImageFormat::Jpeg));
        assert!(!has_trailing_data(&bytes, ImageFormat::Jpeg));
        bytes.extend_from_slice(b"<script>");
        assert!(has_trailing_data(&bytes, ImageFormat::Jpeg));
    }
}
