//! The HTTP surface: `/api` (JSON), `/media` (pictures), probes, and the web app.

pub mod assistant;
pub mod auth;
pub mod body_limit;
pub mod cache;
pub mod caller;
pub mod cart;
pub mod client_ip;
pub mod delivery;
pub mod extract;
pub mod first_screen;
pub mod front;
pub mod front_copy;
pub mod media;
pub mod meta;
pub mod notice;
pub mod observe;
pub mod openapi;
pub mod orders;
pub mod page_data;
pub mod plain_probe;
pub mod plant_page;
pub mod plants;
pub mod ratings;
pub mod reply;
pub mod request_id;
pub mod request_timeout;
pub mod respond;
pub mod reviews;
pub mod security;
pub mod serving;
pub mod state;
pub mod web;
pub mod wishlist;

use std::sync::OnceLock;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, MatchedPath};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody, ErrorCode, MSG_NOT_FOUND, MSG_SERVER_ERROR};

use body_limit::JSON_BODY_LIMIT;
use cache::Prepared;
use openapi::NotModified;
use state::AppState;

fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(meta::config))
        .routes(routes!(openapi_document))
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

// It lives here, beside the route table it is made from: in `openapi` it would make that
// module and this one import each other.
/// `GET /api/openapi.json`: the document, serialised once per process.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses(
        (status = 200, description = "The OpenAPI 3 document of this API", body = Object),
        NotModified,
    )
)]
pub async fn openapi_document(headers: HeaderMap) -> Response {
    static DOCUMENT: OnceLock<Prepared> = OnceLock::new();
    DOCUMENT
        .get_or_init(|| {
            let (_, doc) = route_table();
            Prepared::new(
                doc.to_json()
                    .expect("the OpenAPI document serialises")
                    .into_bytes(),
            )
        })
        .respond(&headers)
}

/// The document as `hariyali openapi` prints it: the served one, indented.
pub fn openapi_document_pretty() -> String {
    let (_, doc) = route_table();
    doc.to_pretty_json()
        .expect("the OpenAPI document serialises")
}

/// The whole application, ready to serve (tests drive this directly).
pub fn app(state: AppState) -> Router {
    let id_header = HeaderName::from_static("x-request-id");
    let web_dir = state.config.web_dir.clone();
    let cors = security::cors(&state.config.cors_origins);
    let trust_proxy = state.config.trust_proxy.0;
    let hsts = security::strict_transport(state.config.public_url.as_deref());
    let has_web_app = web_dir.join("index.html").is_file();
    // The policy names the inline styles index.html carries (the first screen's CSS).
    let inline = security::InlineHashes::of_web_app(&web_dir);
    let (router, _) = route_table();
    // The landing pages carry their first API answer, asked of the API routes themselves.
    let pages = has_web_app.then(|| page_data::Pages {
        state: state.clone(),
        api: router.clone().with_state(state.clone()),
    });
    let mut router = router
        .route("/media/{*key}", get(media::serve))
        .route("/metrics", get(observe::serve))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(body_limit::RefuseDeclaredOversizeLayer)
        .with_state(state);
    if let Some(pages) = pages {
        router = router
            .merge(
                Router::new()
                    .route("/plant/{id}", get(plant_page::serve))
                    .route("/catalogue", get(plant_page::catalogue))
                    .route("/", get(plant_page::home))
                    .with_state(pages),
            )
            .merge(web::router(&web_dir));
    }
    // Every layer below wraps each route (axum's `Router::layer`), so each is a plain tower
    // layer that allocates nothing it does not need per request: see issue 21 in
    // bench/README.md for what each of them cost before.
    router.layer(
        ServiceBuilder::new()
            .map_request(observe::drop_unsafe_request_id)
            .layer(SetRequestIdLayer::new(id_header.clone(), request_id::MakeFastRequestId))
            .layer(TraceLayer::new_for_http().make_span_with(move |request: &Request<_>| {
                // The fields are only worked out when the span is enabled (the address and
                // path would otherwise be formatted for nothing at `RUST_LOG=warn`).
                tracing::info_span!(
                    "request",
                    method = %request.method(),
                    path = %request.uri().path(),
                    route = request.extensions().get::<MatchedPath>().map_or("", MatchedPath::as_str),
                    request_id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-"),
                    client = %client_ip::client_address(request.headers(), request.extensions(), trust_proxy),
                )
            })
            .on_response(DefaultOnResponse::new().level(Level::INFO)))
            .layer(PropagateRequestIdLayer::new(id_header))
            .layer(CatchPanicLayer::custom(|_| internal_error()))
            .layer(security::SecurityHeadersLayer::new(hsts, &inline))
            .layer(observe::RecordLayer)
            .option_layer(cors)
            .layer(request_timeout::RequestTimeoutLayer::new(Duration::from_secs(60), StatusCode::REQUEST_TIMEOUT))
            .layer(CompressionLayer::new().compress_when(worth_compressing())),
    )
}

/// Bodies under 1 KiB are sent as they are: compressing them saves a few hundred bytes at
/// best (less than a TCP packet) and costs a compressor's set-up per response. Pictures,
/// streams and anything already compressed (the catalogue's stored gzip, the web app's
/// `.br`/`.gz` files) are never compressed again.
fn worth_compressing() -> impl Predicate {
    SizeAbove::new(1024)
        .and(NotForContentType::GRPC)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound(ErrorCode::NotFound, MSG_NOT_FOUND.into())
}

async fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        Json(ErrorBody::new(
            ErrorCode::MethodNotAllowed,
            "This method is not allowed here.",
        )),
    )
        .into_response()
}

fn internal_error() -> Response {
    tracing::error!("handler panicked");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        Json(ErrorBody::new(ErrorCode::ServerError, MSG_SERVER_ERROR)),
    )
        .into_response()
}
