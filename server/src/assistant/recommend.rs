//! Choosing plants for someone: what they asked for (budget, light, place, pets, children,
//! experience, kind of plant), which species fit, and which of those the shop has in stock.

use anyhow::{bail, Context};
use serde::Deserialize;

use super::groups::{self, PlantGroup};
use super::knowledge::{Difficulty, Knowledge, LightLevel, LightWish, Species};
use super::lexicon::{Lang, Texts};
use super::text::Prepared;
use crate::domain::catalogue::CatalogueItem;

/// What someone asked for, read from their words (and what the chat remembers).
#[derive(Debug, Clone, Default)]
pub struct Wishes {
    pub budget: Option<i64>,
    pub light: Option<LightWish>,
    pub place: Option<&'static str>,
    pub pets: bool,
    pub children: bool,
    pub beginner: bool,
    pub traits: Vec<&'static str>,
    /// Groups named ("succulents", "herbs"): only their members fit.
    pub groups: Vec<&'static PlantGroup>,
    /// How many plants are wanted ("3 plants", "do paudhe").
    pub count: Option<i64>,
    /// The amount named, and whether it is for all the plants together.
    pub stated_budget: Option<i64>,
    pub total: bool,
    /// Kinds refused ("no flowers", "bina phool wala"): plants with these traits or in these
    /// groups are left out.
    pub avoid_traits: Vec<&'static str>,
    pub avoid_groups: Vec<&'static PlantGroup>,
    /// The words ask for something unnamed ("something for my desk…", "what can survive…").
    pub requested: bool,
}

/// The words of a recommendation request (`knowledge/assistant/wishes.toml`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WishWords {
    pets: Vec<String>,
    children: Vec<String>,
    low_light: Vec<String>,
    sun: Vec<String>,
    beginner: Vec<String>,
    bright: Vec<String>,
    count_words: Vec<CountWords>,
    plural: Vec<String>,
    total: Vec<String>,
    each: Vec<String>,
    negation: Vec<String>,
    negation_filler: Vec<String>,
    request: Vec<String>,
    gives_shade: Vec<String>,
    soft: Vec<String>,
    say: Say,
    place: Vec<PlaceWords>,
    want: Vec<TraitWords>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CountWords {
    n: i64,
    words: Vec<String>,
}

/// What the answer says when a wish cannot be met, in every language.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Say {
    pub over_budget: Texts,
    pub cannot_meet: Texts,
    pub purpose_over_budget: Texts,
    pub total_fits: Texts,
    pub total_short: Texts,
    pub cold: Texts,
    pub wish: WishNames,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WishNames {
    pub low_light: Texts,
    pub sun: Texts,
    pub place: Texts,
    pub pets: Texts,
    pub children: Texts,
    pub beginner: Texts,
    pub kind: Texts,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceWords {
    name: String,
    words: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TraitWords {
    #[serde(rename = "trait")]
    name: String,
    words: Vec<String>,
}

const WISHES_TOML: &str = include_str!("../../knowledge/assistant/wishes.toml");

impl WishWords {
    /// Parses and checks the words: no empty list or phrase, places the species use, and
    /// traits some species has (a trait nobody has would empty every recommendation).
    pub fn parse(text: &str, kb: &Knowledge) -> anyhow::Result<WishWords> {
        let w: WishWords =
            toml::from_str(text).context("knowledge/assistant/wishes.toml is malformed")?;
        let lists = [
            &w.pets,
            &w.children,
            &w.low_light,
            &w.sun,
            &w.beginner,
            &w.bright,
            &w.plural,
            &w.total,
            &w.each,
            &w.negation,
            &w.negation_filler,
            &w.request,
            &w.gives_shade,
            &w.soft,
        ]
        .into_iter()
        .chain(w.count_words.iter().map(|c| &c.words))
        .chain(w.place.iter().map(|p| &p.words))
        .chain(w.want.iter().map(|t| &t.words));
        for list in lists {
            if list.is_empty() || list.iter().any(|p| p.trim().is_empty()) {
                bail!("wishes.toml: an empty word list or phrase");
            }
        }
        for p in &w.place {
            if !kb.species.iter().any(|s| s.placement.contains(&p.name)) {
                bail!("wishes.toml: no species has the placement `{}`", p.name);
            }
        }
        for t in &w.want {
            if !kb.species.iter().any(|s| s.has_trait(&t.name)) {
                bail!("wishes.toml: no species has the trait `{}`", t.name);
            }
        }
        if let Some(s) = w
            .soft
            .iter()
            .find(|s| !w.want.iter().any(|t| &t.name == *s))
        {
            bail!("wishes.toml: soft `{s}` is not a trait of `want`");
        }
        Ok(w)
    }

    /// Checks the embedded words; `Engine::new` calls it so a bad file stops the start.
    pub fn check(kb: &Knowledge) -> anyhow::Result<()> {
        WishWords::parse(WISHES_TOML, kb).map(|_| ())
    }

    pub fn say() -> &'static Say {
        &WishWords::get().say
    }

    fn get() -> &'static WishWords {
        static WORDS: std::sync::OnceLock<WishWords> = std::sync::OnceLock::new();
        WORDS.get_or_init(|| {
            toml::from_str(WISHES_TOML).expect("wishes.toml is checked when the engine starts")
        })
    }
}

