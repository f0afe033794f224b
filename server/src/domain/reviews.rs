//! The written part of a rating: optional, at most 1000 characters of readable text.

use super::error_code::FieldCode;
use super::form_errors::Broken;

pub const REVIEW_MAX_CHARS: usize = 1000;
/// Reviews shown per page on a plant.
pub const REVIEWS_PER_PAGE: i64 = 5;

/// What the customer sent, checked: `Ok(None)` for no text (blank clears a review).
pub fn review(value: Option<&str>) -> Result<Option<String>, Broken> {
    let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > REVIEW_MAX_CHARS {
        return Err(Broken {
            code: FieldCode::ReviewTooLong,
            message: "Review cannot exceed 1000 characters",
        });
    }
    // Line breaks and tabs are how people write; other control characters are not text
    // (U+0000 never arrives: the JSON extractor refuses it).
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
    {
        return Err(Broken {
            code: FieldCode::ReviewControlCharacters,
            message: "Review cannot contain control characters",
        });
    }
    Ok(Some(text.replace("\r\n", "\n")))
}

/// Only the first name of a reviewer is shown.
pub fn first_name(full: &str) -> String {
    full.split_whitespace()
        .next()
        .unwrap_or("Customer")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_rules() {
        assert_eq!(review(None), Ok(None));
        assert_eq!(review(Some("   ")), Ok(None));
        assert_eq!(
            review(Some(" Lovely plant \n")),
            Ok(Some("Lovely plant".into()))
        );
        assert!(review(Some(&"a".repeat(1000))).is_ok());
        assert_eq!(
            review(Some(&"a".repeat(1001))).map_err(|b| b.code),
            Err(FieldCode::ReviewTooLong)
        );
        assert!(review(Some("bell\u{7}")).is_err());
        assert_eq!(first_name("Asha  Rao"), "Asha");
    }
}
