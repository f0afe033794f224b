//! Groups of plants a customer names as a whole ("my succulents", "herbs for the kitchen",
//! "flowering plants"): the words for each group in three languages and its member species,
//! from `knowledge/assistant/plant_groups.toml`. A recommendation or a "cheapest …" question
//! that names a group keeps to its members.

use anyhow::{bail, Context};
use serde::Deserialize;

use super::knowledge::{Knowledge, Species};
use super::lexicon::PhraseList;
use super::text::Prepared;

const GROUPS_TOML: &str = include_str!("../../knowledge/assistant/plant_groups.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantGroup {
    pub id: String,
    words_en: PhraseList,
    words_hi: PhraseList,
    words_hinglish: PhraseList,
    pub members: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupFile {
    group: Vec<PlantGroup>,
}

impl PlantGroup {
    fn named_in(&self, text: &Prepared) -> bool {
        self.words_en.hit(text) || self.words_hi.hit(text) || self.words_hinglish.hit(text)
    }

    pub fn has(&self, s: &Species) -> bool {
        self.members.iter().any(|m| m == &s.id)
    }
}

fn parse(text: &str, kb: &Knowledge) -> anyhow::Result<Vec<PlantGroup>> {
    let file: GroupFile =
        toml::from_str(text).context("knowledge/assistant/plant_groups.toml is malformed")?;
    for g in &file.group {
        let what = format!("plant_groups.toml group {}", g.id);
        g.words_en.check(&what)?;
        g.words_hi.check(&what)?;
        g.words_hinglish.check(&what)?;
        if g.members.is_empty() {
            bail!("{what}: no members");
        }
        if let Some(m) = g.members.iter().find(|m| kb.species(m).is_none()) {
            bail!("{what}: unknown species {m}");
        }
    }
    Ok(file.group)
}

/// Checks the embedded groups; `Engine::new` calls it so a bad file stops the start.
pub fn check(kb: &Knowledge) -> anyhow::Result<()> {
    parse(GROUPS_TOML, kb).map(|_| ())
}

fn all() -> &'static [PlantGroup] {
    static GROUPS: std::sync::OnceLock<Vec<PlantGroup>> = std::sync::OnceLock::new();
    GROUPS.get_or_init(|| {
        let file: GroupFile =
            toml::from_str(GROUPS_TOML).expect("plant_groups.toml is checked at start");
        file.group
    })
}

/// The groups a message names, in file order.
pub fn named(text: &Prepared) -> Vec<&'static PlantGroup> {
    all().iter().filter(|g| g.named_in(text)).collect()
}

/// Whether a species belongs to every group named (true when none is named).
pub fn fits(groups: &[&PlantGroup], s: &Species) -> bool {
    groups.iter().all(|g| g.has(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_checked_and_found() {
        let kb = Knowledge::embedded().unwrap();
        assert!(check(&kb).is_ok());
        let bad = "[[group]]\nid = \"x\"\nwords_en = [\"a\"]\nwords_hi = [\"b\"]\nwords_hinglish = [\"c\"]\nmembers = [\"no-such-plant\"]";
        assert!(parse(bad, &kb).is_err());
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
}
