//! The rules of spec section 5 and the contract, with their messages. The web app mirrors
//! these; the server is the one that enforces them.

use super::error_code::FieldCode;
use super::form_errors::{broken, Broken, Errors};

pub const CATEGORIES: [&str; 6] = [
    "Indoor",
    "Outdoor",
    "Succulents",
    "Flowering",
    "Herbs",
    "Trees",
];

pub const PASSWORD_RULE_MESSAGE: &str = "Password must contain at least 8 characters, one uppercase letter, one lowercase letter, one number, and one special character";

pub const PRICE_MAX: i64 = 999_999;
pub const STOCK_MAX: i64 = 10_000;
pub const IMAGE_MAX_BYTES: usize = 5 * 1024 * 1024;

fn blank(value: Option<&str>) -> bool {
    value.is_none_or(|v| v.trim().is_empty())
}

/// Email: local part, @, domain with a top-level domain of two or more letters; no spaces,
/// no consecutive dots, no dot at either end of the domain; 5 to 255 characters.
pub fn email(value: Option<&str>) -> Option<Broken> {
    if blank(value) {
        return broken(FieldCode::EmailRequired, "Email is required");
    }
    let value = value.unwrap_or_default().trim();
    if is_valid_email(value) {
        None
    } else {
        broken(FieldCode::EmailInvalid, "Enter a valid email address")
    }
}

fn is_valid_email(value: &str) -> bool {
    let len = value.chars().count();
    if !(5..=255).contains(&len) || value.contains("..") {
        return false;
    }
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && !local.starts_with('.')
        && !local.ends_with('.')
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._%+-'".contains(c));
    if !local_ok || domain.starts_with('.') || domain.ends_with('.') {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let labels_ok = labels.iter().all(|l| {
        !l.is_empty()
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    let tld = labels[labels.len() - 1];
    labels_ok && tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic())
}

/// The sign-up password rule (contract: lower, upper, number and special, 8 to 255), and
/// not a common password.
pub fn new_password(value: Option<&str>) -> Option<Broken> {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return broken(FieldCode::PasswordRequired, "Password is required");
    };
    if value.chars().count() > 255 {
        return broken(
            FieldCode::PasswordTooLong,
            "Password cannot exceed 255 characters",
        );
    }
    // Spaces and invisible characters (zero-width, joiners, controls, direction marks) are
    // allowed but do not count: a password that is mostly them is short, and easy to
    // mistype or to be tricked with.
    fn invisible(c: char) -> bool {
        c.is_whitespace()
            || c.is_control()
            || matches!(c, '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{E0000}'..='\u{E007F}')
    }
    let hidden = value.chars().filter(|&c| invisible(c)).count();
    let visible = value.chars().count() - hidden;
    if hidden > 0 && (visible < 8 || hidden >= visible) {
        return broken(FieldCode::PasswordTooFewVisible, "Password needs at least 8 visible characters, more than its spaces and invisible characters");
    }
    let strong = value.chars().count() >= 8
        && value.chars().any(|c| c.is_lowercase())
        && value.chars().any(|c| c.is_uppercase())
        && value.chars().any(|c| c.is_ascii_digit())
        && value
            .chars()
            .any(|c| !c.is_alphanumeric() && !c.is_whitespace());
    if !strong {
        broken(FieldCode::PasswordTooWeak, PASSWORD_RULE_MESSAGE)
    } else if super::common_password::is_too_common(value) {
        broken(
            FieldCode::PasswordTooCommon,
            super::common_password::MSG_TOO_COMMON,
        )
    } else {
        None
    }
}

/// The new password of a password change: under 6 characters says so first.
pub fn changed_password(value: Option<&str>) -> Option<Broken> {
    match value {
        None | Some("") => broken(FieldCode::NewPasswordRequired, "New password is required"),
        Some(v) if v.chars().count() < 6 => broken(
            FieldCode::PasswordTooShort,
            "Password must be at least 6 characters",
        ),
        other => new_password(other),
    }
}

/// A person's name: letters (any script), spaces, apostrophes and hyphens; 2 to 50; no
/// leading, trailing or double spaces.
pub fn person_name(value: Option<&str>) -> Option<Broken> {
    if blank(value) {
        return broken(FieldCode::NameRequired, "Name is required");
    }
    let value = value.unwrap_or_default();
    let len = value.chars().count();
    if value.starts_with(' ') || value.ends_with(' ') {
        return broken(
            FieldCode::NameEdgeSpace,
            "Name cannot start or end with a space",
        );
    }
    if value.contains("  ") {
        return broken(
            FieldCode::NameDoubleSpace,
            "Name cannot contain consecutive spaces",
        );
    }
    if !value
        .chars()
        .all(|c| is_letter(c) || c == ' ' || c == '\'' || c == '-')
    {
        return broken(
            FieldCode::NameCharacters,
            "Name can only contain letters, spaces, apostrophes and hyphens",
        );
    }
    if len < 2 {
        return broken(
            FieldCode::NameTooShort,
            "Name must be at least 2 characters",
        );
    }
    if len > 50 {
        return broken(FieldCode::NameTooLong, "Name cannot exceed 50 characters");
    }
    None
}

/// Letters of any script, including the vowel signs and virama of Indian scripts.
fn is_letter(c: char) -> bool {
    c.is_alphabetic() || ('\u{0900}'..='\u{0DFF}').contains(&c)
}

/// A delivery address, checked as at checkout (spec section 5, "Checkout address").
pub struct AddressInput<'a> {
    pub street: Option<&'a str>,
    pub city: Option<&'a str>,
    pub state: Option<&'a str>,
    pub zip_code: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub landmark: Option<&'a str>,
    pub recipient_name: Option<&'a str>,
}

