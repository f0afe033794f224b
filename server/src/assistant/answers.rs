//! One writer per kind of answer: a plant's care, a problem guide, a comparison, a
//! recommendation. Facts come from the knowledge base word for word; only
//! the framing phrases are composed (in English or Hindi).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::compose::{phrases, Phrases, Reply};
use super::cues::Intent;
use super::knowledge::LightWish;
use super::knowledge::{Difficulty, Guide, LightLevel, Species};
use super::recommend::{stocked, Candidate, Wishes};
use super::season::Season;
use super::text::rupees;
use crate::domain::catalogue::CatalogueItem;

/// What every writer needs to know about the conversation.
pub struct Ctx<'a> {
    pub hindi: bool,
    /// A Hinglish question: recommendations give their labels and reasons in Hinglish.
    pub hinglish: bool,
    pub season: Season,
    pub catalogue: &'a [CatalogueItem],
}

impl Ctx<'_> {
    pub fn p(&self) -> &'static Phrases {
        phrases(self.hindi)
    }
}

/// The safety sentence for a species, or None when it is safe for pets and children.
pub fn safety_warning(s: &Species, hindi: bool) -> Option<String> {
    let p = phrases(hindi);
    let what = match (s.toxic_to_pets, s.toxic_to_children) {
        (true, true) => p.toxic_pets_children,
        (true, false) => p.toxic_pets,
        (false, true) => p.toxic_children,
        (false, false) => return None,
    };
    Some(format!(
        "⚠️ **{}:** {} {} {}",
        p.safety, s.name, what, s.toxicity_note
    ))
}

fn toxicity_statement(s: &Species, hindi: bool) -> String {
    match safety_warning(s, hindi) {
        Some(warning) => warning,
        None => format!(
            "**{}** {} {}",
            s.name,
            phrases(hindi).safe_for_all,
            s.toxicity_note
        ),
    }
}

/// Shop lines for a species: in-stock plants with price and link.
pub fn shop_lines(s: &Species, ctx: &Ctx) -> Vec<String> {
    stocked(s, ctx.catalogue)
        .into_iter()
        .take(3)
        .map(|item| item_line(item, ctx))
        .collect()
}

fn item_line(item: &CatalogueItem, ctx: &Ctx) -> String {
    format!(
        "**{}**: {} ({} {}): /plant/{}",
        item.name,
        rupees(item.price),
        item.stock,
        ctx.p().in_stock,
        item.id
    )
}

fn heading_with_names(r: &mut Reply, s: &Species) {
    r.para(&format!("**{}** ({}, {})", s.name, s.hindi, s.botanical));
}

fn water_section(r: &mut Reply, s: &Species, ctx: &Ctx, season: Season) {
    let p = ctx.p();
    let label = if season == ctx.season {
        format!("{} · {}", p.watering_now, season.name(ctx.hindi))
    } else {
        format!("{} · {}", water_label(ctx.hindi), season.name(ctx.hindi))
    };
    r.heading(&label).para(season.water(s));
    if season == Season::PostMonsoon {
        r.para(p.post_monsoon_note);
    }
    let others: Vec<String> = [Season::Summer, Season::Monsoon, Season::Winter]
        .into_iter()
        .filter(|other| {
            *other != season && !(season == Season::PostMonsoon && *other == Season::Monsoon)
        })
        .map(|other| format!("**{}**: {}", other.name(ctx.hindi), other.water(s)))
        .collect();
    r.heading(p.other_seasons).bullets(&others);
}

fn water_label(hindi: bool) -> &'static str {
    if hindi {
        "पानी देना"
    } else {
        "Watering"
    }
}

