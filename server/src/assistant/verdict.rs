//! A verdict for a yes/no question that no direct answer covered ("can tulsi live indoors?",
//! "is 2 hours of sun enough for hibiscus?", "can it stay out at 4 degrees?"): what the
//! customer proposes is compared with the species' structured care — light level, watering
//! interval, lowest temperature, toxicity — so the answer begins with Yes or No. The words that
//! tell what is proposed are data (`lexicon.toml`, `[verdict]`).

use super::direct::{self, Situation, Watering};
use super::knowledge::LightWish;
use super::knowledge::{LightLevel, Species};
use super::lexicon::{Lang, PhraseList, VerdictWords};
use super::reading::Zone;
use super::season::Season;
use super::text::Prepared;

/// What is known about the conversation when a verdict is derived.
pub struct Context<'a> {
    pub words: &'a VerdictWords,
    pub watering: &'a Watering,
    pub season: Season,
    pub zone: Option<(&'a str, Zone)>,
    pub lang: Lang,
    pub habit_hours: Option<u32>,
    /// Pets or children named in this message ("safe for my cat?").
    pub pets: bool,
    pub children: bool,
    /// Pets or children the customer told about earlier ("I have a cat" … "is aloe ok?").
    pub remembered_pets: bool,
    pub remembered_children: bool,
    /// The light of the place the customer described earlier ("my balcony gets no sun").
    pub remembered_light: Option<LightWish>,
}

/// Whether the first sentence of an answer already gives a verdict.
pub fn begins_with_verdict(words: &VerdictWords, answer: &str) -> bool {
    let text = answer.trim().replace(['*', '#', '_'], "");
    let end = text
        .char_indices()
        .find(|&(i, c)| {
            let next = text[i + c.len_utf8()..].chars().next();
            c == '\n'
                || c == '।'
                || (matches!(c, '.' | '?' | '!') && next.is_none_or(char::is_whitespace))
        })
        .map_or(text.len(), |(i, _)| i);
    words.first.hit(&Prepared::new(&text[..end]))
}

