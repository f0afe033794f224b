//! Direct answers for one plant: the first sentence answers the question ("No — …", "Every
//! 10-14 days …"), from structured numbers (watering intervals per season in
//! `knowledge/assistant/watering.toml`, light level, toxicity), compared with what the customer
//! does or proposes. A few supporting facts follow; the full care sheet only on request.

use std::collections::HashMap;

use anyhow::{bail, Context};
use serde::Deserialize;

use super::knowledge::{Knowledge, LightLevel, Species};
use super::lexicon::Lang;
use super::reading::Zone;
use super::season::Season;

/// Watering interval in days (lowest, highest) per season.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Intervals {
    pub summer: (f32, f32),
    pub monsoon: (f32, f32),
    pub winter: (f32, f32),
}

#[derive(Debug, Clone)]
pub struct Watering(HashMap<String, Intervals>);

impl Watering {
    /// Parses the intervals and checks every species has sane ones.
    pub fn parse(text: &str, kb: &Knowledge) -> anyhow::Result<Watering> {
        let map: HashMap<String, Intervals> =
            toml::from_str(text).context("knowledge/assistant/watering.toml is malformed")?;
        for s in &kb.species {
            let Some(i) = map.get(&s.id) else {
                bail!("watering.toml has no intervals for {}", s.id);
            };
            for (lo, hi) in [i.summer, i.monsoon, i.winter] {
                if !(lo > 0.0 && lo <= hi && hi <= 60.0) {
                    bail!("watering.toml: {} has a bad interval {lo}-{hi}", s.id);
                }
            }
        }
        for id in map.keys() {
            if kb.species(id).is_none() {
                bail!("watering.toml names an unknown species {id}");
            }
        }
        Ok(Watering(map))
    }

    pub fn embedded(kb: &Knowledge) -> anyhow::Result<Watering> {
        Watering::parse(include_str!("../../knowledge/assistant/watering.toml"), kb)
    }

    /// The interval for a season and climate: frost-free winters (coast, Deccan) sit halfway
    /// between summer and winter, as plants keep growing there.
    pub fn interval(&self, id: &str, season: Season, zone: Option<Zone>) -> Option<(f32, f32)> {
        let i = self.0.get(id)?;
        Some(match season {
            Season::Summer => i.summer,
            Season::Monsoon | Season::PostMonsoon => i.monsoon,
            Season::Winter if zone.is_some_and(Zone::mild_winter) => (
                ((i.summer.0 + i.winter.0) / 2.0).round().max(1.0),
                ((i.summer.1 + i.winter.1) / 2.0).round().max(1.0),
            ),
            Season::Winter => i.winter,
        })
    }
}

pub(crate) fn days(range: (f32, f32), lang: Lang) -> String {
    let n = |x: f32| {
        if x.fract() == 0.0 {
            format!("{}", x as i64)
        } else {
            format!("{x}")
        }
    };
    let (lo, hi) = range;
    // Two weeks and more read better in weeks ("every 3-4 weeks").
    if lo >= 14.0 && hi >= lo {
        let (wl, wh) = ((lo / 7.0).round(), (hi / 7.0).round());
        let span = if wl == wh {
            n(wl)
        } else {
            format!("{}-{}", n(wl), n(wh))
        };
        return match lang {
            Lang::En => format!("every {span} weeks"),
            Lang::Hi => format!("हर {span} हफ्ते में"),
            Lang::Hinglish => format!("har {span} hafte mein"),
        };
    }
    match lang {
        Lang::En if hi <= 1.0 => "every day".into(),
        Lang::En if lo == hi => format!("every {} days", n(lo)),
        Lang::En => format!("every {}-{} days", n(lo), n(hi)),
        Lang::Hi if hi <= 1.0 => "रोज़".into(),
        Lang::Hi if lo == hi => format!("हर {} दिन में", n(lo)),
        Lang::Hi => format!("हर {}-{} दिन में", n(lo), n(hi)),
        Lang::Hinglish if hi <= 1.0 => "roz".into(),
        Lang::Hinglish if lo == hi => format!("har {} din mein", n(lo)),
        Lang::Hinglish => format!("har {}-{} din mein", n(lo), n(hi)),
    }
}

fn habit_words(hours: u32, lang: Lang) -> String {
    let d = hours as f32 / 24.0;
    match (lang, hours) {
        (Lang::En, 12) => "twice a day".into(),
        (Lang::En, 24) => "every day".into(),
        (Lang::En, _) => format!("every {} days", (d * 10.0).round() / 10.0),
        (Lang::Hi, 12) => "दिन में दो बार".into(),
        (Lang::Hi, 24) => "रोज़".into(),
        (Lang::Hi, _) => format!("हर {} दिन", (d * 10.0).round() / 10.0),
        (_, 12) => "din mein do baar".into(),
        (_, 24) => "roz".into(),
        (_, _) => format!("har {} din", (d * 10.0).round() / 10.0),
    }
}

