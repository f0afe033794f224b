//! The assistant's word lists and fixed answers as data (`server/knowledge/assistant/*.toml`):
//! safety rules, shop policies, myths, and the lexicon messages are read with. Parsed and
//! checked once at start; a missing language or an empty phrase group stops the server.

use anyhow::{bail, Context};
use serde::Deserialize;

use super::text::{normalize, Prepared};

/// Phrases matched as whole words; one ending in `*` matches any word starting with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct PhraseList(pub Vec<String>);

impl PhraseList {
    pub fn hit(&self, text: &Prepared) -> bool {
        self.first_hit(text).is_some()
    }

    /// The first phrase (in list order) found in the text.
    pub fn first_hit(&self, text: &Prepared) -> Option<&str> {
        self.0
            .iter()
            .find(|p| phrase_in(text, p))
            .map(String::as_str)
    }

    /// How many different phrases of the list occur.
    pub fn count(&self, text: &Prepared) -> usize {
        self.0.iter().filter(|p| phrase_in(text, p)).count()
    }

    pub(crate) fn check(&self, what: &str) -> anyhow::Result<()> {
        if self.0.is_empty() || self.0.iter().any(|p| normalize(p).trim().is_empty()) {
            bail!("{what}: an empty phrase list or phrase");
        }
        Ok(())
    }
}

fn phrase_in(text: &Prepared, phrase: &str) -> bool {
    match phrase.strip_suffix('*') {
        Some(stem) => {
            let stem = normalize(stem);
            let stem = stem.trim();
            text.words.iter().any(|w| w.starts_with(stem))
        }
        None => text.has(phrase),
    }
}

/// Groups that must all be present (each by at least one phrase).
pub(crate) fn all_groups(groups: &[PhraseList], text: &Prepared) -> bool {
    !groups.is_empty() && groups.iter().all(|g| g.hit(text))
}

/// The three languages an answer is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Hi,
    Hinglish,
}

/// A text in every language.
#[derive(Debug, Clone, Deserialize)]
pub struct Texts {
    pub en: String,
    pub hi: String,
    pub hinglish: String,
}

impl Texts {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Hi => &self.hi,
            Lang::Hinglish => &self.hinglish,
        }
    }

    pub(crate) fn check(&self, what: &str) -> anyhow::Result<()> {
        if [&self.en, &self.hi, &self.hinglish]
            .iter()
            .any(|t| t.trim().is_empty())
        {
            bail!("{what}: a language's text is empty");
        }
        if !super::text::is_devanagari(&self.hi) {
            bail!("{what}: the Hindi text is not in Devanagari");
        }
        Ok(())
    }
}

/// One safety rule: recognised when every group is present.
#[derive(Debug, Clone, Deserialize)]
pub struct SafetyRule {
    pub id: String,
    pub all: Vec<PhraseList>,
    /// Phrases that mean something else ("snake plant" is not a snake).
    #[serde(default)]
    pub not: PhraseList,
    /// A yes/no question about the topic gets "No —" when it names one of `no` (checked
    /// first), "Yes —" when it names one of `yes`.
    #[serde(default)]
    pub no: PhraseList,
    #[serde(default)]
    pub yes: PhraseList,
    /// The answer instead when the only plants named are harmless to the victim.
    #[serde(default)]
    pub harmless: Option<HarmlessText>,
    #[serde(flatten)]
    pub text: Texts,
}

/// Whom a plant must be harmless to for a rule's calm answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Victim {
    Pets,
    Children,
}

/// A rule's calm answer: a pet that chewed a plant the knowledge base lists as non-toxic is
/// told so, with what to watch for, instead of the emergency steps — unless the message
/// shows trouble (symptoms, another poison, doubt about the plant). `{plant}` is the plant's
/// name in the customer's language, `{note}` the knowledge base's toxicity note (English).
#[derive(Debug, Clone, Deserialize)]
pub struct HarmlessText {
    pub to: Victim,
    pub unless: PhraseList,
    /// Words that point back at the plant discussed last when the message names none.
    pub refer: PhraseList,
    #[serde(flatten)]
    pub text: Texts,
}

