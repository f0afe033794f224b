//! "Will it reach me, and when?": the public PIN check and the admin's delivery rules.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::caller::Admin;
use super::extract::{AppJson, AppPath};
use super::notice::Notice;
use super::openapi::{BadRequest, Forbidden, NotSignedIn, TooLarge};
use super::respond::ok;
use super::state::AppState;
use crate::domain::delivery::{self, check_rules, Coverage, DeliveryRule, RuleInput};
use crate::domain::validation as rules;
use crate::error::{ApiError, ApiResult};
use crate::store::delivery as store;
use crate::store::orders::DeliveryEstimate;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check))
}

pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_rules, replace_rules))
}

#[derive(Serialize, ToSchema)]
pub struct Region {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub city: Option<String>,
    pub state: String,
}

#[derive(Serialize, ToSchema)]
pub struct DeliveryReply {
    success: bool,
    pin: String,
    serviceable: bool,
    /// Null when no delivery area covers the PIN.
    #[schema(required = true)]
    region: Option<Region>,
    /// Days from an order placed today; null when not served.
    #[schema(required = true)]
    estimate: Option<DeliveryEstimate>,
    /// Always true: the shop takes cash on delivery only.
    cod: bool,
}

#[derive(Serialize, ToSchema)]
pub struct DeliveryRulesReply {
    success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    message: Option<String>,
    /// The code of `message`, to translate it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    notice: Option<Notice>,
    rules: Vec<DeliveryRule>,
}

/// What checkout and the PIN box know about a PIN: whether it is served and the estimate
/// for an order placed today.
pub struct Answer {
    pub region: Option<Region>,
    pub estimate: Option<DeliveryEstimate>,
}

/// Looks a (valid) PIN up in the current rules.
pub async fn answer(state: &AppState, pin: &str) -> ApiResult<Answer> {
    let all = store::rules(&state.db).await?;
    Ok(match delivery::find_rule(&all, pin) {
        Coverage::Unknown => Answer {
            region: None,
            estimate: None,
        },
        Coverage::Covered(rule) => Answer {
            region: Some(Region {
                city: rule.city.clone(),
                state: rule.state.clone(),
            }),
            estimate: rule.min_days.zip(rule.max_days).map(|(min, max)| {
                DeliveryEstimate::promised(crate::domain::ids::now_ms(), min, max)
            }),
        },
    })
}

/// Whether the shop delivers to a PIN code, to which region, and in how many days.
#[utoipa::path(get, path = "/{pin}", tag = "delivery",
    params(("pin" = String, Path, description = "A 6-digit Indian PIN code", example = "560001")),
    responses(
        (status = 200, description = "Served or not, with the estimate", body = DeliveryReply),
        BadRequest,
    ))]
async fn check(
    State(state): State<AppState>,
    AppPath(pin): AppPath<String>,
) -> ApiResult<Response> {
    if let Some(broken) = rules::zip_code(Some(&pin)) {
        return Err(ApiError::invalid_query(broken.message));
    }
    let pin = pin.trim().to_string();
    let found = answer(&state, &pin).await?;
    Ok(ok(DeliveryReply {
        success: true,
        serviceable: found.estimate.is_some(),
        pin,
        region: found.region,
        estimate: found.estimate,
        cod: true,
    }))
}

/// The delivery rules, in order.
#[utoipa::path(get, path = "/delivery", tag = "delivery",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every delivery rule", body = DeliveryRulesReply),
        NotSignedIn, Forbidden,
    ))]
async fn list_rules(State(state): State<AppState>, Admin(_admin): Admin) -> ApiResult<Response> {
    let all = store::rules(&state.db).await?;
    Ok(ok(DeliveryRulesReply {
        success: true,
        message: None,
        notice: None,
        rules: all,
    }))
}

#[derive(Deserialize, ToSchema)]
#[schema(examples(json!({ "rules": [
    { "from": "56", "to": "56", "state": "Karnataka", "city": "Bengaluru", "serviceable": true, "minDays": 2, "maxDays": 4 },
    { "from": "744", "state": "Andaman and Nicobar Islands", "serviceable": false }
] })))]
struct RulesBody {
    /// The whole new list (1 to 500 rules); it replaces the old one. The longest matching
    /// prefix wins; rules of one prefix length may not overlap.
    #[schema(required = true, nullable = false)]
    rules: Option<Vec<RuleInput>>,
}

/// Replaces the delivery rules (all at once).
#[utoipa::path(put, path = "/delivery", tag = "delivery",
    security(("bearer" = [])),
    request_body = RulesBody,
    responses(
        (status = 200, description = "Rules saved", body = DeliveryRulesReply),
        BadRequest, NotSignedIn, Forbidden, TooLarge,
    ))]
async fn replace_rules(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    AppJson(body): AppJson<RulesBody>,
) -> ApiResult<Response> {
    let checked = check_rules(body.rules.unwrap_or_default()).map_err(ApiError::invalid)?;
    store::replace_rules(&state.db, &checked).await?;
    Ok(ok(DeliveryRulesReply {
        success: true,
        message: Some(Notice::DeliveryRulesSaved.message().into()),
        notice: Some(Notice::DeliveryRulesSaved),
        rules: checked,
    }))
}
