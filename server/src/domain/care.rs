//! Care at a glance: the five facts a shopper checks before buying a plant, with the words
//! the API uses for them. `None` on a plant means the shop does not know.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The least light a plant does well in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Light {
    Low,
    Medium,
    BrightIndirect,
    FullSun,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Water {
    Low,
    Medium,
    High,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    Easy,
    Moderate,
    Expert,
}

/// `care` of a plant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Care {
    pub light: Light,
    pub water: Water,
    pub difficulty: Difficulty,
    /// Not toxic to cats and dogs (ASPCA-style listings).
    pub pet_safe: bool,
    /// Not harmful when a small child chews or swallows it (irritants count as harmful).
    pub child_safe: bool,
}

/// The API word of an enum value (`bright-indirect`), which is also its stored form.
pub fn word<T: Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => unreachable!("care values serialise as strings"),
    }
}

/// Reads an API word (`Bright-Indirect` is accepted too); `None` when it is not one.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(text.trim().to_ascii_lowercase())).ok()
}

pub const LIGHT_WORDS: &str = "low, medium, bright-indirect, full-sun";
pub const WATER_WORDS: &str = "low, medium, high";
pub const DIFFICULTY_WORDS: &str = "easy, moderate, expert";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        assert_eq!(word(Light::BrightIndirect), "bright-indirect");
        assert_eq!(parse::<Light>("Full-Sun"), Some(Light::FullSun));
        assert_eq!(parse::<Water>("soggy"), None);
        assert_eq!(parse::<Difficulty>("expert"), Some(Difficulty::Expert));
    }
}
