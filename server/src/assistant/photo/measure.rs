//! Numbers about a photo: brightness, sharpness where the plant is, and the shares of the
//! plant's tissue by condition.

use image::{GrayImage, RgbImage};
use imageproc::filter::laplacian_filter;

use super::colour::Tissue;
use super::segment::{Part, Segmentation};

/// Shares (0–1) of the plant's area, and the plant's share of the picture.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Shares {
    pub plant: f32,
    pub healthy: f32,
    pub yellowing: f32,
    pub browning: f32,
    pub spots: f32,
    pub powder: f32,
}

pub fn shares(seg: &Segmentation) -> Shares {
    let pixels = (seg.width * seg.height).max(1) as f32;
    let plant = seg.plant_pixels() as f32;
    if plant == 0.0 {
        return Shares::default();
    }
    let of_plant = |part: Part| seg.count(part) as f32 / plant;
    Shares {
        plant: plant / pixels,
        healthy: of_plant(Part::Leaf),
        yellowing: of_plant(Part::Damage(Tissue::Yellow)),
        browning: of_plant(Part::Damage(Tissue::Brown)),
        spots: of_plant(Part::Damage(Tissue::Dark)),
        powder: of_plant(Part::Damage(Tissue::Pale)),
    }
}

/// Mean luma, 0–1.
pub fn mean_brightness(img: &RgbImage) -> f32 {
    let total: f64 = img
        .pixels()
        .map(|p| 0.299 * p[0] as f64 + 0.587 * p[1] as f64 + 0.114 * p[2] as f64)
        .sum();
    (total / (img.width() as f64 * img.height() as f64).max(1.0) / 255.0) as f32
}

/// Variance of the Laplacian where `keep(x, y)` holds (all of the picture when it holds
/// nowhere): edges and texture give large values, blur small. Judged on the plant, a sharp
/// plant before a plain wall is not called blurred because the wall has no texture.
pub fn laplacian_variance(grey: &GrayImage, keep: impl Fn(u32, u32) -> bool) -> f32 {
    let (w, h) = grey.dimensions();
    if w < 3 || h < 3 {
        return 0.0;
    }
    let lap = laplacian_filter(grey);
    let variance = |only_kept: bool| {
        let (mut sum, mut sum_sq, mut n) = (0.0f64, 0.0f64, 0.0f64);
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                if only_kept && !keep(x, y) {
                    continue;
                }
                let v = lap.get_pixel(x, y)[0] as f64;
                sum += v;
                sum_sq += v * v;
                n += 1.0;
            }
        }
        (n >= 64.0).then(|| {
            let mean = sum / n;
            (sum_sq / n - mean * mean) as f32
        })
    };
    variance(true).or_else(|| variance(false)).unwrap_or(0.0)
}
