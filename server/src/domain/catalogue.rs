//! The catalogue in the domain's terms.
//!
//! - Its query rules: what `GET /plants` and `GET /plants/suggest` accept, read from the
//!   text of the query into a checked filter. Pure: the HTTP layer turns a `QueryError` into
//!   its 400, the store turns a `PlantFilter` into SQL.
//! - `CatalogueItem`, the catalogue as the assistant recommends from it: what the store reads
//!   and the engine ranks, named here so neither has to depend on the other.

use serde::Deserialize;
use utoipa::IntoParams;

use super::care::{self, Light};
use super::validation::CATEGORIES;

/// The longest search text looked at; a longer one is cut (list) or refused (suggest).
pub const MAX_SEARCH_CHARS: usize = 100;

/// A query parameter that is malformed or out of range, with the sentence saying which.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryError(pub String);

impl QueryError {
    fn new(message: impl Into<String>) -> Self {
        QueryError(message.into())
    }
}

/// Query of `GET /plants`. Numbers arrive as text so that an empty value means "no filter"
/// and a malformed one gets a message naming it; the document gives their real types.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CatalogueQuery {
    /// Forgiving search: names in English or Hindi (typos and run-together words are fine),
    /// Hinglish and other common names ("pothos", "gudhal"), care words ("pet safe",
    /// "low light") and description words. Results come best match first unless `sortBy`
    /// is given; an exact name comes first of all.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// One of the categories, or `all`.
    pub category: Option<String>,
    /// Only plants known to be safe (`true`) or not safe (`false`) for cats and dogs.
    #[param(value_type = Option<bool>)]
    pub pet_safe: Option<String>,
    /// Only plants whose `care.light` is this value.
    #[param(inline, value_type = Option<Light>)]
    pub light: Option<String>,
    #[param(value_type = Option<i64>, minimum = 0)]
    pub min_price: Option<String>,
    #[param(value_type = Option<i64>, minimum = 0)]
    pub max_price: Option<String>,
    #[param(value_type = Option<f64>, minimum = 0, maximum = 5)]
    pub min_rating: Option<String>,
    /// `relevance` (the default with a search) orders by how well `search` matched.
    #[param(inline, value_type = Option<SortBy>)]
    pub sort_by: Option<String>,
    #[param(inline, value_type = Option<SortOrder>)]
    pub sort_order: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1)]
    pub page: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1, maximum = 200)]
    pub limit: Option<String>,
    /// How much of each plant the answer carries: `full` (the default), every plant whole;
    /// or `card`, what a catalogue card draws: the same fields, but a `description` or
    /// `descriptionHi` longer than 100 characters is cut to its first 100 followed by `…`.
    #[param(inline, value_type = Option<ListView>)]
    pub view: Option<String>,
}

fn number<T: std::str::FromStr>(raw: &Option<String>, name: &str) -> Result<Option<T>, QueryError> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| QueryError::new(format!("{name} must be a number"))),
    }
}

fn enum_value<T: serde::de::DeserializeOwned + Default>(
    raw: &Option<String>,
    name: &str,
    allowed: &str,
) -> Result<T, QueryError> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(T::default()),
        Some(v) => serde_json::from_value(serde_json::Value::String(v.to_ascii_lowercase()))
            .map_err(|_| QueryError::new(format!("{name} must be one of {allowed}"))),
    }
}

impl CatalogueQuery {
    /// The view asked for; `full` when none is given.
    pub fn view(&self) -> Result<ListView, QueryError> {
        enum_value(&self.view, "view", "full, card")
    }

