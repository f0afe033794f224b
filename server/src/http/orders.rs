//! Orders for customers (place, list, read, cancel) and for admins (list, move, stats).

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AddressBody;
use super::caller::{Admin, AuthUser, Customer};
use super::extract::{AppJson, AppPath, AppQuery};
use super::notice::Notice;
use super::openapi::{BadRequest, Conflict, Forbidden, NotFound, NotSignedIn, TooLarge};
use super::reply::{OrderListReply, OrderPageReply, OrderReply, StatsReply};
use super::respond::{created, ok};
use super::state::AppState;
use crate::domain::delivery::MSG_NOT_SERVED;
use crate::domain::form_errors::{Errors, FieldError};
use crate::domain::order_limits::LimitError;
use crate::domain::orders::OrderStatus;
use crate::domain::validation::{self as rules, AddressInput};
use crate::error::{ApiError, ApiResult, ErrorCode, FieldCode};
use crate::store::orders::{self, Actor, AdminOrderFilter, TransitionError};
use crate::store::placement::{PlaceError, PlaceRequest};
use crate::store::users::{Address, Role};

const MSG_ORDER_NOT_FOUND: &str = "Order not found";
const STATUS_VALUES: &str = "pending, processing, shipped, delivered, cancelled";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_mine, place))
        .routes(routes!(list_all))
        .routes(routes!(stats))
        .routes(routes!(show))
        .routes(routes!(cancel))
        .routes(routes!(change_status))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(examples(json!({ "deliveryAddress": { "street": "14 Residency Road, Shanthala Nagar", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560025", "phone": "9876543210" } })))]
struct PlaceBody {
    /// Every field is required at checkout.
    #[schema(required = true, nullable = false)]
    delivery_address: Option<AddressBody>,
}

fn idempotency_key(headers: &HeaderMap) -> ApiResult<Option<String>> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value.to_str().unwrap_or_default().trim();
    if key.is_empty() || key.len() > 200 || !key.chars().all(|c| c.is_ascii_graphic()) {
        return Err(ApiError::bad_request(
            ErrorCode::InvalidIdempotencyKey,
            "Idempotency-Key must be 1 to 200 visible characters",
        ));
    }
    Ok(Some(key.to_string()))
}

/// Places the cart as an order, taking the stock. The shop's limits apply (see
/// `orderLimits` in `GET /api/config`): a plant over its most per order or an order over its
/// most value is a 400; a customer already holding the most pending orders gets a 409. An
/// address no served delivery area covers is a 400 (`We do not deliver to this PIN code
/// yet.` on `zipCode`); a placed order carries the delivery estimate it was promised.
#[utoipa::path(post, path = "/", tag = "orders",
    security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header,
        description = "1 to 200 visible characters; a retry with the same key and the same delivery address returns the first order, the same key with a different address is a 409")),
    request_body = PlaceBody,
    responses(
        (status = 201, description = "Order placed (or the first order again, with `Idempotent-Replayed: true`)",
            body = OrderReply),
        BadRequest, NotSignedIn, Forbidden, Conflict, TooLarge,
    ))]
