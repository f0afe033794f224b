//! The intent model: what KIND of question a message is, read from all its words at once.
//!
//! The front stages answer on keywords, and every fresh evaluation set lost most of its misses
//! to collisions: a stage recognised one of its words although the question was another kind
//! ("ZZ plant, AC all night, watering frequency?" got the night-oxygen myth, "stock price of
//! Infosys" got "we don't sell that in our shop", "money plant ke patte peele ho rahe" got the
//! product line). Fixing one phrasing fixed one phrasing. The model is a softmax regression
//! over the words, word pairs and prefixes of a message (the features of the safety net),
//! trained on the category of every item of the development sets
//! (`knowledge/tools/train_intent_model.py` writes `knowledge/assistant/intent_model.tsv`).
//!
//! It is a veto, not a router: a stage whose kind of answer the model finds very unlikely
//! (`unlikely`) while another kind is very likely (`sure`) is skipped, and the next stage
//! answers. Both thresholds come from cross-validation, so vetoes are rare and right.

use std::collections::HashMap;

use anyhow::{bail, Context};

use super::text::Prepared;
use super::word_features::word_features;

/// The kinds of question the model tells apart: the categories of the development sets
/// (`constraints` read as `recommend`), in the trainer's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    HowOften,
    YesNo,
    Diagnose,
    Recommend,
    Shop,
    OrderStatus,
    Myth,
    OffTopic,
    Compare,
    Identify,
    Injection,
    Safety,
}

impl Kind {
    const ALL: [(Kind, &'static str); 12] = [
        (Kind::HowOften, "how_often"),
        (Kind::YesNo, "yes_no"),
        (Kind::Diagnose, "diagnose"),
        (Kind::Recommend, "recommend"),
        (Kind::Shop, "shop"),
        (Kind::OrderStatus, "order_status"),
        (Kind::Myth, "myth"),
        (Kind::OffTopic, "off_topic"),
        (Kind::Compare, "compare"),
        (Kind::Identify, "identify"),
        (Kind::Injection, "injection"),
        (Kind::Safety, "safety"),
    ];

    fn index(self) -> usize {
        Kind::ALL
            .iter()
            .position(|(k, _)| *k == self)
            .expect("every kind is listed")
    }

    /// Every kind of question the engine answers with plants or the shop (all but off-topic,
    /// injection and safety).
    pub const ANSWERED: [Kind; 9] = [
        Kind::HowOften,
        Kind::YesNo,
        Kind::Diagnose,
        Kind::Recommend,
        Kind::Shop,
        Kind::OrderStatus,
        Kind::Myth,
        Kind::Compare,
        Kind::Identify,
    ];
}

/// The model: weights per feature and class, and the two thresholds of a veto.
#[derive(Debug, Clone)]
pub struct IntentModel {
    weights: HashMap<String, [f32; 12]>,
    bias: [f32; 12],
    sure: f32,
    unlikely: f32,
}

/// The model's probabilities for one message.
#[derive(Debug, Clone)]
pub struct Intents {
    probs: [f32; 12],
    sure: f32,
    unlikely: f32,
}

fn row(fields: &[&str], what: &str) -> anyhow::Result<[f32; 12]> {
    if fields.len() != 12 {
        bail!(
            "intent_model.tsv: {what} has {} weights, not 12",
            fields.len()
        );
    }
    let mut out = [0.0; 12];
    for (o, f) in out.iter_mut().zip(fields) {
        *o = f
            .parse()
            .with_context(|| format!("intent_model.tsv: {what}"))?;
    }
    Ok(out)
}

impl IntentModel {
    pub fn embedded() -> anyhow::Result<IntentModel> {
        IntentModel::parse(include_str!("../../knowledge/assistant/intent_model.tsv"))
    }