/// The verdict line, or None when the question proposes nothing the care data can judge.
pub fn derive(s: &Species, text: &Prepared, cx: &Context) -> Option<String> {
    let w = cx.words;
    if let Some(hours) = cx.habit_hours {
        let sit = situation(cx, Some(hours));
        let t = direct::watering(cx.watering, s, &sit)?;
        return t.split("\n\n").next().map(str::to_string);
    }
    if w.mist.hit(text) {
        return Some(mist(s, cx.lang));
    }
    if let Some(degrees) = number_with_unit(text, &w.degrees) {
        if degrees >= 35.0 {
            return Some(heat(s, degrees, cx.lang));
        }
        return Some(cold(s, degrees, cx.lang));
    }
    // "Is it ok / fine where my baby crawls?": with a child or a pet in the question, being
    // fine means being safe.
    let asks_safe = w.safe.hit(text) || w.fine.hit(text);
    // Someone who chews leaves (a grandmother with dementia as much as a toddler): safe for
    // them is non-toxic to people.
    let person_chews = w.chews.hit(text) && !cx.pets;
    if w.toxic.hit(text) || (asks_safe && (cx.pets || cx.children || person_chews)) {
        let children = (cx.children || person_chews) && !cx.pets;
        if w.toxic.hit(text) {
            return Some(is_toxic(s, children, cx.lang));
        }
        return Some(direct::toxicity(s, cx.lang, children));
    }
    // "Is it ok for my living room?" after "I have two cats": a plant that is toxic to them
    // is a No wherever it stands; a harmless one is judged on what was asked below.
    let remembered_child = cx.remembered_children && !cx.remembered_pets;
    let remembered_toxic = if remembered_child {
        s.toxic_to_children
    } else {
        cx.remembered_pets && s.toxic_to_pets
    };
    if remembered_toxic && asks_safe {
        return Some(direct::toxicity(s, cx.lang, remembered_child));
    }
    if let Some(hours) = number_with_unit(text, &w.hours) {
        return Some(sun_hours(s, hours, cx.lang));
    }
    if w.protect.hit(text) && w.winter.hit(text) {
        return Some(frost_protection(s, cx.zone, cx.lang));
    }
    if w.outside.hit(text) && w.winter.hit(text) {
        return Some(winter_outside(s, cx.zone, cx.lang));
    }
    // "Without direct sun indoors" rules strong sun out: judged as shade below.
    if w.strong_sun.hit(text) && !w.without.hit(text) {
        let ok = s.light_level == LightLevel::FullSun || s.has_trait("full-sun");
        return Some(light_line(s, ok, cx.lang));
    }
    if w.shade.hit(text) {
        return Some(light_line(s, s.light_level <= LightLevel::Medium, cx.lang));
    }
    if w.sun.hit(text) {
        return Some(light_line(s, s.light_level >= LightLevel::Bright, cx.lang));
    }
    // "Will hibiscus flower there?" after "my balcony faces north and gets no direct sun":
    // judged by the light of the place described before.
    if let Some(light) = cx
        .remembered_light
        .filter(|_| w.there.hit(text) || w.grow.hit(text))
    {
        let ok = match light {
            LightWish::Low => s.light_level <= LightLevel::Medium,
            LightWish::Sun => s.light_level >= LightLevel::Bright || s.has_trait("full-sun"),
        };
        return Some(light_line(s, ok, cx.lang));
    }
    // "Does ixora like acidic soil?": yes for the few whose soil is slightly acidic.
    if w.acid_soil.hit(text) {
        return Some(acid_soil(s, cx.lang));
    }
    // "Can it be grown from a leaf?" before "in a pot", since both speak of growing.
    if w.propagate.hit(text) {
        return Some(propagation(s, w.leaf.hit(text), cx.lang));
    }
    if w.remove.hit(text) && w.spent.hit(text) {
        return Some(remove_spent(s, cx.lang));
    }
    if w.pot.hit(text) && w.grow.hit(text) {
        return Some(in_a_pot(s, w.small.hit(text), cx.lang));
    }
    // "Is it ok?" after the customer said they have a cat or a toddler: whether it is safe.
    if (cx.remembered_pets || cx.remembered_children) && (w.safe.hit(text) || w.fine.hit(text)) {
        let children = cx.remembered_children && !cx.remembered_pets;
        return Some(direct::toxicity(s, cx.lang, children));
    }
    None
}

fn situation<'a>(cx: &Context<'a>, habit_hours: Option<u32>) -> Situation<'a> {
    Situation {
        now: cx.season,
        lang: cx.lang,
        season: cx.season,
        zone: cx.zone,
        habit_hours,
        amount: None,
    }
}

pub fn yes_no(ok: bool, lang: Lang) -> &'static str {
    match (lang, ok) {
        (Lang::En, true) => "Yes",
        (Lang::En, false) => "No",
        (Lang::Hi, true) => "हाँ",
        (Lang::Hi, false) => "नहीं",
        (_, true) => "Haan",
        (_, false) => "Nahi",
    }
}

fn name(s: &Species, lang: Lang) -> String {
    match lang {
        Lang::Hi => format!("{} ({})", s.hindi, s.name),
        _ => s.name.clone(),
    }
}

/// A number followed by one of the units ("4 degrees", "5°c", "2 ghante").
fn number_with_unit(text: &Prepared, units: &PhraseList) -> Option<f32> {
    let is_unit = |w: &str| units.0.iter().any(|u| u == w);
    let words = &text.words;
    words.iter().enumerate().find_map(|(i, w)| {
        let digits: String = w.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            return None;
        }
        let rest = &w[digits.len()..];
        let unit = if rest.is_empty() {
            words.get(i + 1).is_some_and(|n| is_unit(n))
        } else {
            is_unit(rest)
        };
        unit.then(|| digits.parse().ok()).flatten()
    })
}

