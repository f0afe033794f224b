//! Yes/no propositions about one plant, judged against structured facts instead of answering
//! the topic: "can I grow tulsi from the dry manjari?", "will my snake plant survive 3 weeks
//! without water?", "does mogra flower in December?", "can pudina and tulsi share one pot?",
//! "will the ajwain plant give seeds for cooking?", "can peace lily live in an AC office?".
//! The words and the facts are data (`knowledge/assistant/propositions.toml`); the answer
//! opens with Yes or No (Haan/Nahi, हाँ/नहीं), then says why and how, in the customer's
//! language.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use anyhow::{bail, Context};
use serde::Deserialize;

use super::direct::Watering;
use super::knowledge::{Knowledge, LightLevel, Species};
use super::lexicon::{Lang, PhraseList};
use super::reading::Zone;
use super::season::Season;
use super::text::Prepared;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Data {
    words: Words,
    species: BTreeMap<String, Facts>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Words {
    question: PhraseList,
    question_start: PhraseList,
    grow: PhraseList,
    from_no_node: PhraseList,
    from_market: PhraseList,
    from_seed: PhraseList,
    from_leaf: PhraseList,
    from_pup: PhraseList,
    from_division: PhraseList,
    from_cutting: PhraseList,
    without_water: PhraseList,
    away: PhraseList,
    survive: PhraseList,
    days: PhraseList,
    weeks: PhraseList,
    months: PhraseList,
    ac: PhraseList,
    hanging: PhraseList,
    bathroom: PhraseList,
    no_window: PhraseList,
    indoors: PhraseList,
    dim: PhraseList,
    soil: PhraseList,
    water_medium: PhraseList,
    needs: PhraseList,
    change_water: PhraseList,
    flower: PhraseList,
    one_pot: PhraseList,
    gives_seeds: PhraseList,
    gives_fruit: PhraseList,
    pot: PhraseList,
    normal: PhraseList,
    leaf_drop: PhraseList,
    butterflies: PhraseList,
    bees: PhraseList,
    birds: PhraseList,
    month_names: Vec<PhraseList>,
}

/// What is known about one species beyond its care sheet.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Facts {
    #[serde(default)]
    from: Vec<Source>,
    #[serde(default)]
    seed_untrue: bool,
    #[serde(default)]
    needs_node: bool,
    #[serde(default)]
    flowers: Vec<u32>,
    #[serde(default)]
    harvest: Option<String>,
    #[serde(default)]
    harvest_note: Option<String>,
    #[serde(default)]
    fruits_in_pot: bool,
    #[serde(default)]
    hanging: bool,
    #[serde(default)]
    water_or_soil: bool,
    #[serde(default)]
    spreads: bool,
    #[serde(default)]
    rests: bool,
    #[serde(default)]
    visitors: Vec<String>,
}

/// Where a new plant comes from.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "kebab-case")]
enum Source {
    Seed,
    Cutting,
    Leaf,
    Pup,
    Division,
    Market,
    Graft,
    /// A cutting without a node (only asked about, never a way that works by itself).
    NoNode,
}

fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| {
        parse().unwrap_or_else(|e| panic!("knowledge/assistant/propositions.toml: {e:#}"))
    })
}

fn parse() -> anyhow::Result<Data> {
    toml::from_str(include_str!("../../knowledge/assistant/propositions.toml"))
        .context("propositions.toml is malformed")
}

/// Checked at start: the file parses, names only known species, months are 1-12.
pub fn check(kb: &Knowledge) -> anyhow::Result<()> {
    let d = parse()?;
    if d.words.month_names.len() != 12 {
        bail!("propositions.toml: month_names needs the 12 months");
    }
    for (id, f) in &d.species {
        if kb.species(id).is_none() {
            bail!("propositions.toml names an unknown species {id}");
        }
        if f.flowers.iter().any(|m| !(1..=12).contains(m)) {
            bail!("propositions.toml: {id} flowers in a month outside 1-12");
        }
        if f.from.is_empty() {
            bail!("propositions.toml: {id} has no way to grow a new plant");
        }
    }
    Ok(())
}

/// What the proposition is judged with.
pub struct Asked<'a> {
    pub text: &'a Prepared,
    /// The message was read as a yes/no question.
    pub yes_no: bool,
    pub lang: Lang,
    pub month: u32,
    pub zone: Option<Zone>,
    pub watering: &'a Watering,
    /// A second plant the message names ("pudina aur tulsi ek gamle mein?").
    pub other: Option<&'a Species>,
}

