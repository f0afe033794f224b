//! The general safety reading: WHO is at risk (a person, a child, a pet, livestock), WHAT
//! happened or is planned (bitten, fell, stood on, burnt, poured, inhaled) and which HAZARD
//! CLASS it belongs to (animal bites, heights, fire, fumes, sharp injuries, insect nests,
//! poisoning on purpose, or just "someone is hurt"). The classes and their word families are
//! data (`knowledge/assistant/hazards.toml`), checked at start; the answer's first sentence
//! says what to do now and where to get help, in the customer's language, never with a
//! product. The rules of `safety.toml` stay first where they know better; a class names the
//! generic rules it outranks ("kerosene on a beehive" is about the bees, not about spraying
//! kerosene on plants).

use std::collections::BTreeMap;

use anyhow::{bail, Context};
use serde::Deserialize;

use super::lexicon::{Lang, PhraseList, Texts};
use super::text::Prepared;

/// Who a class needs in the message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Needs {
    /// The hazard's words are enough ("stand on the parapet", "burn the hive").
    #[default]
    Nobody,
    /// A person or an animal, named apart from the words of the hazard itself.
    Victim,
}

/// One hazard class: every `all` group must be present, none of `not`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HazardClass {
    pub id: String,
    pub all: Vec<PhraseList>,
    #[serde(default)]
    pub not: PhraseList,
    #[serde(default)]
    pub needs: Needs,
    /// `safety.toml` rules whose (more general) answer this class replaces when both fire.
    #[serde(default)]
    pub replaces: Vec<String>,
    #[serde(flatten)]
    pub text: Texts,
    /// The answer when the one at risk is an animal (a vet instead of a doctor).
    #[serde(default)]
    pub animal: Option<Texts>,
}

/// What was swallowed, named in an answer that would otherwise say "plant pieces".
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Eaten {
    pub any: PhraseList,
    #[serde(flatten)]
    pub name: Texts,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct HazardFile {
    family: BTreeMap<String, Vec<String>>,
    class: Vec<HazardClass>,
    eaten: Vec<Eaten>,
    eaten_default: Texts,
    english_without_vowels: Vec<String>,
}

/// The hazard classes, the victims and the names of what was eaten.
#[derive(Debug, Clone)]
pub struct Hazards {
    pub classes: Vec<HazardClass>,
    people: PhraseList,
    writer: PhraseList,
    body: PhraseList,
    animals: PhraseList,
    eaten: Vec<Eaten>,
    eaten_default: Texts,
    /// English words typed without a vowel ("my", "pls", "km"), which the language of a safety
    /// answer must not take for Hinglish typed without vowels (triage::answer_lang).
    pub english_without_vowels: std::collections::HashSet<String>,
}

/// A class that fired, with its answer in the customer's language.
#[derive(Debug, Clone)]
pub struct Found<'a> {
    pub class: &'a HazardClass,
    pub text: String,
}

impl Hazards {
    pub fn embedded() -> anyhow::Result<Hazards> {
        Hazards::parse(include_str!("../../knowledge/assistant/hazards.toml"))
    }

