//! The embedded expert: reads a question (and photo findings), decides what kind of answer
//! it needs, and writes it from the knowledge base and the live catalogue. Pure and
//! synchronous, so it is tested directly and answers in well under a millisecond.

use bm25::{Document, SearchEngine, SearchEngineBuilder};
use serde::{Deserialize, Serialize};

use super::answers::{self, Ctx};
use super::compose::{phrases, Reply};
use super::knowledge::{Guide, Knowledge, Species};
use super::photo::PhotoReport;
use super::recognize::{recognize, Intent, Recognition};
use super::recommend::{rank, read_wishes, CatalogueItem};
use super::season::Season;
use super::text::{KbTokenizer, Prepared};

/// What a chat remembers between messages (stored as JSON with the session).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Memory {
    /// The species discussed last, for follow-ups such as "how often should I water it?".
    pub plant: Option<String>,
    /// The guide discussed last.
    pub guide: Option<String>,
    /// The person said they have pets or small children: recommendations stay safe.
    pub pets: bool,
    pub children: bool,
    /// The last answer recommended plants: "something with flowers?" refines it.
    pub recommending: bool,
    pub turns: u32,
}

/// One message to answer.
pub struct Question<'a> {
    pub text: &'a str,
    pub photos: &'a [PhotoReport],
    pub memory: &'a Memory,
    /// Month (1–12) in India, which decides the season.
    pub month: u32,
    /// Live catalogue plants in stock.
    pub catalogue: &'a [CatalogueItem],
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
}

/// Words that show a question is about plants even when no plant or problem is named.
const PLANT_WORDS: &[&str] = &[
    "plant",
    "plants",
    "paudha",
    "paudhe",
    "paudhon",
    "पौधा",
    "पौधे",
    "पौधों",
    "leaf",
    "leaves",
    "patta",
    "patte",
    "patti",
    "pattiyan",
    "पत्ता",
    "पत्ते",
    "पत्ती",
    "पत्तियां",
    "पत्तियों",
    "flower",
    "flowers",
    "bloom",
    "blooms",
    "phool",
    "फूल",
    "garden",
    "gardening",
    "bagwani",
    "बागवानी",
    "gamla",
    "gamle",
    "गमला",
    "गमले",
    "seed",
    "seedling",
    "seedlings",
    "root",
    "roots",
    "jad",
    "jadein",
    "जड़",
    "जड़ें",
    "stem",
    "stems",
    "bud",
    "buds",
    "herb",
    "herbs",
    "succulent",
    "succulents",
    "cactus",
    "sapling",
    "nursery",
    "houseplant",
    "houseplants",
    "pest",
    "pests",
    "insect",
    "insects",
    "bugs",
    "keede",
    "कीड़े",
    "fungus",
    "fertilizer",
    "fertiliser",
    "repot",
    "prune",
    "tree",
    "trees",
    "ped",
    "पेड़",
    "greenery",
    "hariyali",
    "pot",
    "soil",
    "mitti",
    "मिट्टी",
    "compost",
    "khad",
    "खाद",
];

pub struct Engine {
    kb: Knowledge,
    index: SearchEngine<u32, u32, KbTokenizer>,
}

impl Engine {
    pub fn new(kb: Knowledge) -> Engine {
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
        Engine { kb, index }
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.kb
    }

