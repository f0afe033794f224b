//! The catalogue: public listing and detail, admin create, update, delete and count.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cache::Prepared;
use super::caller::Admin;
use super::extract::{AppPath, AppQuery};
use super::openapi::{
    BadRequest, CategoriesReply, Conflict, Forbidden, MessageReply, NotFound, NotModified,
    NotSignedIn, PlantCountReply, PlantListReply, PlantReply, SuggestReply, Suggestion, TooLarge,
};
use super::respond::{created, ok};
use super::state::AppState;
use crate::domain::care::{self, Light};
use crate::domain::form_errors::Errors;
use crate::domain::plant_extras::{self, PlantExtras, PlantExtrasForm};
use crate::domain::validation::{
    self as rules, PlantForm, ValidPlant, CATEGORIES, IMAGE_MAX_BYTES,
};
use crate::error::{ApiError, ApiResult};
use crate::media::images::{process_plant_photo, sniff};
use crate::search::{Mode, MAX_MATCHES};
use crate::store::is_unique_violation;
use crate::store::plants::{self, InitialRatings, PlantFilter, PlantImages, SortBy, SortOrder};

const MSG_IMAGE_TOO_BIG: &str = "Image size cannot exceed 5MB";
/// Room for the image plus the text fields of the form.
pub const PLANT_FORM_LIMIT: usize = IMAGE_MAX_BYTES + 256 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(categories))
        .routes(routes!(suggest))
        .routes(routes!(count))
        .routes(routes!(detail, update, remove))
        .layer(DefaultBodyLimit::max(PLANT_FORM_LIMIT))
}

/// Query of `GET /plants`. Numbers arrive as text so that an empty value means "no filter"
/// and a malformed one gets a message naming it; the document gives their real types.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Forgiving search: names in English or Hindi (typos and run-together words are fine),
    /// Hinglish and other common names ("pothos", "gudhal"), care words ("pet safe",
    /// "low light") and description words. Results come best match first unless `sortBy`
    /// is given; an exact name comes first of all.
    #[param(max_length = 100)]
    search: Option<String>,
    /// One of the categories, or `all`.
    category: Option<String>,
    /// Only plants known to be safe (`true`) or not safe (`false`) for cats and dogs.
    #[param(value_type = Option<bool>)]
    pet_safe: Option<String>,
    /// Only plants whose `care.light` is this value.
    #[param(inline, value_type = Option<Light>)]
    light: Option<String>,
    #[param(value_type = Option<i64>, minimum = 0)]
    min_price: Option<String>,
    #[param(value_type = Option<i64>, minimum = 0)]
    max_price: Option<String>,
    #[param(value_type = Option<f64>, minimum = 0, maximum = 5)]
    min_rating: Option<String>,
    /// `relevance` (the default with a search) orders by how well `search` matched.
    #[param(inline, value_type = Option<SortBy>)]
    sort_by: Option<String>,
    #[param(inline, value_type = Option<SortOrder>)]
    sort_order: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1)]
    page: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

/// The shop's categories (`CATEGORIES`), for the document.
#[derive(ToSchema)]
pub enum Category {
    Indoor,
    Outdoor,
    Succulents,
    Flowering,
    Herbs,
    Trees,
}

/// The admin's plant form (`multipart/form-data`), as `read_plant_form` reads it.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[schema(examples(json!({ "name": "Areca Palm", "description": "A feathery palm for bright indirect light.", "price": 599, "originalPrice": 799, "categories": ["Indoor"], "stock": 12 })))]
pub struct PlantFormFields {
    /// Letters (any script), spaces, hyphens and apostrophes; unique among live plants.
    #[schema(min_length = 2, max_length = 100)]
    pub name: String,
    #[schema(min_length = 10, max_length = 1000)]
    pub description: String,
    /// Whole rupees.
    #[schema(minimum = 1, maximum = 999_999)]
    pub price: i64,
    /// The price before a discount, at least `price`.
    #[schema(minimum = 1, maximum = 999_999)]
    pub original_price: Option<i64>,
    /// Repeated `categories` fields (or `categories[0]`, `categories[1]`…, or one
    /// comma-separated value).
    #[schema(min_items = 1, max_items = 5, inline)]
    pub categories: Vec<Category>,
    #[schema(minimum = 0, maximum = 10_000)]
    pub stock: i64,
    /// The name in Hindi. Left out keeps the plant's; sent empty clears it.
    #[schema(min_length = 2, max_length = 100)]
    pub name_hi: Option<String>,
    /// The description in Hindi. Left out keeps the plant's; sent empty clears it.
    #[schema(min_length = 10, max_length = 1000)]
    pub description_hi: Option<String>,
    /// Care: the five `care*` fields go together (all five, all five empty to clear, or
    /// none to keep).
    #[schema(inline)]
    pub care_light: Option<Light>,
    #[schema(inline)]
    pub care_water: Option<crate::domain::care::Water>,
    #[schema(inline)]
    pub care_difficulty: Option<crate::domain::care::Difficulty>,
    pub care_pet_safe: Option<bool>,
    pub care_child_safe: Option<bool>,
    /// JPEG, PNG or WebP, at most 5 MB. On update, leaving it out keeps the old picture.
    #[schema(value_type = Option<String>, format = Binary)]
    pub image: Option<Vec<u8>>,
}

