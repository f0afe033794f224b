//! The catalogue.

use serde::Serialize;
use sqlx::FromRow;

use super::{Db, Tx};
use crate::domain::care::{self, Care};
use crate::domain::ids::{iso, new_id, now_ms, plant_code};
use crate::domain::plant_extras::PlantExtras;
use crate::domain::validation::ValidPlant;

/// A plant as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Plant {
    #[serde(rename = "_id")]
    pub id: String,
    pub plant_id: String,
    pub name: String,
    /// The name in Hindi (Devanagari); null when the shop has not given one.
    #[schema(required = true)]
    pub name_hi: Option<String>,
    pub description: String,
    #[schema(required = true)]
    pub description_hi: Option<String>,
    /// Care at a glance; null when unknown.
    #[schema(required = true)]
    pub care: Option<Care>,
    #[schema(required = true)]
    pub image: Option<String>,
    #[schema(required = true)]
    pub thumbnail: Option<String>,
    pub price: i64,
    #[schema(required = true)]
    pub original_price: Option<i64>,
    pub stock: i64,
    pub categories: Vec<String>,
    pub rating: f64,
    pub review_count: i64,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(FromRow)]
struct PlantRow {
    id: String,
    plant_code: String,
    name: String,
    name_hi: Option<String>,
    description: String,
    description_hi: Option<String>,
    care_light: Option<String>,
    care_water: Option<String>,
    care_difficulty: Option<String>,
    care_pet_safe: Option<i64>,
    care_child_safe: Option<i64>,
    image: Option<String>,
    thumbnail: Option<String>,
    price: i64,
    original_price: Option<i64>,
    stock: i64,
    categories: String,
    rating: f64,
    review_count: i64,
    created_at: i64,
    updated_at: i64,
}

impl PlantRow {
    /// All five stored care columns, or nothing (the table's CHECKs keep the words valid).
    fn care(&self) -> Option<Care> {
        Some(Care {
            light: care::parse(self.care_light.as_deref()?)?,
            water: care::parse(self.care_water.as_deref()?)?,
            difficulty: care::parse(self.care_difficulty.as_deref()?)?,
            pet_safe: self.care_pet_safe? == 1,
            child_safe: self.care_child_safe? == 1,
        })
    }
}

impl From<PlantRow> for Plant {
    fn from(r: PlantRow) -> Self {
        let care = r.care();
        Plant {
            id: r.id,
            plant_id: r.plant_code,
            name: r.name,
            name_hi: r.name_hi,
            description: r.description,
            description_hi: r.description_hi,
            care,
            image: r.image,
            thumbnail: r.thumbnail,
            price: r.price,
            original_price: r.original_price,
            stock: r.stock,
            categories: r
                .categories
                .split('|')
                .filter(|c| !c.is_empty())
                .map(str::to_string)
                .collect(),
            rating: r.rating,
            review_count: r.review_count,
            created_at: iso(r.created_at),
            updated_at: iso(r.updated_at),
        }
    }
}

const COLUMNS: &str =
    "id, plant_code, name, name_hi, description, description_hi, care_light, care_water, \
     care_difficulty, care_pet_safe, care_child_safe, image, thumbnail, price, original_price, \
     stock, categories, rating, review_count, created_at, updated_at";

/// Stored form of a category list: `|Indoor|Flowering|`, so one LIKE finds a category.
fn categories_column(categories: &[String]) -> String {
    format!("|{}|", categories.join("|"))
}

pub use crate::domain::catalogue::{PlantFilter, SortBy, SortOrder};

enum Param {
    Int(i64),
    Real(f64),
    Text(String),
}

