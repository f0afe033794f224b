//! Property tests of the pure rules: generated valid input is accepted, generated invalid
//! input is refused with the message the contract gives for the rule it breaks. The
//! example tests in `domain::validation` pin single cases; these sweep the space around them.

use hariyali::domain::form_errors::Errors;
use hariyali::domain::orders::OrderStatus;
use hariyali::domain::validation::{PlantForm, CATEGORIES};
use hariyali::error::ApiError;
use proptest::prelude::*;
use proptest::sample::select;

// ---------------------------------------------------------------------------- helpers

/// The rules as their sentences: these properties are about the messages (the shared table,
/// `validation_table.rs`, checks each case's code as well).
mod rules {
    use hariyali::domain::form_errors::Broken;
    use hariyali::domain::validation::{self as v, Place};
    pub use hariyali::domain::validation::{
        normalise_phone, plant_form, PASSWORD_RULE_MESSAGE, PRICE_MAX, STOCK_MAX,
    };

    fn said(outcome: Option<Broken>) -> Option<&'static str> {
        outcome.map(|b| b.message)
    }

    macro_rules! sentences {
        ($($name:ident($arg:ty)),* $(,)?) => {
            $(pub fn $name(value: $arg) -> Option<&'static str> {
                said(v::$name(value))
            })*
        };
    }
    sentences!(
        changed_password(Option<&str>),
        email(Option<&str>),
        new_password(Option<&str>),
        person_name(Option<&str>),
        phone(Option<&str>),
        profile_address_field(Option<&str>),
        rating(Option<i64>),
        street(Option<&str>),
        zip_code(Option<&str>),
    );

    /// `which` is "City" or "State", as the messages begin.
    pub fn place(value: Option<&str>, which: &str) -> Option<&'static str> {
        let which = if which == "City" {
            Place::City
        } else {
            Place::State
        };
        said(v::place(value, which))
    }
}

/// Spaces, tabs and newlines a form may carry around a value; the rules trim them.
fn padding() -> impl Strategy<Value = String> {
    "[ \t\n]{0,3}"
}

fn padded(value: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (padding(), value, padding()).prop_map(|(a, v, b)| format!("{a}{v}{b}"))
}

/// Whitespace only (including nothing): every required field calls it missing.
fn blank() -> impl Strategy<Value = String> {
    "[ \t\n]{0,6}"
}

/// Inserts `what` at a char boundary chosen by `at` (taken modulo the length).
fn insert_at(value: &str, at: usize, what: &str) -> String {
    let boundaries: Vec<usize> = value
        .char_indices()
        .map(|(i, _)| i)
        .chain([value.len()])
        .collect();
    let i = boundaries[at % boundaries.len()];
    format!("{}{what}{}", &value[..i], &value[i..])
}

/// The (field, message) pairs a plant form is refused with, in order.
fn plant_errors(form: &PlantForm) -> Vec<(String, String)> {
    let mut errors = Errors::default();
    let valid = rules::plant_form(form, &mut errors);
    match errors.into_result().map_err(ApiError::from) {
        Ok(()) => {
            assert!(valid.is_some(), "no errors but no plant");
            Vec::new()
        }
        Err(ApiError::BadRequest { errors, .. }) => {
            assert!(valid.is_none(), "errors but a plant: {errors:?}");
            errors.into_iter().map(|e| (e.field, e.message)).collect()
        }
        Err(other) => panic!("unexpected error kind: {other:?}"),
    }
}

fn messages_for(errors: &[(String, String)], field: &str) -> Vec<String> {
    errors
        .iter()
        .filter(|(f, _)| f == field)
        .map(|(_, m)| m.clone())
        .collect()
}

// ---------------------------------------------------------------------------- email

/// A local part: dot-separated runs of the allowed characters (never two dots together,
/// never a dot at either end).
fn email_local() -> impl Strategy<Value = String> {
    prop::collection::vec("[A-Za-z0-9_%+'-]{1,8}", 1..4).prop_map(|parts| parts.join("."))
}