pub fn delivery_address(input: &AddressInput<'_>, errors: &mut Errors) {
    errors.check("street", street(input.street));
    errors.check("city", place(input.city, Place::City));
    errors.check(
        "state",
        place(input.state, Place::State).or_else(|| state_or_ut(input.state)),
    );
    errors.check("zipCode", zip_code(input.zip_code));
    errors.check("phone", phone(input.phone));
    errors.check("landmark", landmark(input.landmark));
    errors.check("recipientName", recipient_name(input.recipient_name));
}

pub fn street(value: Option<&str>) -> Option<Broken> {
    if blank(value) {
        return broken(FieldCode::StreetRequired, "Street address is required");
    }
    let len = value.unwrap_or_default().trim().chars().count();
    if len < 10 {
        broken(
            FieldCode::StreetTooShort,
            "Street address must be at least 10 characters",
        )
    } else if len > 200 {
        broken(
            FieldCode::StreetTooLong,
            "Street address cannot exceed 200 characters",
        )
    } else {
        None
    }
}

/// City or state: letters and spaces, 2 to 50.
pub fn place(value: Option<&str>, which: Place) -> Option<Broken> {
    use FieldCode::*;
    let city = which == Place::City;
    let pick = |for_city: (FieldCode, &'static str), for_state: (FieldCode, &'static str)| {
        let (code, message) = if city { for_city } else { for_state };
        broken(code, message)
    };
    if blank(value) {
        return pick(
            (CityRequired, "City is required"),
            (StateRequired, "State is required"),
        );
    }
    let value = value.unwrap_or_default().trim();
    let len = value.chars().count();
    if !value.chars().all(|c| is_letter(c) || c == ' ') {
        pick(
            (
                CityCharacters,
                "City name can only contain letters and spaces",
            ),
            (
                StateCharacters,
                "State name can only contain letters and spaces",
            ),
        )
    } else if len < 2 {
        pick(
            (CityTooShort, "City name must be at least 2 characters"),
            (StateTooShort, "State name must be at least 2 characters"),
        )
    } else if len > 50 {
        pick(
            (CityTooLong, "City name cannot exceed 50 characters"),
            (StateTooLong, "State name cannot exceed 50 characters"),
        )
    } else {
        None
    }
}