fn has_any(text: &Prepared, words: &[String]) -> bool {
    words.iter().any(|w| text.has(w))
}

/// Where a phrase occurs, by the index of its first word (a phrase ending in `*` matches the
/// start of its last word).
fn positions(text: &Prepared, phrase: &str) -> Vec<usize> {
    let (body, stem) = match phrase.strip_suffix('*') {
        Some(s) => (s, true),
        None => (phrase, false),
    };
    let norm = super::text::normalize(body);
    let target: Vec<&str> = norm.split_whitespace().collect();
    let words = &text.words;
    if target.is_empty() || target.len() > words.len() {
        return Vec::new();
    }
    (0..=words.len() - target.len())
        .filter(|&i| {
            target.iter().enumerate().all(|(k, t)| {
                let w = words[i + k].as_str();
                if stem && k + 1 == target.len() {
                    w.starts_with(t)
                } else {
                    w == *t
                }
            })
        })
        .collect()
}

/// Whether the words just before `start` deny what follows: a negation right before it, or
/// with up to two filler words between ("no flowers", "doesn't need direct sun").
fn denied_at(w: &WishWords, words: &[String], start: usize) -> bool {
    let neg = |i: usize| w.negation.iter().any(|n| n == &words[i]);
    let filler = |i: usize| w.negation_filler.iter().any(|f| f == &words[i]);
    (1..=3).any(|back| start >= back && neg(start - back) && (1..back).all(|k| filler(start - k)))
}

/// How the phrases are said: (plainly at least once, only ever denied).
fn said(w: &WishWords, text: &Prepared, phrases: &[String]) -> (bool, bool) {
    let (mut plain, mut denied) = (false, false);
    for p in phrases {
        for start in positions(text, p) {
            if denied_at(w, &text.words, start) {
                denied = true;
            } else {
                plain = true;
            }
        }
    }
    (plain, denied && !plain)
}

impl Wishes {
    /// Whether these words narrow a recommendation down (a budget, light, place or kind).
    /// Whether the words state a condition the plant must meet (light, place, budget, pets,
    /// children, easy care), so "which plant is good for low light?" asks for plants, not for
    /// a plant's name. Kinds alone ("fragrant white flowers, which plant?") still describe a
    /// plant to identify.
    pub fn asks_for_something(&self) -> bool {
        self.budget.is_some()
            || self.light.is_some()
            || self.place.is_some()
            || self.pets
            || self.children
            || self.beginner
    }

    /// Words that ask for something unnamed together with a condition of the plant: a
    /// request for plants even without "suggest" ("something for my desk that won't die").
    pub fn requests_plants(&self) -> bool {
        self.requested && self.conditions() >= 1
    }