/// A domain: labels of letters, digits and inner hyphens, then a letters-only TLD.
fn email_domain() -> impl Strategy<Value = String> {
    (
        prop::collection::vec("[A-Za-z0-9]([A-Za-z0-9-]{0,8}[A-Za-z0-9])?", 1..4),
        "[A-Za-z]{2,8}",
    )
        .prop_map(|(labels, tld)| format!("{}.{tld}", labels.join(".")))
}

fn valid_email() -> impl Strategy<Value = String> {
    (email_local(), email_domain()).prop_map(|(l, d)| format!("{l}@{d}"))
}

const BAD_EMAIL: Option<&str> = Some("Enter a valid email address");

proptest! {
    #[test]
    fn generated_emails_are_accepted(email in padded(valid_email())) {
        prop_assert_eq!(rules::email(Some(&email)), None);
    }

    #[test]
    fn blank_emails_are_required(email in blank()) {
        prop_assert_eq!(rules::email(Some(&email)), Some("Email is required"));
        prop_assert_eq!(rules::email(None), Some("Email is required"));
    }

    #[test]
    fn emails_without_exactly_the_shape_are_refused(
        (local, domain) in (email_local(), email_domain()),
        at in any::<usize>(),
        breakage in 0..7u8,
        junk in "[ !#$^&*()=~`,;:<>?/\\\\\\[\\]{}|\"]",
        digit in "[0-9]",
    ) {
        let email = format!("{local}@{domain}");
        let broken = match breakage {
            // No @ at all.
            0 => format!("{local}{domain}"),
            // A space (or other forbidden character) anywhere inside.
            1 => insert_at(&email, 1 + at % (email.len() - 1), &junk),
            // Two dots together.
            2 => email.replacen('.', "..", 1),
            // Domain starting or ending with a dot.
            3 => format!("{local}@.{domain}"),
            4 => format!("{local}@{domain}."),
            // A TLD with a digit in it.
            5 => format!("{email}{digit}"),
            // Longer than 255 characters.
            _ => format!("{}@{domain}", local.repeat(1 + 256 / local.len())),
        };
        prop_assert_eq!(rules::email(Some(&broken)), BAD_EMAIL, "{}", broken);
    }
}

// ---------------------------------------------------------------------------- passwords

/// Characters a strong password mixes: one of each kind, then filler, shuffled.
fn strong_password(len: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = String> {
    (
        "[a-z]",
        "[A-Z]",
        "[0-9]",
        "[!@#$%^&*()_+=\\-\\[\\]{};:,.<>/?~]",
        prop::collection::vec("[a-zA-Z0-9@#!]", len),
    )
        .prop_flat_map(|(l, u, d, s, filler)| {
            let mut chars: Vec<char> = [l, u, d, s].concat().chars().collect();
            chars.extend(filler.concat().chars());
            Just(chars).prop_shuffle()
        })
        .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #[test]
    fn strong_passwords_are_accepted(password in strong_password(4..=251)) {
        prop_assert_eq!(rules::new_password(Some(&password)), None);
        prop_assert_eq!(rules::changed_password(Some(&password)), None);
    }

    #[test]
    fn passwords_missing_a_kind_are_refused(
        password in strong_password(4..=60),
        missing in 0..4u8,
    ) {
        // Drop every character of one kind; pad back to length with another kind.
        let keep = |c: &char| match missing {
            0 => !c.is_ascii_lowercase(),
            1 => !c.is_ascii_uppercase(),
            2 => !c.is_ascii_digit(),
            _ => c.is_ascii_alphanumeric(),
        };
        let mut weak: String = password.chars().filter(keep).collect();
        let pad = if missing == 0 { 'X' } else { 'x' };
        while weak.chars().count() < 8 {
            weak.push(pad);
        }
        prop_assert_eq!(
            rules::new_password(Some(&weak)),
            Some(rules::PASSWORD_RULE_MESSAGE),
            "{}", weak
        );
    }

    #[test]
    fn short_passwords_are_refused(password in strong_password(0..=3)) {
        // Four to seven characters: long enough to change to, too short to be strong.
        prop_assert_eq!(
            rules::new_password(Some(&password)),
            Some(rules::PASSWORD_RULE_MESSAGE)
        );
        let tiny: String = password.chars().take(5).collect();
        prop_assert_eq!(
            rules::changed_password(Some(&tiny)),
            Some("Password must be at least 6 characters")
        );
    }

    #[test]
    fn overlong_passwords_are_refused(password in strong_password(252..=400)) {
        prop_assert_eq!(
            rules::new_password(Some(&password)),
            Some("Password cannot exceed 255 characters")
        );
    }
}

#[test]
fn missing_passwords_are_required() {
    assert_eq!(rules::new_password(None), Some("Password is required"));
    assert_eq!(rules::new_password(Some("")), Some("Password is required"));
    assert_eq!(
        rules::changed_password(None),
        Some("New password is required")
    );
}

// ---------------------------------------------------------------------------- names

/// A word of a name: Latin (with accents), Devanagari or Tamil letters, apostrophes and
/// hyphens.
fn name_word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-zÀ-ÖØ-öø-ÿ'-]{1,12}",
        "[\u{0905}-\u{0939}\u{093E}-\u{094D}]{1,8}",
        "[\u{0B85}-\u{0BB9}\u{0BBE}-\u{0BCD}]{1,8}",
    ]
}