    pub fn into_filter(self) -> Result<PlantFilter, QueryError> {
        let category = match self.category.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(c) if c.eq_ignore_ascii_case("all") => None,
            Some(c) => Some(
                CATEGORIES
                    .iter()
                    .find(|k| k.eq_ignore_ascii_case(c))
                    .map(|k| k.to_string())
                    .ok_or_else(|| QueryError::new(format!("Unknown category: {c}")))?,
            ),
        };
        let min_price: Option<i64> = number(&self.min_price, "minPrice")?;
        let max_price: Option<i64> = number(&self.max_price, "maxPrice")?;
        let min_rating: Option<f64> = number(&self.min_rating, "minRating")?;
        let page: i64 = number(&self.page, "page")?.unwrap_or(1);
        let limit: i64 = number(&self.limit, "limit")?.unwrap_or(24);
        if min_price.is_some_and(|p| p < 0) || max_price.is_some_and(|p| p < 0) {
            return Err(QueryError::new("Prices cannot be negative"));
        }
        if let (Some(min), Some(max)) = (min_price, max_price) {
            if min > max {
                return Err(QueryError::new(format!(
                    "The minimum price (₹{min}) is above the maximum price (₹{max})"
                )));
            }
        }
        let pet_safe = match self.pet_safe.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) if v.eq_ignore_ascii_case("true") => Some(true),
            Some(v) if v.eq_ignore_ascii_case("false") => Some(false),
            Some(_) => return Err(QueryError::new("petSafe must be true or false")),
        };
        let light = match self.light.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => Some(care::parse::<Light>(v).ok_or_else(|| {
                QueryError::new(format!("light must be one of {}", care::LIGHT_WORDS))
            })?),
        };
        let search: Option<String> = self
            .search
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.chars().take(MAX_SEARCH_CHARS).collect());
        let sort_by = match self.sort_by.as_deref().map(str::trim) {
            None | Some("") if search.is_some() => SortBy::Relevance,
            _ => enum_value::<SortBy>(
                &self.sort_by,
                "sortBy",
                "name, price, rating, newest, relevance",
            )?,
        };
        if min_rating.is_some_and(|r| !(0.0..=5.0).contains(&r)) {
            return Err(QueryError::new("minRating must be between 0 and 5"));
        }
        if page < 1 {
            return Err(QueryError::new("page must be 1 or more"));
        }
        if !(1..=200).contains(&limit) {
            return Err(QueryError::new("limit must be between 1 and 200"));
        }
        Ok(PlantFilter {
            search,
            matches: None,
            pet_safe,
            light,
            category,
            min_price,
            max_price,
            min_rating,
            sort_by,
            sort_order: enum_value::<SortOrder>(&self.sort_order, "sortOrder", "asc, desc")?,
            page,
            limit,
        })
    }
}

/// The text of `GET /plants/suggest?q=`, trimmed; longer than `MAX_SEARCH_CHARS` is refused.
pub fn suggest_text(q: Option<String>) -> Result<String, QueryError> {
    let q = q.unwrap_or_default();
    if q.chars().count() > MAX_SEARCH_CHARS {
        return Err(QueryError::new(format!(
            "q must be at most {MAX_SEARCH_CHARS} characters"
        )));
    }
    Ok(q.trim().to_string())
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortBy {
    #[default]
    Name,
    Price,
    Rating,
    Newest,
    /// Best match first (the default when searching); like `name` without a search.
    Relevance,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    #[default]
    Asc,
    Desc,
}

/// How much of each plant a `GET /plants` answer carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ListView {
    /// Every plant whole, as `GET /plants/{id}` has it.
    #[default]
    Full,
    /// What a catalogue card draws: the same fields, but a `description` or `descriptionHi`
    /// longer than 100 characters is cut to its first 100 and ends with `…` (the card shows
    /// no more than that; the whole text is on the plant's own page). For the web app's
    /// catalogue, whose first page then fits in the first round trip of a slow connection.
    Card,
}

/// How many characters of a description a catalogue card shows (`truncate(description,
/// 100)` in web/src/features/catalogue/plant-card.tsx, via `CARD_DESCRIPTION_CHARS` of
/// web/src/lib/landing.ts; a web test keeps the two equal).
pub const CARD_DESCRIPTION_CHARS: usize = 100;

