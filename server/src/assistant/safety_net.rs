//! The safety net: the last safety check, for emergencies told in words no rule lists.
//!
//! The rules of `safety.toml` and the hazard classes of `hazards.toml` are phrase lists, so
//! they recognise only the emergencies someone wrote down; every fresh evaluation set brought
//! new ones (a hacksaw cut, a man collapsed by the water pump, lovebirds by a spray), and those
//! got a care sheet with a price. The net is a logistic regression over the words of a
//! message, trained on every safety question of the project's sets against every other
//! question (`knowledge/tools/train_safety_net.py` writes its weights to
//! `knowledge/assistant/safety_net.tsv`). It knows the vocabulary of trouble, not a list of
//! events, so when it fires it cannot say what happened: its answer
//! (`knowledge/assistant/safety_net.toml`) says what to do first for the emergencies a home
//! and a garden bring, each with where to get help. It is asked only when no rule and no
//! class fired, and its threshold lets through at most 1 in 200 ordinary questions in
//! cross-validation.

use std::collections::HashMap;

use anyhow::{bail, Context};

use super::lexicon::{Lang, Texts};
use super::text::Prepared;
use super::word_features::word_features;

/// The consonants of a word, a doubled one once (as `skeleton` in the trainer): Hinglish typed
/// without vowels ("chkkr", "ghnte", "bj") has the skeleton of its full spelling ("chakkar",
/// "ghante", "beej"), and so do many typos. Latin vowels, Devanagari vowel signs, nasal marks,
/// the virama and digits are dropped.
pub fn skeleton(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut last = None;
    for c in word.chars() {
        let dropped = matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
            || c.is_ascii_digit()
            || ('\u{0900}'..='\u{0903}').contains(&c)
            || ('\u{093A}'..='\u{094F}').contains(&c)
            || matches!(c, '\u{0955}'..='\u{0957}' | '\u{0962}' | '\u{0963}');
        if dropped || last == Some(c) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    out
}

/// The model and its answer.
#[derive(Debug, Clone)]
pub struct SafetyNet {
    weights: HashMap<String, f32>,
    bias: f32,
    threshold: f32,
    answer: Texts,
}

impl SafetyNet {
    pub fn embedded() -> anyhow::Result<SafetyNet> {
        SafetyNet::parse(
            include_str!("../../knowledge/assistant/safety_net.tsv"),
            include_str!("../../knowledge/assistant/safety_net.toml"),
        )
    }

    /// Reads the weights (`feature<TAB>weight` lines, `bias` and `threshold` among them) and
    /// the answer, which must name where to get help in every language.
    pub fn parse(weights_src: &str, answer_src: &str) -> anyhow::Result<SafetyNet> {
        let mut weights = HashMap::new();
        let (mut bias, mut threshold) = (None, None);
        for (n, line) in weights_src.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let Some((feature, weight)) = line.split_once('\t') else {
                bail!("safety_net.tsv line {}: no tab", n + 1);
            };
            let weight: f32 = weight
                .parse()
                .with_context(|| format!("safety_net.tsv line {}: weight", n + 1))?;
            match feature {
                "bias" => bias = Some(weight),
                "threshold" => threshold = Some(weight),
                _ => {
                    weights.insert(feature.to_string(), weight);
                }
            }
        }
        let (Some(bias), Some(threshold)) = (bias, threshold) else {
            bail!("safety_net.tsv: `bias` or `threshold` is missing");
        };
        let answer: Texts =
            toml::from_str(answer_src).context("knowledge/assistant/safety_net.toml")?;
        for lang in [Lang::En, Lang::Hi, Lang::Hinglish] {
            let text = answer.get(lang);
            if !(text.contains("112") && text.contains("1800-116-117")) || text.contains('₹') {
                bail!("safety_net.toml: every answer names 112 and 1800-116-117, and no price");
            }
        }
        Ok(SafetyNet {
            weights,
            bias,
            threshold,
            answer,
        })
    }

    /// How far above (positive) or below its threshold the message reads as an emergency.
    pub fn margin(&self, text: &Prepared) -> f32 {
        let words: Vec<&str> = text.words.iter().map(String::as_str).collect();
        let mut features = word_features(&words);
        // Skeletons of words and of word pairs: vowel-less typing and typos meet the spelling
        // the net learnt from.
        let skeletons: Vec<String> = words.iter().map(|w| skeleton(w)).collect();
        features.extend(
            skeletons
                .iter()
                .filter(|k| k.chars().count() >= 2)
                .map(|k| format!("k:{k}")),
        );
        features.extend(
            skeletons
                .windows(2)
                .filter(|p| !p[0].is_empty() && !p[1].is_empty())
                .map(|p| format!("j:{} {}", p[0], p[1])),
        );
        // A feature counts once, however often it occurs (the trainer uses a set).
        features.sort_unstable();
        features.dedup();
        let sum: f32 = features.iter().filter_map(|f| self.weights.get(f)).sum();
        self.bias + sum - self.threshold
    }

    /// The general first-aid answer when the message reads as an emergency.
    pub fn answer(&self, text: &Prepared, lang: Lang) -> Option<&str> {
        (self.margin(text) > 0.0).then(|| self.answer.get(lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net() -> SafetyNet {
        SafetyNet::embedded().expect("the embedded safety net loads")
    }

    fn fires(text: &str) -> bool {
        net().answer(&Prepared::new(text), Lang::En).is_some()
    }

    // Written by hand, not taken from any set. The net reads ingestion best (most of the
    // safety questions it learnt from): "my husband cut his palm deep with the hacksaw, blood
    // everywhere" scores just under the threshold, and is the hazard classes' to catch. So,
    // since round 14 taught it that a bee *pest* question is not an emergency, is "my wife got
    // stung by something in the garden and her throat feels tight" (`someone-hurt`, tested in
    // `hazard.rs`).
    #[test]
    fn emergencies_in_words_no_rule_lists_fire() {
        for text in [
            "grandpa drank from the bottle that had the plant tonic, he is confused now",
            "my son touched the broken wire near the pump and fell",
            "meri beti ne kuch safed powder kha liya gamle ke paas se, ulti kar rahi hai",
            "मेरे बेटे ने गमले की दवा वाली गोलियां खा लीं, उसे चक्कर आ रहे हैं",
            "chhote ne gmle ki neeli goliyan kha li, ab ulti kr rha h",
            "amar chhele gacher bij kheye felechhe, bomi korche",
        ] {
            assert!(fires(text), "should fire: {text}");
        }
    }

    #[test]
    fn care_and_shop_questions_do_not_fire() {
        for text in [
            "how often should i water my snake plant in winter",
            "is money plant safe for my cat",
            "my son wants a plant for his room, something easy to keep",
            "meri beti ne poocha tulsi ko kitna paani dena hai",
            "do you deliver to pune and can i pay cash",
            "बच्चों के कमरे के लिए कौन सा पौधा अच्छा है",
            "my dog keeps digging the pots, how do i stop him",
        ] {
            assert!(!fires(text), "should not fire: {text}");
        }
    }

    #[test]
    fn an_answer_without_the_helplines_is_refused() {
        let answer = "en = \"call 112\"\nhi = \"112\"\nhinglish = \"112\"";
        assert!(SafetyNet::parse("bias\t0\nthreshold\t0\n", answer).is_err());
    }

    /// The trainer writes a few messages with the margin its features give them (`#check`
    /// lines): the engine must read the same features, skeletons included, or the net it runs
    /// is not the one that was cross-validated.
    #[test]
    fn the_engine_reads_the_trainers_features() {
        let src = include_str!("../../knowledge/assistant/safety_net.tsv");
        let checks: Vec<(f32, &str)> = src
            .lines()
            .filter_map(|l| l.strip_prefix("#check\t"))
            .filter_map(|l| l.split_once('\t'))
            .map(|(m, t)| (m.parse().expect("a margin"), t))
            .collect();
        assert!(checks.len() >= 4);
        let net = net();
        for (margin, text) in checks {
            let got = net.margin(&Prepared::new(text));
            assert!((got - margin).abs() < 1e-2, "{text}: {got} vs {margin}");
        }
    }

    #[test]
    fn vowel_less_words_keep_their_consonants() {
        assert_eq!(skeleton("chakkar"), "chkr");
        assert_eq!(skeleton("chkkr"), "chkr");
        assert_eq!(skeleton("ghnte"), skeleton("ghante"));
        assert_eq!(skeleton("धतूरा"), skeleton("धतुरा"));
    }

    #[test]
    fn features_count_once() {
        let net = SafetyNet::parse(
            "bias\t0\nthreshold\t0.5\nw:help\t1.0\n",
            include_str!("../../knowledge/assistant/safety_net.toml"),
        )
        .expect("parses");
        // One "help" is 1.0 above a bias of 0: 0.5 over the threshold, and three are no more.
        assert!((net.margin(&Prepared::new("help help help")) - 0.5).abs() < 1e-6);
    }
}
