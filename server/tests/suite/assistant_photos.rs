//! Photo analysis on generated pictures: measured shares and usability verdicts on drawn
//! leaves, then on realistic scenes (potted plants before walls, a car, a face, the sky) with
//! per-case expectations, then the answers to the questions sent with photos.

use crate::assistant_images;
use crate::scenes;

use assistant_images::*;
use hariyali::assistant::photo::ask::{PhotoAsk, PhotoQuestions};
use hariyali::assistant::photo::colour::{classify, Tissue};
use hariyali::assistant::photo::{analyse, analyse_bytes, Finding, PhotoReport, Scene, Usability};
use hariyali::assistant::{Engine, Knowledge, Memory, Question};
use image::{DynamicImage, ImageFormat, RgbImage};
use scenes::LeafState;

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

/// What a realistic scene must be judged as.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// A plant, usable, with no disease share above `LOW`.
    Healthy,
    /// A plant, usable, with this finding among its findings.
    Sick(Finding),
    NoPlant,
    TooDark,
    Blurred,
}

/// "No disease finding above a low share" for a healthy plant.
const LOW: f32 = 0.05;

struct Case {
    name: &'static str,
    image: RgbImage,
    expect: Expect,
}

/// Scenes at 1600 × 1200, so the analysis scales them down as it does phone photos.
fn realistic_cases() -> Vec<Case> {
    use scenes::*;
    let (w, h) = (1600, 1200);
    let healthy = healthy_states();
    vec![
        Case {
            name: "healthy plant, beige wall, terracotta pot",
            image: potted_plant(w, h, BEIGE_WALL, &healthy, 1),
            expect: Expect::Healthy,
        },
        Case {
            name: "healthy plant, white wall, terracotta pot",
            image: potted_plant(w, h, WHITE_WALL, &healthy, 2),
            expect: Expect::Healthy,
        },
        Case {
            name: "healthy plant at 800 × 600 (no downscale)",
            image: potted_plant(800, 600, BEIGE_WALL, &healthy, 3),
            expect: Expect::Healthy,
        },
        Case {
            name: "yellowed plant: 5 of 11 leaves yellow",
            image: potted_plant(w, h, BEIGE_WALL, &states_with(LeafState::Yellow, 5), 4),
            expect: Expect::Sick(Finding::Yellowing),
        },
        Case {
            name: "yellowing tips on 6 of 11 leaves, white wall",
            image: potted_plant(w, h, WHITE_WALL, &states_with(LeafState::YellowTip, 6), 5),
            expect: Expect::Sick(Finding::Yellowing),
        },
        Case {
            name: "dry brown tips on every leaf",
            image: potted_plant(w, h, BEIGE_WALL, &states_with(LeafState::BrownTip, 11), 6),
            expect: Expect::Sick(Finding::Browning),
        },
        Case {
            name: "leaf spots on 8 of 11 leaves",
            image: potted_plant(w, h, BEIGE_WALL, &states_with(LeafState::Spotted, 8), 7),
            expect: Expect::Sick(Finding::Spots),
        },
        Case {
            name: "powdery mildew on 8 of 11 leaves, beige wall",
            image: potted_plant(w, h, BEIGE_WALL, &states_with(LeafState::Mildew, 8), 8),
            expect: Expect::Sick(Finding::Powder),
        },
        Case {
            name: "close-up of a leaf yellowing from the tip",
            image: leaf_close_up(w, h, LeafState::YellowTip, 9),
            expect: Expect::Sick(Finding::Yellowing),
        },
        Case {
            name: "close-up of a healthy leaf",
            image: leaf_close_up(w, h, LeafState::Healthy, 10),
            expect: Expect::Healthy,
        },
        Case {
            name: "a grey car on a road",
            image: grey_car(w, h, 11),
            expect: Expect::NoPlant,
        },
        Case {
            name: "a face, light skin",
            image: face(w, h, [226.0, 176.0, 142.0], 12),
            expect: Expect::NoPlant,
        },
        Case {
            name: "a face, darker skin",
            image: face(w, h, [142.0, 94.0, 66.0], 13),
            expect: Expect::NoPlant,
        },
        Case {
            name: "a bare beige wall",
            image: bare_wall(w, h, BEIGE_WALL, 14),
            expect: Expect::NoPlant,
        },
        Case {
            name: "a cloudy sky",
            image: cloudy_sky(w, h, 15),
            expect: Expect::NoPlant,
        },
        Case {
            name: "an empty terracotta pot with soil",
            image: empty_pot(w, h, 16),
            expect: Expect::NoPlant,
        },
        Case {
            name: "the healthy plant in a dark room",
            image: dimmed(&potted_plant(w, h, BEIGE_WALL, &healthy, 17), 0.12),
            expect: Expect::TooDark,
        },
        Case {
            name: "the healthy plant out of focus",
            image: image::imageops::blur(&potted_plant(800, 600, BEIGE_WALL, &healthy, 18), 6.0),
            expect: Expect::Blurred,
        },
    ]
}

