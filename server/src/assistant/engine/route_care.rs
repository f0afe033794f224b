//! Direct answers about one plant (watering, light, safety for pets and children, several of
//! them at once), and with no plant at all, the customer's facts acknowledged ("I live in
//! Chennai", "I have a cat").

use super::turn::{season_asked, Turn};
use super::Engine;
use crate::assistant::answers;
use crate::assistant::cues::Intent;
use crate::assistant::direct::{self, Situation};
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::{Ask, Zone};
use crate::assistant::verdict;

impl Engine {
    /// "How often / how do I feed, repot, prune, harvest it?" about one named plant: the task's
    /// rhythm and how, even when the message also tells a problem ("…it is not flowering",
    /// "roots coming out of the hole") that would otherwise pull a problem guide or a pot
    /// rule over the question actually asked. Only for "how often / how" (not "why", "tell
    /// me more"), and never for two plants.
    pub(super) fn asked_care_task(&self, t: &mut Turn) -> Option<String> {
        let s = t.named.or(t.picked)?;
        let reading = t.reading;
        if reading.more || t.r.plants.len() > 1 || matches!(reading.ask, Ask::Why | Ask::Compare) {
            return None;
        }
        let a = self.care_tasks.answer_in(t.text, s, t.lang)?;
        t.memory.plant = Some(s.id.clone());
        Some(a)
    }

    /// A question about the plant of the turn; None (to the care guides) for "tell me more",
    /// several plants or a problem.
    pub(super) fn about_one_plant(&self, t: &mut Turn) -> Option<String> {
        let s = t.plant()?;
        let (reading, r) = (t.reading, t.r);
        if reading.more && t.named.is_none() && r.guides.is_empty() {
            return Some(answers::species_care(s, &[], &t.ctx()).finish());
        }
        if reading.more || r.plants.len() > 1 || r.guides.iter().any(|g| g.guide.is_problem()) {
            return None;
        }
        t.memory.plant = Some(s.id.clone());
        // "How often to feed / repot / prune / mist?": the task's frequency, not the watering.
        if reading.ask != Ask::Why {
            if let Some(a) = self.care_tasks.answer_in(t.text, s, t.lang) {
                return Some(a);
            }
        }
        let other_topic = r.intents.iter().any(|i| {
            i.is_care()
                && !matches!(
                    i,
                    Intent::Water
                        | Intent::Care
                        | Intent::Summer
                        | Intent::Monsoon
                        | Intent::Winter
                )
        });
        // "Money plant ko paani ki bottle mein kaise lagaye?": a how-to (propagation, pruning,
        // repotting) that names water is answered by its guide, not by the watering interval.
        let how_to = r
            .intents
            .iter()
            .any(|i| matches!(i, Intent::Propagation | Intent::Pruning | Intent::Repotting));
        if how_to
            && reading.ask == Ask::Other
            && !r.has(Intent::Toxicity)
            && self.words().how_to.hit(t.text)
        {
            return None;
        }
        // "How often should I fertilise?" is about feeding, not water.
        let mentions_water = t.text.has_stem(&["water"]) || self.words().water_words.hit(t.text);
        let water_asked = (r.has(Intent::Water) || reading.ask == Ask::HowOften)
            && (mentions_water || !other_topic);
        if let Some(answers) = self.several_asked(s, t, water_asked) {
            return Some(answers);
        }
        // "Is it ok for him?" after "we have a pug": the pet (or child) from the chat.
        let for_them = (t.memory.pets || t.memory.children)
            && crate::assistant::followup::FollowUps::get()
                .safe_for_them
                .hit(t.text);
        if r.has(Intent::Toxicity) || for_them {
            return Some(self.toxicity_answer(s, t));
        }
        let asks_water = water_asked
            || (reading.ask == Ask::YesNo
                && !other_topic
                && t.memory.habit_hours.is_some()
                && reading.words <= 6)
            || (reading.habit_hours.is_some() && reading.ask == Ask::YesNo);
        if asks_water {
            return self.watering_answer(s, t);
        }
        self.light_answer(s, t)
    }

