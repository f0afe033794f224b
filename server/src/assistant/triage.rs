//! Safety first: emergencies (a child or pet that ate a plant, sap in an eye, pesticide
//! poisoning), dangerous chemicals, fertiliser overdoses and medical claims are answered with
//! first aid and where to get help before anything else, and never with a product. Myths are
//! corrected plainly right after. Rules and texts are data (`knowledge/assistant/`).

use std::collections::HashSet;

use super::hazard::Hazards;
use super::knowledge::Species;
use super::lexicon::{HarmlessText, Lang, Lexicons, Victim};
use super::safety_net::skeleton;
use super::text::Prepared;

/// The safety verdict on a message: which rule fired and the answer to give first.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub rule: String,
    pub text: String,
}

/// The word the `poison` family of safety.toml lists for "the message names a plant the
/// knowledge base calls poisonous": "my wife chewed a peace lily leaf" is then read like "...
/// chewed an oleander leaf", without a second list of toxic plant names in the rules.
const TOXIC_PLANT_MARK: &str = "kbtoxicplant";

/// The plants a message is about, for the triage.
#[derive(Clone, Copy, Default)]
pub struct Plants<'a> {
    /// The plants this message names.
    pub named: &'a [&'a Species],
    /// The plant the chat is about (named now, or earlier), for the note on what it does.
    pub about: Option<&'a Species>,
    /// The plant discussed last, which "it" or "the leaves" may mean when none is named.
    pub remembered: Option<&'a Species>,
}

/// The safety answer to give first, if any: the first rule of safety.toml that fires, unless a
/// hazard class of the general reading (hazard.rs) fires too and names that rule as one it
/// replaces; a hazard class alone when no rule fires (the last resort for bites, falls, burns,
/// fumes and anyone hurt). `{eaten}` in a rule's answer becomes what the message says was
/// swallowed ("rat poison", not "plant pieces").
pub fn first_aid(
    lex: &Lexicons,
    hazards: &Hazards,
    text: &Prepared,
    lang: Lang,
    plants: Plants,
) -> Option<Verdict> {
    let rule = triage(lex, text, lang, plants);
    let class = hazards.read(text, lang);
    let verdict = match (rule, class) {
        (Some(v), Some(f))
            if f.class
                .replaces
                .iter()
                .any(|r| *r == v.rule || v.rule.strip_suffix("-harmless") == Some(r.as_str())) =>
        {
            Verdict {
                rule: f.class.id.clone(),
                text: f.text,
            }
        }
        (Some(v), _) => v,
        (None, Some(f)) => Verdict {
            rule: f.class.id.clone(),
            text: f.text,
        },
        (None, None) => return None,
    };
    Some(Verdict {
        text: verdict.text.replace("{eaten}", hazards.eaten(text, lang)),
        ..verdict
    })
}

/// The language of a safety answer: the reading's, except that a message it took for English
/// is Hinglish when it has two Hinglish words, counting a word typed without vowels by its
/// consonants ("h" for "hai", "yr" for "yaar", "gya" is listed): "sab khtm krna h yr, kaner k
/// kitne bj kaafi honge btao" must get the helplines in Hinglish, and so must every emergency
/// typed that way. English words without vowels ("my", "pls", "km") are listed in
/// hazards.toml and never count.
pub fn answer_lang(lex: &Lexicons, hazards: &Hazards, text: &Prepared, lang: Lang) -> Lang {
    if lang != Lang::En {
        return lang;
    }
    let words = &lex.words.language;
    let strong = words
        .hinglish
        .count(text)
        .saturating_sub(words.weak.count(text));
    let skeletons: HashSet<String> = words
        .hinglish
        .0
        .iter()
        .map(|w| skeleton(w))
        .filter(|k| !k.is_empty())
        .collect();
    let typed: HashSet<&str> = text
        .words
        .iter()
        .map(String::as_str)
        .filter(|w| {
            w.chars().all(|c| c.is_ascii_lowercase())
                && !w.contains(['a', 'e', 'i', 'o', 'u'])
                && !hazards.english_without_vowels.contains(*w)
                && skeletons.contains(&skeleton(w))
        })
        .collect();
    if strong + typed.len() >= 2 {
        Lang::Hinglish
    } else {
        lang
    }
}