async fn place(
    State(state): State<AppState>,
    Customer(user): Customer,
    headers: HeaderMap,
    AppJson(body): AppJson<PlaceBody>,
) -> ApiResult<Response> {
    let key = idempotency_key(&headers)?;
    let address = body.delivery_address.unwrap_or_default();
    let mut errors = Errors::default();
    rules::delivery_address(
        &AddressInput {
            street: address.street.as_deref(),
            city: address.city.as_deref(),
            state: address.state.as_deref(),
            zip_code: address.zip_code.as_deref(),
            phone: address.phone.as_deref(),
            landmark: address.landmark.as_deref(),
            recipient_name: address.recipient_name.as_deref(),
        },
        &mut errors,
    );
    errors.into_result()?;
    let trimmed = |v: Option<String>| v.unwrap_or_default().trim().to_string();
    let address = Address {
        street: trimmed(address.street),
        city: trimmed(address.city),
        state: rules::canonical_state(&trimmed(address.state)),
        zip_code: rules::normalise_pin(&trimmed(address.zip_code)),
        // The 10 digits of the number given (validated above), never a different number.
        phone: rules::normalise_phone(&trimmed(address.phone)),
        landmark: trimmed(address.landmark),
        recipient_name: trimmed(address.recipient_name),
    };
    let request = PlaceRequest {
        user_id: user.id.clone(),
        address,
        idempotency_key: key,
        limits: state.config.order_limits(),
    };
    let placement = match state.orders.place(request).await {
        Ok(p) => p,
        Err(PlaceError::EmptyCart) => return Err(ApiError::bad_request(ErrorCode::CartEmpty, "Your cart is empty")),
        Err(PlaceError::NotServed) => {
            return Err(ApiError::invalid(vec![FieldError::new(
                "zipCode",
                FieldCode::PinNotServed,
                MSG_NOT_SERVED,
            )]))
        }
        Err(PlaceError::NotEnoughStock { name, left: 0 }) => {
            return Err(ApiError::Conflict(ErrorCode::OutOfStock, format!("{name} is out of stock")))
        }
        Err(PlaceError::NotEnoughStock { name, left }) => {
            return Err(ApiError::Conflict(ErrorCode::NotEnoughStock, format!(
                "Not enough stock for {name}: only {left} left"
            )))
        }
        Err(PlaceError::OverLimit(err @ LimitError::TooManyPending { .. })) => {
            return Err(ApiError::Conflict(ErrorCode::TooManyPendingOrders, err.to_string()))
        }
        Err(PlaceError::OverLimit(err)) => return Err(ApiError::bad_request(ErrorCode::OrderLimitExceeded, err.to_string())),
        Err(PlaceError::KeyReused) => {
            return Err(ApiError::Conflict(
                ErrorCode::IdempotencyKeyReused,
                "This Idempotency-Key was already used for an order with a different delivery address. Use a new key for a new order."
                    .into(),
            ))
        }
        Err(PlaceError::Db(err)) => return Err(err.into()),
        Err(err @ PlaceError::DeskClosed) => return Err(ApiError::Internal(err.into())),
    };
    if !placement.replayed {
        crate::metrics::order_placed("cod");
    }
    let mut response = created(OrderReply::new(placement.order, Some(Notice::OrderPlaced)));
    if placement.replayed {
        response
            .headers_mut()
            .insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    Ok(response)
}

#[utoipa::path(get, path = "/", tag = "orders",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The customer's orders, newest first", body = OrderListReply),
        NotSignedIn, Forbidden,
    ))]
async fn list_mine(State(state): State<AppState>, Customer(user): Customer) -> ApiResult<Response> {
    let list = orders::list_for_user(&state.db, &user.id).await?;
    Ok(ok(OrderListReply {
        success: true,
        orders: list,
    }))
}

/// The owner sees their order; an admin sees any. Anyone else gets 404, so order ids
/// reveal nothing.
#[utoipa::path(get, path = "/{id}", tag = "orders",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's `_id`")),
    responses(
        (status = 200, description = "The order", body = OrderReply),
        NotSignedIn, NotFound,
    ))]
async fn show(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    let is_admin = user.role == Role::Admin;
    match orders::find(&state.db, &id, is_admin).await? {
        Some(order) if is_admin || order.user_id == user.id => Ok(ok(OrderReply::new(order, None))),
        _ => Err(ApiError::NotFound(
            ErrorCode::OrderNotFound,
            MSG_ORDER_NOT_FOUND.into(),
        )),
    }
}

#[utoipa::path(put, path = "/{id}/cancel", tag = "orders",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's `_id`")),
    responses(
        (status = 200, description = "Cancelled; the stock is back", body = OrderReply),
        NotSignedIn, Forbidden, NotFound, Conflict,
    ))]
async fn cancel(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    match orders::change_status(
        &state.db,
        &id,
        OrderStatus::Cancelled,
        Actor::Owner(&user.id),
    )
    .await
    {
        Ok(()) => crate::metrics::order_cancelled(),
        Err(TransitionError::NotFound) => {
            return Err(ApiError::NotFound(
                ErrorCode::OrderNotFound,
                MSG_ORDER_NOT_FOUND.into(),
            ))
        }
        Err(TransitionError::NotAllowed { .. }) => {
            return Err(ApiError::Conflict(
                ErrorCode::CancelNotAllowed,
                "Only pending orders can be cancelled".into(),
            ))
        }
        Err(TransitionError::Db(err)) => return Err(err.into()),
    }
    // The cancelled order gave its stock back: someone may be waiting for it.
    crate::notify::after_restock(&state.db).await;
    let order = orders::find(&state.db, &id, false)
        .await?
        .ok_or_else(|| ApiError::NotFound(ErrorCode::OrderNotFound, MSG_ORDER_NOT_FOUND.into()))?;
    Ok(ok(OrderReply::new(order, Some(Notice::OrderCancelled))))
}