    /// Answers one message.
    pub fn answer(&self, q: &Question) -> Answer {
        let r = recognize(&self.kb, q.text);
        let prepared = Prepared::new(q.text);
        let hindi = r.hindi;
        let ctx = Ctx {
            hindi,
            season: Season::of_month(q.month),
            catalogue: q.catalogue,
        };
        let mut memory = q.memory.clone();
        memory.turns += 1;
        let wishes_now = read_wishes(q.text, &prepared);
        memory.pets |= wishes_now.pets;
        memory.children |= wishes_now.children;

        let named: Vec<&Species> = r.plants.clone();
        let remembered = memory.plant.as_deref().and_then(|id| self.kb.species(id));
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
        let on_topic = !plants.is_empty()
            || !q.photos.is_empty()
            || prepared.has_any(PLANT_WORDS)
            || r.guides.iter().any(|m| m.is_specific());

        let mut main_guide: Option<&Guide> = None;
        let reply: Reply = if !q.photos.is_empty() {
            let (reply, guide) = self.photo_answer(q.photos, &plants, &problems, &ctx);
            main_guide = guide;
            reply
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
                || (memory.recommending && wishes_now.refines_a_recommendation()))
        {
            let mut wishes = wishes_now.clone();
            wishes.pets |= memory.pets;
            wishes.children |= memory.children;
            let ranked = rank(&self.kb, &wishes);
            answers::recommendation(&wishes, &ranked, &ctx)
        } else if !problems.is_empty() {
            main_guide = Some(problems[0]);
            self.problem_answer(&problems, plants.first().copied(), &ctx)
        } else if let Some(g) = self.described_problem(q.text, &r) {
            // A plant with a problem in words no keyword covers ("white cotton like insects").
            main_guide = Some(g);
            self.problem_answer(&[g], plants.first().copied(), &ctx)
        } else if plants.len() > 1 {
            answers::comparison(&plants, &ctx)
        } else if let Some(s) = plants.first() {
            answers::species_care(s, &r.intents, &ctx)
        } else if let Some(g) = self.topic_guide(&r) {
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
                || (q.memory.recommending && wishes_now.refines_a_recommendation()));
        if let Some(s) = plants.first() {
            memory.plant = Some(s.id.clone());
        }
        if let Some(g) = main_guide {
            memory.guide = Some(g.id.clone());
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
        reports: &[PhotoReport],
        plants: &[&Species],
        text_problems: &[&'k Guide],
        ctx: &Ctx,
    ) -> (Reply, Option<&'k Guide>) {
        let mut r = Reply::default();
        if let Some(s) = plants.first() {
            r.para(&format!("**{}** ({}, {})", s.name, s.hindi, s.botanical));
        }
        answers::photo_findings(&mut r, reports, ctx);
        // Guides: what the person described first, then what the photos show, largest first.
        let mut findings: Vec<(f32, &'static str)> = reports
            .iter()
            .flat_map(|rep| {
                rep.findings()
                    .into_iter()
                    .map(move |(f, share)| (share, answers::guide_for_finding(f, rep)))
            })
            .collect();
        findings.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut guides: Vec<&Guide> = text_problems.to_vec();
        for (_, id) in findings {
            if let Some(g) = self.kb.guide(id) {
                if !guides.iter().any(|x| x.id == g.id) {
                    guides.push(g);
                }
            }
        }
        if let Some(first) = guides.first() {
            answers::guide_full(&mut r, first, ctx);
            for g in guides.iter().skip(1).take(2) {
                answers::guide_short(&mut r, g, ctx);
            }
        }
        if let Some(s) = plants.first() {
            answers::plant_notes(&mut r, s, &guides[..guides.len().min(2)], ctx);
            if let Some(w) = answers::safety_warning(s, ctx.hindi) {
                r.para(&w);
            }
        } else if guides.is_empty() && reports.iter().any(|rep| rep.looks_healthy()) {
            r.para(ctx.p().ask_which_plant);
        }
        (r, guides.first().copied())
    }

    /// A problem guide found by full-text search, for a question that names no care topic
    /// but describes something wrong.
    fn described_problem(&self, text: &str, r: &Recognition) -> Option<&Guide> {
        const TROUBLE: &[&str] = &[
            "insect",
            "insects",
            "bug",
            "bugs",
            "pest",
            "pests",
            "spots",
            "spot",
            "holes",
            "dying",
            "dead",
            "sick",
            "problem",
            "wrong",
            "turning",
            "keede",
            "keeda",
            "कीड़े",
            "rotting",
            "falling",
            "curling",
            "web",
            "sticky",
            "powder",
            "white",
            "black",
            "brown",
            "yellow",
            "drying",
            "dry",
            "wilting",
            "damage",
            "eaten",
            "बीमार",
            "सूख",
            "गिर",
            "धब्बे",
        ];
        let has_topic = r.intents.iter().any(|i| {
            i.is_care() && !matches!(i, Intent::Care | Intent::Problem | Intent::Toxicity)
        });
        if has_topic || !Prepared::new(text).has_any(TROUBLE) {
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

fn one_para(text: &str) -> Reply {
    let mut r = Reply::default();
    r.para(text);
    r
}
