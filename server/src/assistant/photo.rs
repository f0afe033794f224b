//! Leaf health from a photo, by colour: each pixel is classified in HSV space as healthy
//! green, yellowing, browning, dark spot or white powder, and only pixels in the plant's
//! own region count (blocks rich in leaf colour, grown through connected leaf-like blocks),
//! so a brick wall or blue sky is "no plant" rather than "100 % browning". Usability comes
//! first: a photo too dark or too blurred to judge says so instead of guessing.

use std::collections::VecDeque;
use std::io::Cursor;

use image::{DynamicImage, GrayImage, RgbImage};
use serde::Serialize;

use crate::media::images::{decode, DecodeBudget, ImageRejection};

/// Longest side the colours are measured at: plenty for shares, and fast.
const ANALYSIS_SIZE: u32 = 384;
/// Longest side sharpness is measured at: blur survives downscaling only so far.
const SHARPNESS_SIZE: u32 = 1024;
/// Longest side of the copy sent to a language model.
const PREVIEW_SIZE: u32 = 768;
/// Side of the blocks the plant region is built from, in analysis pixels.
const BLOCK: u32 = 8;

/// How far (analysis pixels) a spot or powder patch may reach to its leaf around it.
const PATCH_REACH: i64 = 24;
/// Mean brightness (0–1) under which a photo is too dark to judge colours.
const TOO_DARK: f32 = 0.15;
/// Variance of the Laplacian (0–255 grey levels) under which a photo is too blurred. Sharp
/// phone photos of leaves measure in the hundreds at 1024 px; a badly out-of-focus one in
/// single digits.
const TOO_BLURRED: f32 = 15.0;
/// Share of the picture that must be plant for a verdict.
const MIN_PLANT_SHARE: f32 = 0.04;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Usability {
    Usable,
    TooDark,
    Blurred,
    NoPlant,
}

/// What one photo shows. Shares are fractions (0–1) of the plant area.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhotoReport {
    pub usability: Usability,
    pub brightness: f32,
    pub sharpness: f32,
    /// Fraction of the whole picture that is plant.
    pub plant_share: f32,
    pub healthy: f32,
    pub yellowing: f32,
    pub browning: f32,
    pub spots: f32,
    pub powder: f32,
    pub width: u32,
    pub height: u32,
}

/// A photo analysed, with a small JPEG copy when a language model will look at it too.
pub struct AnalysedPhoto {
    pub report: PhotoReport,
    pub preview_jpeg: Option<Vec<u8>>,
}

/// What the assistant decodes of a photo: the analysis looks at most 1,024 pixels wide, so
/// JPEGs and PNGs are reduced while decoding to between 1,024 and 2,048 (at most ~4
/// megapixels, ~3 for a phone's 4:3). Formats read only at full size are refused above 13
/// megapixels (52 MB with transparency): a 12-megapixel phone photo still fits.
const DECODE_BUDGET: DecodeBudget = DecodeBudget {
    side: 1024,
    full_size_pixels: 13_000_000,
};

/// Decodes (with the upload limits) and analyses a photo. CPU-heavy: run on a blocking thread.
pub fn analyse_bytes(bytes: &[u8], want_preview: bool) -> Result<AnalysedPhoto, ImageRejection> {
    let image = decode(bytes, &DECODE_BUDGET)?;
    let preview_jpeg = want_preview.then(|| jpeg_preview(&image));
    Ok(AnalysedPhoto {
        report: analyse(&image),
        preview_jpeg,
    })
}

fn jpeg_preview(image: &DynamicImage) -> Vec<u8> {
    let small = image.thumbnail(PREVIEW_SIZE, PREVIEW_SIZE).to_rgb8();
    let mut out = Cursor::new(Vec::new());
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80);
    // Encoding an in-memory RGB buffer cannot fail for sizes this small.
    let _ = small.write_with_encoder(encoder);
    out.into_inner()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Green,
    Yellow,
    Brown,
    Dark,
    White,
    Other,
}

impl Class {
    fn is_leaf(self) -> bool {
        matches!(self, Class::Green | Class::Yellow | Class::Brown)
    }
}

/// Hue in degrees, saturation and value in 0–1.
fn hsv(r: u8, g: u8, b: u8) -> (f32, f32, f32) {
    let (r, g, b) = (r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0);
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let delta = max - min;
    let hue = if delta == 0.0 {
        0.0
    } else if max == r {
        60.0 * (((g - b) / delta).rem_euclid(6.0))
    } else if max == g {
        60.0 * ((b - r) / delta + 2.0)
    } else {
        60.0 * ((r - g) / delta + 4.0)
    };
    let sat = if max == 0.0 { 0.0 } else { delta / max };
    (hue, sat, max)
}