/// Care of one plant, on the topics asked (all the essentials when none was named).
pub fn species_care(s: &Species, intents: &[Intent], ctx: &Ctx) -> Reply {
    let p = ctx.p();
    let mut r = Reply::default();
    heading_with_names(&mut r, s);
    let seasons: Vec<Season> = intents
        .iter()
        .filter_map(|i| match i {
            Intent::Summer => Some(Season::Summer),
            Intent::Monsoon => Some(Season::Monsoon),
            Intent::Winter => Some(Season::Winter),
            _ => None,
        })
        .collect();
    let topics: Vec<Intent> = intents
        .iter()
        .copied()
        .filter(|i| {
            matches!(
                i,
                Intent::Water
                    | Intent::Light
                    | Intent::Soil
                    | Intent::Feeding
                    | Intent::Repotting
                    | Intent::Propagation
                    | Intent::Pruning
                    | Intent::Humidity
                    | Intent::Temperature
                    | Intent::Toxicity
            )
        })
        .collect();
    let overview = topics.is_empty() && seasons.is_empty();
    if overview {
        r.para(&s.summary);
        r.heading(p.light).para(&s.light);
        water_section(&mut r, s, ctx, ctx.season);
        r.heading(p.soil).para(&s.soil);
        r.heading(p.feeding).para(&s.feeding);
        let problems: Vec<String> = s
            .common_problems
            .iter()
            .map(|id| id.replace('-', " "))
            .collect();
        if !problems.is_empty() {
            r.heading(p.watch_out_for)
                .para(&capitalise(&problems.join(", ")));
        }
        r.heading(p.pets_children)
            .para(&toxicity_statement(s, ctx.hindi));
    } else {
        let water_seasons: Vec<Season> = if seasons.is_empty() {
            vec![ctx.season]
        } else {
            seasons.clone()
        };
        if topics.contains(&Intent::Water) || (topics.is_empty() && !seasons.is_empty()) {
            water_section(&mut r, s, ctx, water_seasons[0]);
            for extra in &water_seasons[1..] {
                r.heading(&format!(
                    "{} · {}",
                    water_label(ctx.hindi),
                    extra.name(ctx.hindi)
                ))
                .para(extra.water(s));
            }
        }
        for topic in &topics {
            let (title, body) = match topic {
                Intent::Light => (p.light, s.light.as_str()),
                Intent::Soil => (p.soil, s.soil.as_str()),
                Intent::Feeding => (p.feeding, s.feeding.as_str()),
                Intent::Repotting => (p.repotting, s.repotting.as_str()),
                Intent::Propagation => (p.propagation, s.propagation.as_str()),
                Intent::Pruning => (p.pruning, s.pruning.as_str()),
                Intent::Humidity => (p.humidity, s.humidity.as_str()),
                Intent::Temperature => (p.temperature, s.temperature.as_str()),
                _ => continue,
            };
            r.heading(title).para(body);
        }
        // A season asked about: what changes then besides watering.
        for season in &seasons {
            match season {
                Season::Winter if !topics.contains(&Intent::Temperature) => {
                    r.heading(p.temperature).para(&s.temperature);
                }
                Season::Summer if !topics.contains(&Intent::Light) => {
                    r.heading(p.light).para(&s.light);
                }
                _ => {}
            }
        }
        if topics.contains(&Intent::Toxicity) {
            r.heading(p.pets_children)
                .para(&toxicity_statement(s, ctx.hindi));
        }
    }
    if !(overview || topics.contains(&Intent::Toxicity)) {
        if let Some(w) = safety_warning(s, ctx.hindi) {
            r.para(&w);
        }
    }
    let shop = shop_lines(s, ctx);
    if !shop.is_empty() {
        r.heading(p.in_our_shop).bullets(&shop);
    }
    r
}