fn valid_person_name() -> impl Strategy<Value = String> {
    prop::collection::vec(name_word(), 1..5)
        .prop_map(|words| words.join(" "))
        .prop_filter("2 to 50 characters", |n| {
            (2..=50).contains(&n.chars().count())
        })
}

proptest! {
    #[test]
    fn generated_names_are_accepted(name in valid_person_name()) {
        prop_assert_eq!(rules::person_name(Some(&name)), None, "{}", name);
    }

    #[test]
    fn names_break_each_rule_with_its_message(
        name in valid_person_name(),
        at in any::<usize>(),
        bad in "[0-9@#$%&*_.,!?/]",
        case in 0..6u8,
    ) {
        let (broken, message) = match case {
            0 => (format!(" {name}"), "Name cannot start or end with a space"),
            1 => (format!("{name} "), "Name cannot start or end with a space"),
            2 => (format!("{name}  {name}"), "Name cannot contain consecutive spaces"),
            3 => (insert_at(&name, at, &bad), "Name can only contain letters, spaces, apostrophes and hyphens"),
            4 => (name.chars().take(1).collect(), "Name must be at least 2 characters"),
            _ => (
                std::iter::repeat_n(name.replace(' ', "-"), 51).collect::<Vec<_>>().join("-"),
                "Name cannot exceed 50 characters",
            ),
        };
        let got = rules::person_name(Some(&broken));
        // A one-character name made of a mark alone is still "too short", never accepted.
        prop_assert_eq!(got, Some(message), "{:?}", broken);
    }

    #[test]
    fn blank_names_are_required(name in blank()) {
        prop_assert_eq!(rules::person_name(Some(&name)), Some("Name is required"));
    }
}

// ---------------------------------------------------------------------------- address

