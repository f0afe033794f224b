//! Short follow-ups that continue the chat's topic instead of starting a new one: "why?" and
//! "what should I do?" after a problem was diagnosed, "what about watering them?" after a list
//! of plants. The words are data (`knowledge/assistant/followups.toml`), checked at start.

use anyhow::{bail, Context};
use serde::Deserialize;

use super::cues::Intent;
use super::direct::{self, Situation, Watering};
use super::knowledge::{Guide, Knowledge, Species};
use super::lexicon::{Lang, PhraseList};
use super::memory::Memory;
use super::quick::Phrasebook;
use super::recognize::Recognition;
use super::season::Season;
use super::text::Prepared;
use crate::domain::catalogue::CatalogueItem;

const FOLLOWUPS_TOML: &str = include_str!("../../knowledge/assistant/followups.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowUps {
    max_words: usize,
    why: PhraseList,
    remedy: PhraseList,
    plural: PhraseList,
    pub same_again: PhraseList,
    pub cheaper_one: PhraseList,
    pub costlier_one: PhraseList,
    pub quantity_words: PhraseList,
    pub not_count: PhraseList,
    pub buying: PhraseList,
    pub total: PhraseList,
    pub safe_for_them: PhraseList,
    /// Counts written as words, by value: `number_words[3]` lists "three", "teen", "तीन".
    #[serde(default)]
    number_words: Vec<Vec<String>>,
    /// Words right after a count that take that many ("teen lunga", "12 kar do", "दो लूँ").
    #[serde(default)]
    taking_after: Vec<String>,
    /// Words right before a count that make it the number wanted ("make it two").
    #[serde(default)]
    taking_before: Vec<String>,
    /// What a count of plants is for ("for 8 rooms", "30 guests"): one plant each.
    #[serde(default)]
    units: Vec<String>,
    /// Animals and people a safety question is about ("…and for my parrot?" asks it again).
    #[serde(default)]
    who: Option<PhraseList>,
}

/// The words of a lower-cased message as the count readers see them: split at spaces and
/// punctuation (the danda too), with the Devanagari marks the count words are written with
/// kept as typed (`Prepared` folds them).
fn count_tokens(lower: &str) -> Vec<&str> {
    lower
        .split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() || c == '।')
        .filter(|w| !w.is_empty())
        .collect()
}

/// What a short follow-up asks about the problem discussed before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Continue {
    Why,
    Remedy,
}

impl FollowUps {
    pub fn parse(text: &str) -> anyhow::Result<FollowUps> {
        let f: FollowUps =
            toml::from_str(text).context("knowledge/assistant/followups.toml is malformed")?;
        if f.max_words == 0 {
            bail!("followups.toml: max_words must be at least 1");
        }
        f.why.check("followups.toml why")?;
        f.remedy.check("followups.toml remedy")?;
        f.plural.check("followups.toml plural")?;
        for (name, list) in [
            ("same_again", &f.same_again),
            ("cheaper_one", &f.cheaper_one),
            ("costlier_one", &f.costlier_one),
            ("quantity_words", &f.quantity_words),
            ("not_count", &f.not_count),
            ("buying", &f.buying),
            ("total", &f.total),
            ("safe_for_them", &f.safe_for_them),
        ] {
            list.check(&format!("followups.toml {name}"))?;
        }
        if let Some(who) = &f.who {
            who.check("followups.toml who")?;
        }
        let numbers = f.number_words.iter().flatten();
        if numbers
            .chain(&f.taking_after)
            .chain(&f.taking_before)
            .any(|w| w.trim().is_empty())
        {
            bail!("followups.toml: an empty count or taking word would match every message");
        }
        Ok(f)
    }

    /// Checks the embedded words; `Engine::new` calls it so a bad file stops the start.
    pub fn check() -> anyhow::Result<()> {
        FollowUps::parse(FOLLOWUPS_TOML).map(|_| ())
    }

