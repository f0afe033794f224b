//! A yes/no proposition about a plant ("can I grow it from the market leaves?", "will it
//! survive 3 weeks without water?", "does it flower in December?"): judged against the
//! species' facts (`propositions.rs`) before the stages that would answer only the topic.

use super::turn::Turn;
use super::Engine;
use crate::assistant::propositions::{self, Asked};
use crate::assistant::reading::Ask;

impl Engine {
    pub(super) fn judged_proposition(&self, t: &mut Turn) -> Option<String> {
        // "How often…", "why…" and "which is better…" ask something else.
        if matches!(t.reading.ask, Ask::HowOften | Ask::Why | Ask::Compare) || t.reading.more {
            return None;
        }
        // "Leaves yellow, soil always wet" describes a problem: the guides answer it.
        let problem = t.r.guides.iter().any(|g| g.guide.is_problem());
        if problem && t.reading.ask != Ask::YesNo {
            return None;
        }
        let s = t.named.or(t.picked).or_else(|| {
            (t.reading.ask == Ask::YesNo)
                .then_some(t.remembered)
                .flatten()
        })?;
        let other = t.r.plants.iter().copied().find(|o| o.id != s.id);
        let asked = Asked {
            text: t.text,
            yes_no: t.reading.ask == Ask::YesNo,
            lang: t.lang,
            month: t.q.month,
            zone: t.memory.zone,
            watering: &self.watering,
            other,
        };
        let v = propositions::judge(s, &asked)?;
        t.memory.plant = Some(s.id.clone());
        Some(v)
    }
}
