//! The care-guide answer (the first-generation engine), for everything the front stages do
//! not answer: photos, problems, recommendations, a plant's care sheet, a topic's guide, or
//! the closest guide by full-text search.

use super::{Answer, Engine, Question};
use crate::assistant::answers::{self, Ctx};
use crate::assistant::brief::Brief;
use crate::assistant::compose::{phrases, Reply};
use crate::assistant::cues::Intent;
use crate::assistant::knowledge::{Guide, Species};
use crate::assistant::lexicon::{Lang, Texts};
use crate::assistant::memory::Memory;
use crate::assistant::photo::{self, PhotoReport};
use crate::assistant::recognize::Recognition;
use crate::assistant::recommend::{advise, cold_note, read_wishes, Wishes};
use crate::assistant::season::Season;
use crate::assistant::text::Prepared;
use crate::domain::catalogue::CatalogueItem;

/// What a guide answer is about, read from the message and the chat.
struct Subject<'k> {
    /// The plants the message names.
    named: Vec<&'k Species>,
    /// The plant talked about last, or the first of the last list ("how big does it get?"
    /// right after a recommendation).
    remembered: Option<&'k Species>,
    /// The plants the answer is about: those named, or for a follow-up the remembered one.
    plants: Vec<&'k Species>,
    /// The problem guides the message names.
    problems: Vec<&'k Guide>,
    /// The problem discussed last.
    remembered_problem: Option<&'k Guide>,
    wishes: Wishes,
    asks_for_plants: bool,
    /// "Koi upay batao", "what should I spray?": the fix for the problem discussed.
    asks_remedy: bool,
    on_topic: bool,
}

impl Engine {
    pub(super) fn guide_answer(
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
        let wishes = read_wishes(q.text, &prepared);
        memory.pets |= wishes.pets;
        memory.children |= wishes.children;
        let subject = self.subject(q, r, &prepared, &memory, wishes, asks_about_a_plant);
        let Some((reply, main_guide)) = self.guide_reply(q, r, &subject, &memory, &ctx, lang)
        else {
            return declined(memory, &self.lex.words.decline, lang);
        };

        // Remember what this turn was about.
        let Subject {
            named,
            plants,
            wishes,
            asks_for_plants,
            ..
        } = subject;
        memory.recommending = named.is_empty()
            && (r.has(Intent::Recommend)
                || asks_for_plants
                || (q.memory.recommending && wishes.refines_a_recommendation()));
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

    fn subject<'k>(
        &'k self,
        q: &Question,
        r: &Recognition<'k>,
        prepared: &Prepared,
        memory: &Memory,
        wishes: Wishes,
        asks_about_a_plant: bool,
    ) -> Subject<'k> {
        let named: Vec<&Species> = r.plants.clone();
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
                && (wishes.asks_for_something() || !wishes.groups.is_empty()))
                || wishes.conditions() >= 2
                || wishes.requests_plants());
        let on_topic = asks_for_plants
            || !plants.is_empty()
            || !q.photos.is_empty()
            || self.words().plant_words.hit(prepared)
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
            && self.words().remedy.hit(prepared);
        Subject {
            named,
            remembered,
            plants,
            problems,
            remembered_problem,
            wishes,
            asks_for_plants,
            asks_remedy,
            on_topic,
        }
    }

    /// The reply and the guide it follows, in order of what the message is about; None when
    /// it is not about plants at all (declined).
    fn guide_reply<'k>(
        &'k self,
        q: &Question,
        r: &Recognition<'k>,
        s: &Subject<'k>,
        memory: &Memory,
        ctx: &Ctx,
        lang: Lang,
    ) -> Option<(Reply, Option<&'k Guide>)> {
        let first_plant = s.plants.first().copied();
        let mut main_guide: Option<&Guide> = None;
        let reply: Reply = if !q.photos.is_empty() {
            let (reply, guide) = self.photo_answer(q.text, q.photos, &s.plants, &s.problems, ctx);
            main_guide = guide;
            reply
        } else if let Some(g) = s.remembered_problem.filter(|_| s.asks_remedy) {
            main_guide = Some(g);
            self.problem_answer(&[g], first_plant.or(s.remembered), ctx)
        } else if let Some(p) = s
            .remembered
            .filter(|_| s.asks_remedy && s.plants.is_empty())
        {
            // "Kya karu?" after a plant was discussed: its care, the usual fix.
            answers::species_care(p, &r.intents, ctx)
        } else if !s.on_topic {
            if r.has(Intent::Greeting) && r.intents.len() == 1 {
                one_para(phrases(ctx.hindi).greeting)
            } else if r.has(Intent::Thanks) {
                one_para(phrases(ctx.hindi).thanks)
            } else {
                return None;
            }
        } else if s.named.is_empty()
            && (r.has(Intent::Recommend)
                || s.asks_for_plants
                || (memory.recommending && s.wishes.refines_a_recommendation()))
        {
            self.recommended(r, &s.wishes, memory, q.catalogue, ctx, lang)
        } else if !s.problems.is_empty() {
            main_guide = Some(s.problems[0]);
            self.problem_answer(&s.problems, first_plant, ctx)
        } else if let Some(g) = self.described_problem(q.text, r) {
            // A plant with a problem in words no keyword covers ("white cotton like insects").
            main_guide = Some(g);
            self.problem_answer(&[g], first_plant, ctx)
        } else if s.plants.len() > 1 {
            answers::comparison(&s.plants, ctx)
        } else if let Some(p) = first_plant {
            answers::species_care(p, &r.intents, ctx)
        } else if let Some(g) = self.topic_guide(r) {
            main_guide = Some(g);
            let mut reply = Reply::default();
            answers::guide_full(&mut reply, g, ctx);
            reply
        } else if let Some(reply) = self.searched(q.text, ctx, &mut main_guide) {
            reply
        } else {
            let mut reply = Reply::default();
            reply.para(phrases(ctx.hindi).not_sure);
            reply
        };
        Some((reply, main_guide))
    }

    /// Plants recommended for what was asked (and what the chat remembers), with a note for
    /// cold winters or a budget that had to be stretched.
    fn recommended(
        &self,
        r: &Recognition,
        wishes_now: &Wishes,
        memory: &Memory,
        catalogue: &[CatalogueItem],
        ctx: &Ctx,
        lang: Lang,
    ) -> Reply {
        let mut wishes = wishes_now.clone();
        wishes.pets |= memory.pets;
        wishes.children |= memory.children;
        wishes.light = wishes.light.or(memory.light);
        wishes.remember_budget(memory.budget, memory.budget_total);
        let (wishes, ranked, note) = advise(&self.kb, &wishes, catalogue, lang);
        let mut reply = answers::recommendation(&wishes, &ranked, ctx);
        let winter = r.has(Intent::Winter) || ctx.season == Season::Winter;
        let city = memory.city.as_deref();
        if let Some(cold) = cold_note(city, memory.zone, winter, &wishes, lang) {
            reply.lead(&cold);
        }
        if let Some(note) = note {
            reply.lead(&note);
        }
        reply
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
}

/// A message not about plants: declined politely.
/// The refusal of a question that is not about plants, in the customer's language.
fn declined(memory: Memory, decline: &Texts, lang: Lang) -> Answer {
    let hindi = lang == Lang::Hi;
    Answer {
        text: decline.get(lang).to_string(),
        memory,
        on_topic: false,
        warnings: Vec::new(),
        shop_lines: Vec::new(),
        hindi,
        safety: None,
        brief: Brief::default(),
    }
}

fn one_para(text: &str) -> Reply {
    let mut r = Reply::default();
    r.para(text);
    r
}
