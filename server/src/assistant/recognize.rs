//! What a question is about: which plants it names (English, Hindi, Hinglish, botanical,
//! misspelt), what the person wants to know, and which guides its words point to.

use serde::{Deserialize, Serialize};

use super::knowledge::{Guide, Knowledge, Species};
use super::text::Prepared;

/// What someone wants to know. A question may carry several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Intent {
    Water,
    Light,
    Soil,
    Feeding,
    Repotting,
    Propagation,
    Pruning,
    Humidity,
    Temperature,
    Toxicity,
    Summer,
    Monsoon,
    Winter,
    Recommend,
    Shop,
    Care,
    Problem,
    Greeting,
    Thanks,
}

impl Intent {
    /// Intents that are about looking after a plant, so a remembered plant applies to them.
    pub fn is_care(self) -> bool {
        !matches!(
            self,
            Intent::Recommend | Intent::Greeting | Intent::Thanks | Intent::Shop
        )
    }

    pub fn is_season(self) -> bool {
        matches!(self, Intent::Summer | Intent::Monsoon | Intent::Winter)
    }
}

/// Phrases (matched as whole words) and word stems per intent, in English, Hinglish and Hindi.
struct Cue {
    intent: Intent,
    phrases: &'static [&'static str],
    stems: &'static [&'static str],
}

