//! "Which plant has long striped leaves…?": the closest species by description — when the
//! name is asked, or when the description alone is clear (two cues or more).

use super::turn::Turn;
use super::Engine;
use crate::assistant::cues::Intent;
use crate::assistant::direct;
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::Ask;
use crate::assistant::recommend::stocked;
use crate::assistant::shop;
use crate::assistant::text::Prepared;

impl Engine {
    pub(super) fn identified_plant(&self, t: &mut Turn) -> Option<String> {
        // "Which plant is good for low light?" asks for a recommendation, not a name.
        let recommending = t.r.has(Intent::Recommend) && t.wishes.asks_for_something();
        if t.named.is_some() || recommending || self.words().identify_not.hit(t.text) {
            return None;
        }
        let asks_name = t.reading.ask == Ask::Identify || self.words().identify.hit(t.text);
        let s = match self.identified_by_cues(t.q.text) {
            Some((s, n)) if asks_name || n >= 2 => Some(s),
            _ if asks_name => self.identified_by_search(t.q.text),
            _ => None,
        }?;
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
        Some(format!("{named}{line}"))
    }

    /// The species whose identification cues (`identify.toml`) best match, with how many.
    fn identified_by_cues(&self, text: &str) -> Option<(&Species, usize)> {
        let prepared = Prepared::new(text);
        let (n, id) = self
            .identify
            .iter()
            .map(|(id, cues)| (cues.iter().filter(|c| has_cue(&prepared, c)).count(), id))
            .filter(|(n, _)| *n > 0)
            .max_by_key(|(n, _)| *n)?;
        self.kb.species(id).map(|s| (s, n))
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

/// A describing cue, in the singular or the plural ("garland" in "used in garlands").
fn has_cue(text: &Prepared, cue: &str) -> bool {
    text.has(cue)
        || (cue.is_ascii() && text.has(&format!("{cue}s")))
        || cue
            .strip_suffix('s')
            .is_some_and(|one| one.len() > 2 && text.has(one))
}