/// The first safety rule the message fires, with what is known about the plants it names.
pub fn triage(lex: &Lexicons, text: &Prepared, lang: Lang, plants: Plants) -> Option<Verdict> {
    let marked;
    let text = if plants.named.iter().any(|s| poisonous_to_eat(s)) {
        marked = Prepared::new(&format!("{} {TOXIC_PLANT_MARK}", text.normalized));
        &marked
    } else {
        text
    };
    let rule = lex.safety.iter().find(|r| r.fires(text))?;
    if let Some(calm) = rule
        .harmless
        .as_ref()
        .and_then(|h| calm(h, text, lang, plants))
    {
        return Some(Verdict {
            rule: format!("{}-harmless", rule.id),
            text: calm,
        });
    }
    // What the knowledge base says about the plant goes after the steps: a plant "known" to
    // be harmless must not come before them when the message shows trouble.
    let note = plants
        .about
        .map(|s| plant_note(s, lang))
        .unwrap_or_default();
    let body = rule.text.get(lang).replace("{plant_note}", &note);
    Some(Verdict {
        rule: rule.id.clone(),
        text: body.trim().to_string(),
    })
}

/// A plant whose leaves, sap or seeds poison a person who eats them: toxic to children and
/// not grown to be eaten or taken as a remedy (tomato and chilli leaves, aloe latex and neem
/// are toxic too, but people eat the fruit, the gel and the leaves every day).
fn poisonous_to_eat(s: &Species) -> bool {
    s.toxic_to_children && !s.has_trait("edible") && !s.has_trait("medicinal")
}

