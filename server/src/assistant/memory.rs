//! What a chat remembers between messages: its own module, since the engine fills it and the
//! model's brief reads it.

use serde::{Deserialize, Serialize};

use super::knowledge::LightWish;
use super::lexicon::Lang;
use super::reading::Zone;

/// What a chat remembers between messages (stored as JSON with the session).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Memory {
    /// The species discussed last, for follow-ups such as "how often should I water it?".
    pub plant: Option<String>,
    /// The guide discussed last.
    pub guide: Option<String>,
    /// The person said they have pets or small children: recommendations stay safe.
    pub pets: bool,
    pub children: bool,
    /// The last answer recommended plants: "something with flowers?" refines it.
    pub recommending: bool,
    pub turns: u32,
    /// The chat's language, kept for very short follow-ups ("price?").
    pub lang: Option<Lang>,
    /// The city the customer lives in and its climate zone.
    pub city: Option<String>,
    pub zone: Option<Zone>,
    /// How often the customer says they water, in hours.
    pub habit_hours: Option<u32>,
    /// The light of the customer's place as they described it ("my balcony faces north"),
    /// for "will hibiscus flower there?" and "which plant should I get?" later.
    pub light: Option<LightWish>,
    /// The last message asked a price or whether we sell a plant ("…and the ZZ?").
    pub asked_price: bool,
    /// The budget the customer named, and whether it is for all the plants together.
    pub budget: Option<i64>,
    pub budget_total: bool,
    /// Catalogue ids of the plants the last list showed, in order ("the second one").
    pub list: Vec<String>,
    /// The last question as answered, for "…and snake plant?" (the same question again).
    pub last_question: Option<String>,
    /// How many plants the customer said they want ("want 10 of them"), for "total?".
    pub quantity: Option<i64>,
}
