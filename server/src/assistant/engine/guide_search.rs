//! Which guide answers a question that names none by its keywords: a problem described in
//! other words, a care topic or season asked about, or the closest guide by full-text search.

use super::Engine;
use crate::assistant::answers::{self, Ctx};
use crate::assistant::compose::Reply;
use crate::assistant::cues::Intent;
use crate::assistant::knowledge::Guide;
use crate::assistant::recognize::Recognition;
use crate::assistant::text::Prepared;

impl Engine {
    /// A problem guide found by full-text search, for a question that names no care topic
    /// but describes something wrong.
    pub(super) fn described_problem(&self, text: &str, r: &Recognition) -> Option<&Guide> {
        let has_topic = r.intents.iter().any(|i| {
            i.is_care() && !matches!(i, Intent::Care | Intent::Problem | Intent::Toxicity)
        });
        if has_topic || !self.words().trouble.hit(&Prepared::new(text)) {
            return None;
        }
        let guides = self.kb.guides.len() as u32;
        self.index
            .search(text, 8)
            .into_iter()
            .filter(|res| res.document.id < guides && res.score >= 1.5)
            .map(|res| &self.kb.guides[res.document.id as usize])
            .find(|g| g.is_problem())
    }

    /// A care, season or topic guide the question points to.
    pub(super) fn topic_guide<'k>(&'k self, r: &Recognition<'k>) -> Option<&'k Guide> {
        // A season asked about leads over other topics ("monsoon care for balcony plants").
        if let Some(m) = r.guides.iter().find(|m| m.guide.kind == "season") {
            if r.intents.iter().any(|i| i.is_season()) {
                return Some(m.guide);
            }
        }
        if let Some(m) = r.guides.first() {
            return Some(m.guide);
        }
        let id = r.intents.iter().find_map(|i| guide_of_intent(*i))?;
        self.kb.guide(id)
    }

    /// Full-text search when nothing was recognised by name.
    pub(super) fn searched<'k>(
        &'k self,
        text: &str,
        ctx: &Ctx,
        main_guide: &mut Option<&'k Guide>,
    ) -> Option<Reply> {
        let results = self.index.search(text, 3);
        let top = results.first()?;
        if top.score < 1.0 {
            return None;
        }
        let guides = self.kb.guides.len() as u32;
        let mut r = Reply::default();
        if top.document.id < guides {
            let g = &self.kb.guides[top.document.id as usize];
            *main_guide = Some(g);
            answers::guide_full(&mut r, g, ctx);
        } else {
            let s = &self.kb.species[(top.document.id - guides) as usize];
            return Some(answers::species_care(s, &[], ctx));
        }
        let others: Vec<String> = results
            .iter()
            .skip(1)
            .filter(|res| res.document.id < guides)
            .map(|res| self.kb.guides[res.document.id as usize].display_title(ctx.hindi))
            .collect();
        if !others.is_empty() {
            r.para(&format!(
                "**{}:** {}",
                ctx.p().closest_topics,
                others.join(", ")
            ));
        }
        Some(r)
    }
}

/// The general guide of a care intent ("how often to water?" → watering basics).
pub(super) fn guide_of_intent(i: Intent) -> Option<&'static str> {
    match i {
        Intent::Water => Some("watering-basics"),
        Intent::Soil => Some("soil-mix"),
        Intent::Feeding => Some("feeding"),
        Intent::Repotting => Some("repotting"),
        Intent::Propagation => Some("propagation"),
        Intent::Pruning => Some("pruning"),
        Intent::Toxicity => Some("pet-safe-plants"),
        Intent::Summer => Some("summer-heat"),
        Intent::Monsoon => Some("monsoon-care"),
        Intent::Winter => Some("winter-care"),
        Intent::Light => Some("low-light-plants"),
        _ => None,
    }
}
