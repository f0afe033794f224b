//! The HTTP surface: `/api` (JSON), `/media` (pictures), probes, and the web app.

pub mod assistant;
pub mod auth;
pub mod body_limit;
pub mod cache;
pub mod cart;
pub mod delivery;
pub mod extract;
pub mod media;
pub mod meta;
pub mod observe;
pub mod openapi;
pub mod orders;
pub mod plant_page;
pub mod plants;
pub mod ratings;
pub mod respond;
pub mod reviews;
pub mod security;
pub mod web;
pub mod wishlist;

use std::time::Duration;

use axum::extract::{DefaultBodyLimit, MatchedPath};
use axum::http::{header, HeaderName, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, MSG_NOT_FOUND, MSG_SERVER_ERROR};
use crate::state::AppState;

use body_limit::JSON_BODY_LIMIT;

fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(meta::config))
        .routes(routes!(openapi::serve))
        .nest("/auth", auth::router())
        .nest("/plants", plants::router())
        .nest("/cart", cart::router())
        .nest("/orders", orders::router())
        .nest("/ratings", ratings::router())
        .nest("/ai-chat", assistant::router())
        .nest("/delivery", delivery::router())
        .nest("/admin", delivery::admin_router())
        .merge(reviews::router())
        .nest("/wishlist", wishlist::wishlist_router())
        .nest("/notifications", wishlist::notifications_router())
}

/// The route table: `/api` and the probes, each route registered from its handler's
/// `#[utoipa::path]`, so the router and the OpenAPI document come from the same place.
/// Routes outside the document (pictures, the web app) are added in `app`.
pub fn route_table() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, api_doc) = api_routes().split_for_parts();
    // Private answers (accounts, cart, orders, ratings, admin) must never be kept by a
    // browser or a shared cache; the catalogue sets its own `no-cache` and keeps it.
    let api = api
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ));
    let (probes, probe_doc) = OpenApiRouter::new()
        .routes(routes!(meta::healthz))
        .routes(routes!(meta::readyz))
        .split_for_parts();
    let mut doc = openapi::ApiDoc::openapi().nest("/api", api_doc);
    doc.merge(probe_doc);
    openapi::qualify_operation_ids(&mut doc);
    (Router::new().nest("/api", api).merge(probes), doc)
}

/// The whole application, ready to serve (tests drive this directly).
pub fn app(state: AppState) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let web_dir = state.config.web_dir.clone();
    let cors = security::cors(&state.config.cors_origins);
    let trust_proxy = state.config.trust_proxy.0;
    let hsts = security::strict_transport(state.config.public_url.as_deref());
    let has_web_app = web_dir.join("index.html").is_file();
    let (mut router, _) = route_table();
    if has_web_app {
        router = router.route("/plant/{id}", get(plant_page::serve));
    }
    let mut router = router
        .route("/media/{*key}", get(media::serve))
        .route("/metrics", get(observe::serve))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(axum::middleware::from_fn(
            body_limit::refuse_declared_oversize,
        ))
        .with_state(state);
    if has_web_app {
        router = router.merge(web::router(&web_dir));
    }
    router.layer(
        ServiceBuilder::new()
            .map_request(observe::drop_unsafe_request_id)
            .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
            .layer(TraceLayer::new_for_http().make_span_with(move |request: &Request<_>| {
                let id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-");
                let route = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or("");
                let client = crate::limits::client_address(request.headers(), request.extensions(), trust_proxy);
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), route, request_id = %id, client = %client)
            })
            .on_response(DefaultOnResponse::new().level(Level::INFO)))
            .layer(PropagateRequestIdLayer::new(request_id))
            .layer(CatchPanicLayer::custom(|_| internal_error()))
            .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
            .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static(security::REFERRER_POLICY)))
            .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
            .layer(SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(security::CONTENT_SECURITY_POLICY)))
            .layer(SetResponseHeaderLayer::overriding(HeaderName::from_static("permissions-policy"), HeaderValue::from_static(security::PERMISSIONS_POLICY)))
            .layer(SetResponseHeaderLayer::overriding(HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")))
            .option_layer(hsts.map(|value| SetResponseHeaderLayer::overriding(header::STRICT_TRANSPORT_SECURITY, value)))
            .layer(axum::middleware::from_fn(observe::record))
            .option_layer(cors)
            .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(60)))
            .layer(CompressionLayer::new()),
    )
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

async fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        Json(json!({ "success": false, "message": "This method is not allowed here." })),
    )
        .into_response()
}

fn internal_error() -> Response {
    tracing::error!("handler panicked");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        Json(json!({ "success": false, "message": MSG_SERVER_ERROR })),
    )
        .into_response()
}
