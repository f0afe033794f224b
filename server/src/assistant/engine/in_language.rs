//! A guide answer for a Hindi or Hinglish question: the guide's reviewed body in that
//! language (`guide_texts.toml`), or for a plant its care built from structured facts; a
//! guide not yet translated gets the opening frame in the language (`lexicon.toml`) and, for
//! Hinglish, the first English steps.

use super::shorten::{more_hint, shorten};
use super::{Answer, Engine};
use crate::assistant::compose::phrases;
use crate::assistant::cues::Intent;
use crate::assistant::direct;
use crate::assistant::knowledge::{Guide, Species};
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::Reading;
use crate::assistant::recognize::Recognition;
use crate::assistant::season::Season;

impl Engine {
    pub(super) fn in_customer_language(
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
        match asked_guide {
            Some(g) => self.framed(g, lang),
            None => shorten(&a.text, 150, lang),
        }
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
        let brief = direct::care_brief(&self.watering, s, season, a.memory.zone, lang)?;
        let p = phrases(lang == Lang::Hi);
        let (feeding, soil) = self.kind_care.texts(s, lang).unwrap_or_default();
        let (feeding_label, soil_label) = match lang {
            Lang::Hi => (p.feeding, p.soil),
            _ => ("Khaad", "Mitti"),
        };
        let mut refs: Vec<String> = Vec::new();
        let asked_light = r.has(Intent::Light) || r.intents.is_empty() || r.has(Intent::Care);
        if asked_light {
            refs.push(direct::light_brief(s, lang));
        }
        if r.has(Intent::Feeding) {
            refs.push(format!("**{feeding_label}:** {feeding}"));
        }
        if r.has(Intent::Soil) || asked_light {
            refs.push(format!("**{soil_label}:** {soil}"));
        }
        Some(format!(
            "{brief}\n\n{}\n\n{}",
            refs.join("\n"),
            more_hint(lang)
        ))
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