/// Which of the two place fields [`place`] checks (their rules are the same, their codes not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    City,
    State,
}

/// A PIN as typed: a space in the middle ("411 001") is not part of it.
pub fn normalise_pin(value: &str) -> String {
    value.chars().filter(|c| !c.is_whitespace()).collect()
}

/// PIN code: exactly 6 digits, the first 1 to 9 (no PIN starts with 0).
pub fn zip_code(value: Option<&str>) -> Option<Broken> {
    if blank(value) {
        return broken(FieldCode::PinRequired, "ZIP Code is required");
    }
    let value = normalise_pin(value.unwrap_or_default());
    let bytes = value.as_bytes();
    if bytes.len() == 6 && bytes.iter().all(u8::is_ascii_digit) && bytes[0] != b'0' {
        None
    } else {
        broken(FieldCode::PinInvalid, "ZIP Code must be exactly 6 digits")
    }
}

/// An Indian number as people write or paste it (`+91 98765 43210`, `091-98765-43210`,
/// `919876543210`, `098765 43210`) brought to its 10 digits. Anything else comes back with
/// only the separators taken out, so [`phone`] refuses it instead of guessing: the number
/// stored is always the number the person gave.
pub fn normalise_phone(value: &str) -> String {
    let d: String = value
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '(' | ')' | '.'))
        .collect();
    if let Some(rest) = d.strip_prefix("+91") {
        rest.to_string()
    } else if let Some(rest) = d.strip_prefix("0091") {
        rest.to_string()
    } else if d.len() == 12 && d.starts_with("91") {
        d[2..].to_string()
    } else if d.len() == 11 && d.starts_with('0') {
        d[1..].to_string()
    } else {
        d
    }
}

/// Indian mobile number: 10 digits starting with 6 to 9, once normalised.
pub fn phone(value: Option<&str>) -> Option<Broken> {
    if blank(value) {
        return broken(FieldCode::PhoneRequired, "Phone number is required");
    }
    let value = normalise_phone(value.unwrap_or_default());
    if value.len() != 10 || !value.chars().all(|c| c.is_ascii_digit()) {
        broken(
            FieldCode::PhoneNotTenDigits,
            "Phone number must be exactly 10 digits",
        )
    } else if !matches!(value.as_bytes()[0], b'6'..=b'9') {
        broken(
            FieldCode::PhoneInvalid,
            "Please enter a valid 10-digit Indian mobile number starting with 6-9",
        )
    } else {
        None
    }
}

/// The 28 states and 8 union territories, one a line (a data file, shared in spirit with
/// the web app's select; a test keeps the two lists equal).
const STATES_AND_UTS: &str = include_str!("data/indian-states.txt");

pub fn states_and_uts() -> impl Iterator<Item = &'static str> {
    STATES_AND_UTS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The delivery State/UT must be one of the 36 (spelt as in the list, any letter case).
pub fn state_or_ut(value: Option<&str>) -> Option<Broken> {
    let value = value.unwrap_or_default().trim();
    if states_and_uts().any(|s| s.eq_ignore_ascii_case(value)) {
        None
    } else {
        broken(
            FieldCode::StateNotListed,
            "Please choose your State or Union Territory from the list",
        )
    }
}

/// The list's own spelling of a State/UT (so "maharashtra" is stored as "Maharashtra").
pub fn canonical_state(value: &str) -> String {
    let value = value.trim();
    states_and_uts()
        .find(|s| s.eq_ignore_ascii_case(value))
        .unwrap_or(value)
        .to_string()
}

/// Optional landmark: at most 100 characters.
pub fn landmark(value: Option<&str>) -> Option<Broken> {
    match value {
        Some(v) if v.trim().chars().count() > 100 => broken(
            FieldCode::LandmarkTooLong,
            "Landmark cannot exceed 100 characters",
        ),
        _ => None,
    }
}