/// A description as the `card` view carries it: unchanged up to `CARD_DESCRIPTION_CHARS`
/// characters, else its first `CARD_DESCRIPTION_CHARS` followed by `…`.
///
/// Why a card draws exactly what it drew from the whole text: the preview of a longer text
/// is one character longer than the card's limit, so the card still cuts it, and where it
/// cuts (its first 100 characters, or its first 100 UTF-16 units in the browser: a prefix of
/// those 100 characters) lies inside the part kept. No trailing spaces are trimmed here, for
/// the same reason: the card trims its own cut.
pub fn card_description(text: &str) -> String {
    match text.char_indices().nth(CARD_DESCRIPTION_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A catalogue query, already checked.
#[derive(Debug, Clone, Default)]
pub struct PlantFilter {
    pub search: Option<String>,
    /// The ids the search index matched for `search`, best first.
    pub matches: Option<Vec<String>>,
    pub pet_safe: Option<bool>,
    pub light: Option<Light>,
    pub category: Option<String>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub min_rating: Option<f64>,
    pub sort_by: SortBy,
    pub sort_order: SortOrder,
    pub page: i64,
    pub limit: i64,
}

/// A live catalogue plant (in stock or not), with what an answer names: price and stock,
/// and the size it is delivered at when its description says so.
#[derive(Debug, Clone, Default)]
pub struct CatalogueItem {
    pub id: String,
    pub name: String,
    pub price: i64,
    pub stock: i64,
    /// "Supplied 35-45 cm tall in a 6-inch nursery pot." (English and Hindi descriptions).
    pub supplied: Option<String>,
    pub supplied_hi: Option<String>,
}

/// The sentence of a description that says how big the plant is delivered: the one that
/// names the pot size in inches ("…in a 6-inch nursery pot", "6 इंच के नर्सरी गमले में…").
pub fn supplied_sentence(description: &str) -> Option<String> {
    description
        .split_inclusive(['.', '।'])
        .map(str::trim)
        .find(|s| s.contains("inch") || s.contains("इंच"))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> CatalogueQuery {
        let text: String = pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&");
        serde_urlencoded::from_str(&text).expect("a query")
    }

    #[test]
    fn an_empty_query_is_the_first_page_by_name() {
        let filter = CatalogueQuery::default().into_filter().unwrap();
        assert_eq!((filter.page, filter.limit), (1, 24));
        assert_eq!(filter.sort_by, SortBy::Name);
        assert_eq!(filter.category, None);
    }

    #[test]
    fn a_search_sorts_by_relevance_and_categories_match_any_case() {
        let filter = query(&[("search", "tulsi"), ("category", "indoor")])
            .into_filter()
            .unwrap();
        assert_eq!(filter.sort_by, SortBy::Relevance);
        assert_eq!(filter.category.as_deref(), Some("Indoor"));
    }

    #[test]
    fn malformed_values_are_named() {
        let cases = [
            (("minPrice", "cheap"), "minPrice must be a number"),
            (("category", "Cacti"), "Unknown category: Cacti"),
            (("limit", "500"), "limit must be between 1 and 200"),
            (("petSafe", "maybe"), "petSafe must be true or false"),
        ];
        for ((key, value), message) in cases {
            let err = query(&[(key, value)]).into_filter().unwrap_err();
            assert_eq!(err.0, message);
        }
        let err = query(&[("minPrice", "500"), ("maxPrice", "100")])
            .into_filter()
            .unwrap_err();
        assert!(err.0.starts_with("The minimum price"), "{err:?}");
    }

    #[test]
    fn the_view_is_full_unless_a_card_is_asked_for() {
        assert_eq!(CatalogueQuery::default().view().unwrap(), ListView::Full);
        assert_eq!(query(&[("view", "card")]).view().unwrap(), ListView::Card);
        assert_eq!(query(&[("view", "FULL")]).view().unwrap(), ListView::Full);
        assert_eq!(
            query(&[("view", "thumbnail")]).view().unwrap_err().0,
            "view must be one of full, card"
        );
    }

    /// The card's own cut (`truncate` of web/src/lib/format.ts and of http/first_screen.rs).
    fn card_text(text: &str) -> String {
        if text.chars().count() <= CARD_DESCRIPTION_CHARS {
            return text.to_string();
        }
        let cut: String = text.chars().take(CARD_DESCRIPTION_CHARS).collect();
        format!("{}…", cut.trim_end())
    }

    #[test]
    fn a_card_shows_the_same_text_from_the_preview_as_from_the_whole() {
        let hindi = "एडेनियम (डेज़र्ट रोज़), मोटे फूले हुए तने वाली रसीली झाड़ी, जिसकी चमकदार पत्तियाँ और गुलाबी तुरही जैसे फूल होते हैं। पूरी धूप चाहिए।";
        let spaces_at_the_cut = format!("{}{}", "a".repeat(98), "    and then more words");
        let texts = [
            String::new(),
            "short".to_string(),
            "x".repeat(100),
            "x".repeat(101),
            "y".repeat(1000),
            hindi.to_string(),
            spaces_at_the_cut,
            "🌱".repeat(150),
        ];
        for text in texts {
            let preview = card_description(&text);
            assert_eq!(card_text(&preview), card_text(&text), "{text}");
            assert!(preview.chars().count() <= CARD_DESCRIPTION_CHARS + 1);
            if text.chars().count() > CARD_DESCRIPTION_CHARS {
                assert!(preview.ends_with('…'));
                assert!(text.starts_with(preview.trim_end_matches('…')));
            } else {
                assert_eq!(preview, text);
            }
        }
    }

    #[test]
    fn suggestions_take_at_most_a_hundred_characters() {
        assert_eq!(suggest_text(Some("  ficus ".into())).unwrap(), "ficus");
        assert!(suggest_text(Some("a".repeat(101))).is_err());
    }
}
