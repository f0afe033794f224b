//! `GET /api/plants/{id}/reviews`: what buyers wrote, for anyone to read.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{AppPath, AppQuery};
use super::openapi::{BadRequest, NotFound};
use super::respond::ok;
use super::state::AppState;
use crate::domain::reviews::REVIEWS_PER_PAGE;
use crate::error::{ApiError, ApiResult};
use crate::store::plants;
use crate::store::reviews::{self, Review};

/// The highest page asked for; far beyond any plant's reviews, small enough for an OFFSET.
const PAGE_MAX: i64 = 10_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ReviewQuery {
    /// 1 to 10000; 1 when left out.
    #[param(minimum = 1, maximum = 10000)]
    page: Option<i64>,
}

/// How many ratings gave each number of stars.
#[derive(Serialize, ToSchema)]
struct Distribution {
    #[serde(rename = "1")]
    one: i64,
    #[serde(rename = "2")]
    two: i64,
    #[serde(rename = "3")]
    three: i64,
    #[serde(rename = "4")]
    four: i64,
    #[serde(rename = "5")]
    five: i64,
}

#[derive(Serialize, ToSchema)]
struct ReviewsReply {
    success: bool,
    reviews: Vec<Review>,
    distribution: Distribution,
    total: i64,
    page: i64,
    pages: i64,
}

/// A plant's reviews, newest first (5 a page), with the spread of its stars.
#[utoipa::path(get, path = "/plants/{id}/reviews", tag = "ratings",
    params(("id" = String, Path, description = "The plant's `_id` or `plantId`"), ReviewQuery),
    responses(
        (status = 200, description = "A page of reviews", body = ReviewsReply),
        BadRequest, NotFound,
    ))]
async fn list(
    State(state): State<AppState>,
    AppPath(id): AppPath<String>,
    AppQuery(query): AppQuery<ReviewQuery>,
) -> ApiResult<Response> {
    let page = query.page.unwrap_or(1);
    if !(1..=PAGE_MAX).contains(&page) {
        return Err(ApiError::invalid_query("Page must be between 1 and 10000"));
    }
    let plant = plants::find(&state.db, &id)
        .await?
        .ok_or_else(ApiError::plant_not_found)?;
    let found = reviews::page(&state.db, &plant.id, page).await?;
    let d = found.distribution;
    Ok(ok(ReviewsReply {
        success: true,
        reviews: found.reviews,
        distribution: Distribution {
            one: d[0],
            two: d[1],
            three: d[2],
            four: d[3],
            five: d[4],
        },
        total: found.total,
        page,
        pages: (found.total + REVIEWS_PER_PAGE - 1) / REVIEWS_PER_PAGE,
    }))
}