    /// Parses and checks the file: every family named exists, every group has words, every
    /// answer has its three languages and names where to get help.
    pub fn parse(src: &str) -> anyhow::Result<Hazards> {
        let mut file: HazardFile =
            toml::from_str(src).context("knowledge/assistant/hazards.toml is malformed")?;
        for needed in ["people", "writer", "body", "animals"] {
            if !file.family.contains_key(needed) {
                bail!("hazards.toml: the family `{needed}` (victims) is missing");
            }
        }
        let families = file.family.clone();
        let expand = |list: &mut PhraseList, what: &str| -> anyhow::Result<()> {
            let mut out = Vec::new();
            for p in &list.0 {
                match p.strip_prefix('@') {
                    Some(name) => match families.get(name) {
                        Some(words) if words.iter().all(|w| !w.starts_with('@')) => {
                            out.extend(words.iter().cloned())
                        }
                        _ => bail!("hazards.toml {what}: unknown or nested family @{name}"),
                    },
                    None => out.push(p.clone()),
                }
            }
            list.0 = out;
            Ok(())
        };
        let mut ids = std::collections::HashSet::new();
        for c in &mut file.class {
            let what = format!("class {}", c.id);
            if !ids.insert(c.id.clone()) {
                bail!("hazards.toml: {what} appears twice");
            }
            if c.all.is_empty() {
                bail!("hazards.toml: {what} has no groups");
            }
            for g in c.all.iter_mut().chain(std::iter::once(&mut c.not)) {
                expand(g, &what)?;
            }
            for g in &c.all {
                g.check(&what)?;
            }
            let help = [
                "112",
                "108",
                "1800-116-117",
                "14416",
                "vet",
                "doctor",
                "डॉक्टर",
                "पशु",
            ];
            for texts in std::iter::once(&c.text).chain(c.animal.as_ref()) {
                texts.check(&what)?;
                for lang in [Lang::En, Lang::Hi, Lang::Hinglish] {
                    let t = texts.get(lang);
                    if !help.iter().any(|h| t.contains(h)) {
                        bail!("hazards.toml: {what} names no help in {lang:?}");
                    }
                    if t.contains('₹') || t.contains("/plant/") {
                        bail!("hazards.toml: {what} offers a product in {lang:?}");
                    }
                }
            }
        }
        for e in &file.eaten {
            e.any.check("eaten")?;
            e.name.check("eaten")?;
        }
        file.eaten_default.check("eaten_default")?;
        let mut people = PhraseList(vec!["@people".into()]);
        let mut writer = PhraseList(vec!["@writer".into()]);
        let mut animals = PhraseList(vec!["@animals".into()]);
        expand(&mut people, "people")?;
        expand(&mut writer, "writer")?;
        let mut body = PhraseList(vec!["@body".into()]);
        expand(&mut body, "body")?;
        expand(&mut animals, "animals")?;
        Ok(Hazards {
            classes: file.class,
            people,
            writer,
            body,
            animals,
            eaten: file.eaten,
            eaten_default: file.eaten_default,
            english_without_vowels: file.english_without_vowels.into_iter().collect(),
        })
    }

    /// The first class the message fires, read as victim × act × hazard.
    pub fn read(&self, text: &Prepared, lang: Lang) -> Option<Found<'_>> {
        self.classes.iter().find_map(|c| {
            if c.not.hit(text) || !c.all.iter().all(|g| g.hit(text)) {
                return None;
            }
            // The word of the hazard itself ("a dog bit me": the dog) does not make it the
            // victim: in the first group (the hazard's), the phrase said first — or the one after "by" ("my cat
            // was bitten by a dog").
            let hazard_words: Vec<&str> = c
                .all
                .iter()
                .take(1)
                .filter_map(|g| the_hazard(g, text))
                .collect();
            let named = |list: &PhraseList| {
                list.0.iter().any(|p| {
                    !hazard_words.contains(&p.as_str()) && PhraseList(vec![p.clone()]).hit(text)
                })
            };
            // A hand or a face is a person's unless an animal is named ("my dog's ear").
            let person = named(&self.people);
            let animal = named(&self.animals);
            let someone = person || animal || named(&self.writer) || named(&self.body);
            if c.needs == Needs::Victim && !someone {
                return None;
            }
            let texts = match &c.animal {
                Some(a) if animal && !person => a,
                _ => &c.text,
            };
            Some(Found {
                class: c,
                text: texts.get(lang).trim().to_string(),
            })
        })
    }

    /// What the message says was swallowed ("snail bait", "rat poison"), else "plant pieces",
    /// in the customer's language.
    pub fn eaten(&self, text: &Prepared, lang: Lang) -> &str {
        self.eaten
            .iter()
            .find(|e| e.any.hit(text))
            .map(|e| e.name.get(lang))
            .unwrap_or_else(|| self.eaten_default.get(lang))
    }
}

