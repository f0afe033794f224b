//! Photo analysis on generated pictures: measured shares and usability verdicts.

use crate::assistant_images;

use assistant_images::*;
use hariyali::assistant::photo::{analyse, analyse_bytes, Finding, PhotoReport, Usability};
use image::{DynamicImage, ImageFormat};

fn report(img: &image::RgbImage) -> PhotoReport {
    let r = analyse(&DynamicImage::ImageRgb8(img.clone()));
    println!("{r:?}");
    r
}

#[test]
fn a_healthy_leaf_is_almost_all_healthy_green() {
    let r = report(&healthy_leaf());
    assert_eq!(r.usability, Usability::Usable);
    assert!(r.healthy > 0.9, "healthy {}", r.healthy);
    assert!(r.yellowing < 0.03 && r.browning < 0.03 && r.spots < 0.01 && r.powder < 0.01);
    assert!(r.looks_healthy());
}

#[test]
fn a_yellowing_leaf_measures_its_yellow_share() {
    let r = report(&yellowing_leaf());
    assert_eq!(r.usability, Usability::Usable);
    // About a third of the leaf was painted yellow.
    assert!(
        (0.2..0.45).contains(&r.yellowing),
        "yellowing {}",
        r.yellowing
    );
    assert!((0.5..0.8).contains(&r.healthy), "healthy {}", r.healthy);
    assert_eq!(r.findings()[0].0, Finding::Yellowing);
}

#[test]
fn a_browning_leaf_with_spots_measures_both() {
    let r = report(&browning_spotted_leaf());
    assert_eq!(r.usability, Usability::Usable);
    assert!((0.08..0.3).contains(&r.browning), "browning {}", r.browning);
    assert!((0.02..0.12).contains(&r.spots), "spots {}", r.spots);
    let found: Vec<Finding> = r.findings().into_iter().map(|f| f.0).collect();
    assert!(found.contains(&Finding::Browning), "{found:?}");
    assert!(found.contains(&Finding::Spots), "{found:?}");
}

#[test]
fn white_powder_on_a_leaf_is_measured() {
    let r = report(&mildew_leaf());
    assert_eq!(r.usability, Usability::Usable);
    assert!((0.1..0.4).contains(&r.powder), "powder {}", r.powder);
    assert!(r.findings().iter().any(|f| f.0 == Finding::Powder));
}

#[test]
fn a_dark_photo_is_too_dark_to_judge() {
    let r = report(&dark_photo());
    assert_eq!(r.usability, Usability::TooDark);
    assert!(r.brightness < 0.1, "brightness {}", r.brightness);
    assert!(r.findings().is_empty());
}

#[test]
fn a_blurred_photo_is_refused_and_a_sharp_one_is_not() {
    let sharp = report(&healthy_leaf());
    let blurred = report(&blurred_photo());
    assert_eq!(blurred.usability, Usability::Blurred);
    assert!(
        blurred.sharpness < 15.0,
        "blurred sharpness {}",
        blurred.sharpness
    );
    assert!(
        sharp.sharpness > 50.0,
        "sharp sharpness {}",
        sharp.sharpness
    );
}

#[test]
fn sky_and_brick_are_not_plants() {
    for img in [blue_sky(), brick_wall()] {
        let r = report(&img);
        assert_eq!(r.usability, Usability::NoPlant);
        assert!(r.plant_share < 0.04, "plant share {}", r.plant_share);
    }
}

#[test]
fn every_accepted_format_decodes_from_bytes() {
    for format in [ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::WebP] {
        let bytes = encode(&yellowing_leaf(), format);
        let analysed = analyse_bytes(&bytes, true).expect("decodes");
        assert_eq!(analysed.report.usability, Usability::Usable, "{format:?}");
        assert!(analysed.report.yellowing > 0.15, "{format:?}");
        let preview = analysed.preview_jpeg.expect("preview requested");
        assert_eq!(image::guess_format(&preview).unwrap(), ImageFormat::Jpeg);
    }
    assert!(analyse_bytes(b"GIF89a not a photo", false).is_err());
}