/// The verdict and its reason, or None when the message proposes nothing these facts judge.
pub fn judge(s: &Species, a: &Asked) -> Option<String> {
    let d = data();
    let w = &d.words;
    let f = d.species.get(&s.id)?;
    // The plants' own names are not what is proposed: "curry leaf" speaks of no leaf.
    // (only where a name could pass for what is proposed: the source of a new plant).
    let stripped = without_names(a.text, [Some(s), a.other].into_iter().flatten());
    let t = a.text;
    let starts_as_question = t
        .words
        .first()
        .is_some_and(|first| w.question_start.hit(&Prepared::new(first)));
    if !a.yes_no && !w.question.hit(t) && !starts_as_question {
        return None;
    }
    if let Some(o) = a.other.filter(|_| w.one_pot.hit(t)) {
        let of = d.species.get(&o.id)?;
        return Some(one_pot(s, f, o, of, a));
    }
    let away_long = duration(w, t).is_some() || w.survive.hit(t) || w.away.hit(t);
    if (w.without_water.hit(t) && away_long) || (w.away.hit(t) && w.survive.hit(t)) {
        return without_water(s, a);
    }
    if w.gives_seeds.hit(t) {
        return Some(harvest_seeds(s, f, a.lang));
    }
    if w.gives_fruit.hit(t) && w.pot.hit(t) && f.harvest.as_deref() == Some("fruit") {
        return Some(fruit_in_pot(s, f, a.lang));
    }
    if w.grow.hit(&stripped) {
        if let Some(source) = source_asked(w, &stripped) {
            return Some(grow_from(s, f, source, a.lang));
        }
    }
    if w.flower.hit(t) && !f.flowers.is_empty() {
        if let Some(month) = w.month_names.iter().position(|m| m.hit(t)) {
            return Some(flowers_in(s, f, month as u32 + 1, a.lang));
        }
    }
    if f.rests && w.leaf_drop.hit(t) && (w.normal.hit(t) || month_named(w, t)) {
        return Some(rests(s, a.lang));
    }
    let visitor = [
        (&w.butterflies, "butterflies"),
        (&w.bees, "bees"),
        (&w.birds, "sunbirds"),
    ]
    .into_iter()
    .find(|(words, _)| words.hit(t));
    if let Some((_, kind)) = visitor.filter(|_| !f.flowers.is_empty() || !f.visitors.is_empty()) {
        return Some(visited(s, f, kind, a.lang));
    }
    if w.ac.hit(t) {
        return Some(in_ac(s, a.lang));
    }
    if w.hanging.hit(t) {
        return Some(hanging(s, f, a.lang));
    }
    if w.bathroom.hit(t) {
        return Some(bathroom(s, a.lang));
    }
    if w.no_window.hit(t) {
        return Some(no_window(s, a.lang));
    }
    if w.indoors.hit(t) && !w.gives_fruit.hit(t) && !w.dim.hit(t) {
        return Some(indoors(s, a.lang));
    }
    // "Do I need to change lucky bamboo water?" (the name taken out: "change water").
    if f.water_or_soil && w.change_water.hit(&stripped) {
        return Some(change_water(s, a.lang));
    }
    if f.water_or_soil && (w.soil.hit(t) || w.water_medium.hit(t)) {
        let needs_soil = w.needs.hit(t) && w.soil.hit(t);
        let in_water = needs_soil || !w.soil.hit(t);
        return Some(water_or_soil(s, in_water, needs_soil, a.lang));
    }
    None
}

/// The message without the names of the plants it is about.
fn without_names<'a>(text: &Prepared, plants: impl Iterator<Item = &'a Species>) -> Prepared {
    let mut names: Vec<String> = plants
        .flat_map(|s| {
            std::iter::once(s.name.clone())
                .chain(std::iter::once(s.hindi.clone()))
                .chain(s.aliases.iter().cloned())
        })
        .map(|n| super::text::normalize(&n).trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut out = format!(" {} ", text.normalized.trim());
    for n in names {
        out = out.replace(&format!(" {n} "), " ");
    }
    Prepared::new(&out)
}

fn month_named(w: &Words, t: &Prepared) -> bool {
    w.month_names.iter().any(|m| m.hit(t))
}

fn name(s: &Species, lang: Lang) -> String {
    s.name_in(lang == Lang::Hi).to_string()
}

fn verdict(ok: bool, lang: Lang) -> &'static str {
    super::verdict::yes_no(ok, lang)
}

/// The source the customer proposes; a cutting without a node and market stems first, as they
/// also speak of leaves and stems.
fn source_asked(w: &Words, t: &Prepared) -> Option<Source> {
    [
        (&w.from_no_node, Source::NoNode),
        (&w.from_market, Source::Market),
        (&w.from_seed, Source::Seed),
        (&w.from_pup, Source::Pup),
        (&w.from_division, Source::Division),
        (&w.from_leaf, Source::Leaf),
        (&w.from_cutting, Source::Cutting),
    ]
    .into_iter()
    .find(|(words, _)| words.hit(t))
    .map(|(_, s)| s)
}