fn number<T: std::str::FromStr>(raw: &Option<String>, name: &str) -> ApiResult<Option<T>> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad_request(format!("{name} must be a number"))),
    }
}

fn enum_value<T: serde::de::DeserializeOwned + Default>(
    raw: &Option<String>,
    name: &str,
    allowed: &str,
) -> ApiResult<T> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(T::default()),
        Some(v) => serde_json::from_value(serde_json::Value::String(v.to_ascii_lowercase()))
            .map_err(|_| ApiError::bad_request(format!("{name} must be one of {allowed}"))),
    }
}

impl ListQuery {
    fn into_filter(self) -> ApiResult<PlantFilter> {
        let category = match self.category.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(c) if c.eq_ignore_ascii_case("all") => None,
            Some(c) => Some(
                CATEGORIES
                    .iter()
                    .find(|k| k.eq_ignore_ascii_case(c))
                    .map(|k| k.to_string())
                    .ok_or_else(|| ApiError::bad_request(format!("Unknown category: {c}")))?,
            ),
        };
        let min_price: Option<i64> = number(&self.min_price, "minPrice")?;
        let max_price: Option<i64> = number(&self.max_price, "maxPrice")?;
        let min_rating: Option<f64> = number(&self.min_rating, "minRating")?;
        let page: i64 = number(&self.page, "page")?.unwrap_or(1);
        let limit: i64 = number(&self.limit, "limit")?.unwrap_or(24);
        if min_price.is_some_and(|p| p < 0) || max_price.is_some_and(|p| p < 0) {
            return Err(ApiError::bad_request("Prices cannot be negative"));
        }
        if let (Some(min), Some(max)) = (min_price, max_price) {
            if min > max {
                return Err(ApiError::bad_request(format!(
                    "The minimum price (₹{min}) is above the maximum price (₹{max})"
                )));
            }
        }
        let pet_safe = match self.pet_safe.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) if v.eq_ignore_ascii_case("true") => Some(true),
            Some(v) if v.eq_ignore_ascii_case("false") => Some(false),
            Some(_) => return Err(ApiError::bad_request("petSafe must be true or false")),
        };
        let light = match self.light.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => Some(care::parse::<Light>(v).ok_or_else(|| {
                ApiError::bad_request(format!("light must be one of {}", care::LIGHT_WORDS))
            })?),
        };
        let search: Option<String> = self
            .search
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.chars().take(100).collect());
        let sort_by = match self.sort_by.as_deref().map(str::trim) {
            None | Some("") if search.is_some() => SortBy::Relevance,
            _ => enum_value::<SortBy>(
                &self.sort_by,
                "sortBy",
                "name, price, rating, newest, relevance",
            )?,
        };
        if min_rating.is_some_and(|r| !(0.0..=5.0).contains(&r)) {
            return Err(ApiError::bad_request("minRating must be between 0 and 5"));
        }
        if page < 1 {
            return Err(ApiError::bad_request("page must be 1 or more"));
        }
        if !(1..=200).contains(&limit) {
            return Err(ApiError::bad_request("limit must be between 1 and 200"));
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

#[utoipa::path(get, path = "/", tag = "plants",
    params(ListQuery),
    responses(
        (status = 200, description = "One page of the catalogue", body = PlantListReply),
        NotModified, BadRequest,
    ))]