    /// Reads `classes`, `bias`, `sure`, `unlikely` and `feature<TAB>12 weights` lines; the
    /// classes must be the kinds in the engine's order.
    pub fn parse(src: &str) -> anyhow::Result<IntentModel> {
        let mut weights = HashMap::new();
        let (mut bias, mut sure, mut unlikely, mut classes) = (None, None, None, false);
        for (n, line) in src.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let mut fields = line.split('\t');
            let name = fields.next().unwrap_or_default();
            let rest: Vec<&str> = fields.collect();
            let what = format!("line {}", n + 1);
            match name {
                "classes" => {
                    let expected: Vec<&str> = Kind::ALL.iter().map(|(_, n)| *n).collect();
                    if rest != expected {
                        bail!("intent_model.tsv: classes must be {expected:?}");
                    }
                    classes = true;
                }
                "bias" => bias = Some(row(&rest, &what)?),
                "sure" | "unlikely" => {
                    let [v] = rest[..] else {
                        bail!("intent_model.tsv {what}: one value");
                    };
                    let v: f32 = v.parse().with_context(|| what.clone())?;
                    if !(0.0..=1.0).contains(&v) {
                        bail!("intent_model.tsv {what}: a probability");
                    }
                    if name == "sure" {
                        sure = Some(v);
                    } else {
                        unlikely = Some(v);
                    }
                }
                feature => {
                    weights.insert(feature.to_string(), row(&rest, &what)?);
                }
            }
        }
        let (true, Some(bias), Some(sure), Some(unlikely)) = (classes, bias, sure, unlikely) else {
            bail!("intent_model.tsv: `classes`, `bias`, `sure` or `unlikely` is missing");
        };
        if unlikely >= sure {
            bail!("intent_model.tsv: `unlikely` must be below `sure`");
        }
        Ok(IntentModel {
            weights,
            bias,
            sure,
            unlikely,
        })
    }

    /// The probability of each kind for the message.
    pub fn read(&self, text: &Prepared) -> Intents {
        let words: Vec<&str> = text.words.iter().map(String::as_str).collect();
        let mut features = word_features(&words);
        // A feature counts once, however often it occurs (the trainer uses a set).
        features.sort_unstable();
        features.dedup();
        let mut z = self.bias;
        for row in features.iter().filter_map(|f| self.weights.get(f)) {
            for (z, w) in z.iter_mut().zip(row) {
                *z += w;
            }
        }
        let top = z.iter().copied().fold(f32::MIN, f32::max);
        let mut probs = z.map(|v| (v - top).exp());
        let sum: f32 = probs.iter().sum();
        probs.iter_mut().for_each(|p| *p /= sum);
        Intents {
            probs,
            sure: self.sure,
            unlikely: self.unlikely,
        }
    }
}

impl Intents {
    pub fn p(&self, kind: Kind) -> f32 {
        self.probs[kind.index()]
    }

    /// The likeliest kind and its probability.
    pub fn top(&self) -> (Kind, f32) {
        let (i, p) =
            self.probs.iter().enumerate().fold(
                (0, f32::MIN),
                |b, (i, p)| if *p > b.1 { (i, *p) } else { b },
            );
        (Kind::ALL[i].0, p)
    }

    /// Whether the model is sure the message is `kind`.
    pub fn is_surely(&self, kind: Kind) -> bool {
        self.p(kind) >= self.sure
    }

    /// Whether an answer of the given kinds should be skipped: the model gives all of them
    /// together under `unlikely`, and one other kind at least `sure`. No kinds: never. A
    /// yes/no, injection or safety reading vetoes nothing: those categories name the form or
    /// the risk of a question, not its topic ("yes or no: is shipping free?" is a shop
    /// question the sets file under yes/no), and safety belongs to the triage before.
    pub fn vetoes(&self, kinds: &[Kind]) -> bool {
        let (top, p) = self.top();
        if kinds.is_empty() || matches!(top, Kind::YesNo | Kind::Injection | Kind::Safety) {
            return false;
        }
        let mass: f32 = kinds.iter().map(|k| self.p(*k)).sum();
        mass < self.unlikely && p >= self.sure && !kinds.contains(&top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Intents {
        IntentModel::embedded()
            .expect("the embedded intent model loads")
            .read(&Prepared::new(text))
    }

    // Written by hand, not taken from any set.
    #[test]
    fn plain_questions_read_as_their_kind() {
        for (text, kind) in [
            (
                "how often should i water my jade plant in summer",
                Kind::HowOften,
            ),
            (
                "do you deliver to nagpur and can i pay cash on delivery",
                Kind::Shop,
            ),
            (
                "where is my order, it was placed last week",
                Kind::OrderStatus,
            ),
            ("who won the cricket match yesterday", Kind::OffTopic),
        ] {
            assert_eq!(read(text).top().0, kind, "{text}");
        }
    }

    #[test]
    fn a_watering_question_vetoes_shop_and_myth_answers() {
        let i = read("how often should i water my jade plant in summer");
        assert!(i.vetoes(&[Kind::Shop]));
        assert!(!i.vetoes(&[Kind::HowOften]));
        assert!(!i.vetoes(&[]));
    }

    #[test]
    fn a_model_with_the_wrong_classes_is_refused() {
        assert!(
            IntentModel::parse("classes\ta\tb\nbias\t0\t0\nsure\t0.9\nunlikely\t0.01\n").is_err()
        );
    }
}