/// The lowest temperature a species takes: "below about 8 °C" in its care text; about 0 °C
/// when it tolerates frost; else 5 °C under the low end of the range it grows best in.
pub fn lowest_temperature(s: &Species) -> Option<f32> {
    let t = s.temperature.to_lowercase();
    if [
        "frost is tolerated",
        "tolerates frost",
        "tolerates light frost",
        "frost-hardy",
        "hardy to frost",
    ]
    .iter()
    .any(|p| t.contains(p))
    {
        return Some(0.0);
    }
    let after_below = t.find("below").map(|at| &t[at..]);
    let first_number = |x: &str| -> Option<f32> {
        let start = x.find(|c: char| c.is_ascii_digit())?;
        let n: String = x[start..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        n.parse().ok()
    };
    after_below
        .and_then(first_number)
        .or_else(|| first_number(&t).map(|n| (n - 5.0).max(0.0)))
}

fn cold(s: &Species, degrees: f32, lang: Lang) -> String {
    let Some(min) = lowest_temperature(s) else {
        return light_line(s, true, lang);
    };
    let ok = degrees >= min;
    let n = name(s, lang);
    let v = yes_no(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {degrees} °C is within what {n} takes; it suffers only below about {min} °C."),
        (Lang::En, false) => format!("{v} — {degrees} °C is too cold for {n}: it is damaged below about {min} °C. Bring it indoors or against a warm wall and cover it on cold nights."),
        (Lang::Hi, true) => format!("{v} — {degrees} °C {n} सह लेता है; इसे लगभग {min} °C से नीचे ही नुकसान होता है।"),
        (Lang::Hi, false) => format!("{v} — {degrees} °C {n} के लिए बहुत ठंडा है: लगभग {min} °C से नीचे इसे नुकसान होता है। रात में अंदर या गर्म दीवार के पास रखें और ढक दें।"),
        (_, true) => format!("{v} — {degrees} °C {n} seh leta hai; ise lagbhag {min} °C se neeche hi nuksaan hota hai."),
        (_, false) => format!("{v} — {degrees} °C {n} ke liye bahut thanda hai: lagbhag {min} °C se neeche ise nuksaan hota hai. Raat mein andar ya garam deewar ke paas rakhiye aur dhak dijiye."),
    }
}

/// The highest temperature a species takes: the high end of the first range in its care text
/// ("20-40 °C"), or "up to about 45 °C".
pub fn highest_temperature(s: &Species) -> Option<f32> {
    let t = s.temperature.to_lowercase();
    let numbers: Vec<f32> = t
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .filter_map(|n| n.parse().ok())
        .collect();
    numbers
        .iter()
        .copied()
        .filter(|n| *n >= 25.0)
        .reduce(f32::max)
}

fn heat(s: &Species, degrees: f32, lang: Lang) -> String {
    let max = highest_temperature(s).unwrap_or(35.0);
    let ok = degrees <= max + 3.0 || s.has_trait("heat-tolerant");
    let n = name(s, lang);
    let v = yes_no(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} handles heat up to about {max} °C; at {degrees} °C water it in the early morning and give it some afternoon shade in a pot."),
        (Lang::En, false) => format!("{v} — {degrees} °C is too hot for {n} in direct sun (it is happiest below about {max} °C): move it to bright shade and keep the soil from drying out completely."),
        (Lang::Hi, true) => format!("{v} — {n} लगभग {max} °C तक गर्मी सह लेता है; {degrees} °C पर सुबह जल्दी पानी दें और गमले को दोपहर में थोड़ी छाँव दें।"),
        (Lang::Hi, false) => format!("{v} — {degrees} °C सीधी धूप में {n} के लिए बहुत गर्म है (लगभग {max} °C तक ठीक रहता है): इसे छाँव वाली रोशनी में रखें।"),
        (_, true) => format!("{v} — {n} lagbhag {max} °C tak garmi seh leta hai; {degrees} °C par subah jaldi paani dijiye aur gamle ko dopahar mein thodi chhaon dijiye."),
        (_, false) => format!("{v} — {degrees} °C seedhi dhoop mein {n} ke liye bahut garam hai (lagbhag {max} °C tak theek rehta hai): ise chhaon wali roshni mein rakhiye."),
    }
}

