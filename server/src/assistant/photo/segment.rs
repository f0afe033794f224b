//! Finds the plant before anything is measured. Living leaf pixels are grouped into connected
//! regions (specks dropped); damage-coloured pixels are grouped the same way, and a group
//! counts as damaged leaf only where it lies on or against living leaf:
//!
//! - enclosed by leaf (a spot, a powdery patch, a yellow blotch between veins), or
//! - attached to leaf along a good part of its outline (a brown tip, a yellow half-leaf), or
//! - a yellow or brown piece lying wholly near the leaves without reaching the frame (a yellow
//!   leaf among green ones).
//!
//! What is left is background: a wall or floor that reaches the frame and dwarfs nothing green
//! around it, soil, a pot, the sky. Whitish or dark gaps between leaves that share the colour
//! of the photo's surroundings (the wall seen through the plant) are background too.

use image::{GrayImage, Luma, RgbImage};
use imageproc::distance_transform::{distance_transform, Norm};
use imageproc::region_labelling::{connected_components, Connectivity};

use super::colour::{classify, Tissue};

/// A leaf region smaller than this share of the picture is a speck (a green sticker, noise).
const MIN_LEAF_REGION: f32 = 0.0015;
/// How near the living leaf (share of the longer side) counts as "near the plant".
const NEAR_PLANT: f32 = 0.06;
/// Share of a group's outline on living leaf for it to be enclosed by leaf.
const ENCLOSED: f32 = 0.5;
/// Share of a group's outline on living leaf for it to be part of the leaf it touches.
const ATTACHED: f32 = 0.2;
/// A dark spot larger than this share of the picture is a hole or shadow, not a leaf spot.
const MAX_SPOT: f32 = 0.02;
/// Dark groups must fill this much of their bounding box: spots are round, gaps are not.
const SPOT_FILL: f32 = 0.35;
/// Width of the frame's outer ring whose colours describe the surroundings.
const RING: f32 = 0.03;

/// What each pixel of the analysed picture turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Leaf,
    /// Damaged leaf tissue of the given colour class.
    Damage(Tissue),
    Background,
}

pub struct Segmentation {
    pub width: u32,
    pub height: u32,
    pub parts: Vec<Part>,
    /// Pixels within reach of living leaf: where sharpness is judged.
    pub near_plant: Vec<bool>,
}

impl Segmentation {
    pub fn count(&self, part: Part) -> usize {
        self.parts.iter().filter(|&&p| p == part).count()
    }

    pub fn plant_pixels(&self) -> usize {
        self.parts
            .iter()
            .filter(|p| !matches!(p, Part::Background))
            .count()
    }
}

/// One connected group of damage-coloured pixels and what surrounds it.
#[derive(Default, Clone)]
struct Group {
    area: u32,
    yellow: u32,
    brown: u32,
    dark: u32,
    pale: u32,
    /// Outline steps (4-neighbours outside the group), those onto living leaf, those off the frame.
    outline: u32,
    on_leaf: u32,
    on_frame: u32,
    near_plant: u32,
    in_surroundings: u32,
    min_x: u32,
    min_y: u32,
    max_x: u32,
    max_y: u32,
}

impl Group {
    fn is_tissue(&self) -> bool {
        self.yellow + self.brown > 0
    }

    fn share(&self, n: u32, of: u32) -> f32 {
        if of == 0 {
            0.0
        } else {
            n as f32 / of as f32
        }
    }

    fn fill(&self) -> f32 {
        let bbox = (self.max_x - self.min_x + 1) * (self.max_y - self.min_y + 1);
        self.share(self.area, bbox)
    }
}