async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    AppQuery(query): AppQuery<ListQuery>,
) -> ApiResult<Response> {
    let mut filter = query.into_filter()?;
    // Keyed by the query as sent (once it is known to be valid): the answer depends on the
    // filter alone, which the query determines, and formatting the parsed filter cost a few
    // thousand instructions per request. Two spellings of one filter just share nothing.
    // A very long query is keyed by its filter instead, so no entry keeps kilobytes of key.
    let key = match uri.query().unwrap_or("") {
        query if query.len() <= MAX_RAW_KEY => format!("list:{query}"),
        _ => format!("list-filter:{filter:?}"),
    };
    from_cache(&state, key, &headers, async {
        if let Some(search) = &filter.search {
            let index = state.search.get(&state.db).await?;
            let hits = index.search(search, Mode::Words, MAX_MATCHES);
            filter.matches = Some(hits.iter().map(|h| index.plant(h).id.clone()).collect());
        }
        let (plants, total) = plants::list(&state.db, &filter).await?;
        let pages = (total + filter.limit - 1) / filter.limit;
        Ok(json!({ "success": true, "plants": plants, "total": total, "page": filter.page, "pages": pages }))
    })
    .await
}

/// The longest list query used as it is for the cache key.
const MAX_RAW_KEY: usize = 512;

/// Query of `GET /plants/suggest`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SuggestQuery {
    /// What the customer has typed so far; the last word may be unfinished. Empty → no
    /// suggestions.
    #[param(max_length = 100)]
    q: Option<String>,
}

/// Most suggestions one answer carries.
const MAX_SUGGESTIONS: usize = 8;

/// Suggestions as you type, for the header search box: the same forgiving search as the
/// catalogue's, completing the last word.
#[utoipa::path(get, path = "/suggest", tag = "plants",
    params(SuggestQuery),
    responses(
        (status = 200, description = "Up to 8 plants, best match first", body = SuggestReply),
        NotModified, BadRequest,
    ))]
async fn suggest(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(query): AppQuery<SuggestQuery>,
) -> ApiResult<Response> {
    let q = query.q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(ApiError::bad_request("q must be at most 100 characters"));
    }
    let q = q.trim().to_string();
    from_cache(&state, format!("suggest:{q}"), &headers, async {
        if q.is_empty() {
            return Ok(json!({ "success": true, "suggestions": [] }));
        }
        let index = state.search.get(&state.db).await?;
        let suggestions: Vec<Suggestion> = index
            .search(&q, Mode::AsYouType, MAX_SUGGESTIONS)
            .iter()
            .map(|hit| {
                let p = index.plant(hit);
                Suggestion {
                    id: p.id.clone(),
                    plant_id: p.plant_code.clone(),
                    name: p.name.clone(),
                    name_hi: p.name_hi.clone(),
                    image: p.image.clone(),
                    price: p.price,
                }
            })
            .collect();
        Ok(json!({ "success": true, "suggestions": suggestions }))
    })
    .await
}

#[utoipa::path(get, path = "/categories/list", tag = "plants",
    responses((status = 200, description = "The categories", body = CategoriesReply), NotModified))]
async fn categories(headers: HeaderMap) -> Response {
    // A fixed list: its bytes, ETag and compressed forms are made once per process.
    static PREPARED: std::sync::OnceLock<Prepared> = std::sync::OnceLock::new();
    PREPARED
        .get_or_init(|| {
            Prepared::new(
                json!({ "success": true, "categories": CATEGORIES })
                    .to_string()
                    .into_bytes(),
            )
        })
        .respond(&headers)
}

#[utoipa::path(get, path = "/{id}", tag = "plants",
    params(("id" = String, Path, description = "The plant's `_id` or `plantId` (PL-1007)")),
    responses(
        (status = 200, description = "The plant", body = PlantReply),
        NotModified, NotFound,
    ))]
async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    from_cache(&state, format!("detail:{id}"), &headers, async {
        let plant = plants::find(&state.db, &id)
            .await?
            .ok_or_else(ApiError::plant_not_found)?;
        Ok(json!({ "success": true, "plant": plant }))
    })
    .await
}

/// Serves a catalogue response from the cache, or builds, keeps and serves it (one build per
/// key at a time: requests arriving meanwhile wait for it).
async fn from_cache(
    state: &AppState,
    key: String,
    headers: &HeaderMap,
    build: impl std::future::Future<Output = ApiResult<serde_json::Value>>,
) -> ApiResult<Response> {
    let (prepared, built) = state
        .catalogue_cache
        .get_or_build(key, async {
            let body = build.await?;
            Ok::<_, ApiError>(Prepared::new(
                serde_json::to_vec(&body).map_err(|e| ApiError::Internal(e.into()))?,
            ))
        })
        .await?;
    crate::metrics::catalogue_cache(!built);
    Ok(prepared.respond(headers))
}