/// Outside in winter: fine in frost-free cities (Mumbai, Chennai, Bengaluru…); elsewhere only
/// for plants that take about 5 °C.
fn winter_outside(s: &Species, zone: Option<(&str, Zone)>, lang: Lang) -> String {
    let mild = zone.filter(|(_, z)| z.mild_winter());
    let min = lowest_temperature(s).unwrap_or(10.0);
    let ok = mild.is_some() || min <= 5.0;
    let n = name(s, lang);
    let v = yes_no(ok, lang);
    let city = mild.map(|(c, _)| c).unwrap_or_default();
    match (lang, mild.is_some(), ok) {
        (Lang::En, true, _) => format!("{v} — {city}'s winter stays mild and frost-free, so {n} can stay outside; just water less often than in summer."),
        (Lang::En, false, true) => format!("{v} — {n} takes cold down to about {min} °C, so it can stay outside; only on frosty nights move it against a wall."),
        (Lang::En, false, false) => format!("{v} — not unprotected in a north Indian winter: {n} is damaged below about {min} °C, so bring it in or against a warm wall and cover it on cold nights."),
        (Lang::Hi, true, _) => format!("{v} — {city} की सर्दी हल्की और पाले के बिना होती है, इसलिए {n} बाहर रह सकता है; बस गर्मी से कम पानी दें।"),
        (Lang::Hi, false, true) => format!("{v} — {n} लगभग {min} °C तक ठंड सह लेता है, इसलिए बाहर रह सकता है; पाले की रात में दीवार के पास रखें।"),
        (Lang::Hi, false, false) => format!("{v} — उत्तर भारत की सर्दी में बिना बचाव के नहीं: {n} को लगभग {min} °C से नीचे नुकसान होता है, ठंडी रातों में अंदर रखें या ढक दें।"),
        (_, true, _) => format!("{v} — {city} ki sardi halki aur bina paale ki hoti hai, isliye {n} bahar reh sakta hai; bas garmi se kam paani dijiye."),
        (_, false, true) => format!("{v} — {n} lagbhag {min} °C tak thand seh leta hai, isliye bahar reh sakta hai; paale ki raat mein deewar ke paas rakhiye."),
        (_, false, false) => format!("{v} — north India ki sardi mein bina bachav ke nahi: {n} ko lagbhag {min} °C se neeche nuksaan hota hai, thandi raaton mein andar rakhiye ya dhak dijiye."),
    }
}

/// "Should I protect it from frost?": no where winters are frost-free (the customer's city);
/// elsewhere yes for a plant hurt above about 5 °C, and on frosty nights for a hardier one.
fn frost_protection(s: &Species, zone: Option<(&str, Zone)>, lang: Lang) -> String {
    let mild = zone.filter(|(_, z)| z.mild_winter());
    let min = lowest_temperature(s).unwrap_or(10.0);
    let n = name(s, lang);
    let v = yes_no(mild.is_none(), lang);
    let city = mild.map(|(c, _)| c).unwrap_or_default();
    // Without a city, the frost-free south and coasts are named so nobody there worries.
    let unknown = zone.is_none();
    let mut line = match (lang, mild.is_some(), min <= 5.0) {
        (Lang::En, true, _) => format!("{v} — {city}'s winter stays mild and frost-free, so {n} needs no frost protection; just water less often than in summer."),
        (Lang::En, false, false) => format!("{v} — {n} is damaged below about {min} °C: on cold nights bring it inside or against a warm wall, and cover it when frost is forecast."),
        (Lang::En, false, true) => format!("{v}, but only on frosty nights — {n} takes cold down to about {min} °C; then move it against a wall or cover it."),
        (Lang::Hi, true, _) => format!("{v} — {city} की सर्दी हल्की और पाले के बिना होती है, इसलिए {n} को पाले से बचाने की ज़रूरत नहीं; बस गर्मी से कम पानी दें।"),
        (Lang::Hi, false, false) => format!("{v} — {n} को लगभग {min} °C से नीचे नुकसान होता है: ठंडी रातों में अंदर या गर्म दीवार के पास रखें, और पाले की आशंका हो तो ढक दें।"),
        (Lang::Hi, false, true) => format!("{v}, पर सिर्फ़ पाले वाली रातों में — {n} लगभग {min} °C तक ठंड सह लेता है; तब दीवार के पास रखें या ढक दें।"),
        (_, true, _) => format!("{v} — {city} ki sardi halki aur bina paale ki hoti hai, isliye {n} ko paale se bachane ki zaroorat nahi; bas garmi se kam paani dijiye."),
        (_, false, false) => format!("{v} — {n} ko lagbhag {min} °C se neeche nuksaan hota hai: thandi raaton mein andar ya garam deewar ke paas rakhiye, aur paala pade to dhak dijiye."),
        (_, false, true) => format!("{v}, par sirf paale wali raaton mein — {n} lagbhag {min} °C tak thand seh leta hai; tab deewar ke paas rakhiye ya dhak dijiye."),
    };
    if unknown {
        line.push_str(match lang {
            Lang::En => " (In frost-free cities such as Mumbai, Chennai or Bengaluru it needs none.)",
            Lang::Hi => " (मुंबई, चेन्नई या बेंगलुरु जैसे बिना पाले वाले शहरों में इसकी ज़रूरत नहीं।)",
            Lang::Hinglish => " (Mumbai, Chennai ya Bengaluru jaise bina paale wale shehron mein iski zaroorat nahi.)",
        });
    }
    line
}

