//! The OpenAPI document. Paths, methods, parameters and request bodies come from the
//! `#[utoipa::path]` attributes on the handlers, and the route table in `http::route_table`
//! builds the router from those same attributes, so a route cannot exist without its
//! documentation (`http::openapi_document` serves it, beside the table it is made from). This module holds what the handlers share: the document's head, the bearer
//! scheme, the error body and responses, and the success envelopes (`{success: true, ...}`).

use serde::Serialize;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{IntoResponses, Modify, OpenApi, ToSchema};

use crate::domain::form_errors::FieldError;
use crate::store::cart::Cart;
use crate::store::orders::{Order, Stats};
use crate::store::plants::Plant;
use crate::store::ratings::Rating;
use crate::store::users::User;

/// Name of the security scheme that `security(("bearer" = []))` refers to.
pub const BEARER: &str = "bearer";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hariyali API",
        description = "The plant shop's JSON API. Success bodies carry `success: true`; \
                       error bodies are `{success: false, message, errors?}`."
    ),
    modifiers(&BearerScheme),
    components(schemas(ErrorBody, FieldError)),
    tags(
        (name = "meta", description = "Shop settings, probes and this document"),
        (name = "auth", description = "Accounts"),
        (name = "plants", description = "The catalogue"),
        (name = "cart", description = "The customer's cart"),
        (name = "orders", description = "Orders"),
        (name = "ratings", description = "Ratings from delivered orders"),
        (name = "ai-chat", description = "The plant-care assistant"),
        (name = "delivery", description = "Where and how fast the shop delivers, by PIN code"),
        (name = "wishlist", description = "Saved plants and back-in-stock notifications"),
    )
)]
pub struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("The token from /api/auth/login or /api/auth/register"))
                    .build(),
            ),
        );
    }
}

/// Operation ids default to the handler's name, and several modules have a `show` or an
/// `update`; OpenAPI wants them unique, so each becomes `<tag>.<handler>` (`cart.update`).
pub fn qualify_operation_ids(doc: &mut utoipa::openapi::OpenApi) {
    for item in doc.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
        {
            let tag = operation.tags.as_ref().and_then(|t| t.first()).cloned();
            if let (Some(tag), Some(id)) = (tag, operation.operation_id.as_mut()) {
                *id = format!("{tag}.{id}");
            }
        }
    }
}

/// `{success: false, message, errors?}`; the AI chat repeats the message in `error`.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    /// A sentence to show the person.
    pub message: String,
    /// Every failed rule of a form, when the request was a form.
    #[schema(nullable = false)]
    pub errors: Option<Vec<FieldError>>,
    /// Only on `/api/ai-chat`: the message again.
    #[schema(nullable = false)]
    pub error: Option<String>,
}

