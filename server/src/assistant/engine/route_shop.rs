//! The shop's own questions: orders, policies, and whether (and for how much) a plant is
//! sold, with whatever else was asked in the same message.

use super::turn::{season_asked, Turn};
use super::Engine;
use crate::assistant::cues::Intent;
use crate::assistant::direct::{self, Situation};
use crate::assistant::followup::FollowUps;
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::reading::Ask;
use crate::assistant::shop;
use crate::assistant::text::Prepared;

impl Engine {
    /// "Where is my order?", "cancel it": the signed-in customer's orders.
    pub(super) fn order_status(&self, t: &mut Turn) -> Option<String> {
        if !shop::asks_order_status(&self.lex, t.text) || shop::order_problem(&self.lex, t.text) {
            return None;
        }
        let cancelling = self.words().cancel.hit(t.text);
        // A visitor asking how to cancel gets the cancelling rule (shop policy), which says
        // where to do it.
        if cancelling && t.q.orders.is_none() {
            return None;
        }
        Some(shop::order_status(
            &self.lex, t.q.orders, t.lang, cancelling, t.text,
        ))
    }

    /// Shop policies, together with a catalogue answer when both are asked ("how much is the
    /// money plant and does it come with a pot?").
    pub(super) fn shop_policy(&self, t: &mut Turn) -> Option<String> {
        let policy = shop::policy(&self.lex, t.q.text, t.text, t.lang)?;
        let item = t
            .named
            .filter(|_| t.reading.sell || t.reading.price)
            .map(|s| shop::sells_species(&self.kb, s, t.q.catalogue, t.lang, t.memory.pets));
        // "Can I order 25 of them?" is answered by the limit first.
        let limit_first = shop::asks_quantity(&self.lex, t.q.text, t.text);
        Some(match item {
            Some(item) if limit_first => format!("{policy}\n\n{item}"),
            Some(item) => format!("{item}\n\n{policy}"),
            None => policy,
        })
    }

    /// "Do you sell…?", "how much is…?": the plant's catalogue lines, and for something we do
    /// not stock, what comes closest.
    pub(super) fn sold_or_priced(&self, t: &mut Turn) -> Option<String> {
        let (reading, r, text) = (t.reading, t.r, t.text);
        let plant = t.plant();
        // "…hai kya", "available" are weak: a care or problem question that ends with them is
        // not a shop question ("money plant kutte ke liye safe hai kya?").
        let strong_sell = self.words().sell_strong.hit(text);
        let about_care = r.has(Intent::Toxicity)
            || !r.guides.is_empty()
            || r.intents.iter().any(|i| i.is_care() && *i != Intent::Care);
        let selling =
            reading.sell && (strong_sell || !(about_care || self.words().sell_not.hit(text)));
        // "Price?" with no plant in the chat and no list shown: which plant?
        let no_topic = plant.is_none() && t.memory.list.is_empty() && !r.has(Intent::Recommend);
        if reading.price && no_topic && reading.words <= 4 {
            return Some(self.lex.shop.ask_which_plant.get(t.lang).to_string());
        }
        if !(selling || (reading.price && plant.is_some())) {
            return None;
        }
        // "Neem or moringa, which costs less?" compares the two (both prices): not a sale.
        // "Rubber plant vs monstera, prices and how many do you have": both, compared.
        let compared = reading.ask == Ask::Compare;
        if r.plants.len() == 2 && ((reading.price && !strong_sell) || compared) {
            return None;
        }
        match plant {
            Some(s) if !r.has(Intent::Recommend) || strong_sell => {
                let mut out =
                    shop::sells_species(&self.kb, s, t.q.catalogue, t.lang, t.memory.pets);
                // A second question in the same message ("…and how much sun?").
                if let Some(extra) = self.also_asked(s, t) {
                    out = format!("{out}\n\n{extra}");
                }
                Some(out)
            }
            None if !r.has(Intent::Recommend) && selling => self.not_stocked(t),
            _ => None,
        }
    }

    /// Something asked for that is not a plant we stock: a plant we never sell (with the
    /// closest we do), something that is not a plant, or an unknown name searched for.
    fn not_stocked(&self, t: &Turn) -> Option<String> {
        let (text, lang) = (t.text, t.lang);
        if let Some(n) = self.lex.words.not_sold.iter().find(|n| n.any.hit(text)) {
            let like: Vec<&Species> = n.like.iter().filter_map(|id| self.kb.species(id)).collect();
            return Some(shop::not_sold(&n.name, &like, t.q.catalogue, lang));
        }
        if self.lex.words.not_plants.any.hit(text) {
            return Some(self.lex.words.not_plants.text.get(lang).to_string());
        }
        let wanted = self.wanted_thing(text)?;
        Some(shop::sells_unknown(
            &self.kb,
            &wanted,
            t.q.catalogue,
            lang,
            t.memory.pets,
        ))
    }

