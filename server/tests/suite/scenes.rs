//! Synthetic but realistic photos for the assistant's photo tests and benchmark: potted plants
//! with textured leaves (midrib, side veins, shading, gloss) in terracotta pots with soil,
//! before beige or white walls on a wooden floor; and scenes without a plant (a grey car on a
//! road under the sky, a face, a bare wall, a cloudy sky). Lighting falls off across the frame
//! and every pixel has sensor noise, so nothing is a flat colour. Deterministic: no randomness.
#![allow(dead_code)]

use image::{Rgb, RgbImage};

/// A small deterministic hash noise in -1..1.
fn hash(x: i64, y: i64, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(374_761_393)
        ^ (y as u32).wrapping_mul(668_265_263)
        ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 32_767.5 - 1.0
}

/// Smooth value noise in -1..1 with features about `scale` pixels across.
fn smooth(x: f32, y: f32, scale: f32, seed: u32) -> f32 {
    let (fx, fy) = (x / scale, y / scale);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - x0, fy - y0);
    let (tx, ty) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let (x0, y0) = (x0 as i64, y0 as i64);
    let a = hash(x0, y0, seed);
    let b = hash(x0 + 1, y0, seed);
    let c = hash(x0, y0 + 1, seed);
    let d = hash(x0 + 1, y0 + 1, seed);
    let top = a + (b - a) * tx;
    let bottom = c + (d - c) * tx;
    top + (bottom - top) * ty
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn scale(c: [f32; 3], f: f32) -> [f32; 3] {
    c.map(|v| v * f)
}

/// A picture being painted in floating point, then finished with light fall-off and noise.
pub struct Canvas {
    pub w: u32,
    pub h: u32,
    px: Vec<[f32; 3]>,
}

impl Canvas {
    pub fn new(w: u32, h: u32, fill: impl Fn(f32, f32) -> [f32; 3]) -> Canvas {
        let mut px = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                px.push(fill(x as f32 / w as f32, y as f32 / h as f32));
            }
        }
        Canvas { w, h, px }
    }

    /// Paints where `shape` gives a colour, within a bounding box in 0–1 coordinates.
    fn paint(&mut self, bbox: (f32, f32, f32, f32), shape: impl Fn(f32, f32) -> Option<[f32; 3]>) {
        let (w, h) = (self.w as f32, self.h as f32);
        let x0 = ((bbox.0 * w).floor().max(0.0)) as u32;
        let y0 = ((bbox.1 * h).floor().max(0.0)) as u32;
        let x1 = ((bbox.2 * w).ceil().min(w)) as u32;
        let y1 = ((bbox.3 * h).ceil().min(h)) as u32;
        for y in y0..y1 {
            for x in x0..x1 {
                if let Some(c) = shape(x as f32 / w, y as f32 / h) {
                    self.px[(y * self.w + x) as usize] = c;
                }
            }
        }
    }

    /// Light falling off from the top left, sensor noise, then 8-bit pixels.
    pub fn finish(&self, light: f32, seed: u32) -> RgbImage {
        let (w, h) = (self.w, self.h);
        // Noise amplitude in 8-bit levels, as a phone sensor at indoor light.
        let grain = 6.0;
        RgbImage::from_fn(w, h, |x, y| {
            let (u, v) = (x as f32 / w as f32, y as f32 / h as f32);
            let falloff = light * (1.06 - 0.16 * (u * 0.6 + v * 0.4));
            let c = self.px[(y * w + x) as usize];
            let n = hash(x as i64, y as i64, seed) * grain;
            Rgb(c.map(|ch| (ch * falloff + n).round().clamp(0.0, 255.0) as u8))
        })
    }
}

/// What is wrong with one leaf.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LeafState {
    Healthy,
    /// The whole leaf yellow (chlorotic), veins a little greener.
    Yellow,
    /// The outer half yellow.
    YellowTip,
    /// The outer quarter dry and brown with a dark margin.
    BrownTip,
    /// A few dark brown spots with yellow halos.
    Spotted,
    /// White powdery blotches.
    Mildew,
}

