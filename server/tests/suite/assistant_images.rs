//! Generated photos for the assistant's tests: leaves in known colours, with texture so
//! they are as sharp as a real photo, and pictures that are not usable.
#![allow(dead_code)]

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

/// A small deterministic noise source (no randomness in tests).
fn noise(x: u32, y: u32, seed: u32) -> i32 {
    let mut h = x.wrapping_mul(374_761_393)
        ^ y.wrapping_mul(668_265_263)
        ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    ((h >> 24) as i32 % 25) - 12
}

fn shade(c: [u8; 3], x: u32, y: u32) -> Rgb<u8> {
    let n = noise(x, y, 7);
    Rgb(c.map(|v| (v as i32 + n).clamp(0, 255) as u8))
}

/// A leaf filling most of a soil-brown background: `paint` decides each leaf pixel's colour.
pub fn leaf(width: u32, height: u32, paint: impl Fn(u32, u32) -> [u8; 3]) -> RgbImage {
    let (cx, cy) = (width as f32 / 2.0, height as f32 / 2.0);
    let (rx, ry) = (width as f32 * 0.45, height as f32 * 0.42);
    RgbImage::from_fn(width, height, |x, y| {
        let dx = (x as f32 - cx) / rx;
        let dy = (y as f32 - cy) / ry;
        if dx * dx + dy * dy <= 1.0 {
            // A darker central vein and side veins, as on a real leaf.
            let vein = (x as f32 - cx).abs() < width as f32 * 0.006
                || ((y as i32 - x as i32 / 2).rem_euclid((height / 8).max(1) as i32)) < 2;
            let c = paint(x, y);
            let c = if vein {
                c.map(|v| (v as f32 * 0.8) as u8)
            } else {
                c
            };
            shade(c, x, y)
        } else {
            shade([96, 96, 100], x, y)
        }
    })
}

pub const GREEN: [u8; 3] = [52, 140, 60];
pub const YELLOW: [u8; 3] = [222, 200, 60];
pub const BROWN: [u8; 3] = [125, 80, 40];
pub const SPOT: [u8; 3] = [20, 18, 15];
pub const POWDER: [u8; 3] = [236, 238, 232];

pub fn healthy_leaf() -> RgbImage {
    leaf(640, 480, |_, _| GREEN)
}

/// The left third of the leaf yellow.
pub fn yellowing_leaf() -> RgbImage {
    leaf(640, 480, |x, _| if x < 250 { YELLOW } else { GREEN })
}

/// Brown edges and dark round spots.
pub fn browning_spotted_leaf() -> RgbImage {
    leaf(640, 480, |x, y| {
        let spot = [
            (300u32, 200u32),
            (400, 280),
            (250, 300),
            (360, 150),
            (180, 220),
            (300, 330),
        ]
        .iter()
        .any(|&(sx, sy)| (x as i32 - sx as i32).pow(2) + (y as i32 - sy as i32).pow(2) < 22 * 22);
        if spot {
            SPOT
        } else if x > 470 {
            BROWN
        } else {
            GREEN
        }
    })
}

/// White powdery patches over a green leaf.
pub fn mildew_leaf() -> RgbImage {
    leaf(640, 480, |x, y| {
        if (x / 40 + y / 40) % 3 == 0 && x > 150 && x < 500 {
            POWDER
        } else {
            GREEN
        }
    })
}

/// The healthy leaf in a dim room at night.
pub fn dark_photo() -> RgbImage {
    let mut img = healthy_leaf();
    for p in img.pixels_mut() {
        p.0 = p.0.map(|v| v / 8);
    }
    img
}

/// The healthy leaf badly out of focus.
pub fn blurred_photo() -> RgbImage {
    image::imageops::blur(&healthy_leaf(), 8.0)
}

/// A clear blue sky with a little texture.
pub fn blue_sky() -> RgbImage {
    RgbImage::from_fn(640, 480, |x, y| shade([110, 160, 225], x, y))
}

/// A brick wall: orange-red bricks, grey mortar.
pub fn brick_wall() -> RgbImage {
    RgbImage::from_fn(640, 480, |x, y| {
        let row = y / 30;
        let offset = if row % 2 == 0 { 0 } else { 30 };
        let mortar = y % 30 < 4 || (x + offset) % 60 < 4;
        shade(
            if mortar {
                [170, 165, 160]
            } else {
                [170, 70, 45]
            },
            x,
            y,
        )
    })
}

pub fn encode(img: &RgbImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(img.clone())
        .write_to(&mut std::io::Cursor::new(&mut out), format)
        .unwrap();
    out
}

pub fn jpeg_of(img: &RgbImage) -> Vec<u8> {
    encode(img, ImageFormat::Jpeg)
}
