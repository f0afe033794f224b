//! The embedded expert: reads a question (and photo findings), decides what kind of answer
//! it needs, and writes it from the knowledge base and the live catalogue. Pure and
//! synchronous, so it is tested directly and answers in well under a millisecond.

//!
//! `front` lists the stages that answer before the care guides, in the order that decides
//! between them; each stage lives in a `route_*` module named by what it answers, and the
//! guides (with photos and problems) in `guides`.

mod finish;
mod guide_search;
mod guides;
mod in_language;
mod route_care;
mod route_catalogue;
mod route_compare;
mod route_followup;
mod route_general;
mod route_identify;
mod route_injection;
mod route_proposition;
mod route_shop;
mod shorten;
mod stages;
mod turn;

use bm25::{Document, SearchEngine, SearchEngineBuilder};

use self::shorten::shorten_within;
use super::answers;
use super::brief::Brief;
use super::care_tasks::CareTasks;
use super::direct::{KindCare, Watering};
use super::groups;
use super::hazard::Hazards;
use super::intent_model::{IntentModel, Kind};
use super::knowledge::{Knowledge, Species};
use super::lexicon::{Lang, Lexicons};
use super::memory::Memory;
use super::photo::{self, PhotoReport};
use super::quick::Phrasebook;
use super::reading::{read, Ask, Reading};
use super::recognize::{recognize, Recognition};
use super::recommend::read_wishes;
use super::safety_net::SafetyNet;
use super::season::Season;
use super::shop::{self, OrderBrief};
use super::text::{KbTokenizer, Prepared};
use crate::domain::catalogue::CatalogueItem;

/// A guide answer of up to 150 words is kept whole; a longer one is cut to 130 (then its shop
/// lines and the "tell me more" hint), so a short answer stays within the 40-150 words
/// customers read.
const SHORT_ANSWER_WHOLE: usize = 150;
const SHORT_ANSWER_WORDS: usize = 130;
/// An answer with a plant's ⚠️ warning is kept whole up to this many words.
const WARNED_ANSWER_WHOLE: usize = 180;

/// One message to answer.
pub struct Question<'a> {
    pub text: &'a str,
    pub photos: &'a [PhotoReport],
    pub memory: &'a Memory,
    /// Month (1–12) in India, which decides the season.
    pub month: u32,
    /// Live catalogue plants (out-of-stock ones too, so they can be named as such).
    pub catalogue: &'a [CatalogueItem],
    /// The signed-in customer's orders, newest first; `None` for a visitor.
    pub orders: Option<&'a [OrderBrief]>,
}

/// The engine's answer and what it was based on.
#[derive(Debug, Clone)]
pub struct Answer {
    pub text: String,
    pub memory: Memory,
    /// False when the question was not about plants and was declined.
    pub on_topic: bool,
    /// Safety warnings for toxic plants in the answer: they must survive any rewording.
    pub warnings: Vec<String>,
    /// Catalogue lines (price and link) in the answer.
    pub shop_lines: Vec<String>,
    pub hindi: bool,
    /// The safety rule that answered, if any: such an answer is given as it is.
    pub safety: Option<String>,
    /// What the engine understood and decided, for the optional model.
    pub brief: Brief,
}

pub struct Engine {
    kb: Knowledge,
    lex: Lexicons,
    /// The general safety reading: hazard classes by victim, act and hazard.
    hazards: Hazards,
    /// The last safety check: a model of the words of emergencies no rule lists.
    safety_net: SafetyNet,
    /// What kind of question a message is: a veto on the front stages (`engine/stages.rs`).
    intents: IntentModel,
    watering: Watering,
    /// Quick answers and the Hindi/Hinglish guide bodies.
    book: Phrasebook,
    /// How often to feed, repot, prune, mist or wipe one plant.
    care_tasks: CareTasks,
    /// Hindi/Hinglish feeding and soil advice by kind of plant.
    kind_care: KindCare,
    /// Words that describe each species ("sword-like leaves" → snake plant).
    identify: Vec<(String, Vec<String>)>,
    index: SearchEngine<u32, u32, KbTokenizer>,
}