#[utoipa::path(get, path = "/stats/count", tag = "plants",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "How many plants are for sale", body = PlantCountReply),
        NotSignedIn, Forbidden,
    ))]
async fn count(State(state): State<AppState>, _admin: Admin) -> ApiResult<Response> {
    let total = plants::count_live(&state.db).await?;
    Ok(ok(json!({ "stats": { "totalPlants": total } })))
}

#[utoipa::path(post, path = "/", tag = "plants",
    security(("bearer" = [])),
    request_body(content = PlantFormFields, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Plant added", body = PlantReply),
        BadRequest, NotSignedIn, Forbidden, Conflict, TooLarge,
    ))]
async fn create(
    State(state): State<AppState>,
    _admin: Admin,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let (plant, extras, photo) = read_plant_form(multipart.map_err(not_a_form)?).await?;
    let photo = process_photo(&state, photo).await?;
    let mut tx = state.db.begin().await?;
    let created_plant = match plants::insert(
        &mut tx,
        &plant,
        &extras,
        &photo.urls,
        InitialRatings::default(),
    )
    .await
    {
        Ok(p) => p,
        Err(err) if is_unique_violation(&err) => return Err(duplicate_name()),
        Err(err) => return Err(err.into()),
    };
    // Files are written only once the row is sure to be valid, and before it is visible.
    photo.save(&state).await?;
    tx.commit().await?;
    state.catalogue_cache.invalidate();
    state.search.mark_stale();
    Ok(created(
        json!({ "message": "Plant added successfully!", "plant": created_plant }),
    ))
}

#[utoipa::path(put, path = "/{id}", tag = "plants",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The plant's `_id` or `plantId`")),
    request_body(content = PlantFormFields, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Plant updated", body = PlantReply),
        BadRequest, NotSignedIn, Forbidden, NotFound, Conflict, TooLarge,
    ))]
async fn update(
    State(state): State<AppState>,
    _admin: Admin,
    AppPath(id): AppPath<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let (plant, extras, photo) = read_plant_form(multipart.map_err(not_a_form)?).await?;
    if plants::find(&state.db, &id).await?.is_none() {
        return Err(ApiError::plant_not_found());
    }
    let photo = process_photo(&state, photo).await?;
    let mut tx = state.db.begin().await?;
    let updated = match plants::update(&mut tx, &id, &plant, &extras, &photo.urls).await {
        Ok(Some(p)) => p,
        Ok(None) => return Err(ApiError::plant_not_found()),
        Err(err) if is_unique_violation(&err) => return Err(duplicate_name()),
        Err(err) => return Err(err.into()),
    };
    photo.save(&state).await?;
    tx.commit().await?;
    state.catalogue_cache.invalidate();
    state.search.mark_stale();
    crate::notify::after_restock(&state.db).await;
    Ok(ok(
        json!({ "message": "Plant updated successfully!", "plant": updated }),
    ))
}

/// A soft delete: orders keep their copy of the name and price.
#[utoipa::path(delete, path = "/{id}", tag = "plants",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The plant's `_id` or `plantId`")),
    responses(
        (status = 200, description = "Plant deleted", body = MessageReply),
        NotSignedIn, Forbidden, NotFound,
    ))]
async fn remove(
    State(state): State<AppState>,
    _admin: Admin,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    if !plants::soft_delete(&state.db, &id).await? {
        return Err(ApiError::plant_not_found());
    }
    state.catalogue_cache.invalidate();
    state.search.mark_stale();
    Ok(ok(json!({ "message": "Plant deleted successfully!" })))
}

fn duplicate_name() -> ApiError {
    ApiError::Conflict("A plant with this name already exists".into())
}