    /// Several questions about one plant ("how often to water, does it need sun, is it safe
    /// for dogs?"): one short answer each, in a fixed order.
    fn several_asked(&self, s: &Species, t: &Turn, water_asked: bool) -> Option<String> {
        let (r, lang) = (t.r, t.lang);
        let parts = [water_asked, r.has(Intent::Light), r.has(Intent::Toxicity)];
        if parts.iter().filter(|p| **p).count() < 2 {
            return None;
        }
        let mut out: Vec<String> = Vec::new();
        if parts[0] {
            let season = t.now();
            let sit = Situation {
                now: season,
                lang,
                season: season_asked(r).unwrap_or(season),
                zone: t.memory.city.as_deref().zip(t.memory.zone),
                habit_hours: t.reading.habit_hours,
                amount: None,
            };
            if let Some(w) = direct::watering(&self.watering, s, &sit) {
                out.push(w.split("\n\n").next().unwrap_or_default().to_string());
            }
        }
        if parts[1] {
            out.push(direct::light_brief(s, lang));
        }
        if parts[2] {
            out.push(direct::toxicity(s, lang, self.children_only(t.text)));
        }
        Some(out.join("\n\n"))
    }

    /// "Is it safe for my cat?", "is it poisonous?": the verdict, backed by the knowledge
    /// base's own safety line.
    fn toxicity_answer(&self, s: &Species, t: &Turn) -> String {
        let (lang, text) = (t.lang, t.text);
        let children = self.children_only(text)
            || (t.memory.children && !t.memory.pets && !self.words().pets.hit(text));
        // "Is it poisonous?" is answered Yes when it is; "is it safe?" No.
        let verdict = if t.reading.ask == Ask::YesNo && self.lex.words.verdict.toxic.hit(text) {
            verdict::is_toxic(s, children, lang)
        } else {
            direct::toxicity(s, lang, children)
        };
        let support = match lang {
            Lang::Hi => direct::hindi_caution(s),
            _ => answers::safety_warning(s, false)
                .unwrap_or_else(|| format!("**{}** is non-toxic: {}", s.name, s.toxicity_note)),
        };
        // A harmless plant in Hinglish gets a Hinglish line; a toxic one keeps the knowledge
        // base's own warning (its toxic principle).
        if lang == Lang::Hinglish && !s.is_toxic() {
            format!(
                "{verdict}\n\n**{}** non-toxic hai: billi aur kutton ke liye safe maana jaata hai.",
                s.name
            )
        } else if s.is_toxic() || lang != Lang::En {
            format!("{verdict}\n\n{support}")
        } else {
            verdict
        }
    }

    /// How often to water, for the season asked and the customer's climate; a yes/no about
    /// their own habit ("I water every day, is that ok?") is judged.
    fn watering_answer(&self, s: &Species, t: &Turn) -> Option<String> {
        let (reading, season) = (t.reading, t.now());
        let yes_no = reading.ask == Ask::YesNo;
        let sit = Situation {
            now: season,
            lang: t.lang,
            season: season_asked(t.r).unwrap_or(season),
            zone: t.memory.city.as_deref().zip(t.memory.zone),
            habit_hours: reading
                .habit_hours
                .or(if yes_no { t.memory.habit_hours } else { None }),
            amount: reading.amount.filter(|_| yes_no),
        };
        let answer = direct::watering(&self.watering, s, &sit)?;
        // "How much water?": how much to pour each time, after how often.
        match self.care_tasks.how_much(t.text) {
            Some(line) if t.lang == Lang::En && !yes_no => Some(format!("{answer}\n\n{line}")),
            _ => Some(answer),
        }
    }

