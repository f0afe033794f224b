//! The catalogue: public listing and detail, admin create, update, delete and count.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cache::{serve_cached, FrontCopy, Prepared};
use super::caller::Admin;
use super::extract::{AppPath, AppQuery};
use super::notice::Notice;
use super::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, NotModified, NotSignedIn, TooLarge,
};
use super::reply::{
    CategoriesReply, MessageReply, PlantCount, PlantCountReply, PlantListReply, PlantReply,
    SuggestReply, Suggestion,
};
use super::respond::{created, ok};
use super::state::AppState;
use crate::domain::care::Light;
use crate::domain::catalogue::{self, card_description, CatalogueQuery, ListView};
use crate::domain::form_errors::Errors;
use crate::domain::form_errors::FieldError;
use crate::domain::plant_extras::{self, PlantExtras, PlantExtrasForm};
use crate::domain::validation::{
    self as rules, PlantForm, ValidPlant, CATEGORIES, IMAGE_MAX_BYTES,
};
use crate::error::{ApiError, ApiResult, ErrorCode, FieldCode};
use crate::media::images::sniff;
use crate::media::plant_photo::PreparedPhoto;
use crate::search::{Mode, MAX_MATCHES};
use crate::store::is_unique_violation;
use crate::store::plants::{self, InitialRatings, PlantImages};

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

#[utoipa::path(get, path = "/", tag = "plants",
    params(CatalogueQuery),
    responses(
        (status = 200, description = "One page of the catalogue (with `view=card`, each description cut to what a card shows)", body = PlantListReply),
        NotModified, BadRequest,
    ))]
async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    AppQuery(query): AppQuery<CatalogueQuery>,
) -> ApiResult<Response> {
    let view = query.view()?;
    let mut filter = query.into_filter()?;
    // Keyed by the query as sent (once it is known to be valid): the answer depends on the
    // filter alone, which the query determines, and formatting the parsed filter cost a few
    // thousand instructions per request. Two spellings of one filter just share nothing.
    // A very long query is keyed by its filter and view instead, so no entry keeps
    // kilobytes of key.
    let key = match uri.query().unwrap_or("") {
        query if query.len() <= MAX_RAW_KEY => format!("list:{query}"),
        _ => format!("list-filter:{view:?}:{filter:?}"),
    };
    serve_cached(
        &state.catalogue_cache,
        key,
        &headers,
        FrontCopy::Allowed,
        async {
            if let Some(search) = &filter.search {
                let index = state.search.get(&state.db).await?;
                let hits = index.search(search, Mode::Words, MAX_MATCHES);
                filter.matches = Some(hits.iter().map(|h| index.plant(h).id.clone()).collect());
            }
            let (mut plants, total) = plants::list(&state.db, &filter).await?;
            if view == ListView::Card {
                for plant in &mut plants {
                    plant.description = card_description(&plant.description);
                    plant.description_hi = plant.description_hi.as_deref().map(card_description);
                }
            }
            let pages = (total + filter.limit - 1) / filter.limit;
            Ok(PlantListReply {
                success: true,
                plants,
                total,
                page: filter.page,
                pages,
            })
        },
    )
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
    let q = catalogue::suggest_text(query.q)?;
    serve_cached(
        &state.catalogue_cache,
        format!("suggest:{q}"),
        &headers,
        FrontCopy::No,
        async {
            if q.is_empty() {
                return Ok(SuggestReply {
                    success: true,
                    suggestions: Vec::new(),
                });
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
            Ok(SuggestReply {
                success: true,
                suggestions,
            })
        },
    )
    .await
}

#[utoipa::path(get, path = "/categories/list", tag = "plants",
    responses((status = 200, description = "The categories", body = CategoriesReply), NotModified))]
async fn categories(headers: HeaderMap) -> Response {
    // A fixed list: its bytes, ETag and compressed forms are made once per process.
    static PREPARED: std::sync::OnceLock<Prepared> = std::sync::OnceLock::new();
    PREPARED
        .get_or_init(|| {
            Prepared::reply(&CategoriesReply {
                success: true,
                categories: CATEGORIES.iter().map(|c| c.to_string()).collect(),
            })
            .expect("the categories serialise")
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
    serve_cached(
        &state.catalogue_cache,
        format!("detail:{id}"),
        &headers,
        FrontCopy::Allowed,
        async {
            let plant = plants::find(&state.db, &id)
                .await?
                .ok_or_else(ApiError::plant_not_found)?;
            Ok(PlantReply::new(plant, None))
        },
    )
    .await
}

#[utoipa::path(get, path = "/stats/count", tag = "plants",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "How many plants are for sale", body = PlantCountReply),
        NotSignedIn, Forbidden,
    ))]
