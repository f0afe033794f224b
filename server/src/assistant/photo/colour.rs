//! What each pixel could be, from its colour alone: living leaf, the colours of damaged leaf
//! tissue, or background. Colour cannot tell a brown leaf from a wooden floor; it only sorts
//! candidates, and `segment` decides by where they lie. The rules keep the common
//! backgrounds of home photos out of the damage colours on purpose: beige and white walls
//! are too pale and dull to be "browning", terracotta pots, bricks and skin are redder than dry
//! leaves, bright orange and yellow flowers more saturated than any yellowing leaf.

/// The colour class of one pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tissue {
    /// Living leaf: green hues with some colour, including leaves in shade.
    Leaf,
    /// Chlorotic leaf colour: yellow and yellow-green.
    Yellow,
    /// Dry or dead tissue: brown and tan.
    Brown,
    /// Near black: a spot on a leaf, or soil and deep shadow.
    Dark,
    /// Whitish with little colour: powdery patches (or a white wall, a highlight).
    Pale,
    /// Anything else: sky, grey and beige surfaces, terracotta, skin, flowers.
    Background,
}

/// Hue in degrees, saturation and value in 0–1.
pub fn hsv(r: u8, g: u8, b: u8) -> (f32, f32, f32) {
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

/// Excess green minus excess red (Meyer and Neto's vegetation index) on chromatic
/// coordinates: above zero for vegetation under most lighting, below for soil, wood,
/// skin and most man-made surfaces. It keeps olive and blue-grey greens honest where hue alone
/// would call a grey-green wall a leaf.
pub fn exg_minus_exr(r: u8, g: u8, b: u8) -> f32 {
    let sum = (r as f32 + g as f32 + b as f32).max(1.0);
    let (r, g, b) = (r as f32 / sum, g as f32 / sum, b as f32 / sum);
    (2.0 * g - r - b) - (1.4 * r - g)
}

pub fn classify(r: u8, g: u8, b: u8) -> Tissue {
    let (h, s, v) = hsv(r, g, b);
    // Green with enough colour to be chlorophyll; shaded leaves keep their hue while dark.
    if (68.0..172.0).contains(&h) && s >= 0.15 && v >= 0.1 && exg_minus_exr(r, g, b) > 0.0 {
        return Tissue::Leaf;
    }
    if v < 0.2 {
        return Tissue::Dark;
    }
    if s < 0.16 {
        return if v >= 0.62 {
            Tissue::Pale
        } else {
            Tissue::Background
        };
    }
    // Saturated, bright orange and yellow: flowers, paint, fruit, not a sick leaf.
    if s >= 0.82 && v >= 0.88 && h < 60.0 {
        return Tissue::Background;
    }
    if (42.0..68.0).contains(&h) && s >= 0.38 && v >= 0.45 {
        return Tissue::Yellow;
    }
    // Red-orange: terracotta, brick, skin. Dry leaves are yellower than these.
    if h < 20.0 || (h < 24.0 && v > 0.6) || h >= 172.0 {
        return Tissue::Background;
    }
    if h < 42.0 {
        if v < 0.33 {
            // Dark brown: soil or shadow; only a spot when it sits inside a leaf.
            return Tissue::Dark;
        }
        if v <= 0.72 && s >= 0.35 {
            return Tissue::Brown;
        }
        // Light tan (a crisp dry tip) is saturated; beige and sand walls are not.
        if v > 0.72 && s >= 0.45 {
            return Tissue::Brown;
        }
    }
    Tissue::Background
}