fn capitalise(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A guide in full: summary, causes, numbered steps, prevention, when to worry.
pub fn guide_full(r: &mut Reply, g: &Guide, ctx: &Ctx) {
    let p = ctx.p();
    r.heading(&g.display_title(ctx.hindi)).para(&g.summary);
    if !g.causes.is_empty() {
        let causes_title = if g.is_problem() {
            p.causes
        } else if ctx.hindi {
            "ध्यान रखें"
        } else {
            "Good to know"
        };
        r.heading(causes_title).bullets(&g.causes);
    }
    r.heading(p.what_to_do).numbered(&g.steps);
    if !g.prevention.is_empty() {
        r.heading(p.prevention).bullets(&g.prevention);
    }
    r.para(&format!("**{}:** {}", p.when_to_worry, g.when_to_worry));
}

/// A second guide, shorter: its summary and steps.
pub fn guide_short(r: &mut Reply, g: &Guide, ctx: &Ctx) {
    r.heading(&g.display_title(ctx.hindi))
        .para(&g.summary)
        .numbered(&g.steps);
}

/// Plant-specific lines under a problem guide.
pub fn plant_notes(r: &mut Reply, s: &Species, guides: &[&Guide], ctx: &Ctx) {
    let p = ctx.p();
    let mut notes = Vec::new();
    for g in guides {
        if s.common_problems.contains(&g.id) {
            notes.push(if ctx.hindi {
                format!("{} में यह समस्या ({}) आम है।", s.name, g.title)
            } else {
                format!("{} is a common problem for {}.", g.title, s.name)
            });
        }
    }
    notes.push(format!(
        "**{} · {}:** {}",
        p.watering_now,
        ctx.season.name(ctx.hindi),
        ctx.season.water(s)
    ));
    let light_matters = guides.iter().any(|g| {
        matches!(
            g.id.as_str(),
            "yellow-leaves"
                | "leggy-growth"
                | "no-flowers"
                | "sunburn"
                | "leaf-drop"
                | "brown-tips"
                | "powdery-mildew"
        )
    });
    if light_matters {
        notes.push(format!("**{}:** {}", p.light, s.light));
    }
    if guides
        .iter()
        .any(|g| g.id == "nutrient-deficiency" || g.id == "no-flowers")
    {
        notes.push(format!("**{}:** {}", p.feeding, s.feeding));
    }
    let title = if ctx.hindi {
        format!("{} के लिए", s.display_name())
    } else {
        format!("{} {}", p.for_your, s.display_name())
    };
    r.heading(&title).bullets(&notes);
}

/// Several plants side by side.
pub fn comparison(plants: &[&Species], ctx: &Ctx) -> Reply {
    let p = ctx.p();
    let mut r = Reply::default();
    r.heading(p.compare);
    for s in plants {
        let mut lines = vec![
            format!(
                "**{}:** {}",
                p.difficulty,
                difficulty_word(s.difficulty, ctx.hindi)
            ),
            format!("**{}:** {}", p.light, s.light),
            format!(
                "**{} · {}:** {}",
                p.watering_now,
                ctx.season.name(ctx.hindi),
                ctx.season.water(s)
            ),
            format!(
                "**{}:** {}",
                p.pets_children,
                if s.toxic_to_pets || s.toxic_to_children {
                    toxic_word(ctx.hindi)
                } else {
                    safe_word(ctx.hindi)
                }
            ),
        ];
        for shop in shop_lines(s, ctx).into_iter().take(1) {
            lines.push(shop);
        }
        r.heading(&s.display_name())
            .para(&s.summary)
            .bullets(&lines);
    }
    for s in plants {
        if let Some(w) = safety_warning(s, ctx.hindi) {
            r.para(&w);
        }
    }
    r
}

fn difficulty_word(d: Difficulty, hindi: bool) -> &'static str {
    match (d, hindi) {
        (Difficulty::Easy, false) => "easy",
        (Difficulty::Moderate, false) => "moderate",
        (Difficulty::Demanding, false) => "demanding",
        (Difficulty::Easy, true) => "आसान",
        (Difficulty::Moderate, true) => "मध्यम",
        (Difficulty::Demanding, true) => "मेहनत वाला",
    }
}

fn toxic_word(hindi: bool) -> &'static str {
    if hindi {
        "ज़हरीला (toxic), पहुँच से दूर रखें"
    } else {
        "toxic, keep out of reach"
    }
}

fn safe_word(hindi: bool) -> &'static str {
    if hindi {
        "सुरक्षित (non-toxic)"
    } else {
        "non-toxic"
    }
}

/// The Hindi wording of each recommendation reason (`knowledge/assistant/reasons_hi.toml`).
fn hindi_reasons() -> &'static HashMap<String, String> {
    static TABLE: OnceLock<HashMap<String, String>> = OnceLock::new();
    TABLE.get_or_init(|| {
        toml::from_str(include_str!("../../knowledge/assistant/reasons_hi.toml"))
            .unwrap_or_default()
    })
}

fn hinglish_reasons() -> &'static HashMap<String, String> {
    static TABLE: OnceLock<HashMap<String, String>> = OnceLock::new();
    TABLE.get_or_init(|| {
        toml::from_str(include_str!(
            "../../knowledge/assistant/reasons_hinglish.toml"
        ))
        .unwrap_or_default()
    })
}

/// Checks the Hindi reasons at start: the file parses and covers every species trait.
pub fn check_hindi_reasons(kb: &super::knowledge::Knowledge) -> anyhow::Result<()> {
    for (file, text) in [
        (
            "reasons_hi.toml",
            include_str!("../../knowledge/assistant/reasons_hi.toml"),
        ),
        (
            "reasons_hinglish.toml",
            include_str!("../../knowledge/assistant/reasons_hinglish.toml"),
        ),
    ] {
        let table: HashMap<String, String> = toml::from_str(text)
            .map_err(|e| anyhow::anyhow!("knowledge/assistant/{file} is malformed: {e}"))?;
        for s in &kb.species {
            for t in &s.traits {
                let key = t.replace('-', " ");
                if !table.contains_key(&key) {
                    anyhow::bail!("{file} has no wording for trait `{key}` ({})", s.id);
                }
            }
        }
    }
    Ok(())
}

