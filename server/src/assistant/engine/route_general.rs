//! General-care questions with one right answer, whatever the plant: a myth corrected, a
//! claim about a plant's care judged against its data, a quick answer ("is it ok to water
//! at night?").

use super::shorten::shorten;
use super::turn::Turn;
use super::Engine;
use crate::assistant::answers;
use crate::assistant::brief::first_sentence;
use crate::assistant::claims;
use crate::assistant::cues::Intent;
use crate::assistant::reading::Ask;
use crate::assistant::recommend::{rank, read_wishes};
use crate::assistant::triage;

impl Engine {
    /// A myth ("plants at night are harmful") corrected.
    pub(super) fn corrected_myth(&self, t: &mut Turn) -> Option<String> {
        let m = triage::myth(&self.lex, t.text, t.lang)?;
        // "Which plant purifies air best, safe for kids?": the myth corrected in one sentence,
        // then the plants that were asked for.
        if t.named.is_some() || !t.r.has(Intent::Recommend) {
            return Some(m);
        }
        let mut wishes = read_wishes(t.q.text, t.text);
        wishes.pets |= t.memory.pets;
        wishes.children |= t.memory.children;
        let plants = answers::recommendation(&wishes, &rank(&self.kb, &wishes), &t.ctx());
        let first = first_sentence(&m);
        t.memory.recommending = true;
        Some(format!(
            "{first}\n\n{}",
            shorten(&plants.finish(), 110, t.lang)
        ))
    }

    /// A claim about the named plant's care ("haworthia loves afternoon sun, right?"): judged
    /// against its care data.
    pub(super) fn judged_claim(&self, t: &mut Turn) -> Option<String> {
        let s = t.named.filter(|_| t.reading.ask != Ask::Why)?;
        claims::check(
            s,
            t.text,
            &self.lex.words.claim,
            &self.lex.words.verdict,
            &self.watering,
            t.now(),
            t.lang,
            t.r.has(Intent::Problem),
        )
    }

    /// General-care questions with one right answer ("is it ok to water at night?").
    pub(super) fn quick_answer(&self, t: &mut Turn) -> Option<String> {
        let asking = matches!(t.reading.ask, Ask::YesNo | Ask::HowOften)
            || (t.q.text.contains('?') && t.reading.ask != Ask::Why);
        self.book.quick_answer(t.text, asking, t.lang)
    }
}