    /// A second question asked with "do you sell / how much is X": light or watering for the
    /// plant, or the delivery time to a city named.
    fn also_asked(&self, s: &Species, t: &Turn) -> Option<String> {
        let (reading, r, text) = (t.reading, t.r, t.text);
        let mut extra: Vec<String> = Vec::new();
        if let Some(place) = shop::delivery_to_city(&self.lex, t.q.text, text, reading.lang) {
            extra.push(place);
        }
        if r.has(Intent::Light) {
            extra.push(direct::light_brief(s, reading.lang));
        }
        if r.has(Intent::Water) || reading.ask == Ask::HowOften {
            let season = t.now();
            let sit = Situation {
                now: season,
                lang: reading.lang,
                season: season_asked(r).unwrap_or(season),
                zone: t.memory.city.as_deref().zip(t.memory.zone),
                habit_hours: None,
                amount: None,
            };
            if let Some(w) = direct::watering(&self.watering, s, &sit) {
                extra.push(w.split("\n\n").next().unwrap_or_default().to_string());
            }
        }
        if r.has(Intent::Toxicity) {
            let children = self.children_only(text);
            extra.push(direct::toxicity(s, reading.lang, children));
        }
        // "…kitne ka hai aur kitna bada aata hai?": the size we deliver.
        if self.lex.shop.delivered_size.size.hit(text) {
            if let Some((size, _)) = self.delivered_size_line(s, t) {
                extra.push(size);
            }
        }
        (!extra.is_empty()).then(|| extra.join("\n\n"))
    }

    /// What a "do you sell …?" asks for, when it is not a plant the knowledge base knows.
    fn wanted_thing(&self, text: &Prepared) -> Option<String> {
        let kept: Vec<&str> = text
            .words
            .iter()
            .map(String::as_str)
            .filter(|w| !self.words().sell_filler.0.iter().any(|f| f == w))
            .take(4)
            .collect();
        (!kept.is_empty()).then(|| kept.join(" "))
    }

    /// "Want 10 of them" / "total kitna hoga?": the count times the price of the plant the
    /// chat is about, with the order limit when one order cannot hold that many.
    pub(super) fn quantity_total(&self, t: &mut Turn) -> Option<String> {
        let f = FollowUps::get();
        // "make it two", "teen lunga": a count taken with a verb, which changes the last one.
        let taken = f.taken_count(t.q.text);
        let said = taken.or_else(|| shop::quantity_wanted(t.q.text));
        if let Some(n) = said {
            t.memory.quantity = Some(n);
        }
        // Two plants named ("5 rooms: snake plant or money plant, total?") are compared.
        if t.r.plants.len() > 1 {
            return None;
        }
        let asks_total = f.total.hit(t.text);
        // Only while buying: a price asked now or just before, a word of wanting, or a count
        // taken again after a total ("11 chahiye" … "actually 12 kar do").
        let buying = t.reading.price
            || t.reading.sell
            || t.q.memory.asked_price
            || f.buying.hit(t.text)
            || (taken.is_some() && t.q.memory.quantity.is_some());
        if !buying {
            return None;
        }
        let counted = taken.is_some()
            || t.text.has_any(&[
                "of them", "of these", "of those", "of it", "pieces", "piece", "pcs", "nos",
            ]);
        let n = match said {
            Some(n) if asks_total || counted || t.named.is_some() => n,
            Some(_) => return None,
            None if asks_total => t.q.memory.quantity?,
            None => return None,
        };
        let s = t.named.or(t.remembered)?;
        let item = crate::assistant::recommend::stocked(s, t.q.catalogue)
            .into_iter()
            .next()?;
        Some(shop::total_for(
            item,
            n,
            t.lang,
            &self.lex.shop.support_email,
        ))
    }

