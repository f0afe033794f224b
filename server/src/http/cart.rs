//! The customer's cart (admins do not shop: 403).

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
use super::reply::CartReply;
use super::respond::ok;
use super::state::AppState;
use crate::error::{ApiError, ApiResult, ErrorCode, FieldCode};
use crate::store::{cart, plants};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(add))
        .routes(routes!(update))
        .routes(routes!(remove))
        .routes(routes!(clear))
}

#[utoipa::path(get, path = "/", tag = "cart",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The cart at current prices", body = CartReply),
        NotSignedIn, Forbidden,
    ))]
async fn show(State(state): State<AppState>, Customer(user): Customer) -> ApiResult<Response> {
    let cart = cart::load(&state.db, &user.id).await?;
    Ok(ok(CartReply::new(cart, None)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(examples(json!({ "plantId": "PL-1001", "quantity": 1 })))]
struct AddBody {
    /// The plant's `_id` or `plantId`.
    #[schema(required = true, nullable = false)]
    plant_id: Option<String>,
    /// 1 when left out.
    #[schema(nullable = false, minimum = 1)]
    quantity: Option<i64>,
}

/// The message when `wanted` exceeds what is left.
fn not_enough_stock(stock: i64, already: i64) -> ApiError {
    match (stock, already) {
        (0, _) => ApiError::Conflict(ErrorCode::OutOfStock, "This plant is out of stock".into()),
        (s, 0) => ApiError::Conflict(ErrorCode::NotEnoughStock, format!("Only {s} left in stock")),
        (s, a) => ApiError::Conflict(
            ErrorCode::NotEnoughStock,
            format!("Only {s} left in stock and you already have {a} in your cart"),
        ),
    }
}

/// The shop's most per plant, for a line that would hold `quantity` (400 on `quantity`).
fn within_plant_limit(state: &AppState, quantity: i64, already: i64) -> ApiResult<()> {
    let max = state.config.order_limits().max_per_plant;
    if quantity.saturating_add(already) <= max {
        return Ok(());
    }
    let message = if already > 0 {
        format!(
            "You can order at most {max} of one plant, and you already have {already} in your cart"
        )
    } else {
        format!("You can order at most {max} of one plant")
    };
    Err(ApiError::invalid(vec![
        crate::domain::form_errors::FieldError::new(
            "quantity",
            FieldCode::QuantityOverLimit,
            message,
        ),
    ]))
}

fn valid_quantity(quantity: i64) -> ApiResult<i64> {
    let mut errors = crate::domain::form_errors::Errors::default();
    errors.check("quantity", crate::domain::validation::quantity(quantity));
    errors.into_result()?;
    Ok(quantity)
}

#[utoipa::path(post, path = "/add", tag = "cart",
    security(("bearer" = [])),
    request_body = AddBody,
    responses(
        (status = 200, description = "Added", body = CartReply),
        BadRequest, NotSignedIn, Forbidden, NotFound, Conflict, TooLarge,
    ))]
async fn add(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppJson(body): AppJson<AddBody>,
) -> ApiResult<Response> {
    let plant_ref = body
        .plant_id
        .filter(|p| !p.trim().is_empty())
        .ok_or_else(|| {
            ApiError::invalid(vec![crate::domain::form_errors::FieldError::new(
                "plantId",
                FieldCode::PlantIdRequired,
                "Plant ID is required",
            )])
        })?;
    let quantity = valid_quantity(body.quantity.unwrap_or(1))?;
    let plant = plants::find(&state.db, &plant_ref)
        .await?
        .ok_or_else(ApiError::plant_not_found)?;
    // The shop's most per plant; checked again under the write lock at checkout, so a race
    // between two adds can only delay the refusal to then.
    let already = cart::quantity_of(state.db.reader(), &user.id, &plant.id)
        .await?
        .unwrap_or(0);
    within_plant_limit(&state, quantity, already)?;
    // One statement checks the stock and adds up, so concurrent adds cannot exceed it and
    // the single SQLite writer spends one round trip; only a refusal pays for the reads
    // that explain it.
    if !cart::add_within_stock(&state.db, &user.id, &plant.id, quantity).await? {
        let stock = plants::find(&state.db, &plant.id)
            .await?
            .map(|p| p.stock)
            .unwrap_or(0);
        let already = cart::quantity_of(state.db.reader(), &user.id, &plant.id)
            .await?
            .unwrap_or(0);
        return Err(not_enough_stock(stock, already));
    }
    let cart = cart::load(&state.db, &user.id).await?;
    Ok(ok(CartReply::new(cart, Some(Notice::CartItemAdded))))
}

