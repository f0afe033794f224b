//! Two plants compared: the winner first. "Which one handles less sun?" right after two plants
//! were shown compares those two.

use super::turn::Turn;
use super::Engine;
use crate::assistant::answers;
use crate::assistant::direct::{self, Criterion};
use crate::assistant::groups;
use crate::assistant::knowledge::Species;
use crate::assistant::lexicon::Lang;
use crate::assistant::recommend::stocked;
use crate::assistant::shop;
use crate::assistant::text::Prepared;

impl Engine {
    pub(super) fn compared_pair(&self, t: &mut Turn) -> Option<String> {
        let (a, b) = self.pair(t).filter(|_| !t.reading.more)?;
        let criterion = self.criterion(t);
        let catalogue = t.q.catalogue;
        let price = |s: &Species| stocked(s, catalogue).first().map(|i| i.price);
        let compare_by = |criterion: Criterion| {
            direct::compare(
                a,
                b,
                criterion,
                &self.watering,
                t.now(),
                (price(a), price(b)),
                t.lang,
            )
        };
        // "Which one flowers?", "which is a succulent?": answered by the group named.
        let by_group = self.compared_by_group(t, a, b);
        let grouped = by_group.is_some();
        let mut out = by_group.unwrap_or_else(|| compare_by(criterion));
        // "Which grows faster and which costs less?": both parts answered, prices shown.
        let price_too = criterion == Criterion::Faster
            && (t.reading.cheaper || t.reading.price || self.words().compare_costlier.hit(t.text));
        if price_too {
            let cheaper = direct::compare(
                a,
                b,
                Criterion::Cheaper,
                &self.watering,
                t.now(),
                (price(a), price(b)),
                t.lang,
            );
            out = format!("{out}\n\n{}", first_line(&cheaper));
        }
        // "…which costs less, and which is ok with my dog?": the safety part answered too.
        let priced = matches!(
            criterion,
            Criterion::Cheaper | Criterion::Costlier | Criterion::Faster
        );
        let w = self.words();
        if priced && (w.pets.hit(t.text) || w.children.hit(t.text)) {
            let safe = if self.children_only(t.text) {
                Criterion::ChildSafe
            } else {
                Criterion::PetSafe
            };
            out = format!("{out}\n\n{}", first_line(&compare_by(safe)));
        }
        // "For 8 rooms" / "10 of each": each plant's total for that many.
        let f = crate::assistant::followup::FollowUps::get();
        let count = shop::quantity_wanted(t.q.text).or_else(|| f.count_of_units(t.q.text));
        if let (Some(n), Some(pa), Some(pb)) = (count, price(a), price(b)) {
            out = format!("{out}\n\n{}", totals(n, (a, pa), (b, pb), t.lang));
        }
        let lines: Vec<String> = [a, b]
            .iter()
            .map(|s| match stocked(s, catalogue).into_iter().next() {
                Some(i) if t.lang == Lang::Hi => format!(
                    "- **{}** ({}): {}: /plant/{}",
                    s.hindi,
                    i.name,
                    crate::assistant::text::rupees(i.price),
                    i.id
                ),
                Some(i) => format!("- {}", shop::item_line(i)),
                None => out_of_stock(s, t),
            })
            .filter(|l| !l.is_empty())
            .collect();
        if t.lang == Lang::En && criterion == Criterion::Easier && !grouped {
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

    /// "A vs B, which one flowers / is a succulent?": whether each belongs to the group the
    /// message names (flowering plants, succulents, herbs, climbers…).
    fn compared_by_group(&self, t: &Turn, a: &Species, b: &Species) -> Option<String> {
        // The group must be named apart from the plants' own names ("Golden Barrel Cactus").
        let own: Vec<String> = [a, b]
            .iter()
            .flat_map(|s| {
                s.name
                    .to_lowercase()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        let rest: Vec<&str> = t
            .text
            .words
            .iter()
            .map(String::as_str)
            .filter(|w| !own.iter().any(|o| o == w))
            .collect();
        let named = groups::named(&Prepared::new(&rest.join(" ")));
        let g = named.first()?;
        let (fa, fb) = (g.has(a), g.has(b));
        let lang = t.lang;
        let group = g.name(lang);
        let n = |s: &Species| s.name_in(lang == Lang::Hi).to_string();
        Some(match (lang, fa, fb) {
            (Lang::En, true, true) => format!("Both — {} and {} are {group}.", n(a), n(b)),
            (Lang::En, false, false) => format!("Neither — {} and {} are not {group}.", n(a), n(b)),
            (Lang::Hi, true, true) => format!("दोनों — {} और {} दोनों {group} हैं।", n(a), n(b)),
            (Lang::Hi, false, false) => format!("कोई नहीं — {} और {} {group} नहीं हैं।", n(a), n(b)),
            (_, true, true) => format!("Dono — {} aur {} dono {group} hain.", n(a), n(b)),
            (_, false, false) => format!("Koi nahi — {} aur {} {group} nahi hain.", n(a), n(b)),
            (_, true, false) | (_, false, true) => {
                let (yes, no) = if fa { (a, b) } else { (b, a) };
                match lang {
                    Lang::En => format!(
                        "{} — it is one of the {group}; {} is not. {}",
                        n(yes),
                        n(no),
                        yes.summary
                    ),
                    Lang::Hi => format!("{} — यह {group} में से है; {} नहीं।", n(yes), n(no)),
                    Lang::Hinglish => {
                        format!("{} — yeh {group} mein se hai; {} nahi.", n(yes), n(no))
                    }
                }
            }
        })
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

/// Each plant's total for `n` of it: "For 8: Spider Plant 8 × ₹229 = ₹1,832; …".
fn totals(n: i64, a: (&Species, i64), b: (&Species, i64), lang: Lang) -> String {
    use crate::assistant::text::rupees;
    let one = |(s, p): (&Species, i64)| {
        let name = s.name_in(lang == Lang::Hi);
        format!("{name} {n} × {} = **{}**", rupees(p), rupees(p * n))
    };
    let (x, y) = (one(a), one(b));
    match lang {
        Lang::En => format!("**For {n}:** {x}; {y}. Shipping is free."),
        Lang::Hi => format!("**{n} के लिए:** {x}; {y}। शिपिंग मुफ़्त है।"),
        Lang::Hinglish => format!("**{n} ke liye:** {x}; {y}. Shipping free hai."),
    }
}

/// The verdict line of a comparison, without its shop lines.
fn first_line(text: &str) -> &str {
    text.split('\n').next().unwrap_or(text)
}

/// A plant of the pair that we list but have none of now is named as such; one we never
/// list gets no line.
fn out_of_stock(s: &Species, t: &Turn) -> String {
    let listed = t.q.catalogue.iter().any(|i| {
        s.catalogue
            .iter()
            .any(|c| c.eq_ignore_ascii_case(i.name.trim()))
    });
    if !listed {
        return String::new();
    }
    match t.lang {
        Lang::En => format!("- **{}**: out of stock right now", s.name),
        Lang::Hi => format!("- **{}** ({}): अभी स्टॉक में नहीं", s.hindi, s.name),
        Lang::Hinglish => format!("- **{}**: abhi out of stock", s.name),
    }
}
