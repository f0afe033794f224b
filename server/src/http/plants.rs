//! The catalogue: public listing and detail, admin create, update, delete and count.

use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::json;

use super::cache::Prepared;
use super::extract::AppQuery;
use super::respond::{cached_json, created, ok};
use crate::auth::Admin;
use crate::domain::validation::{
    self as rules, Errors, PlantForm, ValidPlant, CATEGORIES, IMAGE_MAX_BYTES,
};
use crate::error::{ApiError, ApiResult};
use crate::media::images::{process_plant_photo, sniff};
use crate::state::AppState;
use crate::store::is_unique_violation;
use crate::store::plants::{self, InitialRatings, PlantFilter, PlantImages, SortBy, SortOrder};

const MSG_PLANT_NOT_FOUND: &str = "Plant not found";
const MSG_IMAGE_TOO_BIG: &str = "Image size cannot exceed 5MB";
/// Room for the image plus the text fields of the form.
pub const PLANT_FORM_LIMIT: usize = IMAGE_MAX_BYTES + 256 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(list).post(create))
        .route("/categories/list", get(categories))
        .route("/stats/count", get(count))
        .route("/{id}", get(detail).put(update).delete(remove))
        .layer(DefaultBodyLimit::max(PLANT_FORM_LIMIT))
}

/// Query of `GET /plants`. Numbers arrive as text so that an empty value means "no filter"
/// and a malformed one gets a message naming it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    search: Option<String>,
    category: Option<String>,
    min_price: Option<String>,
    max_price: Option<String>,
    min_rating: Option<String>,
    sort_by: Option<String>,
    sort_order: Option<String>,
    page: Option<String>,
    limit: Option<String>,
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
            search: self
                .search
                .filter(|s| !s.trim().is_empty())
                .map(|s| s.chars().take(100).collect()),
            category,
            min_price,
            max_price,
            min_rating,
            sort_by: enum_value::<SortBy>(&self.sort_by, "sortBy", "name, price, rating, newest")?,
            sort_order: enum_value::<SortOrder>(&self.sort_order, "sortOrder", "asc, desc")?,
            page,
            limit,
        })
    }
}

async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(query): AppQuery<ListQuery>,
) -> ApiResult<Response> {
    let filter = query.into_filter()?;
    let key = format!("list:{filter:?}");
    from_cache(&state, key, &headers, async {
        let (plants, total) = plants::list(&state.db, &filter).await?;
        let pages = (total + filter.limit - 1) / filter.limit;
        Ok(json!({ "success": true, "plants": plants, "total": total, "page": filter.page, "pages": pages }))
    })
    .await
}

async fn categories(headers: HeaderMap) -> Response {
    cached_json(
        &headers,
        &json!({ "success": true, "categories": CATEGORIES }),
    )
}

async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    from_cache(&state, format!("detail:{id}"), &headers, async {
        let plant = plants::find(&state.db, &id)
            .await?
            .ok_or_else(|| ApiError::NotFound(MSG_PLANT_NOT_FOUND.into()))?;
        Ok(json!({ "success": true, "plant": plant }))
    })
    .await
}

/// Serves a catalogue response from the cache, or builds, keeps and serves it.
async fn from_cache(
    state: &AppState,
    key: String,
    headers: &HeaderMap,
    build: impl std::future::Future<Output = ApiResult<serde_json::Value>>,
) -> ApiResult<Response> {
    if let Some(prepared) = state.catalogue_cache.get(&key) {
        return Ok(prepared.respond(headers));
    }
    let generation = state.catalogue_cache.generation();
    let body = build.await?;
    let prepared =
        Prepared::new(serde_json::to_vec(&body).map_err(|e| ApiError::Internal(e.into()))?);
    state.catalogue_cache.put(key, generation, prepared.clone());
    Ok(prepared.respond(headers))
}

async fn count(State(state): State<AppState>, _admin: Admin) -> ApiResult<Response> {
    let total = plants::count_live(&state.db).await?;
    Ok(ok(json!({ "stats": { "totalPlants": total } })))
}

async fn create(
    State(state): State<AppState>,
    _admin: Admin,
    multipart: Multipart,
) -> ApiResult<Response> {
    let (plant, photo) = read_plant_form(multipart).await?;
    let photo = process_photo(&state, photo).await?;
    let mut tx = state.db.begin().await?;
    let created_plant =
        match plants::insert(&mut tx, &plant, &photo.urls, InitialRatings::default()).await {
            Ok(p) => p,
            Err(err) if is_unique_violation(&err) => return Err(duplicate_name()),
            Err(err) => return Err(err.into()),
        };
    // Files are written only once the row is sure to be valid, and before it is visible.
    photo.save(&state).await?;
    tx.commit().await?;
    state.catalogue_cache.invalidate();
    Ok(created(
        json!({ "message": "Plant added successfully!", "plant": created_plant }),
    ))
}

async fn update(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
    multipart: Multipart,
) -> ApiResult<Response> {
    let (plant, photo) = read_plant_form(multipart).await?;
    if plants::find(&state.db, &id).await?.is_none() {
        return Err(ApiError::NotFound(MSG_PLANT_NOT_FOUND.into()));
    }
    let photo = process_photo(&state, photo).await?;
    let mut tx = state.db.begin().await?;
    let updated = match plants::update(&mut tx, &id, &plant, &photo.urls).await {
        Ok(Some(p)) => p,
        Ok(None) => return Err(ApiError::NotFound(MSG_PLANT_NOT_FOUND.into())),
        Err(err) if is_unique_violation(&err) => return Err(duplicate_name()),
        Err(err) => return Err(err.into()),
    };
    photo.save(&state).await?;
    tx.commit().await?;
    state.catalogue_cache.invalidate();
    Ok(ok(
        json!({ "message": "Plant updated successfully!", "plant": updated }),
    ))
}

async fn remove(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    if !plants::soft_delete(&state.db, &id).await? {
        return Err(ApiError::NotFound(MSG_PLANT_NOT_FOUND.into()));
    }
    state.catalogue_cache.invalidate();
    Ok(ok(json!({ "message": "Plant deleted successfully!" })))
}

fn duplicate_name() -> ApiError {
    ApiError::Conflict("A plant with this name already exists".into())
}

/// Reads the admin form; every failed rule, the image's included, is reported together.
async fn read_plant_form(mut multipart: Multipart) -> ApiResult<(ValidPlant, Option<Vec<u8>>)> {
    let mut form = PlantForm::default();
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
    if photo_too_big {
        errors.push("image", MSG_IMAGE_TOO_BIG);
    } else if let Some(bytes) = &photo {
        if sniff(bytes).is_none() {
            errors.push("image", "Image must be in JPEG, PNG, or WebP format");
        }
    }
    errors.into_result()?;
    Ok((plant.expect("no errors means a valid plant"), photo))
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
                ApiError::invalid(vec![crate::error::FieldError::new(
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
