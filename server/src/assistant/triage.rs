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
        let v = verdict("my toddler chewed a leaf", Lang::En).unwrap();
        assert!(v.text.contains("1800-116-117") && v.text.contains("112"));
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
        ] {
            assert!(verdict(text, Lang::En).is_none(), "{text}");
        }
    }
}