    /// A plant's name as the whole message ("snake plant", "tulsi?"): a short overview — what
    /// it is, light, watering now, a pet warning when it is toxic — with its price and link.
    pub(super) fn plant_alone(&self, t: &mut Turn) -> Option<String> {
        let (reading, r, text) = (t.reading, t.r, t.text);
        let s = t.named?;
        let quiet = r.plants.len() == 1
            && r.intents.is_empty()
            && r.guides.is_empty()
            && reading.ask == Ask::Other
            && !(reading.price || reading.sell || reading.more || reading.greeting);
        if !quiet || text.words.len() > 5 {
            return None;
        }
        let span = s
            .aliases
            .iter()
            .chain([&s.name, &s.hindi, &s.botanical])
            .filter_map(|alias| text.find_fuzzy(alias))
            .max_by_key(|span| span.1)?;
        let filler = [
            "plant",
            "plants",
            "paudha",
            "the",
            "a",
            "about",
            "info",
            "pls",
            "please",
            "पौधा",
        ];
        let rest_is_filler = text
            .words
            .iter()
            .enumerate()
            .filter(|(i, _)| *i < span.0 || *i >= span.0 + span.1)
            .all(|(_, w)| filler.contains(&w.as_str()));
        if !rest_is_filler {
            return None;
        }
        let lang = t.lang;
        let season = t.now();
        let sit = Situation {
            now: season,
            lang,
            season,
            zone: t.memory.city.as_deref().zip(t.memory.zone),
            habit_hours: None,
            amount: None,
        };
        let mut parts: Vec<String> = Vec::new();
        parts.push(match lang {
            Lang::En => format!("**{}** ({}): {}", s.name, s.hindi, s.summary),
            _ => format!("**{}** ({})", s.hindi, s.name),
        });
        parts.push(direct::light_brief(s, lang));
        if let Some(w) = direct::watering(&self.watering, s, &sit) {
            parts.push(w.split("\n\n").next().unwrap_or_default().to_string());
        }
        if s.toxic_to_pets || s.toxic_to_children {
            parts.push(
                match lang {
                    Lang::En => "⚠️ Toxic if chewed: keep it away from pets and small children.",
                    Lang::Hi => "⚠️ चबाने पर ज़हरीला: पालतू जानवरों और छोटे बच्चों से दूर रखें।",
                    Lang::Hinglish => {
                        "⚠️ Chabane par zehreela: pets aur chhote bacchon se door rakhiye."
                    }
                }
                .to_string(),
            );
        }
        // Its price and link; when it is not in stock, what comes closest.
        let line = match crate::assistant::recommend::stocked(s, t.q.catalogue).first() {
            Some(item) => format!("- {}", shop::item_line(item)),
            None => shop::sells_species(&self.kb, s, t.q.catalogue, lang, t.memory.pets),
        };
        parts.push(line);
        Some(parts.join("\n\n"))
    }

    /// "How big is the areca palm you deliver?": the size its listing gives (and the pot
    /// policy when that is asked too), else that the listing does not say.
    pub(super) fn delivered_size(&self, t: &mut Turn) -> Option<String> {
        let words = &self.lex.shop.delivered_size;
        let after_price = t.q.memory.asked_price && t.named.is_none();
        if !(words.size.hit(t.text) && (words.delivered.hit(t.text) || after_price)) {
            return None;
        }
        let s = t.named.or(t.remembered)?;
        let (size, item) = self.delivered_size_line(s, t)?;
        let mut out = format!("{size}\n- {}", shop::item_line(item));
        // "…and is the pot included?": the pot rule too.
        let pots = self.lex.shop.topic.iter().find(|p| p.id == "pots");
        if let Some(p) = pots.filter(|p| p.asked(t.text)) {
            out = format!("{out}\n\n{}", p.text.get(t.lang));
        }
        Some(out)
    }

    /// The size of the plant we deliver (from its listing), with the listing it comes from.
    fn delivered_size_line<'c>(
        &self,
        s: &Species,
        t: &Turn<'c>,
    ) -> Option<(String, &'c crate::domain::catalogue::CatalogueItem)> {
        let words = &self.lex.shop.delivered_size;
        let items = crate::assistant::recommend::stocked(s, t.q.catalogue);
        let listed: Vec<&crate::domain::catalogue::CatalogueItem> =
            t.q.catalogue
                .iter()
                .filter(|i| {
                    s.catalogue
                        .iter()
                        .any(|c| c.eq_ignore_ascii_case(i.name.trim()))
                })
                .collect();
        let item = items.first().copied().or(listed.first().copied())?;
        let supplied = match t.lang {
            Lang::Hi => item.supplied_hi.as_ref().or(item.supplied.as_ref()),
            _ => item.supplied.as_ref(),
        };
        let size = match (supplied, t.lang) {
            (Some(line), Lang::En) => format!("The **{}** we deliver: {line}", item.name),
            (Some(line), Lang::Hi) => {
                format!("हम जो **{}** ({}) भेजते हैं: {line}", s.hindi, item.name)
            }
            (Some(line), Lang::Hinglish) => format!("Hum jo **{}** bhejte hain: {line}", item.name),
            (None, lang) => {
                let t = match lang {
                    Lang::En => &words.unknown_en,
                    Lang::Hi => &words.unknown_hi,
                    Lang::Hinglish => &words.unknown_hinglish,
                };
                t.replace("{name}", &item.name)
                    .replace("{support_email}", &self.lex.shop.support_email)
            }
        };
        Some((size, item))
    }
}
