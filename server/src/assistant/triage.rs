//! Safety first: emergencies (a child or pet that ate a plant, sap in an eye, pesticide
//! poisoning), dangerous chemicals, fertiliser overdoses and medical claims are answered with
//! first aid and where to get help before anything else, and never with a product. Myths are
//! corrected plainly right after. Rules and texts are data (`knowledge/assistant/`).

use super::knowledge::Species;
use super::lexicon::{Lang, Lexicons};
use super::text::Prepared;

/// The safety verdict on a message: which rule fired and the answer to give first.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub rule: String,
    pub text: String,
}

/// The first safety rule the message fires, with what is known about a plant it names.
pub fn triage(
    lex: &Lexicons,
    text: &Prepared,
    lang: Lang,
    plant: Option<&Species>,
) -> Option<Verdict> {
    let rule = lex.safety.iter().find(|r| r.fires(text))?;
    let note = plant.map(|s| plant_note(s, lang)).unwrap_or_default();
    let harmless = plant.is_some_and(|s| !(s.toxic_to_children || s.toxic_to_pets));
    let has_slot = rule.text.get(lang).contains("{plant_note}");
    // A plant known to be harmless: say so first, then what to do anyway.
    let body = if harmless && has_slot {
        format!(
            "{note}\n\n{}",
            rule.text.get(lang).replace("{plant_note}", "")
        )
    } else {
        rule.text.get(lang).replace("{plant_note}", &note)
    };
    Some(Verdict {
        rule: rule.id.clone(),
        text: body.trim().to_string(),
    })
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
        triage(&lex, &Prepared::new(text), lang, None)
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
        for (text, lang, rule) in [
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
        ] {
            let v = verdict(text, lang).unwrap_or_else(|| panic!("no verdict for {text}"));
            assert_eq!(v.rule, rule, "{text}");
            assert!(!v.text.contains('₹'), "{text}");
        }
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
        for (text, lang, rule) in [
            ("grandpa was munching the red berries off the ornamental bush, now he is throwing up", Lang::En, "person-ingestion-symptoms"),
            ("repotted my euphorbia yesterday, today my wrists and palms have a burning rash", Lang::En, "skin-reaction"),
            ("naukar ne keede ki dawa chhidakte hue saans li, ab sir chakra raha hai", Lang::Hinglish, "pesticide-exposure"),
            ("our hens pecked at the castor seeds", Lang::En, "other-animal-ingestion"),
            ("hamari gaay ne lantana kha liya, muh se jhaag aa raha hai", Lang::Hinglish, "other-animal-ingestion"),
            ("बेटे ने गुस्से में कीटनाशक पी लिया", Lang::Hi, "deliberate-poisoning"),
            ("my wife threatened to drink the pesticide", Lang::En, "self-harm-threat"),
            ("spraying chlorpyrifos with no mask on the terrace is fine right", Lang::En, "unsafe-spray-plan"),
        ] {
            let v = verdict(text, lang).unwrap_or_else(|| panic!("no verdict for {text}"));
            assert_eq!(v.rule, rule, "{text}");
            assert!(!v.text.contains('₹'), "{text}");
        }
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