/// Escapes LIKE wildcards so a search for "50%" means those characters.
pub(crate) fn like_pattern(text: &str) -> String {
    let mut out = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// One page of live plants matching `filter`, and how many match in all.
pub async fn list(db: &Db, filter: &PlantFilter) -> Result<(Vec<Plant>, i64), sqlx::Error> {
    let mut conditions = vec!["deleted_at IS NULL".to_string()];
    let mut params: Vec<Param> = Vec::new();
    let next = |params: &mut Vec<Param>, p: Param| {
        params.push(p);
        format!("${}", params.len())
    };
    if let Some(ids) = &filter.matches {
        if ids.is_empty() {
            conditions.push("1 = 0".to_string());
        } else {
            let marks: Vec<String> = ids
                .iter()
                .map(|id| next(&mut params, Param::Text(id.clone())))
                .collect();
            conditions.push(format!("id IN ({})", marks.join(", ")));
        }
    }
    if let Some(pet_safe) = filter.pet_safe {
        let n = next(&mut params, Param::Int(i64::from(pet_safe)));
        conditions.push(format!("care_pet_safe = {n}"));
    }
    if let Some(light) = filter.light {
        let n = next(&mut params, Param::Text(care::word(light)));
        conditions.push(format!("care_light = {n}"));
    }
    if let Some(category) = &filter.category {
        let n = next(&mut params, Param::Text(format!("%|{category}|%")));
        conditions.push(format!("categories LIKE {n}"));
    }
    if let Some(min) = filter.min_price {
        let n = next(&mut params, Param::Int(min));
        conditions.push(format!("price >= {n}"));
    }
    if let Some(max) = filter.max_price {
        let n = next(&mut params, Param::Int(max));
        conditions.push(format!("price <= {n}"));
    }
    if let Some(min) = filter.min_rating {
        let n = next(&mut params, Param::Real(min));
        conditions.push(format!("rating >= {n}"));
    }
    let where_clause = conditions.join(" AND ");
    let direction = match filter.sort_order {
        SortOrder::Asc => "ASC",
        SortOrder::Desc => "DESC",
    };
    let order = match filter.sort_by {
        SortBy::Name | SortBy::Relevance => format!("name_lower {direction}, id {direction}"),
        SortBy::Price => format!("price {direction}, name_lower ASC, id ASC"),
        SortBy::Rating => {
            format!("rating {direction}, review_count {direction}, name_lower ASC, id ASC")
        }
        SortBy::Newest => format!("created_at {direction}, id {direction}"),
    };

    let count_sql = format!("SELECT COUNT(*) FROM plants WHERE {where_clause}");
    let mut count_query = sqlx::query_scalar::<_, i64>(&count_sql);
    for p in &params {
        count_query = match p {
            Param::Int(v) => count_query.bind(*v),
            Param::Real(v) => count_query.bind(*v),
            Param::Text(v) => count_query.bind(v.clone()),
        };
    }
    let total = count_query.fetch_one(db.reader()).await?;

    if let (SortBy::Relevance, Some(ranked)) = (filter.sort_by, &filter.matches) {
        return relevance_page(db, filter, ranked, &where_clause, params, total).await;
    }

    let limit_n = next(&mut params, Param::Int(filter.limit));
    let offset_n = next(
        &mut params,
        Param::Int((filter.page - 1).saturating_mul(filter.limit)),
    );
    let sql = format!("SELECT {COLUMNS} FROM plants WHERE {where_clause} ORDER BY {order} LIMIT {limit_n} OFFSET {offset_n}");
    let mut query = sqlx::query_as::<_, PlantRow>(&sql);
    for p in params {
        query = match p {
            Param::Int(v) => query.bind(v),
            Param::Real(v) => query.bind(v),
            Param::Text(v) => query.bind(v),
        };
    }
    let rows = query.fetch_all(db.reader()).await?;
    Ok((rows.into_iter().map(Plant::from).collect(), total))
}

fn bind_all<'q>(
    mut query: sqlx::query::QueryScalar<'q, sqlx::Any, String, sqlx::any::AnyArguments<'q>>,
    params: Vec<Param>,
) -> sqlx::query::QueryScalar<'q, sqlx::Any, String, sqlx::any::AnyArguments<'q>> {
    for p in params {
        query = match p {
            Param::Int(v) => query.bind(v),
            Param::Real(v) => query.bind(v),
            Param::Text(v) => query.bind(v),
        };
    }
    query
}

