//! Orders that happened before the shop's data was loaded: the demo shop's delivered orders
//! and the reviews their buyers wrote. Written the way the live paths would have left them
//! (status history up to delivered, rated lines, the plant's count and average recounted),
//! so every review shown on a plant page comes from a real delivered order.

use super::orders::record_status;
use super::plants::average;
use super::users::Address;
use super::Tx;
use crate::domain::ids::new_id;
use crate::domain::orders::OrderStatus;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One line of a past order, priced as the plant is sold now.
pub struct PastLine {
    pub plant_id: String,
    pub plant_name: String,
    pub price: i64,
    /// Stars 1 to 5 and the written review the buyer left on this line.
    pub rating: i64,
    pub review: String,
}

pub struct PastOrder {
    pub user_id: String,
    pub address: Address,
    pub lines: Vec<PastLine>,
    /// When the buyer wrote the reviews; the order was placed five days before and
    /// delivered the day before.
    pub reviewed_at: i64,
}

/// Writes a delivered order with its reviews. The plants' counts and averages are
/// recounted from the ratings table, so they always equal the reviews one can read.
pub async fn add_reviewed(tx: &mut Tx, order: &PastOrder) -> Result<(), sqlx::Error> {
    let placed = order.reviewed_at - 5 * DAY_MS;
    let delivered = order.reviewed_at - DAY_MS;
    let id = new_id();
    let a = &order.address;
    let total: i64 = order.lines.iter().map(|l| l.price).sum();
    sqlx::query(
        "INSERT INTO orders (id, user_id, status, total, street, city, state, zip_code, phone, landmark, recipient_name, delivery_min_days, delivery_max_days, created_at, updated_at) \
         VALUES ($1, $2, 'delivered', $3, $4, $5, $6, $7, $8, '', '', 2, 4, $9, $10)",
    )
    .bind(&id)
    .bind(&order.user_id)
    .bind(total)
    .bind(&a.street)
    .bind(&a.city)
    .bind(&a.state)
    .bind(&a.zip_code)
    .bind(&a.phone)
    .bind(placed)
    .bind(delivered)
    .execute(&mut **tx)
    .await?;
    let steps = [
        (OrderStatus::Pending, placed),
        (OrderStatus::Processing, placed + DAY_MS / 4),
        (OrderStatus::Shipped, placed + DAY_MS),
        (OrderStatus::Delivered, delivered),
    ];
    for (status, at) in steps {
        let by = (status == OrderStatus::Pending).then_some(order.user_id.as_str());
        record_status(tx, &id, status, by, at).await?;
    }
    for (position, line) in order.lines.iter().enumerate() {
        sqlx::query(
            "INSERT INTO order_items (order_id, position, plant_id, plant_name, price, quantity, rated) VALUES ($1, $2, $3, $4, $5, 1, 1)",
        )
        .bind(&id)
        .bind(position as i64)
        .bind(&line.plant_id)
        .bind(&line.plant_name)
        .bind(line.price)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO ratings (order_id, plant_id, user_id, rating, created_at, updated_at, review) VALUES ($1, $2, $3, $4, $5, $5, $6)",
        )
        .bind(&id)
        .bind(&line.plant_id)
        .bind(&order.user_id)
        .bind(line.rating)
        .bind(order.reviewed_at)
        .bind(&line.review)
        .execute(&mut **tx)
        .await?;
        recount(tx, &line.plant_id).await?;
    }
    Ok(())
}

/// Sets a plant's rating count, sum and average from its ratings.
async fn recount(tx: &mut Tx, plant_id: &str) -> Result<(), sqlx::Error> {
    let (sum, count): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(rating), 0) AS BIGINT), COUNT(*) FROM ratings WHERE plant_id = $1",
    )
    .bind(plant_id)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query("UPDATE plants SET rating_sum = $1, review_count = $2, rating = $3 WHERE id = $4")
        .bind(sum)
        .bind(count)
        .bind(average(sum, count))
        .bind(plant_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
