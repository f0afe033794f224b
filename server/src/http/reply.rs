//! The success bodies (`{success: true, ...}`) the handlers send, shared by several modules.
//! Each is the handler's return value and, through `ToSchema`, its entry in the OpenAPI
//! document: one type, so the two cannot drift. Replies used by one module only live there.

use super::notice::Notice;
use serde::Serialize;
use utoipa::ToSchema;

use crate::store::cart::Cart;
use crate::store::orders::{Order, Stats};
use crate::store::plants::Plant;
use crate::store::ratings::Rating;
use crate::store::users::User;

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

#[derive(Serialize, ToSchema)]
pub struct SuggestReply {
    pub success: bool,
    #[schema(max_items = 8)]
    pub suggestions: Vec<Suggestion>,
}

#[derive(Serialize, ToSchema)]
pub struct DemoAccount {
    pub role: String,
    pub email: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct DemoSettings {
    pub enabled: bool,
    /// Empty unless the shop runs in demo mode.
    pub accounts: Vec<DemoAccount>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
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

#[derive(Serialize, ToSchema)]
pub struct Probe {
    /// `ok`, `ready` or `unavailable`.
    pub status: String,
}

impl Probe {
    pub fn new(status: &str) -> Self {
        Probe {
            status: status.to_string(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SessionReply {
    pub success: bool,
    pub message: String,
    /// The code of `message`, to translate it by.
    pub notice: Notice,
    pub token: String,
    pub user: User,
}

#[derive(Serialize, ToSchema)]
pub struct UserReply {
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<String>,
    /// The code of `message`, to translate it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub notice: Option<Notice>,
    pub user: User,
}

#[derive(Serialize, ToSchema)]
pub struct PasswordReply {
    pub success: bool,
    pub message: String,
    /// The code of `message`, to translate it by.
    pub notice: Notice,
    /// A fresh token: older ones stop working.
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct MessageReply {
    pub success: bool,
    pub message: String,
    /// The code of `message`, to translate it by.
    pub notice: Notice,
}

impl MessageReply {
    pub fn new(notice: Notice) -> Self {
        MessageReply {
            success: true,
            message: notice.message().to_string(),
            notice,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PlantListReply {
    pub success: bool,
    pub plants: Vec<Plant>,
    pub total: i64,
    pub page: i64,
    pub pages: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CategoriesReply {
    pub success: bool,
    pub categories: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PlantReply {
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<String>,
    /// The code of `message`, to translate it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub notice: Option<Notice>,
    pub plant: Plant,
}

impl PlantReply {
    pub fn new(plant: Plant, notice: Option<Notice>) -> Self {
        PlantReply {
            success: true,
            message: notice.map(|n| n.message().to_string()),
            notice,
            plant,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlantCount {
    pub total_plants: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PlantCountReply {
    pub success: bool,
    pub stats: PlantCount,
}

#[derive(Serialize, ToSchema)]
pub struct CartReply {
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<String>,
    /// The code of `message`, to translate it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub notice: Option<Notice>,
    pub cart: Cart,
}

impl CartReply {
    pub fn new(cart: Cart, notice: Option<Notice>) -> Self {
        CartReply {
            success: true,
            message: notice.map(|n| n.message().to_string()),
            notice,
            cart,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct OrderReply {
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<String>,
    /// The code of `message`, to translate it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub notice: Option<Notice>,
    pub order: Order,
}

impl OrderReply {
    pub fn new(order: Order, notice: Option<Notice>) -> Self {
        OrderReply {
            success: true,
            message: notice.map(|n| n.message().to_string()),
            notice,
            order,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct OrderListReply {
    pub success: bool,
    pub orders: Vec<Order>,
}

#[derive(Serialize, ToSchema)]
pub struct OrderPageReply {
    pub success: bool,
    pub orders: Vec<Order>,
    pub total: i64,
    pub page: i64,
    pub pages: i64,
}

#[derive(Serialize, ToSchema)]
pub struct StatsReply {
    pub success: bool,
    pub stats: Stats,
}

#[derive(Serialize, ToSchema)]
pub struct RatingReply {
    pub success: bool,
    pub message: String,
    /// The code of `message`, to translate it by.
    pub notice: Notice,
    pub rating: Rating,
}

#[derive(Serialize, ToSchema)]
pub struct ExistingRatingReply {
    pub success: bool,
    /// Null when the customer has not rated this plant in this order.
    #[schema(required = true)]
    pub rating: Option<Rating>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatReply {
    pub success: bool,
    /// The answer, in the chat's markup.
    pub message: String,
    /// The session to send with the next message.
    pub session_id: String,
}