/// A page in the search index's order: which of its matches pass the other filters, then
/// that page's rows (at most `MAX_MATCHES` ids, so this stays two small queries).
async fn relevance_page(
    db: &Db,
    filter: &PlantFilter,
    ranked: &[String],
    where_clause: &str,
    params: Vec<Param>,
    total: i64,
) -> Result<(Vec<Plant>, i64), sqlx::Error> {
    let sql = format!("SELECT id FROM plants WHERE {where_clause}");
    let passing: std::collections::HashSet<String> =
        bind_all(sqlx::query_scalar::<_, String>(&sql), params)
            .fetch_all(db.reader())
            .await?
            .into_iter()
            .collect();
    let skip =
        usize::try_from((filter.page - 1).saturating_mul(filter.limit)).unwrap_or(usize::MAX);
    let page: Vec<&String> = ranked
        .iter()
        .filter(|id| passing.contains(*id))
        .skip(skip)
        .take(usize::try_from(filter.limit).unwrap_or(0))
        .collect();
    if page.is_empty() {
        return Ok((Vec::new(), total));
    }
    let marks: Vec<String> = (1..=page.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {COLUMNS} FROM plants WHERE id IN ({}) AND deleted_at IS NULL",
        marks.join(", ")
    );
    let mut query = sqlx::query_as::<_, PlantRow>(&sql);
    for id in &page {
        query = query.bind(id.as_str());
    }
    let mut rows: std::collections::HashMap<String, Plant> = query
        .fetch_all(db.reader())
        .await?
        .into_iter()
        .map(|r| (r.id.clone(), Plant::from(r)))
        .collect();
    Ok((
        page.into_iter().filter_map(|id| rows.remove(id)).collect(),
        total,
    ))
}

/// The version every change to a plant's searchable fields bumps (in its transaction), so
/// every instance can tell its search index is out of date with one cheap read.
pub async fn catalogue_version(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT value FROM counters WHERE name = 'catalogue_version'")
        .fetch_one(db.reader())
        .await
}

async fn bump_catalogue_version(tx: &mut Tx) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE counters SET value = value + 1 WHERE name = 'catalogue_version'")
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Every live plant (the search index is built from these).
pub async fn all_live(db: &Db) -> Result<Vec<Plant>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM plants WHERE deleted_at IS NULL");
    let rows: Vec<PlantRow> = sqlx::query_as(&sql).fetch_all(db.reader()).await?;
    Ok(rows.into_iter().map(Plant::from).collect())
}

/// A live plant by `_id` or by its code (`PL-1001`).
pub async fn find(db: &Db, id_or_code: &str) -> Result<Option<Plant>, sqlx::Error> {
    find_with(db.reader(), id_or_code).await
}

/// The same lookup through any executor (e.g. inside a transaction).
pub async fn find_with<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    id_or_code: &str,
) -> Result<Option<Plant>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM plants WHERE (id = $1 OR plant_code = $1) AND deleted_at IS NULL"
    );
    let row: Option<PlantRow> = sqlx::query_as(&sql)
        .bind(id_or_code)
        .fetch_optional(executor)
        .await?;
    Ok(row.map(Plant::from))
}

pub async fn count_live(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM plants WHERE deleted_at IS NULL")
        .fetch_one(db.reader())
        .await
}

/// Care as its five stored columns (all NULL when unknown).
struct CareColumns {
    light: Option<String>,
    water: Option<String>,
    difficulty: Option<String>,
    pet_safe: Option<i64>,
    child_safe: Option<i64>,
}

