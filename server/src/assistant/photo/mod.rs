//! Leaf health from a photo. The plant is found first (`segment`: living leaf by colour and
//! connected regions, damaged tissue only on or against it), then measured (`measure`:
//! shares of the plant, not of the frame), then judged (`PhotoReport::findings`); `answer`
//! writes the reply to the question that came with the photos. Usability is decided in the
//! order a person would: too dark to see anything, no plant in it, the plant too blurred.

pub mod answer;
pub mod ask;
pub mod colour;
pub mod measure;
pub mod segment;

use std::io::Cursor;

use image::{DynamicImage, RgbImage};
use serde::Serialize;

use crate::media::images::{decode, DecodeBudget};
use crate::media::rejection::ImageRejection;
use colour::hsv;

/// Longest side the colours are measured at: plenty for shares, and fast.
const ANALYSIS_SIZE: u32 = 384;
/// Longest side sharpness is measured at: blur survives downscaling only so far.
const SHARPNESS_SIZE: u32 = 1024;
/// Longest side of the copy sent to a language model.
const PREVIEW_SIZE: u32 = 768;
/// Mean brightness (0–1) under which a photo is too dark to judge colours.
const TOO_DARK: f32 = 0.15;
/// Variance of the Laplacian (0–255 grey levels) on and around the plant under which it is
/// too blurred. Sharp phone photos of leaves measure in the hundreds at 1024 px; a badly
/// out-of-focus one in single digits.
const TOO_BLURRED: f32 = 15.0;
/// Share of the picture that must be plant for a verdict.
const MIN_PLANT_SHARE: f32 = 0.03;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Usability {
    Usable,
    TooDark,
    Blurred,
    NoPlant,
}

/// What a photo without a plant mostly shows, to say so in the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scene {
    Skin,
    Sky,
    PlainSurface,
    Other,
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
    /// For a photo without a plant: what it shows instead.
    pub scene: Option<Scene>,
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
    // One pass over the full photo; everything after works on the mid-size copy.
    let mid = image.thumbnail(SHARPNESS_SIZE, SHARPNESS_SIZE);
    let preview_jpeg = want_preview.then(|| jpeg_preview(&mid));
    let mut report = analyse(&mid);
    report.width = image.width();
    report.height = image.height();
    Ok(AnalysedPhoto {
        report,
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

/// Measures a decoded photo of any size (a large one is scaled down first).
pub fn analyse(image: &DynamicImage) -> PhotoReport {
    let mid = if image.width().max(image.height()) > SHARPNESS_SIZE {
        image.thumbnail(SHARPNESS_SIZE, SHARPNESS_SIZE)
    } else {
        image.clone()
    };
    let small = mid.thumbnail(ANALYSIS_SIZE, ANALYSIS_SIZE).to_rgb8();
    let brightness = measure::mean_brightness(&small);
    let mut report = PhotoReport {
        usability: Usability::Usable,
        brightness,
        sharpness: 0.0,
        plant_share: 0.0,
        healthy: 0.0,
        yellowing: 0.0,
        browning: 0.0,
        spots: 0.0,
        powder: 0.0,
        width: image.width(),
        height: image.height(),
        scene: None,
    };
    let grey = mid.to_luma8();
    if brightness < TOO_DARK {
        report.sharpness = measure::laplacian_variance(&grey, |_, _| false);
        report.usability = Usability::TooDark;
        return report;
    }
    let seg = segment::segment(&small);
    let shares = measure::shares(&seg);
    report.plant_share = shares.plant;
    // Sharpness on and around the plant, mapped from the analysis size to the mid size.
    let (gw, gh) = grey.dimensions();
    report.sharpness = measure::laplacian_variance(&grey, |x, y| {
        let sx = (x as u64 * seg.width as u64 / gw as u64) as u32;
        let sy = (y as u64 * seg.height as u64 / gh as u64) as u32;
        seg.near_plant[(sy.min(seg.height - 1) * seg.width + sx.min(seg.width - 1)) as usize]
    });
    if shares.plant < MIN_PLANT_SHARE {
        report.usability = Usability::NoPlant;
        report.scene = Some(scene_of(&small));
        return report;
    }
    report.healthy = shares.healthy;
    report.yellowing = shares.yellowing;
    report.browning = shares.browning;
    report.spots = shares.spots;
    report.powder = shares.powder;
    if report.sharpness < TOO_BLURRED {
        report.usability = Usability::Blurred;
    }
    report
}

/// What a picture without a plant mostly shows: skin (a face, a hand), sky, or plain grey,
/// white and beige surfaces (a wall, a car, a floor).
fn scene_of(img: &RgbImage) -> Scene {
    let (mut skin, mut sky, mut plain) = (0u32, 0u32, 0u32);
    let mut skin_rows = 0u64;
    for (_, y, p) in img.enumerate_pixels() {
        let (h, s, v) = hsv(p[0], p[1], p[2]);
        if (5.0..35.0).contains(&h) && (0.18..0.6).contains(&s) && v > 0.3 && p[0] > p[2] + 15 {
            skin += 1;
            skin_rows += y as u64;
        } else if (185.0..250.0).contains(&h) && s > 0.2 && v > 0.45 {
            sky += 1;
        } else if s < 0.3 {
            plain += 1;
        }
    }
    let n = (img.width() * img.height()).max(1) as f32;
    // A face or hand fills the middle of the picture; skin-coloured wood and terracotta
    // usually lie along the bottom.
    let skin_centre = skin_rows as f32 / skin.max(1) as f32 / img.height().max(1) as f32;
    if skin as f32 / n > 0.2 && skin_centre < 0.75 {
        Scene::Skin
    } else if sky as f32 / n > 0.5 {
        Scene::Sky
    } else if plain as f32 / n > 0.5 {
        Scene::PlainSurface
    } else {
        Scene::Other
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

    /// A usable photo with something wrong in it.
    pub fn needs_help(&self) -> bool {
        self.usability == Usability::Usable && !self.findings().is_empty()
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
    fn percentages_round_for_people() {
        assert_eq!(percent(0.345), "35%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.0), "0%");
    }
}
