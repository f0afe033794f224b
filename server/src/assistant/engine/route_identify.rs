//! "Which plant has long striped leaves…?", "bush with round bunches of tiny red-orange
//! flowers…", "wo jhaadi jisme…": the species whose describing cues (`identify.toml`) score
//! best. A cue counts more when it is a phrase and less when several species share it, so
//! "gulkand" outweighs "thorny". Answered when the name is asked, when the message is framed
//! as a description ("plant with…", `describe.toml`), or when the cues alone are strong.

use std::collections::HashMap;

use super::turn::Turn;
use super::Engine;
use crate::assistant::describe::framed_as_description;
use crate::assistant::direct;
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::Ask;
use crate::assistant::recommend::stocked;
use crate::assistant::shop;
use crate::assistant::text::Prepared;

/// Cue score that names a plant from the cues alone, with neither a question nor a frame.
const STRONG: f32 = 2.0;
/// Cue score that names a plant from a message framed as a description.
const FRAMED: f32 = 1.0;
/// Cue score that answers before the myth and shop stages ("…people say it brings money").
const EARLY: f32 = 3.0;

impl Engine {
    /// A description so clear (or so clearly framed) that it is answered before the myth and
    /// shop stages would take one of its words ("money", "luck", "grows indoors").
    pub(super) fn described_plant(&self, t: &mut Turn) -> Option<String> {
        // "Konsa plant lu jo safe ho?" asks for a recommendation, not for a name.
        if t.named.is_some() || t.recommending() || self.words().identify_not.hit(t.text) {
            return None;
        }
        if matches!(
            t.reading.ask,
            Ask::YesNo | Ask::HowOften | Ask::Why | Ask::Compare
        ) {
            return None;
        }
        let (s, score) = self.best_described(t.text)?;
        let framed = framed_as_description(t.text) || t.reading.ask == Ask::Identify;
        if score >= EARLY || (framed && score >= STRONG) {
            return Some(self.identified_answer(s, t));
        }
        None
    }

    pub(super) fn identified_plant(&self, t: &mut Turn) -> Option<String> {
        // "Which plant is good for low light?" asks for a recommendation, not a name.
        if t.recommending() || self.words().identify_not.hit(t.text) {
            return None;
        }
        let asks_name = t.reading.ask == Ask::Identify || self.words().identify.hit(t.text);
        let framed = framed_as_description(t.text);
        let best = self.best_described(t.text);
        // A plant named inside a description ("grass that smells like lemon") is not the one
        // described, unless its own cues say so.
        if let Some(named) = t.named {
            let (s, score) = best?;
            // "Tree with very long drumstick pods…": the plant named is the one described; its
            // name and a short word on it, not the whole care sheet.
            let problem = t.r.guides.iter().any(|g| g.guide.is_problem());
            if framed && s.id == named.id && score >= FRAMED && !problem {
                return Some(self.identified_answer(s, t));
            }
            let described_other = framed && s.id != named.id && score >= STRONG;
            if !described_other || self.cue_score(named, t.text) > 0.0 {
                return None;
            }
            return Some(self.identified_answer(s, t));
        }
        let s = match best {
            Some((s, _)) if asks_name => Some(s),
            Some((s, score)) if score >= STRONG || (framed && score >= FRAMED) => Some(s),
            _ if asks_name => self.identified_by_search(t.q.text),
            _ => None,
        }?;
        Some(self.identified_answer(s, t))
    }

    fn identified_answer(&self, s: &Species, t: &mut Turn) -> String {
        t.memory.plant = Some(s.id.clone());
        let care = || {
            direct::care_brief(&self.watering, s, t.now(), t.memory.zone, t.lang)
                .unwrap_or_default()
        };
        let named = match t.lang {
            Lang::En => format!(
                "That sounds like **{}** ({}, {}). {}",
                s.name, s.hindi, s.botanical, s.summary
            ),
            Lang::Hi => format!("यह **{}** ({}) लगता है। {}", s.hindi, s.name, care()),
            Lang::Hinglish => format!("Yeh **{}** ({}) lagta hai. {}", s.name, s.hindi, care()),
        };
        let line = stocked(s, t.q.catalogue)
            .first()
            .map(|i| format!("\n- {}", shop::item_line(i)))
            .unwrap_or_default();
        format!("{named}{line}")
    }

    /// The species whose cues score best, with its score: each cue found counts 1 (1.5 for a
    /// phrase), shared among the species that list it.
    fn best_described(&self, text: &Prepared) -> Option<(&Species, f32)> {
        let mut best: Option<(&str, f32)> = None;
        for (id, _) in &self.identify {
            let score = self.cue_score_of(id, text);
            if score > 0.0 && best.is_none_or(|(_, b)| score > b) {
                best = Some((id, score));
            }
        }
        let (id, score) = best?;
        self.kb.species(id).map(|s| (s, score))
    }

    fn cue_score(&self, s: &Species, text: &Prepared) -> f32 {
        self.cue_score_of(&s.id, text)
    }

    fn cue_score_of(&self, id: &str, text: &Prepared) -> f32 {
        // A description in Hinglish or Hindi is matched in English too.
        let english = crate::assistant::describe::with_english(text);
        let text = english.as_ref().unwrap_or(text);
        let shared = cue_counts(&self.identify);
        let Some((_, cues)) = self.identify.iter().find(|(i, _)| i == id) else {
            return 0.0;
        };
        // A phrase and a word inside it ("potato like roots", "potato") both count: the more
        // of a species' own words a description uses, the surer the match.
        cues.iter()
            .filter(|c| has_cue(text, c))
            .map(|c| {
                let weight = if c.contains(' ') { 1.5 } else { 1.0 };
                weight / *shared.get(c.as_str()).unwrap_or(&1) as f32
            })
            .sum()
    }

    /// The species the full-text index finds for a description, when the match is clear.
    fn identified_by_search(&self, text: &str) -> Option<&Species> {
        let guides = self.kb.guides.len() as u32;
        self.index
            .search(text, 10)
            .into_iter()
            .filter(|res| res.document.id >= guides && res.score >= 2.0)
            .map(|res| &self.kb.species[(res.document.id - guides) as usize])
            .next()
    }
}

/// How many species list each cue.
fn cue_counts(identify: &[(String, Vec<String>)]) -> HashMap<&str, usize> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for (_, cues) in identify {
        let mut own: Vec<&str> = cues.iter().map(String::as_str).collect();
        own.sort_unstable();
        own.dedup();
        for c in own {
            *counts.entry(c).or_default() += 1;
        }
    }
    counts
}

/// A describing cue, in the singular or the plural ("garland" in "used in garlands").
fn has_cue(text: &Prepared, cue: &str) -> bool {
    text.has(cue)
        || (cue.is_ascii() && text.has(&format!("{cue}s")))
        || cue
            .strip_suffix('s')
            .is_some_and(|one| one.len() > 2 && text.has(one))
}