pub(crate) fn season_word(season: Season, lang: Lang) -> &'static str {
    match (season, lang) {
        (Season::Summer, Lang::En) => "in summer",
        (Season::Monsoon, Lang::En) => "in the monsoon",
        (Season::PostMonsoon, Lang::En) => "after the monsoon",
        (Season::Winter, Lang::En) => "in winter",
        (Season::Summer, Lang::Hi) => "गर्मी में",
        (Season::Monsoon, Lang::Hi) => "बरसात में",
        (Season::PostMonsoon, Lang::Hi) => "बरसात के बाद",
        (Season::Winter, Lang::Hi) => "सर्दी में",
        (Season::Summer, _) => "garmi mein",
        (Season::Monsoon, _) => "baarish mein",
        (Season::PostMonsoon, _) => "baarish ke baad",
        (Season::Winter, _) => "sardi mein",
    }
}

/// What the direct answer needs about the conversation.
pub struct Situation<'a> {
    /// The season it is now (the answer may be about another one).
    pub now: Season,
    pub lang: Lang,
    pub season: Season,
    pub zone: Option<(&'a str, Zone)>,
    pub habit_hours: Option<u32>,
    /// "Does it need a lot of water?" (Some(true)) or "little water?" (Some(false)).
    pub amount: Option<bool>,
}

/// A watering answer: the verdict on the customer's habit when they gave one, else how often.
pub fn watering(w: &Watering, s: &Species, sit: &Situation) -> Option<String> {
    let zone = sit.zone.map(|z| z.1);
    let (lo, hi) = w.interval(&s.id, sit.season, zone)?;
    let lang = sit.lang;
    let name = match lang {
        Lang::Hi => format!("{} ({})", s.hindi, s.name),
        _ => s.name.clone(),
    };
    let when = season_word(sit.season, lang);
    let every = days((lo, hi), lang);
    let mut out = String::new();
    if let Some(hours) = sit.habit_hours {
        let d = hours as f32 / 24.0;
        let habit = habit_words(hours, lang);
        let line = if d < lo * 0.6 {
            match lang {
                Lang::En => format!("No — {habit} is too often for a {name}: water it about {every} {when}, only when the soil has dried out."),
                Lang::Hi => format!("नहीं — {name} के लिए {habit} पानी बहुत ज़्यादा है: {when} लगभग {every} पानी दें, जब मिट्टी सूख जाए।"),
                Lang::Hinglish => format!("Nahi — {name} ke liye {habit} paani bahut zyada hai: {when} lagbhag {every} paani dijiye, jab mitti sookh jaye."),
            }
        } else if d > hi * 1.6 {
            match lang {
                Lang::En => format!("No — {habit} is too rarely for a {name}: {when} it needs water about {every}."),
                Lang::Hi => format!("नहीं — {name} के लिए {habit} बहुत कम है: {when} लगभग {every} पानी चाहिए।"),
                Lang::Hinglish => format!("Nahi — {name} ke liye {habit} bahut kam hai: {when} lagbhag {every} paani chahiye."),
            }
        } else {
            match lang {
                Lang::En => format!("Yes — {habit} suits a {name} {when} (about {every}), as long as the top soil has dried first."),
                Lang::Hi => format!("हाँ — {when} {name} के लिए {habit} ठीक है (लगभग {every}), बस पहले ऊपर की मिट्टी सूख जाए।"),
                Lang::Hinglish => format!("Haan — {when} {name} ke liye {habit} theek hai (lagbhag {every}), bas pehle upar ki mitti sookh jaye."),
            }
        };
        out.push_str(&line);
    } else if let Some(much) = sit.amount {
        // Thirsty means water every 3 days or more often; the rest need little.
        let thirsty = lo <= 3.0;
        let line = match (lang, much == thirsty, thirsty) {
            (Lang::En, true, true) => format!("Yes — a {name} is a thirsty plant: {when} water it about {every}."),
            (Lang::En, false, true) => format!("No — a {name} needs regular water: {when} about {every}, before the soil dries out completely."),
            (Lang::En, true, false) => format!("Yes — a {name} needs little water: {when} only about {every}, when the soil has dried."),
            (Lang::En, false, false) => format!("No — a {name} needs little water: {when} only about {every}, when the soil has dried; more often rots the roots."),
            (Lang::Hi, true, true) => format!("हाँ — {name} को ज़्यादा पानी चाहिए: {when} लगभग {every}।"),
            (Lang::Hi, false, true) => format!("नहीं — {name} को नियमित पानी चाहिए: {when} लगभग {every}।"),
            (Lang::Hi, true, false) => format!("हाँ — {name} को कम पानी चाहिए: {when} सिर्फ़ लगभग {every}, मिट्टी सूखने पर।"),
            (Lang::Hi, false, false) => format!("नहीं — {name} को कम पानी चाहिए: {when} सिर्फ़ लगभग {every}, मिट्टी सूखने पर; ज़्यादा पानी से जड़ें सड़ती हैं।"),
            (_, true, true) => format!("Haan — {name} ko zyada paani chahiye: {when} lagbhag {every}."),
            (_, false, true) => format!("Nahi — {name} ko regular paani chahiye: {when} lagbhag {every}."),
            (_, true, false) => format!("Haan — {name} ko kam paani chahiye: {when} sirf lagbhag {every}, mitti sookhne par."),
            (_, false, false) => format!("Nahi — {name} ko kam paani chahiye: {when} sirf lagbhag {every}, mitti sookhne par; zyada paani se jadein sadti hain."),
        };
        out.push_str(&line);
    } else {
        // Ten days or more between waterings (a succulent, a plant resting in winter) is
        // "sparingly": said so, as "should I water it in December?" or "how often, it's cold
        // here" asks whether to water less, not only how often.
        let sparing = lo >= 10.0;
        let line = match lang {
            // How to tell it is time, so the interval is never read as a fixed rule.
            Lang::En if sparing => format!(
                "Water a {name} only sparingly, about {every} {when}, when the soil has dried out completely."
            ),
            Lang::En if matches!(s.kind.as_str(), "cactus" | "succulent") => format!(
                "Water a {name} about {every} {when}, only when the soil has dried out completely."
            ),
            Lang::En => {
                format!("Water a {name} about {every} {when}, when the top 2-3 cm of soil is dry.")
            }
            Lang::Hi if sparing => format!("{when} {name} को बहुत कम पानी दें, लगभग {every}।"),
            Lang::Hi => format!("{when} {name} को लगभग {every} पानी दें।"),
            Lang::Hinglish if sparing => {
                format!("{when} {name} ko bahut kam paani dijiye, lagbhag {every}.")
            }
            Lang::Hinglish => format!("{when} {name} ko lagbhag {every} paani dijiye."),
        };
        out.push_str(&line);
    }
    // The species' own words on how to check, then the climate note.
    let mild = sit.season == Season::Winter && zone.is_some_and(Zone::mild_winter);
    if lang == Lang::En {
        let p = super::compose::phrases(false);
        let label = if sit.season == sit.now {
            p.watering_now
        } else {
            "Watering"
        };
        out.push_str(&format!(
            "\n\n**{label} · {}:** {}",
            sit.season.name(false),
            local_prose(sit.season.water(s), mild)
        ));
    } else {
        out.push(' ');
        out.push_str(match (lang, s.kind.as_str()) {
            (Lang::Hi, "cactus" | "succulent") => "मिट्टी पूरी सूखने पर ही पानी दें; गीली मिट्टी में जड़ सड़ती है।",
            (Lang::Hi, _) => "पानी देने से पहले उंगली से जाँचें: ऊपर की 2-3 cm मिट्टी सूखी हो तभी भरपूर पानी दें, और फ़ालतू पानी निकलने दें। गमले के नीचे की प्लेट में पानी जमा न रहने दें, वरना जड़ें सड़ती हैं।",
            (_, "cactus" | "succulent") => "Mitti poori sookhne par hi paani dijiye; geeli mitti mein jad sadti hai.",
            _ => "Paani dene se pehle ungli se check kijiye: upar ki 2-3 cm mitti sookhi ho tabhi bharpoor paani dijiye, aur extra paani nikalne dijiye.",
        });
    }
    // A Hindi answer ends with the season's interval under its own heading; the sheet's
    // English prose is not repeated (the numbers come from the same structured facts).
    if lang == Lang::Hi {
        let p = super::compose::phrases(true);
        out.push_str(&format!(
            "\n\n**{} · {}:** लगभग {every}, मिट्टी जाँचकर।",
            p.watering_now,
            sit.season.name(true),
        ));
    }
    if let (Some((city, zone)), Season::Winter) = (sit.zone, sit.season) {
        if zone.mild_winter() {
            out.push(' ');
            out.push_str(&match lang {
                Lang::En => format!("{city} has a mild, frost-free winter, so the plant keeps growing and needs water a little more often than in north India."),
                Lang::Hi => format!("{city} में सर्दी हल्की होती है, पाला नहीं पड़ता, इसलिए उत्तर भारत से थोड़ा ज़्यादा बार पानी चाहिए।"),
                Lang::Hinglish => format!("{city} mein sardi halki hoti hai, paala nahi padta, isliye north India se thoda zyada baar paani chahiye."),
            });
        }
    }
    Some(out)
}