#[derive(Deserialize, ToSchema)]
#[schema(examples(json!({ "status": "processing" })))]
struct StatusBody {
    #[schema(required = true, nullable = false, value_type = OrderStatus)]
    status: Option<String>,
}

fn parse_status(value: Option<&str>) -> ApiResult<OrderStatus> {
    value
        .map(str::trim)
        .and_then(|v| OrderStatus::parse(&v.to_ascii_lowercase()))
        .ok_or_else(|| {
            ApiError::invalid(vec![FieldError::new(
                "status",
                FieldCode::StatusInvalid,
                format!("Status must be one of {STATUS_VALUES}"),
            )])
        })
}

#[utoipa::path(put, path = "/{id}/status", tag = "orders",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's `_id`")),
    request_body = StatusBody,
    responses(
        (status = 200, description = "Status changed", body = OrderReply),
        BadRequest, NotSignedIn, Forbidden, NotFound, Conflict, TooLarge,
    ))]
async fn change_status(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppPath(id): AppPath<String>,
    AppJson(body): AppJson<StatusBody>,
) -> ApiResult<Response> {
    let to = parse_status(body.status.as_deref())?;
    match orders::change_status(&state.db, &id, to, Actor::Admin(&admin.id)).await {
        Ok(()) if to == OrderStatus::Cancelled => crate::metrics::order_cancelled(),
        Ok(()) => {}
        Err(TransitionError::NotFound) => {
            return Err(ApiError::NotFound(
                ErrorCode::OrderNotFound,
                MSG_ORDER_NOT_FOUND.into(),
            ))
        }
        Err(TransitionError::NotAllowed { from, to }) => {
            return Err(ApiError::Conflict(
                ErrorCode::StatusChangeNotAllowed,
                format!("Cannot change status from {from} to {to}"),
            ))
        }
        Err(TransitionError::Db(err)) => return Err(err.into()),
    }
    if to == OrderStatus::Cancelled {
        crate::notify::after_restock(&state.db).await;
    }
    let order = orders::find(&state.db, &id, true)
        .await?
        .ok_or_else(|| ApiError::NotFound(ErrorCode::OrderNotFound, MSG_ORDER_NOT_FOUND.into()))?;
    Ok(ok(OrderReply::new(order, Some(Notice::OrderStatusUpdated))))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AdminListQuery {
    /// `all` or one status.
    status: Option<String>,
    /// Part of the order id, the customer's name or email.
    search: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1)]
    page: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

fn whole(raw: Option<&str>, name: &str, default: i64) -> ApiResult<i64> {
    match raw.map(str::trim) {
        None | Some("") => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| ApiError::invalid_query(format!("{name} must be a number"))),
    }
}

#[utoipa::path(get, path = "/admin/all", tag = "orders",
    security(("bearer" = [])),
    params(AdminListQuery),
    responses(
        (status = 200, description = "One page of every customer's orders", body = OrderPageReply),
        BadRequest, NotSignedIn, Forbidden,
    ))]
async fn list_all(
    State(state): State<AppState>,
    _admin: Admin,
    AppQuery(query): AppQuery<AdminListQuery>,
) -> ApiResult<Response> {
    let status = match query.status.as_deref().map(str::trim) {
        None | Some("") | Some("all") => None,
        Some(s) => Some(OrderStatus::parse(s).ok_or_else(|| {
            ApiError::invalid_query(format!("status must be one of all, {STATUS_VALUES}"))
        })?),
    };
    let page = whole(query.page.as_deref(), "page", 1)?;
    let limit = whole(query.limit.as_deref(), "limit", 20)?;
    if page < 1 {
        return Err(ApiError::invalid_query("page must be 1 or more"));
    }
    if !(1..=200).contains(&limit) {
        return Err(ApiError::invalid_query("limit must be between 1 and 200"));
    }
    let filter = AdminOrderFilter {
        status,
        search: query.search.map(|s| s.chars().take(100).collect()),
        page,
        limit,
    };
    let (list, total) = orders::list_for_admin(&state.db, &filter).await?;
    let pages = (total + limit - 1) / limit;
    Ok(ok(OrderPageReply {
        success: true,
        orders: list,
        total,
        page,
        pages,
    }))
}

#[utoipa::path(get, path = "/admin/stats", tag = "orders",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Dashboard figures", body = StatsReply),
        NotSignedIn, Forbidden,
    ))]
async fn stats(State(state): State<AppState>, _admin: Admin) -> ApiResult<Response> {
    let stats = orders::stats(&state.db).await?;
    Ok(ok(StatsReply {
        success: true,
        stats,
    }))
}
