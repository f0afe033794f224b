//! A statement about a named plant's care ("all succulents love harsh afternoon sun, even my
//! haworthia", "snake plant needs water every day na") checked against the species' structured
//! care, so a false premise gets a plain "No — …" with the fact instead of the care sheet.
//! Beliefs that no care field can decide are myths (`knowledge/assistant/myths.toml`); the
//! words that make a statement a claim are data (`lexicon.toml`, `[claim]`).

use super::direct::{self, Watering};
use super::knowledge::{LightLevel, Species};
use super::lexicon::{ClaimWords, Lang, VerdictWords};
use super::season::Season;
use super::text::Prepared;
use super::verdict;

/// The verdict on a claim the message makes about `s`, or None when it makes none the care
/// data can judge (then the other answers take it). `symptom`: the message describes a problem
/// ("gets afternoon sun and the leaves yellow"), which the problem guides answer, unless it
/// claims daily watering (the usual cause, worth a No first).
#[allow(clippy::too_many_arguments)]
pub fn check(
    s: &Species,
    text: &Prepared,
    words: &ClaimWords,
    vw: &VerdictWords,
    watering: &Watering,
    season: Season,
    lang: Lang,
    symptom: bool,
) -> Option<String> {
    // Only a statement that asserts something, and not a negated one: "doesn't need sun,
    // right?" would need the verdict flipped, which word lists cannot do reliably.
    if !words.marker.hit(text) || words.negation.hit(text) {
        return None;
    }
    if words.daily.hit(text) && words.water.hit(text) {
        let (lo, hi) = watering.interval(&s.id, season, None)?;
        // Daily watering is right only for the thirstiest plants in their season.
        let ok = lo <= 1.0;
        return Some(daily_water(s, ok, (lo, hi), lang));
    }
    if vw.strong_sun.hit(text) && !symptom {
        let ok = s.light_level == LightLevel::FullSun || s.has_trait("full-sun");
        return Some(verdict::light_line(s, ok, lang));
    }
    None
}

fn daily_water(s: &Species, ok: bool, range: (f32, f32), lang: Lang) -> String {
    let v = verdict::yes_no(ok, lang);
    let every = direct::days(range, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — in this season {} is thirsty: water it {every}, whenever the top soil is dry.", s.name),
        (Lang::En, false) => format!("{v} — {} does not need water every day: water it {every} now, only when the soil is dry. Daily watering keeps the roots wet and rots them.", s.name),
        (Lang::Hi, true) => format!("{v} — इस मौसम में {} को पानी ज़्यादा चाहिए: {every}, ऊपर की मिट्टी सूखते ही।", s.hindi),
        (Lang::Hi, false) => format!("{v} — {} ({}) को रोज़ पानी नहीं चाहिए: अभी {every} पानी दें, मिट्टी सूखने पर ही। रोज़ पानी से जड़ें गीली रहकर सड़ती हैं।", s.hindi, s.name),
        (_, true) => format!("{v} — is mausam mein {} ko paani zyada chahiye: {every}, upar ki mitti sookhte hi.", s.name),
        (_, false) => format!("{v} — {} ko roz paani nahi chahiye: abhi {every} paani dijiye, mitti sookhne par hi. Roz paani se jadein geeli rehkar sadti hain.", s.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::knowledge::Knowledge;
    use crate::assistant::lexicon::Lexicons;

    fn claim(plant: &str, text: &str, lang: Lang) -> Option<String> {
        let kb = Knowledge::embedded().unwrap();
        let lex = Lexicons::embedded().unwrap();
        let watering = Watering::embedded(&kb).unwrap();
        let s = kb.species(plant).unwrap();
        let w = &lex.words;
        check(
            s,
            &Prepared::new(text),
            &w.claim,
            &w.verdict,
            &watering,
            Season::Summer,
            lang,
            false,
        )
    }

    #[test]
    fn false_claims_get_a_no_and_true_or_negated_ones_are_not_contradicted() {
        let no = claim(
            "haworthia",
            "even my haworthia loves harsh afternoon sun, right",
            Lang::En,
        );
        assert!(no.is_some_and(|t| t.starts_with("No")));
        let no = claim(
            "snake-plant",
            "snake plant ko roz paani chahiye na",
            Lang::Hinglish,
        );
        assert!(no.is_some_and(|t| t.starts_with("Nahi")));
        let yes = claim("hibiscus", "hibiscus loves full sun right", Lang::En);
        assert!(yes.is_some_and(|t| t.starts_with("Yes")));
        // Negated or plain true statements are left to the other answers.
        assert!(claim(
            "snake-plant",
            "snake plant doesn't need direct sun, right",
            Lang::En
        )
        .is_none());
        assert!(claim("snake-plant", "snake plant is easy", Lang::En).is_none());
        assert!(claim("money-plant", "money plant grows in water", Lang::En).is_none());
    }
}
