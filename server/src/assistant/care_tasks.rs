//! Care tasks beyond watering asked about one plant ("how often to feed a hibiscus?", "how
//! often does an areca need repotting?", "how many hours of sun does a monstera need?"): the
//! first sentence gives the frequency, taken from the species' own sheet where it has one,
//! else from the task's general rule. Data: `knowledge/assistant/care_tasks.toml`.

use std::collections::HashMap;

use anyhow::{bail, Context};
use serde::Deserialize;

use super::knowledge::{LightLevel, Species};
use super::lexicon::Lang;
use super::lexicon::{all_groups, PhraseList};
use super::text::{is_devanagari, Prepared};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Task {
    id: String,
    all: Vec<PhraseList>,
    #[serde(default)]
    not: PhraseList,
    /// The species field it reads (feeding, repotting, pruning, humidity, light) or none.
    #[serde(default)]
    field: String,
    lead: String,
    /// The rule in Hindi and Hinglish ({name} = the plant's Hindi or common name); none for
    /// a task the language's care brief already answers from the plant's facts.
    #[serde(default)]
    lead_hi: Option<String>,
    #[serde(default)]
    lead_hinglish: Option<String>,
    /// Leads by light level (low, medium, bright, full-sun), for the sunlight task.
    #[serde(default)]
    by_light: HashMap<String, String>,
    /// The task cuts or handles the plant: a toxic plant's answer adds the gloves line.
    #[serde(default)]
    gloves: bool,
    /// Words that ask how to do the task ("kaise kaatu", "right way to harvest"): such a
    /// question gets the same answer as "how often", whose lead says how as well.
    #[serde(default)]
    how_to: PhraseList,
    /// The kinds of plant the task applies to (herbs are harvested); empty for every kind.
    #[serde(default)]
    kinds: Vec<String>,
    /// The lead goes first even where the species sheet has a frequency of its own (a
    /// harvest's rhythm is not the sheet's yearly pruning).
    #[serde(default)]
    lead_first: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CareTasks {
    asked: PhraseList,
    frequency: PhraseList,
    how_much: PhraseList,
    how_much_line: String,
    gloves_hi: String,
    gloves_hinglish: String,
    task: Vec<Task>,
}

const FIELDS: [&str; 6] = ["", "feeding", "repotting", "pruning", "humidity", "light"];

impl CareTasks {
    pub fn parse(text: &str) -> anyhow::Result<CareTasks> {
        let t: CareTasks =
            toml::from_str(text).context("knowledge/assistant/care_tasks.toml is malformed")?;
        t.asked.check("care_tasks asked")?;
        t.frequency.check("care_tasks frequency")?;
        t.how_much.check("care_tasks how_much")?;
        if !is_devanagari(&t.gloves_hi) || t.gloves_hinglish.trim().is_empty() {
            bail!("care_tasks gloves: the Hindi line must be Devanagari and the Hinglish given");
        }
        for k in &t.task {
            if !FIELDS.contains(&k.field.as_str()) {
                bail!("care task {} reads an unknown field {}", k.id, k.field);
            }
            for g in &k.all {
                g.check(&format!("care task {}", k.id))?;
            }
            if !k.how_to.0.is_empty() {
                k.how_to.check(&format!("care task {} how_to", k.id))?;
            }
            if k.kinds.iter().any(|kind| kind.trim().is_empty()) {
                bail!("care task {}: an empty kind", k.id);
            }
            let leads = [Some(&k.lead), k.lead_hi.as_ref(), k.lead_hinglish.as_ref()];
            if leads.iter().flatten().any(|l| !l.contains("{name}")) {
                bail!("care task {}: a lead does not name the plant", k.id);
            }
            if k.lead_hi.is_some() != k.lead_hinglish.is_some() {
                bail!(
                    "care task {}: give both lead_hi and lead_hinglish, or neither",
                    k.id
                );
            }
            if k.lead_hi.as_deref().is_some_and(|l| !is_devanagari(l)) {
                bail!("care task {}: lead_hi is not in Devanagari", k.id);
            }
        }
        Ok(t)
    }

    pub fn embedded() -> anyhow::Result<CareTasks> {
        CareTasks::parse(include_str!("../../knowledge/assistant/care_tasks.toml"))
    }

    /// "How much water?": how much to pour each time, for a watering answer.
    pub fn how_much(&self, text: &Prepared) -> Option<&str> {
        self.how_much
            .hit(text)
            .then_some(self.how_much_line.as_str())
    }

    /// The task a "how often / when" (or, for a task with `how_to`, a "how") message asks
    /// about for this plant, if any.
    fn asked_task(&self, text: &Prepared, s: &Species) -> Option<&Task> {
        let asked = self.asked.hit(text);
        self.task.iter().find(|k| {
            (asked || k.how_to.hit(text))
                && (k.kinds.is_empty() || k.kinds.contains(&s.kind))
                && all_groups(&k.all, text)
                && !k.not.hit(text)
        })
    }

    /// The answer in Hindi or Hinglish: the task's rule in that language, named with the
    /// plant's Hindi or common name (None for feeding and light, which the language's care
    /// brief answers from the plant's own facts).
    pub fn answer_in(&self, text: &Prepared, s: &Species, lang: Lang) -> Option<String> {
        let task = self.asked_task(text, s)?;
        let (lead, name) = match lang {
            Lang::En => return self.answer(text, s),
            Lang::Hi => (task.lead_hi.as_ref()?, s.hindi.as_str()),
            Lang::Hinglish => (task.lead_hinglish.as_ref()?, s.name.as_str()),
        };
        let mut out = lead.replace("{name}", name);
        if task.gloves && (s.toxic_to_pets || s.toxic_to_children) {
            out.push(' ');
            out.push_str(match lang {
                Lang::Hi => &self.gloves_hi,
                _ => &self.gloves_hinglish,
            });
        }
        Some(out)
    }

    /// The answer to "how often / when" about a care task for one plant, in English.
    pub fn answer(&self, text: &Prepared, s: &Species) -> Option<String> {
        let task = self.asked_task(text, s)?;
        let prose = match task.field.as_str() {
            "feeding" => s.feeding.as_str(),
            "repotting" => s.repotting.as_str(),
            "pruning" => s.pruning.as_str(),
            "humidity" => s.humidity.as_str(),
            "light" => s.light.as_str(),
            _ => "",
        };
        let sentences: Vec<&str> = prose
            .split_inclusive(". ")
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .collect();
        let says_often = sentences
            .iter()
            .position(|x| self.frequency.hit(&Prepared::new(x)));
        let out = match says_often {
            // The sheet's own frequency first, then the rest of what it says.
            Some(i) if task.by_light.is_empty() && !task.lead_first => {
                let rest: Vec<&str> = sentences
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, x)| *x)
                    .collect();
                let mut field = task.field.clone();
                field[..1].make_ascii_uppercase();
                // The sheet's heading kept, and its text unbroken when it starts with the frequency.
                format!(
                    "**{} · {field}:** {} {}",
                    s.name,
                    sentences[i],
                    rest.join(" ")
                )
            }
            _ => {
                let lead = task.by_light.get(light_level(s)).unwrap_or(&task.lead);
                format!("{}\n\n{prose}", lead.replace("{name}", &s.name))
            }
        };
        Some(out.trim().to_string())
    }
}

