//! The catalogue's search index: every word a plant can be found by (its names in English and
//! Hindi, the knowledge base's aliases and Hinglish spellings, its botanical name, categories
//! and description), kept in an `fst` map so that exact, prefix and typo-tolerant (Levenshtein
//! automaton) look-ups walk a compact sorted automaton instead of every word. Pure: built from
//! rows, queried in memory; `live.rs` keeps it in step with the database.

use std::collections::HashMap;
use std::sync::OnceLock;

use fst::automaton::{Levenshtein, Str};
use fst::{Automaton, IntoStreamer, Map, Streamer};
use serde::Deserialize;

use super::species::SpeciesBook;
use super::text::{joined, words};
use crate::domain::care::{self, Care, Difficulty, Light, Water};

/// One catalogue plant as the index needs it.
#[derive(Debug, Clone)]
pub struct IndexedPlant {
    pub id: String,
    pub plant_code: String,
    pub name: String,
    pub name_hi: Option<String>,
    pub description: String,
    pub description_hi: Option<String>,
    pub categories: Vec<String>,
    pub image: Option<String>,
    pub price: i64,
    pub care: Option<Care>,
}

/// Where a word came from; a match in the name counts more than one in the description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
enum Field {
    Name = 0,
    Alias = 1,
    Botanical = 2,
    Category = 3,
    Description = 4,
}

impl Field {
    fn weight(self) -> f32 {
        match self {
            Field::Name => 1.0,
            Field::Alias => 0.9,
            Field::Botanical => 0.6,
            Field::Category => 0.4,
            Field::Description => 0.2,
        }
    }
}

/// Care a search asks for in words ("pet safe", "low light").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CareWish {
    pub pet_safe: Option<bool>,
    pub child_safe: Option<bool>,
    pub light: Option<Light>,
    pub water: Option<Water>,
    pub difficulty: Option<Difficulty>,
}

impl CareWish {
    fn is_empty(&self) -> bool {
        *self == CareWish::default()
    }

    fn accepts(&self, care: Option<&Care>) -> bool {
        if self.is_empty() {
            return true;
        }
        let Some(c) = care else { return false };
        self.pet_safe.is_none_or(|v| v == c.pet_safe)
            && self.child_safe.is_none_or(|v| v == c.child_safe)
            && self.light.is_none_or(|v| v == c.light)
            && self.water.is_none_or(|v| v == c.water)
            && self.difficulty.is_none_or(|v| v == c.difficulty)
    }
}

#[derive(Deserialize)]
struct CarePhrase {
    words: Vec<String>,
    pet_safe: Option<bool>,
    child_safe: Option<bool>,
    light: Option<String>,
    water: Option<String>,
    difficulty: Option<String>,
}

#[derive(Deserialize)]
struct CarePhrases {
    phrase: Vec<CarePhrase>,
}

/// The care phrases of `care_words.toml`, as word lists (longest first) with their wish.
fn care_phrases() -> &'static [(Vec<String>, CareWish)] {
    static PHRASES: OnceLock<Vec<(Vec<String>, CareWish)>> = OnceLock::new();
    PHRASES.get_or_init(|| {
        let file: CarePhrases = toml::from_str(include_str!("care_words.toml"))
            .expect("search/care_words.toml is valid");
        let mut out = Vec::new();
        for phrase in file.phrase {
            let wish = CareWish {
                pet_safe: phrase.pet_safe,
                child_safe: phrase.child_safe,
                light: phrase
                    .light
                    .as_deref()
                    .map(|w| care::parse(w).expect("light word")),
                water: phrase
                    .water
                    .as_deref()
                    .map(|w| care::parse(w).expect("water word")),
                difficulty: phrase
                    .difficulty
                    .as_deref()
                    .map(|w| care::parse(w).expect("difficulty word")),
            };
            for text in phrase.words {
                out.push((words(&text), wish));
            }
        }
        out.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        out
    })
}