fn grow_from(s: &Species, f: &Facts, asked: Source, lang: Lang) -> String {
    let works = |x: Source| f.from.contains(&x);
    let ok = match asked {
        Source::Seed => works(Source::Seed) && !f.seed_untrue,
        Source::Cutting => works(Source::Cutting) || works(Source::Market),
        Source::Leaf => works(Source::Leaf),
        Source::Pup | Source::Division => works(Source::Pup) || works(Source::Division),
        Source::Market => works(Source::Market),
        Source::Graft => works(Source::Graft),
        Source::NoNode => works(Source::Leaf) && !f.needs_node,
    };
    let n = name(s, lang);
    let v = verdict(ok, lang);
    let how = super::direct::first_sentences(&s.propagation, 2);
    let ways = ways(f, lang);
    match lang {
        Lang::En => {
            let reason = match (asked, ok) {
                (Source::Seed, false) if f.seed_untrue => format!("a {n} grown from seed does not come true: its fruit differs from the parent's and it takes many years to bear"),
                (Source::NoNode, false) => format!("a {n} piece without a node may grow roots but never a new shoot; new growth comes only from a node (the bump where a leaf joins the stem), so cut just below one"),
                (Source::Market, false) => format!("loose {n} leaves from the market cannot grow into a plant: a leaf has no bud for a new shoot"),
                (Source::Market, true) => format!("fresh {n} stems from the market root easily"),
                (Source::Leaf, false) => format!("a {n} leaf does not grow into a new plant"),
                (_, true) => format!("{n} can be grown that way"),
                (_, false) => format!("that is not how {n} is usually grown"),
            };
            format!("{v} — {reason}. How it is done: {how}")
        }
        Lang::Hi => {
            let reason = match (asked, ok) {
                (Source::Seed, false) if f.seed_untrue => {
                    format!("{n} के बीज से उगा पौधा वैसा फल नहीं देता और फल आने में कई साल लगते हैं")
                }
                (Source::NoNode, false) => {
                    "बिना गाँठ (नोड) के टुकड़े में जड़ें आ भी जाएँ तो नई शाखा नहीं निकलती; गाँठ के ठीक नीचे से काटें"
                        .to_string()
                }
                (Source::Market, false) | (Source::Leaf, false) => {
                    format!("{n} के अलग पत्तों से नया पौधा नहीं बनता, पत्ते में नई कली नहीं होती")
                }
                (_, true) => format!("{n} इस तरह से उग जाता है"),
                (_, false) => format!("{n} आम तौर पर इस तरह नहीं उगाया जाता"),
            };
            format!("{v} — {reason}। {n} का नया पौधा {ways} से बनता है।")
        }
        Lang::Hinglish => {
            let reason = match (asked, ok) {
                (Source::Seed, false) if f.seed_untrue => format!("{n} ke beej se uga paudha waisa phal nahi deta aur phal aane mein kai saal lagte hain"),
                (Source::NoNode, false) => "bina node (gaanth) ke tukde mein jadein aa bhi jaayein to nayi shaakh nahi nikalti; node ke theek neeche se kaatiye".to_string(),
                (Source::Market, false) | (Source::Leaf, false) => format!("{n} ke alag patton se naya paudha nahi banta, patte mein nayi kali nahi hoti"),
                (Source::Market, true) => format!("bazaar ki taaza {n} ki tehniyan paani mein aasani se jad pakad leti hain"),
                (_, true) => format!("{n} is tarah ug jaata hai"),
                (_, false) => format!("{n} aam taur par is tarah nahi ugaya jaata"),
            };
            format!("{v} — {reason}. {n} ka naya paudha {ways} se banta hai.")
        }
    }
}

/// The ways that work, in the customer's language ("seeds or cuttings").
fn ways(f: &Facts, lang: Lang) -> String {
    let word = |x: &Source| match (lang, x) {
        (Lang::Hi, Source::Seed) => "बीज",
        (Lang::Hi, Source::Cutting) => "कटिंग (टहनी)",
        (Lang::Hi, Source::Leaf) => "पत्ती की कटिंग",
        (Lang::Hi, Source::Pup) => "बगल के छोटे पौधों",
        (Lang::Hi, Source::Division) => "जड़ के गुच्छे को बाँटने",
        (Lang::Hi, Source::Market) => "बाज़ार की ताज़ा टहनियों",
        (Lang::Hi, _) => "कलम (ग्राफ्टिंग)",
        (_, Source::Seed) => "beej",
        (_, Source::Cutting) => "cutting (tehni)",
        (_, Source::Leaf) => "patti ki cutting",
        (_, Source::Pup) => "bagal ke chhote paudhon (pups)",
        (_, Source::Division) => "jad ke guchhe ko baantne",
        (_, Source::Market) => "bazaar ki taaza tehniyon",
        (_, _) => "kalam (grafting)",
    };
    let or = if lang == Lang::Hi { " या " } else { " ya " };
    f.from.iter().map(word).collect::<Vec<_>>().join(or)
}

/// Days away, from "3 weeks", "10 days", "2 mahine", "a week".
fn duration(w: &Words, t: &Prepared) -> Option<f32> {
    let unit = |word: &str| -> Option<f32> {
        let p = Prepared::new(word);
        if w.days.hit(&p) {
            Some(1.0)
        } else if w.weeks.hit(&p) {
            Some(7.0)
        } else if w.months.hit(&p) {
            Some(30.0)
        } else {
            None
        }
    };
    let count = |word: &str| -> Option<f32> {
        match word {
            "a" | "an" | "one" | "ek" => Some(1.0),
            "two" | "do" | "couple" => Some(2.0),
            "three" | "teen" => Some(3.0),
            "four" | "char" | "chaar" => Some(4.0),
            "five" | "paanch" | "panch" => Some(5.0),
            "six" | "chhe" => Some(6.0),
            "seven" | "saat" => Some(7.0),
            "ten" | "das" => Some(10.0),
            "fifteen" | "pandrah" => Some(15.0),
            _ => word.parse().ok(),
        }
    };
    let words = &t.words;
    words
        .iter()
        .enumerate()
        .find_map(|(i, word)| {
            let u = unit(word)?;
            let n = i
                .checked_sub(1)
                .and_then(|j| count(&words[j]))
                .or_else(|| {
                    // "3week" or "10days" typed as one word.
                    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
                    digits.parse().ok()
                })
                .unwrap_or(1.0);
            Some(n * u)
        })
        .or_else(|| {
            words.iter().find_map(|word| {
                let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
                let rest = &word[digits.len()..];
                (!digits.is_empty() && !rest.is_empty())
                    .then(|| unit(rest).zip(digits.parse::<f32>().ok()))
                    .flatten()
                    .map(|(u, n)| u * n)
            })
        })
}

