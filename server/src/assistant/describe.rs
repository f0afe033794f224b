//! The words that frame a message as a description of a plant ("bush with…", "wo paudha
//! jiske…", "वो छोटा पौधा जिसकी…"), from `knowledge/assistant/describe.toml`: a kind of plant
//! among the first words, then what it has.

use std::sync::OnceLock;

use serde::Deserialize;

use super::lexicon::PhraseList;
use super::text::Prepared;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DescribeWords {
    kinds: PhraseList,
    links: PhraseList,
    kind_within: usize,
    /// A description's words in English, for the English cues.
    english: std::collections::HashMap<String, String>,
}

fn describe_words() -> &'static DescribeWords {
    static WORDS: OnceLock<DescribeWords> = OnceLock::new();
    WORDS.get_or_init(|| {
        toml::from_str(include_str!("../../knowledge/assistant/describe.toml"))
            .unwrap_or_else(|e| panic!("knowledge/assistant/describe.toml is malformed: {e}"))
    })
}

/// Checked at start.
pub fn check() -> anyhow::Result<()> {
    let w: DescribeWords = toml::from_str(include_str!("../../knowledge/assistant/describe.toml"))?;
    w.kinds.check("describe.toml kinds")?;
    w.links.check("describe.toml links")?;
    if w.english
        .iter()
        .any(|(k, v)| k.trim().is_empty() || v.trim().is_empty())
    {
        anyhow::bail!("describe.toml english: an empty word");
    }
    Ok(())
}

/// The text with the English of its describing words added ("patte gol mote" gains "leaves
/// round thick"), in the text's word order, so English cues match a description written in
/// Hinglish, Hindi or Bengali. None when no word has an English entry.
pub fn with_english(text: &Prepared) -> Option<Prepared> {
    let w = describe_words();
    let english: Vec<&str> = text
        .words
        .iter()
        .filter_map(|word| w.english.get(word.as_str()).map(String::as_str))
        .collect();
    (!english.is_empty())
        .then(|| Prepared::new(&format!("{} {}", text.normalized, english.join(" "))))
}

/// "bush with…", "wo paudha jiske…", "वो छोटा पौधा जिसकी…": a kind of plant among the first
/// words, followed within three words by what it has.
pub fn framed_as_description(text: &Prepared) -> bool {
    let w = describe_words();
    let words = &text.words;
    let within = w.kind_within.min(words.len());
    (0..within).any(|i| {
        let kind = Prepared::new(&words[i]);
        let two = words
            .get(i..i + 2)
            .map(|p| Prepared::new(&p.join(" ")))
            .filter(|p| w.kinds.hit(p));
        (w.kinds.hit(&kind) || two.is_some())
            && words
                .iter()
                .skip(i + 1)
                .take(4)
                .any(|next| w.links.hit(&Prepared::new(next)))
    })
}