/// "Is X safe for my cat / child?": yes or no first, then what happens.
pub fn toxicity(s: &Species, lang: Lang, children_asked: bool) -> String {
    let toxic = if children_asked {
        s.toxic_to_children
    } else {
        s.toxic_to_pets
    };
    let who_en = if children_asked {
        "children"
    } else {
        "cats and dogs"
    };
    match (lang, toxic) {
        (Lang::En, true) => format!("No — {} is toxic to {who_en}. {} Keep it out of reach; if it has been chewed, call a vet (pets) or the National Poisons Information Centre 1800-116-117 (people).", s.name, s.toxicity_note),
        (Lang::En, false) => format!("Yes — {} is considered non-toxic to {who_en}. {}", s.name, s.toxicity_note),
        (Lang::Hi, true) => format!("नहीं — {} ({}) {} के लिए ज़हरीला/जलन करने वाला है: पत्ते या रस चबाने से मुँह में जलन, लार या उल्टी हो सकती है। पहुँच से दूर रखें; चबा लिया हो तो vet (पालतू) या राष्ट्रीय विष सूचना केंद्र 1800-116-117 (इंसान) को फ़ोन करें।", s.hindi, s.name, if children_asked { "बच्चों" } else { "बिल्ली-कुत्तों" }),
        (Lang::Hi, false) => format!("हाँ — {} ({}) {} के लिए ज़हरीला नहीं माना जाता।", s.hindi, s.name, if children_asked { "बच्चों" } else { "बिल्ली-कुत्तों" }),
        (_, true) => format!("Nahi — {} {} ke liye zehreela hai: patte ya ras chabane se muh mein jalan, laar ya ulti ho sakti hai. Pahunch se door rakhiye; chaba liya ho to vet (pets) ya National Poisons Information Centre 1800-116-117 (insaan) ko call kijiye.", s.name, if children_asked { "bacchon" } else { "billi-kutton" }),
        (_, false) => format!("Haan — {} {} ke liye zehreela nahi maana jaata.", s.name, if children_asked { "bacchon" } else { "billi-kutton" }),
    }
}