/// Reads the admin form; every failed rule, the image's included, is reported together.
async fn read_plant_form(
    mut multipart: Multipart,
) -> ApiResult<(ValidPlant, PlantExtras, Option<Vec<u8>>)> {
    let mut form = PlantForm::default();
    let mut extra = PlantExtrasForm::default();
    let mut photo: Option<Vec<u8>> = None;
    let mut photo_too_big = false;
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "image" {
            let mut bytes = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                if bytes.len() + chunk.len() > IMAGE_MAX_BYTES {
                    photo_too_big = true;
                    break;
                }
                bytes.extend_from_slice(&chunk);
            }
            // A file input left empty still sends a part with no bytes.
            if !bytes.is_empty() && !photo_too_big {
                photo = Some(bytes);
            }
            continue;
        }
        let text = field.text().await.map_err(multipart_error)?;
        match name.as_str() {
            "name" => form.name = Some(text),
            "description" => form.description = Some(text),
            "price" => form.price = Some(text),
            "originalPrice" => form.original_price = Some(text),
            "stock" => form.stock = Some(text),
            "nameHi" => extra.name_hi = Some(text),
            "descriptionHi" => extra.description_hi = Some(text),
            "careLight" => extra.care_light = Some(text),
            "careWater" => extra.care_water = Some(text),
            "careDifficulty" => extra.care_difficulty = Some(text),
            "carePetSafe" => extra.care_pet_safe = Some(text),
            "careChildSafe" => extra.care_child_safe = Some(text),
            n if n == "categories"
                || n == "categories[]"
                || (n.starts_with("categories[") && n.ends_with(']')) =>
            {
                // Either repeated fields or one comma-separated value.
                form.categories.extend(
                    text.split(',')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(str::to_string),
                );
            }
            _ => {}
        }
    }
    let mut errors = Errors::default();
    let plant = rules::plant_form(&form, &mut errors);
    let extras = plant_extras::plant_extras(&extra, &mut errors);
    if photo_too_big {
        errors.push("image", MSG_IMAGE_TOO_BIG);
    } else if let Some(bytes) = &photo {
        if sniff(bytes).is_none() {
            errors.push("image", "Image must be in JPEG, PNG, or WebP format");
        }
    }
    errors.into_result()?;
    Ok((plant.expect("no errors means a valid plant"), extras, photo))
}

/// Without this, axum would answer a body that is not `multipart/form-data` in plain text.
fn not_a_form(_: MultipartRejection) -> ApiError {
    ApiError::bad_request("Send the plant as multipart/form-data.")
}

fn multipart_error(err: axum::extract::multipart::MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge(MSG_IMAGE_TOO_BIG.into())
    } else {
        ApiError::bad_request("The form could not be read. Please try again.")
    }
}

/// A checked upload in its two sizes, with the URLs it will have once saved.
struct PreparedPhoto {
    files: Vec<(String, Vec<u8>)>,
    urls: PlantImages,
}

impl PreparedPhoto {
    async fn save(self, state: &AppState) -> ApiResult<()> {
        for (key, bytes) in &self.files {
            state.media.put(key, bytes).await?;
        }
        Ok(())
    }
}

/// Decodes and re-encodes a photo off the async threads; nothing is stored yet.
async fn process_photo(state: &AppState, photo: Option<Vec<u8>>) -> ApiResult<PreparedPhoto> {
    let Some(bytes) = photo else {
        return Ok(PreparedPhoto {
            files: Vec::new(),
            urls: PlantImages::default(),
        });
    };
    let processed = {
        let _permit = state
            .image_permits
            .acquire()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        tokio::task::spawn_blocking(move || process_plant_photo(&bytes))
            .await
            .map_err(|e| ApiError::Internal(e.into()))?
            .map_err(|rejection| {
                ApiError::invalid(vec![crate::domain::form_errors::FieldError::new(
                    "image",
                    rejection.to_string(),
                )])
            })?
    };
    let detail_key = format!("plants/{}-detail.webp", processed.hash);
    let card_key = format!("plants/{}-card.webp", processed.hash);
    let urls = PlantImages {
        image: Some(state.media.url(&detail_key)),
        thumbnail: Some(state.media.url(&card_key)),
    };
    Ok(PreparedPhoto {
        files: vec![(detail_key, processed.detail), (card_key, processed.card)],
        urls,
    })
}

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;

    use super::Category;
    use crate::domain::validation::CATEGORIES;

    /// The document's category list is written out for utoipa; it must stay the shop's.
    #[test]
    fn documented_categories_are_the_shops() {
        let schema = serde_json::to_value(Category::schema()).unwrap();
        let documented: Vec<&str> = schema["enum"]
            .as_array()
            .expect("an enum schema")
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(documented, CATEGORIES);
    }
}