/// Optional recipient: when given, a name by the sign-up rules.
pub fn recipient_name(value: Option<&str>) -> Option<Broken> {
    match value.map(str::trim) {
        Some(v) if !v.is_empty() => person_name(Some(v)),
        _ => None,
    }
}

#[cfg(test)]
mod indian_address_tests {
    use super::*;

    #[test]
    fn phone_numbers_written_the_indian_way_are_their_ten_digits() {
        for typed in [
            "+91 98765 43210",
            "+91-98765-43210",
            "919876543210",
            "09876543210",
            "0091 98765 43210",
            "(+91) 98765-43210",
            " 98765 43210 ",
        ] {
            assert_eq!(normalise_phone(typed), "9876543210", "{typed}");
            assert_eq!(phone(Some(typed)), None, "{typed}");
        }
        // A real number starting 91 is not cut down; an extra digit or a foreign code is refused.
        assert_eq!(normalise_phone("9198765432"), "9198765432");
        assert!(phone(Some("+91 98765 432101")).is_some());
        assert!(phone(Some("+44 7911 123456")).is_some());
        assert!(phone(Some("98765abcde")).is_some());
    }

    #[test]
    fn pin_codes_have_six_digits_and_never_start_with_zero() {
        assert_eq!(zip_code(Some("411001")), None);
        assert_eq!(zip_code(Some("411 001")), None);
        assert_eq!(normalise_pin("411 001"), "411001");
        assert!(zip_code(Some("011001")).is_some());
        assert!(zip_code(Some("41100")).is_some());
    }

    #[test]
    fn states_come_from_the_list_of_36() {
        assert_eq!(states_and_uts().count(), 36);
        assert_eq!(state_or_ut(Some("Maharashtra")), None);
        assert_eq!(state_or_ut(Some("tamil nadu")), None);
        assert_eq!(canonical_state("tamil nadu"), "Tamil Nadu");
        assert!(state_or_ut(Some("Bombay State")).is_some());
        // The web app's select offers exactly the same list.
        let web: Vec<String> =
            serde_json::from_str(include_str!("../../../web/src/lib/data/indian-states.json"))
                .unwrap();
        assert_eq!(web, states_and_uts().collect::<Vec<_>>());
    }

    #[test]
    fn landmark_and_recipient_are_optional() {
        assert_eq!(landmark(None), None);
        assert!(landmark(Some(&"x".repeat(101))).is_some());
        assert_eq!(recipient_name(Some("")), None);
        assert_eq!(recipient_name(Some("Asha Verma")), None);
        assert!(recipient_name(Some("R2D2")).is_some());
    }
}

/// Profile address fields have no format rules (spec), only a sane length.
pub fn profile_address_field(value: Option<&str>) -> Option<Broken> {
    match value {
        Some(v) if v.chars().count() > 200 => broken(
            FieldCode::AddressFieldTooLong,
            "Address fields cannot exceed 200 characters",
        ),
        _ => None,
    }
}

/// The admin plant form, as text fields straight from the multipart body.
#[derive(Debug, Default, Clone)]
pub struct PlantForm {
    pub name: Option<String>,
    pub description: Option<String>,
    pub price: Option<String>,
    pub original_price: Option<String>,
    pub stock: Option<String>,
    pub categories: Vec<String>,
}

/// A plant that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidPlant {
    pub name: String,
    pub description: String,
    pub price: i64,
    pub original_price: Option<i64>,
    pub stock: i64,
    pub categories: Vec<String>,
}