impl CareColumns {
    fn of(c: Option<Care>) -> Self {
        CareColumns {
            light: c.map(|c| care::word(c.light)),
            water: c.map(|c| care::word(c.water)),
            difficulty: c.map(|c| care::word(c.difficulty)),
            pet_safe: c.map(|c| i64::from(c.pet_safe)),
            child_safe: c.map(|c| i64::from(c.child_safe)),
        }
    }
}

/// Image URLs of a plant: the detail-size picture and the card-size one.
#[derive(Debug, Clone, Default)]
pub struct PlantImages {
    pub image: Option<String>,
    pub thumbnail: Option<String>,
}

/// Ratings a new plant starts with (the demo catalogue arrives with reviews).
#[derive(Debug, Clone, Copy, Default)]
pub struct InitialRatings {
    pub sum: i64,
    pub count: i64,
}

/// Adds a plant inside `tx` with the next never-reused plant code.
pub async fn insert(
    tx: &mut Tx,
    plant: &ValidPlant,
    extras: &PlantExtras,
    images: &PlantImages,
    ratings: InitialRatings,
) -> Result<Plant, sqlx::Error> {
    let seq: i64 = sqlx::query_scalar(
        "UPDATE counters SET value = value + 1 WHERE name = 'plant_code' RETURNING value",
    )
    .fetch_one(&mut **tx)
    .await?;
    let now = now_ms();
    let rating = average(ratings.sum, ratings.count);
    let sql = format!(
        "INSERT INTO plants (id, plant_code, name, name_lower, description, price, original_price, stock, categories, \
         image, thumbnail, rating_sum, review_count, rating, created_at, updated_at, \
         name_hi, description_hi, care_light, care_water, care_difficulty, care_pet_safe, care_child_safe) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, \
         $16, $17, $18, $19, $20, $21, $22) RETURNING {COLUMNS}"
    );
    let care = CareColumns::of(extras.care.flatten());
    let row: PlantRow = sqlx::query_as(&sql)
        .bind(new_id())
        .bind(plant_code(seq))
        .bind(&plant.name)
        .bind(plant.name.to_lowercase())
        .bind(&plant.description)
        .bind(plant.price)
        .bind(plant.original_price)
        .bind(plant.stock)
        .bind(categories_column(&plant.categories))
        .bind(images.image.as_deref())
        .bind(images.thumbnail.as_deref())
        .bind(ratings.sum)
        .bind(ratings.count)
        .bind(rating)
        .bind(now)
        .bind(extras.name_hi.clone().flatten())
        .bind(extras.description_hi.clone().flatten())
        .bind(care.light)
        .bind(care.water)
        .bind(care.difficulty)
        .bind(care.pet_safe)
        .bind(care.child_safe)
        .fetch_one(&mut **tx)
        .await?;
    bump_catalogue_version(tx).await?;
    Ok(row.into())
}

