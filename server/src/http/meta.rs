//! Shop settings the web app reads at start, and health probes.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::reply::{ConfigReply, DemoAccount, DemoSettings, Probe};
use super::respond::ok;
use super::state::AppState;
use crate::domain::validation::CATEGORIES;
use crate::seed::DEMO_ACCOUNTS;

/// `GET /api/config`: demo accounts only in a demo shop.
#[utoipa::path(get, path = "/config", tag = "meta",
    responses((status = 200, description = "Shop settings for the web app", body = ConfigReply)))]
pub async fn config(State(state): State<AppState>) -> Response {
    let accounts: Vec<_> = if state.demo {
        DEMO_ACCOUNTS
            .iter()
            .map(|a| DemoAccount {
                role: a.role.as_str().to_string(),
                email: a.email.to_string(),
                password: a.password.to_string(),
            })
            .collect()
    } else {
        Vec::new()
    };
    ok(ConfigReply {
        success: true,
        demo: DemoSettings {
            enabled: state.demo,
            accounts,
        },
        categories: CATEGORIES.iter().map(|c| c.to_string()).collect(),
        shop: state.config.contact.public(),
        order_limits: state.config.order_limits(),
    })
}

/// `GET /healthz`: the process is up.
#[utoipa::path(get, path = "/healthz", tag = "meta",
    responses((status = 200, description = "The process is up", body = Probe)))]
pub async fn healthz() -> Response {
    // The same bytes every time: no JSON value to build and serialise per probe.
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        r#"{"status":"ok"}"#,
    )
        .into_response()
}

/// `GET /readyz`: the database answers.
#[utoipa::path(get, path = "/readyz", tag = "meta", responses(
    (status = 200, description = "The database answers", body = Probe),
    (status = 503, description = "The database does not answer", body = Probe),
))]
pub async fn readyz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => Json(Probe::new("ready")).into_response(),
        Err(err) => {
            tracing::warn!(error = %err, "database not reachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Probe::new("unavailable")),
            )
                .into_response()
        }
    }
}