    pub fn refines_a_recommendation(&self) -> bool {
        self.budget.is_some()
            || !self.groups.is_empty()
            || self.light.is_some()
            || self.place.is_some()
            || !self.traits.is_empty()
    }

    /// How many separate conditions the words state (a number of plants counts as one):
    /// two or more describe plants wanted even without "suggest" or "which plant".
    pub fn conditions(&self) -> usize {
        [
            self.budget.is_some(),
            self.light.is_some(),
            self.place.is_some(),
            self.pets,
            self.children,
            self.beginner,
            !self.traits.is_empty()
                || !self.groups.is_empty()
                || !self.avoid_traits.is_empty()
                || !self.avoid_groups.is_empty(),
            self.count.is_some(),
        ]
        .iter()
        .filter(|b| **b)
        .count()
    }

    /// A budget remembered from earlier in the chat ("my total budget is 500", then "suggest
    /// 2 plants"): a total is shared by the plants wanted now.
    pub fn remember_budget(&mut self, budget: Option<i64>, total: bool) {
        if self.stated_budget.is_some() {
            return;
        }
        if let Some(b) = budget {
            self.stated_budget = Some(b);
            self.total = total;
            self.budget = Some(match self.count {
                Some(n) if total && n > 1 => b / n,
                _ => b,
            });
        }
    }
}

/// Reads what someone wants; `raw` keeps commas and currency signs for the budget.
pub fn read_wishes(raw: &str, text: &Prepared) -> Wishes {
    let w = WishWords::get();
    let place = w
        .place
        .iter()
        .find(|p| has_any(text, &p.words))
        .map(|p| p.name.as_str());
    let bright = has_any(text, &w.bright);
    // "A tree that gives shade" asks for shade, not for a shady spot.
    let low = has_any(text, &w.low_light) && !has_any(text, &w.gives_shade);
    let (sun, no_sun) = said(w, text, &w.sun);
    let light = if low && bright {
        // "Bright but no direct sun": neither a dark room nor full sun.
        None
    } else if low || no_sun {
        // "Doesn't need direct sun" asks for a plant that manages without it.
        Some(LightWish::Low)
    } else if sun || place == Some("terrace") {
        Some(LightWish::Sun)
    } else {
        None
    };
    let count = plant_count(w, text);
    let stated_budget = read_budget(raw);
    // "Not each", "not per plant": the amount is for all of them.
    let (each, each_denied) = said(w, text, &w.each);
    let total = !each && (has_any(text, &w.total) || each_denied);
    let budget = stated_budget.map(|b| match count {
        // "3 plants under 900": a total when it is at least ₹100 a plant, else per plant.
        Some(n) if n > 1 && !each && (total || b >= 100 * n) => b / n,
        _ => b,
    });
    let (mut traits, mut avoid_traits) = (Vec::new(), Vec::new());
    for t in &w.want {
        match said(w, text, &t.words) {
            (true, _) => traits.push(t.name.as_str()),
            (false, true) => avoid_traits.push(t.name.as_str()),
            _ => {}
        }
    }
    let (mut groups, mut avoid_groups) = (Vec::new(), Vec::new());
    for g in groups::named_for_wishes(text) {
        match said(w, text, g.phrases()) {
            (false, true) => avoid_groups.push(g),
            _ => groups.push(g),
        }
    }
    Wishes {
        budget,
        groups,
        count,
        stated_budget,
        total: total || (count.is_some_and(|n| n > 1) && budget != stated_budget),
        light,
        place,
        // Pets and children are kept even when denied: a plant safe for them is never wrong.
        pets: has_any(text, &w.pets),
        children: has_any(text, &w.children),
        beginner: has_any(text, &w.beginner),
        traits,
        avoid_traits,
        avoid_groups,
        requested: has_any(text, &w.request),
    }
}

