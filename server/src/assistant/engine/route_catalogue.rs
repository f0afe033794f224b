//! Questions about the catalogue and the last list shown: which of them is safe, the cheapest
//! or dearest, "the second one", something cheaper, something similar.

use super::turn::Turn;
use super::Engine;
use crate::assistant::cues::Intent;
use crate::assistant::groups;
use crate::assistant::reading::Ask;
use crate::assistant::shop;
use crate::domain::catalogue::CatalogueItem;

impl Engine {
    /// "Which of them is safe for my cat?" after a list: each listed plant's verdict.
    pub(super) fn safe_among_list(&self, t: &mut Turn) -> Option<String> {
        if !(t.among_list && (t.r.has(Intent::Toxicity) || self.words().pets.hit(t.text))) {
            return None;
        }
        let children = self.children_only(t.text);
        let listed = self.listed_species(t);
        if listed.is_empty() {
            return None;
        }
        Some(shop::safe_among(
            &self.kb,
            &listed,
            t.q.catalogue,
            children,
            t.lang,
        ))
    }

    /// The cheapest or dearest plant, of the catalogue or of the last list ("a cheaper one of
    /// these?").
    pub(super) fn catalogue_extreme(&self, t: &mut Turn) -> Option<String> {
        let (reading, among_list) = (t.reading, t.among_list);
        if !(reading.cheapest || reading.priciest || (among_list && reading.cheaper)) {
            return None;
        }
        let pool: Vec<CatalogueItem> = if among_list {
            t.q.catalogue
                .iter()
                .filter(|i| t.memory.list.contains(&i.id))
                .cloned()
                .collect()
        } else {
            t.q.catalogue.to_vec()
        };
        // "Cheapest flowering plant?": among the plants of the group named.
        let named_groups = groups::named(t.text);
        let pool: Vec<CatalogueItem> = if among_list || named_groups.is_empty() {
            pool
        } else {
            pool.into_iter()
                .filter(|i| {
                    self.kb
                        .species_for_catalogue_name(&i.name)
                        .is_some_and(|s| groups::fits(&named_groups, s))
                })
                .collect()
        };
        shop::extreme(&pool, !reading.priciest, among_list, t.lang)
    }

    /// "The second one": its price; or, when a care question is asked about it ("the second
    /// one — how often to water?"), it becomes the plant the later stages answer about.
    pub(super) fn picked_from_list(&self, t: &mut Turn) -> Option<String> {
        if t.named.is_some() {
            return None;
        }
        let n = t.reading.ordinal?;
        let catalogue = t.q.catalogue;
        let id = if n == usize::MAX {
            t.memory.list.last()
        } else {
            t.memory.list.get(n)
        };
        let item = id.and_then(|id| catalogue.iter().find(|i| &i.id == id))?;
        pick(t, item)
    }

    /// "Anything cheaper?" after a list: plants under its prices.
    pub(super) fn cheaper_than_list(&self, t: &mut Turn) -> Option<String> {
        if let Some(answer) = self.cheaper_of_shown(t) {
            return answer;
        }
        if t.named.is_some()
            || !t.reading.cheaper
            || t.memory.list.is_empty()
            || t.r.has(Intent::Recommend)
        {
            return None;
        }
        shop::cheaper_than(
            &self.kb,
            &t.memory.list,
            t.q.catalogue,
            t.lang,
            t.memory.pets,
            t.wishes.budget,
        )
    }

    /// "Then suggest something similar": plants like the one just discussed.
    pub(super) fn similar_plants(&self, t: &mut Turn) -> Option<String> {
        if t.named.is_some() || t.picked.is_some() || !self.words().similar.hit(t.text) {
            return None;
        }
        let s = t.remembered.or(t.listed_first)?;
        Some(shop::similar_to(
            &self.kb,
            s,
            t.q.catalogue,
            t.lang,
            t.memory.pets,
        ))
    }

    /// "Ok the cheaper one. How often do I water it?": the cheaper (or costlier) of the plants
    /// just shown or compared, then the question about it (the care stages answer it) or its
    /// price. `Some(None)`: picked, and a later stage answers.
    fn cheaper_of_shown(&self, t: &mut Turn) -> Option<Option<String>> {
        let f = crate::assistant::followup::FollowUps::get();
        let cheaper = f.cheaper_one.hit(t.text);
        if t.named.is_some() || !(cheaper || f.costlier_one.hit(t.text)) {
            return None;
        }
        let shown: Vec<&CatalogueItem> = t
            .memory
            .list
            .iter()
            .filter_map(|id| t.q.catalogue.iter().find(|i| &i.id == id))
            .collect();
        if shown.len() < 2 {
            return None;
        }
        let item = if cheaper {
            shown.iter().min_by_key(|i| i.price)
        } else {
            shown.iter().max_by_key(|i| i.price)
        }?;
        Some(pick(t, item))
    }
}

/// A plant picked from the chat's last list becomes the plant of the chat. With a care
/// question about it, the later stages answer (`None`, `t.picked` set); otherwise its price.
fn pick(t: &mut Turn, item: &CatalogueItem) -> Option<String> {
    let species = t.kb.species_for_catalogue_name(&item.name);
    if let Some(s) = species {
        t.memory.plant = Some(s.id.clone());
    }
    let (reading, r) = (t.reading, t.r);
    let asks_care = matches!(reading.ask, Ask::HowOften | Ask::YesNo | Ask::Why)
        || r.has(Intent::Toxicity)
        || r.intents.iter().any(|i| i.is_care());
    match species {
        Some(s) if asks_care => {
            t.picked = Some(s);
            None
        }
        _ => {
            let hindi = species.map(|s| s.hindi.as_str());
            Some(shop::price_of(item, t.lang, hindi))
        }
    }
}
