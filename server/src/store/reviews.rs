//! What buyers wrote about a plant: its ratings newest first, and how the stars spread.

use sqlx::FromRow;

use super::Db;
use crate::domain::ids::iso;
use crate::domain::reviews::{first_name, REVIEWS_PER_PAGE};

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub rating: i64,
    /// Null when the buyer gave stars only.
    #[schema(required = true)]
    pub text: Option<String>,
    /// The reviewer's first name only.
    pub name: String,
    pub created_at: String,
    /// Always true: ratings come only from delivered orders.
    pub verified: bool,
}

#[derive(FromRow)]
struct ReviewRow {
    rating: i64,
    review: Option<String>,
    name: String,
    created_at: i64,
}

/// Stars 1 to 5 and how many ratings gave each.
pub type Distribution = [i64; 5];

pub struct ReviewPage {
    pub reviews: Vec<Review>,
    pub distribution: Distribution,
    pub total: i64,
}

pub async fn page(db: &Db, plant_id: &str, page: i64) -> Result<ReviewPage, sqlx::Error> {
    let mut conn = db.reader().acquire().await?;
    let counts: Vec<(i64, i64)> =
        sqlx::query_as("SELECT rating, COUNT(*) FROM ratings WHERE plant_id = $1 GROUP BY rating")
            .bind(plant_id)
            .fetch_all(&mut *conn)
            .await?;
    let mut distribution = [0; 5];
    for (stars, n) in counts {
        if let Some(slot) = usize::try_from(stars - 1)
            .ok()
            .and_then(|i| distribution.get_mut(i))
        {
            *slot = n;
        }
    }
    let rows: Vec<ReviewRow> = sqlx::query_as(
        "SELECT r.rating, r.review, u.name, r.created_at FROM ratings r JOIN users u ON u.id = r.user_id \
         WHERE r.plant_id = $1 ORDER BY r.created_at DESC, r.order_id DESC LIMIT $2 OFFSET $3",
    )
    .bind(plant_id)
    .bind(REVIEWS_PER_PAGE)
    .bind((page - 1) * REVIEWS_PER_PAGE)
    .fetch_all(&mut *conn)
    .await?;
    Ok(ReviewPage {
        reviews: rows
            .into_iter()
            .map(|r| Review {
                rating: r.rating,
                text: r.review,
                name: first_name(&r.name),
                created_at: iso(r.created_at),
                verified: true,
            })
            .collect(),
        distribution,
        total: distribution.iter().sum(),
    })
}
