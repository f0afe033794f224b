//! What a question is about: which plants it names (English, Hindi, Hinglish, botanical,
//! misspelt), what the person wants to know, and which guides its words point to.

use super::cues::Intent;
use super::knowledge::{Guide, Knowledge, Species};
use super::text::Prepared;

/// A plant named in the text, and where.
#[derive(Debug, Clone)]
pub struct PlantMention<'k> {
    pub species: &'k Species,
    start: usize,
    len: usize,
}

/// Everything recognised in one message.
#[derive(Debug)]
pub struct Recognition<'k> {
    pub plants: Vec<&'k Species>,
    pub intents: Vec<Intent>,
    /// Guides whose own keywords appear, strongest first.
    pub guides: Vec<GuideMatch<'k>>,
    pub refers_back: bool,
    pub hindi: bool,
}

impl Recognition<'_> {
    pub fn has(&self, intent: Intent) -> bool {
        self.intents.contains(&intent)
    }
}

pub fn recognize<'k>(kb: &'k Knowledge, text: &str) -> Recognition<'k> {
    let prepared = Prepared::new(text);
    let mut intents = kb.cues.intents(&prepared);
    let plants = find_plants(kb, &prepared);
    let guides = find_guides(kb, &prepared);
    if guides.iter().any(|m| m.guide.is_problem()) {
        intents.push(Intent::Problem);
    }
    Recognition {
        plants,
        intents,
        guides,
        refers_back: kb.cues.refers_back(&prepared),
        hindi: super::text::is_devanagari(text),
    }
}

/// Plants named in the text, in the order they appear. Longer names win over names inside
/// them ("lemon grass" is not "lemon").
fn find_plants<'k>(kb: &'k Knowledge, text: &Prepared) -> Vec<&'k Species> {
    let mut mentions: Vec<PlantMention<'k>> = Vec::new();
    for species in &kb.species {
        let names =
            species
                .aliases
                .iter()
                .chain([&species.name, &species.botanical, &species.hindi]);
        for alias in names {
            for (start, len) in text.find_all_fuzzy(alias) {
                if !kb.cues.means_something_else(text, start + len, alias) {
                    mentions.push(PlantMention {
                        species,
                        start,
                        len,
                    });
                }
            }
        }
    }
    // Drop mentions that sit inside a longer one.
    let kept: Vec<&PlantMention<'k>> = mentions
        .iter()
        .filter(|m| {
            !mentions.iter().any(|other| {
                other.species.id != m.species.id
                    && other.len > m.len
                    && other.start <= m.start
                    && other.start + other.len >= m.start + m.len
            })
        })
        .collect();
    let mut kept: Vec<&PlantMention<'k>> = kept;
    kept.sort_by_key(|m| m.start);
    let mut seen = std::collections::HashSet::new();
    kept.into_iter()
        .filter(|m| seen.insert(m.species.id.as_str()))
        .map(|m| m.species)
        .collect()
}

/// A guide named by one of its keywords.
#[derive(Debug, Clone, Copy)]
pub struct GuideMatch<'k> {
    pub guide: &'k Guide,
    /// The longest keyword that matched.
    pub keyword: &'k str,
    /// False when the keyword alone is ambiguous ("cold", "yellow").
    specific: bool,
}

impl GuideMatch<'_> {
    /// Whether the match alone shows the question is about plants.
    pub fn is_specific(&self) -> bool {
        self.specific
    }
}

/// Guides whose keywords appear; a longer matching phrase is a more specific signal.
fn find_guides<'k>(kb: &'k Knowledge, text: &Prepared) -> Vec<GuideMatch<'k>> {
    let mut scored: Vec<(usize, GuideMatch<'k>)> = kb
        .guides
        .iter()
        .filter_map(|g| {
            g.keywords
                .iter()
                .filter(|k| text.has_loose(k))
                .max_by_key(|k| k.chars().count())
                .map(|k| {
                    (
                        k.chars().count(),
                        GuideMatch {
                            guide: g,
                            keyword: k,
                            specific: !kb.cues.is_ambiguous(k),
                        },
                    )
                })
        })
        .collect();
    scored.sort_by_key(|m| std::cmp::Reverse(m.0));
    scored.into_iter().map(|(_, m)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kb() -> Knowledge {
        Knowledge::embedded().unwrap()
    }

    fn plant_ids(kb: &Knowledge, text: &str) -> Vec<String> {
        recognize(kb, text)
            .plants
            .iter()
            .map(|s| s.id.clone())
            .collect()
    }

    #[test]
    fn plants_are_found_by_any_of_their_names() {
        let kb = kb();
        assert_eq!(
            plant_ids(&kb, "How do I care for my mony plant?"),
            ["money-plant"]
        );
        assert_eq!(plant_ids(&kb, "tulsi ke patte gir rahe hain"), ["tulsi"]);
        assert_eq!(plant_ids(&kb, "मेरे गुलाब में फूल नहीं आ रहे"), ["desi-rose"]);
        assert_eq!(
            plant_ids(&kb, "Sansevieria in a dark room?"),
            ["snake-plant"]
        );
        assert_eq!(
            plant_ids(&kb, "lemon grass or lemon?"),
            ["lemongrass", "kagzi-lemon"]
        );
    }

    #[test]
    fn neem_oil_is_a_spray_not_a_tree() {
        let kb = kb();
        assert_eq!(
            plant_ids(&kb, "how to use neem oil on hibiscus"),
            ["hibiscus"]
        );
        assert_eq!(plant_ids(&kb, "how big does a neem tree grow"), ["neem"]);
    }

    #[test]
    fn intents_are_found_in_three_languages() {
        let kb = kb();
        assert!(recognize(&kb, "How often should I water it?").has(Intent::Water));
        assert!(recognize(&kb, "kitna pani dena chahiye").has(Intent::Water));
        assert!(recognize(&kb, "इसे कितना पानी दें").has(Intent::Water));
        assert!(recognize(&kb, "is it safe for my cat").has(Intent::Toxicity));
        assert!(recognize(&kb, "baarish mein kya karein").has(Intent::Monsoon));
        let r = recognize(&kb, "my leaves are turning yellow");
        assert!(r.has(Intent::Problem));
        assert_eq!(r.guides[0].guide.id, "yellow-leaves");
    }
}