fn classify(r: u8, g: u8, b: u8) -> Class {
    let (h, s, v) = hsv(r, g, b);
    if v < 0.22 {
        return Class::Dark;
    }
    if s < 0.2 && v > 0.7 {
        return Class::White;
    }
    if s < 0.2 {
        return Class::Other;
    }
    match h {
        h if (70.0..170.0).contains(&h) => Class::Green,
        h if (48.0..70.0).contains(&h) && s >= 0.3 => Class::Yellow,
        // Brown and tan are darker or duller oranges; a bright saturated orange is a flower.
        h if (8.0..48.0).contains(&h) && (v < 0.72 || s < 0.55) => Class::Brown,
        _ => Class::Other,
    }
}

/// Measures a decoded photo.
pub fn analyse(image: &DynamicImage) -> PhotoReport {
    // One pass over the full photo; the colour copy comes from the mid-size one (cheap).
    let mid = image.thumbnail(SHARPNESS_SIZE, SHARPNESS_SIZE);
    let small = mid.thumbnail(ANALYSIS_SIZE, ANALYSIS_SIZE).to_rgb8();
    let brightness = mean_brightness(&small);
    let sharpness = laplacian_variance(&mid.to_luma8());
    let mut report = PhotoReport {
        usability: Usability::Usable,
        brightness,
        sharpness,
        plant_share: 0.0,
        healthy: 0.0,
        yellowing: 0.0,
        browning: 0.0,
        spots: 0.0,
        powder: 0.0,
        width: image.width(),
        height: image.height(),
    };
    if brightness < TOO_DARK {
        report.usability = Usability::TooDark;
        return report;
    }
    measure_plant(&small, &mut report);
    if sharpness < TOO_BLURRED {
        report.usability = Usability::Blurred;
    } else if report.plant_share < MIN_PLANT_SHARE {
        report.usability = Usability::NoPlant;
    }
    report
}

fn mean_brightness(img: &RgbImage) -> f32 {
    let total: f64 = img
        .pixels()
        .map(|p| 0.299 * p[0] as f64 + 0.587 * p[1] as f64 + 0.114 * p[2] as f64)
        .sum();
    (total / (img.width() as f64 * img.height() as f64).max(1.0) / 255.0) as f32
}

/// Variance of the 4-neighbour Laplacian: edges and texture give large values, blur small.
fn laplacian_variance(grey: &GrayImage) -> f32 {
    let (w, h) = grey.dimensions();
    if w < 3 || h < 3 {
        return 0.0;
    }
    let px = |x: u32, y: u32| grey.get_pixel(x, y)[0] as f64;
    let (mut sum, mut sum_sq, mut n) = (0.0f64, 0.0f64, 0.0f64);
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let lap = px(x - 1, y) + px(x + 1, y) + px(x, y - 1) + px(x, y + 1) - 4.0 * px(x, y);
            sum += lap;
            sum_sq += lap * lap;
            n += 1.0;
        }
    }
    let mean = sum / n;
    (sum_sq / n - mean * mean) as f32
}

