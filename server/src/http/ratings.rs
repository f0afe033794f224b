//! Ratings from delivered orders.

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::caller::Customer;
use super::extract::{AppJson, AppPath};
use super::notice::Notice;
use super::openapi::{BadRequest, Conflict, Forbidden, NotFound, NotSignedIn, TooLarge};
use super::reply::{ExistingRatingReply, RatingReply};
use super::respond::ok;
use super::state::AppState;
use crate::domain::form_errors::Errors;
use crate::domain::reviews;
use crate::domain::validation as rules;
use crate::error::{ApiError, ApiResult, ErrorCode, FieldCode};
use crate::store::ratings::{self, RateError};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(rate))
        .routes(routes!(existing))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(examples(json!({ "plantId": "PL-1001", "orderId": "0193a6f2c1d87c3e9b1f4a5e6d7c8b9a", "rating": 5 })))]
struct RateBody {
    #[schema(required = true, nullable = false)]
    plant_id: Option<String>,
    #[schema(required = true, nullable = false)]
    order_id: Option<String>,
    /// 1 to 5 stars.
    #[schema(required = true, nullable = false, minimum = 1, maximum = 5)]
    rating: Option<i64>,
    /// An optional written review, up to 1000 characters. Left out: an earlier review stays;
    /// blank: it is removed.
    #[schema(nullable = false, max_length = 1000)]
    review: Option<String>,
}

/// Rates (or re-rates) a plant of the customer's delivered order.
#[utoipa::path(post, path = "/", tag = "ratings",
    security(("bearer" = [])),
    request_body = RateBody,
    responses(
        (status = 200, description = "Rating saved", body = RatingReply),
        BadRequest, NotSignedIn, Forbidden, NotFound, Conflict, TooLarge,
    ))]
async fn rate(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppJson(body): AppJson<RateBody>,
) -> ApiResult<Response> {
    let mut errors = Errors::default();
    let plant_id = body.plant_id.filter(|p| !p.trim().is_empty());
    let order_id = body.order_id.filter(|o| !o.trim().is_empty());
    if plant_id.is_none() {
        errors.push("plantId", FieldCode::PlantIdRequired, "Plant ID not found");
    }
    if order_id.is_none() {
        errors.push(
            "orderId",
            FieldCode::OrderIdRequired,
            "Order ID is required",
        );
    }
    errors.check("rating", rules::rating(body.rating));
    let review = match body
        .review
        .as_deref()
        .map(|text| reviews::review(Some(text)))
    {
        None => None,
        Some(Ok(text)) => Some(text),
        Some(Err(broken)) => {
            errors.check("review", Some(broken));
            None
        }
    };
    errors.into_result()?;
    let (plant_id, order_id, stars) = (
        plant_id.unwrap_or_default(),
        order_id.unwrap_or_default(),
        body.rating.unwrap_or_default(),
    );
    let rating = match ratings::rate(&state.db, &user.id, &order_id, &plant_id, stars, review).await
    {
        Ok(r) => r,
        Err(RateError::OrderNotFound) => {
            return Err(ApiError::NotFound(
                ErrorCode::OrderNotFound,
                "Order not found".into(),
            ))
        }
        Err(RateError::PlantNotInOrder) => {
            return Err(ApiError::NotFound(
                ErrorCode::PlantNotInOrder,
                "This plant is not part of this order".into(),
            ))
        }
        Err(RateError::NotDelivered) => {
            return Err(ApiError::Conflict(
                ErrorCode::OrderNotDelivered,
                "You can rate plants only from delivered orders".into(),
            ))
        }
        Err(RateError::Db(err)) => return Err(err.into()),
    };
    Ok(ok(RatingReply {
        success: true,
        message: Notice::RatingSubmitted.message().into(),
        notice: Notice::RatingSubmitted,
        rating,
    }))
}

/// The customer's rating of a plant in an order, or `null` when they have not rated it.
#[utoipa::path(get, path = "/user/existing/{order_id}/{plant_id}", tag = "ratings",
    security(("bearer" = [])),
    params(
        ("order_id" = String, Path, description = "The order's `_id`"),
        ("plant_id" = String, Path, description = "The plant's `_id`"),
    ),
    responses(
        (status = 200, description = "The rating, or null", body = ExistingRatingReply),
        NotSignedIn, Forbidden, NotFound,
    ))]
async fn existing(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath((order_id, plant_id)): AppPath<(String, String)>,
) -> ApiResult<Response> {
    let rating = ratings::find(&state.db, &user.id, &order_id, &plant_id).await?;
    Ok(ok(ExistingRatingReply {
        success: true,
        rating,
    }))
}