fn judged(case: &Case, r: &PhotoReport) -> Result<(), String> {
    let usable = |r: &PhotoReport| {
        if r.usability == Usability::Usable {
            Ok(())
        } else {
            Err(format!("{:?}, not usable", r.usability))
        }
    };
    match case.expect {
        Expect::Healthy => {
            usable(r)?;
            let worst = r.yellowing.max(r.browning).max(r.spots).max(r.powder);
            if worst > LOW || !r.findings().is_empty() {
                return Err(format!("a disease share of {worst:.3} on a healthy plant"));
            }
            Ok(())
        }
        Expect::Sick(finding) => {
            usable(r)?;
            if r.findings().iter().any(|f| f.0 == finding) {
                Ok(())
            } else {
                Err(format!("{finding:?} not found: {:?}", r.findings()))
            }
        }
        Expect::NoPlant if r.usability == Usability::NoPlant => Ok(()),
        Expect::TooDark if r.usability == Usability::TooDark => Ok(()),
        Expect::Blurred if r.usability == Usability::Blurred => Ok(()),
        other => Err(format!("expected {other:?}, got {:?}", r.usability)),
    }
}

/// Every realistic scene, as a JPEG from a phone would arrive, meets its expectation. The
/// table of measurements is printed whatever happens, so a failure shows all the cases.
#[test]
fn realistic_scenes_meet_their_expectations() {
    let mut failures = Vec::new();
    for case in realistic_cases() {
        let bytes = encode(&case.image, ImageFormat::Jpeg);
        let r = analyse_bytes(&bytes, false).expect("decodes").report;
        println!(
            "{:<52} {:>9?} plant {:>5.3} healthy {:.3} yellow {:.3} brown {:.3} spots {:.3} powder {:.3} sharp {:>7.1} bright {:.2} {:?}",
            case.name,
            r.usability,
            r.plant_share,
            r.healthy,
            r.yellowing,
            r.browning,
            r.spots,
            r.powder,
            r.sharpness,
            r.brightness,
            r.scene
        );
        if let Err(why) = judged(&case, &r) {
            failures.push(format!("{}: {why}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_face_is_recognised_as_skin_and_a_car_as_plain_surfaces() {
    let face = report(&scenes::face(800, 600, [226.0, 176.0, 142.0], 21));
    assert_eq!(face.scene, Some(Scene::Skin));
    let car = report(&scenes::grey_car(800, 600, 22));
    assert_eq!(car.usability, Usability::NoPlant);
    assert_ne!(car.scene, Some(Scene::Skin));
}

fn engine() -> Engine {
    Engine::new(Knowledge::embedded().expect("knowledge")).expect("engine")
}

fn answer_with(engine: &Engine, text: &str, photos: &[PhotoReport], memory: &Memory) -> String {
    let a = engine.answer(&Question {
        text,
        photos,
        memory,
        month: 11,
        catalogue: &[],
        orders: None,
    });
    println!("--- {text}\n{}", a.text);
    a.text
}

fn first_sentence(text: &str) -> &str {
    text.split("\n\n").next().unwrap_or(text)
}

#[test]
fn a_car_photo_is_answered_with_no_plant_visible_not_blur() {
    let car = report(&scenes::grey_car(800, 600, 31));
    let text = answer_with(
        &engine(),
        "what is wrong with my plant?",
        &[car],
        &Memory::default(),
    );
    assert!(text.contains("no plant is visible"), "{text}");
    assert!(!text.contains("blurred"), "{text}");
}

#[test]
fn is_this_safe_for_my_cat_uses_the_named_plant_and_the_photo() {
    let engine = engine();
    let plant = report(&scenes::potted_plant(
        800,
        600,
        scenes::BEIGE_WALL,
        &scenes::healthy_states(),
        32,
    ));
    // A plant toxic to cats, named in the question.
    let text = answer_with(
        &engine,
        "is this money plant safe for my cat?",
        std::slice::from_ref(&plant),
        &Memory::default(),
    );
    assert!(first_sentence(&text).starts_with("No"), "{text}");
    assert!(first_sentence(&text).contains("cats"), "{text}");
    assert!(text.contains("look healthy"), "{text}");
    // A safe plant remembered from earlier in the chat.
    let memory = Memory {
        plant: Some("areca-palm".into()),
        ..Memory::default()
    };
    let text = answer_with(
        &engine,
        "is this safe for my cat?",
        std::slice::from_ref(&plant),
        &memory,
    );
    assert!(first_sentence(&text).starts_with("Yes"), "{text}");
    // Nothing known about the plant: no promise.
    let text = answer_with(
        &engine,
        "is this safe for my cat?",
        &[plant],
        &Memory::default(),
    );
    assert!(first_sentence(&text).contains("can't promise"), "{text}");
}

#[test]
fn which_of_these_needs_help_names_the_photo_numbers() {
    use scenes::*;
    let photos = [
        report(&potted_plant(800, 600, BEIGE_WALL, &healthy_states(), 41)),
        report(&potted_plant(
            800,
            600,
            BEIGE_WALL,
            &states_with(LeafState::Yellow, 5),
            42,
        )),
        report(&grey_car(800, 600, 43)),
        report(&potted_plant(800, 600, WHITE_WALL, &healthy_states(), 44)),
    ];
    let text = answer_with(
        &engine(),
        "which of these needs help?",
        &photos,
        &Memory::default(),
    );
    let first = first_sentence(&text);
    assert!(first.starts_with("Photo 2 needs help"), "{text}");
    assert!(first.contains("yellowing"), "{text}");
    assert!(first.contains("Photos 1 and 4 look healthy"), "{text}");
    assert!(first.contains("Photo 3: no plant is visible"), "{text}");
    assert!(
        text.contains("Yellow leaves"),
        "the guide for the finding: {text}"
    );
}

#[test]
fn what_is_wrong_gets_the_diagnosis_first() {
    let sick = report(&scenes::potted_plant(
        800,
        600,
        scenes::BEIGE_WALL,
        &scenes::states_with(LeafState::BrownTip, 11),
        51,
    ));
    let text = answer_with(
        &engine(),
        "what is wrong with my plant",
        &[sick],
        &Memory::default(),
    );
    assert!(
        first_sentence(&text).starts_with("Your plant shows brown"),
        "{text}"
    );
    assert!(text.contains("What to do"), "{text}");
}

#[test]
fn is_it_healthy_is_answered_yes_or_not_quite() {
    let engine = engine();
    let fine = report(&scenes::potted_plant(
        800,
        600,
        scenes::WHITE_WALL,
        &scenes::healthy_states(),
        61,
    ));
    let text = answer_with(&engine, "is my plant healthy?", &[fine], &Memory::default());
    assert!(first_sentence(&text).starts_with("Yes"), "{text}");
    let sick = report(&scenes::potted_plant(
        800,
        600,
        scenes::WHITE_WALL,
        &scenes::states_with(LeafState::Yellow, 6),
        62,
    ));
    let text = answer_with(&engine, "is my plant healthy?", &[sick], &Memory::default());
    assert!(first_sentence(&text).starts_with("Not quite"), "{text}");
}

#[test]
fn leaf_and_damage_colours_classify() {
    assert_eq!(classify(40, 140, 50), Tissue::Leaf);
    assert_eq!(classify(20, 45, 22), Tissue::Leaf, "a leaf in shade");
    assert_eq!(classify(222, 200, 60), Tissue::Yellow);
    assert_eq!(classify(125, 80, 40), Tissue::Brown);
    assert_eq!(classify(200, 160, 100), Tissue::Brown, "a crisp tan tip");
    assert_eq!(classify(10, 10, 10), Tissue::Dark);
    assert_eq!(classify(236, 238, 232), Tissue::Pale);
}

#[test]
fn home_backgrounds_are_not_damage_colours() {
    for (what, (r, g, b)) in [
        ("beige wall", (225, 205, 170)),
        ("sand wall", (210, 185, 140)),
        ("terracotta pot", (185, 95, 65)),
        ("shaded terracotta", (140, 68, 48)),
        ("brick", (170, 70, 45)),
        ("light skin", (224, 172, 140)),
        ("medium skin", (198, 134, 100)),
        ("sky", (110, 160, 225)),
        ("grey car", (130, 130, 135)),
        ("marigold", (250, 150, 10)),
        ("yellow flower", (255, 215, 20)),
    ] {
        assert_eq!(classify(r, g, b), Tissue::Background, "{what}");
    }
}

#[test]
fn questions_sent_with_photos_are_told_apart() {
    let lists = PhotoQuestions::embedded().expect("photo_questions.toml");
    let read = |text: &str, photos: usize| lists.read(text, photos);
    let cat = PhotoAsk::Safety {
        pets: true,
        children: false,
    };
    assert_eq!(read("is this safe for my cat?", 1), cat);
    assert_eq!(read("can my dog eat this", 1), cat);
    assert_eq!(
        read("kya ye bachche ke liye zehreela hai", 1),
        PhotoAsk::Safety {
            pets: false,
            children: true
        }
    );
    assert_eq!(read("which of these needs help?", 3), PhotoAsk::Which);
    assert_eq!(read("inme se kaunsa bimar hai", 2), PhotoAsk::Which);
    assert_eq!(read("what plant is this?", 1), PhotoAsk::Identify);
    assert_eq!(read("is my plant healthy?", 1), PhotoAsk::Healthy);
    assert_eq!(read("what is wrong with my plant", 1), PhotoAsk::Diagnose);
    assert_eq!(read("", 2), PhotoAsk::Diagnose);
}
