//! The OpenAPI document. Paths, methods, parameters and request bodies come from the
//! `#[utoipa::path]` attributes on the handlers, and the route table in `http::route_table`
//! builds the router from those same attributes, so a route cannot exist without its
//! documentation (`http::openapi_document` serves it, beside the table it is made from).
//! This module holds the document's head, the bearer scheme and the error responses. The
//! bodies themselves are the types the handlers send: the success replies (`http::reply`
//! and the handlers' modules) and `error::ErrorBody`, so the document cannot describe a
//! body other than the one sent.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{IntoResponses, Modify, OpenApi};

use super::notice::Notice;
use crate::domain::form_errors::FieldError;
use crate::error::{ErrorBody, ErrorCode, FieldCode};

/// Name of the security scheme that `security(("bearer" = []))` refers to.
pub const BEARER: &str = "bearer";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hariyali API",
        description = "The plant shop's JSON API. Success bodies carry `success: true`; \
                       error bodies are `{success: false, code, message, errors?}`: `message` is a \
                       sentence for people, `code` (see `ErrorCode`) the stable name for programs."
    ),
    modifiers(&BearerScheme),
    components(schemas(ErrorBody, ErrorCode, FieldError, FieldCode, Notice)),
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