/// Away for some days: fine while it is within the plant's longest watering interval now,
/// a stretch with care up to half as long again, too long beyond.
fn without_water(s: &Species, a: &Asked) -> Option<String> {
    let season = Season::of_month(a.month);
    let (_, longest) = a.watering.interval(&s.id, season, a.zone)?;
    let away = duration(&data().words, a.text);
    let n = name(s, a.lang);
    let longest = longest.round() as u32;
    let verdict_for = |days: f32| -> (bool, bool) {
        (
            days <= longest as f32,
            days <= (longest as f32 * 1.5).max(longest as f32 + 2.0),
        )
    };
    let (fine, stretch) = away.map_or((longest >= 14, longest >= 7), verdict_for);
    Some(match a.lang {
        Lang::En => {
            let head = if fine {
                format!("Yes — {n} can go about {longest} days without water at this time of year, so it should be fine.")
            } else if stretch {
                format!("Yes, probably — {n} can go about {longest} days without water now, so it is a stretch but it should manage with some care.")
            } else {
                format!("No — not on its own: {n} needs water about every {longest} days at this time of year.")
            };
            format!("{head} Before you leave, water it deeply, let it drain, and move it out of direct sun to a bright, cooler spot; pots grouped together dry out more slowly. For longer trips ask a neighbour to water once, or use a wick: a bottle of water with a cotton string pushed into the soil.")
        }
        Lang::Hi => {
            let head = if fine {
                format!(
                    "हाँ — इस मौसम में {n} लगभग {longest} दिन बिना पानी के रह लेता है, इसलिए ठीक रहेगा।"
                )
            } else if stretch {
                format!("हाँ, शायद — इस मौसम में {n} लगभग {longest} दिन बिना पानी के रहता है, थोड़ी तैयारी से निकाल लेगा।")
            } else {
                format!("नहीं — अकेले नहीं: इस मौसम में {n} को लगभग हर {longest} दिन में पानी चाहिए।")
            };
            format!("{head} जाने से पहले अच्छी तरह पानी दें, सीधी धूप से हटाकर रोशनी वाली ठंडी जगह रखें और गमले पास-पास रखें। लंबी यात्रा में पड़ोसी से एक बार पानी दिलवाएँ या पानी की बोतल और सूती धागे (बत्ती) से पानी दें।")
        }
        Lang::Hinglish => {
            let head = if fine {
                format!("Haan — is mausam mein {n} lagbhag {longest} din bina paani ke reh leta hai, isliye theek rahega.")
            } else if stretch {
                format!("Haan, shayad — is mausam mein {n} lagbhag {longest} din bina paani ke rehta hai, thodi taiyari se nikaal lega.")
            } else {
                format!("Nahi — akele nahi: is mausam mein {n} ko lagbhag har {longest} din mein paani chahiye.")
            };
            format!("{head} Jaane se pehle achhe se paani dijiye, seedhi dhoop se hatakar roshni wali thandi jagah rakhiye aur gamle paas-paas rakhiye. Lambi trip ho to padosi se ek baar paani dilwaiye ya paani ki bottle aur sooti dhaage (batti) se paani dijiye.")
        }
    })
}

fn harvest_seeds(s: &Species, f: &Facts, lang: Lang) -> String {
    let harvest = f.harvest.as_deref().unwrap_or("flowers and foliage");
    let ok = harvest.contains("seeds");
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match lang {
        Lang::En => match (&f.harvest_note, ok) {
            (_, true) => format!("{v} — {n} gives {harvest}: let some flower heads dry on the plant, then rub out the seeds."),
            (Some(note), false) => format!("{v} — the {n} plant {note}. Pick the leaves as you need them; pinching the tips keeps it bushy."),
            (None, false) => format!("{v} — {n} is grown for its {harvest}, not for seeds to cook with."),
        },
        Lang::Hi if ok => format!("{v} — {n} से बीज मिलते हैं: कुछ फूल पौधे पर ही सूखने दें, फिर बीज निकाल लें।"),
        Lang::Hi => format!("{v} — {n} का पौधा पत्तों के लिए उगाया जाता है; रसोई वाले बीज दूसरे पौधे से आते हैं। पत्ते ज़रूरत के हिसाब से तोड़ें।"),
        _ if ok => format!("{v} — {n} se beej milte hain: kuch phool paudhe par hi sookhne dijiye, phir beej nikaal lijiye."),
        _ => format!("{v} — {n} ka paudha patton ke liye ugaya jaata hai (pakode, kadha); rasoi wale beej doosre paudhe se aate hain. Patte zaroorat ke hisaab se todiye."),
    }
}

fn fruit_in_pot(s: &Species, f: &Facts, lang: Lang) -> String {
    let ok = f.fruits_in_pot;
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} fruits in a pot: use a big one (at least 45 cm / 18 inches wide and deep, with drainage holes), give it 6+ hours of direct sun and feed it every month in the growing season. A grafted or layered plant fruits in 1-3 years; a seedling much later."),
        (Lang::En, false) => format!("{v} — not really: {n} needs open ground to fruit well; in a pot it stays small and rarely bears."),
        (Lang::Hi, true) => format!("{v} — {n} गमले में भी फल देता है: कम से कम 45 सेमी (18 इंच) चौड़ा-गहरा गमला, 6+ घंटे सीधी धूप और हर महीने खाद दें। कलम वाला पौधा 1-3 साल में फल देता है।"),
        (Lang::Hi, false) => format!("{v} — {n} को अच्छे फल के लिए ज़मीन चाहिए; गमले में यह कम ही फल देता है।"),
        (_, true) => format!("{v} — {n} gamle mein bhi phal deta hai: kam se kam 45 cm (18 inch) chauda-gehra gamla, 6+ ghante seedhi dhoop aur har mahine khaad dijiye. Kalam ya layer wala paudha 1-3 saal mein phal deta hai, beej wala bahut der se."),
        (_, false) => format!("{v} — {n} ko achhe phal ke liye zameen chahiye; gamle mein yeh kam hi phal deta hai."),
    }
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_HI: [&str; 12] = [
    "जनवरी",
    "फ़रवरी",
    "मार्च",
    "अप्रैल",
    "मई",
    "जून",
    "जुलाई",
    "अगस्त",
    "सितंबर",
    "अक्टूबर",
    "नवंबर",
    "दिसंबर",
];

