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
    Ok(())
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
