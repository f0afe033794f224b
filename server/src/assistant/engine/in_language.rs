//! A guide answer for a Hindi or Hinglish question: the guide's reviewed body in that
//! language (`guide_texts.toml`), or for a plant its care built from structured facts; a
//! guide not yet translated gets the opening frame in the language (`lexicon.toml`) and, for
//! Hinglish, the first English steps.

use super::guide_search::guide_of_intent;
use super::shorten::{more_hint, shorten_within};
use super::{Answer, Engine};
use crate::assistant::compose::phrases;
use crate::assistant::cues::Intent;
use crate::assistant::direct;
use crate::assistant::knowledge::{Guide, Species};
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::{Ask, Reading};
use crate::assistant::recognize::Recognition;
use crate::assistant::season::Season;
use crate::assistant::text::Prepared;

/// Care topics whose general guide answers a how-to about any plant ("gulab ki katai",
/// "मनी प्लांट की कटिंग") better than the plant's care brief.
const HOW_TO: [Intent; 3] = [Intent::Propagation, Intent::Pruning, Intent::Repotting];

impl Engine {
    pub(super) fn in_customer_language(
        &self,
        a: &Answer,
        reading: &Reading,
        r: &Recognition,
        text: &Prepared,
        season: Season,
    ) -> String {
        let lang = reading.lang;
        let guide = a.memory.guide.as_deref().and_then(|id| self.kb.guide(id));
        let plant = a.memory.plant.as_deref().and_then(|id| self.kb.species(id));
        // The guide asked about; for a plant named with a care topic ("gulab ki katai kaise
        // karein", "मनी प्लांट की कटिंग"), that topic's guide, which answers the question the
        // plant's general care brief would not.
        let asked_guide = guide
            .filter(|g| r.guides.iter().any(|m| m.guide.id == g.id) || g.is_problem())
            .or_else(|| {
                let how_to = self.words().how_to.hit(text);
                plant
                    .filter(|_| how_to)
                    .and_then(|_| self.how_to_guide(r, lang))
            });
        if let Some(g) = asked_guide {
            if let Some(body) = self.book.guide(&g.id, lang) {
                let title = match lang {
                    Lang::Hi => g.hindi_title.clone(),
                    _ => g.title.clone(),
                };
                let title = match plant.filter(|_| !r.plants.is_empty()) {
                    Some(s) if lang == Lang::Hi => format!("{} — {title}", s.hindi),
                    Some(s) => format!("{} — {title}", s.name),
                    None => title,
                };
                return format!("**{title}:** {body}\n\n{}", more_hint(lang));
            }
        } else if let Some(s) = plant {
            if let Some(care) = self.care_in_language(s, a, r, season, lang) {
                return care;
            }
        }
        // The English answer is a guide's (it opens with the guide's title): that guide's
        // reviewed text in the language instead — for a guide the message names, or any guide
        // a how/what question led to (a yes/no keeps the English lines its verdict is put on).
        if asked_guide.is_none() {
            let opening = a.text.trim_start().trim_start_matches('*');
            let named = |g: &Guide| r.guides.iter().any(|m| m.guide.id == g.id);
            let shown = self.kb.guides.iter().find(|g| {
                (opening.starts_with(&format!("{}:", g.title))
                    || opening.starts_with(&format!("{}:", g.display_title(true))))
                    && (named(g) || reading.ask == Ask::Other)
            });
            if let Some((g, body)) = shown.and_then(|g| Some((g, self.book.guide(&g.id, lang)?))) {
                let title = match lang {
                    Lang::Hi => &g.hindi_title,
                    _ => &g.title,
                };
                return format!("**{title}:** {body}\n\n{}", more_hint(lang));
            }
        }
        match asked_guide {
            Some(g) => self.framed(g, lang),
            None => shorten_within(
                &a.text,
                super::SHORT_ANSWER_WHOLE,
                super::SHORT_ANSWER_WORDS,
                lang,
            ),
        }
    }

    /// The how-to guide a message asks about, when its text exists in the language: one the
    /// message names by its keywords, else the one its intent names.
    fn how_to_guide<'k>(&'k self, r: &Recognition<'k>, lang: Lang) -> Option<&'k Guide> {
        let ids: Vec<&str> = HOW_TO.iter().filter_map(|i| guide_of_intent(*i)).collect();
        let named = r
            .guides
            .iter()
            .map(|m| m.guide)
            .find(|g| ids.contains(&g.id.as_str()));
        let by_intent = || {
            HOW_TO
                .iter()
                .filter(|i| r.has(**i))
                .find_map(|i| guide_of_intent(*i))
                .and_then(|id| self.kb.guide(id))
        };
        named
            .or_else(by_intent)
            .filter(|g| self.book.guide(&g.id, lang).is_some())
    }

    /// A plant's care brief, then what was asked (light, feeding, soil) in the customer's
    /// language: the light level from the structured facts, feeding and soil by kind of plant.
    fn care_in_language(
        &self,
        s: &Species,
        a: &Answer,
        r: &Recognition,
        season: Season,
        lang: Lang,
    ) -> Option<String> {
        // A plant without a watering interval for the season still gets its light, feeding and
        // soil in the language, led by its light.
        let brief = direct::care_brief(&self.watering, s, season, a.memory.zone, lang);
        let p = phrases(lang == Lang::Hi);
        let (feeding, soil) = self.kind_care.texts(s, lang).unwrap_or_default();
        let (feeding_label, soil_label) = match lang {
            Lang::Hi => (p.feeding, p.soil),
            _ => ("Khaad", "Mitti"),
        };
        let mut refs: Vec<String> = Vec::new();
        let asked_light =
            r.has(Intent::Light) || r.intents.is_empty() || r.has(Intent::Care) || brief.is_none();
        if asked_light {
            refs.push(direct::light_brief(s, lang));
        }
        if r.has(Intent::Feeding) {
            refs.push(format!("**{feeding_label}:** {feeding}"));
        }
        if r.has(Intent::Soil) || asked_light {
            refs.push(format!("**{soil_label}:** {soil}"));
        }
        let lead = brief.map(|b| format!("{b}\n\n")).unwrap_or_default();
        Some(format!("{lead}{}\n\n{}", refs.join("\n"), more_hint(lang)))
    }

    /// A guide without a text in the language: its kind's opening frame, and for Hinglish the
    /// first three English steps.
    fn framed(&self, g: &Guide, lang: Lang) -> String {
        let f = &self.lex.words.frames;
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
        match lang {
            // Hindi: the opening alone (it carries the usual remedy) until the guide's Hindi
            // text is written.
            Lang::Hi => frame.hi.replace("{title}", &title),
            _ => {
                let details = g
                    .steps
                    .iter()
                    .take(3)
                    .enumerate()
                    .map(|(i, step)| format!("{}. {step}", i + 1))
                    .collect::<Vec<_>>()
                    .join("\n");
                format!(
                    "{}\n\n{details}\n\n{}",
                    frame.hinglish.replace("{title}", &title),
                    more_hint(lang)
                )
            }
        }
    }
}
