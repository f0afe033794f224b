//! Quick answers to common general-care questions that no single plant's numbers answer
//! ("is it ok to water at night?", "does a pot need a drainage hole?"), and the reviewed
//! Hindi and Hinglish bodies of the most asked guides. Both are data
//! (`knowledge/assistant/quick.toml`, `knowledge/assistant/guide_texts.toml`), parsed and
//! checked once at start.

use std::collections::HashMap;

use anyhow::{bail, Context};
use serde::Deserialize;

use super::knowledge::Knowledge;
use super::lexicon::{all_groups, Lang, PhraseList, Texts};
use super::text::{is_devanagari, Prepared};

fn yes() -> bool {
    true
}

/// One quick answer: recognised when every group is present and no `not` phrase is.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuickAnswer {
    pub id: String,
    pub all: Vec<PhraseList>,
    #[serde(default)]
    pub not: PhraseList,
    /// Only when the message asks something (not a statement of what the customer did).
    #[serde(default = "yes")]
    pub questions_only: bool,
    #[serde(flatten)]
    pub text: Texts,
}

#[derive(Debug, Clone, Deserialize)]
struct QuickFile {
    answer: Vec<QuickAnswer>,
}

/// A guide's body in Hindi and Hinglish.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuideText {
    pub hi: String,
    pub hinglish: String,
}

#[derive(Debug, Clone)]
pub struct Phrasebook {
    pub quick: Vec<QuickAnswer>,
    guides: HashMap<String, GuideText>,
}

impl Phrasebook {
    pub fn parse(quick: &str, guides: &str, kb: &Knowledge) -> anyhow::Result<Phrasebook> {
        let file: QuickFile =
            toml::from_str(quick).context("knowledge/assistant/quick.toml is malformed")?;
        let mut ids = std::collections::HashSet::new();
        for a in &file.answer {
            if !ids.insert(a.id.clone()) {
                bail!("quick answer {} appears twice", a.id);
            }
            if a.all.is_empty() {
                bail!("quick answer {} has no phrase groups", a.id);
            }
            for g in &a.all {
                g.check(&format!("quick answer {}", a.id))?;
            }
            a.text.check(&format!("quick answer {}", a.id))?;
        }
        let guides: HashMap<String, GuideText> =
            toml::from_str(guides).context("knowledge/assistant/guide_texts.toml is malformed")?;
        for (id, t) in &guides {
            if kb.guide(id).is_none() {
                bail!("guide_texts.toml names an unknown guide {id}");
            }
            if t.hinglish.trim().is_empty() || t.hi.trim().is_empty() {
                bail!("guide_texts.toml: {id} has an empty text");
            }
            if !mostly_devanagari(&t.hi) {
                bail!("guide_texts.toml: the Hindi text of {id} is not mostly Devanagari");
            }
            if is_devanagari(&t.hinglish) {
                bail!("guide_texts.toml: the Hinglish text of {id} is not in Latin script");
            }
        }
        Ok(Phrasebook {
            quick: file.answer,
            guides,
        })
    }

    pub fn embedded(kb: &Knowledge) -> anyhow::Result<Phrasebook> {
        Phrasebook::parse(
            include_str!("../../knowledge/assistant/quick.toml"),
            include_str!("../../knowledge/assistant/guide_texts.toml"),
            kb,
        )
    }

    /// The quick answer a message asks for; `asking` is whether it is a question at all.
    pub fn quick_answer(&self, text: &Prepared, asking: bool, lang: Lang) -> Option<String> {
        self.quick
            .iter()
            .find(|a| (asking || !a.questions_only) && all_groups(&a.all, text) && !a.not.hit(text))
            .map(|a| a.text.get(lang).trim().to_string())
    }

    /// A guide's reviewed body in Hindi or Hinglish (None for English or an untranslated guide).
    pub fn guide(&self, id: &str, lang: Lang) -> Option<&str> {
        let t = self.guides.get(id)?;
        match lang {
            Lang::Hi => Some(&t.hi),
            Lang::Hinglish => Some(&t.hinglish),
            Lang::En => None,
        }
    }
}

/// At least three quarters of the letters are Devanagari (names such as "ZZ" may stay Latin).
fn mostly_devanagari(text: &str) -> bool {
    let (mut deva, mut latin) = (0usize, 0usize);
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        if ('\u{0900}'..='\u{097F}').contains(&c) {
            deva += 1;
        } else {
            latin += 1;
        }
    }
    deva * 4 >= (deva + latin) * 3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> Phrasebook {
        let kb = Knowledge::embedded().expect("knowledge loads");
        Phrasebook::embedded(&kb).expect("phrasebook loads")
    }

    #[test]
    fn quick_answers_need_a_question() {
        let b = book();
        let asked = Prepared::new("is it ok to water plants at night?");
        assert!(b.quick_answer(&asked, true, Lang::En).is_some());
        let told = Prepared::new("I cut off the yellow leaves yesterday");
        assert!(b.quick_answer(&told, false, Lang::En).is_none());
    }

    #[test]
    fn guide_texts_exist_in_both_languages() {
        let b = book();
        assert!(b.guide("yellow-leaves", Lang::Hi).is_some());
        assert!(b.guide("mealybugs", Lang::Hinglish).is_some());
        assert!(b.guide("mealybugs", Lang::En).is_none());
    }

    #[test]
    fn an_unknown_guide_is_refused() {
        let kb = Knowledge::embedded().unwrap();
        let err = Phrasebook::parse(
            include_str!("../../knowledge/assistant/quick.toml"),
            "[no-such-guide]\nhi = \"नहीं\"\nhinglish = \"nahi\"\n",
            &kb,
        )
        .unwrap_err();
        assert!(err.to_string().contains("unknown guide"), "{err}");
    }
}