const CUES: &[Cue] = &[
    Cue {
        intent: Intent::Water,
        phrases: &[
            "how often",
            "how much water",
            "pani",
            "paani",
            "पानी",
            "सिंचाई",
            "irrigate",
            "irrigation",
            "dry out",
            "kitna pani",
            "kab pani",
            "moist",
            "soggy",
        ],
        stems: &["water"],
    },
    Cue {
        intent: Intent::Light,
        phrases: &[
            "light",
            "sun",
            "sunlight",
            "sunny",
            "shade",
            "shady",
            "dhoop",
            "dhup",
            "धूप",
            "रोशनी",
            "roshni",
            "प्रकाश",
            "window",
            "windowsill",
            "window sill",
            "windowsills",
            "khidki",
            "खिड़की",
            "where to keep",
            "where should i keep",
            "where should i put",
            "where to place",
            "kahan rakhe",
            "kahan rakhen",
            "kahan rakhna",
            "कहाँ रखें",
            "कहां रखें",
            "indoors or outdoors",
            "inside or outside",
            "direct sun",
        ],
        stems: &["sunlight"],
    },
    Cue {
        intent: Intent::Soil,
        phrases: &[
            "soil",
            "potting mix",
            "mitti",
            "मिट्टी",
            "cocopeat",
            "coco peat",
            "perlite",
            "soil mix",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Feeding,
        phrases: &[
            "feed",
            "feeding",
            "fertiliser",
            "fertilizer",
            "fertilise",
            "fertilize",
            "khad",
            "khaad",
            "खाद",
            "compost",
            "vermicompost",
            "manure",
            "nutrients",
            "plant food",
            "npk",
        ],
        stems: &["fertili"],
    },
    Cue {
        intent: Intent::Repotting,
        phrases: &[
            "repot",
            "repotting",
            "re pot",
            "bigger pot",
            "change pot",
            "change the pot",
            "new pot",
            "gamla badal",
            "gamla badalna",
            "गमला बदल",
            "गमला बदलना",
            "transplant",
            "root bound",
            "rootbound",
        ],
        stems: &["repot"],
    },
    Cue {
        intent: Intent::Propagation,
        phrases: &[
            "propagate",
            "propagation",
            "cutting",
            "cuttings",
            "kalam",
            "कलम",
            "कटिंग",
            "grow from seed",
            "from seeds",
            "grow more",
            "new plant from",
            "air layering",
            "beej",
            "बीज",
            "multiply",
            "offsets",
            "pups",
            "divide",
        ],
        stems: &["propagat"],
    },
    Cue {
        intent: Intent::Pruning,
        phrases: &[
            "prune",
            "pruning",
            "trim",
            "trimming",
            "pinch",
            "pinching",
            "cut back",
            "katai",
            "chhatai",
            "कटाई",
            "छंटाई",
            "deadhead",
            "deadheading",
            "bushier",
            "bushy",
        ],
        stems: &["prun"],
    },
    Cue {
        intent: Intent::Humidity,
        phrases: &[
            "humidity",
            "humid",
            "mist",
            "misting",
            "नमी",
            "namee",
            "nami",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Temperature,
        phrases: &[
            "temperature",
            "how cold",
            "how hot",
            "tapman",
            "तापमान",
            "degrees",
            "frost",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Toxicity,
        phrases: &[
            "toxic",
            "poisonous",
            "poison",
            "safe for",
            "pet",
            "pets",
            "cat",
            "cats",
            "kitten",
            "dog",
            "dogs",
            "puppy",
            "child",
            "children",
            "kid",
            "kids",
            "baby",
            "toddler",
            "zehreela",
            "zehrila",
            "सुरक्षित",
            "कुत्ते",
            "कुत्ता",
            "बिल्ली",
            "बच्चों",
            "kutte",
            "kutta",
            "dangerous",
            "harmful",
            "jahreela",
            "जहरीला",
            "ज़हरीला",
            "billi",
            "बिल्ली",
            "kutta",
            "kutte",
            "कुत्ता",
            "कुत्ते",
            "बच्चे",
            "बच्चों",
            "bacche",
            "bachche",
            "bachon",
            "pet safe",
            "pet friendly",
            "ate",
            "chewed",
            "eat the leaves",
            "पालतू",
            "paaltu",
            "paltu",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Summer,
        phrases: &[
            "summer",
            "summers",
            "garmi",
            "गर्मी",
            "गर्मियों",
            "heatwave",
            "heat wave",
            "loo",
            "लू",
            "heat",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Monsoon,
        phrases: &[
            "monsoon",
            "rain",
            "rains",
            "rainy",
            "baarish",
            "barish",
            "barsaat",
            "barsat",
            "बारिश",
            "बरसात",
            "मानसून",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Winter,
        phrases: &[
            "winter",
            "winters",
            "sardi",
            "sardiyon",
            "thand",
            "सर्दी",
            "सर्दियों",
            "ठंड",
            "cold",
            "pala",
            "paala",
            "पाला",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Recommend,
        phrases: &[
            "recommend",
            "recommendation",
            "suggest",
            "suggestion",
            "which plant",
            "which plants",
            "what plant",
            "what plants",
            "best plant",
            "best plants",
            "good plant",
            "good plants",
            "a plant for",
            "plants for",
            "plant for my",
            "plants for my",
            "kaunsa paudha",
            "kaun sa paudha",
            "konsa paudha",
            "kaunse paudhe",
            "kaun se paudhe",
            "konsa plant",
            "kaunsa plant",
            "sujhav",
            "सुझाव",
            "कौन सा पौधा",
            "कौनसा पौधा",
            "कौन से पौधे",
            "looking for a plant",
            "want a plant",
            "want to buy",
            "should i buy",
            "should i get",
            "gift",
            "beginner",
            "first plant",
            "easy plant",
            "easy plants",
            "low maintenance",
            "for my bedroom",
            "for my balcony",
            "for my office",
            "kitchen garden",
            "i want herbs",
            "herbs for",
            "plants to grow",
            "what should i grow",
        ],
        stems: &["recommend"],
    },
    Cue {
        intent: Intent::Shop,
        phrases: &[
            "price",
            "cost",
            "buy",
            "sell",
            "available",
            "in stock",
            "order",
            "kitne ka",
            "kitne ki",
            "कीमत",
            "daam",
            "dam",
            "kharid",
            "खरीद",
            "rupees",
            "₹",
            "rs",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Care,
        phrases: &[
            "care",
            "take care",
            "look after",
            "dekhbhal",
            "देखभाल",
            "how to grow",
            "grow",
            "growing",
            "ugana",
            "उगाना",
            "ugaye",
            "maintain",
            "tips",
            "guide",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Greeting,
        phrases: &[
            "hi",
            "hello",
            "hey",
            "namaste",
            "नमस्ते",
            "namaskar",
            "नमस्कार",
            "good morning",
            "good evening",
            "good afternoon",
            "hii",
            "helo",
        ],
        stems: &[],
    },
    Cue {
        intent: Intent::Thanks,
        phrases: &[
            "thanks",
            "thank you",
            "thankyou",
            "thx",
            "dhanyavad",
            "dhanyawad",
            "धन्यवाद",
            "shukriya",
            "शुक्रिया",
            "thank u",
        ],
        stems: &[],
    },
];

/// Words that point back to a plant named earlier in the chat.
const BACK_REFERENCES: &[&str] = &[
    "it",
    "its",
    "this plant",
    "this one",
    "that plant",
    "them",
    "iska",
    "iski",
    "iske",
    "isko",
    "ise",
    "isme",
    "इसे",
    "इसका",
    "इसकी",
    "इसके",
    "इसको",
    "इसमें",
    "उसे",
    "उसका",
    "same plant",
];

/// Words that make a species name mean something else ("neem oil" is a spray, not a tree).
const NOT_THE_PLANT_AFTER: &[(&str, &[&str])] = &[
    (
        "neem",
        &["oil", "tel", "spray", "cake", "khali", "तेल", "खली", "स्प्रे"],
    ),
    (
        "नीम",
        &["oil", "tel", "spray", "cake", "khali", "तेल", "खली", "स्प्रे"],
    ),
];

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
    let mut intents: Vec<Intent> = CUES
        .iter()
        .filter(|cue| prepared.has_any(cue.phrases) || prepared.has_stem(cue.stems))
        .map(|cue| cue.intent)
        .collect();
    let plants = find_plants(kb, &prepared);
    let guides = find_guides(kb, &prepared);
    if guides.iter().any(|m| m.guide.is_problem()) {
        intents.push(Intent::Problem);
    }
    Recognition {
        plants,
        intents,
        guides,
        refers_back: prepared.has_any(BACK_REFERENCES),
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
                if !means_something_else(text, start + len, alias) {
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

fn means_something_else(text: &Prepared, after: usize, alias: &str) -> bool {
    let Some(next) = text.words.get(after) else {
        return false;
    };
    NOT_THE_PLANT_AFTER
        .iter()
        .any(|(name, words)| alias.eq_ignore_ascii_case(name) && words.contains(&next.as_str()))
}

/// A guide named by one of its keywords.
#[derive(Debug, Clone, Copy)]
pub struct GuideMatch<'k> {
    pub guide: &'k Guide,
    /// The longest keyword that matched.
    pub keyword: &'k str,
}

/// Single words that name a guide's topic but mean other things too ("a cold", "yellow
/// shirt", "rust"): on their own they do not make a question about plants.
const AMBIGUOUS_KEYWORDS: &[&str] = &[
    "yellow",
    "rust",
    "scale",
    "cold",
    "heat",
    "rain",
    "fog",
    "frost",
    "loo",
    "lu",
    "summer",
    "winter",
    "monsoon",
    "vacation",
    "holiday",
    "travel",
    "pot",
    "pots",
    "cutting",
    "seeds",
    "compost",
    "drainage",
    "transplant",
    "deficiency",
    "sparse",
    "stretched",
    "stretching",
    "mites",
    "slug",
    "snail",
    "sardi",
    "garmi",
    "thand",
    "baarish",
    "barish",
    "barsaat",
    "chhutti",
    "soil",
    "mitti",
    "feeding",
    "wilt",
    "droop",
    "toxic to cats",
    "toxic to dogs",
    "safe for cats",
    "safe for dogs",
    "billi",
    "kutta",
];

impl GuideMatch<'_> {
    /// Whether the match alone shows the question is about plants.
    pub fn is_specific(&self) -> bool {
        !AMBIGUOUS_KEYWORDS
            .iter()
            .any(|a| a.eq_ignore_ascii_case(self.keyword))
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
