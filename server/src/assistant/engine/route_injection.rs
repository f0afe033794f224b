//! A message that tries to take the assistant out of its role (`injection.rs`): refused in
//! one short paragraph in the customer's language, back to plants and the shop. For prices
//! and coupons, the named plants' real prices follow, since that is the honest answer.

use super::turn::Turn;
use super::Engine;
use crate::assistant::cues::Intent;
use crate::assistant::injection::Injection;
use crate::assistant::lexicon::Lang;
use crate::assistant::shop;

impl Engine {
    pub(super) fn refused_instruction(&self, t: &mut Turn) -> Option<String> {
        let request =
            Injection::get().request(t.text, !t.r.plants.is_empty(), t.r.has(Intent::Recommend))?;
        let mut out = request.text.get(t.lang).trim().to_string();
        if request.id == "shop-change" {
            for s in &t.r.plants {
                let hindi = (t.lang == Lang::Hi).then_some(s.hindi.as_str());
                for item in
                    t.q.catalogue
                        .iter()
                        .filter(|i| s.catalogue.contains(&i.name))
                {
                    out.push_str("\n\n");
                    out.push_str(&shop::price_of(item, t.lang, hindi));
                }
            }
        }
        Some(out)
    }
}