/// One leaf: base point and direction in 0–1 picture coordinates (y scaled by the aspect).
#[derive(Clone, Copy)]
pub struct Leaf {
    pub base: (f32, f32),
    pub angle: f32,
    pub length: f32,
    pub width: f32,
    pub green: [f32; 3],
    pub state: LeafState,
}

const GREENS: [[f32; 3]; 4] = [
    [48.0, 118.0, 42.0],
    [62.0, 138.0, 55.0],
    [40.0, 98.0, 46.0],
    [78.0, 146.0, 60.0],
];

/// The leaf's colour at (u along, v across) in leaf units (u 0–1 base to tip, v -1–1).
fn leaf_colour(leaf: &Leaf, u: f32, v: f32, x: f32, y: f32, seed: u32) -> [f32; 3] {
    let yellow = [214.0, 194.0, 72.0];
    let base = match leaf.state {
        LeafState::Yellow => mix(yellow, leaf.green, 0.08),
        LeafState::YellowTip => mix(leaf.green, yellow, (u - 0.45) / 0.12),
        _ => leaf.green,
    };
    let mut c = base;
    // Side veins run out from the midrib towards the tip; the midrib is paler.
    let vein_phase = (u * 7.0 - v.abs() * 1.6).rem_euclid(1.0);
    if v.abs() < 0.06 {
        c = mix(c, [170.0, 200.0, 120.0], 0.45);
    } else if vein_phase < 0.05 {
        c = scale(c, 0.82);
    }
    // One half of the blade faces the light.
    c = scale(c, 0.9 + 0.14 * v.signum() * v.abs().sqrt());
    // Darker towards the margin, mottled a little.
    c = scale(c, 1.0 - 0.12 * v.abs().powi(4));
    c = scale(c, 1.0 + 0.06 * smooth(x * 900.0, y * 900.0, 9.0, seed));
    match leaf.state {
        LeafState::BrownTip if u > 0.72 => {
            let dry = [136.0, 92.0, 50.0];
            let tan = [182.0, 142.0, 86.0];
            c = mix(
                dry,
                tan,
                0.5 + 0.5 * smooth(x * 900.0, y * 900.0, 5.0, seed + 3),
            );
            if u < 0.76 {
                c = [78.0, 52.0, 30.0];
            }
        }
        LeafState::BrownTip if u > 0.64 => c = mix(c, yellow, (u - 0.64) / 0.08),
        LeafState::Spotted => {
            for (su, sv) in [
                (0.3, 0.4),
                (0.5, -0.45),
                (0.66, 0.35),
                (0.45, 0.0),
                (0.8, -0.2),
            ] {
                let d = ((u - su) * leaf.length / leaf.width * 2.0).hypot(v - sv);
                if d < 0.22 {
                    c = [62.0, 42.0, 26.0];
                } else if d < 0.3 {
                    c = mix(c, [196.0, 182.0, 74.0], 0.8);
                }
            }
        }
        LeafState::Mildew => {
            let blotch = smooth(x * 900.0, y * 900.0, 14.0, seed + 11);
            if blotch > 0.1 {
                c = mix(c, [228.0, 230.0, 222.0], 0.75 + blotch);
            }
        }
        _ => {}
    }
    // A glossy highlight along the midrib.
    let gloss = ((u - 0.4) * 6.0).hypot((v - 0.25) * 5.0);
    if gloss < 1.0 && leaf.state != LeafState::Mildew {
        c = mix(c, [235.0, 245.0, 230.0], 0.35 * (1.0 - gloss));
    }
    c
}

fn paint_leaf(canvas: &mut Canvas, leaf: &Leaf, seed: u32) {
    let aspect = canvas.w as f32 / canvas.h as f32;
    let (dx, dy) = (leaf.angle.cos(), leaf.angle.sin());
    // Leaf coordinates: along the axis and across it, both in picture-height units.
    let reach = leaf.length + leaf.width;
    let (bx, by) = leaf.base;
    let bbox = (
        bx - reach / aspect,
        by - reach,
        bx + reach / aspect,
        by + reach,
    );
    let l = *leaf;
    canvas.paint(bbox, move |x, y| {
        let (px, py) = ((x - bx) * aspect, y - by);
        let along = px * dx + py * dy;
        let across = -px * dy + py * dx;
        let u = along / l.length;
        if !(0.0..=1.0).contains(&u) {
            return None;
        }
        let half = l.width / 2.0 * (std::f32::consts::PI * u).sin().powf(0.7);
        if across.abs() > half {
            return None;
        }
        let v = across / half.max(1e-6);
        Some(leaf_colour(&l, u, v, x, y, seed))
    });
}

