//! The reply to a message with photos: the first sentence answers what was asked (is it safe
//! for my cat, which of these needs help, is it healthy, what is wrong), then each photo's
//! measurements, then the care guide for what was found.

use super::ask::{PhotoAsk, PhotoQuestions};
use super::{percent, Finding, PhotoReport, Scene, Usability};
use crate::assistant::answers::{self, Ctx};
use crate::assistant::compose::Reply;
use crate::assistant::knowledge::{Guide, Knowledge, Species};

/// What the engine knows when photos arrive.
pub struct PhotoQuestion<'a> {
    pub text: &'a str,
    pub reports: &'a [PhotoReport],
    /// Plants the customer named now or earlier in the chat (first one is meant).
    pub plants: &'a [&'a Species],
    /// Problems the customer described in words.
    pub described: &'a [&'a Guide],
}

/// Writes the reply; also returns the guide it is mainly about (remembered for follow-ups).
pub fn compose<'k>(kb: &'k Knowledge, q: &PhotoQuestion, ctx: &Ctx) -> (Reply, Option<&'k Guide>) {
    let ask = PhotoQuestions::embedded()
        .map(|lists| lists.read(q.text, q.reports.len()))
        .unwrap_or(PhotoAsk::Diagnose);
    let guides = guides_for(kb, q);
    let mut r = Reply::default();
    let plant = q.plants.first().copied();
    match ask {
        PhotoAsk::Safety { pets, children } => {
            r.para(&safety_answer(kb, plant, pets, children, ctx.hindi));
            r.para(&state_line(q.reports, ctx.hindi));
            photo_sections(&mut r, q.reports, ctx, false);
            if let Some(g) = guides.first() {
                answers::guide_short(&mut r, g, ctx);
            }
        }
        PhotoAsk::Which => {
            r.para(&which_answer(q.reports, ctx.hindi));
            photo_sections(&mut r, q.reports, ctx, true);
            if let Some(g) = guides.first() {
                answers::guide_short(&mut r, g, ctx);
            }
            plant_lines(&mut r, plant, &guides, ctx);
        }
        PhotoAsk::Identify => {
            r.para(&identify_answer(plant, ctx.hindi));
            r.para(&state_line(q.reports, ctx.hindi));
            photo_sections(&mut r, q.reports, ctx, false);
            plant_lines(&mut r, plant, &guides, ctx);
        }
        PhotoAsk::Healthy => {
            r.para(&healthy_answer(q.reports, ctx.hindi));
            photo_sections(&mut r, q.reports, ctx, false);
            if let Some(g) = guides.first() {
                answers::guide_short(&mut r, g, ctx);
            }
            plant_lines(&mut r, plant, &guides, ctx);
        }
        PhotoAsk::Diagnose => {
            if let Some(s) = plant {
                r.para(&format!("**{}** ({}, {})", s.name, s.hindi, s.botanical));
            }
            r.para(&state_line(q.reports, ctx.hindi));
            photo_sections(&mut r, q.reports, ctx, false);
            if let Some(first) = guides.first() {
                answers::guide_full(&mut r, first, ctx);
                for g in guides.iter().skip(1).take(1) {
                    answers::guide_short(&mut r, g, ctx);
                }
            }
            plant_lines(&mut r, plant, &guides, ctx);
            if plant.is_none() && guides.is_empty() && q.reports.iter().any(|p| p.looks_healthy()) {
                r.para(ctx.p().ask_which_plant);
            }
        }
    }
    (r, guides.first().copied())
}

/// Guides: what the person described first, then what the photos show, largest first.
fn guides_for<'k>(kb: &'k Knowledge, q: &PhotoQuestion) -> Vec<&'k Guide> {
    let mut findings: Vec<(f32, &'static str)> = q
        .reports
        .iter()
        .flat_map(|rep| {
            rep.findings()
                .into_iter()
                .map(move |(f, share)| (share, guide_for_finding(f, rep)))
        })
        .collect();
    findings.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut guides: Vec<&Guide> = q.described.iter().filter_map(|g| kb.guide(&g.id)).collect();
    for (_, id) in findings {
        if let Some(g) = kb.guide(id) {
            if !guides.iter().any(|x| x.id == g.id) {
                guides.push(g);
            }
        }
    }
    guides
}

fn plant_lines(r: &mut Reply, plant: Option<&Species>, guides: &[&Guide], ctx: &Ctx) {
    if let Some(s) = plant {
        answers::plant_notes(r, s, &guides[..guides.len().min(2)], ctx);
        if let Some(w) = answers::safety_warning(s, ctx.hindi) {
            r.para(&w);
        }
    }
}