/// How many plants are wanted: a number, in digits or words, with at most one word between
/// it and a plant word ("4 small plants", "do paudhe", "3 herbs").
fn plant_count(w: &WishWords, text: &Prepared) -> Option<i64> {
    let words = &text.words;
    // The largest count: "one plant for each of our 12 desks" wants twelve.
    words
        .iter()
        .enumerate()
        .filter_map(|(i, word)| {
            let n: i64 = match word.parse::<i64>() {
                Ok(n) => n,
                Err(_) => {
                    w.count_words
                        .iter()
                        .find(|c| c.words.iter().any(|cw| cw == word))?
                        .n
                }
            };
            let plural = |j: usize| {
                words
                    .get(j)
                    .is_some_and(|next| w.plural.iter().any(|p| p == next))
            };
            // "For 30 guests", "8 rooms": one plant each, so a count of places or people counts
            // too (in digits, up to 50).
            let units = super::followup::FollowUps::get().count_of_units(&words[i..].join(" "));
            let by_units = word.parse::<i64>().is_ok() && units == Some(n) && n <= 50;
            let counted = (1..=50).contains(&n) && word.parse::<i64>().is_ok() || n <= 10;
            (counted && (plural(i + 1) || plural(i + 2)) || by_units).then_some(n)
        })
        .max()
}

/// The largest amount named next to a budget word: "under ₹500", "500 se kam", "upto 1,000 rs".
pub fn read_budget(raw: &str) -> Option<i64> {
    const BEFORE: &[&str] = &[
        "under",
        "below",
        "less than",
        "within",
        "upto",
        "up to",
        "max",
        "budget",
        "₹",
        "rs",
        "inr",
        "around",
        "cheaper than",
        "not more than",
        "spend",
        "spend upto",
        "kharch",
        "than",
        "about",
        "<=",
        "<",
    ];
    const AFTER: &[&str] = &[
        "rs",
        "rupees",
        "rupee",
        "₹",
        "se kam",
        "tak",
        "से कम",
        "तक",
        "रुपये",
        "रुपए",
        "rupaye",
        "rupay",
        "/-",
        "inr",
        "ke andar",
        "के अंदर",
        "ke neeche",
        "budget",
        "overall",
        "total",
        "max",
        "only",
        "me total",
        "mein total",
        "in total",
        "for all",
        "for everything",
    ];
    let lower = raw.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    let mut best: Option<i64> = None;
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let mut digits = String::new();
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (chars[i] == ',' && i + 1 < chars.len() && chars[i + 1].is_ascii_digit()))
        {
            if chars[i].is_ascii_digit() {
                digits.push(chars[i]);
            }
            i += 1;
        }
        // "1k", "1.5k" is not read: "1k" = 1,000 and always money.
        let thousands = i < chars.len()
            && chars[i] == 'k'
            && chars.get(i + 1).is_none_or(|c| !c.is_alphanumeric());
        if thousands {
            digits.push_str("000");
            i += 1;
        }
        let before: String = chars[start.saturating_sub(16)..start].iter().collect();
        let after: String = chars[i..(i + 12).min(chars.len())].iter().collect();
        let cued = thousands
            || BEFORE
                .iter()
                .any(|w| before.trim_end().ends_with(w) || before.contains(&format!("{w} ")))
            || AFTER.iter().any(|w| after.trim_start().starts_with(w));
        if let Ok(amount) = digits.parse::<i64>() {
            if cued && (50..=1_000_000).contains(&amount) {
                best = Some(best.map_or(amount, |b: i64| b.max(amount)));
            }
        }
    }
    best
}

/// A species that fits, with the reasons in plain words.
pub struct Candidate<'k> {
    pub species: &'k Species,
    pub score: i32,
    pub reasons: Vec<String>,
}