/// "March to August" from the flowering months (a run that may wrap round the new year).
fn season_text(months: &[u32], lang: Lang) -> String {
    let names = if lang == Lang::Hi {
        &MONTHS_HI
    } else {
        &MONTHS_EN
    };
    if months.len() >= 12 {
        return match lang {
            Lang::En => "all year".into(),
            Lang::Hi => "साल भर".into(),
            Lang::Hinglish => "saal bhar".into(),
        };
    }
    // The first month whose previous month does not flower starts the run.
    let start = months
        .iter()
        .copied()
        .find(|m| !months.contains(&if *m == 1 { 12 } else { m - 1 }))
        .unwrap_or(months[0]);
    let mut end = start;
    while months.contains(&(end % 12 + 1)) && end % 12 + 1 != start {
        end = end % 12 + 1;
    }
    let (a, b) = (names[start as usize - 1], names[end as usize - 1]);
    match lang {
        Lang::En => format!("{a} to {b}"),
        Lang::Hi => format!("{a} से {b}"),
        Lang::Hinglish => format!("{a} se {b}"),
    }
}

fn flowers_in(s: &Species, f: &Facts, month: u32, lang: Lang) -> String {
    let ok = f.flowers.contains(&month);
    let n = name(s, lang);
    let v = verdict(ok, lang);
    let when = season_text(&f.flowers, lang);
    let m = if lang == Lang::Hi {
        MONTHS_HI[month as usize - 1]
    } else {
        MONTHS_EN[month as usize - 1]
    };
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {m} is in {n}'s flowering season ({when}); with enough sun and a monthly feed it should be in flower."),
        (Lang::En, false) => format!("{v} — {n} rarely flowers in {m}: in north India its flowering season is {when}. In the cold months it rests; keep it on the dry side, skip feeding and prune in late winter so it flowers well when it warms up. In frost-free cities (Mumbai, Chennai, Bengaluru) the season is a little longer."),
        (Lang::Hi, true) => format!("{v} — {m} {n} के फूलों का मौसम ({when}) है; अच्छी धूप और महीने में एक बार खाद से फूल आएँगे।"),
        (Lang::Hi, false) => format!("{v} — {m} में {n} पर कम ही फूल आते हैं: उत्तर भारत में इसके फूलों का मौसम {when} है। ठंड में यह आराम करता है; पानी कम दें, खाद न दें।"),
        (_, true) => format!("{v} — {m} {n} ke phoolon ka mausam ({when}) hai; achhi dhoop aur mahine mein ek baar khaad se phool aayenge."),
        (_, false) => format!("{v} — {m} mein {n} par kam hi phool aate hain: north India mein iske phoolon ka mausam {when} hai. Thand mein yeh aaram karta hai; paani kam dijiye, khaad mat dijiye."),
    }
}

fn rests(s: &Species, lang: Lang) -> String {
    let n = name(s, lang);
    match lang {
        Lang::En => format!("Yes — that is normal: {n} often sheds its leaves and rests in the north Indian winter (November to February), and new leaves come in spring. Water only every 2-3 weeks while it is bare, do not feed it, and check that the stems stay firm (soft, mushy stems mean rot)."),
        Lang::Hi => format!("हाँ — यह सामान्य है: उत्तर भारत की सर्दी (नवंबर से फ़रवरी) में {n} के पत्ते झड़ जाते हैं और यह आराम करता है; वसंत में नए पत्ते आते हैं। तब 2-3 हफ़्ते में एक बार पानी दें और खाद न दें।"),
        Lang::Hinglish => format!("Haan — yeh normal hai: north India ki sardi (November se February) mein {n} ke patte jhad jaate hain aur yeh aaram karta hai; basant mein naye patte aate hain. Tab 2-3 hafte mein ek baar paani dijiye aur khaad mat dijiye."),
    }
}

fn visited(s: &Species, f: &Facts, kind: &str, lang: Lang) -> String {
    let ok = f.visitors.iter().any(|v| v == kind);
    let n = name(s, lang);
    let v = verdict(ok, lang);
    let (en, hi, hinglish) = match kind {
        "butterflies" => ("butterflies", "तितलियाँ", "titliyan"),
        "bees" => ("bees", "मधुमक्खियाँ", "madhumakkhiyan"),
        _ => ("sunbirds", "शकरखोरा (सनबर्ड)", "sunbird (shakarkhora)"),
    };
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n}'s flowers are full of nectar and {en} visit them often; keep it in full sun and don't spray pesticides on the flowers."),
        (Lang::En, false) => format!("{v} — {n} is not one of the plants {en} seek out; for them grow ixora, zinnia, marigold or periwinkle in a sunny spot."),
        (Lang::Hi, true) => format!("{v} — {n} के फूलों में रस होता है और {hi} अक्सर आती हैं; फूलों पर कीटनाशक न छिड़कें।"),
        (Lang::Hi, false) => format!("{v} — {n} पर {hi} ख़ास नहीं आतीं; उनके लिए इक्सोरा, ज़िनिया या गेंदा लगाएँ।"),
        (_, true) => format!("{v} — {n} ke phoolon mein ras hota hai aur {hinglish} aksar aati hain; phoolon par pesticide mat chhidakiye."),
        (_, false) => format!("{v} — {n} par {hinglish} khaas nahi aatin; unke liye ixora, zinnia ya genda lagaiye."),
    }
}

