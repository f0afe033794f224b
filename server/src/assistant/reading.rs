//! The typed reading of one message: its language, what kind of question it is, which item of
//! an earlier list it points to, and the facts the customer tells about themselves (city and
//! climate zone, how often they water). Word lists come from `knowledge/assistant/lexicon.toml`.

use serde::{Deserialize, Serialize};

use super::lexicon::{Lang, Lexicon};
use super::text::{is_devanagari, Prepared};

/// India's broad climate zones, which change watering and winter advice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    North,
    Coastal,
    Deccan,
    Hills,
    Dry,
}

impl Zone {
    /// Winters without frost, when plants keep growing.
    pub fn mild_winter(self) -> bool {
        matches!(self, Zone::Coastal | Zone::Deccan)
    }
}

/// What kind of question a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    HowOften,
    YesNo,
    Why,
    Compare,
    Identify,
    Other,
}

#[derive(Debug, Clone)]
pub struct Reading {
    pub lang: Lang,
    pub ask: Ask,
    /// "tell me more": the full guide instead of the short answer.
    pub more: bool,
    /// "the second one" → Some(1); "the last one" → Some(usize::MAX).
    pub ordinal: Option<usize>,
    /// How often the customer says they water (or plan to), in hours.
    pub habit_hours: Option<u32>,
    pub city: Option<(String, Zone)>,
    pub cheaper: bool,
    pub price: bool,
    pub cheapest: bool,
    pub priciest: bool,
    pub sell: bool,
    pub thanks: bool,
    pub greeting: bool,
    /// Asks whether a plant needs much (true) or little (false) water.
    pub amount: Option<bool>,
    /// Speaks of little light (dark room, no window, tubelight).
    pub low_light: bool,
    pub words: usize,
}

/// Reads one message; `last_lang` is the language of the chat so far, which a very short
/// message without any language marks ("price?") keeps.
pub fn read(lex: &Lexicon, raw: &str, text: &Prepared, last_lang: Option<Lang>) -> Reading {
    let a = &lex.ask;
    let words = text.words.len();
    let lang = language(lex, raw, text, last_lang);
    let ask = if a.how_often.hit(text) {
        Ask::HowOften
    } else if a.why.hit(text) {
        Ask::Why
    } else if a.identify.hit(text) {
        Ask::Identify
    } else if starts_yes_no(lex, text) {
        Ask::YesNo
    } else {
        Ask::Other
    };
    let ask = if ask == Ask::Other && a.compare.hit(text) {
        Ask::Compare
    } else {
        ask
    };
    Reading {
        lang,
        ask,
        more: a.more.hit(text),
        ordinal: ordinal(lex, text),
        habit_hours: habit(lex, raw, text),
        city: city(lex, text),
        cheaper: a.cheaper.hit(text),
        price: a.price.hit(text),
        cheapest: a.cheapest.hit(text),
        priciest: a.priciest.hit(text),
        sell: a.sell.hit(text),
        thanks: a.thanks.hit(text),
        greeting: a.greeting.hit(text),
        amount: if a.much_water.hit(text) {
            Some(true)
        } else if a.little_water.hit(text) {
            Some(false)
        } else {
            None
        },
        low_light: a.low_light.hit(text),
        words,
    }
}

fn language(lex: &Lexicon, raw: &str, text: &Prepared, last: Option<Lang>) -> Lang {
    if is_devanagari(raw) {
        return Lang::Hi;
    }
    let all = lex.language.hinglish.count(text);
    let weak = lex.language.weak.count(text);
    let strong = all.saturating_sub(weak);
    let words = text.words.len();
    if strong >= 2 || (strong == 1 && weak >= 1) || (strong == 1 && words <= 4) {
        Lang::Hinglish
    } else if strong == 0 && words <= 3 {
        last.unwrap_or(Lang::En)
    } else {
        Lang::En
    }
}

/// A yes/no question: starts with its cue (or has a Hindi/Hinglish one anywhere).
fn starts_yes_no(lex: &Lexicon, text: &Prepared) -> bool {
    let head: String = text
        .words
        .iter()
        .take(4)
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let head = Prepared::new(&head);
    lex.ask.yes_no.0.iter().any(|cue| {
        let latin_english = cue.is_ascii()
            && !["kya", "chalega", "sahi hai", "theek hai", "thik hai"]
                .iter()
                .any(|h| cue.starts_with(h));
        if latin_english {
            head.has(cue) && head.normalized.starts_with(&super::text::normalize(cue))
        } else {
            text.has(cue)
        }
    })
}