/// Replaces a live plant's fields; images only when new ones are given.
pub async fn update(
    tx: &mut Tx,
    id_or_code: &str,
    plant: &ValidPlant,
    extras: &PlantExtras,
    images: &PlantImages,
) -> Result<Option<Plant>, sqlx::Error> {
    // Each extra field is replaced only when the form sent it ($12, $14, $16 say which).
    let sql = format!(
        "UPDATE plants SET name = $2, name_lower = $3, description = $4, price = $5, original_price = $6, stock = $7, \
         categories = $8, image = COALESCE($9, image), thumbnail = COALESCE($10, thumbnail), updated_at = $11, \
         name_hi = CASE WHEN $12 = 1 THEN $13 ELSE name_hi END, \
         description_hi = CASE WHEN $14 = 1 THEN $15 ELSE description_hi END, \
         care_light = CASE WHEN $16 = 1 THEN $17 ELSE care_light END, \
         care_water = CASE WHEN $16 = 1 THEN $18 ELSE care_water END, \
         care_difficulty = CASE WHEN $16 = 1 THEN $19 ELSE care_difficulty END, \
         care_pet_safe = CASE WHEN $16 = 1 THEN $20 ELSE care_pet_safe END, \
         care_child_safe = CASE WHEN $16 = 1 THEN $21 ELSE care_child_safe END \
         WHERE (id = $1 OR plant_code = $1) AND deleted_at IS NULL RETURNING {COLUMNS}"
    );
    let care = CareColumns::of(extras.care.flatten());
    let row: Option<PlantRow> = sqlx::query_as(&sql)
        .bind(id_or_code)
        .bind(&plant.name)
        .bind(plant.name.to_lowercase())
        .bind(&plant.description)
        .bind(plant.price)
        .bind(plant.original_price)
        .bind(plant.stock)
        .bind(categories_column(&plant.categories))
        .bind(images.image.as_deref())
        .bind(images.thumbnail.as_deref())
        .bind(now_ms())
        .bind(i64::from(extras.name_hi.is_some()))
        .bind(extras.name_hi.clone().flatten())
        .bind(i64::from(extras.description_hi.is_some()))
        .bind(extras.description_hi.clone().flatten())
        .bind(i64::from(extras.care.is_some()))
        .bind(care.light)
        .bind(care.water)
        .bind(care.difficulty)
        .bind(care.pet_safe)
        .bind(care.child_safe)
        .fetch_optional(&mut **tx)
        .await?;
    if row.is_some() {
        bump_catalogue_version(tx).await?;
    }
    Ok(row.map(Plant::from))
}

/// Gives the live plant called `name` the Hindi fields and care of `extras` where it has
/// none of its own (used once, for demo shops seeded before these fields existed).
pub async fn fill_missing_extras(
    tx: &mut Tx,
    name: &str,
    extras: &PlantExtras,
) -> Result<(), sqlx::Error> {
    let care = CareColumns::of(extras.care.flatten());
    let changed = sqlx::query(
        "UPDATE plants SET name_hi = COALESCE(name_hi, $2), \
         description_hi = COALESCE(description_hi, $3), \
         care_light = CASE WHEN care_light IS NULL THEN $4 ELSE care_light END, \
         care_water = CASE WHEN care_light IS NULL THEN $5 ELSE care_water END, \
         care_difficulty = CASE WHEN care_light IS NULL THEN $6 ELSE care_difficulty END, \
         care_pet_safe = CASE WHEN care_light IS NULL THEN $7 ELSE care_pet_safe END, \
         care_child_safe = CASE WHEN care_light IS NULL THEN $8 ELSE care_child_safe END \
         WHERE name_lower = $1 AND deleted_at IS NULL",
    )
    .bind(name.to_lowercase())
    .bind(extras.name_hi.clone().flatten())
    .bind(extras.description_hi.clone().flatten())
    .bind(care.light)
    .bind(care.water)
    .bind(care.difficulty)
    .bind(care.pet_safe)
    .bind(care.child_safe)
    .execute(&mut **tx)
    .await?;
    if changed.rows_affected() > 0 {
        bump_catalogue_version(tx).await?;
    }
    Ok(())
}

/// Hides a plant from the catalogue and takes it out of every cart; orders keep their
/// snapshot of it. False when there was no such live plant.
pub async fn soft_delete(db: &Db, id_or_code: &str) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    let id: Option<String> = sqlx::query_scalar(
        "UPDATE plants SET deleted_at = $2, updated_at = $2 WHERE (id = $1 OR plant_code = $1) AND deleted_at IS NULL RETURNING id",
    )
    .bind(id_or_code)
    .bind(now_ms())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(id) = id else { return Ok(false) };
    sqlx::query("DELETE FROM cart_items WHERE plant_id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    bump_catalogue_version(&mut tx).await?;
    tx.commit().await?;
    Ok(true)
}

/// The average of `sum` over `count` ratings to one decimal; 0 with no ratings.
pub fn average(sum: i64, count: i64) -> f64 {
    if count == 0 {
        0.0
    } else {
        (sum as f64 / count as f64 * 10.0).round() / 10.0
    }
}