/// Species that satisfy every hard wish, best first.
pub fn rank<'k>(kb: &'k Knowledge, wishes: &Wishes) -> Vec<Candidate<'k>> {
    let mut out: Vec<Candidate<'k>> = kb
        .species
        .iter()
        .filter_map(|s| {
            score(s, wishes).map(|(score, reasons)| Candidate {
                species: s,
                score,
                reasons,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(a.species.name.cmp(&b.species.name))
    });
    out
}

fn score(s: &Species, w: &Wishes) -> Option<(i32, Vec<String>)> {
    let mut score = 0;
    let mut reasons = Vec::new();
    if !groups::fits(&w.groups, s)
        || w.avoid_groups.iter().any(|g| g.has(s))
        || w.avoid_traits.iter().any(|t| s.has_trait(t))
    {
        return None;
    }
    if w.pets {
        if s.toxic_to_pets {
            return None;
        }
        reasons.push("non-toxic to cats and dogs".to_string());
        // Species known as pet-safe houseplants come before those merely not toxic.
        score += if s.has_trait("pet-safe") { 3 } else { 1 };
    }
    if w.children {
        if s.toxic_to_children {
            return None;
        }
        reasons.push("safe around children".to_string());
    }
    match w.light {
        Some(LightWish::Low) => {
            if s.light_level > LightLevel::Medium {
                return None;
            }
            if s.light_level == LightLevel::Low || s.has_trait("low-light") {
                score += 4;
                reasons.push("copes with low light".into());
            } else {
                score += 1;
                reasons.push("manages in medium indirect light".into());
            }
        }
        Some(LightWish::Sun) => {
            if s.light_level < LightLevel::Bright {
                return None;
            }
            score += if s.light_level == LightLevel::FullSun {
                3
            } else {
                1
            };
            reasons.push("loves sun".into());
            if s.has_trait("heat-tolerant") {
                score += 1;
            }
        }
        None => {}
    }
    if let Some(place) = w.place {
        if !s.placement.iter().any(|p| p == place) {
            return None;
        }
        score += 1;
        if place == "indoor" && w.light.is_none() {
            // Most rooms get no direct sun: favour plants that cope with that.
            if s.light_level <= LightLevel::Medium {
                score += 2;
            } else if s.light_level == LightLevel::FullSun {
                return None;
            }
        }
    }
    if w.beginner {
        match s.difficulty {
            Difficulty::Demanding => return None,
            Difficulty::Easy => {
                score += 3;
                reasons.push("easy for beginners".into());
            }
            Difficulty::Moderate => {}
        }
    }
    if !w.traits.is_empty() {
        let matched: Vec<&str> = w
            .traits
            .iter()
            .copied()
            .filter(|t| {
                s.has_trait(t)
                    || (*t == "drought-tolerant"
                        && matches!(s.kind.as_str(), "succulent" | "cactus"))
            })
            .collect();
        if matched.is_empty() {
            return None;
        }
        score += 3 * matched.len() as i32;
        for t in matched {
            reasons.push(t.replace('-', " "));
        }
    }
    Some((score, reasons))
}

/// The plants to recommend and, first, what could not be met: a wish no species meets together
/// with the others is named and left out; a budget below every fitting plant in stock is said,
/// and the cheapest fitting plants come instead.
pub fn advise<'k>(
    kb: &'k Knowledge,
    wishes: &Wishes,
    catalogue: &[CatalogueItem],
    lang: Lang,
) -> (Wishes, Vec<Candidate<'k>>, Option<String>) {
    let say = WishWords::say();
    let mut wishes = wishes.clone();
    // A kind word that no plant of the group named has ("colourful" read as flowers, with
    // "colourful leaves" naming the group): the group says what is wanted.
    if !wishes.groups.is_empty() {
        let groups = wishes.groups.clone();
        wishes.traits.retain(|t| {
            kb.species
                .iter()
                .any(|s| groups::fits(&groups, s) && s.has_trait(t))
        });
    }
    let mut ranked = rank(kb, &wishes);
    let mut notes: Vec<String> = Vec::new();
    if ranked.is_empty() {
        if let Some((relaxed, name)) = relax(kb, &wishes, &say.wish) {
            notes.push(say.cannot_meet.get(lang).replace("{what}", name.get(lang)));
            wishes = relaxed;
            ranked = rank(kb, &wishes);
        }
    }
    let cheapest = |c: &Candidate| stocked(c.species, catalogue).first().map(|i| i.price);
    let mut over_budget_note = None;
    let asked_count = wishes.count;
    if let Some(budget) = wishes.budget {
        let fits = ranked
            .iter()
            .any(|c| cheapest(c).is_some_and(|p| p <= budget));
        // A purpose (a gift, air purifying) gives way to a stated budget: plants that fit the
        // money come, and the purpose is named as not met.
        let soft = &WishWords::get().soft;
        if !fits && wishes.traits.iter().any(|t| soft.iter().any(|s| s == t)) {
            let relaxed = Wishes {
                traits: wishes
                    .traits
                    .iter()
                    .copied()
                    .filter(|t| !soft.iter().any(|s| s == t))
                    .collect(),
                ..wishes.clone()
            };
            let again = rank(kb, &relaxed);
            if again
                .iter()
                .any(|c| cheapest(c).is_some_and(|p| p <= budget))
            {
                notes.push(
                    say.purpose_over_budget
                        .get(lang)
                        .replace("{budget}", &super::text::rupees(budget)),
                );
                wishes = relaxed;
                ranked = again;
            }
        }
        let fits = ranked
            .iter()
            .any(|c| cheapest(c).is_some_and(|p| p <= budget));
        if !fits && ranked.iter().any(|c| cheapest(c).is_some()) {
            over_budget_note = Some(notes.len());
            notes.push(
                say.over_budget
                    .get(lang)
                    .replace("{budget}", &super::text::rupees(budget)),
            );
            wishes.budget = None;
            ranked.sort_by_key(|c| cheapest(c).unwrap_or(i64::MAX));
            wishes.count = Some(wishes.count.unwrap_or(2).min(2));
        }
    }
    if let Some(total) = total_note(asked_count, &wishes, &ranked, catalogue, lang) {
        // The sum for all the plants says more than "nothing fits ₹133 per plant".
        if let Some(i) = over_budget_note {
            notes.remove(i);
        }
        notes.push(total);
    }
    let note = (!notes.is_empty()).then(|| notes.join(" "));
    (wishes, ranked, note)
}