    pub fn get() -> &'static FollowUps {
        static WORDS: std::sync::OnceLock<FollowUps> = std::sync::OnceLock::new();
        WORDS.get_or_init(|| {
            FollowUps::parse(FOLLOWUPS_TOML).expect("followups.toml is checked at start")
        })
    }

    /// Whether a short message with no topic of its own asks "why" or "what to do" about the
    /// problem the chat was about. A message that names a plant or a problem, or asks for a
    /// recommendation, has its own intent, which wins over memory.
    pub fn asks_about_last_problem(&self, text: &Prepared, r: &Recognition) -> Option<Continue> {
        let own_topic = !r.plants.is_empty()
            || r.guides.iter().any(|m| m.guide.is_problem())
            || r.has(Intent::Recommend)
            || r.has(Intent::Shop);
        if own_topic || text.words.len() > self.max_words {
            return None;
        }
        if self.remedy.hit(text) {
            Some(Continue::Remedy)
        } else if self.why.hit(text) {
            Some(Continue::Why)
        } else {
            None
        }
    }

    /// The number of plants the customer now takes, said with a verb of taking rather than a
    /// plant word: "actually make it two", "2 lunga", "और दो लूँ तो?", "12 kar do". The count
    /// may be a word ("teen", "दो"); it counts only next to a taking word, since "do" and
    /// "two" alone mean other things.
    pub fn taken_count(&self, raw: &str) -> Option<i64> {
        let lower = raw.to_lowercase();
        let tokens = count_tokens(&lower);
        let value = |w: &str| -> Option<i64> {
            w.parse::<i64>().ok().or_else(|| {
                self.number_words
                    .iter()
                    .position(|names| names.iter().any(|n| n == w))
                    .map(|n| n as i64)
            })
        };
        let is = |list: &[String], w: &str| list.iter().any(|x| x == w);
        (0..tokens.len()).find_map(|i| {
            let n = value(tokens[i]).filter(|n| (2..=999).contains(n))?;
            let after = tokens.get(i + 1).is_some_and(|w| is(&self.taking_after, w));
            let before =
                (1..=2).any(|k| i >= k && is(&self.taking_before, &tokens[i - k..i].join(" ")));
            (after || before).then_some(n)
        })
    }

    /// "For 8 rooms", "30 guests ke liye": how many places or people, one plant each.
    pub fn count_of_units(&self, raw: &str) -> Option<i64> {
        let lower = raw.to_lowercase();
        let tokens = count_tokens(&lower);
        (0..tokens.len()).find_map(|i| {
            let n = tokens[i]
                .parse::<i64>()
                .ok()
                .filter(|n| (2..=999).contains(n))?;
            let after = &tokens[i + 1..tokens.len().min(i + 3)];
            after
                .iter()
                .any(|w| self.units.iter().any(|u| u == w))
                .then_some(n)
        })
    }

    /// "them", "these", "dono": the message is about every plant of the last list.
    pub fn refers_to_list(&self, text: &Prepared) -> bool {
        self.plural.hit(text)
    }
}

/// The problem the chat was about, if the last diagnosis is remembered.
pub fn last_problem<'k>(kb: &'k Knowledge, memory: &Memory) -> Option<&'k Guide> {
    memory
        .guide
        .as_deref()
        .and_then(|id| kb.guide(id))
        .filter(|g| g.is_problem())
}