/// "Can X grow in low light / full sun?": yes or no against its light level.
pub fn light(s: &Species, lang: Lang, wants_low: bool) -> String {
    let ok = if wants_low {
        s.light_level <= LightLevel::Medium
    } else {
        s.light_level >= LightLevel::Bright || s.has_trait("full-sun")
    };
    let verdict = match (lang, ok) {
        (Lang::En, true) => "Yes —",
        (Lang::En, false) => "No —",
        (Lang::Hi, true) => "हाँ —",
        (Lang::Hi, false) => "नहीं —",
        (_, true) => "Haan —",
        (_, false) => "Nahi —",
    };
    match lang {
        Lang::En => format!("{verdict} {}", s.light),
        Lang::Hi => format!(
            "{verdict} {} को {} चाहिए।",
            s.hindi,
            match s.light_level {
                LightLevel::Low => "कम से मध्यम अप्रत्यक्ष रोशनी",
                LightLevel::Medium => "मध्यम अप्रत्यक्ष रोशनी",
                LightLevel::Bright => "तेज़ रोशनी, थोड़ी सीधी धूप",
                LightLevel::FullSun => "रोज़ 5-6 घंटे सीधी धूप",
            }
        ),
        Lang::Hinglish => format!(
            "{verdict} {} ko {} chahiye.",
            s.name,
            match s.light_level {
                LightLevel::Low => "kam se medium indirect roshni",
                LightLevel::Medium => "medium indirect roshni",
                LightLevel::Bright => "tez roshni, thodi seedhi dhoop",
                LightLevel::FullSun => "roz 5-6 ghante seedhi dhoop",
            }
        ),
    }
}

/// How much light a plant needs, in one or two sentences (for a multi-part answer).
pub fn light_brief(s: &Species, lang: Lang) -> String {
    match lang {
        Lang::En => format!("**Light:** {}", s.light),
        Lang::Hi => format!(
            "**रोशनी:** {} को {} चाहिए।",
            s.hindi,
            match s.light_level {
                LightLevel::Low => "कम से मध्यम अप्रत्यक्ष रोशनी",
                LightLevel::Medium => "मध्यम अप्रत्यक्ष रोशनी",
                LightLevel::Bright => "तेज़ रोशनी, थोड़ी सीधी धूप",
                LightLevel::FullSun => "रोज़ 5-6 घंटे सीधी धूप",
            }
        ),
        Lang::Hinglish => format!(
            "**Roshni:** {} ko {} chahiye.",
            s.name,
            match s.light_level {
                LightLevel::Low => "kam se medium indirect roshni",
                LightLevel::Medium => "medium indirect roshni",
                LightLevel::Bright => "tez roshni, thodi seedhi dhoop",
                LightLevel::FullSun => "roz 5-6 ghante seedhi dhoop",
            }
        ),
    }
}

/// "Can I keep X on a windowsill?": a window suits every plant except in harsh afternoon sun
/// for those that want shade, and sun-lovers need the sunniest one.
pub fn window(s: &Species, lang: Lang) -> String {
    let shade = s.light_level <= LightLevel::Medium;
    let sun = s.light_level == LightLevel::FullSun;
    match lang {
        Lang::En => {
            let tail = if sun {
                " Choose the sunniest window (south or west facing) — it needs several hours of direct sun."
            } else if shade {
                " An east or north window is ideal; behind a sheer curtain if the glass gets harsh afternoon sun."
            } else {
                " A bright east or west window is ideal."
            };
            format!("Yes — {} {}{tail}", s.name, "does well near a window.") + " " + &s.light
        }
        Lang::Hi => {
            let tail = if sun {
                "सबसे धूप वाली (दक्षिण या पश्चिम) खिड़की चुनें — इसे कई घंटे सीधी धूप चाहिए।"
            } else if shade {
                "पूर्व या उत्तर की खिड़की सबसे अच्छी है; दोपहर की तेज़ धूप आए तो पतला पर्दा लगाएँ।"
            } else {
                "पूर्व या पश्चिम की रोशन खिड़की सबसे अच्छी है।"
            };
            format!("हाँ — {} खिड़की के पास अच्छा रहता है। {tail}", s.hindi)
        }
        Lang::Hinglish => {
            let tail = if sun {
                "Sabse dhoop wali (south ya west) khidki chuniye — ise kai ghante seedhi dhoop chahiye."
            } else if shade {
                "East ya north ki khidki sabse achhi hai; dopahar ki tez dhoop aaye to patla parda lagaiye."
            } else {
                "East ya west ki roshan khidki sabse achhi hai."
            };
            format!("Haan — {} khidki ke paas achha rehta hai. {tail}", s.name)
        }
    }
}