async fn count(State(state): State<AppState>, _admin: Admin) -> ApiResult<Response> {
    let total = plants::count_live(&state.db).await?;
    Ok(ok(PlantCountReply {
        success: true,
        stats: PlantCount {
            total_plants: total,
        },
    }))
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
    let photo = prepare_photo(&state, photo).await?;
    let mut tx = state.db.begin().await?;
    let created_plant = match plants::insert(
        &mut tx,
        &plant,
        &extras,
        &images_of(&photo),
        InitialRatings::default(),
    )
    .await
    {
        Ok(p) => p,
        Err(err) if is_unique_violation(&err) => return Err(duplicate_name()),
        Err(err) => return Err(err.into()),
    };
    // Files are written only once the row is sure to be valid, and before it is visible.
    save_photo(&state, photo).await?;
    tx.commit().await?;
    state.catalogue_cache.invalidate();
    state.search.mark_stale();
    Ok(created(PlantReply::new(
        created_plant,
        Some(Notice::PlantAdded),
    )))
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
    let photo = prepare_photo(&state, photo).await?;
    let mut tx = state.db.begin().await?;
    let updated = match plants::update(&mut tx, &id, &plant, &extras, &images_of(&photo)).await {
        Ok(Some(p)) => p,
        Ok(None) => return Err(ApiError::plant_not_found()),
        Err(err) if is_unique_violation(&err) => return Err(duplicate_name()),
        Err(err) => return Err(err.into()),
    };
    save_photo(&state, photo).await?;
    tx.commit().await?;
    state.catalogue_cache.invalidate();
    state.search.mark_stale();
    crate::notify::after_restock(&state.db).await;
    Ok(ok(PlantReply::new(updated, Some(Notice::PlantUpdated))))
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
    Ok(ok(MessageReply::new(Notice::PlantDeleted)))
}

fn duplicate_name() -> ApiError {
    ApiError::Conflict(
        ErrorCode::PlantNameTaken,
        "A plant with this name already exists".into(),
    )
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
        errors.push("image", FieldCode::ImageTooLarge, MSG_IMAGE_TOO_BIG);
    } else if let Some(bytes) = &photo {
        if sniff(bytes).is_none() {
            errors.push(
                "image",
                FieldCode::ImageType,
                "Image must be in JPEG, PNG, or WebP format",
            );
        }
    }
    errors.into_result()?;
    Ok((plant.expect("no errors means a valid plant"), extras, photo))
}

/// Without this, axum would answer a body that is not `multipart/form-data` in plain text.
fn not_a_form(_: MultipartRejection) -> ApiError {
    ApiError::bad_request(
        ErrorCode::MalformedBody,
        "Send the plant as multipart/form-data.",
    )
}

fn multipart_error(err: axum::extract::multipart::MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge(ErrorCode::ImageTooLarge, MSG_IMAGE_TOO_BIG.into())
    } else {
        ApiError::bad_request(
            ErrorCode::MalformedBody,
            "The form could not be read. Please try again.",
        )
    }
}

/// The upload (if any) checked and re-encoded off the async threads; nothing stored yet.
async fn prepare_photo(
    state: &AppState,
    photo: Option<Vec<u8>>,
) -> ApiResult<Option<PreparedPhoto>> {
    let Some(bytes) = photo else {
        return Ok(None);
    };
    PreparedPhoto::prepare(&state.media, &state.image_permits, bytes)
        .await?
        .map(Some)
        .map_err(|rejection| {
            ApiError::invalid(vec![FieldError::new(
                "image",
                FieldCode::ImageUnreadable,
                rejection.to_string(),
            )])
        })
}

/// The URLs the row gets: none when no picture was sent (the old one is kept).
fn images_of(photo: &Option<PreparedPhoto>) -> PlantImages {
    match photo {
        Some(p) => PlantImages {
            image: Some(p.detail_url.clone()),
            thumbnail: Some(p.card_url.clone()),
        },
        None => PlantImages::default(),
    }
}

async fn save_photo(state: &AppState, photo: Option<PreparedPhoto>) -> ApiResult<()> {
    if let Some(photo) = photo {
        photo.save(&state.media).await?;
    }
    Ok(())
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
