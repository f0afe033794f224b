//! What the engine understood and decided about one message, handed to the optional model
//! (issue 16, item 9): the typed reading (what is asked, the plants, the customer's facts),
//! the structured care facts of the plants named, the safety verdict, the shop's own facts,
//! and the direct answer the model must keep as its first sentence. A safety answer never
//! reaches the model (it goes out exactly as the engine wrote it).

use super::direct::Watering;
use super::knowledge::{LightLevel, Species};
use super::lexicon::{Lang, ShopFacts};
use super::memory::Memory;
use super::reading::{Ask, Reading, Zone};
use super::season::Season;

#[derive(Debug, Clone, Default)]
pub struct Brief {
    /// The kind of question: "yes/no", "how often / how much", "why", "compare",
    /// "identify" or "other".
    pub ask: &'static str,
    /// The language of the question: "English", "Hindi (Devanagari)" or "Hinglish (Latin script)".
    pub language: &'static str,
    /// Plants named or referred back to, by their shop names.
    pub plants: Vec<String>,
    /// What the customer told about themselves and that the session keeps.
    pub customer: Vec<String>,
    /// The engine's first sentence for a question that has a direct answer (yes/no, how
    /// often, compare): the model's reply must open with the same answer.
    pub direct: Option<String>,
    /// Structured care facts of the plants named (numbers, not prose).
    pub facts: Vec<String>,
    /// The safety rule that answered, if any.
    pub safety: Option<String>,
    /// Toxicity warnings of the plants in the answer.
    pub warnings: Vec<String>,
    /// The shop's own facts (payment, shipping, delivery, returns), always the same.
    pub shop: Vec<String>,
}

/// Everything the brief is built from.
pub struct BriefInput<'a> {
    pub reading: &'a Reading,
    pub plants: &'a [&'a Species],
    pub memory: &'a Memory,
    pub answer_text: &'a str,
    pub safety: Option<&'a str>,
    pub warnings: &'a [String],
    pub season: Season,
    pub watering: &'a Watering,
    pub shop: &'a ShopFacts,
}

impl Brief {
    pub fn build(input: &BriefInput) -> Brief {
        let r = input.reading;
        let ask = match r.ask {
            Ask::YesNo => "yes/no",
            Ask::HowOften => "how often / how much",
            Ask::Why => "why",
            Ask::Compare => "compare",
            Ask::Identify => "identify",
            Ask::Other => "other",
        };
        let language = match r.lang {
            Lang::En => "English",
            Lang::Hi => "Hindi (Devanagari)",
            Lang::Hinglish => "Hinglish (Hindi in Latin script)",
        };
        let direct = matches!(r.ask, Ask::YesNo | Ask::HowOften | Ask::Compare)
            .then(|| first_sentence(input.answer_text))
            .filter(|s| !s.is_empty());
        let m = input.memory;
        let mut customer = Vec::new();
        if let (Some(city), Some(zone)) = (&m.city, &m.zone) {
            customer.push(format!("lives in {city} (climate zone: {zone:?})"));
        }
        if let Some(hours) = m.habit_hours {
            customer.push(format!("waters about every {hours} hours"));
        }
        if m.pets {
            customer.push("has pets".into());
        }
        if m.children {
            customer.push("has small children".into());
        }
        let facts = input
            .plants
            .iter()
            .map(|s| plant_facts(s, input.watering, input.season, m.zone))
            .collect();
        Brief {
            ask,
            language,
            plants: input.plants.iter().map(|s| s.name.clone()).collect(),
            customer,
            direct,
            facts,
            safety: input.safety.map(str::to_string),
            warnings: input.warnings.to_vec(),
            shop: input
                .shop
                .topic
                .iter()
                .filter(|t| {
                    matches!(
                        t.id.as_str(),
                        "payment" | "shipping" | "delivery" | "damaged" | "returns"
                    )
                })
                .map(|t| t.text.get(Lang::En).to_string())
                .collect(),
        }
    }

