//! Two plants compared: the winner first. "Which one handles less sun?" right after two plants
//! were shown compares those two.

use super::turn::Turn;
use super::Engine;
use crate::assistant::answers;
use crate::assistant::direct::{self, Criterion};
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::recommend::stocked;
use crate::assistant::shop;

impl Engine {
    pub(super) fn compared_pair(&self, t: &mut Turn) -> Option<String> {
        let (a, b) = self.pair(t).filter(|_| !t.reading.more)?;
        let criterion = self.criterion(t);
        let catalogue = t.q.catalogue;
        let price = |s: &Species| stocked(s, catalogue).first().map(|i| i.price);
        let mut out = direct::compare(
            a,
            b,
            criterion,
            &self.watering,
            t.now(),
            (price(a), price(b)),
            t.lang,
        );
        let lines: Vec<String> = [a, b]
            .iter()
            .filter_map(|s| stocked(s, catalogue).into_iter().next())
            .map(|i| format!("- {}", shop::item_line(i)))
            .collect();
        if t.lang == Lang::En && criterion == Criterion::Easier {
            let level = |s: &Species| format!("{:?}", s.difficulty).to_lowercase();
            out = format!(
                "{out}\n\n**Difficulty:** {} {}, {} {}.",
                a.name,
                level(a),
                b.name,
                level(b)
            );
            for w in [a, b]
                .iter()
                .filter_map(|s| answers::safety_warning(s, false))
            {
                out = format!("{out}\n\n{w}");
            }
        }
        if !lines.is_empty() {
            out = format!("{out}\n{}", lines.join("\n"));
        }
        Some(out)
    }

    /// The two plants the message names, or the two of the last list it asks about.
    fn pair<'a>(&'a self, t: &Turn<'a>) -> Option<(&'a Species, &'a Species)> {
        let listed_pair: Vec<&Species> =
            if t.named.is_none() && t.among_list && t.memory.list.len() == 2 {
                self.listed_species(t)
            } else {
                Vec::new()
            };
        let plants = &t.r.plants;
        if plants.len() == 2 {
            Some((plants[0], plants[1]))
        } else if listed_pair.len() == 2 && listed_pair[0].id != listed_pair[1].id {
            Some((listed_pair[0], listed_pair[1]))
        } else {
            None
        }
    }

    /// What the two are compared on, from the message's words (easier to keep, by default).
    fn criterion(&self, t: &Turn) -> Criterion {
        let (reading, text, w) = (t.reading, t.text, self.words());
        if w.compare_faster.hit(text) {
            Criterion::Faster
        } else if reading.priciest || w.compare_costlier.hit(text) {
            Criterion::Costlier
        } else if reading.cheaper || reading.price || reading.cheapest {
            Criterion::Cheaper
        } else if w.children.hit(text) && !w.pets.hit(text) {
            Criterion::ChildSafe
        } else if w.pets.hit(text) || t.memory.pets {
            Criterion::PetSafe
        } else if w.compare_more_water.hit(text) {
            Criterion::MoreWater
        } else if w.compare_less_water.hit(text) {
            Criterion::LessWater
        } else if w.compare_more_sun.hit(text) {
            Criterion::MoreSun
        } else if w.compare_heat.hit(text) {
            Criterion::Heat
        } else if w.low_light.hit(text) || w.indoors.hit(text) {
            Criterion::LowLight
        } else {
            Criterion::Easier
        }
    }
}