pub fn segment(img: &RgbImage) -> Segmentation {
    let (w, h) = img.dimensions();
    let n = (w * h) as usize;
    let classes: Vec<Tissue> = img.pixels().map(|p| classify(p[0], p[1], p[2])).collect();

    let leaf = living_leaf(&classes, w, h);
    let leaf_area = leaf.iter().filter(|&&l| l).count() as u32;

    // Distance to the nearest living leaf, capped at 255 by the transform.
    let leaf_mask = GrayImage::from_fn(w, h, |x, y| {
        Luma([if leaf[(y * w + x) as usize] { 255 } else { 0 }])
    });
    let reach = ((w.max(h) as f32 * NEAR_PLANT).round() as u32).clamp(2, 255) as u8;
    let near_plant: Vec<bool> = if leaf_area == 0 {
        vec![false; n]
    } else {
        distance_transform(&leaf_mask, Norm::LInf)
            .pixels()
            .map(|d| d[0] <= reach)
            .collect()
    };

    let surroundings = surroundings_palette(img, &leaf);
    // Groups of one colour family each: dry or yellow tissue, dark, whitish. A yellow leaf
    // before a white wall must not merge with the wall into one "surface".
    let families = GrayImage::from_fn(w, h, |x, y| Luma([family(classes[(y * w + x) as usize])]));
    let labels = connected_components(&families, Connectivity::Eight, Luma([0u8]));
    let frame_outline = 2 * (w + h);
    let context = Context {
        img,
        classes: &classes,
        near_plant: &near_plant,
        surroundings: &surroundings,
        labels: &labels,
    };
    // First the tissue groups against living leaf; then spots and powder against living leaf
    // and the tissue kept (a spot sits in its yellow halo).
    let groups = describe_groups(&context, &leaf);
    let mut counted: Vec<bool> = groups
        .iter()
        .map(|g| g.is_tissue() && counts_as_leaf(g, leaf_area, n as u32, frame_outline))
        .collect();
    let leafish: Vec<bool> = (0..n)
        .map(|i| leaf[i] || counted[labels.as_raw()[i] as usize])
        .collect();
    let groups = describe_groups(&context, &leafish);
    for (k, g) in groups.iter().enumerate() {
        if !g.is_tissue() {
            counted[k] = counts_as_leaf(g, leaf_area, n as u32, frame_outline);
        }
    }
    let parts = (0..n)
        .map(|i| {
            if leaf[i] {
                return Part::Leaf;
            }
            let label = labels.as_raw()[i] as usize;
            if label == 0 || !counted[label] {
                return Part::Background;
            }
            Part::Damage(classes[i])
        })
        .collect();
    Segmentation {
        width: w,
        height: h,
        parts,
        near_plant,
    }
}

/// Leaf-coloured pixels in regions large enough to be leaves.
fn living_leaf(classes: &[Tissue], w: u32, h: u32) -> Vec<bool> {
    let mask = GrayImage::from_fn(w, h, |x, y| {
        Luma([u8::from(classes[(y * w + x) as usize] == Tissue::Leaf)])
    });
    let labels = connected_components(&mask, Connectivity::Eight, Luma([0u8]));
    let mut sizes: Vec<u32> = Vec::new();
    for l in labels.as_raw() {
        let l = *l as usize;
        if l >= sizes.len() {
            sizes.resize(l + 1, 0);
        }
        sizes[l] += 1;
    }
    let min = ((w * h) as f32 * MIN_LEAF_REGION).ceil() as u32;
    labels
        .as_raw()
        .iter()
        .map(|&l| l != 0 && sizes[l as usize] >= min)
        .collect()
}

/// Coarse colour bins (32 levels a channel) that are common in the photo's outer ring away
/// from the leaves: the wall, floor or sky around the plant.
fn surroundings_palette(img: &RgbImage, leaf: &[bool]) -> Vec<bool> {
    let (w, h) = img.dimensions();
    let ring = ((w.min(h) as f32 * RING).ceil() as u32).max(1);
    let mut bins = vec![0u32; 512];
    let mut total = 0u32;
    for (x, y, p) in img.enumerate_pixels() {
        let in_ring = x < ring || y < ring || x >= w - ring || y >= h - ring;
        if in_ring && !leaf[(y * w + x) as usize] {
            bins[bin(p.0)] += 1;
            total += 1;
        }
    }
    bins.iter()
        .map(|&c| total > 0 && c as f32 >= total as f32 * 0.08)
        .collect()
}

fn bin(rgb: [u8; 3]) -> usize {
    (((rgb[0] >> 5) as usize) << 6) | (((rgb[1] >> 5) as usize) << 3) | ((rgb[2] >> 5) as usize)
}