fn one_pot(s: &Species, f: &Facts, o: &Species, of: &Facts, a: &Asked) -> String {
    let lang = a.lang;
    let spreading = [(s, f), (o, of)]
        .into_iter()
        .find(|(_, x)| x.spreads)
        .map(|(x, _)| x);
    let light_gap = (s.light_level as i32 - o.light_level as i32).abs();
    let summer = |x: &Species| {
        a.watering
            .interval(&x.id, Season::Summer, None)
            .map_or(3.0, |(lo, hi)| (lo + hi) / 2.0)
    };
    let (ws, wo) = (summer(s), summer(o));
    let water_gap = ws.max(wo) / ws.min(wo).max(0.5) > 2.5;
    let ok = spreading.is_none() && light_gap < 2 && !water_gap;
    let (n, m) = (name(s, lang), name(o, lang));
    let v = verdict(ok, lang);
    match lang {
        Lang::En => match spreading {
            Some(x) => format!("{v} — better in separate pots: {}'s runners spread fast and take over the pot, starving {}. Give each its own pot with a drainage hole.", x.name, if x.id == s.id { &m } else { &n }),
            None if ok => format!("{v} — {n} and {m} like similar light and watering, so they can share a pot; use one at least 30 cm (12 inches) wide with a drainage hole, and feed a little more often."),
            None => format!("{v} — {n} and {m} need different care (light or watering), so one of them will suffer in a shared pot. Keep them in separate pots side by side."),
        },
        Lang::Hi => match spreading {
            Some(x) => format!("{v} — अलग गमलों में लगाएँ: {} की जड़ें तेज़ी से फैलकर पूरा गमला घेर लेती हैं और दूसरा पौधा कमज़ोर हो जाता है।", x.hindi),
            None if ok => format!("{v} — {n} और {m} को एक जैसी धूप और पानी चाहिए, इसलिए एक गमले में लग सकते हैं; कम से कम 30 सेमी (12 इंच) चौड़ा गमला लें।"),
            None => format!("{v} — {n} और {m} की ज़रूरतें (धूप या पानी) अलग हैं; इन्हें अलग-अलग गमलों में पास-पास रखें।"),
        },
        Lang::Hinglish => match spreading {
            Some(x) => format!("{v} — alag gamlon mein lagaiye: {} ki jadein tezi se phailkar poora gamla gher leti hain aur doosra paudha kamzor ho jaata hai. Dono ko apna chhed wala gamla dijiye.", x.name),
            None if ok => format!("{v} — {n} aur {m} ko ek jaisi dhoop aur paani chahiye, isliye ek gamle mein lag sakte hain; kam se kam 30 cm (12 inch) chauda gamla lijiye."),
            None => format!("{v} — {n} aur {m} ki zarooratein (dhoop ya paani) alag hain; inhe alag-alag gamlon mein paas-paas rakhiye."),
        },
    }
}

fn light_of(s: &Species) -> String {
    super::direct::first_sentences(&s.light, 1)
}

fn in_ac(s: &Species, lang: Lang) -> String {
    let ok = s.light_level != LightLevel::FullSun;
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} does well in an AC room or office if it gets some daylight ({}). Keep it away from the direct draught of the AC vent, which dries and browns the leaves, and water only when the top soil is dry: pots in AC dry slowly.", light_of(s).trim_end_matches('.').to_lowercase()),
        (Lang::En, false) => format!("{v} — {n} needs several hours of direct sun, which an AC room or office does not give; it will weaken indoors. Keep it on a sunny balcony and pick a low-light plant (snake plant, ZZ, money plant) for the office."),
        (Lang::Hi, true) => format!("{v} — {n} AC ऑफ़िस में ठीक रहता है अगर कुछ रोशनी मिले; इसे AC की सीधी हवा से दूर रखें और ऊपर की मिट्टी सूखने पर ही पानी दें।"),
        (Lang::Hi, false) => format!("{v} — {n} को रोज़ कई घंटे सीधी धूप चाहिए, जो AC ऑफ़िस में नहीं मिलती।"),
        (_, true) => format!("{v} — {n} AC office mein theek rehta hai agar kuch roshni mile; ise AC ki seedhi hawa se door rakhiye aur upar ki mitti sookhne par hi paani dijiye."),
        (_, false) => format!("{v} — {n} ko roz kai ghante seedhi dhoop chahiye, jo AC office mein nahi milti."),
    }
}