fn mist(s: &Species, lang: Lang) -> String {
    let dry_lover = matches!(s.kind.as_str(), "succulent" | "cactus")
        || s.has_trait("succulent")
        || s.has_trait("drought-tolerant");
    let n = name(s, lang);
    let v = yes_no(!dry_lover, lang);
    match (lang, dry_lover) {
        (Lang::En, true) => format!("{v} — {n} likes dry air; misting leaves water on it that invites rot. Water the soil only when it has dried out."),
        (Lang::En, false) => format!("{v} — an occasional misting in dry weather helps {n}, but it does not replace watering the soil; {}", s.humidity),
        (Lang::Hi, true) => format!("{v} — {n} को सूखी हवा पसंद है; पत्तों पर पानी छिड़कने से सड़न होती है। मिट्टी सूखने पर ही मिट्टी में पानी दें।"),
        (Lang::Hi, false) => format!("{v} — सूखे मौसम में कभी-कभी पानी छिड़कना {n} के लिए अच्छा है, पर मिट्टी में पानी देना ज़रूरी है।"),
        (_, true) => format!("{v} — {n} ko sookhi hawa pasand hai; patton par paani chhidakne se sadan hoti hai. Mitti sookhne par hi mitti mein paani dijiye."),
        (_, false) => format!("{v} — sookhe mausam mein kabhi-kabhi paani chhidakna {n} ke liye achha hai, par mitti mein paani dena zaroori hai."),
    }
}

/// "Is it poisonous?": Yes when it is.
pub fn is_toxic(s: &Species, children: bool, lang: Lang) -> String {
    let toxic = if children {
        s.toxic_to_children
    } else {
        s.toxic_to_pets
    };
    let n = name(s, lang);
    let v = yes_no(toxic, lang);
    match (lang, toxic) {
        (Lang::En, true) => format!(
            "{v} — {n} is toxic {}: {} Keep it out of reach.",
            if children {
                "to children"
            } else {
                "to cats and dogs"
            },
            s.toxicity_note
        ),
        (Lang::En, false) => format!(
            "{v} — {n} is not considered toxic {}. {}",
            if children {
                "to children"
            } else {
                "to cats and dogs"
            },
            s.toxicity_note
        ),
        (Lang::Hi, true) => format!(
            "{v} — {n} {} के लिए ज़हरीला है; पहुँच से दूर रखें।",
            if children {
                "बच्चों"
            } else {
                "बिल्ली-कुत्तों"
            }
        ),
        (Lang::Hi, false) => format!(
            "{v} — {n} {} के लिए ज़हरीला नहीं माना जाता।",
            if children {
                "बच्चों"
            } else {
                "बिल्ली-कुत्तों"
            }
        ),
        (_, true) => format!(
            "{v} — {n} {} ke liye zehreela hai; pahunch se door rakhiye.",
            if children { "bacchon" } else { "billi-kutton" }
        ),
        (_, false) => format!(
            "{v} — {n} {} ke liye zehreela nahi maana jaata.",
            if children { "bacchon" } else { "billi-kutton" }
        ),
    }
}

