//! The curated knowledge base (`server/knowledge/`), compiled into the binary and parsed
//! once at start. A malformed file or a dangling reference stops the server with a message
//! naming the file, so a typo never turns into a silently missing answer.

use std::collections::{HashMap, HashSet};

use anyhow::{bail, Context};
use include_dir::{include_dir, Dir};
use serde::Deserialize;

static KNOWLEDGE: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/knowledge");

/// The light a customer asks for or says their place has ("low light", "full sun"): read by
/// recommendations, remembered by the chat and checked by verdicts, so it lives here, below
/// all three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LightWish {
    Low,
    Sun,
}

/// How much light a species needs, from least to most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LightLevel {
    Low,
    Medium,
    Bright,
    FullSun,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    Easy,
    Moderate,
    Demanding,
}

/// A care profile of one species.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Species {
    pub id: String,
    pub name: String,
    pub hindi: String,
    pub botanical: String,
    pub aliases: Vec<String>,
    /// Names of the shop's catalogue plants that are this species.
    pub catalogue: Vec<String>,
    pub kind: String,
    pub difficulty: Difficulty,
    pub placement: Vec<String>,
    pub light: String,
    pub light_level: LightLevel,
    pub water_summer: String,
    pub water_monsoon: String,
    pub water_winter: String,
    pub soil: String,
    pub humidity: String,
    pub temperature: String,
    pub feeding: String,
    pub repotting: String,
    pub propagation: String,
    pub pruning: String,
    pub toxic_to_pets: bool,
    pub toxic_to_children: bool,
    pub toxicity_note: String,
    /// Guide ids of the problems this species commonly meets.
    pub common_problems: Vec<String>,
    pub traits: Vec<String>,
    pub summary: String,
}

impl Species {
    pub fn has_trait(&self, name: &str) -> bool {
        self.traits.iter().any(|t| t == name)
    }

    pub fn is_toxic(&self) -> bool {
        self.toxic_to_pets || self.toxic_to_children
    }

    /// The name to show in an answer: the Hindi one in a Hindi answer, else the English one.
    pub fn name_in(&self, hindi: bool) -> &str {
        if hindi {
            &self.hindi
        } else {
            &self.name
        }
    }

    /// "Money Plant (मनी प्लांट)".
    pub fn display_name(&self) -> String {
        format!("{} ({})", self.name, self.hindi)
    }
}

/// A guide on a symptom, pest, disease, season or routine task.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Guide {
    pub id: String,
    pub title: String,
    pub hindi_title: String,
    /// symptom, pest, disease, care, season or topic.
    pub kind: String,
    /// Phrases people use for it, in English, Hinglish and Hindi.
    pub keywords: Vec<String>,
    pub summary: String,
    pub causes: Vec<String>,
    pub steps: Vec<String>,
    pub prevention: Vec<String>,
    pub when_to_worry: String,
    pub related: Vec<String>,
}

impl Guide {
    /// Symptoms, pests and diseases: something is wrong with a plant.
    pub fn is_problem(&self) -> bool {
        matches!(self.kind.as_str(), "symptom" | "pest" | "disease")
    }

    /// "Yellow leaves" or "पीली पत्तियाँ (Yellow leaves)".
    pub fn display_title(&self, hindi: bool) -> String {
        if hindi {
            format!("{} ({})", self.hindi_title, self.title)
        } else {
            self.title.clone()
        }
    }
}

/// Every species and guide, with lookups by id.
#[derive(Debug)]
pub struct Knowledge {
    pub species: Vec<Species>,
    pub guides: Vec<Guide>,
    /// The word lists of recognition (`knowledge/assistant/intents.toml`).
    pub cues: super::cues::Cues,
    species_by_id: HashMap<String, usize>,
    guides_by_id: HashMap<String, usize>,
}

impl Knowledge {
    /// Parses the embedded knowledge base.
    pub fn embedded() -> anyhow::Result<Knowledge> {
        let read = |folder: &str| -> anyhow::Result<Vec<(String, String)>> {
            let dir = KNOWLEDGE
                .get_dir(folder)
                .with_context(|| format!("knowledge/{folder} is missing"))?;
            let mut files = Vec::new();
            for file in dir.files() {
                let path = file.path().display().to_string();
                if !path.ends_with(".toml") {
                    continue;
                }
                let text = file
                    .contents_utf8()
                    .with_context(|| format!("knowledge/{path} is not UTF-8"))?;
                files.push((path, text.to_string()));
            }
            files.sort();
            Ok(files)
        };
        Knowledge::from_files(&read("species")?, &read("guides")?)
    }