fn paint_stem(canvas: &mut Canvas, from: (f32, f32), to: (f32, f32), width: f32) {
    let aspect = canvas.w as f32 / canvas.h as f32;
    let bbox = (
        from.0.min(to.0) - width,
        from.1.min(to.1) - width,
        from.0.max(to.0) + width,
        from.1.max(to.1) + width,
    );
    let (ax, ay) = (from.0 * aspect, from.1);
    let (ex, ey) = (to.0 * aspect - ax, to.1 - ay);
    let len2 = ex * ex + ey * ey;
    canvas.paint(bbox, move |x, y| {
        let (px, py) = (x * aspect - ax, y - ay);
        let t = ((px * ex + py * ey) / len2).clamp(0.0, 1.0);
        let d = (px - ex * t).hypot(py - ey * t);
        (d < width / 2.0).then_some([72.0, 112.0, 48.0])
    });
}

/// The wall colours of Indian homes the tests use.
pub const BEIGE_WALL: [f32; 3] = [226.0, 206.0, 172.0];
pub const WHITE_WALL: [f32; 3] = [236.0, 234.0, 228.0];
const TERRACOTTA: [f32; 3] = [186.0, 98.0, 64.0];
const SOIL: [f32; 3] = [74.0, 54.0, 40.0];
const WOOD: [f32; 3] = [150.0, 104.0, 66.0];

/// A potted plant before a wall: `states` gives each leaf's condition (12 leaves at most).
pub fn potted_plant(w: u32, h: u32, wall: [f32; 3], states: &[LeafState], seed: u32) -> RgbImage {
    let mut canvas = Canvas::new(w, h, |u, v| {
        if v > 0.86 {
            // Wooden floor with grain along it.
            let grain = smooth(u * 40.0, v * 400.0, 1.0, seed + 5);
            scale(WOOD, 0.9 + 0.1 * grain)
        } else {
            // Plaster: a faint texture and a soft shadow right of the pot.
            let plaster = smooth(u * 300.0, v * 300.0, 3.0, seed + 1);
            let shadow =
                1.0 - 0.12 * (-((u - 0.68).powi(2) / 0.01 + (v - 0.7).powi(2) / 0.03)).exp();
            scale(wall, (1.0 + 0.02 * plaster) * shadow)
        }
    });
    // Terracotta pot: a tapering body with a rim, rounded by the light.
    canvas.paint((0.3, 0.56, 0.7, 0.93), |u, v| {
        let rim = v < 0.62;
        let half = if rim { 0.19 } else { 0.17 - (v - 0.62) * 0.12 };
        let off = (u - 0.5) / half;
        if off.abs() > 1.0 || v > 0.92 {
            return None;
        }
        let round = 0.72 + 0.34 * (1.0 - off * off).sqrt() - 0.08 * off;
        let c = scale(TERRACOTTA, round * if rim { 1.04 } else { 1.0 });
        Some(if rim && v > 0.615 { scale(c, 0.8) } else { c })
    });
    // Soil inside the rim, granular.
    canvas.paint((0.3, 0.54, 0.7, 0.6), |u, v| {
        let d = ((u - 0.5) / 0.175).powi(2) + ((v - 0.57) / 0.018).powi(2);
        (d <= 1.0).then(|| {
            scale(
                SOIL,
                1.0 + 0.3 * hash((u * 4000.0) as i64, (v * 4000.0) as i64, seed + 9),
            )
        })
    });
    // Leaves fanning out of the pot on stems.
    let n = states.len().max(1);
    for (i, state) in states.iter().enumerate() {
        let t = if n == 1 {
            0.5
        } else {
            i as f32 / (n - 1) as f32
        };
        let angle = (-162.0 + 144.0 * t + 8.0 * hash(i as i64, 1, seed)).to_radians();
        let stem = 0.08 + 0.07 * (0.5 + 0.5 * hash(i as i64, 2, seed));
        let aspect = w as f32 / h as f32;
        let root = (0.5 + 0.02 * hash(i as i64, 3, seed), 0.57);
        let base = (
            root.0 + stem * angle.cos() / aspect,
            root.1 + stem * angle.sin(),
        );
        paint_stem(&mut canvas, root, base, 0.008);
        let leaf = Leaf {
            base,
            angle: angle + 0.15 * hash(i as i64, 4, seed),
            length: 0.22 + 0.08 * (0.5 + 0.5 * hash(i as i64, 5, seed)),
            width: 0.09 + 0.03 * (0.5 + 0.5 * hash(i as i64, 6, seed)),
            green: GREENS[i % GREENS.len()],
            state: *state,
        };
        paint_leaf(&mut canvas, &leaf, seed + i as u32);
    }
    canvas.finish(1.0, seed)
}