/// The species' own watering words, without north-Indian cold advice in a frost-free city.
pub fn local_prose(prose: &str, mild: bool) -> String {
    if !mild {
        return prose.to_string();
    }
    prose
        .split_inclusive(". ")
        .filter(|sentence| {
            let l = sentence.to_lowercase();
            !(l.contains("frost") || l.contains("north india") || l.contains("cold"))
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// What a comparison is about, read from the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Criterion {
    Faster,
    Cheaper,
    Costlier,
    ChildSafe,
    MoreSun,
    PetSafe,
    MoreWater,
    LessWater,
    Heat,
    LowLight,
    Easier,
}

/// "A or B?": the winner first, then why, with the facts for both.
pub fn compare(
    a: &Species,
    b: &Species,
    criterion: Criterion,
    w: &Watering,
    season: Season,
    prices: (Option<i64>, Option<i64>),
    lang: Lang,
) -> String {
    let name = |s: &Species| s.name_in(lang == Lang::Hi).to_string();
    let interval = |s: &Species| w.interval(&s.id, season, None).unwrap_or((7.0, 7.0));
    let heat = |s: &Species| {
        s.light_level as i32 * 2
            + s.has_trait("heat-tolerant") as i32 * 3
            + s.has_trait("drought-tolerant") as i32 * 2
    };
    let (win, _lose, why_en, why_hi, why_hl): (&Species, &Species, String, String, String) =
        match criterion {
            Criterion::Cheaper => {
                let (pa, pb) = (prices.0.unwrap_or(i64::MAX), prices.1.unwrap_or(i64::MAX));
                let (w1, l1, pw, pl) = if pa <= pb {
                    (a, b, pa, pb)
                } else {
                    (b, a, pb, pa)
                };
                let r = super::text::rupees;
                let show = |p: i64| {
                    if p == i64::MAX {
                        "—".to_string()
                    } else {
                        r(p)
                    }
                };
                // "What's the price difference?": the gap, when both prices are known.
                let gap = |less: &str| {
                    if pl == i64::MAX || pl == pw {
                        String::new()
                    } else {
                        format!(" ({} {less})", r(pl - pw))
                    }
                };
                (
                    w1,
                    l1,
                    format!("{} vs {}{}", show(pw), show(pl), gap("less")),
                    format!("{} बनाम {}{}", show(pw), show(pl), gap("कम")),
                    format!("{} vs {}{}", show(pw), show(pl), gap("kam")),
                )
            }
            Criterion::Faster => {
                let pace = |s: &Species| {
                    s.has_trait("fast-growing") as i32 - s.has_trait("slow-growing") as i32
                };
                let (w1, l1) = if pace(a) >= pace(b) { (a, b) } else { (b, a) };
                if pace(w1) == pace(l1) {
                    return match lang {
                        Lang::En => format!(
                            "Both grow at about the same pace: {} {}",
                            a.summary, b.summary
                        ),
                        Lang::Hi => {
                            format!("दोनों लगभग बराबर रफ़्तार से बढ़ते हैं: {} और {}।", a.hindi, b.hindi)
                        }
                        Lang::Hinglish => format!(
                            "Dono lagbhag barabar speed se badhte hain: {} aur {}.",
                            a.name, b.name
                        ),
                    };
                }
                return match lang {
                    Lang::En => format!(
                        "{} grows faster; {} is slow-growing. {}",
                        w1.name, l1.name, w1.summary
                    ),
                    Lang::Hi => format!("{} तेज़ी से बढ़ता है; {} धीरे बढ़ता है।", w1.hindi, l1.hindi),
                    Lang::Hinglish => format!(
                        "{} tezi se badhta hai; {} dheere badhta hai.",
                        w1.name, l1.name
                    ),
                };
            }
            Criterion::Costlier => {
                let (pa, pb) = (prices.0.unwrap_or(i64::MIN), prices.1.unwrap_or(i64::MIN));
                let (w1, l1, pw, pl) = if pa >= pb {
                    (a, b, pa, pb)
                } else {
                    (b, a, pb, pa)
                };
                let r = super::text::rupees;
                let show = |p: i64| {
                    if p == i64::MIN {
                        "—".to_string()
                    } else {
                        r(p)
                    }
                };
                let gap = if pl == i64::MIN || pl == pw {
                    String::new()
                } else {
                    format!(", {} more", r(pw - pl))
                };
                let why = format!("{} vs {} for {}", show(pw), show(pl), name(l1));
                return match lang {
                    Lang::En => format!("{} is the costlier one: {why}{gap}.", name(w1)),
                    Lang::Hi => format!(
                        "{} ज़्यादा महँगा है: {} बनाम {} ({})।",
                        name(w1),
                        show(pw),
                        show(pl),
                        name(l1)
                    ),
                    Lang::Hinglish => format!("{} zyada mehenga hai: {why}.", name(w1)),
                };
            }
            Criterion::ChildSafe => {
                let (w1, l1) = if !a.toxic_to_children || b.toxic_to_children {
                    (a, b)
                } else {
                    (b, a)
                };
                if w1.toxic_to_children {
                    return match lang {
                        Lang::En => format!("Neither — both {} and {} can harm a child who chews them. {} {}", a.name, b.name, a.toxicity_note, b.toxicity_note),
                        Lang::Hi => format!("दोनों में से कोई नहीं — {} और {} दोनों चबाने पर बच्चों को नुकसान कर सकते हैं।", a.hindi, b.hindi),
                        Lang::Hinglish => format!("Dono mein se koi nahi — {} aur {} dono chabane par bacchon ko nuksaan kar sakte hain.", a.name, b.name),
                    };
                }
                if !l1.toxic_to_children {
                    return match lang {
                        Lang::En => format!("Both — {} and {} are considered safe around children, so choose by light: {} / {}", a.name, b.name, a.light, b.light),
                        Lang::Hi => format!("दोनों — {} और {} बच्चों के लिए सुरक्षित माने जाते हैं।", a.hindi, b.hindi),
                        Lang::Hinglish => format!("Dono — {} aur {} bacchon ke liye safe maane jaate hain.", a.name, b.name),
                    };
                }
                (
                    w1,
                    l1,
                    format!(
                        "it is considered safe around children, while {} is not: {}",
                        l1.name,
                        l1.toxicity_note.trim_end_matches('.')
                    ),
                    format!("यह बच्चों के लिए सुरक्षित है, जबकि {} नहीं", l1.hindi),
                    format!("yeh bacchon ke liye safe hai, jabki {} nahi", l1.name),
                )
            }
            Criterion::MoreSun => {
                let (w1, l1) = if a.light_level >= b.light_level {
                    (a, b)
                } else {
                    (b, a)
                };
                if w1.light_level == l1.light_level {
                    return match lang {
                        Lang::En => format!(
                            "Both need about the same light. {}: {} {}: {}",
                            a.name, a.light, b.name, b.light
                        ),
                        Lang::Hi => format!(
                            "दोनों को लगभग बराबर रोशनी चाहिए: {} और {}।",
                            a.hindi, b.hindi
                        ),
                        Lang::Hinglish => format!(
                            "Dono ko lagbhag barabar roshni chahiye: {} aur {}.",
                            a.name, b.name
                        ),
                    };
                }
                let level_hl = |s: &Species| match s.light_level {
                    LightLevel::Low => "kam roshni bhi chalegi",
                    LightLevel::Medium => "medium indirect roshni",
                    LightLevel::Bright => "tez roshni, thodi seedhi dhoop",
                    LightLevel::FullSun => "roz 5-6 ghante seedhi dhoop",
                };
                let level_hi = |s: &Species| match s.light_level {
                    LightLevel::Low => "कम रोशनी भी चलेगी",
                    LightLevel::Medium => "मध्यम अप्रत्यक्ष रोशनी",
                    LightLevel::Bright => "तेज़ रोशनी, थोड़ी सीधी धूप",
                    LightLevel::FullSun => "रोज़ 5-6 घंटे सीधी धूप",
                };
                return match lang {
                    Lang::En => format!(
                        "{} needs more sun. {} {}: {}",
                        w1.name, w1.light, l1.name, l1.light
                    ),
                    Lang::Hi => format!(
                        "{} को ज़्यादा धूप चाहिए ({}), जबकि {} को {}।",
                        w1.hindi,
                        level_hi(w1),
                        l1.hindi,
                        level_hi(l1)
                    ),
                    Lang::Hinglish => format!(
                        "{} ko zyada dhoop chahiye ({}), jabki {} ko {}.",
                        w1.name,
                        level_hl(w1),
                        l1.name,
                        level_hl(l1)
                    ),
                };
            }
            Criterion::PetSafe => {
                let (w1, l1) = if !a.toxic_to_pets || b.toxic_to_pets {
                    (a, b)
                } else {
                    (b, a)
                };
                if w1.toxic_to_pets {
                    return match lang {
                        Lang::En => format!("Neither — both {} and {} are toxic to cats and dogs. {} {}", a.name, b.name, a.toxicity_note, b.toxicity_note),
                        Lang::Hi => format!("दोनों में से कोई नहीं — {} और {} दोनों बिल्ली-कुत्तों के लिए ज़हरीले हैं।", a.hindi, b.hindi),
                        Lang::Hinglish => format!("Dono mein se koi nahi — {} aur {} dono billi-kutton ke liye zehreele hain.", a.name, b.name),
                    };
                }
                if !l1.toxic_to_pets {
                    return match lang {
                        Lang::En => format!("Both — {} and {} are non-toxic to cats and dogs, so choose by light: {} / {}", a.name, b.name, a.light, b.light),
                        Lang::Hi => format!("दोनों — {} और {} बिल्ली-कुत्तों के लिए ज़हरीले नहीं हैं।", a.hindi, b.hindi),
                        Lang::Hinglish => format!("Dono — {} aur {} billi-kutton ke liye zehreele nahi hain.", a.name, b.name),
                    };
                }
                (
                    w1,
                    l1,
                    format!(
                        "it is non-toxic to cats and dogs, while {} is toxic: {}",
                        l1.name,
                        l1.toxicity_note.trim_end_matches('.')
                    ),
                    format!(
                        "यह बिल्ली-कुत्तों के लिए ज़हरीला नहीं है, जबकि {} ज़हरीला है",
                        l1.hindi
                    ),
                    format!(
                        "yeh billi-kutton ke liye zehreela nahi hai, jabki {} zehreela hai",
                        l1.name
                    ),
                )
            }
            Criterion::MoreWater | Criterion::LessWater => {
                let (ia, ib) = (interval(a), interval(b));
                let a_more = ia.0 < ib.0 || (ia.0 == ib.0 && ia.1 <= ib.1);
                let more = criterion == Criterion::MoreWater;
                let (w1, l1) = if a_more == more { (a, b) } else { (b, a) };
                let (iw, il) = (interval(w1), interval(l1));
                (
                    w1,
                    l1,
                    format!(
                        "water about {} vs {} for {} in this season",
                        days(iw, Lang::En),
                        days(il, Lang::En),
                        l1.name
                    ),
                    format!(
                        "लगभग {} पानी, जबकि {} को {}",
                        days(iw, Lang::Hi),
                        l1.hindi,
                        days(il, Lang::Hi)
                    ),
                    format!(
                        "lagbhag {} paani, jabki {} ko {}",
                        days(iw, Lang::Hinglish),
                        l1.name,
                        days(il, Lang::Hinglish)
                    ),
                )
            }
            Criterion::Heat => {
                let (w1, l1) = if heat(a) >= heat(b) { (a, b) } else { (b, a) };
                (
                    w1,
                    l1,
                    w1.light.trim_end_matches('.').to_string(),
                    "यह तेज़ धूप और गर्मी ज़्यादा सह लेता है".into(),
                    "yeh tez dhoop aur garmi zyada seh leta hai".into(),
                )
            }
            Criterion::LowLight => {
                let (w1, l1) = if a.light_level <= b.light_level {
                    (a, b)
                } else {
                    (b, a)
                };
                (
                    w1,
                    l1,
                    w1.light.trim_end_matches('.').to_string(),
                    "यह कम रोशनी में बेहतर चलता है".into(),
                    "yeh kam roshni mein behtar chalta hai".into(),
                )
            }
            Criterion::Easier => {
                let score = |s: &Species| s.difficulty as i32 * 10 - interval(s).0 as i32;
                let (w1, l1) = if score(a) <= score(b) { (a, b) } else { (b, a) };
                (
                    w1,
                    l1,
                    w1.summary.trim_end_matches('.').to_string(),
                    "इसकी देखभाल आसान है और यह कम पानी में चल जाता है".into(),
                    "iski dekhbhal aasaan hai aur yeh kam paani mein chal jaata hai".into(),
                )
            }
        };
    match lang {
        Lang::En => format!("{} is the better pick here: {}.", name(win), why_en),
        Lang::Hi => format!("{} बेहतर रहेगा: {}।", name(win), why_hi),
        Lang::Hinglish => format!("{} behtar rahega: {}.", name(win), why_hl),
    }
}

/// The caution line in Hindi (the English note left out, so the answer stays in Hindi).
pub fn hindi_caution(s: &Species) -> String {
    let p = super::compose::phrases(true);
    let what = match (s.toxic_to_pets, s.toxic_to_children) {
        (true, true) => p.toxic_pets_children,
        (true, false) => p.toxic_pets,
        (false, true) => p.toxic_children,
        (false, false) => {
            return format!(
                "✅ **{}** पालतू जानवरों और बच्चों के लिए सुरक्षित माना जाता है।",
                s.hindi
            )
        }
    };
    format!("⚠️ **{}:** {} {}", p.safety, s.hindi, what)
}

/// A plant's care in a few sentences, in Hindi or Hinglish, built from its structured facts
/// (watering interval for the season and climate, light level, toxicity), so a Hindi or
/// Hinglish question about a plant is answered in its own language. English keeps the
/// knowledge base's own prose.
pub fn care_brief(
    w: &Watering,
    s: &Species,
    season: Season,
    zone: Option<Zone>,
    lang: Lang,
) -> Option<String> {
    let every = days(w.interval(&s.id, season, zone)?, lang);
    let when = season_word(season, lang);
    let dry_soil = matches!(s.kind.as_str(), "cactus" | "succulent");
    Some(match lang {
        Lang::En => return None,
        Lang::Hi => {
            let light = match s.light_level {
                LightLevel::Low => "कम से मध्यम अप्रत्यक्ष रोशनी में भी चल जाता है; सीधी तेज़ धूप से बचाएँ",
                LightLevel::Medium => "मध्यम, अप्रत्यक्ष रोशनी चाहिए; दोपहर की सीधी धूप से बचाएँ",
                LightLevel::Bright => "तेज़ रोशनी और सुबह की कुछ घंटे सीधी धूप चाहिए",
                LightLevel::FullSun => "रोज़ कम से कम 5-6 घंटे सीधी धूप चाहिए",
            };
            let soil = if dry_soil {
                "मिट्टी पूरी सूखने पर ही पानी दें; रेतीली, जल्दी सूखने वाली मिट्टी और छेद वाला गमला रखें।"
            } else {
                "ऊपर की 2-3 सेमी मिट्टी सूखने पर भरपूर पानी दें और फ़ालतू पानी निकलने दें।"
            };
            let safety = if s.toxic_to_pets || s.toxic_to_children {
                "⚠️ चबाने पर बच्चों या पालतू जानवरों के लिए हानिकारक है, पहुँच से दूर रखें।"
            } else {
                "✅ बच्चों और पालतू जानवरों के लिए सुरक्षित माना जाता है।"
            };
            format!(
                "**{} ({})** को {light}। पानी: {when} लगभग {every}। {soil} खाद मार्च से सितंबर तक महीने में एक बार वर्मीकम्पोस्ट, सर्दी में बंद। {safety}",
                s.hindi, s.name
            )
        }
        Lang::Hinglish => {
            let light = match s.light_level {
                LightLevel::Low => "kam se medium indirect roshni mein bhi chal jaata hai; seedhi tez dhoop se bachaiye",
                LightLevel::Medium => "medium, indirect roshni chahiye; dopahar ki seedhi dhoop se bachaiye",
                LightLevel::Bright => "tez roshni aur subah ki kuch ghante seedhi dhoop chahiye",
                LightLevel::FullSun => "roz kam se kam 5-6 ghante seedhi dhoop chahiye",
            };
            let soil = if dry_soil {
                "Mitti poori sookhne par hi paani dijiye; retili, jaldi sookhne wali mitti aur chhed wala gamla rakhiye."
            } else {
                "Upar ki 2-3 cm mitti sookhne par bharpoor paani dijiye aur extra paani nikalne dijiye."
            };
            let safety = if s.toxic_to_pets || s.toxic_to_children {
                "⚠️ Chabane par bacchon ya pets ke liye nuksaandeh hai, pahunch se door rakhiye."
            } else {
                "✅ Bacchon aur pets ke liye safe maana jaata hai."
            };
            format!(
                "**{}** ko {light}. Paani: {when} lagbhag {every}. {soil} Khad March se September tak mahine mein ek baar vermicompost, sardi mein band. {safety}",
                s.name
            )
        }
    })
}

/// The first `n` sentences of a text (a sentence ends with ". ").
pub fn first_sentences(text: &str, n: usize) -> String {
    text.split_inclusive(". ")
        .take(n)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The soil advice in Hindi, by kind of plant.
pub fn soil_hi(s: &Species) -> &'static str {
    if matches!(s.kind.as_str(), "cactus" | "succulent") {
        "रेतीली, जल्दी सूखने वाली मिट्टी (आधी रेत या ईंट के टुकड़े), छेद वाला गमला।"
    } else {
        "हल्की मिट्टी: बगीचे की मिट्टी, कोकोपीट और वर्मीकम्पोस्ट, छेद वाला गमला।"
    }
}

/// Feeding and soil advice in Hindi and Hinglish by kind of plant
/// (`knowledge/assistant/care_by_kind.toml`), for answers about one plant in those languages.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindText {
    feeding_hi: String,
    feeding_hinglish: String,
    soil_hi: String,
    soil_hinglish: String,
}

#[derive(Debug)]
pub struct KindCare(HashMap<String, KindText>);

impl KindCare {
    pub fn embedded(kb: &Knowledge) -> anyhow::Result<KindCare> {
        KindCare::parse(
            include_str!("../../knowledge/assistant/care_by_kind.toml"),
            kb,
        )
    }

    /// Parses the table and checks that every species' kind has all four texts.
    pub fn parse(text: &str, kb: &Knowledge) -> anyhow::Result<KindCare> {
        let table: HashMap<String, KindText> =
            toml::from_str(text).context("knowledge/assistant/care_by_kind.toml is malformed")?;
        for s in &kb.species {
            let Some(t) = table.get(&s.kind) else {
                bail!(
                    "care_by_kind.toml has no kind `{}` (species {})",
                    s.kind,
                    s.id
                );
            };
            if [
                &t.feeding_hi,
                &t.feeding_hinglish,
                &t.soil_hi,
                &t.soil_hinglish,
            ]
            .iter()
            .any(|x| x.trim().is_empty())
            {
                bail!("care_by_kind.toml: kind `{}` has an empty text", s.kind);
            }
        }
        Ok(KindCare(table))
    }

    /// (feeding, soil) for a plant in Hindi or Hinglish; None in English (the sheet's prose).
    pub fn texts(&self, s: &Species, lang: Lang) -> Option<(&str, &str)> {
        let t = self.0.get(&s.kind)?;
        match lang {
            Lang::Hi => Some((&t.feeding_hi, &t.soil_hi)),
            Lang::Hinglish => Some((&t.feeding_hinglish, &t.soil_hinglish)),
            Lang::En => None,
        }
    }
}
