//! The catalogue.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::{Db, Tx};
use crate::domain::ids::{iso, new_id, now_ms, plant_code};
use crate::domain::validation::ValidPlant;

/// A plant as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Plant {
    #[serde(rename = "_id")]
    pub id: String,
    pub plant_id: String,
    pub name: String,
    pub description: String,
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
    description: String,
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

impl From<PlantRow> for Plant {
    fn from(r: PlantRow) -> Self {
        Plant {
            id: r.id,
            plant_id: r.plant_code,
            name: r.name,
            description: r.description,
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
    "id, plant_code, name, description, image, thumbnail, price, original_price, stock, \
                       categories, rating, review_count, created_at, updated_at";

/// Stored form of a category list: `|Indoor|Flowering|`, so one LIKE finds a category.
fn categories_column(categories: &[String]) -> String {
    format!("|{}|", categories.join("|"))
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortBy {
    #[default]
    Name,
    Price,
    Rating,
    Newest,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    #[default]
    Asc,
    Desc,
}

/// A catalogue query, already checked.
#[derive(Debug, Clone, Default)]
pub struct PlantFilter {
    pub search: Option<String>,
    pub category: Option<String>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub min_rating: Option<f64>,
    pub sort_by: SortBy,
    pub sort_order: SortOrder,
    pub page: i64,
    pub limit: i64,
}

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
    if let Some(search) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let n = next(&mut params, Param::Text(like_pattern(search)));
        conditions.push(format!(
            "(LOWER(name) LIKE {n} ESCAPE '\\' OR LOWER(description) LIKE {n} ESCAPE '\\')"
        ));
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
        SortBy::Name => format!("name_lower {direction}, id {direction}"),
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
         image, thumbnail, rating_sum, review_count, rating, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING {COLUMNS}"
    );
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
        .fetch_one(&mut **tx)
        .await?;
    Ok(row.into())
}

/// Replaces a live plant's fields; images only when new ones are given.
pub async fn update(
    tx: &mut Tx,
    id_or_code: &str,
    plant: &ValidPlant,
    images: &PlantImages,
) -> Result<Option<Plant>, sqlx::Error> {
    let sql = format!(
        "UPDATE plants SET name = $2, name_lower = $3, description = $4, price = $5, original_price = $6, stock = $7, \
         categories = $8, image = COALESCE($9, image), thumbnail = COALESCE($10, thumbnail), updated_at = $11 \
         WHERE (id = $1 OR plant_code = $1) AND deleted_at IS NULL RETURNING {COLUMNS}"
    );
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
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(Plant::from))
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