/// Which guide each photo finding points to.
pub fn guide_for_finding(finding: Finding, report: &PhotoReport) -> &'static str {
    match finding {
        Finding::Yellowing => "yellow-leaves",
        Finding::Browning if report.spots >= 0.03 => "brown-spots",
        Finding::Browning => "brown-tips",
        Finding::Spots => "leaf-spot",
        Finding::Powder => "powdery-mildew",
    }
}

fn photo_name(i: usize, hindi: bool) -> String {
    if hindi {
        format!("फ़ोटो {}", i + 1)
    } else {
        format!("photo {}", i + 1)
    }
}

/// "photos 1, 3 and 4" / "photo 2".
fn photo_list(indices: &[usize], hindi: bool) -> String {
    let numbers: Vec<String> = indices.iter().map(|i| (i + 1).to_string()).collect();
    let (word, and) = match (hindi, numbers.len()) {
        (true, _) => ("फ़ोटो", "और"),
        (false, 1) => ("photo", "and"),
        (false, _) => ("photos", "and"),
    };
    match numbers.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{word} {} {and} {last}", rest.join(", "))
        }
        Some((last, _)) => format!("{word} {last}"),
        None => String::new(),
    }
}

fn capitalise(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// "yellowing on 31% of the leaves, browning on 12%".
fn findings_phrase(report: &PhotoReport, hindi: bool) -> String {
    let parts: Vec<String> = report
        .findings()
        .iter()
        .enumerate()
        .map(|(n, (f, share))| {
            let what = finding_words(*f, hindi);
            match (hindi, n) {
                (true, _) => format!("{what} ({} पत्तियों पर)", percent(*share)),
                (false, 0) => format!("{what} on {} of the leaf area", percent(*share)),
                (false, _) => format!("{what} on {}", percent(*share)),
            }
        })
        .collect();
    parts.join(", ")
}

fn finding_words(f: Finding, hindi: bool) -> &'static str {
    match (f, hindi) {
        (Finding::Yellowing, false) => "yellowing",
        (Finding::Browning, false) => "brown, drying tissue",
        (Finding::Spots, false) => "dark spots",
        (Finding::Powder, false) => "white powdery patches (possible powdery mildew)",
        (Finding::Yellowing, true) => "पीलापन",
        (Finding::Browning, true) => "भूरे, सूखते हिस्से",
        (Finding::Spots, true) => "काले धब्बे",
        (Finding::Powder, true) => "सफ़ेद पाउडर जैसे धब्बे (पाउडरी मिल्ड्यू हो सकता है)",
    }
}

/// Why a photo could not be judged, in one sentence.
fn unusable_reason(report: &PhotoReport, hindi: bool) -> String {
    match (report.usability, hindi) {
        (Usability::TooDark, false) => format!(
            "it is too dark to see the leaves (brightness {}); please retake it in daylight, near a window, without flash glare",
            percent(report.brightness)
        ),
        (Usability::TooDark, true) => format!(
            "यह बहुत अंधेरी है (चमक {}), पत्तियाँ नहीं दिख रहीं; दिन की रोशनी में फिर से फ़ोटो लीजिए",
            percent(report.brightness)
        ),
        (Usability::Blurred, false) => format!(
            "the plant is too blurred to judge (sharpness score {:.0}); hold the phone steady, tap the leaves to focus and take it again",
            report.sharpness
        ),
        (Usability::Blurred, true) => format!(
            "पौधा धुंधला है (sharpness {:.0}); फ़ोन स्थिर रखकर पत्तियों पर फ़ोकस करके फिर लीजिए",
            report.sharpness
        ),
        (Usability::NoPlant, false) => format!(
            "no plant is visible in it{} (leaf colours cover only {} of it); please send a photo where the plant's leaves fill most of the picture",
            match report.scene {
                Some(Scene::Skin) => ": it looks like a face or skin",
                Some(Scene::Sky) => ": it looks like the sky",
                Some(Scene::PlainSurface) => ": it shows plain surfaces such as a wall, a floor or a car",
                _ => "",
            },
            percent(report.plant_share)
        ),
        (Usability::NoPlant, true) => format!(
            "इसमें कोई पौधा नहीं दिख रहा{} (पत्तियों जैसे रंग सिर्फ़ {} हिस्से में); ऐसी फ़ोटो भेजिए जिसमें पौधे की पत्तियाँ ज़्यादातर हिस्सा भरें",
            match report.scene {
                Some(Scene::Skin) => ", यह चेहरा या त्वचा लगती है",
                Some(Scene::Sky) => ", यह आसमान लगता है",
                Some(Scene::PlainSurface) => ", इसमें दीवार, फ़र्श या गाड़ी जैसी सतहें हैं",
                _ => "",
            },
            percent(report.plant_share)
        ),
        (Usability::Usable, _) => String::new(),
    }
}