/// Takes the care phrases out of `tokens`, returning what they ask for.
fn take_care_words(tokens: &mut Vec<String>) -> CareWish {
    let mut wish = CareWish::default();
    for (phrase, said) in care_phrases() {
        let n = phrase.len();
        let mut i = 0;
        while n > 0 && i + n <= tokens.len() {
            if tokens[i..i + n] == phrase[..] {
                tokens.drain(i..i + n);
                wish.pet_safe = wish.pet_safe.or(said.pet_safe);
                wish.child_safe = wish.child_safe.or(said.child_safe);
                wish.light = wish.light.or(said.light);
                wish.water = wish.water.or(said.water);
                wish.difficulty = wish.difficulty.or(said.difficulty);
            } else {
                i += 1;
            }
        }
    }
    wish
}

/// How a search looks words up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A finished query (the catalogue's `search`): whole words, with typos.
    Words,
    /// Typing in progress (suggestions): the last word may be the start of a word.
    AsYouType,
}

/// Most matches a search returns; the catalogue pages through these.
pub const MAX_MATCHES: usize = 1000;
/// Most index words one query word may expand to by prefix, so a one-letter prefix of a
/// 50,000-plant catalogue stays fast.
const MAX_PREFIX_TERMS: usize = 400;

pub struct SearchIndex {
    plants: Vec<IndexedPlant>,
    terms: Map<Vec<u8>>,
    /// Per term: the plants that have it, with the best field they have it in.
    postings: Vec<Vec<(u32, Field)>>,
    /// Per term: how rare it is (inverse document frequency).
    rarity: Vec<f32>,
    /// Whole names (English and Hindi, run together) → plants, for "an exact name wins".
    exact_names: HashMap<String, Vec<u32>>,
}

/// One search hit: the plant's position in the index and how well it matched.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub plant: u32,
    pub score: f32,
}

impl SearchIndex {
    pub fn build(mut plants: Vec<IndexedPlant>) -> SearchIndex {
        // Kept in name order, so that "then by name" is "then by position" when ranking.
        plants.sort_by_cached_key(|p| (p.name.to_lowercase(), p.id.clone()));
        let book = SpeciesBook::embedded();
        let mut terms: HashMap<String, Vec<(u32, Field)>> = HashMap::new();
        let mut exact_names: HashMap<String, Vec<u32>> = HashMap::new();
        for (i, plant) in plants.iter().enumerate() {
            let i = i as u32;
            let mut add = |text: &str, field: Field, with_joined: bool| {
                let ws = words(text);
                if with_joined && ws.len() > 1 {
                    terms.entry(joined(&ws)).or_default().push((i, field));
                }
                for w in ws {
                    match terms.get_mut(&w) {
                        Some(list) => list.push((i, field)),
                        None => {
                            terms.insert(w, vec![(i, field)]);
                        }
                    }
                }
            };
            add(&plant.name, Field::Name, true);
            if let Some(hi) = &plant.name_hi {
                add(hi, Field::Name, true);
            }
            if let Some(species) = book.for_product(&plant.name) {
                add(&species.hindi, Field::Alias, true);
                for alias in &species.aliases {
                    add(alias, Field::Alias, true);
                }
                add(&species.botanical, Field::Botanical, true);
            }
            for category in &plant.categories {
                add(category, Field::Category, false);
            }
            add(&plant.description, Field::Description, false);
            if let Some(hi) = &plant.description_hi {
                add(hi, Field::Description, false);
            }
            for name in std::iter::once(&plant.name).chain(plant.name_hi.as_ref()) {
                let key = joined(&words(name));
                if !key.is_empty() {
                    exact_names.entry(key).or_default().push(i);
                }
            }
        }
        let n = plants.len().max(1) as f32;
        let mut postings = Vec::with_capacity(terms.len());
        let mut rarity = Vec::with_capacity(terms.len());
        let mut builder = fst::MapBuilder::memory();
        let mut terms: Vec<(String, Vec<(u32, Field)>)> = terms.into_iter().collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        for (position, (term, mut list)) in terms.into_iter().enumerate() {
            // One entry per plant, keeping the field that counts most.
            list.sort_unstable();
            list.dedup_by_key(|(plant, _)| *plant);
            rarity.push((1.0 + n / (1.0 + list.len() as f32)).ln());
            list.shrink_to_fit();
            postings.push(list);
            builder
                .insert(term.as_bytes(), position as u64)
                .expect("terms arrive sorted and unique");
        }
        let terms =
            Map::new(builder.into_inner().expect("in-memory fst")).expect("a freshly built fst");
        SearchIndex {
            plants,
            terms,
            postings,
            rarity,
            exact_names,
        }
    }