/// A recommendation reason in the answer's language.
/// A reason in the customer's language (Hindi, Hinglish or English).
fn reason_for(reason: &str, ctx: &Ctx) -> String {
    if ctx.hinglish {
        return hinglish_reasons()
            .get(reason)
            .cloned()
            .unwrap_or_else(|| reason.to_string());
    }
    reason_in(reason, ctx.hindi)
}

/// Where the plant goes, in Hindi or Hinglish (the place names of `wishes.toml`).
fn place_in(place: &str, hindi: bool) -> &str {
    match (place, hindi) {
        ("indoor", true) => "घर के अंदर",
        ("balcony", true) => "बालकनी",
        ("terrace", true) => "छत",
        ("outdoor", true) => "बगीचा",
        ("indoor", false) => "ghar ke andar",
        ("terrace", false) => "chhat",
        ("outdoor", false) => "bagicha",
        _ => place,
    }
}

/// The light a plant needs, in Hinglish.
fn light_hinglish(l: LightLevel) -> &'static str {
    match l {
        LightLevel::Low => "kam se tez indirect roshni",
        LightLevel::Medium => "medium indirect roshni",
        LightLevel::Bright => "tez roshni, thodi subah ki dhoop",
        LightLevel::FullSun => "roz 4-6 ghante seedhi dhoop",
    }
}

fn reason_in(reason: &str, hindi: bool) -> String {
    if !hindi {
        return reason.to_string();
    }
    hindi_reasons()
        .get(reason)
        .cloned()
        .unwrap_or_else(|| reason.to_string())
}

fn light_word(l: LightLevel, hindi: bool) -> &'static str {
    match (l, hindi) {
        (LightLevel::Low, false) => "low to bright indirect light",
        (LightLevel::Medium, false) => "medium indirect light",
        (LightLevel::Bright, false) => "bright light",
        (LightLevel::FullSun, false) => "full sun",
        (LightLevel::Low, true) => "कम से तेज़ अप्रत्यक्ष रोशनी",
        (LightLevel::Medium, true) => "मध्यम अप्रत्यक्ष रोशनी",
        (LightLevel::Bright, true) => "तेज़ रोशनी",
        (LightLevel::FullSun, true) => "सीधी धूप",
    }
}