/// Hours of direct sun against the light level: full-sun plants want 4 or more, bright-light
/// plants take up to about 3 gentle hours, shade plants 2 at most.
fn sun_hours(s: &Species, hours: f32, lang: Lang) -> String {
    let ok = match s.light_level {
        LightLevel::FullSun => hours >= 4.0,
        LightLevel::Bright => hours <= 4.0,
        LightLevel::Medium | LightLevel::Low => hours <= 2.0,
    };
    light_line(s, ok, lang)
}

/// Yes or no, then what the plant's light level is.
/// Whether a plant wants acidic soil, from its soil text; the rest grow in an ordinary,
/// near-neutral potting mix and need no acidifying.
fn acid_soil(s: &Species, lang: Lang) -> String {
    let soil = s.soil.to_lowercase();
    let ok = soil.contains("acid") && !soil.contains("not acid");
    let v = yes_no(ok, lang);
    let n = name(s, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} likes slightly acidic soil: {}", first_sentence(&s.soil)),
        (Lang::En, false) => format!("{v} — {n} does not need acidic soil; an ordinary, near-neutral, well-draining potting mix suits it: {}", first_sentence(&s.soil)),
        (Lang::Hi, true) => format!("{v} — {n} को हल्की अम्लीय (एसिडिक), उपजाऊ और पानी निकलने वाली मिट्टी पसंद है; चूना या राख न डालें।"),
        (Lang::Hi, false) => format!("{v} — {n} को अम्लीय मिट्टी की ज़रूरत नहीं; साधारण, पानी निकलने वाला पॉटिंग मिक्स ठीक है।"),
        (_, true) => format!("{v} — {n} ko halki acidic, upjaau aur paani nikalne wali mitti pasand hai; choona ya raakh mat daaliye."),
        (_, false) => format!("{v} — {n} ko acidic mitti ki zaroorat nahi; saadharan, paani nikalne wala potting mix theek hai."),
    }
}

pub fn light_line(s: &Species, ok: bool, lang: Lang) -> String {
    let v = yes_no(ok, lang);
    let n = name(s, lang);
    let need = match (lang, s.light_level) {
        (Lang::En, _) => return format!("{v} — {n}: {}", first_sentence(&s.light)),
        (Lang::Hi, LightLevel::Low) => "कम से मध्यम अप्रत्यक्ष रोशनी; तेज़ सीधी धूप से पत्ते जलते हैं",
        (Lang::Hi, LightLevel::Medium) => "मध्यम अप्रत्यक्ष रोशनी; दोपहर की सीधी धूप से पत्ते जलते हैं",
        (Lang::Hi, LightLevel::Bright) => "तेज़ रोशनी और थोड़ी सुबह की धूप, दोपहर की कड़ी धूप नहीं",
        (Lang::Hi, LightLevel::FullSun) => "रोज़ कम से कम 4-6 घंटे सीधी धूप; छाँव में यह कमज़ोर रहता है",
        (_, LightLevel::Low) => {
            "kam se medium indirect roshni; tez seedhi dhoop se patte jalte hain"
        }
        (_, LightLevel::Medium) => {
            "medium indirect roshni; dopahar ki seedhi dhoop se patte jalte hain"
        }
        (_, LightLevel::Bright) => {
            "tez roshni aur thodi subah ki dhoop, dopahar ki kadi dhoop nahi"
        }
        (_, LightLevel::FullSun) => {
            "roz kam se kam 4-6 ghante seedhi dhoop; chhaon mein yeh kamzor rehta hai"
        }
    };
    match lang {
        Lang::Hi => format!("{v} — {n} को {need}।"),
        _ => format!("{v} — {n} ko {need}."),
    }
}