fn hanging(s: &Species, f: &Facts, lang: Lang) -> String {
    let ok = f.hanging;
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} grows well in a hanging basket: its stems trail over the edge. Hanging pots dry out faster in sun and wind, so check the soil more often, and hang it where it gets {}.", light_of(s).trim_end_matches('.').to_lowercase()),
        (Lang::En, false) => format!("{v} — not really: {n} grows upright and gets top-heavy, so it suits a floor or table pot better than a hanging basket."),
        (Lang::Hi, true) => format!("{v} — {n} लटकने वाले गमले में अच्छा लगता है, इसकी बेलें किनारे से लटकती हैं; ऐसे गमले जल्दी सूखते हैं, मिट्टी बार-बार जाँचें।"),
        (Lang::Hi, false) => format!("{v} — {n} सीधा बढ़ता है, इसलिए लटकने वाले गमले से ज़मीन या मेज़ का गमला बेहतर है।"),
        (_, true) => format!("{v} — {n} hanging basket mein achha lagta hai, iski belein kinaare se latakti hain; aise gamle jaldi sookhte hain, mitti baar-baar check kijiye."),
        (_, false) => format!("{v} — {n} seedha badhta hai, isliye hanging basket se zameen ya table ka gamla behtar hai."),
    }
}

fn bathroom(s: &Species, lang: Lang) -> String {
    let dry_lover = matches!(s.kind.as_str(), "succulent" | "cactus");
    let ok = !dry_lover && s.light_level <= LightLevel::Medium;
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} likes the humidity of a bathroom, as long as there is a window for some daylight."),
        (Lang::En, false) => format!("{v} — a bathroom is not ideal for {n}: {}", light_of(s)),
        (Lang::Hi, true) => format!("{v} — {n} को बाथरूम की नमी पसंद है, बस खिड़की से कुछ रोशनी आनी चाहिए।"),
        (Lang::Hi, false) => format!("{v} — बाथरूम {n} के लिए ठीक नहीं; इसे ज़्यादा रोशनी चाहिए।"),
        (_, true) => format!("{v} — {n} ko bathroom ki nami pasand hai, bas khidki se kuch roshni aani chahiye."),
        (_, false) => format!("{v} — bathroom {n} ke liye theek nahi; ise zyada roshni chahiye."),
    }
}

fn no_window(s: &Species, lang: Lang) -> String {
    let ok = s.light_level == LightLevel::Low;
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} copes with low light away from a window, though it grows slowly there; water it less often than a plant in the sun."),
        (Lang::En, false) => format!("{v} — not away from the window: {n} needs more light ({}). Far from a window it stretches, loses colour and rots; keep it within a metre or two of a bright window.", light_of(s).trim_end_matches('.').to_lowercase()),
        (Lang::Hi, true) => format!("{v} — {n} खिड़की से दूर कम रोशनी में भी चल जाता है, बस धीरे बढ़ता है; पानी कम दें।"),
        (Lang::Hi, false) => format!("{v} — खिड़की से दूर नहीं: {n} को ज़्यादा रोशनी चाहिए; इसे रोशन खिड़की के पास रखें।"),
        (_, true) => format!("{v} — {n} khidki se door kam roshni mein bhi chal jaata hai, bas dheere badhta hai; paani kam dijiye."),
        (_, false) => format!("{v} — khidki se door nahi: {n} ko zyada roshni chahiye; ise roshan khidki ke paas rakhiye."),
    }
}

/// Soil asked about ("can it go in soil instead?") or water ("does it need soil?", "can it
/// grow in just water?").
/// Kept indoors: fine for low and medium light plants, near a bright window for bright-light
/// ones, not for sun lovers.
fn indoors(s: &Species, lang: Lang) -> String {
    let ok = s.light_level != LightLevel::FullSun;
    let n = name(s, lang);
    let v = verdict(ok, lang);
    match (lang, ok) {
        (Lang::En, true) => format!("{v} — {n} does well indoors: {}", light_of(s)),
        (Lang::En, false) => format!("{v} — not for long: {n} needs at least 4-6 hours of direct sun a day, which a room does not give; indoors it grows weak and leggy and drops leaves. Keep it on a sunny balcony, terrace or right at a south- or west-facing window."),
        (Lang::Hi, true) => format!("{v} — {n} घर के अंदर ठीक रहता है, बस इसे रोशनी वाली जगह (खिड़की के पास) रखें और सीधी कड़ी धूप से बचाएँ।"),
        (Lang::Hi, false) => format!("{v} — ज़्यादा दिन नहीं: {n} को रोज़ कम से कम 4-6 घंटे सीधी धूप चाहिए, जो कमरे में नहीं मिलती। इसे धूप वाली बालकनी या छत पर रखें।"),
        (_, true) => format!("{v} — {n} ghar ke andar theek rehta hai, bas ise roshni wali jagah (khidki ke paas) rakhiye aur tez seedhi dhoop se bachaiye."),
        (_, false) => format!("{v} — zyada din nahi: {n} ko roz kam se kam 4-6 ghante seedhi dhoop chahiye, jo kamre mein nahi milti. Ise dhoop wali balcony ya chhat par rakhiye."),
    }
}

/// Grown in water: the water is changed every week, or it goes stale and the roots rot.
fn change_water(s: &Species, lang: Lang) -> String {
    let n = name(s, lang);
    let v = verdict(true, lang);
    match lang {
        Lang::En => format!("{v} — change the water of a {n} grown in water every week (every 7-10 days at most): stale water turns green, smells and rots the roots. Rinse the vase and pebbles, refill with clean water at room temperature (filtered or left out overnight if your tap water is heavily chlorinated), and keep the roots covered."),
        Lang::Hi => format!("{v} — पानी में उगे {n} का पानी हर हफ़्ते (ज़्यादा से ज़्यादा 7-10 दिन में) बदलें: पुराना पानी हरा होकर बदबू करता है और जड़ें सड़ती हैं। बर्तन और कंकड़ धोकर साफ़, कमरे के तापमान का पानी भरें और जड़ें डूबी रखें।"),
        Lang::Hinglish => format!("{v} — paani mein lage {n} ka paani har hafte (zyada se zyada 7-10 din mein) badliye: purana paani hara hokar badbu karta hai aur jadein sadti hain. Bartan aur kankad dhokar saaf, kamre ke taapmaan ka paani bhariye aur jadein dooba kar rakhiye."),
    }
}

