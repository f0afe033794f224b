//! The embedded expert: reads a question (and photo findings), decides what kind of answer
//! it needs, and writes it from the knowledge base and the live catalogue. Pure and
//! synchronous, so it is tested directly and answers in well under a millisecond.

use bm25::{Document, SearchEngine, SearchEngineBuilder};

use super::answers::{self, Ctx};
use super::brief::{Brief, BriefInput};
use super::compose::{phrases, Reply};
use super::cues::Intent;
use super::direct::{self, Criterion, KindCare, Situation, Watering};
use super::groups;
use super::knowledge::{Guide, Knowledge, Species};
use super::lexicon::{Lang, Lexicons};
use super::memory::Memory;
use super::photo::{self, PhotoReport};
use super::quick::Phrasebook;
use super::reading::{read, Ask, Reading, Zone};
use super::recognize::{recognize, Recognition};
use super::recommend::{advise, cold_note, rank, read_wishes, stocked};
use super::season::Season;
use super::shop::{self, OrderBrief};
use super::text::{KbTokenizer, Prepared};
use super::triage;
use super::verdict;
use crate::domain::catalogue::CatalogueItem;

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
    watering: Watering,
    /// Quick answers and the Hindi/Hinglish guide bodies.
    book: Phrasebook,
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
        photo::ask::PhotoQuestions::embedded()?;
        let watering = Watering::embedded(&kb)?;
        let book = Phrasebook::embedded(&kb)?;
        let kind_care = KindCare::embedded(&kb)?;
        answers::check_hindi_reasons(&kb)?;
        super::recommend::WishWords::check(&kb)?;
        super::followup::FollowUps::check()?;
        groups::check(&kb)?;
        for n in &lex.words.not_sold {
            if let Some(id) = n.like.iter().find(|id| kb.species(id).is_none()) {
                anyhow::bail!(
                    "lexicon.toml: not_sold {} names an unknown species {id}",
                    n.name
                );
            }
        }
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
        let index = SearchEngineBuilder::<u32, u32, KbTokenizer>::with_tokenizer_and_documents(
            KbTokenizer,
            docs,
        )
        .build();
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
            watering,
            book,
            kind_care,
            identify: identify.into_iter().collect(),
            index,
        })
    }

    /// Whether a message asks about the customer's orders (so the caller loads them).
    pub fn asks_order_status(&self, text: &str) -> bool {
        shop::asks_order_status(&self.lex, &Prepared::new(text))
    }

    /// A yes/no question whose answer does not open with its verdict gets one derived from
    /// the species' structured care (`verdict.rs`), put first.
    fn verdict_first(
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

    fn words(&self) -> &super::lexicon::EngineWords {
        &self.lex.words.engine
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.kb
    }

    /// Answers one message: safety first, then the shop, myths and direct answers from the
    /// typed reading, then the care guides (shortened unless the customer asks for more).
    pub fn answer(&self, q: &Question) -> Answer {
        let prepared = Prepared::new(q.text);
        let mut reading = read(&self.lex.words, q.text, &prepared, q.memory.lang);
        let r = recognize(&self.kb, q.text);
        // "…and the ZZ plant?" right after a price: the price of that one too.
        if q.memory.asked_price
            && reading.words <= 5
            && !r.plants.is_empty()
            && reading.ask == Ask::Other
            && r.intents.iter().all(|i| !i.is_care())
        {
            reading.price = true;
        }
        // "How much?" or "uska price?" right after a plant or a list: its price.
        let has_topic = q.memory.plant.is_some() || !q.memory.list.is_empty();
        if reading.words <= 4
            && has_topic
            && r.plants.is_empty()
            && self.words().price_short.hit(&prepared)
            && r.intents.iter().all(|i| !i.is_care())
        {
            reading.price = true;
        }
        let mut memory = q.memory.clone();
        memory.lang = Some(reading.lang);
        if let Some((city, zone)) = &reading.city {
            memory.city = Some(city.clone());
            memory.zone = Some(*zone);
        }
        if reading.habit_hours.is_some() {
            memory.habit_hours = reading.habit_hours;
        }
        // Facts about the customer hold for the rest of the chat: pets, children, a budget.
        let stated = read_wishes(q.text, &prepared);
        memory.pets |= stated.pets;
        memory.children |= stated.children;
        if stated.stated_budget.is_some() {
            memory.budget = stated.stated_budget;
            memory.budget_total = stated.total;
        }
        let mut answer = match self.front(q, &reading, &r, &prepared, &memory) {
            Some(front) => front,
            None => {
                let asks_about_a_plant =
                    matches!(reading.ask, Ask::YesNo | Ask::HowOften | Ask::Why);
                let mut a = self.guide_answer(q, &r, &memory, reading.lang, asks_about_a_plant);
                if a.on_topic && reading.lang != Lang::En && q.photos.is_empty() {
                    a.text = self.in_customer_language(&a, &reading, &r, Season::of_month(q.month));
                } else if !reading.more && q.photos.is_empty() {
                    // Photo answers keep every photo's findings and the safety line.
                    a.text = shorten(&a.text, 150, reading.lang);
                }
                a
            }
        };
        self.verdict_first(&mut answer, &reading, &r, &prepared, q);
        answer.memory.asked_price = reading.price || reading.sell;
        if reading.lang == Lang::En {
            answer.text = super::followup::fix_articles(&answer.text);
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
            reading: &reading,
            plants: &plants,
            memory: &answer.memory,
            answer_text: &answer.text,
            safety: answer.safety.as_deref(),
            warnings: &answer.warnings,
            season: Season::of_month(q.month),
            watering: &self.watering,
            shop: &self.lex.shop,
        });
        answer
    }

    /// A guide answer for a Hindi or Hinglish question: the guide's reviewed body in that
    /// language (`guide_texts.toml`), or for a plant its care built from structured facts;
    /// a guide not yet translated gets the opening frame in the language (`lexicon.toml`)
    /// and, for Hinglish, the first English steps.
    fn in_customer_language(
        &self,
        a: &Answer,
        reading: &Reading,
        r: &Recognition,
        season: Season,
    ) -> String {
        let lang = reading.lang;
        let guide = a.memory.guide.as_deref().and_then(|id| self.kb.guide(id));
        let plant = a.memory.plant.as_deref().and_then(|id| self.kb.species(id));
        let asked_guide =
            guide.filter(|g| r.guides.iter().any(|m| m.guide.id == g.id) || g.is_problem());
        if let Some(g) = asked_guide {
            if let Some(body) = self.book.guide(&g.id, lang) {
                let more = more_hint(lang);
                let title = match lang {
                    Lang::Hi => g.hindi_title.clone(),
                    _ => g.title.clone(),
                };
                let title = match plant.filter(|_| !r.plants.is_empty()) {
                    Some(s) if lang == Lang::Hi => format!("{} — {title}", s.hindi),
                    Some(s) => format!("{} — {title}", s.name),
                    None => title,
                };
                return format!("**{title}:** {body}\n\n{more}");
            }
        } else if let Some(s) = plant {
            let zone = a.memory.zone;
            if let Some(t) = direct::care_brief(&self.watering, s, season, zone, lang) {
                // What was asked (light, feeding, soil), in the customer's language: the
                // light level from the structured facts, feeding and soil by kind of plant.
                let p = super::compose::phrases(lang == Lang::Hi);
                let (feeding, soil) = self.kind_care.texts(s, lang).unwrap_or_default();
                let (feeding_label, soil_label) = match lang {
                    Lang::Hi => (p.feeding, p.soil),
                    _ => ("Khaad", "Mitti"),
                };
                let mut refs: Vec<String> = Vec::new();
                let asked_light =
                    r.has(Intent::Light) || r.intents.is_empty() || r.has(Intent::Care);
                if asked_light {
                    refs.push(direct::light_brief(s, lang));
                }
                if r.has(Intent::Feeding) {
                    refs.push(format!("**{feeding_label}:** {feeding}"));
                }
                if r.has(Intent::Soil) || asked_light {
                    refs.push(format!("**{soil_label}:** {soil}"));
                }
                return format!("{t}\n\n{}\n\n{}", refs.join("\n"), more_hint(lang));
            }
        }
        let f = &self.lex.words.frames;
        let (frame, title) = match asked_guide {
            Some(g) => {
                let frame = match g.kind.as_str() {
                    "pest" => &f.pest,
                    "disease" => &f.disease,
                    "symptom" => &f.symptom,
                    _ => &f.care,
                };
                let title = if lang == Lang::Hi {
                    g.hindi_title.clone()
                } else {
                    g.title.clone()
                };
                (frame, title)
            }
            None => return shorten(&a.text, 150, lang),
        };
        match lang {
            // Hindi: the opening alone (it carries the usual remedy) until the guide's Hindi
            // text is written.
            Lang::Hi => frame.hi.replace("{title}", &title),
            _ => {
                let details = match guide {
                    Some(g) => g
                        .steps
                        .iter()
                        .take(3)
                        .enumerate()
                        .map(|(i, step)| format!("{}. {step}", i + 1))
                        .collect::<Vec<_>>()
                        .join("\n"),
                    None => shorten(&a.text, 50, lang),
                };
                format!(
                    "{}\n\n{details}\n\n{}",
                    frame.hinglish.replace("{title}", &title),
                    more_hint(lang)
                )
            }
        }
    }

    /// The answers that come before the care guides, or None to fall through to them.
    fn front(
        &self,
        q: &Question,
        reading: &Reading,
        r: &Recognition,
        text: &Prepared,
        memory: &Memory,
    ) -> Option<Answer> {
        let lang = reading.lang;
        let named = r.plants.first().copied();
        let done = |text: String, memory: Memory, safety: Option<String>| Answer {
            hindi: lang == Lang::Hi,
            text,
            memory,
            on_topic: true,
            warnings: Vec::new(),
            shop_lines: Vec::new(),
            safety,
            brief: Brief::default(),
        };
        let mut memory = memory.clone();
        memory.turns += 1;
        if let Some(s) = named {
            memory.plant = Some(s.id.clone());
        }
        let remembered = memory.plant.as_deref().and_then(|id| self.kb.species(id));
        let listed_first = memory
            .list
            .first()
            .and_then(|id| q.catalogue.iter().find(|i| &i.id == id))
            .and_then(|i| self.kb.species_for_catalogue_name(&i.name));
        let about = named.or(remembered).or(listed_first);
        if let Some(v) = triage::triage(&self.lex, text, lang, about) {
            return Some(done(v.text, memory, Some(v.rule)));
        }
        if !q.photos.is_empty() {
            return None;
        }
        // A short follow-up without a topic of its own ("why?", "koi spray batao", "what
        // about watering them?") continues the chat's topic.
        if let Some(t) = super::followup::continued(
            &self.kb,
            &self.book,
            &self.watering,
            text,
            r,
            &memory,
            q.catalogue,
            Season::of_month(q.month),
            lang,
        ) {
            return Some(done(t, memory, None));
        }
        if shop::asks_order_status(&self.lex, text) {
            let cancelling = self.words().cancel.hit(text);
            return Some(done(
                shop::order_status(
                    &self.lex,
                    q.orders,
                    lang,
                    cancelling,
                    self.lex.shop.order_status.arrived.hit(text),
                ),
                memory,
                None,
            ));
        }
        // Shop policies, together with a catalogue answer when both are asked
        // ("how much is the money plant and does it come with a pot?").
        if let Some(policy) = shop::policy(&self.lex, q.text, text, lang) {
            let item = named
                .filter(|_| reading.sell || reading.price)
                .map(|s| shop::sells_species(&self.kb, s, q.catalogue, lang, memory.pets));
            let text = match item {
                Some(item) => format!("{item}\n\n{policy}"),
                None => policy,
            };
            return Some(done(text, memory, None));
        }
        if let Some(m) = triage::myth(&self.lex, text, lang) {
            // "Which plant purifies air best, safe for kids?": the myth corrected in one
            // sentence, then the plants that were asked for.
            if named.is_none() && r.has(Intent::Recommend) {
                let mut wishes = read_wishes(q.text, text);
                wishes.pets |= memory.pets;
                wishes.children |= memory.children;
                let ctx = Ctx {
                    hindi: lang == Lang::Hi,
                    hinglish: lang == Lang::Hinglish,
                    season: Season::of_month(q.month),
                    catalogue: q.catalogue,
                };
                let plants = answers::recommendation(&wishes, &rank(&self.kb, &wishes), &ctx);
                let first = super::brief::first_sentence(&m);
                memory.recommending = true;
                let t = format!("{first}\n\n{}", shorten(&plants.finish(), 110, lang));
                return Some(done(t, memory, None));
            }
            return Some(done(m, memory, None));
        }
        // A claim about the named plant's care ("haworthia loves afternoon sun, right?"):
        // judged against its care data.
        if let Some(s) = named.filter(|_| reading.ask != Ask::Why) {
            if let Some(v) = super::claims::check(
                s,
                text,
                &self.lex.words.claim,
                &self.lex.words.verdict,
                &self.watering,
                Season::of_month(q.month),
                lang,
                r.has(Intent::Problem),
            ) {
                return Some(done(v, memory, None));
            }
        }
        // General-care questions with one right answer ("is it ok to water at night?").
        let asking = matches!(reading.ask, Ask::YesNo | Ask::HowOften)
            || (q.text.contains('?') && reading.ask != Ask::Why);
        if let Some(t) = self.book.quick_answer(text, asking, lang) {
            return Some(done(t, memory, None));
        }
        let wishes = read_wishes(q.text, text);
        memory.pets |= wishes.pets;
        memory.children |= wishes.children;
        let pets = memory.pets;
        // The catalogue: extremes, an item of the last list, cheaper, "do you sell".
        let among_list =
            !memory.list.is_empty() && named.is_none() && self.words().among_list.hit(text);
        // "Which of them is safe for my cat?" after a list: each listed plant's verdict.
        if among_list && (r.has(Intent::Toxicity) || self.words().pets.hit(text)) {
            let children = self.words().children.hit(text) && !self.words().pets.hit(text);
            let listed: Vec<&Species> = memory
                .list
                .iter()
                .filter_map(|id| q.catalogue.iter().find(|i| &i.id == id))
                .filter_map(|i| self.kb.species_for_catalogue_name(&i.name))
                .collect();
            if !listed.is_empty() {
                let t = shop::safe_among(&self.kb, &listed, q.catalogue, children, lang);
                return Some(done(t, memory, None));
            }
        }
        if reading.cheapest || reading.priciest || (among_list && reading.cheaper) {
            let pool: Vec<CatalogueItem> = if among_list {
                q.catalogue
                    .iter()
                    .filter(|i| memory.list.contains(&i.id))
                    .cloned()
                    .collect()
            } else {
                q.catalogue.to_vec()
            };
            // "Cheapest flowering plant?": among the plants of the group named.
            let named_groups = groups::named(text);
            let pool: Vec<CatalogueItem> = if among_list || named_groups.is_empty() {
                pool
            } else {
                pool.into_iter()
                    .filter(|i| {
                        self.kb
                            .species_for_catalogue_name(&i.name)
                            .is_some_and(|s| groups::fits(&named_groups, s))
                    })
                    .collect()
            };
            if let Some(t) = shop::extreme(&pool, !reading.priciest, among_list, lang) {
                return Some(done(t, memory, None));
            }
        }
        let mut picked: Option<&Species> = None;
        if named.is_none() {
            if let Some(n) = reading.ordinal {
                let id = if n == usize::MAX {
                    memory.list.last()
                } else {
                    memory.list.get(n)
                };
                if let Some(item) = id.and_then(|id| q.catalogue.iter().find(|i| &i.id == id)) {
                    let species = self.kb.species_for_catalogue_name(&item.name);
                    if let Some(s) = species {
                        memory.plant = Some(s.id.clone());
                    }
                    // "The second one — how often to water?": the care question about that
                    // plant, answered below; else its price.
                    let asks_care = matches!(reading.ask, Ask::HowOften | Ask::YesNo | Ask::Why)
                        || r.has(Intent::Toxicity)
                        || r.intents.iter().any(|i| i.is_care());
                    match species {
                        Some(s) if asks_care => picked = Some(s),
                        _ => {
                            let hindi = species.map(|s| s.hindi.as_str());
                            return Some(done(shop::price_of(item, lang, hindi), memory, None));
                        }
                    }
                }
            }
            if reading.cheaper && !memory.list.is_empty() && !r.has(Intent::Recommend) {
                if let Some(t) = shop::cheaper_than(&self.kb, &memory.list, q.catalogue, lang, pets)
                {
                    return Some(done(t, memory, None));
                }
            }
        }
        // "Then suggest something similar": plants like the one just discussed.
        if named.is_none() && picked.is_none() && self.words().similar.hit(text) {
            if let Some(s) = remembered.or(listed_first) {
                let t = shop::similar_to(&self.kb, s, q.catalogue, lang, pets);
                return Some(done(t, memory, None));
            }
        }
        let plant = named.or(picked).or_else(|| {
            let follow = reading.price
                || reading.more
                || reading.ask != Ask::Other
                || r.refers_back
                || r.intents.iter().any(|i| i.is_care());
            follow.then(|| remembered.or(listed_first)).flatten()
        });
        // "…hai kya", "available" are weak: a care or problem question that ends with them is
        // not a shop question ("money plant kutte ke liye safe hai kya?").
        let strong_sell = self.words().sell_strong.hit(text);
        let about_care = r.has(Intent::Toxicity)
            || !r.guides.is_empty()
            || r.intents.iter().any(|i| i.is_care() && *i != Intent::Care);
        let selling =
            reading.sell && (strong_sell || !(about_care || self.words().sell_not.hit(text)));
        if selling || (reading.price && plant.is_some()) {
            match plant {
                Some(s) if !r.has(Intent::Recommend) || strong_sell => {
                    let mut t = shop::sells_species(&self.kb, s, q.catalogue, lang, pets);
                    // A second question in the same message ("…and how much sun?").
                    if let Some(extra) = self.also_asked(s, reading, r, text, q, &memory) {
                        t = format!("{t}\n\n{extra}");
                    }
                    return Some(done(t, memory, None));
                }
                None if !r.has(Intent::Recommend) && selling => {
                    if let Some(n) = self.lex.words.not_sold.iter().find(|n| n.any.hit(text)) {
                        let like: Vec<&Species> =
                            n.like.iter().filter_map(|id| self.kb.species(id)).collect();
                        return Some(done(
                            shop::not_sold(&n.name, &like, q.catalogue, lang),
                            memory,
                            None,
                        ));
                    }
                    if self.lex.words.not_plants.any.hit(text) {
                        return Some(done(
                            self.lex.words.not_plants.text.get(lang).to_string(),
                            memory,
                            None,
                        ));
                    }
                    if let Some(wanted) = self.wanted_thing(text) {
                        return Some(done(
                            shop::sells_unknown(&self.kb, &wanted, q.catalogue, lang, pets),
                            memory,
                            None,
                        ));
                    }
                }
                _ => {}
            }
        }
        // Two plants compared: the winner first. "Which one handles less sun?" right after two
        // plants were shown compares those two.
        let listed_pair: Vec<&Species> = if named.is_none() && among_list && memory.list.len() == 2
        {
            memory
                .list
                .iter()
                .filter_map(|id| q.catalogue.iter().find(|i| &i.id == id))
                .filter_map(|i| self.kb.species_for_catalogue_name(&i.name))
                .collect()
        } else {
            Vec::new()
        };
        let pair: Option<(&Species, &Species)> = if r.plants.len() == 2 {
            Some((r.plants[0], r.plants[1]))
        } else if listed_pair.len() == 2 && listed_pair[0].id != listed_pair[1].id {
            Some((listed_pair[0], listed_pair[1]))
        } else {
            None
        };
        if let Some((a, b)) = pair.filter(|_| !reading.more) {
            let criterion = if self.words().compare_faster.hit(text) {
                Criterion::Faster
            } else if reading.priciest || self.words().compare_costlier.hit(text) {
                Criterion::Costlier
            } else if reading.cheaper || reading.price || reading.cheapest {
                Criterion::Cheaper
            } else if self.words().children.hit(text) && !self.words().pets.hit(text) {
                Criterion::ChildSafe
            } else if self.words().pets.hit(text) || memory.pets {
                Criterion::PetSafe
            } else if self.words().compare_more_water.hit(text) {
                Criterion::MoreWater
            } else if self.words().compare_less_water.hit(text) {
                Criterion::LessWater
            } else if self.words().compare_more_sun.hit(text) {
                Criterion::MoreSun
            } else if self.words().compare_heat.hit(text) {
                Criterion::Heat
            } else if self.words().low_light.hit(text) || self.words().indoors.hit(text) {
                Criterion::LowLight
            } else {
                Criterion::Easier
            };
            let price = |s: &Species| stocked(s, q.catalogue).first().map(|i| i.price);
            let mut t = direct::compare(
                a,
                b,
                criterion,
                &self.watering,
                Season::of_month(q.month),
                (price(a), price(b)),
                lang,
            );
            let lines: Vec<String> = [a, b]
                .iter()
                .filter_map(|s| stocked(s, q.catalogue).into_iter().next())
                .map(|i| format!("- {}", shop::item_line(i)))
                .collect();
            if lang == Lang::En && criterion == Criterion::Easier {
                let level = |s: &Species| format!("{:?}", s.difficulty).to_lowercase();
                t = format!(
                    "{t}\n\n**Difficulty:** {} {}, {} {}.",
                    a.name,
                    level(a),
                    b.name,
                    level(b)
                );
                for w in [a, b]
                    .iter()
                    .filter_map(|s| answers::safety_warning(s, false))
                {
                    t = format!("{t}\n\n{w}");
                }
            }
            if !lines.is_empty() {
                t = format!("{t}\n{}", lines.join("\n"));
            }
            return Some(done(t, memory, None));
        }
        // "Which plant has long striped leaves…?": the closest species by description — when
        // the name is asked, or when the description alone is clear (two cues or more).
        // "Which plant is good for low light?" asks for a recommendation, not a name.
        let recommending = r.has(Intent::Recommend) && wishes.asks_for_something();
        if named.is_none() && !recommending && !self.words().identify_not.hit(text) {
            let asks_name = reading.ask == Ask::Identify || self.words().identify.hit(text);
            let by_cues = self.identified_by_cues(q.text);
            let found = match by_cues {
                Some((s, n)) if asks_name || n >= 2 => Some(s),
                _ if asks_name => self.identified_by_search(q.text),
                _ => None,
            };
            if let Some(s) = found {
                memory.plant = Some(s.id.clone());
                let t = match lang {
                    Lang::En => format!(
                        "That sounds like **{}** ({}, {}). {}",
                        s.name, s.hindi, s.botanical, s.summary
                    ),
                    Lang::Hi => format!(
                        "यह **{}** ({}) लगता है। {}",
                        s.hindi,
                        s.name,
                        direct::care_brief(
                            &self.watering,
                            s,
                            Season::of_month(q.month),
                            memory.zone,
                            lang
                        )
                        .unwrap_or_default()
                    ),
                    Lang::Hinglish => format!(
                        "Yeh **{}** ({}) lagta hai. {}",
                        s.name,
                        s.hindi,
                        direct::care_brief(
                            &self.watering,
                            s,
                            Season::of_month(q.month),
                            memory.zone,
                            lang
                        )
                        .unwrap_or_default()
                    ),
                };
                let line = stocked(s, q.catalogue)
                    .first()
                    .map(|i| format!("\n- {}", shop::item_line(i)))
                    .unwrap_or_default();
                return Some(done(format!("{t}{line}"), memory, None));
            }
        }
        // Direct answers about one plant.
        let Some(s) = plant else {
            return self.facts_only(reading, r, text, lang, memory);
        };
        if reading.more && named.is_none() && r.guides.is_empty() {
            let ctx = Ctx {
                hindi: lang == Lang::Hi,
                hinglish: lang == Lang::Hinglish,
                season: Season::of_month(q.month),
                catalogue: q.catalogue,
            };
            return Some(done(
                answers::species_care(s, &[], &ctx).finish(),
                memory,
                None,
            ));
        }
        if reading.more || r.plants.len() > 1 || r.guides.iter().any(|g| g.guide.is_problem()) {
            return None;
        }
        memory.plant = Some(s.id.clone());
        let season = Season::of_month(q.month);
        let zone = memory.city.as_deref().zip(memory.zone);
        let other_topic = r.intents.iter().any(|i| {
            i.is_care()
                && !matches!(
                    i,
                    Intent::Water
                        | Intent::Care
                        | Intent::Summer
                        | Intent::Monsoon
                        | Intent::Winter
                )
        });
        // Several questions about one plant ("how often to water, does it need sun, is it
        // safe for dogs?"): one short answer each, in a fixed order.
        // "How often should I fertilise?" is about feeding, not water.
        let mentions_water = text.has_stem(&["water"]) || self.words().water_words.hit(text);
        let water_asked = (r.has(Intent::Water) || reading.ask == Ask::HowOften)
            && (mentions_water || !other_topic);
        let parts = [water_asked, r.has(Intent::Light), r.has(Intent::Toxicity)];
        if parts.iter().filter(|p| **p).count() >= 2 {
            let mut out: Vec<String> = Vec::new();
            if parts[0] {
                let sit = Situation {
                    now: season,
                    lang,
                    season: season_asked(r).unwrap_or(season),
                    zone,
                    habit_hours: reading.habit_hours,
                    amount: None,
                };
                if let Some(t) = direct::watering(&self.watering, s, &sit) {
                    out.push(t.split("\n\n").next().unwrap_or_default().to_string());
                }
            }
            if parts[1] {
                out.push(direct::light_brief(s, lang));
            }
            if parts[2] {
                let children = self.words().children.hit(text) && !self.words().pets.hit(text);
                out.push(direct::toxicity(s, lang, children));
            }
            return Some(done(out.join("\n\n"), memory, None));
        }
        if r.has(Intent::Toxicity) {
            let children = self.words().children.hit(text) && !self.words().pets.hit(text);
            // "Is it poisonous?" is answered Yes when it is; "is it safe?" No.
            let mut t = if reading.ask == Ask::YesNo && self.lex.words.verdict.toxic.hit(text) {
                verdict::is_toxic(s, children, lang)
            } else {
                direct::toxicity(s, lang, children)
            };
            // The knowledge base's own safety line backs the verdict up.
            let support = match lang {
                Lang::Hi => direct::hindi_caution(s),
                _ => answers::safety_warning(s, false)
                    .unwrap_or_else(|| format!("**{}** is non-toxic: {}", s.name, s.toxicity_note)),
            };
            // A harmless plant in Hinglish gets a Hinglish line; a toxic one keeps the knowledge
            // base's own warning (its toxic principle).
            if lang == Lang::Hinglish && !s.is_toxic() {
                t = format!(
                    "{t}\n\n**{}** non-toxic hai: billi aur kutton ke liye safe maana jaata hai.",
                    s.name
                );
            } else if s.is_toxic() || lang != Lang::En {
                t = format!("{t}\n\n{support}");
            }
            return Some(done(t, memory, None));
        }
        let asks_water = water_asked
            || (reading.ask == Ask::YesNo
                && !other_topic
                && memory.habit_hours.is_some()
                && reading.words <= 6)
            || (reading.habit_hours.is_some() && reading.ask == Ask::YesNo);
        if asks_water {
            let sit = Situation {
                now: season,
                lang,
                season: season_asked(r).unwrap_or(season),
                zone,
                habit_hours: reading.habit_hours.or(if reading.ask == Ask::YesNo {
                    memory.habit_hours
                } else {
                    None
                }),
                amount: reading.amount.filter(|_| reading.ask == Ask::YesNo),
            };
            let t = direct::watering(&self.watering, s, &sit)?;
            return Some(done(t, memory, None));
        }
        if reading.ask == Ask::YesNo && (r.has(Intent::Light) || reading.low_light) {
            let low = reading.low_light || self.words().low_light.hit(text);
            let sun = self.words().sun.hit(text);
            if low || sun {
                return Some(done(direct::light(s, lang, low), memory, None));
            }
            if self.words().window.hit(text) {
                return Some(done(direct::window(s, lang), memory, None));
            }
        }
        None
    }

    /// A second question asked with "do you sell / how much is X": light or watering for the
    /// plant, or the delivery time to a city named.
    fn also_asked(
        &self,
        s: &Species,
        reading: &Reading,
        r: &Recognition,
        text: &Prepared,
        q: &Question,
        memory: &Memory,
    ) -> Option<String> {
        let mut extra: Vec<String> = Vec::new();
        if let Some(place) = shop::delivery_to_city(&self.lex, q.text, text, reading.lang) {
            extra.push(place);
        }
        if r.has(Intent::Light) {
            extra.push(direct::light_brief(s, reading.lang));
        }
        if r.has(Intent::Water) || reading.ask == Ask::HowOften {
            let season = Season::of_month(q.month);
            let sit = Situation {
                now: season,
                lang: reading.lang,
                season: season_asked(r).unwrap_or(season),
                zone: memory.city.as_deref().zip(memory.zone),
                habit_hours: None,
                amount: None,
            };
            if let Some(t) = direct::watering(&self.watering, s, &sit) {
                extra.push(t.split("\n\n").next().unwrap_or_default().to_string());
            }
        }
        if r.has(Intent::Toxicity) {
            let children = self.words().children.hit(text) && !self.words().pets.hit(text);
            extra.push(direct::toxicity(s, reading.lang, children));
        }
        (!extra.is_empty()).then(|| extra.join("\n\n"))
    }

    /// A message that only tells facts about the customer ("I live in Chennai", "I have a
    /// cat"), or asks about winter in a frost-free city: acknowledged in their language.
    fn facts_only(
        &self,
        reading: &Reading,
        r: &Recognition,
        text: &Prepared,
        lang: Lang,
        memory: Memory,
    ) -> Option<Answer> {
        let done = |t: String| Answer {
            hindi: lang == Lang::Hi,
            text: t,
            memory: memory.clone(),
            on_topic: true,
            warnings: Vec::new(),
            shop_lines: Vec::new(),
            safety: None,
            brief: Brief::default(),
        };
        let mild = memory.zone.is_some_and(Zone::mild_winter);
        if mild && r.has(Intent::Winter) && r.plants.is_empty() && !r.has(Intent::Recommend) {
            let city = memory.city.clone().unwrap_or_default();
            return Some(done(
                self.lex
                    .words
                    .mild_winter
                    .get(lang)
                    .replace("{city}", &city),
            ));
        }
        let told = reading.city.is_some()
            || self.words().pets.hit(text)
            || self.words().children.hit(text);
        let asked = !r.intents.is_empty()
            || !r.guides.is_empty()
            || reading.ask != Ask::Other
            || reading.sell
            || reading.price
            || reading.words > 5;
        if !told || asked {
            return None;
        }
        let mut facts = Vec::new();
        if let Some((city, zone)) = &reading.city {
            facts.push(match (lang, zone) {
                (Lang::En, Zone::Coastal) => format!(
                    "{city}: humid coastal climate, mild frost-free winters and a heavy monsoon"
                ),
                (Lang::En, Zone::Deccan) => {
                    format!("{city}: mild Deccan climate, frost-free winters")
                }
                (Lang::En, Zone::North) => {
                    format!("{city}: hot summers (40 °C+) and cold winters with some frost")
                }
                (Lang::En, Zone::Hills) => format!("{city}: cool hills with cold winters"),
                (Lang::En, Zone::Dry) => format!("{city}: dry desert heat"),
                (Lang::Hi, _) => format!("आप {city} में हैं"),
                (_, _) => format!("aap {city} mein hain"),
            });
        }
        if self.words().pets.hit(text) {
            facts.push(match lang {
                Lang::En => "you have a pet, so I'll suggest only pet-safe plants".into(),
                Lang::Hi => "आपके पास पालतू है, इसलिए मैं सिर्फ़ उनके लिए सुरक्षित पौधे बताऊँगा".into(),
                Lang::Hinglish => {
                    "aapke paas pet hai, isliye main sirf pet-safe paudhe bataunga".into()
                }
            });
        }
        if self.words().children.hit(text) {
            facts.push(match lang {
                Lang::En => "there are small children at home, so I'll avoid toxic plants".into(),
                Lang::Hi => "घर में छोटे बच्चे हैं, इसलिए ज़हरीले पौधे नहीं बताऊँगा".into(),
                Lang::Hinglish => {
                    "ghar mein chhote bacche hain, isliye zehreele paudhe nahi bataunga".into()
                }
            });
        }
        let t = match lang {
            Lang::En => format!("Noted — {}. Ask me anything about watering, light or choosing plants and I'll keep it in mind.", facts.join("; ")),
            Lang::Hi => format!("ठीक है — {}। पानी, धूप या पौधे चुनने के बारे में कुछ भी पूछिए, मैं इसका ध्यान रखूँगा।", facts.join("; ")),
            Lang::Hinglish => format!("Theek hai — {}. Paani, dhoop ya paudhe chunne ke baare mein kuch bhi poochhiye, main iska dhyan rakhunga.", facts.join("; ")),
        };
        Some(done(t))
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

    /// What a "do you sell …?" asks for, when it is not a plant the knowledge base knows.
    fn wanted_thing(&self, text: &Prepared) -> Option<String> {
        let kept: Vec<&str> = text
            .words
            .iter()
            .map(String::as_str)
            .filter(|w| !self.words().sell_filler.0.iter().any(|f| f == w))
            .take(4)
            .collect();
        (!kept.is_empty()).then(|| kept.join(" "))
    }

    /// The care-guide answer (the first-generation engine).
    fn guide_answer(
        &self,
        q: &Question,
        r: &Recognition,
        memory_in: &Memory,
        lang: Lang,
        asks_about_a_plant: bool,
    ) -> Answer {
        let prepared = Prepared::new(q.text);
        let hindi = r.hindi;
        let q = &Question {
            memory: memory_in,
            ..*q
        };
        let ctx = Ctx {
            hindi,
            hinglish: lang == Lang::Hinglish,
            season: Season::of_month(q.month),
            catalogue: q.catalogue,
        };
        let mut memory = q.memory.clone();
        memory.turns += 1;
        let wishes_now = read_wishes(q.text, &prepared);
        memory.pets |= wishes_now.pets;
        memory.children |= wishes_now.children;

        let named: Vec<&Species> = r.plants.clone();
        // The plant talked about last, or the first of the last list ("how big does it get?"
        // right after a recommendation).
        let remembered = memory
            .plant
            .as_deref()
            .and_then(|id| self.kb.species(id))
            .or_else(|| {
                memory
                    .list
                    .first()
                    .and_then(|id| q.catalogue.iter().find(|i| &i.id == id))
                    .and_then(|i| self.kb.species_for_catalogue_name(&i.name))
            });
        let follows_up = named.is_empty()
            && remembered.is_some()
            && !r.has(Intent::Recommend)
            && (r.refers_back
                || !q.photos.is_empty()
                || r.intents.iter().any(|i| i.is_care() && *i != Intent::Care)
                || r.intents.contains(&Intent::Care));
        let plants: Vec<&Species> = if follows_up {
            remembered.into_iter().collect()
        } else {
            named.clone()
        };
        let problems: Vec<&Guide> = r
            .guides
            .iter()
            .filter(|m| m.guide.is_problem())
            .map(|m| m.guide)
            .collect();
        // Plants wanted: "suggest …" with a condition, or two conditions or more without any
        // request word ("north facing balcony, a cat, 3 plants for 800 total").
        let asks_for_plants = named.is_empty()
            && problems.is_empty()
            && !asks_about_a_plant
            && ((r.has(Intent::Recommend)
                && (wishes_now.asks_for_something() || !wishes_now.groups.is_empty()))
                || wishes_now.conditions() >= 2);
        let on_topic = asks_for_plants
            || !plants.is_empty()
            || !q.photos.is_empty()
            || self.words().plant_words.hit(&prepared)
            || r.guides.iter().any(|m| m.is_specific());

        // "Koi upay batao", "what should I spray?", even "koi plant batao" right after a
        // problem: the fix for that problem, not a recommendation or a refusal.
        let remembered_problem = memory
            .guide
            .as_deref()
            .and_then(|id| self.kb.guide(id))
            .filter(|g| g.is_problem());
        let asks_remedy = named.is_empty()
            && problems.is_empty()
            && !q.memory.recommending
            && self.words().remedy.hit(&prepared);
        let mut main_guide: Option<&Guide> = None;
        let reply: Reply = if !q.photos.is_empty() {
            let (reply, guide) = self.photo_answer(q.text, q.photos, &plants, &problems, &ctx);
            main_guide = guide;
            reply
        } else if let Some(g) = remembered_problem.filter(|_| asks_remedy) {
            main_guide = Some(g);
            self.problem_answer(&[g], plants.first().copied().or(remembered), &ctx)
        } else if let Some(s) = remembered.filter(|_| asks_remedy && plants.is_empty()) {
            // "Kya karu?" after a plant was discussed: its care, the usual fix.
            answers::species_care(s, &r.intents, &ctx)
        } else if !on_topic {
            if r.has(Intent::Greeting) && r.intents.len() == 1 {
                one_para(phrases(hindi).greeting)
            } else if r.has(Intent::Thanks) {
                one_para(phrases(hindi).thanks)
            } else {
                return self.declined(q, memory, hindi);
            }
        } else if named.is_empty()
            && (r.has(Intent::Recommend)
                || asks_for_plants
                || (memory.recommending && wishes_now.refines_a_recommendation()))
        {
            let mut wishes = wishes_now.clone();
            wishes.pets |= memory.pets;
            wishes.children |= memory.children;
            wishes.remember_budget(memory.budget, memory.budget_total);
            let (wishes, ranked, note) = advise(&self.kb, &wishes, q.catalogue, lang);
            let mut reply = answers::recommendation(&wishes, &ranked, &ctx);
            let winter = r.has(Intent::Winter) || ctx.season == Season::Winter;
            let city = memory.city.as_deref();
            if let Some(cold) = cold_note(city, memory.zone, winter, &wishes, lang) {
                reply.lead(&cold);
            }
            if let Some(note) = note {
                reply.lead(&note);
            }
            reply
        } else if !problems.is_empty() {
            main_guide = Some(problems[0]);
            self.problem_answer(&problems, plants.first().copied(), &ctx)
        } else if let Some(g) = self.described_problem(q.text, r) {
            // A plant with a problem in words no keyword covers ("white cotton like insects").
            main_guide = Some(g);
            self.problem_answer(&[g], plants.first().copied(), &ctx)
        } else if plants.len() > 1 {
            answers::comparison(&plants, &ctx)
        } else if let Some(s) = plants.first() {
            answers::species_care(s, &r.intents, &ctx)
        } else if let Some(g) = self.topic_guide(r) {
            main_guide = Some(g);
            let mut reply = Reply::default();
            answers::guide_full(&mut reply, g, &ctx);
            reply
        } else if let Some(reply) = self.searched(q.text, &ctx, &mut main_guide) {
            reply
        } else {
            let mut reply = Reply::default();
            reply.para(phrases(hindi).not_sure);
            reply
        };

        // Remember what this turn was about.
        memory.recommending = named.is_empty()
            && (r.has(Intent::Recommend)
                || asks_for_plants
                || (q.memory.recommending && wishes_now.refines_a_recommendation()));
        if let Some(s) = plants.first() {
            memory.plant = Some(s.id.clone());
        }
        if let Some(g) = main_guide {
            memory.guide = Some(g.id.clone());
        } else if memory.recommending {
            // A new question for plants: the problem discussed before is not its topic.
            memory.guide = None;
            memory.plant = None;
        }
        let warnings: Vec<String> = plants
            .iter()
            .filter_map(|s| answers::safety_warning(s, hindi))
            .collect();
        let text = reply.finish();
        let shop_lines = text
            .lines()
            .filter(|l| l.contains("/plant/"))
            .map(str::to_string)
            .collect();
        Answer {
            text,
            memory,
            on_topic: true,
            warnings,
            shop_lines,
            hindi,
            safety: None,
            brief: Brief::default(),
        }
    }

    fn declined(&self, _q: &Question, memory: Memory, hindi: bool) -> Answer {
        Answer {
            text: phrases(hindi).decline.to_string(),
            memory,
            on_topic: false,
            warnings: Vec::new(),
            shop_lines: Vec::new(),
            hindi,
            safety: None,
            brief: Brief::default(),
        }
    }

    fn problem_answer(&self, problems: &[&Guide], plant: Option<&Species>, ctx: &Ctx) -> Reply {
        let mut r = Reply::default();
        if let Some(s) = plant {
            r.para(&format!("**{}** ({}, {})", s.name, s.hindi, s.botanical));
        }
        answers::guide_full(&mut r, problems[0], ctx);
        for g in problems.iter().skip(1).take(1) {
            answers::guide_short(&mut r, g, ctx);
        }
        if let Some(s) = plant {
            answers::plant_notes(&mut r, s, &problems[..problems.len().min(2)], ctx);
            if let Some(w) = answers::safety_warning(s, ctx.hindi) {
                r.para(&w);
            }
        }
        let related: Vec<String> = problems[0]
            .related
            .iter()
            .filter_map(|id| self.kb.guide(id))
            .filter(|g| !problems.iter().any(|p| p.id == g.id))
            .take(4)
            .map(|g| g.display_title(ctx.hindi))
            .collect();
        if !related.is_empty() {
            r.para(&format!("**{}:** {}", ctx.p().related, related.join(", ")));
        }
        r
    }

    fn photo_answer<'k>(
        &'k self,
        text: &str,
        reports: &[PhotoReport],
        plants: &[&Species],
        text_problems: &[&'k Guide],
        ctx: &Ctx,
    ) -> (Reply, Option<&'k Guide>) {
        let question = photo::answer::PhotoQuestion {
            text,
            reports,
            plants,
            described: text_problems,
        };
        photo::answer::compose(&self.kb, &question, ctx)
    }

    /// A problem guide found by full-text search, for a question that names no care topic
    /// but describes something wrong.
    fn described_problem(&self, text: &str, r: &Recognition) -> Option<&Guide> {
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
    fn topic_guide<'k>(&'k self, r: &Recognition<'k>) -> Option<&'k Guide> {
        // A season asked about leads over other topics ("monsoon care for balcony plants").
        if let Some(m) = r.guides.iter().find(|m| m.guide.kind == "season") {
            if r.intents.iter().any(|i| i.is_season()) {
                return Some(m.guide);
            }
        }
        if let Some(m) = r.guides.first() {
            return Some(m.guide);
        }
        let id = r.intents.iter().find_map(|i| match i {
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
        })?;
        self.kb.guide(id)
    }

    /// Full-text search when nothing was recognised by name.
    fn searched<'k>(
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

    /// Species in an answer (for tests and the model prompt).
    pub fn plants_in(&self, text: &str) -> Vec<&Species> {
        recognize(&self.kb, text).plants
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

fn one_para(text: &str) -> Reply {
    let mut r = Reply::default();
    r.para(text);
    r
}

/// The season a question names ("…in summer"), if any.
fn season_asked(r: &Recognition) -> Option<Season> {
    r.intents.iter().find_map(|i| match i {
        Intent::Summer => Some(Season::Summer),
        Intent::Monsoon => Some(Season::Monsoon),
        Intent::Winter => Some(Season::Winter),
        _ => None,
    })
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

/// Keeps an answer to about `budget` words: whole lines in order, then only the shop lines
/// (a list's names and prices must survive), and says how to get the full guide.
fn shorten(text: &str, budget: usize, lang: Lang) -> String {
    let total = text.split_whitespace().count();
    if total <= budget + 30 {
        return text.to_string();
    }
    // Causes, prevention, other seasons and related topics go first: the summary and the
    // steps are what answers the question.
    const SKIPPED: &[&str] = &[
        "Likely causes:",
        "Prevention:",
        "Related guides:",
        "Rest of the year:",
        "संभावित कारण:",
        "बचाव:",
        "संबंधित गाइड:",
        "बाकी मौसम:",
    ];
    let mut kept_lines: Vec<&str> = Vec::new();
    let mut skipping = false;
    for line in text.lines() {
        let t = line.trim();
        if t.ends_with(':') && t.len() < 60 && !t.starts_with('-') {
            skipping = SKIPPED.contains(&t);
        } else if t.starts_with("**Related guides") || t.starts_with("**Closest topics") {
            continue;
        }
        if !skipping || line.contains("/plant/") {
            kept_lines.push(line);
        }
    }
    let mut out: Vec<&str> = Vec::new();
    let mut used = 0;
    let mut cut = false;
    for line in kept_lines {
        let n = line.split_whitespace().count();
        if !cut && used + n <= budget {
            out.push(line);
            used += n;
        } else {
            if !cut {
                // A heading whose body was cut would stand empty above the lines kept below.
                drop_trailing_headings(&mut out);
            }
            cut = true;
            // Shop lines survive any shortening, and a plant's care sheet keeps its
            // pets-and-children warning.
            let sheet = text.contains("Pets and children:");
            let safety = sheet && line.contains("⚠️") && !out.iter().any(|l| l.contains("⚠️"));
            let shop = line.contains("/plant/")
                && out.iter().filter(|l| l.contains("/plant/")).count() < 4;
            if safety || shop {
                out.push(line);
            }
        }
    }
    while out
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        out.pop();
    }
    format!("{}\n\n{}", out.join("\n").trim_end(), more_hint(lang))
}

/// Removes blank lines and section headings ("Light:") from the end of a cut answer.
fn drop_trailing_headings(lines: &mut Vec<&str>) {
    while lines.last().is_some_and(|l| {
        let t = l.trim();
        t.is_empty() || (t.ends_with(':') && t.len() < 60 && !t.starts_with('-'))
    }) {
        lines.pop();
    }
}

/// How to get the full guide, in the customer's language.
fn more_hint(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "_Say \"tell me more\" for the full guide._",
        Lang::Hi => "_पूरी जानकारी के लिए \"और बताइए\" लिखें।_",
        Lang::Hinglish => "_Poori jankari ke liye \"aur batao\" likhiye._",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_answer_never_ends_a_section_on_its_bare_heading() {
        let filler = "word ".repeat(60);
        let text = format!(
            "**ZZ Plant**\n\n{filler}\n\nLight:\n\n{filler}\n\n⚠️ **Safety warning:** toxic.\nPets and children: keep away.\n- **ZZ Plant**: ₹599: /plant/abc"
        );
        let short = shorten(&text, 80, Lang::En);
        assert!(!short.contains("Light:"), "{short}");
        assert!(short.contains("⚠️"), "{short}");
        assert!(short.contains("/plant/abc"), "{short}");
    }
}