/// Checks the admin form and reports every failed rule together.
pub fn plant_form(form: &PlantForm, errors: &mut Errors) -> Option<ValidPlant> {
    let name = form.name.as_deref().map(str::trim).unwrap_or_default();
    let name_len = name.chars().count();
    if name.is_empty() {
        errors.push(
            "name",
            FieldCode::PlantNameRequired,
            "Plant name is required",
        );
    } else if !(2..=100).contains(&name_len) {
        errors.push(
            "name",
            FieldCode::PlantNameLength,
            "Plant name must be between 2 and 100 characters",
        );
    } else if !name
        .chars()
        .all(|c| is_letter(c) || c == ' ' || c == '-' || c == '\'')
        || name.contains("  ")
    {
        errors.push(
            "name",
            FieldCode::PlantNameCharacters,
            "Plant name can only contain letters, spaces, hyphens and apostrophes",
        );
    }

    let description = form
        .description
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    let description_len = description.chars().count();
    if description.is_empty() {
        errors.push(
            "description",
            FieldCode::DescriptionRequired,
            "Description is required",
        );
    } else if !(10..=1000).contains(&description_len) {
        errors.push(
            "description",
            FieldCode::DescriptionLength,
            "Description must be between 10 and 1000 characters",
        );
    } else if description.contains('\0') {
        // PostgreSQL cannot store U+0000; SQLite could, so both refuse it.
        errors.push(
            "description",
            FieldCode::DescriptionNul,
            "Description cannot contain NUL characters",
        );
    }

    let price = whole_number(
        form.price.as_deref(),
        "price",
        [
            (FieldCode::PriceRequired, "Price is required"),
            (FieldCode::PriceNotWhole, "Price must be a whole number"),
        ],
        errors,
    );
    if let Some(p) = price {
        if !(1..=PRICE_MAX).contains(&p) {
            errors.push(
                "price",
                FieldCode::PriceOutOfRange,
                "Price must be between 1 and 999,999",
            );
        }
    }

    let original_price = match form.original_price.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => match parse_whole(raw) {
            None => {
                errors.push(
                    "originalPrice",
                    FieldCode::OriginalPriceNotWhole,
                    "Original price must be a whole number",
                );
                None
            }
            Some(op) => {
                if op > PRICE_MAX {
                    errors.push(
                        "originalPrice",
                        FieldCode::OriginalPriceTooHigh,
                        "Original price cannot exceed 999,999",
                    );
                } else if price.is_some_and(|p| op < p) {
                    errors.push(
                        "originalPrice",
                        FieldCode::OriginalPriceBelowPrice,
                        "Original price must be greater than or equal to the price",
                    );
                }
                Some(op)
            }
        },
    };

    let stock = whole_number(
        form.stock.as_deref(),
        "stock",
        [
            (FieldCode::StockRequired, "Stock is required"),
            (FieldCode::StockNotWhole, "Stock must be a whole number"),
        ],
        errors,
    );
    if let Some(s) = stock {
        if !(0..=STOCK_MAX).contains(&s) {
            errors.push(
                "stock",
                FieldCode::StockOutOfRange,
                "Stock must be between 0 and 10,000",
            );
        }
    }

    let mut categories: Vec<String> = Vec::new();
    for raw in &form.categories {
        let c = raw.trim();
        // A blank entry (an empty checkbox value, a trailing comma) names no category; if
        // nothing else is chosen the "select at least one" message below says so.
        if c.is_empty() {
            continue;
        }
        match CATEGORIES.iter().find(|k| k.eq_ignore_ascii_case(c)) {
            Some(known) if !categories.iter().any(|x| x == known) => {
                categories.push(known.to_string())
            }
            Some(_) => {}
            None => errors.push(
                "categories",
                FieldCode::CategoryUnknown,
                format!("Unknown category: {c}"),
            ),
        }
    }
    if categories.is_empty() && form.categories.iter().all(|c| c.trim().is_empty()) {
        errors.push(
            "categories",
            FieldCode::CategoriesRequired,
            "Please select at least one category",
        );
    } else if categories.len() > 5 {
        errors.push(
            "categories",
            FieldCode::CategoriesTooMany,
            "Cannot select more than 5 categories",
        );
    }

    if !errors.is_empty() {
        return None;
    }
    Some(ValidPlant {
        name: name.to_string(),
        description: description.to_string(),
        price: price?,
        original_price,
        stock: stock?,
        categories,
    })
}

