//! The features the assistant's two word models (the safety net and the intent model) read from
//! a message, one definition for both and for their trainers (`knowledge/tools/`): each word,
//! each pair of neighbouring words, and the first `PREFIX` letters of every longer word.

/// Words longer than this also count by their first `PREFIX` letters ("poisoned" and
/// "poisoning" share "poiso"), as in the trainers.
pub const PREFIX: usize = 5;

/// Words (`w:`), word pairs (`b:`) and prefixes (`p:`) of a message's words, in that order and
/// not deduplicated (a model counts each feature once and dedups after adding its own).
pub fn word_features(words: &[&str]) -> Vec<String> {
    let mut features: Vec<String> = Vec::with_capacity(words.len() * 3);
    features.extend(words.iter().map(|w| format!("w:{w}")));
    features.extend(words.windows(2).map(|p| format!("b:{} {}", p[0], p[1])));
    features.extend(
        words
            .iter()
            .filter(|w| w.chars().count() > PREFIX)
            .map(|w| format!("p:{}", w.chars().take(PREFIX).collect::<String>())),
    );
    features
}