/// From a cutting or a leaf: yes when the species' propagation text names that way (a leaf
/// asked about needs "leaf" in it; a cutting, "cutting"); its first sentence says how.
fn propagation(s: &Species, asks_leaf: bool, lang: Lang) -> String {
    let how = s.propagation.to_lowercase();
    let ok = if asks_leaf {
        how.contains("leaf") || how.contains("leaves")
    } else {
        how.contains("cutting")
    };
    let v = yes_no(ok, lang);
    let n = name(s, lang);
    match (lang, ok) {
        (Lang::En, _) => format!("{v} — {n}: {}", first_sentence(&s.propagation)),
        (Lang::Hi, true) => format!("{v} — {n} कटिंग से आसानी से नया पौधा बनता है: कटे सिरे को 1-2 दिन सूखने दें, फिर नम, हल्की मिट्टी में लगाएँ और तेज़ अप्रत्यक्ष रोशनी में रखें; 2-4 हफ़्ते में जड़ें आती हैं।"),
        (Lang::Hi, false) => format!("{v} — {n} इस तरह से आसानी से नहीं बनता; इसका नया पौधा आम तौर पर बीज या जड़ के हिस्से से बनता है।"),
        (_, true) => format!("{v} — {n} cutting se aasani se naya paudha banta hai: kate sire ko 1-2 din sookhne dijiye, phir nam, halki mitti mein lagaiye aur tez indirect roshni mein rakhiye; 2-4 hafte mein jadein aati hain."),
        (_, false) => format!("{v} — {n} is tarah se aasani se nahi banta; iska naya paudha aam taur par beej ya jad ke hisse se banta hai."),
    }
}

/// Spent flowers, flower spikes, dry or yellow leaves and fronds: yes, take them off, the way
/// the species' pruning text says.
fn remove_spent(s: &Species, lang: Lang) -> String {
    let v = yes_no(true, lang);
    let n = name(s, lang);
    match lang {
        Lang::En if !s.pruning.is_empty() => format!("{v} — {n}: {}", first_sentence(&s.pruning)),
        Lang::En => format!("{v} — remove dry, yellow or faded parts of {n} with clean scissors, close to the stem; it keeps the plant tidy and puts its energy into new growth."),
        Lang::Hi => format!("{v} — {n} के सूखे, पीले या मुरझाए फूल-पत्ते साफ़ कैंची से तने के पास से हटा दें; पौधा साफ़ रहता है और नई बढ़त पर ज़ोर लगाता है।"),
        _ => format!("{v} — {n} ke sookhe, peele ya murjhaaye phool-patte saaf kainchi se tane ke paas se hata dijiye; paudha saaf rehta hai aur nayi badhat par zor lagata hai."),
    }
}

/// In a pot: yes for every plant but a tree, which needs a big one (45 cm / 18 inches or more),
/// so a small pot for a tree is a no.
fn in_a_pot(s: &Species, small: bool, lang: Lang) -> String {
    let tree = s.kind == "tree";
    let ok = !(tree && small);
    let v = yes_no(ok, lang);
    let n = name(s, lang);
    match (lang, tree, ok) {
        (Lang::En, false, _) => format!("{v} — {n} grows well in a pot with a drainage hole; move it one size up when roots fill it."),
        (Lang::En, true, true) => format!("{v} — {n} can grow in a big pot or drum, at least 45 cm (18 inches) wide and deep, with a drainage hole; it stays smaller than in the ground."),
        (Lang::En, true, false) => format!("{v} — a small pot is too small for {n} for good: a tree needs a pot or drum at least 45 cm (18 inches) wide and deep, or it stays stunted and dries out daily."),
        (Lang::Hi, false, _) => format!("{v} — {n} छेद वाले गमले में अच्छा उगता है; जड़ें भर जाएँ तो एक साइज़ बड़े गमले में लगाएँ।"),
        (Lang::Hi, true, true) => format!("{v} — {n} बड़े गमले या ड्रम में उग सकता है, कम से कम 45 सेमी (18 इंच) चौड़ा और गहरा, नीचे छेद के साथ।"),
        (Lang::Hi, true, false) => format!("{v} — छोटा गमला {n} के लिए हमेशा के लिए बहुत छोटा है: पेड़ को कम से कम 45 सेमी (18 इंच) चौड़ा-गहरा गमला या ड्रम चाहिए।"),
        (_, false, _) => format!("{v} — {n} chhed wale gamle mein achha ugta hai; jadein bhar jaayein to ek size bade gamle mein lagaiye."),
        (_, true, true) => format!("{v} — {n} bade gamle ya drum mein ug sakta hai, kam se kam 45 cm (18 inch) chauda aur gehra, neeche chhed ke saath."),
        (_, true, false) => format!("{v} — chhota gamla {n} ke liye hamesha ke liye bahut chhota hai: ped ko kam se kam 45 cm (18 inch) chauda-gehra gamla ya drum chahiye."),
    }
}

fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(at) => &text[..=at],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::knowledge::Knowledge;
    use crate::assistant::lexicon::Lexicons;

    fn verdict(plant: &str, text: &str, lang: Lang) -> Option<String> {
        let kb = Knowledge::embedded().unwrap();
        let lex = Lexicons::embedded().unwrap();
        let watering = Watering::embedded(&kb).unwrap();
        let s = kb.species(plant).unwrap();
        let cx = Context {
            words: &lex.words.verdict,
            watering: &watering,
            season: Season::Summer,
            zone: None,
            lang,
            habit_hours: None,
            pets: lex.words.engine.pets.hit(&Prepared::new(text)),
            children: lex.words.engine.children.hit(&Prepared::new(text)),
            remembered_pets: false,
            remembered_children: false,
            remembered_light: None,
        };
        derive(s, &Prepared::new(text), &cx)
    }

    #[test]
    fn proposals_are_judged_against_the_care_data() {
        for (plant, text, lang, start) in [
            (
                "tulsi",
                "can i keep tulsi indoors all the time",
                Lang::En,
                "No",
            ),
            (
                "tulsi",
                "can tulsi stay out at 4 degrees at night",
                Lang::En,
                "No",
            ),
            (
                "tulsi",
                "kya tulsi ko 6 ghante dhoop chahiye",
                Lang::Hinglish,
                "Haan",
            ),
            (
                "hibiscus",
                "is 2 hours of sun enough for hibiscus",
                Lang::En,
                "No",
            ),
            (
                "aloe-vera",
                "is aloe vera poisonous to cats",
                Lang::En,
                "Yes",
            ),
            (
                "snake-plant",
                "snake plant bina dhoop ke kamre me",
                Lang::Hinglish,
                "Haan",
            ),
            (
                "jade-plant",
                "can a jade grow from a fallen leaf",
                Lang::En,
                "Yes",
            ),
            ("tulsi", "should i pinch off the manjari", Lang::En, "Yes"),
            (
                "desi-rose",
                "kya gulab gamle me uga sakte hai",
                Lang::Hinglish,
                "Haan",
            ),
            (
                "papaya",
                "can papaya live in a small pot for good",
                Lang::En,
                "No",
            ),
            (
                "dieffenbachia",
                "is it ok where my 10 month old crawls",
                Lang::En,
                "No",
            ),
            // The harm asked about sets the polarity: "does it irritate?" is a Yes when it does.
            (
                "rubber-plant",
                "does rubber plant sap irritate skin",
                Lang::En,
                "Yes",
            ),
            // Anyone who chews leaves, not only a child or a pet.
            (
                "spider-plant",
                "my mother chews leaves, is a spider plant safe in her room",
                Lang::En,
                "Yes",
            ),
            (
                "neem",
                "will the neem sapling be happy in its 6 inch pot forever",
                Lang::En,
                "No",
            ),
        ] {
            let v = verdict(plant, text, lang).unwrap_or_else(|| panic!("no verdict: {text}"));
            assert!(v.starts_with(start), "{text}: {v}");
        }
        assert!(verdict("tulsi", "tell me about tulsi", Lang::En).is_none());
    }

    #[test]
    fn an_answer_that_starts_with_its_verdict_is_left_alone() {
        let lex = Lexicons::embedded().unwrap();
        let w = &lex.words.verdict;
        assert!(begins_with_verdict(w, "**No** — water it weekly."));
        assert!(begins_with_verdict(w, "नहीं — रोज़ नहीं।"));
        assert!(!begins_with_verdict(w, "Tulsi needs sun. No shade."));
    }
}