/// The colour family a damage group is made of (0: not damage).
fn family(class: Tissue) -> u8 {
    match class {
        Tissue::Yellow | Tissue::Brown => 1,
        Tissue::Dark => 2,
        Tissue::Pale => 3,
        Tissue::Leaf | Tissue::Background => 0,
    }
}

/// What describing the groups needs besides the mask they are judged against.
struct Context<'a> {
    img: &'a RgbImage,
    classes: &'a [Tissue],
    near_plant: &'a [bool],
    surroundings: &'a [bool],
    labels: &'a image::ImageBuffer<Luma<u32>, Vec<u32>>,
}

/// Each group's size, colours and outline; `leaf` is what counts as leaf along the outline.
fn describe_groups(c: &Context, leaf: &[bool]) -> Vec<Group> {
    let (img, classes, near_plant, surroundings) = (c.img, c.classes, c.near_plant, c.surroundings);
    let (w, h) = img.dimensions();
    let raw = c.labels.as_raw();
    let count = raw.iter().copied().max().unwrap_or(0) as usize;
    let mut groups = vec![
        Group {
            min_x: u32::MAX,
            min_y: u32::MAX,
            ..Group::default()
        };
        count + 1
    ];
    for y in 0..h {
        for x in 0..w {
            let i = (y * w + x) as usize;
            let label = raw[i];
            if label == 0 {
                continue;
            }
            let g = &mut groups[label as usize];
            g.area += 1;
            match classes[i] {
                Tissue::Yellow => g.yellow += 1,
                Tissue::Brown => g.brown += 1,
                Tissue::Dark => g.dark += 1,
                Tissue::Pale => g.pale += 1,
                Tissue::Leaf | Tissue::Background => {}
            }
            g.near_plant += u32::from(near_plant[i]);
            g.in_surroundings += u32::from(surroundings[bin(img.get_pixel(x, y).0)]);
            g.min_x = g.min_x.min(x);
            g.min_y = g.min_y.min(y);
            g.max_x = g.max_x.max(x);
            g.max_y = g.max_y.max(y);
            let steps = [
                (x.checked_sub(1), Some(y)),
                (Some(x + 1).filter(|&v| v < w), Some(y)),
                (Some(x), y.checked_sub(1)),
                (Some(x), Some(y + 1).filter(|&v| v < h)),
            ];
            for step in steps {
                match step {
                    (Some(nx), Some(ny)) => {
                        let j = (ny * w + nx) as usize;
                        if raw[j] != label {
                            g.outline += 1;
                            g.on_leaf += u32::from(leaf[j]);
                        }
                    }
                    _ => {
                        g.outline += 1;
                        g.on_frame += 1;
                    }
                }
            }
        }
    }
    groups
}

/// Whether a damage-coloured group is part of the plant (see the module's comment).
fn counts_as_leaf(g: &Group, leaf_area: u32, pixels: u32, frame_outline: u32) -> bool {
    if g.area == 0 || leaf_area == 0 {
        return false;
    }
    let on_leaf = g.share(g.on_leaf, g.outline);
    let enclosed = on_leaf >= ENCLOSED;
    // A surface reaching well into the frame and larger than half the plant, with little
    // leaf along it: a wall, a floor, a table.
    let surface = g.on_frame as f32 >= frame_outline as f32 * 0.05
        && g.area * 2 >= leaf_area
        && on_leaf < 0.3;
    if surface {
        return false;
    }
    let tissue = g.yellow + g.brown;
    let mostly = |n: u32| n * 2 >= g.area;
    if mostly(g.pale) {
        // Powdery patches sit on the leaf; the wall seen between leaves has the wall's colour.
        return enclosed && !mostly(g.in_surroundings);
    }
    if mostly(g.dark) {
        return enclosed
            && (g.area as f32) <= pixels as f32 * MAX_SPOT
            && g.fill() >= SPOT_FILL
            && !mostly(g.in_surroundings);
    }
    if tissue == 0 {
        return false;
    }
    let lies_near = g.share(g.near_plant, g.area) >= 0.9 && g.on_frame == 0;
    enclosed || on_leaf >= ATTACHED || (lies_near && g.area <= leaf_area * 2)
}