impl Engine {
    /// Builds the engine over the knowledge base and the assistant's data files (checked).
    pub fn new(kb: Knowledge) -> anyhow::Result<Engine> {
        let lex = Lexicons::embedded()?;
        let hazards = Hazards::embedded()?;
        let safety_net = SafetyNet::embedded()?;
        let intents = IntentModel::embedded()?;
        photo::ask::PhotoQuestions::embedded()?;
        let watering = Watering::embedded(&kb)?;
        let book = Phrasebook::embedded(&kb)?;
        let kind_care = KindCare::embedded(&kb)?;
        let care_tasks = CareTasks::embedded()?;
        answers::check_hindi_reasons(&kb)?;
        super::recommend::WishWords::check(&kb)?;
        super::followup::FollowUps::check()?;
        groups::check(&kb)?;
        super::propositions::check(&kb)?;
        super::describe::check()?;
        super::injection::Injection::check()?;
        for n in &lex.words.not_sold {
            if let Some(id) = n.like.iter().find(|id| kb.species(id).is_none()) {
                anyhow::bail!(
                    "lexicon.toml: not_sold {} names an unknown species {id}",
                    n.name
                );
            }
        }
        let index = search_index(&kb);
        let identify: std::collections::BTreeMap<String, Vec<String>> = toml::from_str(
            include_str!("../../knowledge/assistant/identify.toml"),
        )
        .map_err(|e| anyhow::anyhow!("knowledge/assistant/identify.toml is malformed: {e}"))?;
        if let Some(id) = identify.keys().find(|id| kb.species(id).is_none()) {
            anyhow::bail!("identify.toml names an unknown species {id}");
        }
        Ok(Engine {
            kb,
            lex,
            hazards,
            safety_net,
            intents,
            watering,
            book,
            care_tasks,
            kind_care,
            identify: identify.into_iter().collect(),
            index,
        })
    }

    /// Whether a message asks about the customer's orders (so the caller loads them).
    pub fn asks_order_status(&self, text: &str) -> bool {
        shop::asks_order_status(&self.lex, &Prepared::new(text))
    }

    fn words(&self) -> &super::lexicon::EngineWords {
        &self.lex.words.engine
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.kb
    }

    /// Species in an answer (for tests and the model prompt).
    pub fn plants_in(&self, text: &str) -> Vec<&Species> {
        recognize(&self.kb, text).plants
    }

    /// Answers one message: safety first, then the shop, myths and direct answers from the
    /// typed reading (`front`), then the care guides (shortened unless the customer asks for
    /// more).
    pub fn answer(&self, q: &Question) -> Answer {
        // "…and snake plant?": the last question again, about the new plant or place.
        // Read here only when there is a last question; `answer_one` reads the message itself.
        let again = q.memory.last_question.as_deref().and_then(|last| {
            let prepared = Prepared::new(q.text);
            let c = &self.lex.words.climate;
            let d = &self.lex.shop.delivery_places;
            let places = [
                &d.metros,
                &d.not_served,
                &c.north,
                &c.coastal,
                &c.deccan,
                &c.hills,
                &c.dry,
            ];
            let r = recognize(&self.kb, q.text);
            super::followup::asked_again(&self.kb, &places, last, &prepared, &r)
        });
        let asked = again.as_deref().unwrap_or(q.text);
        let mut answer = self.answer_one(&Question { text: asked, ..*q });
        answer.memory.last_question = Some(asked.to_string());
        answer
    }

    fn answer_one(&self, q: &Question) -> Answer {
        let prepared = Prepared::new(q.text);
        let mut reading = read(&self.lex.words, q.text, &prepared, q.memory.lang);
        let r = recognize(&self.kb, q.text);
        reading.price |= self.asks_price_again(q, &reading, &r, &prepared);
        let memory = memory_with_facts(q, &reading, &prepared);
        let mut answer = match self.front(q, &reading, &r, &prepared, &memory) {
            Some(front) => front,
            None => {
                let asks_about_a_plant =
                    matches!(reading.ask, Ask::YesNo | Ask::HowOften | Ask::Why);
                let mut a = self.guide_answer(q, &r, &memory, reading.lang, asks_about_a_plant);
                // A question the intent model is sure is about the shop, which no policy
                // phrase matched ("how many days to Guwahati 781001?"), is not refused as
                // off-topic: it gets the shop's delivery and payment facts.
                if !a.on_topic
                    && q.photos.is_empty()
                    && self.intents.read(&prepared).is_surely(Kind::Shop)
                {
                    a.text = self.shop_overview(reading.lang);
                    a.on_topic = true;
                }
                if a.on_topic && reading.lang != Lang::En && q.photos.is_empty() {
                    a.text = self.in_customer_language(
                        &a,
                        &reading,
                        &r,
                        &prepared,
                        Season::of_month(q.month),
                    );
                } else if !reading.more && q.photos.is_empty() {
                    // Photo answers keep every photo's findings and the safety line. A guide
                    // answer stays within 150 words: kept whole up to that, else cut to 120
                    // and the "tell me more" hint.
                    a.text = shorten_within(
                        &a.text,
                        SHORT_ANSWER_WHOLE,
                        SHORT_ANSWER_WORDS,
                        reading.lang,
                    );
                }
                a
            }
        };
        self.verdict_first(&mut answer, &reading, &r, &prepared, q);
        // Every answer, whichever stage wrote it (a plant's sheet for "why no splits?", a
        // comparison, a list), stays within the 150 words customers read unless they asked for
        // more; a safety answer and a photo's findings are given whole, and so is a short
        // answer that carries a plant's ⚠️ warning (a verdict on a poisonous plant a little
        // over the budget must not lose the warning to the cut).
        let warned = answer.text.contains("⚠️")
            && answer.text.split_whitespace().count() <= WARNED_ANSWER_WHOLE;
        if !reading.more
            && q.photos.is_empty()
            && answer.safety.is_none()
            && answer.on_topic
            && !warned
        {
            answer.text = shorten_within(
                &answer.text,
                SHORT_ANSWER_WHOLE,
                SHORT_ANSWER_WORDS,
                reading.lang,
            );
        }
        self.finish(&mut answer, &reading, &r, q);
        answer
    }