/// One sentence about what the photos show, for the top of the reply.
fn state_line(reports: &[PhotoReport], hindi: bool) -> String {
    if reports.len() == 1 {
        let rep = &reports[0];
        return match (rep.usability, hindi) {
            (Usability::Usable, _) if rep.looks_healthy() => healthy_sentence(rep, hindi),
            (Usability::Usable, false) => {
                format!("Your plant shows {}.", findings_phrase(rep, false))
            }
            (Usability::Usable, true) => {
                format!("आपके पौधे में दिख रहा है: {}।", findings_phrase(rep, true))
            }
            (_, false) => format!("I can't judge this photo: {}.", unusable_reason(rep, false)),
            (_, true) => format!("इस फ़ोटो से नहीं परख सकता: {}।", unusable_reason(rep, true)),
        };
    }
    which_answer(reports, hindi)
}

fn healthy_sentence(rep: &PhotoReport, hindi: bool) -> String {
    if hindi {
        format!(
            "पत्तियाँ स्वस्थ दिख रही हैं: पौधे का {} हिस्सा स्वस्थ हरा है।",
            percent(rep.healthy)
        )
    } else {
        format!(
            "The leaves look healthy: {} of the plant's leaf area is healthy green.",
            percent(rep.healthy)
        )
    }
}

/// "Photos 2 and 4 need help: …; photos 1 and 3 look healthy; photo 5: no plant visible."
fn which_answer(reports: &[PhotoReport], hindi: bool) -> String {
    let needy: Vec<usize> = (0..reports.len())
        .filter(|&i| reports[i].needs_help())
        .collect();
    let fine: Vec<usize> = (0..reports.len())
        .filter(|&i| reports[i].looks_healthy())
        .collect();
    let mut sentences = Vec::new();
    if needy.is_empty() {
        if !fine.is_empty() {
            sentences.push(if hindi {
                format!(
                    "जितना मैं देख पा रहा हूँ, किसी को मदद की ज़रूरत नहीं: {} के पौधे स्वस्थ दिख रहे हैं।",
                    photo_list(&fine, true)
                )
            } else {
                format!(
                    "None of them needs help from what I can measure: the plants in {} look healthy.",
                    photo_list(&fine, false)
                )
            });
        }
    } else {
        let details: Vec<String> = needy
            .iter()
            .map(|&i| {
                format!(
                    "{} — {}",
                    photo_name(i, hindi),
                    findings_phrase(&reports[i], hindi)
                )
            })
            .collect();
        sentences.push(if hindi {
            format!(
                "{} को मदद चाहिए: {}।",
                photo_list(&needy, true),
                details.join("; ")
            )
        } else {
            format!(
                "{} {} help: {}.",
                capitalise(&photo_list(&needy, false)),
                if needy.len() == 1 { "needs" } else { "need" },
                details.join("; ")
            )
        });
        if !fine.is_empty() {
            sentences.push(if hindi {
                format!("{} के पौधे स्वस्थ दिख रहे हैं।", photo_list(&fine, true))
            } else {
                format!(
                    "{} {} healthy.",
                    capitalise(&photo_list(&fine, false)),
                    if fine.len() == 1 { "looks" } else { "look" }
                )
            });
        }
    }
    for (i, rep) in reports.iter().enumerate() {
        if rep.usability != Usability::Usable {
            sentences.push(if hindi {
                format!("{}: {}।", photo_name(i, true), unusable_reason(rep, true))
            } else {
                format!(
                    "{}: {}.",
                    capitalise(&photo_name(i, false)),
                    unusable_reason(rep, false)
                )
            });
        }
    }
    sentences.join(" ")
}

fn healthy_answer(reports: &[PhotoReport], hindi: bool) -> String {
    let usable: Vec<&PhotoReport> = reports
        .iter()
        .filter(|r| r.usability == Usability::Usable)
        .collect();
    if usable.is_empty() || reports.len() > 1 {
        return state_line(reports, hindi);
    }
    let rep = usable[0];
    match (rep.looks_healthy(), hindi) {
        (true, false) => format!("Yes — {}", lower_first(&healthy_sentence(rep, false))),
        (true, true) => format!("हाँ — {}", healthy_sentence(rep, true)),
        (false, false) => format!("Not quite — it shows {}.", findings_phrase(rep, false)),
        (false, true) => format!("पूरी तरह नहीं — {}।", findings_phrase(rep, true)),
    }
}

