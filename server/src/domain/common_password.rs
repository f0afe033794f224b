//! Common passwords, also when dressed up to pass the complexity rule (`Password@123`,
//! `P@ssw0rd1`). The word lists and the guess estimate are zxcvbn's (its common-password
//! list is the top of real leaked passwords; it sees l33t, capitals, years and sequences),
//! compiled into the binary: no network at run time.

use zxcvbn::matching::patterns::MatchPattern;
use zxcvbn::matching::Match;
use zxcvbn::Score;

pub const MSG_TOO_COMMON: &str =
    "This password is too common. Please choose a less predictable one.";

/// zxcvbn's cost grows quickly with length; what decides "common" is in the first characters.
const CHECKED_CHARS: usize = 64;

/// True when `password` is refused as too common:
/// - guessable within a million tries whatever it is made of (zxcvbn score 0 or 1), or
/// - built on a word of the common-password list and still guessable within 10^8 tries
///   (score 2): a list password with a few symbols and digits around it.
pub fn is_too_common(password: &str) -> bool {
    let checked: String = password.chars().take(CHECKED_CHARS).collect();
    let estimate = zxcvbn::zxcvbn(&checked, &[]);
    match estimate.score() {
        Score::Zero | Score::One => true,
        Score::Two => estimate.sequence().iter().any(from_password_list),
        _ => false,
    }
}

fn from_password_list(m: &Match) -> bool {
    // The crate keeps its dictionary enum in a private module: it can be named only by its
    // Debug text (the unit test below fails if that ever changes).
    matches!(&m.pattern, MatchPattern::Dictionary(d) if format!("{:?}", d.dictionary_name) == "Passwords")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_passwords_are_refused_even_dressed_up() {
        for password in [
            "Password@123",
            "P@ssw0rd1",
            "Pa$$w0rd",
            "Qwerty@123",
            "Welcome@123",
            "Iloveyou@1",
            "Monkey!2024",
            "Abc@12345",
            "Dragon#99",
            "Letmein!1",
        ] {
            assert!(is_too_common(password), "{password} should be refused");
        }
    }

    #[test]
    fn less_predictable_passwords_pass() {
        for password in [
            "Garden@2025",
            "Better@2026",
            "Tulsi#Balcony7",
            "Secure@Plant9",
            "Admin@2025",
            "Customer@2025",
            "Zx9#kLm2q",
        ] {
            assert!(!is_too_common(password), "{password} should pass");
        }
    }

    #[test]
    fn a_long_password_is_checked_quickly() {
        // 250 characters full of l33t candidates, the costliest kind for zxcvbn.
        let long = "P@$$w0rd!1".repeat(25);
        let started = std::time::Instant::now();
        is_too_common(&long);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }
}
