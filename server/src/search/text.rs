//! How search text is compared: one normal form for what the shop indexes and what a
//! customer types. Unicode NFC (so `ड़` typed as one character or as `ड` + nukta is the
//! same), lower case, the nukta and chandrabindu folded away (people type `गुडहल` and
//! `गुड़हल` alike), apostrophes dropped inside words (`law's` = `laws`), and every other
//! character that is not a letter or digit splits words.

use unicode_normalization::UnicodeNormalization;

const NUKTA: char = '\u{093C}';
const CHANDRABINDU: char = '\u{0901}';
const ANUSVARA: char = '\u{0902}';

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || ('\u{0900}'..='\u{097F}').contains(&c)
}

/// The words of `text` in normal form.
pub fn words(text: &str) -> Vec<String> {
    let folded: String = text
        .nfc()
        .flat_map(char::to_lowercase)
        .filter(|&c| c != NUKTA && c != '\'' && c != '\u{2019}')
        .map(|c| if c == CHANDRABINDU { ANUSVARA } else { c })
        .collect();
    folded
        .split(|c: char| !is_word_char(c) || matches!(c, '\u{0964}' | '\u{0965}'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The words run together: `Aloe Vera` → `aloevera`, so that a name typed without its
/// spaces still matches.
pub fn joined(words: &[String]) -> String {
    words.concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_form_for_scripts_spellings_and_punctuation() {
        assert_eq!(
            words("Mother-in-Law's Tongue"),
            ["mother", "in", "laws", "tongue"]
        );
        // Precomposed ड़ (U+095C) and ड + nukta, and no nukta at all, are one word.
        assert_eq!(words("गु\u{095C}हल"), words("गुड\u{093C}हल"));
        assert_eq!(words("गुड़हल"), words("गुडहल"));
        assert_eq!(words("तुलसी का पौधा।"), ["तुलसी", "का", "पौधा"]);
        assert_eq!(joined(&words("Aloe Vera")), "aloevera");
        assert!(words("%_\\").is_empty());
    }
}