fn water_or_soil(s: &Species, in_water: bool, needs_soil: bool, lang: Lang) -> String {
    let n = name(s, lang);
    let v = verdict(!needs_soil, lang);
    match (lang, in_water) {
        (Lang::En, true) if needs_soil => format!("{v} — {n} does not need soil: it grows for years in clean water (change it every 1-2 weeks), and it also grows in a pot of soil with a drainage hole."),
        (Lang::En, true) => format!("{v} — {n} grows for years in just water: keep the roots covered, change the water every week (fresh, not chlorinated if you can), and give it bright indirect light. A few drops of liquid feed every month keep it green."),
        (Lang::En, false) => format!("{v} — {n} grows in soil as well as in water: plant it in a pot with a drainage hole and airy mix, and keep the soil lightly moist. Once moved to soil, keep it there, since roots grown in water adapt slowly."),
        (Lang::Hi, true) => format!("{v} — {n} को मिट्टी ज़रूरी नहीं: यह साफ़ पानी में सालों उगता है (1-2 हफ़्ते में पानी बदलें), और मिट्टी में भी उगता है।"),
        (Lang::Hi, false) => format!("{v} — {n} पानी और मिट्टी दोनों में उगता है: छेद वाले गमले में हल्की मिट्टी में लगाएँ और हल्की नमी रखें।"),
        (_, true) => format!("{v} — {n} ko mitti zaroori nahi: yeh saaf paani mein saalon ugta hai (1-2 hafte mein paani badliye), aur mitti mein bhi ugta hai."),
        (_, false) => format!("{v} — {n} paani aur mitti dono mein ugta hai: chhed wale gamle mein halki mitti mein lagaiye aur halki nami rakhiye."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(plant: &str, other: Option<&str>, text: &str, lang: Lang, month: u32) -> String {
        let kb = Knowledge::embedded().unwrap();
        check(&kb).unwrap();
        let watering = Watering::embedded(&kb).unwrap();
        let s = kb.species(plant).unwrap();
        let a = Asked {
            text: &Prepared::new(text),
            yes_no: true,
            lang,
            month,
            zone: None,
            watering: &watering,
            other: other.and_then(|o| kb.species(o)),
        };
        judge(s, &a).unwrap_or_else(|| panic!("no verdict: {text}"))
    }

    #[test]
    fn propositions_are_judged_against_the_facts() {
        for (plant, other, text, lang, month, start) in [
            (
                "tulsi",
                None,
                "can i grow tulsi from the dry manjari",
                Lang::En,
                4,
                "Yes",
            ),
            (
                "curry-leaf",
                None,
                "can i grow curry leaf from leaves from the sabzi wala",
                Lang::En,
                4,
                "No",
            ),
            (
                "money-plant",
                None,
                "will a money plant cutting root without a node",
                Lang::En,
                4,
                "No",
            ),
            (
                "alphonso-mango",
                None,
                "if i plant a mango stone will i get alphonso",
                Lang::En,
                4,
                "No",
            ),
            (
                "snake-plant",
                None,
                "will my snake plant survive 3 weeks without water",
                Lang::En,
                12,
                "Yes",
            ),
            (
                "mint",
                None,
                "going on a trip for 2 weeks will my pudina survive",
                Lang::En,
                5,
                "No",
            ),
            (
                "mogra",
                None,
                "does mogra flower in december",
                Lang::En,
                12,
                "No",
            ),
            (
                "mint",
                Some("tulsi"),
                "kya pudina aur tulsi ek hi gamle me laga sakte hai",
                Lang::Hinglish,
                4,
                "Nahi",
            ),
            (
                "ajwain",
                None,
                "will ajwain give seeds for cooking",
                Lang::En,
                4,
                "No",
            ),
            (
                "lucky-bamboo",
                None,
                "does lucky bamboo need soil",
                Lang::En,
                4,
                "No",
            ),
            (
                "lucky-bamboo",
                None,
                "can lucky bamboo be planted in soil instead of water",
                Lang::En,
                4,
                "Yes",
            ),
            (
                "spider-plant",
                None,
                "will spider plant grow in a hanging basket",
                Lang::En,
                4,
                "Yes",
            ),
            (
                "peace-lily",
                None,
                "can peace lily live in an ac office",
                Lang::En,
                4,
                "Yes",
            ),
            (
                "echeveria",
                None,
                "can i keep echeveria on the bookshelf away from the window",
                Lang::En,
                4,
                "No",
            ),
            (
                "champa",
                None,
                "is it normal for champa to lose all its leaves in december",
                Lang::En,
                12,
                "Yes",
            ),
            (
                "ixora",
                None,
                "do ixora flowers attract butterflies",
                Lang::En,
                4,
                "Yes",
            ),
        ] {
            let v = judged(plant, other, text, lang, month);
            assert!(v.starts_with(start), "{text}: {v}");
        }
    }

    #[test]
    fn flowering_seasons_read_as_a_run_of_months() {
        assert_eq!(
            season_text(&[10, 11, 12, 1], Lang::En),
            "October to January"
        );
        assert_eq!(
            season_text(&[3, 4, 5, 6, 7, 8], Lang::En),
            "March to August"
        );
    }
}