#[derive(Deserialize, ToSchema)]
#[schema(examples(json!({ "quantity": 2 })))]
struct UpdateBody {
    #[schema(required = true, nullable = false, minimum = 1)]
    quantity: Option<i64>,
}

#[utoipa::path(put, path = "/update/{plant_id}", tag = "cart",
    security(("bearer" = [])),
    params(("plant_id" = String, Path, description = "The plant's `_id` or `plantId`")),
    request_body = UpdateBody,
    responses(
        (status = 200, description = "Quantity set", body = CartReply),
        BadRequest, NotSignedIn, Forbidden, NotFound, Conflict, TooLarge,
    ))]
async fn update(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath(plant_ref): AppPath<String>,
    AppJson(body): AppJson<UpdateBody>,
) -> ApiResult<Response> {
    let quantity = match body.quantity {
        Some(q) => valid_quantity(q)?,
        None => {
            return Err(ApiError::invalid(vec![
                crate::domain::form_errors::FieldError::new(
                    "quantity",
                    FieldCode::QuantityRequired,
                    "Quantity is required",
                ),
            ]))
        }
    };
    let mut tx = state.db.begin().await?;
    let plant = plants::find_with(&mut *tx, &plant_ref)
        .await?
        .ok_or_else(ApiError::plant_not_found)?;
    if cart::quantity_of(&mut *tx, &user.id, &plant.id)
        .await?
        .is_none()
    {
        return Err(ApiError::NotFound(
            ErrorCode::CartItemNotFound,
            "Item not found in cart".into(),
        ));
    }
    within_plant_limit(&state, quantity, 0)?;
    if quantity > plant.stock {
        return Err(not_enough_stock(plant.stock, 0));
    }
    cart::set_quantity(&mut tx, &user.id, &plant.id, quantity).await?;
    tx.commit().await?;
    let cart = cart::load(&state.db, &user.id).await?;
    Ok(ok(CartReply::new(cart, Some(Notice::CartUpdated))))
}

#[utoipa::path(delete, path = "/remove/{plant_id}", tag = "cart",
    security(("bearer" = [])),
    params(("plant_id" = String, Path, description = "The plant's `_id` or `plantId`")),
    responses(
        (status = 200, description = "Removed", body = CartReply),
        NotSignedIn, Forbidden, NotFound,
    ))]
async fn remove(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath(plant_ref): AppPath<String>,
) -> ApiResult<Response> {
    // A deleted plant has already left every cart, so only live plants can be removed here.
    let plant_id = match plants::find(&state.db, &plant_ref).await? {
        Some(plant) => plant.id,
        None => plant_ref,
    };
    if !cart::remove(&state.db, &user.id, &plant_id).await? {
        return Err(ApiError::NotFound(
            ErrorCode::CartItemNotFound,
            "Item not found in cart".into(),
        ));
    }
    let cart = cart::load(&state.db, &user.id).await?;
    Ok(ok(CartReply::new(cart, Some(Notice::CartItemRemoved))))
}

#[utoipa::path(delete, path = "/clear", tag = "cart",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Emptied", body = CartReply),
        NotSignedIn, Forbidden,
    ))]
async fn clear(State(state): State<AppState>, Customer(user): Customer) -> ApiResult<Response> {
    let mut tx = state.db.begin().await?;
    cart::clear(&mut tx, &user.id).await?;
    tx.commit().await?;
    Ok(ok(CartReply::new(
        cart::Cart {
            items: Vec::new(),
            total: 0,
        },
        Some(Notice::CartCleared),
    )))
}
