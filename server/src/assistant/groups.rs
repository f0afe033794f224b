//! Plant groups named as a whole ("do succulents need a lot of water?", "herbs for the
//! kitchen", "flowering plants for my balcony"), from `knowledge/assistant/plant_groups.toml`:
//! which groups a message names; a recommendation or a "cheapest …" question that names a group
//! keeps to its members; a yes/no question about a group (and no single species) gets a
//! group-level verdict built from the members' own verdicts, so the answer speaks of the group
//! instead of one species the customer never mentioned.

use std::sync::OnceLock;

use anyhow::{bail, Context as _};
use serde::Deserialize;

use super::knowledge::{Knowledge, Species};
use super::lexicon::{Lang, PhraseList};
use super::text::Prepared;
use super::verdict::{self, Context};

const GROUPS_TOML: &str = include_str!("../../knowledge/assistant/plant_groups.toml");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantGroup {
    pub id: String,
    pub members: Vec<String>,
    pub typical: String,
    words: PhraseList,
    /// For a group named by two things together ("flowers" and "December"): a word of this
    /// list must occur too. Such groups narrow recommendations only (`named_for_wishes`): a
    /// yes/no question about "leaves changing colour" is not about colourful-leaved plants.
    #[serde(default)]
    also: Option<PhraseList>,
    en: String,
    hi: String,
    hinglish: String,
}

impl PlantGroup {
    /// The group's name in the customer's language.
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Hi => &self.hi,
            Lang::Hinglish => &self.hinglish,
        }
    }

    /// The phrases that name the group (its `words`).
    pub fn phrases(&self) -> &[String] {
        &self.words.0
    }

    pub fn has(&self, s: &Species) -> bool {
        self.members.iter().any(|m| m == &s.id)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupFile {
    group: Vec<PlantGroup>,
}

fn parse(text: &str, kb: &Knowledge) -> anyhow::Result<Vec<PlantGroup>> {
    let file: GroupFile =
        toml::from_str(text).context("knowledge/assistant/plant_groups.toml is malformed")?;
    for g in &file.group {
        let what = format!("plant_groups.toml group {}", g.id);
        g.words.check(&what)?;
        if let Some(also) = &g.also {
            also.check(&what)?;
        }
        if g.members.is_empty() || !g.members.contains(&g.typical) {
            bail!("{what}: no members, or typical is not one");
        }
        if let Some(m) = g.members.iter().find(|m| kb.species(m).is_none()) {
            bail!("{what}: unknown species {m}");
        }
    }
    Ok(file.group)
}

/// Checks the embedded groups against the knowledge base; `Engine::new` calls it so a bad
/// file stops the start (after which `all` cannot fail).
pub fn check(kb: &Knowledge) -> anyhow::Result<()> {
    parse(GROUPS_TOML, kb).map(|_| ())
}

fn all() -> &'static [PlantGroup] {
    static GROUPS: OnceLock<Vec<PlantGroup>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let file: GroupFile =
            toml::from_str(GROUPS_TOML).expect("plant_groups.toml is checked at start");
        file.group
    })
}

/// The groups a message names, in file order (the plain ones, named by one phrase).
pub fn named(text: &Prepared) -> Vec<&'static PlantGroup> {
    all()
        .iter()
        .filter(|g| g.also.is_none() && g.words.hit(text))
        .collect()
}

/// The groups a request for plants names, also those named by two things together
/// ("flowers in December", "colourful leaves").
pub fn named_for_wishes(text: &Prepared) -> Vec<&'static PlantGroup> {
    all()
        .iter()
        .filter(|g| g.words.hit(text) && g.also.as_ref().is_none_or(|a| a.hit(text)))
        .collect()
}

/// Whether a species belongs to every group named (true when none is named).
pub fn fits(groups: &[&PlantGroup], s: &Species) -> bool {
    groups.iter().all(|g| g.has(s))
}