/// For a number of plants and a total for all of them: what they come to, with the plants the
/// answer shows (the cheapest of the first few that fit), or that the total cannot cover them
/// and how many it buys.
fn total_note(
    count: Option<i64>,
    wishes: &Wishes,
    ranked: &[Candidate],
    catalogue: &[CatalogueItem],
    lang: Lang,
) -> Option<String> {
    let (n, total) = (count?, wishes.stated_budget?);
    if n < 2 || !wishes.total {
        return None;
    }
    let priced: Vec<(&Species, i64)> = ranked
        .iter()
        .filter_map(|c| Some((c.species, stocked(c.species, catalogue).first()?.price)))
        .collect();
    let shown = priced
        .iter()
        .filter(|(_, p)| wishes.budget.is_none_or(|b| *p <= b))
        .take(4)
        .min_by_key(|(_, p)| *p);
    let cheapest = priced.iter().min_by_key(|(_, p)| *p);
    let say = WishWords::say();
    let rupees = super::text::rupees;
    match shown.filter(|(_, p)| p * n <= total).or(cheapest) {
        Some((s, p)) if p * n <= total => Some(
            say.total_fits
                .get(lang)
                .replace("{total}", &rupees(total))
                .replace("{n}", &n.to_string())
                .replace("{plant}", s.name_in(lang == Lang::Hi))
                .replace("{price}", &rupees(*p))
                .replace("{sum}", &rupees(p * n)),
        ),
        Some((_, p)) => Some(
            say.total_short
                .get(lang)
                .replace("{total}", &rupees(total))
                .replace("{n}", &n.to_string())
                .replace("{price}", &rupees(*p))
                .replace("{sum}", &rupees(p * n))
                .replace("{k}", &(total / p).to_string()),
        ),
        None => None,
    }
}