pub fn healthy_states() -> Vec<LeafState> {
    vec![LeafState::Healthy; 11]
}

/// Eleven leaves with `sick` of them, spread evenly over the plant, in `state`.
pub fn states_with(state: LeafState, sick: usize) -> Vec<LeafState> {
    (0..11)
        .map(|i| {
            if (i * sick) / 11 != ((i + 1) * sick) / 11 {
                state
            } else {
                LeafState::Healthy
            }
        })
        .collect()
}

/// One large leaf filling most of the frame before a wall, in `state`.
pub fn leaf_close_up(w: u32, h: u32, state: LeafState, seed: u32) -> RgbImage {
    let mut canvas = Canvas::new(w, h, |u, v| {
        scale(
            BEIGE_WALL,
            1.0 + 0.02 * smooth(u * 300.0, v * 300.0, 3.0, seed),
        )
    });
    let leaf = Leaf {
        base: (0.1, 0.62),
        angle: (-12.0f32).to_radians(),
        length: 1.15,
        width: 0.62,
        green: GREENS[1],
        state,
    };
    paint_leaf(&mut canvas, &leaf, seed);
    canvas.finish(1.0, seed)
}

/// A silver car on a road under a blue sky.
pub fn grey_car(w: u32, h: u32, seed: u32) -> RgbImage {
    let mut canvas = Canvas::new(w, h, |u, v| {
        if v < 0.45 {
            mix([118.0, 166.0, 226.0], [196.0, 216.0, 236.0], v / 0.45)
        } else if v < 0.5 {
            // A low building line far away.
            [150.0, 146.0, 140.0]
        } else {
            scale(
                [78.0, 78.0, 80.0],
                1.0 + 0.15 * hash((u * 2000.0) as i64, (v * 2000.0) as i64, seed),
            )
        }
    });
    // Body: a long rounded box with a bright band along its shoulder.
    canvas.paint((0.08, 0.45, 0.92, 0.8), |u, v| {
        let inside = (0.1..0.9).contains(&u) && (0.5..0.78).contains(&v);
        inside.then(|| {
            let band = (-((v - 0.56) / 0.02).powi(2)).exp();
            mix(
                scale([172.0, 175.0, 180.0], 1.0 - 0.3 * (v - 0.5)),
                [240.0, 242.0, 245.0],
                band * 0.7,
            )
        })
    });
    // Cabin with dark windows.
    canvas.paint((0.2, 0.3, 0.8, 0.5), |u, v| {
        let slope = (v - 0.32) * 0.8;
        let inside = u > 0.24 - slope && u < 0.74 + slope && v > 0.32 && v < 0.5;
        inside.then(|| {
            if v > 0.34 && v < 0.48 && (u - 0.49).abs() > 0.01 {
                mix([40.0, 50.0, 62.0], [120.0, 140.0, 160.0], (0.48 - v) / 0.3)
            } else {
                [165.0, 168.0, 172.0]
            }
        })
    });
    // Wheels with grey hubs.
    for cx in [0.25f32, 0.75] {
        let aspect = w as f32 / h as f32;
        canvas.paint((cx - 0.1, 0.65, cx + 0.1, 0.9), move |u, v| {
            let d = ((u - cx) * aspect).hypot(v - 0.77);
            if d < 0.05 {
                Some([150.0, 150.0, 152.0])
            } else if d < 0.11 {
                Some([26.0, 26.0, 28.0])
            } else {
                None
            }
        });
    }
    // Head and tail lights.
    canvas.paint((0.1, 0.56, 0.14, 0.62), |_, _| Some([250.0, 248.0, 235.0]));
    canvas.paint((0.86, 0.56, 0.9, 0.62), |_, _| Some([200.0, 30.0, 30.0]));
    canvas.finish(1.0, seed)
}