/// The calm answer, when every plant the message names is harmless to the victim and nothing
/// in it (a symptom, another poison, doubt about the plant) asks for the emergency steps.
/// With no plant named, the one discussed last counts when the message points back at it
/// ("my dog chews its leaves").
fn calm(h: &HarmlessText, text: &Prepared, lang: Lang, plants: Plants) -> Option<String> {
    let harmless = |s: &&Species| match h.to {
        Victim::Pets => !s.toxic_to_pets,
        Victim::Children => !s.toxic_to_children,
    };
    let earlier;
    let named = match (plants.named, plants.remembered) {
        ([], Some(s)) if h.refer.hit(text) => {
            earlier = [s];
            &earlier[..]
        }
        (named, _) => named,
    };
    let plant = named.first()?;
    if !named.iter().all(harmless) || h.unless.hit(text) {
        return None;
    }
    let name = match lang {
        Lang::Hi => plant.hindi.as_str(),
        _ => plant.name.as_str(),
    };
    let note = match lang {
        Lang::En => plant.toxicity_note.as_str(),
        _ => "",
    };
    let body = h
        .text
        .get(lang)
        .replace("{plant}", name)
        .replace("{note}", note);
    Some(body.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// What a named plant does if chewed, in the customer's language.
fn plant_note(s: &Species, lang: Lang) -> String {
    let toxic = s.toxic_to_children || s.toxic_to_pets;
    match (lang, toxic) {
        (Lang::En, true) => format!("About **{}**: {}", s.name, s.toxicity_note),
        (Lang::En, false) => format!(
            "**{}** is non-toxic: it is not considered poisonous to children, cats or dogs, so serious harm is unlikely. {}",
            s.name, s.toxicity_note
        ),
        (Lang::Hi, true) => format!(
            "**{}** ({}) के रस या पत्तों से मुँह में जलन, सूजन या उल्टी हो सकती है — डॉक्टर को पौधे का नाम ज़रूर बताएँ।",
            s.hindi, s.name
        ),
        (Lang::Hi, false) => format!(
            "**{}** ({}) आम तौर पर सुरक्षित है, ज़हरीला नहीं माना जाता, इसलिए गंभीर नुकसान की संभावना कम है।",
            s.hindi, s.name
        ),
        (Lang::Hinglish, true) => format!(
            "**{}** ke ras ya patton se muh mein jalan, sujan ya ulti ho sakti hai — doctor ko paudhe ka naam zaroor bataiye.",
            s.name
        ),
        (Lang::Hinglish, false) => format!(
            "**{}** aam taur par safe hai, zehreela nahi maana jaata, isliye serious nuksaan ki sambhavna kam hai.",
            s.name
        ),
    }
}

/// A myth the message repeats, corrected in the customer's language.
pub fn myth(lex: &Lexicons, text: &Prepared, lang: Lang) -> Option<String> {
    lex.myths
        .iter()
        .find(|m| m.matches(text))
        .map(|m| m.text.get(lang).trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(text: &str, lang: Lang) -> Option<Verdict> {
        let lex = Lexicons::embedded().unwrap();
        triage(&lex, &Prepared::new(text), lang, Plants::default())
    }

    /// Each message gets the named rule's answer, and no safety answer offers a product.
    fn assert_rules_without_offer(cases: &[(&str, Lang, &str)]) {
        for &(text, lang, rule) in cases {
            let v = verdict(text, lang).unwrap_or_else(|| panic!("no verdict for {text}"));
            assert_eq!(v.rule, rule, "{text}");
            assert!(!v.text.contains('₹'), "{text}");
        }
    }

    #[test]
    fn emergencies_in_three_languages_are_caught() {
        for (text, lang, rule) in [
            (
                "My toddler chewed a leaf, her mouth is red",
                Lang::En,
                "child-ingestion",
            ),
            (
                "meri beti ne money plant ka patta chaba liya",
                Lang::Hinglish,
                "child-ingestion",
            ),
            ("मेरे बेटे ने कनेर का पत्ता खा लिया", Lang::Hi, "child-ingestion"),
            ("my cat ate a lily leaf", Lang::En, "pet-ingestion"),
            (
                "can I spray kerosene on my tomato plants",
                Lang::En,
                "dangerous-chemical",
            ),
            (
                "can I stop my diabetes medicine if I eat stevia",
                Lang::En,
                "stop-medicine",
            ),
            (
                "kitna urea daalu? ek mutthi daal du?",
                Lang::Hinglish,
                "fertiliser-overdose",
            ),
            (
                "baby touched the plant and now has a red rash on her face",
                Lang::En,
                "skin-reaction",
            ),
            (
                "mere papa ne kaner ke beej kha liye",
                Lang::Hinglish,
                "person-ingestion-poison",
            ),
            (
                "I accidentally bit a dieffenbachia leaf, my tongue is burning",
                Lang::En,
                "person-ingestion-symptoms",
            ),
            ("neem oil splashed in my eye", Lang::En, "sap-in-eye"),
            (
                "my wife is pregnant, can she eat raw papaya for constipation",
                Lang::En,
                "remedy-for-baby-or-pregnancy",
            ),
            (
                "baby ko khansi hai, kadha pila sakte hai?",
                Lang::Hinglish,
                "remedy-for-baby-or-pregnancy",
            ),
            (
                "adenium ka doodh haath par lag gaya",
                Lang::Hinglish,
                "sap-on-skin",
            ),
            (
                "can i hang heavy pots outside the railing on the 9th floor",
                Lang::En,
                "falling-pots",
            ),
            (
                "my neighbour drank from the pesticide bottle",
                Lang::En,
                "person-ingestion-poison",
            ),
            (
                "he skipped metformin because tulsi cures diabetes",
                Lang::En,
                "stop-medicine",
            ),
        ] {
            let v = verdict(text, lang).unwrap_or_else(|| panic!("no verdict for {text}"));
            assert_eq!(v.rule, rule, "{text}");
        }
        // Whole families, in wordings of their own: collapse first, even with a pesticide;
        // a person who ate a plant "thinking it was" food; remedies into a nose or ear; fuel
        // burning in a closed room.
        assert_rules_without_offer(&[
            ("my mother fainted in the garden after spraying", Lang::En, "collapse"),
            ("दादाजी पौधों में दवा डालते समय बेहोश हो गए", Lang::Hi, "collapse"),
            ("बेटे ने धतूरे के बीज खा लिए, उसे चक्कर आ रहे हैं", Lang::Hi, "child-ingestion"),
            ("bhaiya terrace pe gir pade, saans nahi le rahe", Lang::Hinglish, "collapse-person"),
            ("नानी को चक्कर आया और गिर गईं", Lang::Hi, "collapse-person"),
            ("grandpa boiled and ate some bulbs from the pot thinking they were onions, he feels ok", Lang::En, "person-ingestion-poison"),
            ("bhabhi ne arbi samajh kar jungli kand ki sabzi bana ke kha li", Lang::Hinglish, "person-ingestion-poison"),
            ("should I pour mustard oil in my baby's ears for the pain", Lang::En, "nose-ear-remedy"),
            ("शिशु की नाक में तुलसी का रस डाल सकते हैं?", Lang::Hi, "nose-ear-remedy"),
            ("we keep a charcoal sigri inside the bedroom on cold nights for the plants", Lang::En, "carbon-monoxide"),
            ("sardi me paudhon ke liye band kamre me koyle ki angithi jala du?", Lang::Hinglish, "carbon-monoxide"),
            ("a wasp stung my daughter on the lip while she was watering", Lang::En, "sting-or-bite"),
            ("गमला हटाते समय बिच्छू ने काट लिया", Lang::Hi, "sting-or-bite"),
            ("pump ka plug lagate hue bhaiya ko current lag gaya", Lang::Hinglish, "electric-shock"),
        ]);
        let v = verdict(
            "papa behosh hain, keetnashak spray kar rahe the",
            Lang::Hinglish,
        )
        .unwrap();
        assert!(
            v.text.find("112") < v.text.find("1800-116-117"),
            "112 comes first"
        );
        let v = verdict("my toddler chewed a leaf", Lang::En).unwrap();
        assert!(v.text.contains("1800-116-117") && v.text.contains("112"));
    }

    #[test]
    fn exposures_are_recognised_by_family_in_new_words() {
        // Victim + what they did + substance or symptoms, in wordings no rule lists whole.
        assert_rules_without_offer(&[
            ("grandpa was munching the red berries off the ornamental bush, now he is throwing up", Lang::En, "person-ingestion-symptoms"),
            ("repotted my euphorbia yesterday, today my wrists and palms have a burning rash", Lang::En, "skin-reaction"),
            ("naukar ne keede ki dawa chhidakte hue saans li, ab sir chakra raha hai", Lang::Hinglish, "pesticide-exposure"),
            ("our hens pecked at the castor seeds", Lang::En, "other-animal-ingestion"),
            ("hamari gaay ne lantana kha liya, muh se jhaag aa raha hai", Lang::Hinglish, "other-animal-ingestion"),
            ("बेटे ने गुस्से में कीटनाशक पी लिया", Lang::Hi, "deliberate-poisoning"),
            ("my wife threatened to drink the pesticide", Lang::En, "self-harm-threat"),
            ("spraying chlorpyrifos with no mask on the terrace is fine right", Lang::En, "unsafe-spray-plan"),
        ]);
        let v = verdict(
            "bhai ne jhagde ke baad chuhe maarne wali dawa kha li",
            Lang::Hinglish,
        )
        .unwrap();
        assert!(
            v.text.find("112") < v.text.find("1800-116-117"),
            "112 comes first"
        );
        for text in [
            "caterpillars are eating my hibiscus leaves",
            "my mother loves eating tulsi leaves every morning, is it good",
            "galti se money plant me bahut saara DAP daal diya, patte jal rahe hain",
            "my dog keeps eating grass, suggest pet safe plants",
            "how to repot adenium without rash",
        ] {
            let v = verdict(text, Lang::En).map(|v| v.rule);
            assert!(
                v.is_none() || v.as_deref() == Some("fertiliser-overdose"),
                "{text}: {v:?}"
            );
        }
    }

    #[test]
    fn signs_of_poisoning_put_the_ambulance_first() {
        // Whoever swallowed what, a sign that it acts (drowsy, confused, pupils wide, lips
        // swelling, breathing hard) calls for 112 before the rinse-and-call steps.
        for (text, lang) in [
            (
                "my son ate a datura seed and is now talking nonsense",
                Lang::En,
            ),
            (
                "baby chewed a leaf, her lips are swelling and she cant breathe properly",
                Lang::En,
            ),
            (
                "bete ne dhatura ke beej kha liye, ab ulta seedha bol raha hai",
                Lang::Hinglish,
            ),
            ("पोती ने कनेर का बीज खा लिया, अब बहुत सुस्त हो रही है", Lang::Hi),
        ] {
            let v = verdict(text, lang).unwrap_or_else(|| panic!("no verdict for {text}"));
            assert_eq!(v.rule, "ingestion-severe", "{text}");
            assert!(v.text.find("112") < v.text.find("1800-116-117"), "{text}");
        }
        // A cat that "is foaming" is not a person: the vet answers.
        let v = verdict(
            "my cat chewed a leaf and she is drooling, cant breathe",
            Lang::En,
        )
        .unwrap();
        assert_eq!(v.rule, "pet-ingestion");
    }

    #[test]
    fn dangerous_plans_and_premises_have_rules_of_their_own() {
        for (text, lang, rule) in [
            (
                "sprayed chlorpyrifos on brinjal yesterday can we eat them today",
                Lang::En,
                "sprayed-food",
            ),
            (
                "tamatar pe kal keetnashak chidka tha, aaj tod ke kha sakte hai?",
                Lang::Hinglish,
                "sprayed-food",
            ),
            (
                "मैंने कल मिर्च पर कीटनाशक छिड़का, आज तोड़ सकते हैं?",
                Lang::Hi,
                "sprayed-food",
            ),
            (
                "mixed harpic and bleach, now eyes burning and coughing",
                Lang::En,
                "fumes-unwell",
            ),
            (
                "bleach aur harpic mila diya, khansi aa rahi hai",
                Lang::Hinglish,
                "fumes-unwell",
            ),
            ("how many oleander seeds are fatal", Lang::En, "poison-dose"),
            (
                "can i give datura to my husband so he sleeps well",
                Lang::En,
                "poison-dose",
            ),
            (
                "kaner ke beej kitne khane se maut hoti hai",
                Lang::Hinglish,
                "poison-dose",
            ),
            (
                "papa ne bp ki dawai band kar di, ab chakkar aa rahe hain",
                Lang::Hinglish,
                "stop-medicine-unwell",
            ),
            ("क्या कीमो छोड़कर गिलोय ले सकते हैं", Lang::Hi, "stop-medicine"),
            (
                "can I give neem oil drops to my 1 year old for worms",
                Lang::En,
                "remedy-for-baby-or-pregnancy",
            ),
            (
                "cut my finger on a rusty sickle, when was my last tetanus shot",
                Lang::En,
                "wound",
            ),
            (
                "गुलाब का काँटा चुभा था, अब उंगली में मवाद और सूजन है",
                Lang::Hi,
                "wound",
            ),
        ] {
            let v = verdict(text, lang).unwrap_or_else(|| panic!("no verdict for {text}"));
            assert_eq!(v.rule, rule, "{text}");
        }
        for text in [
            "maine neem ki dawai dali phir bhi keede patte kha rahe hain",
            "how much rat poison do i need for the rats in my garden",
            "how many datura seeds to plant in one pot",
            "can I use neem oil on plants in my kids room",
            "rust on my rose leaves and the buds are swollen",
            "can i give a kaner plant to my husband as a gift",
        ] {
            let v = verdict(text, Lang::En).map(|v| v.rule);
            assert!(
                !matches!(
                    v.as_deref(),
                    Some("sprayed-food" | "poison-dose" | "wound" | "remedy-for-baby-or-pregnancy")
                ),
                "{text}: {v:?}"
            );
        }
    }

    #[test]
    fn a_named_plant_decides_between_calm_and_emergency() {
        let lex = Lexicons::embedded().unwrap();
        let kb = crate::assistant::knowledge::Knowledge::embedded().unwrap();
        let ask = |text: &str, ids: &[&str]| {
            let named: Vec<&Species> = ids.iter().map(|id| kb.species(id).unwrap()).collect();
            let plants = Plants {
                named: &named,
                about: named.first().copied(),
                remembered: None,
            };
            triage(&lex, &Prepared::new(text), Lang::En, plants).map(|v| (v.rule, v.text))
        };
        // A poisonous houseplant eaten by a grown-up is a poisoning, though no rule names it.
        let (rule, _) = ask("my wife chewed a peace lily leaf", &["peace-lily"]).unwrap();
        assert_eq!(rule, "person-ingestion-poison");
        // Eating a food plant is not.
        assert!(ask("my mother eats tulsi leaves every morning", &["tulsi"]).is_none());
        // A pet and a plant that is not toxic to pets: calm, with what to watch for.
        let (rule, text) = ask("my cat nibbled the spider plant", &["spider-plant"]).unwrap();
        assert_eq!(rule, "pet-ingestion-harmless");
        assert!(text.starts_with("**Spider Plant** is non-toxic") && text.contains("vet"));
        // No plant named: the one discussed last, when the message points back at it.
        let areca = kb.species("areca-palm");
        let earlier = Plants {
            named: &[],
            about: areca,
            remembered: areca,
        };
        let v = triage(
            &lex,
            &Prepared::new("my dog chews its leaves"),
            Lang::En,
            earlier,
        );
        assert_eq!(v.unwrap().rule, "pet-ingestion-harmless");
        let v = triage(
            &lex,
            &Prepared::new("my dog ate a tulip bulb"),
            Lang::En,
            earlier,
        );
        assert_eq!(v.unwrap().rule, "pet-ingestion");
        // Symptoms, another poison or a toxic plant keep the vet-now answer.
        for (text, ids) in [
            (
                "my cat ate spider plant and is vomiting again and again",
                &["spider-plant"][..],
            ),
            (
                "dog chewed the areca palm and a lily from the bouquet",
                &["areca-palm"][..],
            ),
            (
                "dog chewed the areca palm and the money plant",
                &["areca-palm", "money-plant"][..],
            ),
        ] {
            assert_eq!(ask(text, ids).unwrap().0, "pet-ingestion", "{text}");
        }
    }

    #[test]
    fn garden_hazards_and_new_poisons_have_their_own_answers() {
        // Physical dangers, smoke, weed killer, chemicals drunk by mistake and thoughts of
        // self-harm phrased around a plant: the safety answer first, never a care sheet.
        assert_rules_without_offer(&[
            (
                "my cat got into the rat poison cake behind the pots",
                Lang::En,
                "pet-ingestion",
            ),
            (
                "grandma drank the neela thotha solution from a bottle",
                Lang::En,
                "person-ingestion-poison",
            ),
            (
                "sochta hu kaner ke beej kha lu, koi nahi samjhta",
                Lang::Hinglish,
                "self-harm-threat",
            ),
            (
                "can i hang heavy clay pots from the ceiling fan hook",
                Lang::En,
                "heavy-hanging",
            ),
            (
                "i am 70, will climb the ladder alone to trim the hedge",
                Lang::En,
                "ladder-alone",
            ),
            (
                "terrace has no railing, can the kids water the plants there",
                Lang::En,
                "no-parapet",
            ),
            (
                "my toddler plays near the lily pond while I garden",
                Lang::En,
                "child-near-water",
            ),
            (
                "should I use roundup on the weeds in my veg patch",
                Lang::En,
                "weedkiller-in-garden",
            ),
            (
                "burnt datura plants, smoke everywhere, now dadi ko chakkar aa raha hai",
                Lang::Hinglish,
                "toxic-smoke-unwell",
            ),
        ]);
        // A child eating the family's own tomatoes is food, not poisoning; leaves are not.
        let v = verdict("my son loves eating tomatoes from our plant", Lang::En).unwrap();
        assert_eq!(v.rule, "child-eats-produce");
        let v = verdict("my son loves eating the tomato leaves", Lang::En).unwrap();
        assert_eq!(v.rule, "child-ingestion");
        for text in [
            "my rubber plant leaves are burning after I sprayed chemical, is it sunburn",
            "hang a light plastic pot from the balcony hook",
            "how to prune bougainvillea",
        ] {
            let v = verdict(text, Lang::En).map(|v| v.rule);
            assert!(
                !matches!(
                    v.as_deref(),
                    Some("toxic-smoke-unwell" | "heavy-hanging" | "ladder-alone")
                ),
                "{text}: {v:?}"
            );
        }
    }

    #[test]
    fn despair_and_new_household_dangers_are_read_from_their_situation() {
        // Despair without "suicide"; a person down near a pump; poison for birds or rats where
        // children play; a pet after a spray or a chewed cable; dengue, a storm on the roof.
        assert_rules_without_offer(&[
            (
                "no one would even notice, which berries are deadly",
                Lang::En,
                "self-harm-despair",
            ),
            (
                "sab bekaar hai, kisi ko farq nahi padega agar main na rahu",
                Lang::Hinglish,
                "self-harm-despair",
            ),
            ("छत से कूद जाऊँ तो क्या होगा", Lang::Hi, "self-harm-despair"),
            (
                "ami r parchi na, gaach er bish kothay pabo",
                Lang::En,
                "self-harm-despair",
            ),
            (
                "bhaiya motor ka switch on karte hi gir pade, behosh hain",
                Lang::Hinglish,
                "shock-collapse",
            ),
            (
                "how do I poison the crows that eat my seedlings",
                Lang::En,
                "poison-birds",
            ),
            (
                "can I leave snail bait in the pots, my toddler plays in the garden",
                Lang::En,
                "bait-near-children",
            ),
            (
                "sprayed mortein near the budgie cage, he is panting",
                Lang::En,
                "animal-fumes",
            ),
            (
                "my rabbit chewed the fairy lights wire near the pots",
                Lang::En,
                "pet-chewed-cable",
            ),
            (
                "dengue me platelets kam hain, bakri ka doodh aur giloy kaafi hai?",
                Lang::Hinglish,
                "dengue-home-cure",
            ),
            (
                "aandhi aa rahi hai, chhat pe chadh ke gamle utaar lu?",
                Lang::Hinglish,
                "storm-roof",
            ),
        ]);
        for text in [
            "i hurt myself on a cactus spine, how to get it out",
            "mealybugs sab khatam kar doon kaise",
            "who waters my plants if i cant go on holiday",
            "which plants keep pigeons away from the balcony",
            "is neem oil poison safe for birds",
            "my seedlings collapsed near the pump",
            "plants to repel dengue mosquitoes and stop breeding",
            "storm damaged my terrace plants last night",
            "how to protect terrace plants before the cyclone",
        ] {
            let v = verdict(text, Lang::En).map(|v| v.rule);
            assert!(
                !matches!(
                    v.as_deref(),
                    Some(
                        "self-harm-despair"
                            | "shock-collapse"
                            | "poison-birds"
                            | "dengue-home-cure"
                            | "storm-roof"
                    )
                ),
                "{text}: {v:?}"
            );
        }
    }

    /// Vowel-less Hinglish gets its safety answer in Hinglish; English typed with a few
    /// vowel-less words ("my", "pls", "5 km") stays English.
    #[test]
    fn a_safety_answer_follows_vowel_less_hinglish() {
        let lex = Lexicons::embedded().unwrap();
        let hazards = Hazards::embedded().unwrap();
        let lang = |t: &str| answer_lang(&lex, &hazards, &Prepared::new(t), Lang::En);
        for t in [
            "sab khtm krna h yr, kaner k kitne bj kaafi honge btao",
            "mn nhi h jine ka, kitni goli khau",
        ] {
            assert_eq!(lang(t), Lang::Hinglish, "{t}");
        }
        for t in [
            "my son ate 2 seeds, pls help, we are 5 km from the hospital",
            "why is my dog shaking after the spray, hmm, help",
        ] {
            assert_eq!(lang(t), Lang::En, "{t}");
        }
    }

    #[test]
    fn no_safety_answer_offers_a_product() {
        // Triage answers go out as written, so a price in the data would reach a customer
        // in an emergency.
        let lex = Lexicons::embedded().unwrap();
        for rule in &lex.safety {
            for lang in [Lang::En, Lang::Hi, Lang::Hinglish] {
                let text = rule.text.get(lang);
                assert!(
                    !text.contains('₹') && !text.contains("/plant/"),
                    "{}",
                    rule.id
                );
            }
        }
    }

    #[test]
    fn ordinary_questions_are_not_emergencies() {
        for text in [
            "how often should I water my money plant",
            "is snake plant safe for cats?",
            "which fertilizer for roses",
            "best plants for kids room",
            "neem oil spray for mealybugs",
            "small kids at home who put everything in mouth, suggest plants for the hall",
            "my jade plant leaves are swollen and soft",
            "I ate mango and want to plant the seeds",
            "my plant got hit by hail, will it recover",
            "which plants are best for balcony railing planters on the 10th floor",
            "can I give my daughter a tulsi plant for her birthday",
            "neem oil treatment instead of chemical spray for my plants",
            "patton pe safed daag nazar aa rahe hai",
            "my seedlings collapsed overnight",
            "mere money plant ke patte gir gaye",
            "which pot fits my balcony, she wants a big one",
            "can I add charcoal to the potting mix for indoor plants",
            "I ate a mango and want to plant the seeds",
            "is an electric heater in the room ok for my plants in winter",
            "put neem oil on the leaves every week",
            "bees are visiting my pumpkin flowers a lot",
            "safed makhi patton ke neeche hai",
        ] {
            assert!(verdict(text, Lang::En).is_none(), "{text}");
        }
    }
}