/// The key of a plant's light level in `by_light`.
fn light_level(s: &Species) -> &'static str {
    match s.light_level {
        LightLevel::Low => "low",
        LightLevel::Medium => "medium",
        LightLevel::Bright => "bright",
        LightLevel::FullSun => "full-sun",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::knowledge::Knowledge;

    #[test]
    fn a_feeding_question_leads_with_the_frequency() {
        let kb = Knowledge::embedded().unwrap();
        let tasks = CareTasks::embedded().unwrap();
        let s = kb.species("hibiscus").expect("hibiscus is known");
        let a = tasks
            .answer(&Prepared::new("how often to fertilize hibiscus"), s)
            .expect("a feeding answer");
        let first = a.split(". ").next().unwrap().to_lowercase();
        assert!(first.contains("every"), "{a}");
        assert!(tasks
            .answer(&Prepared::new("should I fertilize hibiscus"), s)
            .is_none());
    }

    #[test]
    fn a_herb_asked_how_to_harvest_gets_the_harvest_not_the_yearly_pruning() {
        let kb = Knowledge::embedded().unwrap();
        let tasks = CareTasks::embedded().unwrap();
        let lemongrass = kb.species("lemongrass").expect("lemongrass is known");
        let en = tasks
            .answer(
                &Prepared::new("right way to harvest lemongrass for chai"),
                lemongrass,
            )
            .expect("a harvest answer");
        assert!(en.starts_with("Harvest") && en.contains("outer"), "{en}");
        let hinglish = tasks
            .answer_in(
                &Prepared::new("pudina kaise todu ki dobara ug aaye"),
                kb.species("mint").unwrap(),
                Lang::Hinglish,
            )
            .expect("a Hinglish harvest answer");
        assert!(hinglish.contains("gaanth"), "{hinglish}");
        // Not a herb: "how to cut back the hibiscus" is no harvest.
        let hibiscus = kb.species("hibiscus").unwrap();
        assert!(tasks
            .answer(&Prepared::new("how to cut hibiscus"), hibiscus)
            .is_none());
    }

    #[test]
    fn hindi_and_hinglish_questions_get_the_rule_in_their_language() {
        let kb = Knowledge::embedded().unwrap();
        let tasks = CareTasks::embedded().unwrap();
        let s = kb.species("hibiscus").expect("hibiscus is known");
        let hi = tasks
            .answer_in(&Prepared::new("गुड़हल का गमला कब बदलें?"), s, Lang::Hi)
            .expect("a Hindi repotting answer");
        assert!(is_devanagari(&hi) && hi.contains("गमला"), "{hi}");
        let hinglish = tasks
            .answer_in(
                &Prepared::new("gudhal ki katai kab karni chahiye"),
                s,
                Lang::Hinglish,
            )
            .expect("a Hinglish pruning answer");
        assert!(hinglish.contains("katai"), "{hinglish}");
        // A watering question is not a care task.
        assert!(tasks
            .answer_in(&Prepared::new("गुड़हल को कितने दिन में पानी दें?"), s, Lang::Hi)
            .is_none());
    }
}
