//! The word lists of recognition as checked data: which phrases signal which intent
//! (`knowledge/assistant/intents.toml`), read and validated once at start. Apart from the
//! recognizer, so the knowledge base can hold them without the two naming each other.

use std::collections::HashSet;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use super::text::Prepared;

/// What someone wants to know. A question may carry several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Intent {
    Water,
    Light,
    Soil,
    Feeding,
    Repotting,
    Propagation,
    Pruning,
    Humidity,
    Temperature,
    Toxicity,
    Summer,
    Monsoon,
    Winter,
    Recommend,
    Shop,
    Care,
    Problem,
    Greeting,
    Thanks,
}

impl Intent {
    /// Intents that are about looking after a plant, so a remembered plant applies to them.
    pub fn is_care(self) -> bool {
        !matches!(
            self,
            Intent::Recommend | Intent::Greeting | Intent::Thanks | Intent::Shop
        )
    }

    pub fn is_season(self) -> bool {
        matches!(self, Intent::Summer | Intent::Monsoon | Intent::Winter)
    }
}

/// The word lists of recognition, from `knowledge/assistant/intents.toml`: which phrases
/// signal which intent, which words point back to a plant named before, which guide keywords
/// are too ambiguous on their own, and which words turn a species name into something else.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cues {
    cue: Vec<Cue>,
    back_references: Vec<String>,
    ambiguous_keywords: Vec<String>,
    #[serde(default)]
    not_the_plant_after: Vec<NotThePlant>,
    /// Hindi "of" words skipped before `not_the_plant_after` ("neem ka tel" = "neem oil").
    #[serde(default)]
    of_words: Vec<String>,
}

/// Phrases (matched as whole words) and word stems that signal one intent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Cue {
    intent: Intent,
    phrases: Vec<String>,
    #[serde(default)]
    stems: Vec<String>,
}

/// A species name followed by one of `next` means something else ("neem oil" is a spray).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NotThePlant {
    name: String,
    next: Vec<String>,
}

impl Cues {
    pub fn embedded() -> anyhow::Result<Cues> {
        Cues::parse(include_str!("../../knowledge/assistant/intents.toml"))
    }

    /// Parses and checks the lists: each intent cued once and by something, `problem` left to
    /// the guides' keywords, and no empty phrase (which would match every message).
    pub fn parse(text: &str) -> anyhow::Result<Cues> {
        let cues: Cues =
            toml::from_str(text).context("knowledge/assistant/intents.toml is malformed")?;
        let mut seen = HashSet::new();
        for cue in &cues.cue {
            if cue.intent == Intent::Problem {
                bail!("intents.toml: `problem` follows from the guides, it has no cue");
            }
            if !seen.insert(cue.intent) {
                bail!("intents.toml: intent {:?} is cued twice", cue.intent);
            }
            if cue.phrases.is_empty() && cue.stems.is_empty() {
                bail!("intents.toml: intent {:?} has no phrase", cue.intent);
            }
        }
        let mut words = cues
            .cue
            .iter()
            .flat_map(|c| c.phrases.iter().chain(&c.stems))
            .chain(&cues.back_references)
            .chain(&cues.ambiguous_keywords)
            .chain(&cues.of_words)
            .chain(
                cues.not_the_plant_after
                    .iter()
                    .flat_map(|n| std::iter::once(&n.name).chain(&n.next)),
            );
        if words.any(|w| w.trim().is_empty()) {
            bail!("intents.toml: an empty phrase would match every message");
        }
        Ok(cues)
    }

    pub(super) fn intents(&self, text: &Prepared) -> Vec<Intent> {
        self.cue
            .iter()
            .filter(|c| {
                c.phrases.iter().any(|p| text.has(p))
                    || text
                        .words
                        .iter()
                        .any(|w| c.stems.iter().any(|s| w.starts_with(s.as_str())))
            })
            .map(|c| c.intent)
            .collect()
    }

    pub(super) fn refers_back(&self, text: &Prepared) -> bool {
        self.back_references.iter().any(|p| text.has(p))
    }

    pub(super) fn is_ambiguous(&self, keyword: &str) -> bool {
        self.ambiguous_keywords
            .iter()
            .any(|a| a.eq_ignore_ascii_case(keyword))
    }

    /// Whether the word at `after` turns `alias` into something else ("neem" + "oil").
    pub(super) fn means_something_else(&self, text: &Prepared, after: usize, alias: &str) -> bool {
        let of = |w: &String| self.of_words.iter().any(|o| o == w);
        let after = if text.words.get(after).is_some_and(of) {
            after + 1
        } else {
            after
        };
        let Some(next) = text.words.get(after) else {
            return false;
        };
        self.not_the_plant_after
            .iter()
            .any(|n| alias.eq_ignore_ascii_case(&n.name) && n.next.iter().any(|w| w == next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_cue_lists_are_refused_at_start() {
        let base = "back_references = [\"it\"]\nambiguous_keywords = [\"cold\"]\n";
        let ok = format!("{base}[[cue]]\nintent = \"water\"\nphrases = [\"pani\"]\n");
        assert!(Cues::parse(&ok).is_ok());
        for bad in [
            format!("{base}[[cue]]\nintent = \"watering\"\nphrases = [\"pani\"]\n"),
            format!("{base}[[cue]]\nintent = \"water\"\nphrases = [\"\"]\n"),
            format!("{base}[[cue]]\nintent = \"water\"\nphrases = []\n"),
            format!("{ok}[[cue]]\nintent = \"water\"\nphrases = [\"jal\"]\n"),
            format!("{base}[[cue]]\nintent = \"problem\"\nphrases = [\"sad\"]\n"),
        ] {
            assert!(Cues::parse(&bad).is_err(), "{bad}");
        }
        assert!(Cues::embedded().is_ok());
    }
}
