//! One message on its way through the front stages: what every stage needs to know about it,
//! gathered once so that a stage takes one argument instead of seven.

use super::{Answer, Engine, Question};
use crate::assistant::answers::Ctx;
use crate::assistant::brief::Brief;
use crate::assistant::cues::Intent;
use crate::assistant::knowledge::{Knowledge, Species};
use crate::assistant::lexicon::Lang;
use crate::assistant::memory::Memory;
use crate::assistant::reading::{Ask, Reading};
use crate::assistant::recognize::Recognition;
use crate::assistant::recommend::{read_wishes, Wishes};
use crate::assistant::season::Season;
use crate::assistant::text::Prepared;

/// A front stage: the answer's text when the message is its kind of question, else None and
/// the next stage is asked. A stage may note what it learnt in the turn's memory or `picked`.
pub(super) type Stage = fn(&Engine, &mut Turn) -> Option<String>;

pub(super) struct Turn<'a> {
    /// The knowledge base, for what a stage keeps in the turn (`picked`).
    pub kb: &'a Knowledge,
    pub q: &'a Question<'a>,
    pub reading: &'a Reading,
    pub r: &'a Recognition<'a>,
    pub text: &'a Prepared,
    pub lang: Lang,
    /// The plant the message names (the first, when it names several).
    pub named: Option<&'a Species>,
    /// The plant the chat is about: the one named now, else the one discussed last.
    pub remembered: Option<&'a Species>,
    /// The first plant of the last list shown.
    pub listed_first: Option<&'a Species>,
    /// What the message asks for (pets, budget, light, groups of plants).
    pub wishes: Wishes,
    /// The message asks about the last list shown ("which of them…?").
    pub among_list: bool,
    /// A plant chosen from the last list by its place ("the second one — how often to
    /// water?"), for the care stages to answer about.
    pub picked: Option<&'a Species>,
    /// The answer's memory: it goes with whichever stage answers.
    pub memory: Memory,
}

impl<'a> Turn<'a> {
    pub fn new(
        engine: &'a Engine,
        q: &'a Question<'a>,
        reading: &'a Reading,
        r: &'a Recognition<'a>,
        text: &'a Prepared,
        memory: &Memory,
    ) -> Turn<'a> {
        let named = r.plants.first().copied();
        let mut memory = memory.clone();
        memory.turns += 1;
        if let Some(s) = named {
            memory.plant = Some(s.id.clone());
        }
        let remembered = memory.plant.as_deref().and_then(|id| engine.kb.species(id));
        let listed_first = memory
            .list
            .first()
            .and_then(|id| q.catalogue.iter().find(|i| &i.id == id))
            .and_then(|i| engine.kb.species_for_catalogue_name(&i.name));
        // The customer's pets and children are already in the memory (`Engine::answer`).
        let wishes = read_wishes(q.text, text);
        let among_list =
            !memory.list.is_empty() && named.is_none() && engine.words().among_list.hit(text);
        Turn {
            kb: &engine.kb,
            q,
            reading,
            r,
            text,
            lang: reading.lang,
            named,
            remembered,
            listed_first,
            wishes,
            among_list,
            picked: None,
            memory,
        }
    }

    /// The message asks which plant to get, with a wish of its own or one told earlier in
    /// the chat (pets, children, the light of the place): a recommendation, not a name.
    pub fn recommending(&self) -> bool {
        let m = &self.memory;
        let told = m.pets || m.children || m.light.is_some();
        self.r.has(Intent::Recommend) && (self.wishes.asks_for_something() || told)
            || self.named.is_none()
                && self.reading.ask != Ask::Identify
                && self.wishes.requests_plants()
    }

    /// The season now (India).
    pub fn now(&self) -> Season {
        Season::of_month(self.q.month)
    }

    /// What every writer needs, for answers written in the customer's language.
    pub fn ctx(&self) -> Ctx<'a> {
        Ctx {
            hindi: self.lang == Lang::Hi,
            hinglish: self.lang == Lang::Hinglish,
            season: self.now(),
            catalogue: self.q.catalogue,
        }
    }

    /// The plant the message is about: the one it names or picks from the list, else — for a
    /// follow-up (a price, "more", a question, a care topic) — the one the chat was about.
    pub fn plant(&self) -> Option<&'a Species> {
        let (reading, r) = (self.reading, self.r);
        self.named.or(self.picked).or_else(|| {
            let follow = reading.price
                || reading.more
                || reading.ask != Ask::Other
                || r.refers_back
                || r.intents.iter().any(|i| i.is_care());
            follow
                .then(|| self.remembered.or(self.listed_first))
                .flatten()
        })
    }

    /// The answer, with what this turn remembers.
    pub fn answered(self, text: String, safety: Option<String>) -> Answer {
        Answer {
            hindi: self.lang == Lang::Hi,
            text,
            memory: self.memory,
            on_topic: true,
            warnings: Vec::new(),
            shop_lines: Vec::new(),
            safety,
            brief: Brief::default(),
        }
    }
}

impl Engine {
    /// The species of the last list shown, in its order.
    pub(super) fn listed_species(&self, t: &Turn) -> Vec<&Species> {
        t.memory
            .list
            .iter()
            .filter_map(|id| t.q.catalogue.iter().find(|i| &i.id == id))
            .filter_map(|i| self.kb.species_for_catalogue_name(&i.name))
            .collect()
    }

    /// The message speaks of small children and not of pets: the child-safety verdict.
    pub(super) fn children_only(&self, text: &Prepared) -> bool {
        self.words().children.hit(text) && !self.words().pets.hit(text)
    }
}

/// The season a question names ("…in summer"), if any.
pub(super) fn season_asked(r: &Recognition) -> Option<Season> {
    r.intents.iter().find_map(|i| match i {
        Intent::Summer => Some(Season::Summer),
        Intent::Monsoon => Some(Season::Monsoon),
        Intent::Winter => Some(Season::Winter),
        _ => None,
    })
}