fn ordinal(lex: &Lexicon, text: &Prepared) -> Option<usize> {
    if lex.back_reference.last.hit(text) {
        return Some(usize::MAX);
    }
    lex.back_reference
        .ordinals
        .iter()
        .position(|list| list.hit(text))
        // "first" alone is too common ("first time"): only with one/wala/plant words.
        .filter(|&n| {
            n != 0
                || text.has_any(&[
                    "first one",
                    "1st one",
                    "pehla wala",
                    "pehle wala",
                    "पहला वाला",
                ])
        })
}

/// How often the customer says they water, in hours.
fn habit(lex: &Lexicon, raw: &str, text: &Prepared) -> Option<u32> {
    let h = &lex.habit;
    if h.twice_daily.hit(text) {
        return Some(12);
    }
    if h.alternate.hit(text) {
        return Some(48);
    }
    if h.twice_weekly.hit(text) {
        return Some(84);
    }
    if let Some(days) = every_n_days(raw) {
        return Some(days * 24);
    }
    if h.weekly.hit(text) {
        return Some(168);
    }
    if h.monthly.hit(text) {
        return Some(720);
    }
    if h.daily.hit(text) {
        return Some(24);
    }
    None
}

/// "every 3 days", "har 2 din", "3 din mein", "every 2 weeks" → days.
fn every_n_days(raw: &str) -> Option<u32> {
    let text = super::text::normalize(raw);
    let words: Vec<&str> = text.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let Ok(n) = w.parse::<u32>() else { continue };
        if n == 0 || n > 60 {
            continue;
        }
        let next = words.get(i + 1).copied().unwrap_or("");
        let before = if i > 0 { words[i - 1] } else { "" };
        let per = matches!(before, "every" | "har" | "hr" | "once" | "in" | "each");
        let days = match next {
            "days" | "day" | "din" | "दिन" | "dino" | "dinon" | "दिनों" => Some(n),
            "weeks" | "week" | "hafte" | "hafta" | "हफ्ते" | "हफ़्ते" => {
                Some(n * 7)
            }
            _ => None,
        };
        let after = words.get(i + 2).copied().unwrap_or("");
        let later = matches!(after, "mein" | "me" | "में" | "baad" | "pe" | "par" | "once");
        if let Some(d) = days {
            if per || later {
                return Some(d);
            }
        }
    }
    None
}

fn city(lex: &Lexicon, text: &Prepared) -> Option<(String, Zone)> {
    let c = &lex.climate;
    for (list, zone) in [
        (&c.north, Zone::North),
        (&c.coastal, Zone::Coastal),
        (&c.deccan, Zone::Deccan),
        (&c.hills, Zone::Hills),
        (&c.dry, Zone::Dry),
    ] {
        if let Some(name) = list.first_hit(text) {
            let mut chars = name.chars();
            let name = match chars.next() {
                Some(f) => f.to_uppercase().collect::<String>() + chars.as_str(),
                None => continue,
            };
            return Some((name, zone));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::lexicon::Lexicons;

    fn reading(text: &str) -> Reading {
        let l = Lexicons::embedded().unwrap();
        read(&l.words, text, &Prepared::new(text), None)
    }

    #[test]
    fn languages_are_told_apart() {
        assert_eq!(reading("should I water my cactus daily?").lang, Lang::En);
        assert_eq!(
            reading("money plant ke patte peele ho rahe hai").lang,
            Lang::Hinglish
        );
        assert_eq!(reading("तुलसी को कितना पानी दें").lang, Lang::Hi);
    }

    #[test]
    fn habits_and_questions_are_read() {
        let r = reading("should I water my cactus daily?");
        assert_eq!(r.ask, Ask::YesNo);
        assert_eq!(r.habit_hours, Some(24));
        assert_eq!(reading("I water every 3 days").habit_hours, Some(72));
        assert_eq!(reading("main har 2 din pani deta hu").habit_hours, Some(48));
        assert_eq!(reading("how often to water snake plant").ask, Ask::HowOften);
        assert_eq!(reading("the second one?").ordinal, Some(1));
        assert_eq!(
            reading("I live in Chennai").city.map(|c| c.1),
            Some(Zone::Coastal)
        );
    }
}