/// Plants for someone's wishes, from what the shop has in stock.
pub fn recommendation(wishes: &Wishes, ranked: &[Candidate], ctx: &Ctx) -> Reply {
    let p = ctx.p();
    let mut r = Reply::default();
    let hl = ctx.hinglish;
    let mut looked_for = Vec::new();
    match wishes.light {
        Some(LightWish::Low) => looked_for.push(if hl {
            "kam roshni mein chalne wale".to_string()
        } else if ctx.hindi {
            "कम रोशनी में चलने वाले".to_string()
        } else {
            "copes with low light".to_string()
        }),
        Some(LightWish::Sun) => looked_for.push(if hl {
            "dhoop pasand".to_string()
        } else if ctx.hindi {
            "धूप पसंद".to_string()
        } else {
            "loves sun".to_string()
        }),
        None => {}
    }
    if let Some(place) = wishes.place {
        looked_for.push(if hl {
            format!("jagah: {}", place_in(place, false))
        } else if ctx.hindi {
            format!("जगह: {}", place_in(place, true))
        } else {
            format!("grows {place}")
        });
    }
    if let Some(budget) = wishes.budget {
        looked_for.push(if hl {
            format!("{} tak (up to {})", rupees(budget), rupees(budget))
        } else if ctx.hindi {
            format!("{} तक", rupees(budget))
        } else {
            format!("up to {}", rupees(budget))
        });
    }
    if wishes.pets {
        looked_for.push(if hl {
            "pets ke liye safe".into()
        } else if ctx.hindi {
            "पालतू जानवरों के लिए सुरक्षित".into()
        } else {
            "safe for cats and dogs".into()
        });
    }
    if wishes.children {
        looked_for.push(if hl {
            "bacchon ke liye safe".into()
        } else if ctx.hindi {
            "बच्चों के लिए सुरक्षित".into()
        } else {
            "safe around children".into()
        });
    }
    if wishes.beginner {
        looked_for.push(if hl {
            "aasan dekhbhal".into()
        } else if ctx.hindi {
            "आसान देखभाल".into()
        } else {
            "easy care".into()
        });
    }
    for t in &wishes.traits {
        looked_for.push(reason_for(&t.replace('-', " "), ctx));
    }
    if !looked_for.is_empty() {
        let label = if hl {
            "Maine yeh dekha"
        } else {
            p.what_i_looked_for
        };
        r.heading(label).bullets(&looked_for);
    }

    // In-stock catalogue plants of the best species, within the budget.
    let mut picks: Vec<(&Candidate, &CatalogueItem)> = Vec::new();
    for c in ranked {
        if let Some(item) = stocked(c.species, ctx.catalogue)
            .into_iter()
            .find(|i| wishes.budget.is_none_or(|b| i.price <= b))
        {
            picks.push((c, item));
        }
        // As many as were asked for ("2 plants"), at least three to choose from, at most four.
        if picks.len() as i64 >= wishes.count.map_or(4, |n| n.clamp(3, 4)) {
            break;
        }
    }
    let shown: Vec<&Species> = if !picks.is_empty() {
        let items: Vec<(String, String)> = picks
            .iter()
            .map(|(c, item)| {
                let why = if c.reasons.is_empty() && hl {
                    light_hinglish(c.species.light_level).to_string()
                } else if c.reasons.is_empty() {
                    light_word(c.species.light_level, ctx.hindi).to_string()
                } else {
                    c.reasons
                        .iter()
                        .map(|r| reason_for(r, ctx))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                // The species summary is English prose: a Hindi answer gives the plant's
                // light need from its structured facts instead.
                // Hindi and Hinglish give the light need (unless it is already the reason).
                let more = if c.reasons.is_empty() && (ctx.hindi || hl) {
                    String::new()
                } else if hl {
                    format!("Roshni: {}.", light_hinglish(c.species.light_level))
                } else if ctx.hindi {
                    format!("रोशनी: {}।", light_word(c.species.light_level, true))
                } else {
                    c.species.summary.clone()
                };
                let line = if ctx.hindi {
                    format!(
                        "**{}** ({}): {} ({} {}): /plant/{}",
                        c.species.hindi,
                        item.name,
                        rupees(item.price),
                        item.stock,
                        p.in_stock,
                        item.id
                    )
                } else if hl {
                    format!(
                        "**{}**: {} ({} stock mein): /plant/{}",
                        item.name,
                        rupees(item.price),
                        item.stock,
                        item.id
                    )
                } else {
                    item_line(item, ctx)
                };
                let why_label = if hl { "Kyun" } else { p.why };
                (
                    line,
                    format!("{why_label}: {why}. {more}").trim_end().to_string(),
                )
            })
            .collect();
        let label = if hl {
            "Aapke liye paudhe"
        } else {
            p.plants_for_you
        };
        r.heading(label).numbered_with_details(&items);
        picks.iter().map(|(c, _)| c.species).collect()
    } else {
        let fallback: Vec<&Candidate> = ranked.iter().take(4).collect();
        if fallback.is_empty() {
            r.para(p.not_sure);
            return r;
        }
        r.para(p.nothing_in_stock);
        let items: Vec<(String, String)> = fallback
            .iter()
            .map(|c| {
                (
                    format!("**{}**", c.species.display_name()),
                    c.species.summary.clone(),
                )
            })
            .collect();
        r.numbered_with_details(&items);
        fallback.iter().map(|c| c.species).collect()
    };
    for s in shown {
        if !s.is_toxic() {
            continue;
        }
        if hl {
            r.para(&format!(
                "⚠️ **Dhyan dein:** {} pets ya bacchon ke liye zehreela hai; pahunch se door rakhiye.",
                s.name
            ));
        } else if ctx.hindi {
            r.para(&format!(
                "⚠️ **{}:** {} पालतू जानवरों या बच्चों के लिए ज़हरीला है; पहुँच से दूर रखें।",
                p.safety, s.hindi
            ));
        } else if let Some(w) = safety_warning(s, false) {
            r.para(&w);
        }
    }
    r.para(if hl {
        "Saare paudhe /catalogue par bhi dekh sakte hain."
    } else {
        p.browse
    });
    r
}
