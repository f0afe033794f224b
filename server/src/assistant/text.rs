//! Text handling shared by recognition and retrieval: normalising what people type (any
//! case, punctuation, Devanagari or Latin script), phrase matching on word boundaries,
//! tolerance for small misspellings, and the tokenizer the BM25 index uses.

/// True when the text has Devanagari letters: such a question gets a Hindi answer.
pub fn is_devanagari(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

fn is_word_char(c: char) -> bool {
    // Devanagari vowel signs and the virama are marks, not alphanumerics, but belong to words.
    c.is_alphanumeric() || ('\u{0900}'..='\u{097F}').contains(&c)
}

/// Lower case, apostrophes dropped ("devil's" → "devils"), every other non-letter a space,
/// nukta forms folded to their plain letters (people type "ज़्यादा" and "ज्यादा" alike).
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push(' ');
    let mut last_space = true;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c == '\'' || c == '’' || c == '\u{093C}' {
            continue;
        }
        let c = match c {
            'ँ' => 'ं',
            other => other,
        };
        if is_word_char(c) {
            out.push(c);
            last_space = false;
        } else if !last_space {
            out.push(' ');
            last_space = true;
        }
    }
    if !last_space {
        out.push(' ');
    }
    out
}

/// The words of normalised text.
pub fn words(normalized: &str) -> Vec<&str> {
    normalized.split_whitespace().collect()
}

/// A piece of text prepared once for many phrase look-ups.
pub struct Prepared {
    pub normalized: String,
    pub words: Vec<String>,
}

impl Prepared {
    pub fn new(text: &str) -> Prepared {
        let normalized = normalize(text);
        let words = normalized.split_whitespace().map(str::to_string).collect();
        Prepared { normalized, words }
    }

    /// Whether `phrase` occurs as whole words.
    pub fn has(&self, phrase: &str) -> bool {
        let p = normalize(phrase);
        !p.trim().is_empty() && self.normalized.contains(&p)
    }

    /// Like [`Prepared::has`], but a multi-word phrase may have up to two extra words inside
    /// ("leaves are turning yellow" matches "leaves turning yellow").
    pub fn has_loose(&self, phrase: &str) -> bool {
        if self.has(phrase) {
            return true;
        }
        let p = normalize(phrase);
        let target: Vec<&str> = p.split_whitespace().collect();
        if target.len() < 2 {
            return false;
        }
        (0..self.words.len()).any(|start| {
            if self.words[start] != target[0] {
                return false;
            }
            let (mut at, mut gaps) = (start, 0);
            for t in &target[1..] {
                let mut found = false;
                while at + 1 < self.words.len() && gaps <= 2 {
                    at += 1;
                    if self.words[at] == *t {
                        found = true;
                        break;
                    }
                    gaps += 1;
                }
                if !found || gaps > 2 {
                    return false;
                }
            }
            true
        })
    }

    /// Whether any of the phrases occurs as whole words.
    pub fn has_any(&self, phrases: &[&str]) -> bool {
        phrases.iter().any(|p| self.has(p))
    }

    /// Whether a word starts with any of these stems ("water" finds "watering").
    pub fn has_stem(&self, stems: &[&str]) -> bool {
        self.words
            .iter()
            .any(|w| stems.iter().any(|s| w.starts_with(s)))
    }

    /// Where `phrase` starts, in words, allowing a small misspelling per long word
    /// (at least one word of a multi-word phrase must be exact). Returns (start, length).
    pub fn find_fuzzy(&self, phrase: &str) -> Option<(usize, usize)> {
        self.find_all_fuzzy(phrase).into_iter().next()
    }

    /// Every place `phrase` occurs, as in [`Prepared::find_fuzzy`].
    pub fn find_all_fuzzy(&self, phrase: &str) -> Vec<(usize, usize)> {
        let p = normalize(phrase);
        let target: Vec<&str> = p.split_whitespace().collect();
        let mut found = Vec::new();
        if target.is_empty() || target.len() > self.words.len() {
            return found;
        }
        'outer: for start in 0..=self.words.len() - target.len() {
            let mut exact = 0;
            for (i, t) in target.iter().enumerate() {
                let w = self.words[start + i].as_str();
                if w == *t {
                    exact += 1;
                } else if !close_enough(w, t, target.len() > 1) {
                    continue 'outer;
                }
            }
            if exact > 0 || target.len() == 1 {
                found.push((start, target.len()));
            }
        }
        found
    }
}

/// A misspelling allowance that grows with the word: short words must be exact (so "basic"
/// is never "basil"), longer ones may be one edit off, very long ones two.
fn close_enough(word: &str, target: &str, in_phrase: bool) -> bool {
    let len = target.chars().count();
    let allowed = match (len, in_phrase) {
        (0..=3, _) => 0,
        (4..=5, true) => 1,
        (4..=5, false) => 0,
        (6..=8, _) => 1,
        _ => 2,
    };
    if allowed == 0 {
        return false;
    }
    // Digits never fuzz: "500" is not a typo of anything.
    if word.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    edit_distance(word, target, allowed) <= allowed
}

