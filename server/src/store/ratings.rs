//! Ratings of plants from delivered orders. A plant's average and count change in the
//! same transaction as the rating, so they can never disagree.

use serde::Serialize;

use super::plants::average;
use super::Db;
use crate::domain::ids::now_ms;
use crate::domain::orders::OrderStatus;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    pub plant_id: String,
    pub order_id: String,
    pub rating: i64,
    /// The written review, if any.
    #[schema(required = true)]
    pub review: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum RateError {
    #[error("order not found")]
    OrderNotFound,
    #[error("plant not in order")]
    PlantNotInOrder,
    #[error("order not delivered")]
    NotDelivered,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Records or edits the customer's rating of a plant from one of their delivered orders.
pub async fn rate(
    db: &Db,
    user_id: &str,
    order_id: &str,
    plant_id: &str,
    stars: i64,
    review: Option<Option<String>>,
) -> Result<Rating, RateError> {
    let mut tx = db.begin().await?;
    let plant_id = plant_id_of(&mut *tx, plant_id).await?;
    let plant_id = plant_id.as_str();
    let order: Option<(String, String)> =
        sqlx::query_as("SELECT user_id, status FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&mut *tx)
            .await?;
    match order {
        Some((owner, _)) if owner != user_id => return Err(RateError::OrderNotFound),
        None => return Err(RateError::OrderNotFound),
        Some((_, status)) if OrderStatus::parse(&status) != Some(OrderStatus::Delivered) => {
            return Err(RateError::NotDelivered)
        }
        Some(_) => {}
    }
    let in_order: Option<i64> = sqlx::query_scalar(
        "SELECT quantity FROM order_items WHERE order_id = $1 AND plant_id = $2",
    )
    .bind(order_id)
    .bind(plant_id)
    .fetch_optional(&mut *tx)
    .await?;
    if in_order.is_none() {
        return Err(RateError::PlantNotInOrder);
    }
    let previous: Option<(i64, Option<String>)> =
        sqlx::query_as("SELECT rating, review FROM ratings WHERE order_id = $1 AND plant_id = $2")
            .bind(order_id)
            .bind(plant_id)
            .fetch_optional(&mut *tx)
            .await?;
    // No `review` in the request keeps the text already written; a blank one clears it.
    let review = match review {
        Some(text) => text,
        None => previous.as_ref().and_then(|(_, text)| text.clone()),
    };
    let previous = previous.map(|(stars, _)| stars);
    let now = now_ms();
    let (sum_change, count_change) = match previous {
        Some(old) => {
            sqlx::query("UPDATE ratings SET rating = $1, updated_at = $2, review = $5 WHERE order_id = $3 AND plant_id = $4")
                .bind(stars)
                .bind(now)
                .bind(order_id)
                .bind(plant_id)
                .bind(&review)
                .execute(&mut *tx)
                .await?;
            (stars - old, 0)
        }
        None => {
            sqlx::query("INSERT INTO ratings (order_id, plant_id, user_id, rating, created_at, updated_at, review) VALUES ($1, $2, $3, $4, $5, $5, $6)")
                .bind(order_id)
                .bind(plant_id)
                .bind(user_id)
                .bind(stars)
                .bind(now)
                .bind(&review)
                .execute(&mut *tx)
                .await?;
            (stars, 1)
        }
    };
    let (sum, count): (i64, i64) = sqlx::query_as(
        "UPDATE plants SET rating_sum = rating_sum + $1, review_count = review_count + $2 WHERE id = $3 RETURNING rating_sum, review_count",
    )
    .bind(sum_change)
    .bind(count_change)
    .bind(plant_id)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE plants SET rating = $1, updated_at = $2 WHERE id = $3")
        .bind(average(sum, count))
        .bind(now)
        .bind(plant_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE order_items SET rated = 1 WHERE order_id = $1 AND plant_id = $2")
        .bind(order_id)
        .bind(plant_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Rating {
        plant_id: plant_id.to_string(),
        order_id: order_id.to_string(),
        rating: stars,
        review,
    })
}

/// The `_id` of the plant named by `_id` or by its code (`PL-1001`), as `GET /plants/{id}`
/// takes either; deleted plants too, since their orders can still be rated. Unknown
/// references come back as they are (and then match no order line).
async fn plant_id_of<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    reference: &str,
) -> Result<String, sqlx::Error> {
    let id: Option<String> = sqlx::query_scalar(
        "SELECT id FROM plants WHERE id = $1 OR plant_code = $1 ORDER BY (id = $1) DESC LIMIT 1",
    )
    .bind(reference)
    .fetch_optional(executor)
    .await?;
    Ok(id.unwrap_or_else(|| reference.to_owned()))
}

/// The customer's own rating of a plant in an order, if any.
pub async fn find(
    db: &Db,
    user_id: &str,
    order_id: &str,
    plant_id: &str,
) -> Result<Option<Rating>, sqlx::Error> {
    let plant_id = plant_id_of(db.reader(), plant_id).await?;
    let plant_id = plant_id.as_str();
    let stars: Option<(i64, Option<String>)> = sqlx::query_as(
        "SELECT rating, review FROM ratings WHERE order_id = $1 AND plant_id = $2 AND user_id = $3",
    )
    .bind(order_id)
    .bind(plant_id)
    .bind(user_id)
    .fetch_optional(db.reader())
    .await?;
    Ok(stars.map(|(rating, review)| Rating {
        plant_id: plant_id.to_string(),
        order_id: order_id.to_string(),
        rating,
        review,
    }))
}