    /// Parses and cross-checks species and guide files given as (path, text).
    pub fn from_files(
        species_files: &[(String, String)],
        guide_files: &[(String, String)],
    ) -> anyhow::Result<Knowledge> {
        let mut species = Vec::new();
        for (path, text) in species_files {
            let parsed: Species =
                toml::from_str(text).with_context(|| format!("knowledge/{path} is malformed"))?;
            species.push(parsed);
        }
        let mut guides = Vec::new();
        for (path, text) in guide_files {
            let parsed: Guide =
                toml::from_str(text).with_context(|| format!("knowledge/{path} is malformed"))?;
            guides.push(parsed);
        }
        let knowledge = Knowledge {
            species_by_id: index(species.iter().map(|s| s.id.as_str()), "species")?,
            guides_by_id: index(guides.iter().map(|g| g.id.as_str()), "guide")?,
            species,
            guides,
            cues: super::cues::Cues::embedded()?,
        };
        knowledge.check_references()?;
        Ok(knowledge)
    }

    fn check_references(&self) -> anyhow::Result<()> {
        for s in &self.species {
            for problem in &s.common_problems {
                if self.guide(problem).is_none() {
                    bail!("species {} names an unknown guide `{problem}`", s.id);
                }
            }
            if s.aliases.is_empty() {
                bail!("species {} has no aliases", s.id);
            }
        }
        for g in &self.guides {
            for related in &g.related {
                if self.guide(related).is_none() {
                    bail!("guide {} relates to an unknown guide `{related}`", g.id);
                }
            }
            if g.steps.is_empty() {
                bail!("guide {} has no steps", g.id);
            }
        }
        Ok(())
    }

    pub fn species(&self, id: &str) -> Option<&Species> {
        self.species_by_id.get(id).map(|&i| &self.species[i])
    }

    pub fn guide(&self, id: &str) -> Option<&Guide> {
        self.guides_by_id.get(id).map(|&i| &self.guides[i])
    }

    /// The species a catalogue plant belongs to, by its listed catalogue names.
    pub fn species_for_catalogue_name(&self, name: &str) -> Option<&Species> {
        let name = name.trim().to_lowercase();
        self.species
            .iter()
            .find(|s| s.catalogue.iter().any(|c| c.to_lowercase() == name))
    }
}

fn index<'a>(
    ids: impl Iterator<Item = &'a str>,
    what: &str,
) -> anyhow::Result<HashMap<String, usize>> {
    let mut map = HashMap::new();
    let mut seen = HashSet::new();
    for (i, id) in ids.enumerate() {
        if !seen.insert(id.to_string()) {
            bail!("two {what} files share the id `{id}`");
        }
        map.insert(id.to_string(), i);
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_knowledge_base_loads_and_is_consistent() {
        let kb = Knowledge::embedded().expect("knowledge base parses");
        assert!(kb.species.len() >= 60, "{} species", kb.species.len());
        assert!(kb.guides.len() >= 30, "{} guides", kb.guides.len());
        for s in &kb.species {
            assert!(!s.hindi.trim().is_empty(), "{} has a Hindi name", s.id);
            assert!(
                !s.botanical.trim().is_empty(),
                "{} has a botanical name",
                s.id
            );
        }
    }

    #[test]
    fn every_demo_catalogue_plant_has_a_care_profile() {
        let kb = Knowledge::embedded().unwrap();
        let seed: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../seed/plants.json")).unwrap();
        for plant in seed {
            let name = plant["name"].as_str().unwrap();
            assert!(
                kb.species_for_catalogue_name(name).is_some(),
                "{name} has no species"
            );
        }
    }

    #[test]
    fn a_malformed_file_is_named_in_the_error() {
        let err = Knowledge::from_files(
            &[("species/broken.toml".into(), "id = \"x\"\nname = ".into())],
            &[],
        )
        .unwrap_err();
        assert!(
            format!("{err:#}").contains("species/broken.toml"),
            "{err:#}"
        );
    }

    #[test]
    fn a_dangling_guide_reference_is_refused() {
        let guide = r#"
id = "a"
title = "A"
hindi_title = "ए"
kind = "care"
keywords = ["a"]
summary = "s"
causes = []
steps = ["do"]
prevention = []
when_to_worry = "w"
related = ["missing"]
"#;
        let err =
            Knowledge::from_files(&[], &[("guides/a.toml".into(), guide.into())]).unwrap_err();
        assert!(err.to_string().contains("missing"), "{err}");
    }
}
