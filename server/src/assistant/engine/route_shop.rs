//! The shop's own questions: orders, policies, and whether (and for how much) a plant is
//! sold, with whatever else was asked in the same message.

use super::turn::{season_asked, Turn};
use super::Engine;
use crate::assistant::cues::Intent;
use crate::assistant::direct::{self, Situation};
use crate::assistant::knowledge::Species;
use crate::assistant::reading::Ask;
use crate::assistant::shop;
use crate::assistant::text::Prepared;

impl Engine {
    /// "Where is my order?", "cancel it": the signed-in customer's orders.
    pub(super) fn order_status(&self, t: &mut Turn) -> Option<String> {
        if !shop::asks_order_status(&self.lex, t.text) {
            return None;
        }
        let cancelling = self.words().cancel.hit(t.text);
        Some(shop::order_status(
            &self.lex,
            t.q.orders,
            t.lang,
            cancelling,
            self.lex.shop.order_status.arrived.hit(t.text),
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
        Some(match item {
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
        if !(selling || (reading.price && plant.is_some())) {
            return None;
        }
        // "Neem or moringa, which costs less?" compares the two (both prices): not a sale.
        if r.plants.len() == 2 && reading.price && !strong_sell {
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
}