proptest! {
    #[test]
    fn phones_follow_the_indian_mobile_rule(
        good in padded("[6-9][0-9]{9}"),
        wrong_start in "[0-5][0-9]{9}",
        // Not 10 digits, and not an Indian way of writing 10 (0 + 10 or 91 + 10 digits).
        wrong_length in "[0-9]{1,9}|[1-8][0-9]{10}|[1-8][0-9]{12,15}",
        digits in "[6-9][0-9]{9}",
        at in any::<usize>(),
        junk in "[a-zA-Z+() .-]",
    ) {
        prop_assert_eq!(rules::phone(Some(&good)), None);
        // "0091…" is the international prefix, read as such (then too short): not a number
        // with a wrong first digit.
        prop_assume!(!wrong_start.starts_with("0091"));
        prop_assert_eq!(
            rules::phone(Some(&wrong_start)),
            Some("Please enter a valid 10-digit Indian mobile number starting with 6-9")
        );
        prop_assert_eq!(
            rules::phone(Some(&wrong_length)),
            Some("Phone number must be exactly 10 digits")
        );
        // A character that is not a digit, in place of one of the ten.
        let mut chars: Vec<char> = digits.chars().collect();
        chars[at % 10] = junk.chars().next().unwrap_or('x');
        let with_junk: String = chars.into_iter().collect();
        prop_assert_eq!(
            rules::phone(Some(&with_junk)),
            Some("Phone number must be exactly 10 digits")
        );
    }

    #[test]
    fn phones_written_the_indian_way_normalise_to_the_same_ten_digits(
        digits in "[6-9][0-9]{9}",
        prefix in select(vec!["+91", "+91 ", "91", "0", "0091 ", "+91-", ""]),
        gap in select(vec!["", " ", "-"]),
    ) {
        let written = format!("{prefix}{}{gap}{}", &digits[..5], &digits[5..]);
        prop_assert_eq!(rules::phone(Some(&written)), None);
        prop_assert_eq!(rules::normalise_phone(&written), digits);
    }

    #[test]
    fn zip_codes_are_six_digits(
        good in padded("[1-9][0-9]{5}"),
        wrong_length in "[0-9]{1,5}|[0-9]{7,12}",
        with_letter in "[0-9]{0,5}[A-Za-z][0-9]{0,5}",
        missing in blank(),
    ) {
        prop_assert_eq!(rules::zip_code(Some(&good)), None);
        prop_assert_eq!(rules::zip_code(Some(&wrong_length)), Some("ZIP Code must be exactly 6 digits"));
        prop_assert_eq!(rules::zip_code(Some(&with_letter)), Some("ZIP Code must be exactly 6 digits"));
        prop_assert_eq!(rules::zip_code(Some(&missing)), Some("ZIP Code is required"));
        // No PIN code starts with 0.
        let leading_zero = format!("0{}", &good.trim()[1..]);
        prop_assert_eq!(rules::zip_code(Some(&leading_zero)), Some("ZIP Code must be exactly 6 digits"));
    }

    #[test]
    fn cities_and_states_are_letters_and_spaces(
        words in prop::collection::vec("[A-Za-z\u{0905}-\u{0939}]{1,10}", 1..4),
        which in select(vec!["City", "State"]),
        at in any::<usize>(),
        bad in "[0-9,.#/&-]",
    ) {
        let place = words.join(" ");
        let len = place.chars().count();
        let got = rules::place(Some(&place), which);
        let expected = if len < 2 {
            Some(format!("{which} name must be at least 2 characters"))
        } else {
            None
        };
        prop_assert_eq!(got.map(str::to_string), expected);

        let with_bad = insert_at(&place, at, &bad);
        prop_assert_eq!(
            rules::place(Some(&with_bad), which).map(str::to_string),
            Some(format!("{which} name can only contain letters and spaces"))
        );
        let long = format!("{} {}", "A".repeat(50), place);
        prop_assert_eq!(
            rules::place(Some(&long), which).map(str::to_string),
            Some(format!("{which} name cannot exceed 50 characters"))
        );
        prop_assert_eq!(
            rules::place(Some("  "), which).map(str::to_string),
            Some(format!("{which} is required"))
        );
    }

    #[test]
    fn streets_are_ten_to_two_hundred_characters(street in padded("[^\\s][^\\r\\n]{0,240}[^\\s]")) {
        let len = street.trim().chars().count();
        let expected = if len < 10 {
            Some("Street address must be at least 10 characters")
        } else if len > 200 {
            Some("Street address cannot exceed 200 characters")
        } else {
            None
        };
        prop_assert_eq!(rules::street(Some(&street)), expected, "{}", len);
    }

    #[test]
    fn profile_address_fields_only_cap_the_length(value in ".{0,260}") {
        let expected = (value.chars().count() > 200).then_some("Address fields cannot exceed 200 characters");
        prop_assert_eq!(rules::profile_address_field(Some(&value)), expected);
    }
}

// ---------------------------------------------------------------------------- plant form

/// A plant name: words of letters, hyphens and apostrophes, single spaces, 2 to 100.
fn plant_name() -> impl Strategy<Value = String> {
    prop::collection::vec("[A-Za-z\u{0905}-\u{0939}'-]{1,15}", 1..8)
        .prop_map(|w| w.join(" "))
        .prop_filter("2 to 100 characters", |n| {
            (2..=100).contains(&n.chars().count())
        })
}

fn description() -> impl Strategy<Value = String> {
    "[A-Za-z0-9 ,.!]{10,300}".prop_filter("10 or more after trimming", |d| {
        d.trim().chars().count() >= 10
    })
}

