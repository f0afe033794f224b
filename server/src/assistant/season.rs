//! Indian seasons, which decide which watering advice leads an answer.

use chrono::{Datelike, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::knowledge::Species;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Season {
    /// March to May.
    Summer,
    /// June to September.
    Monsoon,
    /// October: rains ending, soil drying faster each week.
    PostMonsoon,
    /// November to February.
    Winter,
}

impl Season {
    pub fn of_month(month: u32) -> Season {
        match month {
            3..=5 => Season::Summer,
            6..=9 => Season::Monsoon,
            10 => Season::PostMonsoon,
            _ => Season::Winter,
        }
    }

    /// The month in India now (IST is UTC+5:30, whatever the server's clock zone).
    pub fn current_month_in_india() -> u32 {
        (Utc::now() + Duration::minutes(330)).month()
    }

    /// The watering advice a species has for this season.
    pub fn water(self, species: &Species) -> &str {
        match self {
            Season::Summer => &species.water_summer,
            Season::Monsoon | Season::PostMonsoon => &species.water_monsoon,
            Season::Winter => &species.water_winter,
        }
    }

    /// The guide that covers this season.
    pub fn guide_id(self) -> &'static str {
        match self {
            Season::Summer => "summer-heat",
            Season::Monsoon | Season::PostMonsoon => "monsoon-care",
            Season::Winter => "winter-care",
        }
    }

    pub fn name(self, hindi: bool) -> &'static str {
        match (self, hindi) {
            (Season::Summer, false) => "Summer (March–May)",
            (Season::Monsoon, false) => "Monsoon (June–September)",
            (Season::PostMonsoon, false) => "Post-monsoon (October)",
            (Season::Winter, false) => "Winter (November–February)",
            (Season::Summer, true) => "गर्मी (मार्च–मई)",
            (Season::Monsoon, true) => "बरसात (जून–सितंबर)",
            (Season::PostMonsoon, true) => "बरसात के बाद (अक्टूबर)",
            (Season::Winter, true) => "सर्दी (नवंबर–फ़रवरी)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_map_to_indian_seasons() {
        let seasons: Vec<Season> = (1..=12).map(Season::of_month).collect();
        use Season::*;
        assert_eq!(
            seasons,
            [
                Winter,
                Winter,
                Summer,
                Summer,
                Summer,
                Monsoon,
                Monsoon,
                Monsoon,
                Monsoon,
                PostMonsoon,
                Winter,
                Winter
            ]
        );
    }
}
