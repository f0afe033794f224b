//! Where the shop delivers and how fast: rules by PIN-code prefix, checked strictly when an
//! admin replaces them, and the lookup that answers "will it reach 560001, and when?".

use chrono::{Datelike, Duration, FixedOffset, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::error_code::FieldCode;
use super::form_errors::FieldError;

/// The checkout refusal for a PIN outside every served area.
pub const MSG_NOT_SERVED: &str = "We do not deliver to this PIN code yet.";

/// At most this many rules: the demo list has under 40; a list in the thousands is a mistake.
pub const MAX_RULES: usize = 500;
/// No promise longer than two months.
pub const MAX_DAYS: i64 = 60;

/// One delivery area: PINs whose first `from.len()` digits lie between `from` and `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRule {
    /// 1 to 6 digits: the first digits of the PINs this rule covers.
    #[schema(example = "56")]
    pub from: String,
    /// Same length as `from`, not below it; `from` again for a single prefix.
    #[schema(example = "56")]
    pub to: String,
    pub state: String,
    #[schema(required = true)]
    pub city: Option<String>,
    pub serviceable: bool,
    /// Set (1 to 60, at most `maxDays`) when serviceable; null when not.
    #[schema(required = true, minimum = 1, maximum = 60)]
    pub min_days: Option<i64>,
    #[schema(required = true, minimum = 1, maximum = 60)]
    pub max_days: Option<i64>,
}

/// The answer for one PIN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Coverage<'a> {
    /// No rule covers the PIN.
    Unknown,
    Covered(&'a DeliveryRule),
}

/// The most specific rule (longest prefix) covering `pin`. Rules of one length never
/// overlap (see `check_rules`), so the answer is unique.
pub fn find_rule<'a>(rules: &'a [DeliveryRule], pin: &str) -> Coverage<'a> {
    rules
        .iter()
        .filter(|r| {
            pin.get(..r.from.len())
                .is_some_and(|head| head >= r.from.as_str() && head <= r.to.as_str())
        })
        .max_by_key(|r| r.from.len())
        .map_or(Coverage::Unknown, Coverage::Covered)
}

/// The days (min, max) promised to an order for `pin`, or `None` when no served area
/// covers it (checkout then refuses the order).
pub fn promise(rules: &[DeliveryRule], pin: &str) -> Option<(i64, i64)> {
    match find_rule(rules, pin) {
        Coverage::Covered(rule) if rule.serviceable => rule.min_days.zip(rule.max_days),
        _ => None,
    }
}

/// The rule list as an admin sends it, before checking.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleInput {
    #[schema(required = true, nullable = false)]
    pub from: Option<String>,
    /// Defaults to `from`.
    #[schema(nullable = false)]
    pub to: Option<String>,
    #[schema(required = true, nullable = false)]
    pub state: Option<String>,
    pub city: Option<String>,
    #[schema(required = true, nullable = false)]
    pub serviceable: Option<bool>,
    pub min_days: Option<i64>,
    pub max_days: Option<i64>,
}