/// A face (skin, hair, eyes, lips) before a grey wall, a blue shirt below.
pub fn face(w: u32, h: u32, skin: [f32; 3], seed: u32) -> RgbImage {
    let aspect = w as f32 / h as f32;
    let mut canvas = Canvas::new(w, h, |u, v| {
        if v > 0.85 {
            [52.0, 84.0, 150.0]
        } else {
            scale(
                [196.0, 196.0, 192.0],
                1.0 + 0.02 * smooth(u * 300.0, v * 300.0, 3.0, seed),
            )
        }
    });
    canvas.paint((0.0, 0.0, 1.0, 1.0), move |u, v| {
        let (x, y) = ((u - 0.5) * aspect, v - 0.48);
        let head = (x / 0.3).powi(2) + (y / 0.42).powi(2);
        let neck = x.abs() < 0.11 && (0.3..0.45).contains(&y);
        if head > 1.0 && !neck {
            return None;
        }
        if head <= 1.0 && y < -0.22 && head > 0.55 {
            return Some([38.0, 28.0, 24.0]);
        }
        // Cheeks round off in the light.
        let c = scale(skin, 1.05 - 0.25 * head.min(1.0) - 0.1 * x);
        for ex in [-0.11f32, 0.11] {
            let d = (x - ex).hypot((y + 0.05) * 1.8);
            if d < 0.022 {
                return Some([34.0, 26.0, 22.0]);
            }
            if d < 0.05 {
                return Some([236.0, 232.0, 226.0]);
            }
        }
        if (x / 0.09).powi(2) + ((y - 0.2) / 0.025).powi(2) < 1.0 {
            return Some([178.0, 92.0, 92.0]);
        }
        Some(c)
    });
    canvas.finish(1.0, seed)
}

/// A bare wall, evenly lit but for the fall-off.
pub fn bare_wall(w: u32, h: u32, wall: [f32; 3], seed: u32) -> RgbImage {
    Canvas::new(w, h, |u, v| {
        scale(wall, 1.0 + 0.02 * smooth(u * 300.0, v * 300.0, 3.0, seed))
    })
    .finish(1.0, seed)
}

/// A blue sky with soft white clouds.
pub fn cloudy_sky(w: u32, h: u32, seed: u32) -> RgbImage {
    Canvas::new(w, h, |u, v| {
        let sky = mix([96.0, 150.0, 222.0], [170.0, 200.0, 236.0], v);
        let cloud = smooth(u * 600.0, v * 600.0, 120.0, seed)
            + 0.5 * smooth(u * 600.0, v * 600.0, 40.0, seed + 1);
        mix(sky, [240.0, 242.0, 246.0], (cloud - 0.2) * 2.0)
    })
    .finish(1.0, seed)
}

/// An empty terracotta pot with soil on a floor before a wall.
pub fn empty_pot(w: u32, h: u32, seed: u32) -> RgbImage {
    potted_plant(w, h, BEIGE_WALL, &[], seed)
}

/// The scene photographed in a dim room.
pub fn dimmed(img: &RgbImage, factor: f32) -> RgbImage {
    let mut out = img.clone();
    for p in out.pixels_mut() {
        p.0 = p.0.map(|v| (v as f32 * factor) as u8);
    }
    out
}
