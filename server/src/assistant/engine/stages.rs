//! The order of the answers that come before the care guides: safety first, then one list
//! of stages, each in a `route_*` module named by what it answers; the first stage that
//! recognises its kind of question answers. Kept apart from `engine.rs` so the stages, which
//! extend `Engine`, never import the file that imports them.

use super::turn::{Stage, Turn};
use super::{Answer, Engine, Question};
use crate::assistant::cues::Intent;
use crate::assistant::intent_model::Kind;
use crate::assistant::memory::Memory;
use crate::assistant::reading::Reading;
use crate::assistant::recognize::Recognition;
use crate::assistant::text::Prepared;
use crate::assistant::triage;

impl Engine {
    /// The answers that come before the care guides, or None to fall through to them. The
    /// order of the stages is the policy: the first that recognises its kind of question
    /// answers.
    pub(super) fn front(
        &self,
        q: &Question,
        reading: &Reading,
        r: &Recognition,
        text: &Prepared,
        memory: &Memory,
    ) -> Option<Answer> {
        let mut turn = Turn::new(self, q, reading, r, text, memory);
        // Safety first, photo or not: an emergency or a dangerous plan is answered by its rule,
        // or by the hazard class it belongs to; no stage after this may answer a message that
        // tells of someone hurt, bitten, burnt, fallen or poisoned.
        let plants = triage::Plants {
            named: &r.plants,
            about: turn.named.or(turn.remembered).or(turn.listed_first),
            remembered: turn.remembered,
        };
        // In the customer's language, vowel-less Hinglish included (triage::answer_lang).
        let lang = triage::answer_lang(&self.lex, &self.hazards, text, reading.lang);
        if let Some(v) = triage::first_aid(&self.lex, &self.hazards, text, lang, plants) {
            return Some(turn.answered(v.text, Some(v.rule)));
        }
        // Then the net, for emergencies told in words no rule or class lists.
        if let Some(answer) = self.safety_net.answer(text, lang) {
            return Some(turn.answered(answer.to_string(), Some("safety-net".to_string())));
        }
        // A photo is answered from its findings, by the guides.
        if !q.photos.is_empty() {
            return None;
        }
        let intents = self.intents.read(text);
        // A message the model is sure is not about plants or the shop, with every kind of
        // plant or shop answer very unlikely, is refused: a plant word in it ("tea garden
        // labour wages", "coconut subsidy") would otherwise get that plant's care sheet, a
        // price word ("stock price of Infosys") the shop's "we don't sell …".
        // Thanks and greetings are small talk the guides answer, not a question to refuse.
        let small_talk =
            reading.thanks || reading.greeting || r.has(Intent::Thanks) || r.has(Intent::Greeting);
        if !small_talk && intents.top().0 == Kind::OffTopic && intents.vetoes(&Kind::ANSWERED) {
            let mut answer =
                turn.answered(self.lex.words.decline.get(reading.lang).to_string(), None);
            answer.on_topic = false;
            return Some(answer);
        }
        // Each stage with the kinds of question its answer is for: the intent model vetoes a
        // stage when it finds those kinds very unlikely and another kind very likely (a shop
        // policy for a watering question, "we don't sell X" for an off-topic one). No kinds:
        // the stage answers whatever the message is (follow-ups, lists, memory, and the
        // guards: an injection or another customer's order is refused whatever it reads as).
        use crate::assistant::intent_model::Kind::*;
        const STAGES: [(Stage, &[Kind]); 23] = [
            (Engine::continued_topic, &[]),
            (Engine::order_status, &[]),
            (Engine::refused_instruction, &[]),
            // A myth before the shop's policies: "…my colony WhatsApp group says" names a
            // source of the belief, not a wish to contact the shop.
            (Engine::described_plant, &[]),
            (
                Engine::corrected_myth,
                &[Myth, Recommend, Diagnose, Identify, Compare],
            ),
            (Engine::delivered_size, &[Shop, OrderStatus, Recommend]),
            (Engine::shop_policy, &[Shop, OrderStatus, Recommend]),
            (Engine::quantity_total, &[]),
            (Engine::plant_alone, &[]),
            // "How often / how to feed, repot, harvest it?" before the claims, propositions and
            // quick rules a problem told with it would otherwise pull in.
            (Engine::asked_care_task, &[]),
            (Engine::judged_claim, &[]),
            (Engine::judged_proposition, &[]),
            (Engine::quick_answer, &[]),
            (Engine::safe_among_list, &[]),
            (Engine::catalogue_extreme, &[]),
            (Engine::picked_from_list, &[]),
            (Engine::cheaper_than_list, &[]),
            (Engine::similar_plants, &[]),
            (
                Engine::sold_or_priced,
                &[Shop, OrderStatus, Recommend, Compare, Identify],
            ),
            (Engine::compared_pair, &[]),
            (Engine::identified_plant, &[]),
            (Engine::about_one_plant, &[]),
            (Engine::told_facts, &[]),
        ];
        let reply = STAGES
            .iter()
            .filter(|(_, kinds)| !intents.vetoes(kinds))
            .find_map(|(stage, _)| stage(self, &mut turn))?;
        Some(turn.answered(reply, None))
    }
}
