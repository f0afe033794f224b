//! What the plant-care knowledge base (`server/knowledge/species/`) says about the plants the
//! shop sells: the names people search by and the care facts. Only the fields the catalogue
//! needs are read, so the assistant's files can grow without touching this module. A
//! species is tied to shop plants by its `catalogue` list of exact product names.

use std::collections::HashMap;
use std::sync::OnceLock;

use include_dir::{include_dir, Dir};
use serde::Deserialize;

use crate::domain::care::{Care, Difficulty, Light, Water};

static SPECIES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/knowledge/species");

#[derive(Debug, Clone, Deserialize)]
pub struct Species {
    pub name: String,
    pub hindi: String,
    pub botanical: String,
    pub aliases: Vec<String>,
    pub catalogue: Vec<String>,
    kind: String,
    difficulty: String,
    light_level: String,
    toxic_to_pets: bool,
    toxic_to_children: bool,
    traits: Vec<String>,
}

impl Species {
    fn has_trait(&self, name: &str) -> bool {
        self.traits.iter().any(|t| t == name)
    }

    /// The knowledge base's facts in the catalogue's words. The base has no single watering
    /// word, so it is read from what it does say: succulents, cacti and drought-tolerant
    /// plants need little; ferns and humidity lovers need plenty; the rest, a medium amount.
    pub fn care(&self) -> Option<Care> {
        let light = match self.light_level.as_str() {
            "low" => Light::Low,
            "medium" => Light::Medium,
            "bright" => Light::BrightIndirect,
            "full-sun" => Light::FullSun,
            _ => return None,
        };
        let difficulty = match self.difficulty.as_str() {
            "easy" => Difficulty::Easy,
            "moderate" => Difficulty::Moderate,
            "demanding" => Difficulty::Expert,
            _ => return None,
        };
        let water = if matches!(self.kind.as_str(), "succulent" | "cactus")
            || self.has_trait("drought-tolerant")
        {
            Water::Low
        } else if self.kind == "fern" || self.has_trait("humidity-loving") {
            Water::High
        } else {
            Water::Medium
        };
        Some(Care {
            light,
            water,
            difficulty,
            pet_safe: !self.toxic_to_pets,
            child_safe: !self.toxic_to_children,
        })
    }
}

/// Species by the lower-cased shop product names they are sold as.
pub struct SpeciesBook {
    by_product: HashMap<String, Species>,
}

impl SpeciesBook {
    /// The embedded knowledge base, parsed once per process.
    pub fn embedded() -> &'static SpeciesBook {
        static BOOK: OnceLock<SpeciesBook> = OnceLock::new();
        BOOK.get_or_init(|| {
            let mut by_product = HashMap::new();
            for file in SPECIES.files() {
                if file.path().extension().is_none_or(|e| e != "toml") {
                    continue;
                }
                // The assistant's own loader refuses a malformed file at start; here a file
                // that cannot be read only loses its search names.
                let Some(species) = file
                    .contents_utf8()
                    .and_then(|text| toml::from_str::<Species>(text).ok())
                else {
                    tracing::warn!(file = %file.path().display(), "species file not readable for the catalogue");
                    continue;
                };
                for product in &species.catalogue {
                    by_product.insert(product.to_lowercase(), species.clone());
                }
            }
            SpeciesBook { by_product }
        })
    }

    /// The species a shop plant of this name is, if the knowledge base lists it.
    pub fn for_product(&self, name: &str) -> Option<&Species> {
        self.by_product.get(&name.trim().to_lowercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_plants_map_to_species_with_care() {
        let book = SpeciesBook::embedded();
        let money = book.for_product("Money Plant").expect("money plant");
        let care = money.care().expect("care");
        assert!(!care.pet_safe, "pothos is toxic to cats");
        assert_eq!(care.light, Light::Low);
        let aloe = book.for_product("aloe vera").expect("aloe");
        assert_eq!(aloe.care().unwrap().water, Water::Low);
        assert!(book
            .for_product("Tulsi")
            .unwrap()
            .aliases
            .iter()
            .any(|a| a == "तुलसी"));
    }
}
