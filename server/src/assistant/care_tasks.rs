//! Care tasks beyond watering asked about one plant ("how often to feed a hibiscus?", "how
//! often does an areca need repotting?", "how many hours of sun does a monstera need?"): the
//! first sentence gives the frequency, taken from the species' own sheet where it has one,
//! else from the task's general rule. Data: `knowledge/assistant/care_tasks.toml`.

use std::collections::HashMap;

use anyhow::{bail, Context};
use serde::Deserialize;

use super::knowledge::{LightLevel, Species};
use super::lexicon::{all_groups, PhraseList};
use super::text::Prepared;

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
    /// Leads by light level (low, medium, bright, full-sun), for the sunlight task.
    #[serde(default)]
    by_light: HashMap<String, String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CareTasks {
    asked: PhraseList,
    frequency: PhraseList,
    how_much: PhraseList,
    how_much_line: String,
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
        for k in &t.task {
            if !FIELDS.contains(&k.field.as_str()) {
                bail!("care task {} reads an unknown field {}", k.id, k.field);
            }
            for g in &k.all {
                g.check(&format!("care task {}", k.id))?;
            }
            if !k.lead.contains("{name}") {
                bail!("care task {}: the lead does not name the plant", k.id);
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

    /// The answer to "how often / when" about a care task for one plant, in English.
    pub fn answer(&self, text: &Prepared, s: &Species) -> Option<String> {
        if !self.asked.hit(text) {
            return None;
        }
        let task = self
            .task
            .iter()
            .find(|k| all_groups(&k.all, text) && !k.not.hit(text))?;
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
            Some(i) if task.by_light.is_empty() => {
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
                let level = match s.light_level {
                    LightLevel::Low => "low",
                    LightLevel::Medium => "medium",
                    LightLevel::Bright => "bright",
                    LightLevel::FullSun => "full-sun",
                };
                let lead = task.by_light.get(level).unwrap_or(&task.lead);
                format!("{}\n\n{prose}", lead.replace("{name}", &s.name))
            }
        };
        Some(out.trim().to_string())
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
}