    pub fn len(&self) -> usize {
        self.plants.len()
    }

    pub fn is_empty(&self) -> bool {
        self.plants.is_empty()
    }

    pub fn plant(&self, hit: &Hit) -> &IndexedPlant {
        &self.plants[hit.plant as usize]
    }

    /// Rough heap size in bytes, for the benchmark.
    pub fn approximate_bytes(&self) -> usize {
        let plants: usize = self
            .plants
            .iter()
            .map(|p| {
                std::mem::size_of::<IndexedPlant>()
                    + p.id.len()
                    + p.plant_code.len()
                    + p.name.len()
                    + p.name_hi.as_ref().map_or(0, String::len)
                    + p.description.len()
                    + p.description_hi.as_ref().map_or(0, String::len)
                    + p.categories.iter().map(|c| c.len() + 24).sum::<usize>()
                    + p.image.as_ref().map_or(0, String::len)
            })
            .sum();
        let postings: usize = self
            .postings
            .iter()
            .map(|l| 24 + l.capacity() * std::mem::size_of::<(u32, Field)>())
            .sum();
        plants + postings + self.terms.as_fst().size() + self.rarity.len() * 4
    }

    /// The plants matching `query`, best first (at most `limit`). A query with no words
    /// (or only punctuation) matches nothing; one made only of care words ("pet safe")
    /// matches every plant with that care, by name.
    pub fn search(&self, query: &str, mode: Mode, limit: usize) -> Vec<Hit> {
        let mut tokens = words(query);
        if tokens.is_empty() {
            return Vec::new();
        }
        let wish = take_care_words(&mut tokens);
        let mut hits: Vec<Hit> = if tokens.is_empty() {
            (0..self.plants.len() as u32)
                .map(|plant| Hit { plant, score: 0.0 })
                .collect()
        } else {
            self.match_words(&tokens, mode)
        };
        if !wish.is_empty() {
            hits.retain(|h| wish.accepts(self.plants[h.plant as usize].care.as_ref()));
        }
        let order = |a: &Hit, b: &Hit| b.score.total_cmp(&a.score).then(a.plant.cmp(&b.plant));
        if hits.len() > limit && limit > 0 {
            hits.select_nth_unstable_by(limit - 1, order);
        }
        hits.truncate(limit);
        hits.sort_unstable_by(order);
        hits.truncate(limit);
        hits
    }