/// A yes/no verdict for a whole group: each member's verdict from its structured care; when
/// (nearly) all agree, that verdict for the group with the typical member's reason; when they
/// differ, which members go which way.
pub fn derive(g: &PlantGroup, kb: &Knowledge, text: &Prepared, cx: &Context) -> Option<String> {
    let members: Vec<&Species> = g.members.iter().filter_map(|m| kb.species(m)).collect();
    let typical = kb.species(&g.typical)?;
    let yes_word = verdict::yes_no(true, cx.lang);
    let mut yes: Vec<&Species> = Vec::new();
    let mut no: Vec<&Species> = Vec::new();
    for s in &members {
        let v = verdict::derive(s, text, cx)?;
        if v.starts_with(yes_word) {
            yes.push(s);
        } else {
            no.push(s);
        }
    }
    let group = g.name(cx.lang);
    let share_yes = yes.len() as f32 / members.len() as f32;
    if share_yes >= 0.75 || share_yes <= 0.25 {
        let majority_yes = share_yes >= 0.75;
        // The typical member's reason, if it agrees with the group; else the first that does.
        let voice = if majority_yes == yes.iter().any(|s| s.id == typical.id) {
            typical
        } else if majority_yes {
            yes[0]
        } else {
            no[0]
        };
        let line = verdict::derive(voice, text, cx)?;
        let reason = line.split_once(" — ").map_or(line.as_str(), |(_, r)| r);
        let v = verdict::yes_no(majority_yes, cx.lang);
        let exceptions = if majority_yes { &no } else { &yes };
        let except = except_line(exceptions, cx.lang);
        return Some(match cx.lang {
            Lang::En => format!("{v} — for {group} in general (for example {reason}){except}"),
            Lang::Hi => format!("{v} — आम तौर पर {group} के लिए (जैसे {reason}){except}"),
            Lang::Hinglish => {
                format!("{v} — aam taur par {group} ke liye (jaise {reason}){except}")
            }
        });
    }
    let names = |list: &[&Species]| {
        list.iter()
            .map(|s| s.name_in(cx.lang == Lang::Hi).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(match cx.lang {
        Lang::En => format!(
            "Not all {group} — yes for {}; no for {}.",
            names(&yes),
            names(&no)
        ),
        Lang::Hi => format!(
            "सभी {group} के लिए नहीं — {} के लिए हाँ; {} के लिए नहीं।",
            names(&yes),
            names(&no)
        ),
        Lang::Hinglish => format!(
            "Sab {group} ke liye nahi — {} ke liye haan; {} ke liye nahi.",
            names(&yes),
            names(&no)
        ),
    })
}

fn except_line(exceptions: &[&Species], lang: Lang) -> String {
    if exceptions.is_empty() {
        return String::new();
    }
    let names = exceptions
        .iter()
        .map(|s| s.name_in(lang == Lang::Hi).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    match lang {
        Lang::En => format!(" Exception: {names}."),
        Lang::Hi => format!(" अपवाद: {names}।"),
        Lang::Hinglish => format!(" Apvaad: {names}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::direct::Watering;
    use crate::assistant::lexicon::Lexicons;
    use crate::assistant::season::Season;

    #[test]
    fn a_bad_group_file_is_refused() {
        let kb = Knowledge::embedded().unwrap();
        let bad = "[[group]]\nid = \"x\"\nmembers = [\"no-such-plant\"]\ntypical = \"no-such-plant\"\nwords = [\"a\"]\nen = \"x\"\nhi = \"x\"\nhinglish = \"x\"";
        assert!(parse(bad, &kb).is_err());
    }

    #[test]
    fn messages_name_groups() {
        let ids = |t: &str| -> Vec<&str> {
            named(&Prepared::new(t))
                .iter()
                .map(|g| g.id.as_str())
                .collect()
        };
        assert_eq!(
            ids("how often should I water my succulents"),
            ["succulents"]
        );
        assert_eq!(ids("kitchen garden ke liye kya lagau"), ["herbs"]);
        assert_eq!(ids("फल वाले पौधे गमले में"), ["fruit"]);
    }

    #[test]
    fn groups_load_and_answer_as_a_group() {
        let kb = Knowledge::embedded().unwrap();
        let lex = Lexicons::embedded().unwrap();
        let watering = Watering::embedded(&kb).unwrap();
        check(&kb).unwrap();
        for (text, lang, group, start) in [
            ("should i mist my succulents", Lang::En, "succulents", "No"),
            ("should i mist my cacti", Lang::En, "cacti", "No"),
            (
                "kya herbs ko dhoop chahiye",
                Lang::Hinglish,
                "herbs",
                "Haan",
            ),
            ("are succulents safe for cats", Lang::En, "succulents", "No"),
        ] {
            let t = Prepared::new(text);
            let g = *named(&t)
                .first()
                .unwrap_or_else(|| panic!("no group: {text}"));
            assert_eq!(g.id, group, "{text}");
            let cx = Context {
                words: &lex.words.verdict,
                watering: &watering,
                season: Season::Summer,
                zone: None,
                lang,
                habit_hours: None,
                pets: lex.words.engine.pets.hit(&t),
                children: false,
                remembered_pets: false,
                remembered_children: false,
                remembered_light: None,
            };
            let v = derive(g, &kb, &t, &cx).unwrap_or_else(|| panic!("no verdict: {text}"));
            assert!(v.starts_with(start), "{text}: {v}");
        }
    }
}