    /// The shop's delivery and payment facts, for a shop question no policy phrase matched.
    fn shop_overview(&self, lang: Lang) -> String {
        let email = &self.lex.shop.support_email;
        ["delivery", "payment"]
            .iter()
            .filter_map(|id| self.lex.shop.topic.iter().find(|t| t.id == *id))
            .map(|t| t.text.get(lang).replace("{support_email}", email))
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    /// A short message right after a price asks a price too: "…and the ZZ plant?" (that
    /// one's), "how much?" or "uska price?" after a plant or a list (its price).
    fn asks_price_again(
        &self,
        q: &Question,
        reading: &Reading,
        r: &Recognition,
        prepared: &Prepared,
    ) -> bool {
        let no_care = r.intents.iter().all(|i| !i.is_care());
        let and_this_one = q.memory.asked_price
            && reading.words <= 5
            && !r.plants.is_empty()
            && reading.ask == Ask::Other
            && no_care;
        let has_topic = q.memory.plant.is_some() || !q.memory.list.is_empty();
        let how_much = reading.words <= 4
            && has_topic
            && r.plants.is_empty()
            && self.words().price_short.hit(prepared)
            && no_care;
        and_this_one || how_much
    }
}

/// The full-text index over the guides (ids from 0) and then the species (ids after the
/// guides), for descriptions no keyword or name catches.
fn search_index(kb: &Knowledge) -> SearchEngine<u32, u32, KbTokenizer> {
    let mut docs = Vec::new();
    for (i, g) in kb.guides.iter().enumerate() {
        let text = format!(
            "{} {} {} {} {}",
            g.title,
            g.keywords.join(" "),
            g.summary,
            g.causes.join(" "),
            g.hindi_title
        );
        docs.push(Document::new(i as u32, text));
    }
    let offset = kb.guides.len() as u32;
    for (i, s) in kb.species.iter().enumerate() {
        let text = format!(
            "{} {} {} {} {} {}",
            s.name,
            s.aliases.join(" "),
            s.botanical,
            s.hindi,
            s.summary,
            s.traits.join(" ")
        );
        docs.push(Document::new(offset + i as u32, text));
    }
    SearchEngineBuilder::<u32, u32, KbTokenizer>::with_tokenizer_and_documents(KbTokenizer, docs)
        .build()
}

/// The chat's memory with what this message tells about the customer: the language, the
/// city, how often they water; and for the rest of the chat pets, children, a budget.
fn memory_with_facts(q: &Question, reading: &Reading, prepared: &Prepared) -> Memory {
    let mut memory = q.memory.clone();
    memory.lang = Some(reading.lang);
    if let Some((city, zone)) = &reading.city {
        memory.city = Some(city.clone());
        memory.zone = Some(*zone);
    }
    if reading.habit_hours.is_some() {
        memory.habit_hours = reading.habit_hours;
    }
    let stated = read_wishes(q.text, prepared);
    memory.pets |= stated.pets;
    if stated.light.is_some() {
        memory.light = stated.light;
    }
    memory.children |= stated.children;
    if stated.stated_budget.is_some() {
        memory.budget = stated.stated_budget;
        memory.budget_total = stated.total;
    }
    memory
}
