//! What every answer gets once it is written, whichever stage wrote it: a yes/no verdict put
//! first, English articles fixed, the plants it links remembered, and the brief for the
//! optional model.

use super::shorten::shorten;
use super::{Answer, Engine, Question};
use crate::assistant::brief::{Brief, BriefInput};
use crate::assistant::followup;
use crate::assistant::groups;
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::{Ask, Reading};
use crate::assistant::recognize::Recognition;
use crate::assistant::season::Season;
use crate::assistant::text::Prepared;
use crate::assistant::verdict;

impl Engine {
    /// A yes/no question whose answer does not open with its verdict gets one derived from
    /// the species' structured care (`verdict.rs`), put first.
    pub(super) fn verdict_first(
        &self,
        answer: &mut Answer,
        reading: &Reading,
        r: &Recognition,
        text: &Prepared,
        q: &Question,
    ) {
        let vw = &self.lex.words.verdict;
        if reading.ask != Ask::YesNo
            || answer.safety.is_some()
            || !q.photos.is_empty()
            || verdict::begins_with_verdict(vw, &answer.text)
        {
            return;
        }
        let m = &answer.memory;
        let cx = verdict::Context {
            words: vw,
            watering: &self.watering,
            season: Season::of_month(q.month),
            zone: m.city.as_deref().zip(m.zone),
            lang: reading.lang,
            habit_hours: reading.habit_hours,
            pets: self.words().pets.hit(text),
            children: self.words().children.hit(text),
            remembered_pets: m.pets,
            remembered_children: m.children,
            remembered_light: m.light,
        };
        // "Do succulents need…?": the group's verdict, not one species' the customer never named.
        if r.plants.is_empty() {
            if let Some(g) = groups::named(text).first().copied() {
                if let Some(v) = groups::derive(g, &self.kb, text, &cx) {
                    let rest = shorten(&answer.text, 50, reading.lang);
                    answer.text = format!("{v}\n\n{rest}");
                }
                return;
            }
        }
        let plant = r.plants.first().copied().or_else(|| {
            answer
                .memory
                .plant
                .as_deref()
                .and_then(|id| self.kb.species(id))
        });
        let Some(s) = plant else {
            return;
        };
        if let Some(v) = verdict::derive(s, text, &cx) {
            // The verdict and its reason first; then only a few supporting facts, fewer when
            // the verdict's reason is already long (the whole answer stays short).
            let budget = 100usize
                .saturating_sub(v.split_whitespace().count())
                .clamp(25, 50);
            let rest = shorten(&answer.text, budget, reading.lang);
            answer.text = format!("{v}\n\n{rest}");
        }
    }

    /// Articles fixed, the plants linked remembered as the chat's list, the shop lines kept
    /// for the model, and the brief of what was understood and decided.
    pub(super) fn finish(
        &self,
        answer: &mut Answer,
        reading: &Reading,
        r: &Recognition,
        q: &Question,
    ) {
        answer.memory.asked_price = reading.price || reading.sell;
        if reading.lang == Lang::En {
            answer.text = followup::fix_articles(&answer.text);
        }
        let links = linked_ids(&answer.text);
        if !links.is_empty() {
            answer.memory.list = links;
        }
        answer.shop_lines = answer
            .text
            .lines()
            .filter(|l| l.contains("/plant/"))
            .map(str::to_string)
            .collect();
        let plants: Vec<&Species> = if r.plants.is_empty() {
            answer
                .memory
                .plant
                .as_deref()
                .and_then(|id| self.kb.species(id))
                .into_iter()
                .collect()
        } else {
            r.plants.clone()
        };
        answer.brief = Brief::build(&BriefInput {
            reading,
            plants: &plants,
            memory: &answer.memory,
            answer_text: &answer.text,
            safety: answer.safety.as_deref(),
            warnings: &answer.warnings,
            season: Season::of_month(q.month),
            watering: &self.watering,
            shop: &self.lex.shop,
        });
    }
}

/// Catalogue ids linked in an answer, in order.
fn linked_ids(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in text.split("/plant/").skip(1) {
        let id: String = part
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if !id.is_empty() && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}