fn measure_plant(img: &RgbImage, report: &mut PhotoReport) {
    let (w, h) = img.dimensions();
    let classes: Vec<Class> = img.pixels().map(|p| classify(p[0], p[1], p[2])).collect();
    let at = |x: i64, y: i64| -> Class {
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            Class::Other
        } else {
            classes[(y as u32 * w + x as u32) as usize]
        }
    };

    // Blocks: seeds hold real leaf colour; the region grows through connected blocks that
    // are mostly leaf-like (browned leaves, spots), but never starts from them.
    let (bw, bh) = (w.div_ceil(BLOCK), h.div_ceil(BLOCK));
    let mut seed = vec![false; (bw * bh) as usize];
    let mut leafish = vec![false; (bw * bh) as usize];
    for by in 0..bh {
        for bx in 0..bw {
            let (mut living, mut plantish, mut n) = (0u32, 0u32, 0u32);
            for y in by * BLOCK..((by + 1) * BLOCK).min(h) {
                for x in bx * BLOCK..((bx + 1) * BLOCK).min(w) {
                    let c = classes[(y * w + x) as usize];
                    n += 1;
                    if matches!(c, Class::Green | Class::Yellow) {
                        living += 1;
                    }
                    if c != Class::Other {
                        plantish += 1;
                    }
                }
            }
            let i = (by * bw + bx) as usize;
            seed[i] = living * 5 >= n;
            leafish[i] = plantish * 2 >= n;
        }
    }
    let mut region = seed.clone();
    let mut queue: VecDeque<(u32, u32)> = (0..bw * bh)
        .filter(|&i| seed[i as usize])
        .map(|i| (i % bw, i / bw))
        .collect();
    while let Some((bx, by)) = queue.pop_front() {
        let neighbours = [
            (bx.wrapping_sub(1), by),
            (bx + 1, by),
            (bx, by.wrapping_sub(1)),
            (bx, by + 1),
        ];
        for (nx, ny) in neighbours {
            if nx < bw && ny < bh {
                let i = (ny * bw + nx) as usize;
                if !region[i] && leafish[i] {
                    region[i] = true;
                    queue.push_back((nx, ny));
                }
            }
        }
    }

    let (mut green, mut yellow, mut brown, mut spots, mut powder) = (0u32, 0u32, 0u32, 0u32, 0u32);
    for y in 0..h {
        for x in 0..w {
            if !region[((y / BLOCK) * bw + x / BLOCK) as usize] {
                continue;
            }
            match classes[(y * w + x) as usize] {
                Class::Green => green += 1,
                Class::Yellow => yellow += 1,
                Class::Brown => brown += 1,
                c @ (Class::Dark | Class::White) => {
                    // A spot or powder patch sits on a leaf: walking out of it in at least
                    // two of four directions reaches leaf colour, not background.
                    let enclosed = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)]
                        .into_iter()
                        .filter(|&(dx, dy)| {
                            (1..=PATCH_REACH)
                                .map(|step| at(x as i64 + dx * step, y as i64 + dy * step))
                                .find(|&class| class != c)
                                .is_some_and(Class::is_leaf)
                        })
                        .count();
                    if enclosed >= 2 {
                        if c == Class::Dark {
                            spots += 1;
                        } else {
                            powder += 1;
                        }
                    }
                }
                Class::Other => {}
            }
        }
    }
    let plant = (green + yellow + brown + spots + powder) as f32;
    report.plant_share = plant / (w * h) as f32;
    if plant > 0.0 {
        report.healthy = green as f32 / plant;
        report.yellowing = yellow as f32 / plant;
        report.browning = brown as f32 / plant;
        report.spots = spots as f32 / plant;
        report.powder = powder as f32 / plant;
    }
}

/// Findings that point to a guide, with the share that triggered them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    Yellowing,
    Browning,
    Spots,
    Powder,
}

impl PhotoReport {
    /// Problems large enough to mention, biggest first.
    pub fn findings(&self) -> Vec<(Finding, f32)> {
        if self.usability != Usability::Usable {
            return Vec::new();
        }
        let mut found: Vec<(Finding, f32)> = [
            (Finding::Yellowing, self.yellowing, 0.10),
            (Finding::Browning, self.browning, 0.10),
            (Finding::Spots, self.spots, 0.03),
            (Finding::Powder, self.powder, 0.05),
        ]
        .into_iter()
        .filter(|(_, share, threshold)| share >= threshold)
        .map(|(f, share, _)| (f, share))
        .collect();
        found.sort_by(|a, b| b.1.total_cmp(&a.1));
        found
    }

    pub fn looks_healthy(&self) -> bool {
        self.usability == Usability::Usable && self.findings().is_empty()
    }
}

/// A percentage for people: "34%", "<1%".
pub fn percent(share: f32) -> String {
    let p = (share * 100.0).round();
    if share > 0.0 && p < 1.0 {
        "<1%".into()
    } else {
        format!("{p:.0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hues_classify_as_expected() {
        assert!(classify(40, 140, 50) == Class::Green);
        assert!(classify(220, 200, 40) == Class::Yellow);
        assert!(classify(120, 70, 30) == Class::Brown);
        assert!(classify(10, 10, 10) == Class::Dark);
        assert!(classify(235, 238, 232) == Class::White);
        assert!(classify(90, 150, 230) == Class::Other);
        // A marigold's bright orange is not browning.
        assert!(classify(250, 150, 10) == Class::Other);
    }

    #[test]
    fn percentages_round_for_people() {
        assert_eq!(percent(0.345), "35%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.0), "0%");
    }
}