impl SafetyRule {
    pub fn fires(&self, text: &Prepared) -> bool {
        all_groups(&self.all, text) && !self.not.hit(text)
    }
}

/// A shop policy topic: any phrase, or all groups.
#[derive(Debug, Clone, Deserialize)]
pub struct ShopTopic {
    pub id: String,
    pub any: PhraseList,
    #[serde(default)]
    pub all: Vec<PhraseList>,
    #[serde(default)]
    pub not: PhraseList,
    /// A yes/no question about the topic gets "No —" when it names one of `no` (checked
    /// first), "Yes —" when it names one of `yes`.
    #[serde(default)]
    pub no: PhraseList,
    #[serde(default)]
    pub yes: PhraseList,
    /// A problem with an order the customer has ("the courier has no change", "you sent the
    /// wrong plant", "my address changed"): the topic's rule answers, not the order's status,
    /// although the message speaks of "my order".
    #[serde(default)]
    pub before_orders: bool,
    #[serde(flatten)]
    pub text: Texts,
}

impl ShopTopic {
    pub fn asked(&self, text: &Prepared) -> bool {
        (self.any.hit(text) || all_groups(&self.all, text)) && !self.not.hit(text)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct OrderStatusTexts {
    pub any: PhraseList,
    /// "Did it arrive yet?": answered "not yet" first while the order is on its way.
    pub arrived: PhraseList,
    /// An order spoken of as one's own anywhere in the message (a word of each group)…
    pub all: Vec<PhraseList>,
    /// …unless the message is about buying.
    pub not: PhraseList,
    /// The amount to pay for the order: the total comes first.
    pub amount: PhraseList,
    pub amount_all: Vec<PhraseList>,
    /// "Has it left yet?": "not yet" first while it is pending or processing.
    pub dispatched: PhraseList,
    pub visitor_en: String,
    pub visitor_hi: String,
    pub visitor_hinglish: String,
    pub none_en: String,
    pub none_hi: String,
    pub none_hinglish: String,
}

impl OrderStatusTexts {
    pub fn visitor(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.visitor_en,
            Lang::Hi => &self.visitor_hi,
            Lang::Hinglish => &self.visitor_hinglish,
        }
    }

    pub fn none(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.none_en,
            Lang::Hi => &self.none_hi,
            Lang::Hinglish => &self.none_hinglish,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct DeliveryPlaces {
    pub metro_pins: Vec<String>,
    pub not_served_pins: Vec<String>,
    pub metros: PhraseList,
    pub not_served: PhraseList,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ShopFacts {
    pub support_email: String,
    pub topic: Vec<ShopTopic>,
    pub order_status: OrderStatusTexts,
    pub delivery_places: DeliveryPlaces,
    /// "Price?" with no plant in the chat.
    pub ask_which_plant: Texts,
    pub damaged_late: DamagedLate,
    pub delivered_size: DeliveredSize,
}

/// "How big is the plant you deliver?": asked with a size word and a delivery word.
#[derive(Debug, Clone, Deserialize)]
pub struct DeliveredSize {
    pub size: PhraseList,
    pub delivered: PhraseList,
    pub unknown_en: String,
    pub unknown_hi: String,
    pub unknown_hinglish: String,
}

/// Damage reported after the 48-hour window: "N days" (N ≥ 3) or a phrase ("a week ago").
#[derive(Debug, Clone, Deserialize)]
pub struct DamagedLate {
    pub days: PhraseList,
    pub any: PhraseList,
    #[serde(flatten)]
    pub text: Texts,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Myth {
    pub id: String,
    pub all: Vec<PhraseList>,
    #[serde(default)]
    pub not: PhraseList,
    /// A yes/no question about the topic gets "No —" when it names one of `no` (checked
    /// first), "Yes —" when it names one of `yes`.
    #[serde(default)]
    pub no: PhraseList,
    #[serde(default)]
    pub yes: PhraseList,
    #[serde(flatten)]
    pub text: Texts,
}

impl Myth {
    pub fn matches(&self, text: &Prepared) -> bool {
        all_groups(&self.all, text) && !self.not.hit(text)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct LanguageWords {
    pub hinglish: PhraseList,
    pub weak: PhraseList,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AskWords {
    pub more: PhraseList,
    pub how_often: PhraseList,
    pub yes_no: PhraseList,
    pub why: PhraseList,
    pub compare: PhraseList,
    pub identify: PhraseList,
    pub cheaper: PhraseList,
    pub price: PhraseList,
    pub cheapest: PhraseList,
    pub priciest: PhraseList,
    pub sell: PhraseList,
    pub thanks: PhraseList,
    pub greeting: PhraseList,
    pub much_water: PhraseList,
    pub little_water: PhraseList,
    pub low_light: PhraseList,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BackReference {
    pub ordinals: Vec<PhraseList>,
    pub last: PhraseList,
}

#[derive(Debug, Clone, Deserialize)]
pub struct HabitWords {
    pub daily: PhraseList,
    pub twice_daily: PhraseList,
    pub alternate: PhraseList,
    pub weekly: PhraseList,
    pub twice_weekly: PhraseList,
    pub monthly: PhraseList,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Climate {
    pub north: PhraseList,
    pub coastal: PhraseList,
    pub deccan: PhraseList,
    pub hills: PhraseList,
    pub dry: PhraseList,
}

/// A plant the shop does not sell and the species closest to it.
#[derive(Debug, Clone, Deserialize)]
pub struct NotSold {
    pub any: PhraseList,
    pub name: String,
    pub like: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NotPlants {
    pub any: PhraseList,
    #[serde(flatten)]
    pub text: Texts,
}

/// An opening in Hindi and Hinglish.
#[derive(Debug, Clone, Deserialize)]
pub struct Frame {
    pub hi: String,
    pub hinglish: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Frames {
    pub symptom: Frame,
    pub pest: Frame,
    pub disease: Frame,
    pub care: Frame,
}

/// Words the engine reads beyond the question kind (see `[engine]` in `lexicon.toml`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineWords {
    pub plant_words: PhraseList,
    pub sell_filler: PhraseList,
    pub among_list: PhraseList,
    pub price_short: PhraseList,
    pub similar: PhraseList,
    pub children: PhraseList,
    pub pets: PhraseList,
    pub low_light: PhraseList,
    pub sun: PhraseList,
    pub identify: PhraseList,
    pub window: PhraseList,
    pub indoors: PhraseList,
    pub sell_strong: PhraseList,
    pub sell_not: PhraseList,
    pub identify_not: PhraseList,
    pub compare_faster: PhraseList,
    pub compare_costlier: PhraseList,
    pub compare_more_sun: PhraseList,
    pub compare_more_water: PhraseList,
    pub compare_less_water: PhraseList,
    pub compare_heat: PhraseList,
    pub trouble: PhraseList,
    pub cancel: PhraseList,
    pub water_words: PhraseList,
    pub remedy: PhraseList,
    /// "How / when to…": a how-to, so a care topic named with it (cutting, pruning) is asked.
    pub how_to: PhraseList,
}

impl EngineWords {
    fn check(&self) -> anyhow::Result<()> {
        for (name, list) in [
            ("plant_words", &self.plant_words),
            ("sell_filler", &self.sell_filler),
            ("among_list", &self.among_list),
            ("price_short", &self.price_short),
            ("similar", &self.similar),
            ("children", &self.children),
            ("pets", &self.pets),
            ("low_light", &self.low_light),
            ("sun", &self.sun),
            ("identify", &self.identify),
            ("window", &self.window),
            ("indoors", &self.indoors),
            ("sell_strong", &self.sell_strong),
            ("sell_not", &self.sell_not),
            ("identify_not", &self.identify_not),
            ("compare_faster", &self.compare_faster),
            ("compare_costlier", &self.compare_costlier),
            ("compare_more_sun", &self.compare_more_sun),
            ("compare_more_water", &self.compare_more_water),
            ("compare_less_water", &self.compare_less_water),
            ("compare_heat", &self.compare_heat),
            ("trouble", &self.trouble),
            ("cancel", &self.cancel),
            ("water_words", &self.water_words),
            ("remedy", &self.remedy),
            ("how_to", &self.how_to),
        ] {
            list.check(&format!("lexicon engine.{name}"))?;
        }
        Ok(())
    }
}

/// What marks a statement as a claim about a plant's care, for `claims.rs`.
#[derive(Debug, Clone, Deserialize)]
pub struct ClaimWords {
    /// Tags and absolutes that make a statement a claim ("right?", "always", "hai na").
    pub marker: PhraseList,
    /// A negated claim is not judged (its verdict would flip).
    pub negation: PhraseList,
    /// "Every day", "roz": a claim about watering daily.
    pub daily: PhraseList,
    pub water: PhraseList,
}

/// What a yes/no question proposes, for a verdict from the structured care (`verdict.rs`).
#[derive(Debug, Clone, Deserialize)]
pub struct VerdictWords {
    pub first: PhraseList,
    pub toxic: PhraseList,
    pub safe: PhraseList,
    pub fine: PhraseList,
    /// Someone who chews or eats leaves ("my mother with dementia chews leaves"): being safe
    /// for that person is being non-toxic to people, whoever they are.
    pub chews: PhraseList,
    pub shade: PhraseList,
    pub strong_sun: PhraseList,
    /// "Without direct sun", "bina dhoop": strong sun named only to be ruled out.
    pub without: PhraseList,
    pub sun: PhraseList,
    pub outside: PhraseList,
    pub winter: PhraseList,
    /// Guarding a plant against the cold ("protect from frost", "paale se bachana").
    pub protect: PhraseList,
    pub mist: PhraseList,
    pub hours: PhraseList,
    pub degrees: PhraseList,
    /// "Can I grow it in a pot?": a container, a verb of growing, and words for a small one.
    pub pot: PhraseList,
    pub grow: PhraseList,
    pub small: PhraseList,
    /// "Can it be grown from a cutting / a leaf?"
    pub propagate: PhraseList,
    pub leaf: PhraseList,
    /// "Should I remove the flowers / dry fronds?": removing, and what is removed.
    pub remove: PhraseList,
    pub spent: PhraseList,
    /// "Will it flower there?": the place the customer described before.
    pub there: PhraseList,
    /// "Does it like acidic soil?"
    pub acid_soil: PhraseList,
}

impl VerdictWords {
    fn check(&self) -> anyhow::Result<()> {
        for (name, list) in [
            ("first", &self.first),
            ("toxic", &self.toxic),
            ("safe", &self.safe),
            ("chews", &self.chews),
            ("without", &self.without),
            ("fine", &self.fine),
            ("shade", &self.shade),
            ("strong_sun", &self.strong_sun),
            ("sun", &self.sun),
            ("outside", &self.outside),
            ("pot", &self.pot),
            ("grow", &self.grow),
            ("small", &self.small),
            ("propagate", &self.propagate),
            ("leaf", &self.leaf),
            ("remove", &self.remove),
            ("spent", &self.spent),
            ("winter", &self.winter),
            ("protect", &self.protect),
            ("mist", &self.mist),
            ("hours", &self.hours),
            ("degrees", &self.degrees),
            ("there", &self.there),
            ("acid_soil", &self.acid_soil),
        ] {
            list.check(&format!("lexicon verdict.{name}"))?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Lexicon {
    pub engine: EngineWords,
    pub verdict: VerdictWords,
    pub claim: ClaimWords,
    pub frames: Frames,
    /// Winter advice for frost-free cities ({city}).
    pub mild_winter: Texts,
    /// The polite refusal of a question that is not about plants, in the customer's language.
    pub decline: Texts,
    pub not_sold: Vec<NotSold>,
    pub not_plants: NotPlants,
    pub language: LanguageWords,
    pub ask: AskWords,
    pub back_reference: BackReference,
    pub habit: HabitWords,
    pub climate: Climate,
}

/// Word families (`[family]` in safety.toml and myths.toml): a rule's group names one as
/// `"@name"`, so rules combine shared families (who, what they did, with what, what followed)
/// instead of each repeating its own copy of the same words.
type Families = std::collections::BTreeMap<String, Vec<String>>;

#[derive(Debug, Clone, Deserialize)]
struct SafetyFile {
    #[serde(default)]
    family: Families,
    rule: Vec<SafetyRule>,
}

#[derive(Debug, Clone, Deserialize)]
struct MythFile {
    #[serde(default)]
    family: Families,
    myth: Vec<Myth>,
}

/// Replaces every `"@name"` in `list` by the phrases of that family (families may name
/// families, once nested).
fn expand(list: &mut PhraseList, families: &Families, what: &str) -> anyhow::Result<()> {
    let mut out = Vec::with_capacity(list.0.len());
    for p in &list.0 {
        match p.strip_prefix('@') {
            Some(name) => {
                let Some(words) = families.get(name) else {
                    bail!("{what}: unknown word family @{name}");
                };
                for w in words {
                    match w.strip_prefix('@') {
                        Some(inner) => match families.get(inner) {
                            Some(more) if more.iter().all(|m| !m.starts_with('@')) => {
                                out.extend(more.iter().cloned())
                            }
                            _ => bail!(
                                "{what}: family @{name} names @{inner}, unknown or nested too deep"
                            ),
                        },
                        None => out.push(w.clone()),
                    }
                }
            }
            None => out.push(p.clone()),
        }
    }
    list.0 = out;
    Ok(())
}

/// Everything in `knowledge/assistant/`.
#[derive(Debug, Clone)]
pub struct Lexicons {
    pub safety: Vec<SafetyRule>,
    pub shop: ShopFacts,
    pub myths: Vec<Myth>,
    pub words: Lexicon,
}

impl Lexicons {
    /// Parses and checks the four files given as (name, text).
    pub fn parse(safety: &str, shop: &str, myths: &str, lexicon: &str) -> anyhow::Result<Self> {
        let mut safety: SafetyFile =
            toml::from_str(safety).context("knowledge/assistant/safety.toml is malformed")?;
        let shop: ShopFacts =
            toml::from_str(shop).context("knowledge/assistant/shop.toml is malformed")?;
        let mut myths: MythFile =
            toml::from_str(myths).context("knowledge/assistant/myths.toml is malformed")?;
        let words: Lexicon =
            toml::from_str(lexicon).context("knowledge/assistant/lexicon.toml is malformed")?;
        // The pet words live once, in lexicon.toml; the safety rules name them as @pets.
        if safety.family.contains_key("pets") {
            bail!("safety.toml: the family `pets` is lexicon.toml's [engine] pets");
        }
        safety
            .family
            .insert("pets".to_string(), words.engine.pets.0.clone());
        for rule in &mut safety.rule {
            let what = format!("safety rule {}", rule.id);
            for g in rule.all.iter_mut().chain(std::iter::once(&mut rule.not)) {
                expand(g, &safety.family, &what)?;
            }
            if let Some(h) = &mut rule.harmless {
                expand(&mut h.unless, &safety.family, &what)?;
                expand(&mut h.refer, &safety.family, &what)?;
                h.refer.check(&format!("{what} harmless.refer"))?;
                h.unless.check(&format!("{what} harmless.unless"))?;
                h.text.check(&format!("{what} harmless"))?;
            }
        }
        let mut ids = std::collections::HashSet::new();
        for rule in &safety.rule {
            if !ids.insert(rule.id.clone()) {
                bail!("safety rule {} appears twice", rule.id);
            }
            if rule.all.is_empty() {
                bail!("safety rule {} has no phrase groups", rule.id);
            }
            for g in &rule.all {
                g.check(&format!("safety rule {}", rule.id))?;
            }
            rule.text.check(&format!("safety rule {}", rule.id))?;
            // A safety answer must say where to get help (a helpline, a vet or the doctor).
            let calm = rule.harmless.as_ref().map(|h| &h.text);
            for (lang, t) in [Lang::En, Lang::Hi, Lang::Hinglish]
                .into_iter()
                .flat_map(|l| {
                    std::iter::once(&rule.text)
                        .chain(calm)
                        .map(move |t| (l, t.get(l)))
                })
            {
                let help = ["112", "1800-116-117", "vet", "doctor", "डॉक्टर"];
                if !help.iter().any(|h| t.contains(h)) {
                    bail!("safety rule {} names no helpline in {lang:?}", rule.id);
                }
            }
        }
        for topic in &shop.topic {
            topic.any.check(&format!("shop topic {}", topic.id))?;
            for g in &topic.all {
                g.check(&format!("shop topic {}", topic.id))?;
            }
            topic.text.check(&format!("shop topic {}", topic.id))?;
        }
        words.decline.check("lexicon decline")?;
        shop.order_status.any.check("order status")?;
        shop.order_status.arrived.check("order status arrived")?;
        // Myths may use their own families and the safety file's.
        let mut myth_families = safety.family.clone();
        myth_families.extend(myths.family.clone());
        for myth in &mut myths.myth {
            let what = format!("myth {}", myth.id);
            for g in myth.all.iter_mut().chain(std::iter::once(&mut myth.not)) {
                expand(g, &myth_families, &what)?;
            }
        }

        for g in &shop.order_status.all {
            g.check("order status all")?;
        }
        shop.order_status.not.check("order status not")?;
        shop.order_status.amount.check("order status amount")?;
        for g in &shop.order_status.amount_all {
            g.check("order status amount_all")?;
        }
        shop.order_status
            .dispatched
            .check("order status dispatched")?;
        shop.ask_which_plant.check("shop ask_which_plant")?;
        shop.damaged_late.days.check("shop damaged_late days")?;
        shop.damaged_late.any.check("shop damaged_late any")?;
        shop.damaged_late.text.check("shop damaged_late")?;
        shop.delivered_size.size.check("shop delivered_size size")?;
        shop.delivered_size
            .delivered
            .check("shop delivered_size delivered")?;
        for myth in &myths.myth {
            if myth.all.is_empty() {
                bail!("myth {} has no phrase groups", myth.id);
            }
            for g in &myth.all {
                g.check(&format!("myth {}", myth.id))?;
            }
            myth.text.check(&format!("myth {}", myth.id))?;
        }
        words.language.hinglish.check("lexicon language")?;
        words.engine.check()?;
        words.verdict.check()?;
        for (name, list) in [
            ("marker", &words.claim.marker),
            ("negation", &words.claim.negation),
            ("daily", &words.claim.daily),
            ("water", &words.claim.water),
        ] {
            list.check(&format!("claim.{name}"))?;
        }
        for (name, list) in [
            ("much_water", &words.ask.much_water),
            ("little_water", &words.ask.little_water),
            ("low_light", &words.ask.low_light),
        ] {
            list.check(&format!("lexicon ask.{name}"))?;
        }
        words.not_plants.text.check("lexicon not_plants")?;
        for n in &words.not_sold {
            n.any.check(&format!("not_sold {}", n.name))?;
        }
        Ok(Lexicons {
            safety: safety.rule,
            shop,
            myths: myths.myth,
            words,
        })
    }

    pub fn embedded() -> anyhow::Result<Self> {
        Lexicons::parse(
            include_str!("../../knowledge/assistant/safety.toml"),
            include_str!("../../knowledge/assistant/shop.toml"),
            include_str!("../../knowledge/assistant/myths.toml"),
            include_str!("../../knowledge/assistant/lexicon.toml"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_lexicons_load() {
        let l = Lexicons::embedded().expect("lexicons load");
        assert!(l.safety.len() >= 8);
        assert!(l.myths.len() >= 8);
    }

    #[test]
    fn a_safety_rule_without_a_helpline_is_refused() {
        let safety = "[[rule]]\nid = \"x\"\nall = [[\"kerosene\"]]\nen = \"no\"\nhi = \"नहीं\"\nhinglish = \"nahi\"\n";
        let l = Lexicons::embedded().unwrap();
        let _ = l;
        let err = Lexicons::parse(
            safety,
            include_str!("../../knowledge/assistant/shop.toml"),
            include_str!("../../knowledge/assistant/myths.toml"),
            include_str!("../../knowledge/assistant/lexicon.toml"),
        )
        .unwrap_err();
        assert!(err.to_string().contains("helpline"), "{err}");
    }

    #[test]
    fn star_phrases_match_word_prefixes() {
        let list = PhraseList(vec!["fertili*".into()]);
        assert!(list.hit(&Prepared::new("which fertiliser?")));
        assert!(!list.hit(&Prepared::new("fert")));
    }
}