/// A required whole number; `[missing, not_whole]` are the field's two broken rules.
fn whole_number(
    raw: Option<&str>,
    field: &str,
    [missing, not_whole]: [(FieldCode, &'static str); 2],
    errors: &mut Errors,
) -> Option<i64> {
    match raw.map(str::trim) {
        None | Some("") => {
            errors.push(field, missing.0, missing.1);
            None
        }
        Some(raw) => {
            let parsed = parse_whole(raw);
            if parsed.is_none() {
                errors.push(field, not_whole.0, not_whole.1);
            }
            parsed
        }
    }
}

/// A whole number as people type it; "12.0" counts, "12.5" and "1e3" do not.
fn parse_whole(raw: &str) -> Option<i64> {
    let digits = raw.strip_suffix(".0").unwrap_or(raw);
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    let (negative, body) = match digits.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, digits),
    };
    if body.is_empty() || !body.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let value: i64 = body.parse().ok()?;
    Some(if negative { -value } else { value })
}

/// A cart quantity: at least one (the stock and the shop's per-plant limit are checked
/// where the plant is known).
pub fn quantity(value: i64) -> Option<Broken> {
    (value < 1).then_some(Broken {
        code: FieldCode::QuantityTooLow,
        message: "Quantity must be at least 1",
    })
}

