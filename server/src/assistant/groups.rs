//! Plant groups named as a whole ("do succulents need a lot of water?", "are herbs safe for
//! cats?"): which group a message names, and a group-level yes/no verdict built from the
//! members' own verdicts, so the answer speaks of the group instead of one species the
//! customer never mentioned. Groups, members and words are data
//! (`knowledge/assistant/plant_groups.toml`).

use anyhow::{bail, Context as _};
use serde::Deserialize;

use super::knowledge::{Knowledge, Species};
use super::lexicon::{Lang, PhraseList};
use super::text::Prepared;
use super::verdict::{self, Context};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantGroup {
    pub id: String,
    pub members: Vec<String>,
    pub typical: String,
    pub words: PhraseList,
    pub en: String,
    pub hi: String,
    pub hinglish: String,
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
}

#[derive(Debug, Clone, Deserialize)]
struct GroupFile {
    group: Vec<PlantGroup>,
}

/// Every plant group, checked against the knowledge base at start.
#[derive(Debug, Clone)]
pub struct PlantGroups(Vec<PlantGroup>);

impl PlantGroups {
    pub fn parse(text: &str, kb: &Knowledge) -> anyhow::Result<Self> {
        let file: GroupFile = toml::from_str(text).context("plant_groups.toml")?;
        for g in &file.group {
            g.words.check(&format!("plant group {}", g.id))?;
            if g.members.is_empty() || !g.members.contains(&g.typical) {
                bail!("plant group {}: no members, or typical is not one", g.id);
            }
            if let Some(m) = g.members.iter().find(|m| kb.species(m).is_none()) {
                bail!("plant group {}: unknown species {m}", g.id);
            }
        }
        Ok(PlantGroups(file.group))
    }

    pub fn embedded(kb: &Knowledge) -> anyhow::Result<Self> {
        Self::parse(
            include_str!("../../knowledge/assistant/plant_groups.toml"),
            kb,
        )
    }

    /// The first group the message names.
    pub fn named(&self, text: &Prepared) -> Option<&PlantGroup> {
        self.0.iter().find(|g| g.words.hit(text))
    }
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
            .map(|s| match cx.lang {
                Lang::Hi => s.hindi.clone(),
                _ => s.name.clone(),
            })
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
        .map(|s| match lang {
            Lang::Hi => s.hindi.clone(),
            _ => s.name.clone(),
        })
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
    fn groups_load_and_answer_as_a_group() {
        let kb = Knowledge::embedded().unwrap();
        let lex = Lexicons::embedded().unwrap();
        let watering = Watering::embedded(&kb).unwrap();
        let groups = PlantGroups::embedded(&kb).unwrap();
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
            let g = groups
                .named(&t)
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
            };
            let v = derive(g, &kb, &t, &cx).unwrap_or_else(|| panic!("no verdict: {text}"));
            assert!(v.starts_with(start), "{text}: {v}");
        }
    }
}