    /// The brief as the prompt's sections.
    pub fn render(&self) -> String {
        let list = |items: &[String]| {
            if items.is_empty() {
                "none".to_string()
            } else {
                items.join("; ")
            }
        };
        let mut out = format!(
            "Reading: the customer asks a {} question, in {}. Plants: {}. Customer's facts: {}.\n",
            self.ask,
            self.language,
            list(&self.plants),
            list(&self.customer)
        );
        out.push_str(&format!(
            "Safety verdict: {}.\n",
            match &self.safety {
                Some(rule) => format!("emergency rule `{rule}` fired"),
                None => "no emergency, no dangerous chemical or medical claim found".into(),
            }
        ));
        if let Some(direct) = &self.direct {
            out.push_str(&format!(
                "Direct answer (open your reply with this answer, same yes/no and numbers): {direct}\n"
            ));
        }
        out.push_str(&format!("Structured care facts: {}.\n", list(&self.facts)));
        if !self.warnings.is_empty() {
            out.push_str(&format!("Warnings to keep: {}\n", self.warnings.join(" ")));
        }
        out.push_str(&format!("Shop facts: {}\n", self.shop.join(" ")));
        out
    }
}

/// One plant's structured facts: watering interval now, light level, temperature, toxicity.
fn plant_facts(s: &Species, w: &Watering, season: Season, zone: Option<Zone>) -> String {
    let water = w
        .interval(&s.id, season, zone)
        .map(|(lo, hi)| format!("water every {lo}-{hi} days in {season:?}"))
        .unwrap_or_else(|| "watering: see care".into());
    let light = match s.light_level {
        LightLevel::Low => "low to medium indirect light",
        LightLevel::Medium => "medium indirect light",
        LightLevel::Bright => "bright light, some direct sun",
        LightLevel::FullSun => "full sun, 5-6 hours or more",
    };
    let toxic = match (s.toxic_to_pets, s.toxic_to_children) {
        (false, false) => "not toxic to pets or children".to_string(),
        (pets, children) => format!(
            "toxic to {}",
            match (pets, children) {
                (true, true) => "pets and children",
                (true, false) => "pets",
                _ => "children",
            }
        ),
    };
    format!(
        "{}: {water}; {light}; {}; {toxic}",
        s.name,
        s.temperature.split(". ").next().unwrap_or_default()
    )
}

/// The first sentence of an answer, without markdown emphasis.
pub fn first_sentence(text: &str) -> String {
    let text = text.trim().replace("**", "");
    let end = text
        .char_indices()
        .find(|&(i, c)| {
            let next = text[i + c.len_utf8()..].chars().next();
            c == '\n'
                || c == '।'
                || (matches!(c, '.' | '?' | '!') && next.is_none_or(char::is_whitespace))
        })
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(text.len());
    text[..end].trim().to_string()
}

/// The first word of a text, lower-case, without punctuation ("No —" → "no").
fn first_word(text: &str) -> String {
    text.replace(['*', '#', '_'], "")
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// The model's reply with the engine's direct answer kept first: when the reply opens with
/// another word than the direct answer (a "No" became a lecture), the direct answer is put
/// in front of it.
pub fn keep_direct(reply: String, direct: Option<&str>) -> String {
    match direct {
        Some(d) if !d.is_empty() && first_word(&reply) != first_word(d) => {
            format!("{d}\n\n{reply}")
        }
        _ => reply,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_direct_answer_is_kept_first() {
        let d = "No — a cactus needs water only when the soil is dry, every 10-14 days.";
        assert_eq!(
            keep_direct("No, only when dry.".into(), Some(d)),
            "No, only when dry."
        );
        let lecture = keep_direct("Cacti come from deserts.".into(), Some(d));
        assert!(lecture.starts_with(d), "{lecture}");
        assert_eq!(keep_direct("Anything.".into(), None), "Anything.");
        assert_eq!(first_sentence("**No** — water it. More."), "No — water it.");
        assert_eq!(first_sentence("नहीं, रोज़ नहीं। हर"), "नहीं, रोज़ नहीं।");
    }
}