    /// Scores every plant that has the words (or, in a longer query, all but one).
    fn match_words(&self, tokens: &[String], mode: Mode) -> Vec<Hit> {
        let mut tokens: Vec<String> = tokens.to_vec();
        let last = tokens.len() - 1;
        // Per plant: summed score and a bit per query word it matched, in dense arrays
        // (a common word like "plant" touches most of a large catalogue).
        let n = self.plants.len();
        let mut scores: Vec<(f32, u64)> = vec![(0.0, 0); n];
        let mut touched: Vec<u32> = Vec::new();
        let mut best: Vec<f32> = vec![0.0; n];
        let mut best_touched: Vec<u32> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        tokens.truncate(64);
        for (k, token) in tokens.iter().enumerate() {
            if !seen.insert(token.clone()) {
                continue;
            }
            let prefix = mode == Mode::AsYouType && k == last;
            for (term, quality) in self.expand(token, prefix) {
                let weight = quality * self.rarity[term];
                for &(plant, field) in &self.postings[term] {
                    let s = weight * field.weight();
                    let e = &mut best[plant as usize];
                    if *e == 0.0 {
                        best_touched.push(plant);
                    }
                    if s > *e {
                        *e = s;
                    }
                }
            }
            for plant in best_touched.drain(..) {
                let e = &mut scores[plant as usize];
                if e.1 == 0 {
                    touched.push(plant);
                }
                e.0 += std::mem::take(&mut best[plant as usize]);
                e.1 |= 1 << k;
            }
        }
        let all = if tokens.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << tokens.len()) - 1
        };
        // The words typed without spaces between them ("snak plant" ~ "snakeplant").
        if tokens.len() > 1 {
            let whole = joined(&tokens);
            for (term, quality) in self.expand(&whole, mode == Mode::AsYouType) {
                let weight = quality * self.rarity[term] * tokens.len() as f32;
                for &(plant, field) in &self.postings[term] {
                    if field <= Field::Alias {
                        let e = &mut scores[plant as usize];
                        if e.1 == 0 {
                            touched.push(plant);
                        }
                        e.0 += weight * field.weight();
                        e.1 = all;
                    }
                }
            }
        }
        // An exact name wins over everything else.
        if let Some(plants) = self.exact_names.get(&joined(&tokens)) {
            for &plant in plants {
                let e = &mut scores[plant as usize];
                if e.1 == 0 {
                    touched.push(plant);
                }
                e.0 += 1000.0;
                e.1 = all;
            }
        }
        let words_of = |bits: u64| bits.count_ones() as usize;
        let full = touched.iter().any(|&p| scores[p as usize].1 == all);
        // All the words when some plant has them all; otherwise one may be missing from
        // a longer query ("tulsi ka paudha online"), but a short one must match whole.
        let count = tokens.len().min(64);
        let need = if full || count < 3 { count } else { count - 1 };
        touched
            .into_iter()
            .filter_map(|plant| {
                let (score, bits) = scores[plant as usize];
                (words_of(bits) >= need).then(|| Hit {
                    plant,
                    score: score + words_of(bits) as f32,
                })
            })
            .collect()
    }

    /// Index terms close to `token`, each with how good a match it is: exact 1, one typo
    /// 0.6, two typos 0.4, and with `prefix` also the words it begins (fewer letters
    /// missing, better). Typos allowed grow with the word: none under four letters, one up
    /// to seven, two beyond.
    fn expand(&self, token: &str, prefix: bool) -> Vec<(usize, f32)> {
        let mut found: HashMap<usize, f32> = HashMap::new();
        let mut keep = |term: usize, quality: f32| {
            let e = found.entry(term).or_insert(0.0);
            if quality > *e {
                *e = quality;
            }
        };
        if let Some(term) = self.terms.get(token) {
            keep(term as usize, 1.0);
        }
        let len = token.chars().count();
        let typos: u32 = match len {
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        };
        for distance in 1..=typos {
            // A query too odd for the automaton's state budget just gets no typo matches.
            if let Ok(lev) = Levenshtein::new(token, distance) {
                let mut stream = self.terms.search(&lev).into_stream();
                while let Some((_, term)) = stream.next() {
                    keep(term as usize, if distance == 1 { 0.6 } else { 0.4 });
                }
            }
        }
        if prefix && len >= 2 {
            let mut stream = self
                .terms
                .search(Str::new(token).starts_with())
                .into_stream();
            let mut taken = 0;
            while let Some((term_bytes, term)) = stream.next() {
                let term_len = String::from_utf8_lossy(term_bytes).chars().count().max(1);
                keep(term as usize, 0.5 + 0.4 * len as f32 / term_len as f32);
                taken += 1;
                if taken >= MAX_PREFIX_TERMS {
                    break;
                }
            }
            if len >= 4 {
                if let Ok(lev) = Levenshtein::new(token, 1) {
                    let mut stream = self.terms.search(lev.starts_with()).into_stream();
                    let mut taken = 0;
                    while let Some((_, term)) = stream.next() {
                        keep(term as usize, 0.45);
                        taken += 1;
                        if taken >= MAX_PREFIX_TERMS {
                            break;
                        }
                    }
                }
            }
        }
        found.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::care::{Difficulty, Light, Water};

    fn plant(name: &str, name_hi: Option<&str>, pet_safe: bool) -> IndexedPlant {
        IndexedPlant {
            id: name.to_lowercase(),
            plant_code: format!("PL-{}", name.len()),
            name: name.into(),
            name_hi: name_hi.map(str::to_string),
            description: format!("{name} grows well in Indian homes."),
            description_hi: None,
            categories: vec!["Indoor".into()],
            image: None,
            price: 199,
            care: Some(Care {
                light: Light::Low,
                water: Water::Medium,
                difficulty: Difficulty::Easy,
                pet_safe,
                child_safe: pet_safe,
            }),
        }
    }

    fn index() -> SearchIndex {
        SearchIndex::build(vec![
            plant("Money Plant", Some("मनी प्लांट"), false),
            plant("Snake Plant", None, false),
            plant("Spider Plant", None, true),
            plant("Tulsi", Some("तुलसी"), true),
            plant("Hibiscus", Some("गुड़हल"), false),
            plant("Aloe Vera", None, false),
        ])
    }

    fn names(index: &SearchIndex, query: &str, mode: Mode) -> Vec<String> {
        index
            .search(query, mode, 8)
            .iter()
            .map(|h| index.plant(h).name.clone())
            .collect()
    }

    #[test]
    fn typos_run_together_words_hindi_and_aliases_find_the_plant() {
        let index = index();
        for (query, want) in [
            ("snak plant", "Snake Plant"),
            ("moneyplant", "Money Plant"),
            ("aloevera", "Aloe Vera"),
            ("तुलसी", "Tulsi"),
            ("tulsi", "Tulsi"),
            ("gudhal", "Hibiscus"),
            ("गुड़हल", "Hibiscus"),
            ("गुडहल", "Hibiscus"),
            ("pothos", "Money Plant"),
            ("mother-in-law's tongue", "Snake Plant"),
        ] {
            let found = names(&index, query, Mode::Words);
            assert_eq!(
                found.first().map(String::as_str),
                Some(want),
                "{query}: {found:?}"
            );
        }
    }

    #[test]
    fn care_words_filter_and_exact_names_win() {
        let index = index();
        let found = names(&index, "pet safe", Mode::Words);
        assert_eq!(found, ["Spider Plant", "Tulsi"]);
        // Tulsi counts: "tulsi plant" is one of its names in the knowledge base.
        assert_eq!(
            names(&index, "pet safe plant", Mode::Words),
            ["Spider Plant", "Tulsi"]
        );
        assert_eq!(
            names(&index, "Spider Plant", Mode::Words)[0],
            "Spider Plant"
        );
        assert!(names(&index, "%", Mode::Words).is_empty());
        assert!(names(&index, "zzzz-no-such-plant", Mode::Words).is_empty());
    }

    #[test]
    fn as_you_type_completes_the_last_word() {
        let index = index();
        assert_eq!(names(&index, "sna", Mode::AsYouType), ["Snake Plant"]);
        assert_eq!(names(&index, "तुल", Mode::AsYouType), ["Tulsi"]);
        assert!(names(&index, "sna", Mode::Words).is_empty());
    }
}