    /// "Can it take low light / full sun / a north window?": a yes or no for the plant.
    fn light_answer(&self, s: &Species, t: &Turn) -> Option<String> {
        let (reading, text, lang) = (t.reading, t.text, t.lang);
        if reading.ask != Ask::YesNo || !(t.r.has(Intent::Light) || reading.low_light) {
            return None;
        }
        let low = reading.low_light || self.words().low_light.hit(text);
        let sun = self.words().sun.hit(text);
        if low || sun {
            return Some(direct::light(s, lang, low));
        }
        if self.words().window.hit(text) {
            return Some(direct::window(s, lang));
        }
        None
    }

    /// A message that only tells facts about the customer ("I live in Chennai", "I have a
    /// cat"), or asks about winter in a frost-free city: acknowledged in their language. Only
    /// when the message is about no plant.
    pub(super) fn told_facts(&self, t: &mut Turn) -> Option<String> {
        if t.plant().is_some() {
            return None;
        }
        let (reading, r, text, lang, memory) = (t.reading, t.r, t.text, t.lang, &t.memory);
        let mild = memory.zone.is_some_and(Zone::mild_winter);
        if mild && r.has(Intent::Winter) && r.plants.is_empty() && !r.has(Intent::Recommend) {
            let city = memory.city.clone().unwrap_or_default();
            return Some(
                self.lex
                    .words
                    .mild_winter
                    .get(lang)
                    .replace("{city}", &city),
            );
        }
        let told = reading.city.is_some()
            || self.words().pets.hit(text)
            || self.words().children.hit(text);
        let asked = !r.intents.is_empty()
            || !r.guides.is_empty()
            || reading.ask != Ask::Other
            || reading.sell
            || reading.price
            // "Mere ghar mein 1 saal ka baccha hai" tells a fact in seven words.
            || reading.words > 9;
        if !told || asked {
            return None;
        }
        let mut facts = Vec::new();
        if let Some((city, zone)) = &reading.city {
            facts.push(match (lang, zone) {
                (Lang::En, Zone::Coastal) => format!(
                    "{city}: humid coastal climate, mild frost-free winters and a heavy monsoon"
                ),
                (Lang::En, Zone::Deccan) => {
                    format!("{city}: mild Deccan climate, frost-free winters")
                }
                (Lang::En, Zone::North) => {
                    format!("{city}: hot summers (40 °C+) and cold winters with some frost")
                }
                (Lang::En, Zone::Hills) => format!("{city}: cool hills with cold winters"),
                (Lang::En, Zone::Dry) => format!("{city}: dry desert heat"),
                (Lang::Hi, _) => format!("आप {city} में हैं"),
                (_, _) => format!("aap {city} mein hain"),
            });
        }
        if self.words().pets.hit(text) {
            facts.push(match lang {
                Lang::En => "you have a pet, so I'll suggest only pet-safe plants".into(),
                Lang::Hi => "आपके पास पालतू है, इसलिए मैं सिर्फ़ उनके लिए सुरक्षित पौधे बताऊँगा".into(),
                Lang::Hinglish => {
                    "aapke paas pet hai, isliye main sirf pet-safe paudhe bataunga".into()
                }
            });
        }
        if self.words().children.hit(text) {
            facts.push(match lang {
                Lang::En => "there are small children at home, so I'll avoid toxic plants".into(),
                Lang::Hi => "घर में छोटे बच्चे हैं, इसलिए ज़हरीले पौधे नहीं बताऊँगा".into(),
                Lang::Hinglish => {
                    "ghar mein chhote bacche hain, isliye zehreele paudhe nahi bataunga".into()
                }
            });
        }
        Some(match lang {
            Lang::En => format!("Noted — {}. Ask me anything about watering, light or choosing plants and I'll keep it in mind.", facts.join("; ")),
            Lang::Hi => format!("ठीक है — {}। पानी, धूप या पौधे चुनने के बारे में कुछ भी पूछिए, मैं इसका ध्यान रखूँगा।", facts.join("; ")),
            Lang::Hinglish => format!("Theek hai — {}. Paani, dhoop ya paudhe chunne ke baare mein kuch bhi poochhiye, main iska dhyan rakhunga.", facts.join("; ")),
        })
    }
}
