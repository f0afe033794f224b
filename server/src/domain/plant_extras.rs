//! The admin form's optional plant fields beyond the original ones: the Hindi name and
//! description, and care at a glance. A field left out of the form keeps what the plant has
//! (nothing, for a new plant); a field sent empty clears it. Care is five fields that go
//! together: all five, or all five empty, or none of them.

use super::care::{self, Care, Difficulty, Light, Water};
use super::error_code::FieldCode;
use super::form_errors::Errors;

/// The raw text of the fields, `None` when the form did not send one.
#[derive(Debug, Default, Clone)]
pub struct PlantExtrasForm {
    pub name_hi: Option<String>,
    pub description_hi: Option<String>,
    pub care_light: Option<String>,
    pub care_water: Option<String>,
    pub care_difficulty: Option<String>,
    pub care_pet_safe: Option<String>,
    pub care_child_safe: Option<String>,
}

/// What to do with one field: `None` keep, `Some(None)` clear, `Some(Some(v))` set.
pub type Change<T> = Option<Option<T>>;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PlantExtras {
    pub name_hi: Change<String>,
    pub description_hi: Change<String>,
    pub care: Change<Care>,
}

fn has_letter(text: &str) -> bool {
    text.chars().any(char::is_alphabetic)
}

/// One of the Hindi texts: where it goes, its label in messages and its bounds and codes.
struct HindiText {
    field: &'static str,
    label: &'static str,
    bounds: (usize, usize),
    /// Broken length, then not written in words.
    codes: (FieldCode, FieldCode),
}

const NAME_HI: HindiText = HindiText {
    field: "nameHi",
    label: "Hindi name",
    bounds: (2, 100),
    codes: (FieldCode::HindiNameLength, FieldCode::HindiNameNotWords),
};

const DESCRIPTION_HI: HindiText = HindiText {
    field: "descriptionHi",
    label: "Hindi description",
    bounds: (10, 1000),
    codes: (
        FieldCode::HindiDescriptionLength,
        FieldCode::HindiDescriptionNotWords,
    ),
};

fn optional_text(raw: &Option<String>, rule: &HindiText, errors: &mut Errors) -> Change<String> {
    let HindiText {
        field,
        label,
        bounds: (min, max),
        codes: (length_code, words_code),
    } = *rule;
    let text = raw.as_deref()?.trim();
    if text.is_empty() {
        return Some(None);
    }
    let len = text.chars().count();
    if !(min..=max).contains(&len) {
        errors.push(
            field,
            length_code,
            format!("{label} must be between {min} and {max} characters"),
        );
    } else if !has_letter(text) || text.chars().any(|c| c.is_control() && c != '\n') {
        errors.push(
            field,
            words_code,
            format!("{label} must be written in words"),
        );
    }
    Some(Some(text.to_string()))
}

fn yes_no(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" => Some(false),
        _ => None,
    }
}

fn read_care(form: &PlantExtrasForm, errors: &mut Errors) -> Change<Care> {
    let fields = [
        ("careLight", &form.care_light),
        ("careWater", &form.care_water),
        ("careDifficulty", &form.care_difficulty),
        ("carePetSafe", &form.care_pet_safe),
        ("careChildSafe", &form.care_child_safe),
    ];
    let sent: Vec<_> = fields.iter().filter(|(_, v)| v.is_some()).collect();
    if sent.is_empty() {
        return None;
    }
    let filled = sent
        .iter()
        .filter(|(_, v)| v.as_deref().is_some_and(|t| !t.trim().is_empty()))
        .count();
    if filled == 0 {
        return Some(None);
    }
    let mut missing = false;
    for (name, value) in fields {
        if value.as_deref().is_none_or(|t| t.trim().is_empty()) {
            errors.push(
                name,
                FieldCode::CareIncomplete,
                "Give all five care facts, or none of them",
            );
            missing = true;
        }
    }
    if missing {
        return Some(None);
    }
    let text = |v: &Option<String>| v.as_deref().unwrap_or_default().to_string();
    let light = care::parse::<Light>(&text(&form.care_light));
    let water = care::parse::<Water>(&text(&form.care_water));
    let difficulty = care::parse::<Difficulty>(&text(&form.care_difficulty));
    let pet_safe = yes_no(&text(&form.care_pet_safe));
    let child_safe = yes_no(&text(&form.care_child_safe));
    if light.is_none() {
        errors.push(
            "careLight",
            FieldCode::CareValueInvalid,
            format!("Light must be one of {}", care::LIGHT_WORDS),
        );
    }
    if water.is_none() {
        errors.push(
            "careWater",
            FieldCode::CareValueInvalid,
            format!("Water must be one of {}", care::WATER_WORDS),
        );
    }
    if difficulty.is_none() {
        errors.push(
            "careDifficulty",
            FieldCode::CareValueInvalid,
            format!("Difficulty must be one of {}", care::DIFFICULTY_WORDS),
        );
    }
    if pet_safe.is_none() {
        errors.push(
            "carePetSafe",
            FieldCode::CareValueInvalid,
            "Pet-safe must be true or false",
        );
    }
    if child_safe.is_none() {
        errors.push(
            "careChildSafe",
            FieldCode::CareValueInvalid,
            "Child-safe must be true or false",
        );
    }
    Some(Some(Care {
        light: light?,
        water: water?,
        difficulty: difficulty?,
        pet_safe: pet_safe?,
        child_safe: child_safe?,
    }))
}