/// Optimal-string-alignment distance (Levenshtein plus swaps of neighbours), giving up once
/// it exceeds `limit`.
pub fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev2 = vec![0usize; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(prev2[j - 2] + 1);
            }
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > limit {
            return limit + 1;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Words that carry no meaning for retrieval, in English and Hinglish.
const STOP_WORDS: &[&str] = &[
    "a",
    "an",
    "the",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "am",
    "i",
    "my",
    "me",
    "we",
    "our",
    "you",
    "your",
    "it",
    "its",
    "this",
    "that",
    "these",
    "those",
    "of",
    "to",
    "in",
    "on",
    "at",
    "for",
    "and",
    "or",
    "but",
    "with",
    "from",
    "by",
    "as",
    "do",
    "does",
    "did",
    "can",
    "could",
    "should",
    "would",
    "will",
    "what",
    "why",
    "how",
    "when",
    "which",
    "who",
    "there",
    "here",
    "have",
    "has",
    "had",
    "so",
    "if",
    "not",
    "no",
    "very",
    "too",
    "also",
    "just",
    "please",
    "plant",
    "plants",
    "ka",
    "ki",
    "ke",
    "ko",
    "hai",
    "hain",
    "mein",
    "me",
    "se",
    "kya",
    "kaise",
    "kyun",
    "kyon",
    "ho",
    "raha",
    "rahi",
    "rahe",
    "mera",
    "meri",
    "mere",
    "aur",
    "par",
    "ye",
    "yeh",
    "wo",
    "woh",
    "paudha",
    "paudhe",
    "का",
    "की",
    "के",
    "को",
    "है",
    "हैं",
    "में",
    "से",
    "क्या",
    "कैसे",
    "क्यों",
    "हो",
    "रहा",
    "रही",
    "रहे",
    "मेरा",
    "मेरी",
    "मेरे",
    "और",
    "पर",
    "यह",
    "पौधा",
    "पौधे",
    "पौधों",
];

/// A light English stemmer: enough to meet "watering", "watered" and "waters" at "water".
fn stem(word: &str) -> String {
    if !word.is_ascii() || word.len() <= 3 {
        return word.to_string();
    }
    match word {
        "leaves" => return "leaf".into(),
        "flies" => return "fly".into(),
        _ => {}
    }
    for (suffix, min_len, replacement) in [
        ("ies", 5, "y"),
        ("ing", 6, ""),
        ("ed", 5, ""),
        ("es", 5, ""),
        ("s", 4, ""),
    ] {
        if word.len() >= min_len && word.ends_with(suffix) && !word.ends_with("ss") {
            return format!("{}{}", &word[..word.len() - suffix.len()], replacement);
        }
    }
    word.to_string()
}

/// Tokens for BM25: normalised words less stop words, stemmed.
pub fn tokens(text: &str) -> Vec<String> {
    normalize(text)
        .split_whitespace()
        .filter(|w| !STOP_WORDS.contains(w))
        .map(stem)
        .collect()
}

/// The tokenizer the search index is built with.
#[derive(Debug, Default, Clone, Copy)]
pub struct KbTokenizer;

impl bm25::Tokenizer for KbTokenizer {
    fn tokenize(&self, input_text: &str) -> Vec<String> {
        tokens(input_text)
    }
}

/// Rupees with Indian digit grouping: 1299 → "₹1,299", 100000 → "₹1,00,000".
pub fn rupees(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let grouped = if digits.len() <= 3 {
        digits
    } else {
        let (head, last3) = digits.split_at(digits.len() - 3);
        let mut parts = Vec::new();
        let head: Vec<char> = head.chars().collect();
        let mut end = head.len();
        while end > 0 {
            let start = end.saturating_sub(2);
            parts.push(head[start..end].iter().collect::<String>());
            end = start;
        }
        parts.reverse();
        format!("{},{}", parts.join(","), last3)
    };
    if amount < 0 {
        format!("-₹{grouped}")
    } else {
        format!("₹{grouped}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_keeps_hindi_words_whole() {
        assert_eq!(normalize("Money-Plant's leaves?"), " money plants leaves ");
        assert_eq!(normalize("मेरे पौधे के पत्ते पीले!"), " मेरे पौधे के पत्ते पीले ");
        assert_eq!(normalize("ज़्यादा"), normalize("ज्यादा"));
    }

    #[test]
    fn phrases_match_on_word_boundaries_only() {
        let p = Prepared::new("My mint is wilting");
        assert!(p.has("mint"));
        assert!(!p.has("min"));
        assert!(!Prepared::new("peppermint tea").has("mint"));
    }

    #[test]
    fn small_misspellings_of_long_names_are_forgiven() {
        assert!(Prepared::new("my mony plant")
            .find_fuzzy("money plant")
            .is_some());
        assert!(Prepared::new("bougainvilea flowers")
            .find_fuzzy("bougainvillea")
            .is_some());
        assert!(Prepared::new("basic question")
            .find_fuzzy("basil")
            .is_none());
        assert!(Prepared::new("mony plent")
            .find_fuzzy("money plant")
            .is_none());
    }

    #[test]
    fn stems_meet() {
        assert_eq!(tokens("Watering watered waters"), vec!["water"; 3]);
        assert_eq!(tokens("yellow leaves"), vec!["yellow", "leaf"]);
    }

    #[test]
    fn rupees_use_indian_grouping() {
        assert_eq!(rupees(499), "₹499");
        assert_eq!(rupees(1299), "₹1,299");
        assert_eq!(rupees(100000), "₹1,00,000");
        assert_eq!(rupees(12345678), "₹1,23,45,678");
    }
}