/// The input broke a rule; `errors` names the fields when it was a form.
#[derive(IntoResponses)]
#[response(status = 400)]
pub struct BadRequest(#[allow(dead_code)] ErrorBody);

/// No token, or a token that is no longer valid.
#[derive(IntoResponses)]
#[response(status = 401)]
pub struct NotSignedIn(#[allow(dead_code)] ErrorBody);

/// Signed in with a role that may not do this.
#[derive(IntoResponses)]
#[response(status = 403)]
pub struct Forbidden(#[allow(dead_code)] ErrorBody);

/// No such thing (also another customer's order).
#[derive(IntoResponses)]
#[response(status = 404)]
pub struct NotFound(#[allow(dead_code)] ErrorBody);

/// Conflicts with the current state (email or name taken, stock, status change, the most
/// pending orders reached, an Idempotency-Key reused with a different request).
#[derive(IntoResponses)]
#[response(status = 409)]
pub struct Conflict(#[allow(dead_code)] ErrorBody);

/// The body is larger than this endpoint accepts.
#[derive(IntoResponses)]
#[response(status = 413)]
pub struct TooLarge(#[allow(dead_code)] ErrorBody);

/// Too many attempts from this client or for this account.
#[derive(IntoResponses)]
#[response(
    status = 429,
    headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))
)]
pub struct TooManyRequests(#[allow(dead_code)] ErrorBody);

/// The client's copy (named by `If-None-Match`) is current; no body.
#[derive(IntoResponses)]
#[response(status = 304)]
pub struct NotModified;

// Success envelopes, one per shape of `{success: true, ...}` the handlers send.

/// One suggestion of `GET /plants/suggest`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    #[serde(rename = "_id")]
    pub id: String,
    pub plant_id: String,
    pub name: String,
    #[schema(required = true)]
    pub name_hi: Option<String>,
    /// The card-size picture.
    #[schema(required = true)]
    pub image: Option<String>,
    pub price: i64,
}

#[derive(ToSchema)]
pub struct SuggestReply {
    pub success: bool,
    #[schema(max_items = 8)]
    pub suggestions: Vec<Suggestion>,
}

#[derive(ToSchema)]
pub struct DemoAccount {
    pub role: String,
    pub email: String,
    pub password: String,
}

#[derive(ToSchema)]
pub struct DemoSettings {
    pub enabled: bool,
    /// Empty unless the shop runs in demo mode.
    pub accounts: Vec<DemoAccount>,
}

#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct ConfigReply {
    pub success: bool,
    pub demo: DemoSettings,
    pub categories: Vec<String>,
    /// How customers reach the shop (flags/env `HARIYALI_SHOP_NAME`, `HARIYALI_SUPPORT_*`,
    /// `HARIYALI_GRIEVANCE_*`).
    pub shop: crate::contact::ShopContact,
    /// The shop's limits on one order, for the cart to show before checkout.
    pub order_limits: crate::domain::order_limits::OrderLimits,
}

#[derive(ToSchema)]
pub struct Probe {
    /// `ok`, `ready` or `unavailable`.
    pub status: String,
}

#[derive(ToSchema)]
pub struct SessionReply {
    pub success: bool,
    pub message: String,
    pub token: String,
    pub user: User,
}

#[derive(ToSchema)]
pub struct UserReply {
    pub success: bool,
    #[schema(nullable = false)]
    pub message: Option<String>,
    pub user: User,
}

#[derive(ToSchema)]
pub struct PasswordReply {
    pub success: bool,
    pub message: String,
    /// A fresh token: older ones stop working.
    pub token: String,
}

#[derive(ToSchema)]
pub struct MessageReply {
    pub success: bool,
    pub message: String,
}

#[derive(ToSchema)]
pub struct PlantListReply {
    pub success: bool,
    pub plants: Vec<Plant>,
    pub total: i64,
    pub page: i64,
    pub pages: i64,
}

#[derive(ToSchema)]
pub struct CategoriesReply {
    pub success: bool,
    pub categories: Vec<String>,
}

#[derive(ToSchema)]
pub struct PlantReply {
    pub success: bool,
    #[schema(nullable = false)]
    pub message: Option<String>,
    pub plant: Plant,
}

#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct PlantCount {
    pub total_plants: i64,
}

#[derive(ToSchema)]
pub struct PlantCountReply {
    pub success: bool,
    pub stats: PlantCount,
}

#[derive(ToSchema)]
pub struct CartReply {
    pub success: bool,
    #[schema(nullable = false)]
    pub message: Option<String>,
    pub cart: Cart,
}

#[derive(ToSchema)]
pub struct OrderReply {
    pub success: bool,
    #[schema(nullable = false)]
    pub message: Option<String>,
    pub order: Order,
}

#[derive(ToSchema)]
pub struct OrderListReply {
    pub success: bool,
    pub orders: Vec<Order>,
}

#[derive(ToSchema)]
pub struct OrderPageReply {
    pub success: bool,
    pub orders: Vec<Order>,
    pub total: i64,
    pub page: i64,
    pub pages: i64,
}

#[derive(ToSchema)]
pub struct StatsReply {
    pub success: bool,
    pub stats: Stats,
}

#[derive(ToSchema)]
pub struct RatingReply {
    pub success: bool,
    pub message: String,
    pub rating: Rating,
}

#[derive(ToSchema)]
pub struct ExistingRatingReply {
    pub success: bool,
    /// Null when the customer has not rated this plant in this order.
    #[schema(required = true)]
    pub rating: Option<Rating>,
}

#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct ChatReply {
    pub success: bool,
    /// The answer, in the chat's markup.
    pub message: String,
    /// The session to send with the next message.
    pub session_id: String,
}