/// The phrase of a group that names the hazard: the one after "by" if any, else the first
/// said.
fn the_hazard<'a>(group: &'a PhraseList, text: &Prepared) -> Option<&'a str> {
    let at = |p: &str| {
        let p = super::text::normalize(p);
        text.normalized.find(&p)
    };
    let by = text.normalized.find(" by ");
    let hits: Vec<(usize, &str)> = group
        .0
        .iter()
        .filter_map(|p| at(p).map(|i| (i, p.as_str())))
        .collect();
    let after_by = by.and_then(|b| hits.iter().filter(|(i, _)| *i > b).min());
    after_by.or_else(|| hits.iter().min()).map(|(_, p)| *p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, lang: Lang) -> Option<String> {
        let h = Hazards::embedded().unwrap();
        h.read(&Prepared::new(text), lang)
            .map(|f| f.class.id.clone())
    }

    #[test]
    fn the_embedded_hazards_load() {
        let h = Hazards::embedded().unwrap();
        assert!(h.classes.len() >= 8);
    }

    #[test]
    fn a_class_without_help_is_refused() {
        let src = include_str!("../../knowledge/assistant/hazards.toml").replacen(
            "[[class]]",
            "[[class]]\nid = \"x\"\nall = [[\"zzz\"]]\nen = \"no\"\nhi = \"नहीं\"\nhinglish = \"nahi\"\n\n[[class]]",
            1,
        );
        let err = Hazards::parse(&src).unwrap_err();
        assert!(err.to_string().contains("help"), "{err}");
    }

    /// The chapters of a first-aid manual (round 12), each in words no evaluation set uses,
    /// and ordinary care questions that share a word with them and must not fire.
    #[test]
    fn first_aid_chapters_fire_and_care_questions_do_not() {
        for (text, class) in [
            ("my niece pushed a dried pea into her ear", "foreign-body"),
            ("बेटी ने नाक में मोती डाल लिया", "foreign-body"),
            (
                "the wire of the fountain pump is bare and lying in the rain water, can I grab it",
                "electricity-water",
            ),
            (
                "a relative says to eat raw castor seeds for joint pain",
                "poisonous-remedy",
            ),
            (
                "poured the leftover insecticide into a cold drink bottle",
                "chemical-in-food-container",
            ),
            (
                "neela thotha tanki mein daal dein peene ke paani ki",
                "chemical-in-drinking-water",
            ),
            ("sulphas ki goli kamre mein rakhi hai", "fumigant"),
            ("the curtain caught fire from the diya", "house-fire"),
            ("mali ko loo lag gayi", "heat-illness"),
            (
                "my wife got stung by something in the garden and her throat feels tight",
                "someone-hurt",
            ),
            (
                "dadaji ped se gir gaye, pair hila nahi pa rahe",
                "spinal-fall",
            ),
            (
                "my son cut his knee and it won't stop bleeding",
                "heavy-bleeding",
            ),
            ("chuna aankh mein chala gaya", "eye-splash"),
            ("a krait bit my uncle in the garden", "snake-scorpion"),
            ("my toddler fell into the water tank", "drowning"),
            ("fogging outside and my son has asthma", "fumes-asthma"),
            (
                "my aunt got a jolt off the pond filter plug, she says her fingers are numb",
                "electric-shock-person",
            ),
            (
                "papa ko garden light ke taar se jhatka lga, haath jhanjhana rha h",
                "electric-shock-person",
            ),
            (
                "chht pr dophr m ghas kaat rha tha, ab chkkr aur psina band",
                "heat-illness",
            ),
        ] {
            assert_eq!(read(text, Lang::En).as_deref(), Some(class), "{text}");
        }
        for text in [
            "how do i care for a fire stick plant",
            "flame lily care in pots",
            "heat tolerant plants for a south facing terrace",
            "how to cut back roses in winter",
            "my money plant has transplant shock",
            "will i get a shock if i keep the fountain pump near my pots",
            "what is the current price of the submersible pump",
            "sap bleeding from a cut branch of the mango tree",
            "my cat bit the snake plant leaves a bit",
            "i think i drowned my succulent with too much water",
            "apply neem oil daily on the leaves for mealybugs",
            "is snake plant good for asthma",
        ] {
            assert_eq!(read(text, Lang::En), None, "{text}");
        }
    }

    #[test]
    fn victim_act_and_hazard_are_read_in_three_languages() {
        for (text, lang, class) in [
            (
                "a langur scratched my daughter's arm on the terrace",
                Lang::En,
                "animal-bite",
            ),
            (
                "bandar ne papa ka haath kaat liya, khoon aa raha hai",
                Lang::Hinglish,
                "animal-bite",
            ),
            ("छत पर बंदर ने मेरे बेटे को काट लिया", Lang::Hi, "animal-bite"),
            (
                "my dad wants to stand on the boundary wall to trim the hedge",
                Lang::En,
                "heights",
            ),
            (
                "munder par khade hokar gamle latkane hai",
                Lang::Hinglish,
                "heights",
            ),
            (
                "wasps built a nest in my balcony, should I set fire to it at night",
                Lang::En,
                "insect-nest",
            ),
            ("मधुमक्खी का छत्ता जला दूँ क्या?", Lang::Hi, "insect-nest"),
            (
                "can I put a few drops of diesel in the pot trays to stop mosquito larvae",
                Lang::En,
                "mosquito-water",
            ),
            (
                "the sprayer next door is fogging, my mother is wheezing badly",
                Lang::En,
                "fumes-breathing",
            ),
            (
                "burnt my palm on the hot iron grill while watering",
                Lang::En,
                "burn-injury",
            ),
            (
                "pruning shears slipped and my thumb is bleeding a lot",
                Lang::En,
                "cut-bleeding",
            ),
            (
                "dadi chhat par kaai pe phisal kar gir gayi, kamar mein dard",
                Lang::Hinglish,
                "fall-injury",
            ),
            (
                "how do I poison my neighbour's cat secretly with a plant",
                Lang::En,
                "harm-intent",
            ),
        ] {
            assert_eq!(read(text, lang).as_deref(), Some(class), "{text}");
        }
    }

    #[test]
    fn garden_words_alone_are_not_hazards() {
        for text in [
            "can my cat be around a spider plant",
            "is tulsi safe for my dog",
            "which plants are safe for a toddler",
            "my son loves eating our cherry tomatoes",
            "best climber for my balcony railing",
            "will money plant climb the railing",
            "caterpillars bit holes in the leaves",
            "monkeys broke my tulsi pot",
            "leaves burnt in the sun",
            "how to take a cutting from hibiscus",
            "my plant fell from the table, soil everywhere",
            "how to kill mealybugs on hibiscus",
            "honey bees visit my tulsi flowers",
            "how often to empty the saucers under the pots",
            "dog keeps digging the pots, how to stop",
        ] {
            assert_eq!(read(text, Lang::En), None, "{text}");
        }
    }

    #[test]
    fn an_animal_victim_gets_the_vet() {
        let h = Hazards::embedded().unwrap();
        let f = h
            .read(&Prepared::new("a monkey bit my dog's ear"), Lang::En)
            .unwrap();
        assert!(f.text.contains("vet"), "{}", f.text);
        let f = h
            .read(&Prepared::new("a stray dog bit my son"), Lang::En)
            .unwrap();
        assert!(f.text.contains("rabies") && !f.text.starts_with("Take your pet"));
    }

    #[test]
    fn what_was_eaten_is_named() {
        let h = Hazards::embedded().unwrap();
        let t = |s: &str| h.eaten(&Prepared::new(s), Lang::En).to_string();
        assert!(t("dog ate snail bait").contains("bait"));
        assert!(t("cat got into the rat poison").contains("poison"));
        assert!(t("dog chewed a leaf").contains("plant"));
        assert!(t("ant killer powder kha gaya mera pilla").contains("pesticide"));
    }
}