/// The causes ("why?") or the remedy ("what should I do?") of the problem discussed before,
/// in the customer's language: English from the guide's causes and steps, Hindi and Hinglish
/// from the guide's reviewed text.
pub fn continue_problem(
    g: &Guide,
    plant: Option<&Species>,
    book: &Phrasebook,
    ask: Continue,
    lang: Lang,
) -> Option<String> {
    let title = match (lang, plant) {
        (Lang::Hi, Some(s)) => format!("{} — {}", s.hindi, g.hindi_title),
        (Lang::Hi, None) => g.hindi_title.clone(),
        (_, Some(s)) => format!("{} — {}", s.name, g.title),
        (_, None) => g.title.clone(),
    };
    if lang != Lang::En {
        let body = book.guide(&g.id, lang)?;
        return Some(format!("**{title}:** {body}"));
    }
    let list = |items: &[String], numbered: bool| {
        items
            .iter()
            .take(4)
            .enumerate()
            .map(|(i, t)| {
                if numbered {
                    format!("{}. {t}", i + 1)
                } else {
                    format!("- {t}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    Some(match ask {
        Continue::Why => format!(
            "**Why ({title}):** {}\n\nThe usual causes:\n{}",
            g.summary,
            list(&g.causes, false)
        ),
        Continue::Remedy => format!(
            "**What to do ({title}):**\n{}\n\n{}",
            list(&g.steps, true),
            g.when_to_worry
        ),
    })
}

/// "What about watering them?" after a list: one line for each listed plant.
pub fn watering_for_list(
    kb: &Knowledge,
    watering: &Watering,
    list: &[String],
    catalogue: &[CatalogueItem],
    season: Season,
    zone: Option<(&str, super::reading::Zone)>,
    lang: Lang,
) -> Option<String> {
    let listed: Vec<&Species> = list
        .iter()
        .filter_map(|id| catalogue.iter().find(|i| &i.id == id))
        .filter_map(|i| kb.species_for_catalogue_name(&i.name))
        .collect();
    if listed.len() < 2 {
        return None;
    }
    let lines: Vec<String> = listed
        .iter()
        .filter_map(|s| {
            let sit = Situation {
                now: season,
                lang,
                season,
                zone,
                habit_hours: None,
                amount: None,
            };
            let t = direct::watering(watering, s, &sit)?;
            let first = t
                .split("\n\n")
                .next()
                .unwrap_or_default()
                .trim()
                .to_string();
            let name = match lang {
                Lang::Hi => format!("{} ({})", s.hindi, s.name),
                _ => s.name.clone(),
            };
            Some(format!("- **{name}:** {first}"))
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    let head = match lang {
        Lang::En => "Watering for each plant of the list (always check the soil first):",
        Lang::Hi => "सूची के हर पौधे के लिए पानी (पहले मिट्टी ज़रूर जाँचें):",
        Lang::Hinglish => "List ke har paudhe ke liye paani (pehle mitti zaroor check kijiye):",
    };
    Some(format!("{head}\n{}", lines.join("\n")))
}

/// Continues the chat's topic when a short message has none of its own: the causes or the
/// remedy of the problem discussed last, or watering for every plant of the last list.
#[allow(clippy::too_many_arguments)]
pub fn continued(
    kb: &Knowledge,
    book: &Phrasebook,
    watering: &Watering,
    text: &Prepared,
    r: &Recognition,
    memory: &Memory,
    catalogue: &[CatalogueItem],
    season: Season,
    lang: Lang,
) -> Option<String> {
    let f = FollowUps::get();
    if let Some(g) = last_problem(kb, memory) {
        if let Some(ask) = f.asks_about_last_problem(text, r) {
            let plant = memory.plant.as_deref().and_then(|id| kb.species(id));
            if let Some(t) = continue_problem(g, plant, book, ask, lang) {
                return Some(t);
            }
        }
    }
    let about_water = r.has(Intent::Water) || text.has_stem(&["water"]);
    if r.plants.is_empty() && about_water && f.refers_to_list(text) && memory.list.len() >= 2 {
        let zone = memory.city.as_deref().zip(memory.zone);
        return watering_for_list(kb, watering, &memory.list, catalogue, season, zone, lang);
    }
    None
}

/// Words that may open a follow-up before its real start ("ok and to 110017?").
const OPENERS: [&str; 8] = ["ok", "okay", "oh", "hmm", "acha", "accha", "achha", "so"];

/// Whether the message opens (after "ok", "acha"…) with one of the phrases.
pub fn opens_with(list: &PhraseList, text: &Prepared) -> bool {
    let skip = text
        .words
        .iter()
        .take_while(|w| OPENERS.contains(&w.as_str()))
        .count();
    let rest = Prepared::new(&text.words[skip..].join(" "));
    list.0.iter().any(|p| {
        let p = super::text::normalize(p);
        let want: Vec<&str> = p.split_whitespace().collect();
        !want.is_empty()
            && rest.words.len() >= want.len()
            && rest.words.iter().zip(&want).all(|(w, p)| w == p)
    })
}

/// "…and snake plant?" after "how do I propagate money plant?": the last question again with
/// the new plant in place of the old one; "and to 110017?" after a delivery question, with
/// the new PIN or city in place of the old place. None when the message asks something of
/// its own or names nothing new.
pub fn asked_again(
    kb: &Knowledge,
    places: &[&PhraseList],
    last: &str,
    text: &Prepared,
    r: &Recognition,
) -> Option<String> {
    let f = FollowUps::get();
    if text.words.len() > 7 || !opens_with(&f.same_again, text) {
        return None;
    }
    // A message with a topic of its own ("and snake plant, how often to water?") is new.
    let own_topic = !r.guides.is_empty() || r.intents.iter().any(|i| i.is_care());
    let before = Prepared::new(last);
    let question_mark = if last.trim_end().ends_with('?') {
        "?"
    } else {
        ""
    };
    let swap = |span: (usize, usize), new: &str| -> String {
        let mut words: Vec<&str> = before.words.iter().map(String::as_str).collect();
        words.splice(span.0..span.0 + span.1, [new]);
        format!("{}{question_mark}", words.join(" "))
    };
    if let (Some(new), false) = (r.plants.first(), own_topic) {
        let old = super::recognize::recognize(kb, last)
            .plants
            .into_iter()
            .next()?;
        if old.id == new.id || r.plants.len() > 1 {
            return None;
        }
        let span = old
            .aliases
            .iter()
            .chain([&old.name, &old.hindi, &old.botanical])
            .find_map(|alias| before.find_fuzzy(alias))?;
        return Some(swap(span, &new.name));
    }
    // An animal or a person: "is tulsi safe for my cat?" … "and for my parrot?".
    if let (Some(who), true) = (&f.who, r.plants.is_empty()) {
        let find = |t: &Prepared| -> Option<(usize, usize, String)> {
            let name = who.first_hit(t)?;
            let (at, len) = t.find_fuzzy(name)?;
            Some((at, len, name.to_string()))
        };
        if let (Some(new), Some(old)) = (find(text), find(&before)) {
            if new.2 != old.2 {
                return Some(swap((old.0, old.1), &new.2));
            }
        }
    }
    // A place: a 6-digit PIN or a city the shop or the climate lists know.
    let pin = |t: &Prepared| -> Option<(usize, String)> {
        t.words.iter().enumerate().find_map(|(i, w)| {
            (w.len() == 6 && w.chars().all(|c| c.is_ascii_digit())).then(|| (i, w.clone()))
        })
    };
    let city = |t: &Prepared| -> Option<(usize, usize, String)> {
        places.iter().find_map(|list| {
            let name = list.first_hit(t)?;
            let (at, len) = t.find_fuzzy(name)?;
            Some((at, len, name.to_string()))
        })
    };
    let new_place = pin(text)
        .map(|(_, p)| p)
        .or_else(|| city(text).map(|(_, _, c)| c))?;
    let old_span = pin(&before)
        .map(|(i, _)| (i, 1))
        .or_else(|| city(&before).map(|(i, len, _)| (i, len)))?;
    Some(swap(old_span, &new_place))
}

/// "a Adenium" → "an Adenium": the article before a plant name that starts with a vowel
/// (names are capitalised, so "a user" or "a one" stay as they are).
pub fn fix_articles(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    // A leading space lets the article at the very start be found like any other.
    let padded = format!(" {text}");
    let mut rest = padded.as_str();
    while let Some(at) = rest.find(" a ") {
        let after = &rest[at + 3..];
        let next = after.trim_start_matches(['*', '_']).chars().next();
        out.push_str(&rest[..at]);
        if next.is_some_and(|c| "AEIOU".contains(c)) {
            out.push_str(" an ");
        } else {
            out.push_str(" a ");
        }
        rest = after;
    }
    out.push_str(rest);
    out.split_off(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_followup_words_are_checked() {
        assert!(FollowUps::check().is_ok());
        assert!(FollowUps::parse(
            "max_words = 8\nwhy = [\"\"]\nremedy = [\"x\"]\nplural = [\"y\"]\nsame_again = [\"and\"]\ncheaper_one = [\"a\"]\ncostlier_one = [\"b\"]\nquantity_words = [\"c\"]\nnot_count = [\"f\"]\nbuying = [\"g\"]\ntotal = [\"d\"]\nsafe_for_them = [\"e\"]"
        )
        .is_err());
    }

    #[test]
    fn counts_taken_with_a_verb_are_read() {
        let f = FollowUps::get();
        for (text, want) in [
            ("actually make it two", Some(2)),
            ("2 lunga toh total kitna?", Some(2)),
            ("और दो लूँ तो?", Some(2)),
            ("nahi nahi actually 12 kar do", Some(12)),
            ("teen de do", Some(3)),
            ("ok make it 4 then", Some(4)),
            ("kar do", None),
            ("I do need two days", None),
            ("water it every 3 days", None),
        ] {
            assert_eq!(f.taken_count(text), want, "{text}");
        }
        assert_eq!(
            f.count_of_units("for 8 homestay rooms: spider vs areca"),
            Some(8)
        );
        assert_eq!(f.count_of_units("30 guests ke liye"), Some(30));
        assert_eq!(f.count_of_units("my 2 cats chew leaves"), None);
    }

    #[test]
    fn articles_follow_the_plant_name() {
        assert_eq!(
            fix_articles("too often for a Adenium and a Snake Plant"),
            "too often for an Adenium and a Snake Plant"
        );
        assert_eq!(
            fix_articles("a **Aloe Vera** and a one"),
            "an **Aloe Vera** and a one"
        );
    }

    #[test]
    fn short_followups_continue_the_problem() {
        let kb = Knowledge::embedded().unwrap();
        let f = FollowUps::get();
        for (text, want) in [
            ("why?", Some(Continue::Why)),
            ("what should i do", Some(Continue::Remedy)),
            ("koi spray batao", Some(Continue::Remedy)),
            ("क्या करूँ?", Some(Continue::Remedy)),
            ("which plant is good for low light?", None),
            ("why are my tulsi leaves yellow", None),
        ] {
            let r = super::super::recognize::recognize(&kb, text);
            assert_eq!(
                f.asks_about_last_problem(&Prepared::new(text), &r),
                want,
                "{text}"
            );
        }
    }
}