/// Checks the extra fields, adding every failed rule to `errors`.
pub fn plant_extras(form: &PlantExtrasForm, errors: &mut Errors) -> PlantExtras {
    PlantExtras {
        name_hi: optional_text(&form.name_hi, &NAME_HI, errors),
        description_hi: optional_text(&form.description_hi, &DESCRIPTION_HI, errors),
        care: read_care(form, errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields named by the collected errors, in order.
    fn fields(errors: &Errors) -> Vec<String> {
        let debug = format!("{errors:?}");
        debug
            .split("field: \"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap_or_default().to_string())
            .collect()
    }

    fn care_form(values: [&str; 5]) -> PlantExtrasForm {
        PlantExtrasForm {
            care_light: Some(values[0].into()),
            care_water: Some(values[1].into()),
            care_difficulty: Some(values[2].into()),
            care_pet_safe: Some(values[3].into()),
            care_child_safe: Some(values[4].into()),
            ..Default::default()
        }
    }

    #[test]
    fn left_out_keeps_empty_clears_and_values_set() {
        let mut errors = Errors::default();
        let kept = plant_extras(&PlantExtrasForm::default(), &mut errors);
        assert_eq!(kept, PlantExtras::default());
        let cleared = plant_extras(&care_form(["", "", "", "", ""]), &mut errors);
        assert_eq!(cleared.care, Some(None));
        let set = plant_extras(
            &care_form(["bright-indirect", "low", "easy", "true", "false"]),
            &mut errors,
        );
        assert_eq!(
            set.care,
            Some(Some(Care {
                light: Light::BrightIndirect,
                water: Water::Low,
                difficulty: Difficulty::Easy,
                pet_safe: true,
                child_safe: false,
            }))
        );
        assert!(errors.is_empty());
    }

    #[test]
    fn half_a_care_block_and_bad_words_name_their_fields() {
        let mut errors = Errors::default();
        let form = PlantExtrasForm {
            care_light: Some("low".into()),
            ..Default::default()
        };
        plant_extras(&form, &mut errors);
        assert_eq!(
            fields(&errors),
            [
                "careWater",
                "careDifficulty",
                "carePetSafe",
                "careChildSafe"
            ]
        );
        let mut errors = Errors::default();
        plant_extras(
            &care_form(["dim", "low", "hard", "maybe", "no"]),
            &mut errors,
        );
        assert_eq!(
            fields(&errors),
            ["careLight", "careDifficulty", "carePetSafe"]
        );
    }

    #[test]
    fn hindi_text_is_checked() {
        let mut errors = Errors::default();
        let form = PlantExtrasForm {
            name_hi: Some("तुलसी".into()),
            description_hi: Some("छोटा".into()),
            ..Default::default()
        };
        let extras = plant_extras(&form, &mut errors);
        assert_eq!(extras.name_hi, Some(Some("तुलसी".into())));
        assert_eq!(fields(&errors), ["descriptionHi"]);
    }
}