/// A whole number as people type it: optional spaces, optional ".0".
fn typed(n: i64) -> impl Strategy<Value = String> {
    (padding(), any::<bool>(), padding())
        .prop_map(move |(a, dot_zero, b)| format!("{a}{n}{}{b}", if dot_zero { ".0" } else { "" }))
}

/// Categories as an admin might send them: any case, surrounding spaces, repeats.
fn categories(
    distinct: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (Vec<String>, Vec<String>)> {
    prop::sample::subsequence(CATEGORIES.to_vec(), distinct)
        .prop_flat_map(|picked| {
            let n = picked.len();
            (
                Just(picked),
                prop::collection::vec((0..n, any::<bool>(), padding()), n..n * 3),
            )
        })
        .prop_map(|(picked, extra)| {
            // Every picked category once in a shuffled order decided by `extra`, then repeats.
            let mut sent: Vec<String> = Vec::new();
            let mut order: Vec<&str> = Vec::new();
            for (i, upper, pad) in &extra {
                let c = picked[*i];
                if !order.contains(&c) {
                    order.push(c);
                }
                let cased = if *upper {
                    c.to_uppercase()
                } else {
                    c.to_lowercase()
                };
                sent.push(format!("{pad}{cased}{pad}"));
            }
            for c in &picked {
                if !order.contains(c) {
                    order.push(c);
                    sent.push(c.to_string());
                }
            }
            (sent, order.into_iter().map(str::to_string).collect())
        })
}

#[derive(Debug, Clone)]
struct GoodPlant {
    form: PlantForm,
    price: i64,
    original_price: Option<i64>,
    stock: i64,
    categories: Vec<String>,
}

fn good_plant() -> impl Strategy<Value = GoodPlant> {
    (
        1..=rules::PRICE_MAX,
        0..=rules::STOCK_MAX,
        prop::option::of(0..=rules::PRICE_MAX),
    )
        .prop_flat_map(|(price, stock, op)| {
            // An original price, when given, lies between the price and the cap.
            let original = op.map(|o| price + o % (rules::PRICE_MAX - price + 1));
            (
                Just((price, stock, original)),
                plant_name(),
                description(),
                typed(price),
                typed(stock),
                match original {
                    Some(o) => typed(o).prop_map(Some).boxed(),
                    None => prop_oneof![Just(None), blank().prop_map(Some)].boxed(),
                },
                categories(1..=5),
            )
        })
        .prop_map(
            |((price, stock, original_price), name, description, p, s, op, (sent, normalised))| {
                GoodPlant {
                    form: PlantForm {
                        name: Some(name),
                        description: Some(description),
                        price: Some(p),
                        original_price: op,
                        stock: Some(s),
                        categories: sent,
                    },
                    price,
                    original_price,
                    stock,
                    categories: normalised,
                }
            },
        )
}

proptest! {
    #[test]
    fn generated_plants_are_accepted_as_typed(good in good_plant()) {
        let mut errors = Errors::default();
        let plant = rules::plant_form(&good.form, &mut errors);
        prop_assert!(errors.is_empty(), "{:?}", plant_errors(&good.form));
        let plant = plant.unwrap();
        prop_assert_eq!(plant.price, good.price);
        prop_assert_eq!(plant.stock, good.stock);
        prop_assert_eq!(plant.original_price, good.original_price);
        prop_assert_eq!(plant.categories, good.categories);
        prop_assert_eq!(Some(plant.name.as_str()), good.form.name.as_deref().map(str::trim));
    }

    #[test]
    fn prices_outside_the_range_are_refused(
        good in good_plant(),
        price in prop_oneof![-99_999_999_999i64..=0, rules::PRICE_MAX + 1..=999_999_999_999],
    ) {
        let mut form = good.form;
        form.price = Some(price.to_string());
        form.original_price = None;
        let errors = plant_errors(&form);
        prop_assert_eq!(messages_for(&errors, "price"), ["Price must be between 1 and 999,999"]);
        prop_assert_eq!(errors.len(), 1, "{:?}", errors);
    }

    #[test]
    fn numbers_that_are_not_whole_are_refused(
        good in good_plant(),
        raw in prop_oneof![
            "[0-9]{1,4}\\.[1-9][0-9]{0,2}",
            "[0-9]{1,3}e[0-9]",
            "[a-zA-Z]{1,6}",
            "[0-9]{13,16}",
            "\\+[0-9]{1,4}",
            "[0-9]{1,3} [0-9]{1,3}",
            "-",
        ],
        field in 0..3u8,
    ) {
        let mut form = good.form;
        let (name, message) = match field {
            0 => {
                form.price = Some(raw);
                form.original_price = None;
                ("price", "Price must be a whole number")
            }
            1 => {
                form.stock = Some(raw);
                ("stock", "Stock must be a whole number")
            }
            _ => {
                form.original_price = Some(raw);
                ("originalPrice", "Original price must be a whole number")
            }
        };
        let errors = plant_errors(&form);
        prop_assert_eq!(messages_for(&errors, name), [message]);
        prop_assert_eq!(errors.len(), 1, "{:?}", errors);
    }

    #[test]
    fn stock_outside_the_range_is_refused(
        good in good_plant(),
        stock in prop_oneof![-999_999i64..=-1, rules::STOCK_MAX + 1..=999_999_999],
    ) {
        let mut form = good.form;
        form.stock = Some(stock.to_string());
        let errors = plant_errors(&form);
        prop_assert_eq!(messages_for(&errors, "stock"), ["Stock must be between 0 and 10,000"]);
        prop_assert_eq!(errors.len(), 1);
    }

    #[test]
    fn original_price_below_price_or_over_the_cap_is_refused(
        good in good_plant().prop_filter("price above 1", |g| g.price > 1),
        below in any::<prop::sample::Index>(),
        over in rules::PRICE_MAX + 1..=99_999_999,
    ) {
        let mut form = good.form.clone();
        form.original_price = Some(below.index(good.price as usize).to_string());
        prop_assert_eq!(
            plant_errors(&form),
            [("originalPrice".to_string(), "Original price must be greater than or equal to the price".to_string())]
        );
        form.original_price = Some(over.to_string());
        prop_assert_eq!(
            plant_errors(&form),
            [("originalPrice".to_string(), "Original price cannot exceed 999,999".to_string())]
        );
    }

    #[test]
    fn names_and_descriptions_keep_their_bounds(
        good in good_plant(),
        at in any::<usize>(),
        bad in "[0-9@#$%&*_.,!?/()]",
        long_name in "[A-Za-z]{101,140}",
        short_text in "[A-Za-z ]{0,9}",
        long_text in "[A-Za-z]{1001,1100}",
    ) {
        let name_message = |form: &PlantForm| messages_for(&plant_errors(form), "name");
        let mut form = good.form.clone();
        form.name = Some(insert_at(form.name.as_deref().unwrap(), at, &bad));
        // Length is checked first: a 100-character name with one more is "too long".
        let expected = if form.name.as_deref().unwrap().chars().count() > 100 {
            "Plant name must be between 2 and 100 characters"
        } else {
            "Plant name can only contain letters, spaces, hyphens and apostrophes"
        };
        prop_assert_eq!(name_message(&form), [expected]);
        form.name = Some(format!("{}  {}", good.form.name.as_deref().unwrap(), "Fern"));
        if form.name.as_deref().unwrap().chars().count() <= 100 {
            prop_assert_eq!(name_message(&form), ["Plant name can only contain letters, spaces, hyphens and apostrophes"]);
        }
        form.name = Some(long_name);
        prop_assert_eq!(name_message(&form), ["Plant name must be between 2 and 100 characters"]);
        form.name = Some("   ".into());
        prop_assert_eq!(name_message(&form), ["Plant name is required"]);

        let mut form = good.form;
        let description_message = |form: &PlantForm| messages_for(&plant_errors(form), "description");
        let expected = if short_text.trim().is_empty() {
            "Description is required"
        } else {
            "Description must be between 10 and 1000 characters"
        };
        form.description = Some(short_text);
        prop_assert_eq!(description_message(&form), [expected]);
        form.description = Some(long_text);
        prop_assert_eq!(description_message(&form), ["Description must be between 10 and 1000 characters"]);
    }

    #[test]
    fn categories_must_be_known_and_at_most_five(
        good in good_plant(),
        unknown in "[A-Za-z]{3,12}".prop_filter("not a category", |c| {
            !CATEGORIES.iter().any(|k| k.eq_ignore_ascii_case(c))
        }),
        (all_six, _) in categories(6..=6),
    ) {
        let mut form = good.form.clone();
        form.categories.push(unknown.clone());
        prop_assert_eq!(
            messages_for(&plant_errors(&form), "categories"),
            [format!("Unknown category: {unknown}")]
        );
        form.categories = all_six;
        prop_assert_eq!(
            messages_for(&plant_errors(&form), "categories"),
            ["Cannot select more than 5 categories"]
        );
        // Blank entries (an empty checkbox value, a trailing comma) count as nothing.
        form.categories = vec![" ".into(), String::new()];
        prop_assert_eq!(
            messages_for(&plant_errors(&form), "categories"),
            ["Please select at least one category"]
        );
        form.categories.clear();
        prop_assert_eq!(
            messages_for(&plant_errors(&form), "categories"),
            ["Please select at least one category"]
        );
    }

    #[test]
    fn ratings_are_one_to_five(r in any::<i64>()) {
        let expected = match r {
            0 => Some("Please select a rating"),
            1..=5 => None,
            _ => Some("Rating must be between 1 and 5"),
        };
        prop_assert_eq!(rules::rating(Some(r)), expected);
        prop_assert_eq!(rules::rating(None), Some("Please select a rating"));
    }
}

// ---------------------------------------------------------------------------- order states

use OrderStatus::*;

/// The spec's table (section 4), written out independently of `domain::orders`.
const SPEC_ADMIN_MOVES: [(OrderStatus, OrderStatus); 5] = [
    (Pending, Processing),
    (Pending, Cancelled),
    (Processing, Shipped),
    (Processing, Cancelled),
    (Shipped, Delivered),
];

#[derive(Debug, Clone, Copy)]
enum Move {
    Admin(OrderStatus),
    CustomerCancel,
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(
        prop_oneof![
            select(OrderStatus::ALL.to_vec()).prop_map(Move::Admin),
            Just(Move::CustomerCancel),
        ],
        0..40,
    )
}

proptest! {
    #[test]
    fn random_transition_sequences_follow_the_spec_table(sequence in moves()) {
        let mut status = Pending;
        let mut path = vec![status];
        for step in sequence {
            let (allowed, to) = match step {
                Move::Admin(to) => (status.admin_may_move_to(to), to),
                Move::CustomerCancel => (status.customer_may_cancel(), Cancelled),
            };
            let spec_allows = match step {
                Move::Admin(to) => SPEC_ADMIN_MOVES.contains(&(status, to)),
                Move::CustomerCancel => status == Pending,
            };
            prop_assert_eq!(allowed, spec_allows, "{:?} from {:?}", step, status);
            if matches!(status, Delivered | Cancelled) {
                prop_assert!(!allowed, "terminal {:?} moved by {:?}", status, step);
            }
            if allowed {
                status = to;
                path.push(status);
            }
        }
        // Every path is a walk along the table from pending, never revisiting a state.
        for pair in path.windows(2) {
            prop_assert!(SPEC_ADMIN_MOVES.contains(&(pair[0], pair[1])));
        }
        let mut seen = path.clone();
        seen.sort_by_key(|s| s.as_str());
        seen.dedup();
        prop_assert_eq!(seen.len(), path.len());
        // The admin's list of next states is exactly what the table allows.
        let next = status.next_for_admin();
        let expected: Vec<OrderStatus> = SPEC_ADMIN_MOVES
            .iter()
            .filter(|(from, _)| *from == status)
            .map(|(_, to)| *to)
            .collect();
        prop_assert_eq!(next, expected.as_slice());
    }

    #[test]
    fn statuses_parse_only_their_own_names(
        text in prop_oneof!["[a-z]{0,12}", select(OrderStatus::ALL.to_vec()).prop_map(|s| s.as_str().to_string())],
    ) {
        let known = OrderStatus::ALL.into_iter().find(|s| s.as_str() == text);
        prop_assert_eq!(OrderStatus::parse(&text), known);
    }
}