/// A star rating from 1 to 5.
pub fn rating(value: Option<i64>) -> Option<Broken> {
    match value {
        None | Some(0) => broken(FieldCode::RatingRequired, "Please select a rating"),
        Some(1..=5) => None,
        Some(_) => broken(
            FieldCode::RatingOutOfRange,
            "Rating must be between 1 and 5",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentence of a rule's outcome (the shared table checks the codes).
    fn said(outcome: Option<Broken>) -> Option<&'static str> {
        outcome.map(|b| b.message)
    }

    #[test]
    fn emails_follow_the_spec_pattern() {
        for ok in [
            "a@b.in",
            "priya.sharma@example.co.in",
            "x+y@mail-box.com",
            "A.B@C.IO",
        ] {
            assert_eq!(said(email(Some(ok))), None, "{ok}");
        }
        for bad in [
            "",
            "ab",
            "a@b",
            "a@b.c",
            "a b@c.in",
            "a..b@c.in",
            "a@.c.in",
            "a@c.in.",
            "a@c..in",
            "a@c.1n",
            "@c.in",
        ] {
            assert!(email(Some(bad)).is_some(), "{bad}");
        }
        assert_eq!(said(email(None)), Some("Email is required"));
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(
            said(email(Some(&long))),
            Some("Enter a valid email address")
        );
    }

    #[test]
    fn passwords_need_all_four_kinds() {
        assert_eq!(said(new_password(Some("Garden@2025"))), None);
        for weak in [
            "garden@2025",
            "GARDEN@2025",
            "Garden@abc",
            "Garden2025",
            "G@1a",
        ] {
            assert_eq!(
                said(new_password(Some(weak))),
                Some(PASSWORD_RULE_MESSAGE),
                "{weak}"
            );
        }
        assert_eq!(said(new_password(Some(""))), Some("Password is required"));
        for hidden in ["Aa1@      x", "Ab1@\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}", "Garden@2025\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}"] {
            assert!(
                said(new_password(Some(hidden))).is_some_and(|m| m.contains("visible")),
                "{hidden:?}"
            );
        }
        assert_eq!(said(new_password(Some("My Garden@2025"))), None);
        assert_eq!(
            said(changed_password(Some("Ab@1"))),
            Some("Password must be at least 6 characters")
        );
        assert_eq!(
            said(changed_password(Some("abcdefg"))),
            Some(PASSWORD_RULE_MESSAGE)
        );
    }

    #[test]
    fn names_allow_letters_of_any_script() {
        for ok in ["Priya Sharma", "D'Souza", "Anne-Marie", "प्रिया शर्मा", "Jo"]
        {
            assert_eq!(said(person_name(Some(ok))), None, "{ok}");
        }
        assert_eq!(said(person_name(Some("   "))), Some("Name is required"));
        assert_eq!(
            said(person_name(Some(" Priya"))),
            Some("Name cannot start or end with a space")
        );
        assert_eq!(
            said(person_name(Some("Priya  S"))),
            Some("Name cannot contain consecutive spaces")
        );
        assert_eq!(
            said(person_name(Some("R2D2"))),
            Some("Name can only contain letters, spaces, apostrophes and hyphens")
        );
        assert_eq!(
            said(person_name(Some("P"))),
            Some("Name must be at least 2 characters")
        );
        assert_eq!(
            said(person_name(Some(&"a".repeat(51)))),
            Some("Name cannot exceed 50 characters")
        );
    }

    #[test]
    fn phone_and_zip_rules() {
        assert_eq!(said(phone(Some("9876543210"))), None);
        assert_eq!(
            said(phone(Some("5876543210"))),
            Some("Please enter a valid 10-digit Indian mobile number starting with 6-9")
        );
        assert_eq!(
            said(phone(Some("98765"))),
            Some("Phone number must be exactly 10 digits")
        );
        assert_eq!(
            said(phone(Some("98765abcde"))),
            Some("Phone number must be exactly 10 digits")
        );
        assert_eq!(said(zip_code(Some("560001"))), None);
        assert_eq!(
            said(zip_code(Some("5600"))),
            Some("ZIP Code must be exactly 6 digits")
        );
        assert_eq!(
            said(place(Some("Pune 2"), Place::City)),
            Some("City name can only contain letters and spaces")
        );
        assert_eq!(
            said(place(Some("K"), Place::State)),
            Some("State name must be at least 2 characters")
        );
        assert_eq!(
            said(street(Some("short"))),
            Some("Street address must be at least 10 characters")
        );
    }

    #[test]
    fn plant_form_reports_every_rule_together() {
        let form = PlantForm {
            name: Some("X".into()),
            description: Some("short".into()),
            price: Some("12.5".into()),
            original_price: Some("abc".into()),
            stock: Some("10001".into()),
            categories: vec![],
        };
        let mut errors = Errors::default();
        assert!(plant_form(&form, &mut errors).is_none());
        let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "name",
                "description",
                "price",
                "originalPrice",
                "stock",
                "categories"
            ]
        );
    }

    #[test]
    fn plant_form_accepts_a_good_plant_and_dedups_categories() {
        let form = PlantForm {
            name: Some("Snake Plant".into()),
            description: Some("Hardy upright plant for any room.".into()),
            price: Some("299".into()),
            original_price: Some("399".into()),
            stock: Some("0".into()),
            categories: vec!["indoor".into(), "Indoor".into(), "Succulents".into()],
        };
        let mut errors = Errors::default();
        let plant = plant_form(&form, &mut errors).expect("valid");
        assert_eq!(plant.categories, ["Indoor", "Succulents"]);
        assert_eq!(plant.original_price, Some(399));
    }

    #[test]
    fn original_price_must_not_be_below_price() {
        let form = PlantForm {
            name: Some("Jade Plant".into()),
            description: Some("A succulent with coin-like leaves.".into()),
            price: Some("500".into()),
            original_price: Some("400".into()),
            stock: Some("3".into()),
            categories: vec!["Succulents".into()],
        };
        let mut errors = Errors::default();
        assert!(plant_form(&form, &mut errors).is_none());
        assert_eq!(
            errors.as_slice()[0].message,
            "Original price must be greater than or equal to the price"
        );
        assert_eq!(
            errors.as_slice()[0].code,
            FieldCode::OriginalPriceBelowPrice
        );
    }
}
