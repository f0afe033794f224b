//! Saved plants and back-in-stock notifications (customers only: admins get 403, like the cart).

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::caller::Customer;
use super::extract::{AppJson, AppPath};
use super::notice::Notice;
use super::openapi::{BadRequest, Conflict, Forbidden, NotFound, NotSignedIn, TooLarge};
use super::reply::MessageReply;
use super::respond::ok;
use super::state::AppState;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::store::notifications::{self, Notification};
use crate::store::plants;
use crate::store::wishlist::{self, SaveOutcome, WishlistItem, WISHLIST_MAX};

pub fn wishlist_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(save, remove))
}

pub fn notifications_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(notifications_list))
        .routes(routes!(mark_read))
}

#[derive(Serialize, ToSchema)]
struct WishlistReply {
    success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    message: Option<String>,
    /// The code of `message`, to translate it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    notice: Option<Notice>,
    wishlist: Vec<WishlistItem>,
}

#[derive(Serialize, ToSchema)]
struct NotificationsReply {
    success: bool,
    /// Unread first, then newest first; at most 50.
    notifications: Vec<Notification>,
    unread: i64,
}

#[derive(Serialize, ToSchema)]
struct NotificationReply {
    success: bool,
    notification: Notification,
}

/// The customer's saved plants, newest first (deleted plants leave the list).
#[utoipa::path(get, path = "/", tag = "wishlist",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The wishlist", body = WishlistReply),
        NotSignedIn, Forbidden,
    ))]
async fn list(State(state): State<AppState>, Customer(user): Customer) -> ApiResult<Response> {
    let items = wishlist::list(&state.db, &user.id).await?;
    Ok(ok(WishlistReply {
        success: true,
        message: None,
        notice: None,
        wishlist: items,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(examples(json!({ "notifyWhenInStock": true })))]
struct SaveBody {
    /// Tell me when this plant is back in stock (once). False or left out: just save it.
    #[schema(nullable = false)]
    notify_when_in_stock: Option<bool>,
}

/// Saves a plant to the wishlist (again: updates the back-in-stock request). At most 100.
#[utoipa::path(put, path = "/{plant_id}", tag = "wishlist",
    security(("bearer" = [])),
    params(("plant_id" = String, Path, description = "The plant's `_id` or `plantId`")),
    request_body = SaveBody,
    responses(
        (status = 200, description = "Saved; the whole wishlist", body = WishlistReply),
        BadRequest, NotSignedIn, Forbidden, NotFound, Conflict, TooLarge,
    ))]
async fn save(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath(plant_ref): AppPath<String>,
    AppJson(body): AppJson<SaveBody>,
) -> ApiResult<Response> {
    let plant = plants::find(&state.db, &plant_ref)
        .await?
        .ok_or_else(ApiError::plant_not_found)?;
    let notify = body.notify_when_in_stock.unwrap_or(false);
    if wishlist::save(&state.db, &user.id, &plant.id, notify).await? == SaveOutcome::Full {
        return Err(ApiError::Conflict(
            ErrorCode::WishlistFull,
            format!("Your wishlist is full ({WISHLIST_MAX} plants). Remove one to save another."),
        ));
    }
    let notice = if notify {
        Notice::WishlistWatching
    } else {
        Notice::WishlistSaved
    };
    let items = wishlist::list(&state.db, &user.id).await?;
    Ok(ok(WishlistReply {
        success: true,
        message: Some(notice.message().into()),
        notice: Some(notice),
        wishlist: items,
    }))
}

/// Removes a plant from the wishlist (and any back-in-stock request with it).
#[utoipa::path(delete, path = "/{plant_id}", tag = "wishlist",
    security(("bearer" = [])),
    params(("plant_id" = String, Path, description = "The plant's `_id` or `plantId`")),
    responses(
        (status = 200, description = "Removed", body = MessageReply),
        NotSignedIn, Forbidden, NotFound,
    ))]
async fn remove(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath(plant_ref): AppPath<String>,
) -> ApiResult<Response> {
    let plant_id = match plants::find(&state.db, &plant_ref).await? {
        Some(plant) => plant.id,
        None => plant_ref,
    };
    if !wishlist::remove(&state.db, &user.id, &plant_id).await? {
        return Err(ApiError::NotFound(
            ErrorCode::WishlistItemNotFound,
            "This plant is not in your wishlist".into(),
        ));
    }
    Ok(ok(MessageReply::new(Notice::WishlistRemoved)))
}

/// The customer's notifications: unread first, with the unread count for the badge.
#[utoipa::path(get, path = "/", tag = "wishlist",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Notifications", body = NotificationsReply),
        NotSignedIn, Forbidden,
    ))]
async fn notifications_list(
    State(state): State<AppState>,
    Customer(user): Customer,
) -> ApiResult<Response> {
    let (items, unread) = notifications::list(&state.db, &user.id).await?;
    Ok(ok(NotificationsReply {
        success: true,
        notifications: items,
        unread,
    }))
}

/// Marks one notification read (another customer's: 404).
#[utoipa::path(put, path = "/{id}/read", tag = "wishlist",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The notification's `_id`")),
    responses(
        (status = 200, description = "Marked read", body = NotificationReply),
        NotSignedIn, Forbidden, NotFound,
    ))]
async fn mark_read(
    State(state): State<AppState>,
    Customer(user): Customer,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    let notification = notifications::mark_read(&state.db, &user.id, &id)
        .await?
        .ok_or_else(|| {
            ApiError::NotFound(
                ErrorCode::NotificationNotFound,
                "Notification not found".into(),
            )
        })?;
    Ok(ok(NotificationReply {
        success: true,
        notification,
    }))
}