fn is_digits(s: &str, max: usize) -> bool {
    (1..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

/// Visible text of 2 to 50 characters without control characters (a state or city name).
fn place_name(value: &str) -> bool {
    let len = value.chars().count();
    (2..=50).contains(&len) && !value.chars().any(char::is_control)
}

/// Checks every rule and the list as a whole; every failure is reported with its place
/// (`rules[3].maxDays`) so the admin can fix them all at once.
pub fn check_rules(input: Vec<RuleInput>) -> Result<Vec<DeliveryRule>, Vec<FieldError>> {
    let mut errors = Vec::new();
    if input.is_empty() {
        errors.push(FieldError::new(
            "rules",
            FieldCode::DeliveryRulesRequired,
            "Add at least one delivery rule",
        ));
    }
    if input.len() > MAX_RULES {
        errors.push(FieldError::new(
            "rules",
            FieldCode::DeliveryRulesTooMany,
            format!("At most {MAX_RULES} delivery rules"),
        ));
        return Err(errors);
    }
    let mut rules = Vec::with_capacity(input.len());
    for (i, rule) in input.into_iter().enumerate() {
        let at = |field: &str| format!("rules[{i}].{field}");
        let from = rule.from.unwrap_or_default().trim().to_string();
        let to = rule
            .to
            .map(|t| t.trim().to_string())
            .unwrap_or_else(|| from.clone());
        if !is_digits(&from, 6) {
            errors.push(FieldError::new(
                &at("from"),
                FieldCode::PinPrefixInvalid,
                "PIN prefix must be 1 to 6 digits",
            ));
        } else if !is_digits(&to, 6) || to.len() != from.len() || to < from {
            errors.push(FieldError::new(
                &at("to"),
                FieldCode::PinRangeInvalid,
                "The range must end at a prefix of the same length, not below its start",
            ));
        }
        let state = rule.state.unwrap_or_default().trim().to_string();
        if !place_name(&state) {
            errors.push(FieldError::new(
                &at("state"),
                FieldCode::AreaStateInvalid,
                "State must be 2 to 50 characters",
            ));
        }
        let city = rule
            .city
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty());
        if city.as_deref().is_some_and(|c| !place_name(c)) {
            errors.push(FieldError::new(
                &at("city"),
                FieldCode::AreaCityInvalid,
                "City must be 2 to 50 characters",
            ));
        }
        let Some(serviceable) = rule.serviceable else {
            errors.push(FieldError::new(
                &at("serviceable"),
                FieldCode::ServiceableRequired,
                "Say whether this area is served",
            ));
            continue;
        };
        match (serviceable, rule.min_days, rule.max_days) {
            (true, Some(min), Some(max))
                if (1..=MAX_DAYS).contains(&min) && (min..=MAX_DAYS).contains(&max) => {}
            (true, _, _) => errors.push(FieldError::new(
                &at("maxDays"),
                FieldCode::DeliveryDaysInvalid,
                format!("Delivery days must be 1 to {MAX_DAYS}, the minimum not above the maximum"),
            )),
            (false, None, None) => {}
            (false, _, _) => errors.push(FieldError::new(
                &at("minDays"),
                FieldCode::UnservedHasDays,
                "An area that is not served has no delivery days",
            )),
        }
        rules.push(DeliveryRule {
            from,
            to,
            state,
            city,
            serviceable,
            min_days: rule.min_days.filter(|_| serviceable),
            max_days: rule.max_days.filter(|_| serviceable),
        });
    }
    if errors.is_empty() {
        for (i, a) in rules.iter().enumerate() {
            if let Some(j) = rules[..i]
                .iter()
                .position(|b| b.from.len() == a.from.len() && b.from <= a.to && a.from <= b.to)
            {
                errors.push(FieldError::new(
                    &format!("rules[{i}].from"),
                    FieldCode::AreasOverlap,
                    format!("Rules {} and {} cover the same PINs", j + 1, i + 1),
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(rules)
    } else {
        Err(errors)
    }
}

/// Today's date in India (the shop's customers count days there).
pub fn today_in_india() -> NaiveDate {
    let ist = FixedOffset::east_opt(5 * 3600 + 1800).expect("a valid offset");
    Utc::now().with_timezone(&ist).date_naive()
}

/// The date `days` after the day of `placed_ms` in India, as `2026-11-28`.
pub fn date_after(placed: NaiveDate, days: i64) -> String {
    let date = placed + Duration::days(days);
    format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day())
}

/// The day in India of a stored time.
pub fn india_date_of(ms: i64) -> NaiveDate {
    let ist = FixedOffset::east_opt(5 * 3600 + 1800).expect("a valid offset");
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .with_timezone(&ist)
        .date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(from: &str, to: &str, serviceable: bool) -> RuleInput {
        RuleInput {
            from: Some(from.into()),
            to: Some(to.into()),
            state: Some("Kerala".into()),
            city: None,
            serviceable: Some(serviceable),
            min_days: serviceable.then_some(4),
            max_days: serviceable.then_some(8),
        }
    }

    #[test]
    fn the_longest_prefix_wins() {
        let rules =
            check_rules(vec![rule("67", "69", true), rule("68255", "68255", false)]).unwrap();
        let Coverage::Covered(r) = find_rule(&rules, "682551") else {
            panic!()
        };
        assert!(!r.serviceable);
        let Coverage::Covered(r) = find_rule(&rules, "682560") else {
            panic!()
        };
        assert!(r.serviceable);
        assert_eq!(find_rule(&rules, "700001"), Coverage::Unknown);
    }

    #[test]
    fn overlapping_or_malformed_rules_are_refused() {
        let errors = check_rules(vec![rule("67", "69", true), rule("68", "68", true)]).unwrap_err();
        assert_eq!(errors[0].message, "Rules 1 and 2 cover the same PINs");
        assert!(check_rules(vec![rule("6a", "6a", true)]).is_err());
        assert!(check_rules(vec![rule("69", "67", true)]).is_err());
        assert!(check_rules(vec![rule("6", "67", true)]).is_err());
        assert!(check_rules(vec![]).is_err());
        let mut bad_days = rule("56", "56", true);
        bad_days.min_days = Some(9);
        assert!(check_rules(vec![bad_days]).is_err());
        let mut days_on_unserved = rule("744", "744", false);
        days_on_unserved.max_days = Some(3);
        assert!(check_rules(vec![days_on_unserved]).is_err());
    }

    #[test]
    fn dates_count_days_in_india() {
        // 20:00 UTC on 24 Nov is already 25 Nov in India.
        let ms = chrono::NaiveDate::from_ymd_opt(2026, 11, 24)
            .unwrap()
            .and_hms_opt(20, 0, 0)
            .unwrap()
            .and_utc()
            .timestamp_millis();
        assert_eq!(date_after(india_date_of(ms), 3), "2026-11-28");
    }
}
