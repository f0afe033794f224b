//! Extractors that put the rules of spec section 6 in handler signatures: a handler that
//! takes `Customer` cannot run for a visitor or an admin.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::state::AppState;
use crate::error::{ApiError, MSG_LOGIN_REQUIRED};
use crate::store::users::{self, Role, User};

const MSG_SESSION_ENDED: &str = "Your session has expired. Please login again.";

/// Any signed-in user.
#[derive(Debug, Clone)]
pub struct AuthUser(pub User);

/// A signed-in user with the customer role (admins get 403).
#[derive(Debug, Clone)]
pub struct Customer(pub User);

/// A signed-in admin (customers get 403).
#[derive(Debug, Clone)]
pub struct Admin(pub User);

/// The signed-in user when there is one; a missing or bad token means a visitor.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<User>);

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then_some(token.trim())
        .filter(|t| !t.is_empty())
}

/// The user a token speaks for, if the token is valid and still current.
async fn resolve(state: &AppState, token: &str) -> Result<Option<User>, ApiError> {
    let Some(claims) = state.tokens.verify(token) else {
        return Ok(None);
    };
    let Some((user, _)) = users::find(&state.db, &claims.sub).await? else {
        return Ok(None);
    };
    Ok((user.token_version == claims.ver).then_some(user))
}

/// The signed-in user when they hold `role`: a visitor gets 401, the other role 403.
async fn signed_in_as(role: Role, parts: &mut Parts, state: &AppState) -> Result<User, ApiError> {
    let AuthUser(user) = AuthUser::from_request_parts(parts, state).await?;
    if user.role == role {
        Ok(user)
    } else {
        Err(ApiError::forbidden())
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Some(token) = bearer(parts) else {
            return Err(ApiError::Unauthorized(
                crate::error::ErrorCode::LoginRequired,
                MSG_LOGIN_REQUIRED.into(),
            ));
        };
        match resolve(state, token).await? {
            Some(user) => Ok(AuthUser(user)),
            None => Err(ApiError::Unauthorized(
                crate::error::ErrorCode::SessionEnded,
                MSG_SESSION_ENDED.into(),
            )),
        }
    }
}

impl FromRequestParts<AppState> for Customer {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        signed_in_as(Role::Customer, parts, state)
            .await
            .map(Customer)
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        signed_in_as(Role::Admin, parts, state).await.map(Admin)
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match bearer(parts) {
            Some(token) => Ok(MaybeUser(resolve(state, token).await?)),
            None => Ok(MaybeUser(None)),
        }
    }
}
