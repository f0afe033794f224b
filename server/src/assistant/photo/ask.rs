//! What the customer asks about the photos they sent, from the word lists in
//! `knowledge/assistant/photo_questions.toml`.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::assistant::text::Prepared;

/// The question that came with the photos.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoAsk {
    /// "Is this safe for my cat?" and for whom.
    Safety { pets: bool, children: bool },
    /// "Which of these needs help?" over several photos.
    Which,
    /// "What plant is this?"
    Identify,
    /// "Is it healthy?"
    Healthy,
    /// "What is wrong with my plant?", or photos without a question.
    Diagnose,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Words {
    words: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Who {
    pets: Vec<String>,
    children: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhotoQuestions {
    safety: Words,
    who: Who,
    which: Words,
    identify: Words,
    healthy: Words,
}

fn hit(text: &Prepared, list: &[String]) -> bool {
    list.iter().any(|w| text.has_loose(w))
}

impl PhotoQuestions {
    /// The embedded word lists, checked: a list left empty would silently never match.
    pub fn embedded() -> anyhow::Result<&'static PhotoQuestions> {
        static LISTS: OnceLock<PhotoQuestions> = OnceLock::new();
        if let Some(lists) = LISTS.get() {
            return Ok(lists);
        }
        let lists: PhotoQuestions = toml::from_str(include_str!(
            "../../../knowledge/assistant/photo_questions.toml"
        ))
        .map_err(|e| {
            anyhow::anyhow!("knowledge/assistant/photo_questions.toml is malformed: {e}")
        })?;
        for (name, list) in [
            ("safety", &lists.safety.words),
            ("who.pets", &lists.who.pets),
            ("who.children", &lists.who.children),
            ("which", &lists.which.words),
            ("identify", &lists.identify.words),
            ("healthy", &lists.healthy.words),
        ] {
            if list.iter().all(|w| w.trim().is_empty()) {
                anyhow::bail!("knowledge/assistant/photo_questions.toml: {name} is empty");
            }
        }
        Ok(LISTS.get_or_init(|| lists))
    }

    /// Reads the message sent with `photos` photos.
    pub fn read(&self, text: &str, photos: usize) -> PhotoAsk {
        let text = Prepared::new(text);
        let pets = hit(&text, &self.who.pets);
        let children = hit(&text, &self.who.children);
        if hit(&text, &self.safety.words) {
            return PhotoAsk::Safety { pets, children };
        }
        if hit(&text, &self.identify.words) {
            return PhotoAsk::Identify;
        }
        if photos > 1 && hit(&text, &self.which.words) {
            return PhotoAsk::Which;
        }
        if hit(&text, &self.healthy.words) {
            return PhotoAsk::Healthy;
        }
        PhotoAsk::Diagnose
    }
}