fn lower_first(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => first.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn identify_answer(plant: Option<&Species>, hindi: bool) -> String {
    match (plant, hindi) {
        (Some(s), false) => format!(
            "I can't confirm a species from a photo (I measure the leaves' colours, not their shape), so I'm going by what you told me: {}.",
            s.display_name()
        ),
        (Some(s), true) => format!(
            "फ़ोटो से मैं पौधे की प्रजाति पक्की नहीं कर सकता (मैं पत्तियों के रंग मापता हूँ, आकार नहीं), इसलिए आपकी बताई जानकारी मान रहा हूँ: {}।",
            s.display_name()
        ),
        (None, false) => "I can't name a plant from a photo: I measure the leaves' colours, not their shape. Tell me what you know (its name in any language, the leaf shape, flowers, where it grows) and I'll give you its care.".to_string(),
        (None, true) => "फ़ोटो से मैं पौधे का नाम नहीं बता सकता: मैं पत्तियों के रंग मापता हूँ, आकार नहीं। पौधे का नाम या उसकी पत्तियों, फूलों के बारे में बताइए, मैं उसकी देखभाल बताऊँगा।".to_string(),
    }
}

/// The yes or no for "is this safe for my cat / child?", from the plant the customer named.
fn safety_answer(
    kb: &Knowledge,
    plant: Option<&Species>,
    pets: bool,
    children: bool,
    hindi: bool,
) -> String {
    let (pets, children) = if pets || children {
        (pets, children)
    } else {
        (true, true)
    };
    let who = match (pets, children, hindi) {
        (true, true, false) => "pets and children",
        (true, false, false) => "cats and dogs",
        (false, _, false) => "children",
        (true, true, true) => "पालतू जानवरों और बच्चों",
        (true, false, true) => "बिल्ली और कुत्तों",
        (false, _, true) => "बच्चों",
    };
    let Some(s) = plant else {
        let safe: Vec<String> = kb
            .species
            .iter()
            .filter(|s| !s.toxic_to_pets && !s.toxic_to_children)
            .take(4)
            .map(|s| s.name.clone())
            .collect();
        return if hindi {
            format!(
                "फ़ोटो से मैं प्रजाति नहीं पहचान सकता, इसलिए पक्का नहीं कह सकता कि यह {who} के लिए सुरक्षित है। पौधे का नाम बताइए, मैं जाँच दूँगा; तब तक इसे पहुँच से दूर रखें। सुरक्षित माने जाने वाले पौधे: {}।",
                safe.join(", ")
            )
        } else {
            format!(
                "I can't tell the species from a photo, so I can't promise it is safe for {who}. Tell me its name and I'll check; until then keep it out of reach. Plants considered non-toxic include {}.",
                safe.join(", ")
            )
        };
    };
    let harmful = (pets && s.toxic_to_pets) || (children && s.toxic_to_children);
    let note = s.toxicity_note.trim();
    match (harmful, hindi) {
        (true, false) => format!(
            "No — {} is not safe for {who}: it {} {note} Keep it out of reach; if it has been chewed and there is drooling, vomiting or mouth irritation, call your vet (for a child, the National Poisons Information Centre, 1800-116-117).",
            s.name,
            match (s.toxic_to_pets, s.toxic_to_children) {
                (true, true) => "is toxic to pets and children.",
                (true, false) => "is toxic to cats and dogs.",
                _ => "is harmful to children if eaten.",
            }
        ),
        (true, true) => format!(
            "नहीं — {} {who} के लिए सुरक्षित नहीं है (ज़हरीला, toxic)। {note} इसे पहुँच से दूर रखें; चबाने के बाद लार, उल्टी या मुँह में जलन हो तो पशु-चिकित्सक को (बच्चे के लिए राष्ट्रीय विष सूचना केंद्र, 1800-116-117) फ़ोन करें।",
            s.name
        ),
        (false, false) => format!(
            "Yes — {} is considered non-toxic to {who}. {note}",
            s.name
        ),
        (false, true) => format!(
            "हाँ — {} {who} के लिए सुरक्षित (non-toxic) माना जाता है। {note}",
            s.name
        ),
    }
}

/// Each photo's measurements (compact bullets) or why it could not be judged.
fn photo_sections(r: &mut Reply, reports: &[PhotoReport], ctx: &Ctx, always_titled: bool) {
    let p = ctx.p();
    for (i, report) in reports.iter().enumerate() {
        let title = if reports.len() == 1 && !always_titled {
            p.photo_findings.to_string()
        } else {
            capitalise(&photo_name(i, ctx.hindi))
        };
        if report.usability != Usability::Usable {
            // A single photo's reason is already the reply's first sentence.
            if reports.len() > 1 || always_titled {
                r.heading(&title);
                r.para(&format!(
                    "{}{}",
                    capitalise(&unusable_reason(report, ctx.hindi)),
                    if ctx.hindi { "।" } else { "." }
                ));
            }
            continue;
        }
        r.heading(&title);
        r.bullets(&[
            format!("{}: {}", p.healthy_green, percent(report.healthy)),
            format!("{}: {}", p.yellowing, percent(report.yellowing)),
            format!("{}: {}", p.browning, percent(report.browning)),
            format!("{}: {}", p.dark_spots, percent(report.spots)),
            format!("{}: {}", p.white_powder, percent(report.powder)),
        ]);
    }
}