/// The first single wish whose removal lets some species fit, with its name.
fn relax<'w>(kb: &Knowledge, w: &Wishes, names: &'w WishNames) -> Option<(Wishes, &'w Texts)> {
    let mut tries: Vec<(Wishes, &Texts)> = Vec::new();
    if let Some(light) = w.light {
        let name = match light {
            LightWish::Low => &names.low_light,
            LightWish::Sun => &names.sun,
        };
        tries.push((
            Wishes {
                light: None,
                ..w.clone()
            },
            name,
        ));
    }
    if w.place.is_some() {
        tries.push((
            Wishes {
                place: None,
                ..w.clone()
            },
            &names.place,
        ));
    }
    if !w.traits.is_empty() || !w.groups.is_empty() {
        let without = Wishes {
            traits: Vec::new(),
            groups: Vec::new(),
            ..w.clone()
        };
        tries.push((without, &names.kind));
    }
    if w.beginner {
        tries.push((
            Wishes {
                beginner: false,
                ..w.clone()
            },
            &names.beginner,
        ));
    }
    if w.children {
        tries.push((
            Wishes {
                children: false,
                ..w.clone()
            },
            &names.children,
        ));
    }
    if w.pets {
        tries.push((
            Wishes {
                pets: false,
                ..w.clone()
            },
            &names.pets,
        ));
    }
    tries
        .into_iter()
        .find(|(relaxed, _)| !rank(kb, relaxed).is_empty())
}

/// Cold nights ahead for a plant kept outside in the hills, or in the north in winter.
pub fn cold_note(
    city: Option<&str>,
    zone: Option<super::reading::Zone>,
    winter: bool,
    wishes: &Wishes,
    lang: Lang,
) -> Option<String> {
    use super::reading::Zone;
    let outside = wishes.place != Some("indoor");
    let cold = match zone? {
        Zone::Hills => winter,
        Zone::North => winter && matches!(wishes.place, Some("outdoor" | "terrace")),
        _ => false,
    };
    (cold && outside).then(|| {
        WishWords::say()
            .cold
            .get(lang)
            .replace("{city}", city.unwrap_or_default())
            .trim()
            .to_string()
    })
}

/// In-stock catalogue plants of a species (by its listed catalogue names), cheapest first.
pub fn stocked<'c>(species: &Species, catalogue: &'c [CatalogueItem]) -> Vec<&'c CatalogueItem> {
    let mut items: Vec<&CatalogueItem> = catalogue
        .iter()
        .filter(|item| item.stock > 0)
        .filter(|item| {
            species
                .catalogue
                .iter()
                .any(|c| c.eq_ignore_ascii_case(item.name.trim()))
        })
        .collect();
    items.sort_by_key(|i| i.price);
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_read_in_many_forms() {
        assert_eq!(read_budget("a plant under ₹500 please"), Some(500));
        assert_eq!(read_budget("below rs 1,200"), Some(1200));
        assert_eq!(read_budget("300 se kam wala paudha"), Some(300));
        assert_eq!(read_budget("500 रुपये तक"), Some(500));
        assert_eq!(read_budget("I have 2 cats and 3 pots"), None);
    }

    #[test]
    fn a_cat_owner_with_a_dark_bedroom_gets_safe_low_light_plants() {
        let kb = Knowledge::embedded().unwrap();
        let text = "a low-light plant for my bedroom, I have a cat";
        let wishes = read_wishes(text, &Prepared::new(text));
        assert!(wishes.pets);
        assert_eq!(wishes.light, Some(LightWish::Low));
        let ranked = rank(&kb, &wishes);
        assert!(!ranked.is_empty());
        for c in &ranked {
            assert!(!c.species.toxic_to_pets, "{}", c.species.id);
            assert!(
                c.species.light_level <= LightLevel::Medium,
                "{}",
                c.species.id
            );
        }
    }
}
