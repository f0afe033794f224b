//! Accounts: sign-up, sign-in, the signed-in user, profile and password.

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::caller::{AuthUser, MaybeUser};
use super::client_ip::ClientIp;
use super::extract::AppJson;
use super::notice::Notice;
use super::openapi::{BadRequest, Conflict, Forbidden, NotSignedIn, TooLarge, TooManyRequests};
use super::reply::{PasswordReply, SessionReply, UserReply};
use super::respond::{created, ok};
use super::state::AppState;
use crate::domain::form_errors::Errors;
use crate::domain::validation as rules;
use crate::error::{ApiError, ApiResult, ErrorCode, FieldCode};
use crate::store::is_unique_violation;
use crate::store::users::{self, Address, NewUser, Role, User};

const MSG_BAD_LOGIN: &str = "Invalid email or password.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(me))
        .routes(routes!(update_profile))
        .routes(routes!(change_password))
}

#[derive(Deserialize, ToSchema)]
#[schema(examples(json!({ "name": "Asha Verma", "email": "asha@example.in", "password": "Garden@2025" })))]
struct RegisterBody {
    /// Letters (any script), spaces, apostrophes and hyphens.
    #[schema(required = true, nullable = false, min_length = 2, max_length = 50)]
    name: Option<String>,
    #[schema(required = true, nullable = false, format = "email", max_length = 254)]
    email: Option<String>,
    /// A lowercase and an uppercase letter, a number and a special character.
    #[schema(
        required = true,
        nullable = false,
        format = "password",
        min_length = 8,
        max_length = 255
    )]
    password: Option<String>,
    /// `customer` (the default); `admin` only when an admin is signed in.
    #[schema(nullable = false)]
    role: Option<String>,
}

/// Open to visitors; a signed-in admin may create admins.
#[utoipa::path(post, path = "/register", tag = "auth",
    security((), ("bearer" = [])),
    request_body = RegisterBody,
    responses(
        (status = 201, description = "Account created and signed in", body = SessionReply),
        BadRequest, Forbidden, Conflict, TooLarge, TooManyRequests,
    ))]

async fn register(
    State(state): State<AppState>,
    client: ClientIp,
    MaybeUser(caller): MaybeUser,
    AppJson(body): AppJson<RegisterBody>,
) -> ApiResult<Response> {
    state.limits.auth_attempt(&client)?;
    let mut errors = Errors::default();
    errors.check("name", rules::person_name(body.name.as_deref()));
    errors.check("email", rules::email(body.email.as_deref()));
    errors.check("password", rules::new_password(body.password.as_deref()));
    let role = match body.role.as_deref().map(str::trim) {
        None | Some("") | Some("customer") => Some(Role::Customer),
        Some("admin") => Some(Role::Admin),
        Some(_) => {
            errors.push(
                "role",
                FieldCode::RoleInvalid,
                "Role must be customer or admin",
            );
            None
        }
    };
    errors.into_result()?;
    let role = role.unwrap_or(Role::Customer);
    if role == Role::Admin && !caller.as_ref().is_some_and(|u| u.role == Role::Admin) {
        return Err(ApiError::Forbidden(
            "Admin accounts can only be created by an admin.".into(),
        ));
    }

    let password = body.password.unwrap_or_default();
    let hash = state.passwords.hash(&password).await?;
    let new = NewUser {
        name: body.name.as_deref().unwrap_or_default(),
        email: body.email.as_deref().unwrap_or_default(),
        password_hash: &hash,
        role,
    };
    let user = match users::insert(&state.db, new).await {
        Ok(user) => user,
        Err(err) if is_unique_violation(&err) => {
            return Err(ApiError::Conflict(
                ErrorCode::EmailTaken,
                "An account with this email already exists.".into(),
            ))
        }
        Err(err) => return Err(err.into()),
    };
    let token = state.tokens.issue(&user.id, user.token_version)?;
    Ok(created(SessionReply {
        success: true,
        message: Notice::AccountCreated.message().into(),
        notice: Notice::AccountCreated,
        token,
        user,
    }))
}

#[derive(Deserialize, ToSchema)]
#[schema(examples(json!({ "email": "customer@hariyali.in", "password": "Customer@2025" })))]
struct LoginBody {
    #[schema(required = true, nullable = false, format = "email")]
    email: Option<String>,
    #[schema(required = true, nullable = false, format = "password")]
    password: Option<String>,
}

#[utoipa::path(post, path = "/login", tag = "auth",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = SessionReply),
        BadRequest, NotSignedIn, TooLarge, TooManyRequests,
    ))]

async fn login(
    State(state): State<AppState>,
    client: ClientIp,
    AppJson(body): AppJson<LoginBody>,
) -> ApiResult<Response> {
    state.limits.auth_attempt(&client)?;
    let mut errors = Errors::default();
    errors.check("email", rules::email(body.email.as_deref()));
    if body.password.as_deref().is_none_or(str::is_empty) {
        errors.push(
            "password",
            FieldCode::PasswordRequired,
            "Password is required",
        );
    }
    errors.into_result()?;
    let email = body.email.unwrap_or_default();
    let password = body.password.unwrap_or_default();
    state.limits.login_allowed(&email, &client).await?;

    let Some((user, hash)) = users::find_for_login(&state.db, &email).await? else {
        state.passwords.verify_decoy(&password).await?;
        state.limits.login_failed(&email, &client).await?;
        return Err(ApiError::Unauthorized(
            ErrorCode::InvalidCredentials,
            MSG_BAD_LOGIN.into(),
        ));
    };
    if !state.passwords.verify(&password, &hash).await? {
        state.limits.login_failed(&email, &client).await?;
        return Err(ApiError::Unauthorized(
            ErrorCode::InvalidCredentials,
            MSG_BAD_LOGIN.into(),
        ));
    }
    state.limits.login_succeeded(&email, &client).await?;
    let token = state.tokens.issue(&user.id, user.token_version)?;
    Ok(ok(SessionReply {
        success: true,
        message: Notice::LoggedIn.message().into(),
        notice: Notice::LoggedIn,
        token,
        user,
    }))
}

#[utoipa::path(get, path = "/me", tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "The signed-in user", body = UserReply), NotSignedIn))]
async fn me(AuthUser(user): AuthUser) -> Response {
    ok(UserReply {
        success: true,
        message: None,
        notice: None,
        user,
    })
}

/// An address as forms send it (profile and checkout); every field may be missing.
#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AddressBody {
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    /// Indian mobile; `+91`, `91` or `0` prefixes, spaces and dashes are read as the 10 digits.
    pub phone: Option<String>,
    /// Optional: a place nearby the courier can ask for (at most 100 characters).
    #[schema(nullable = false, max_length = 100)]
    pub landmark: Option<String>,
    /// Optional: who takes the parcel, when not the account holder (a name, 2-50).
    #[schema(nullable = false, max_length = 50)]
    pub recipient_name: Option<String>,
}

/// At least one of the two.
#[derive(Deserialize, ToSchema)]
#[schema(examples(json!({ "name": "Asha Verma", "address": { "city": "Bengaluru" } })))]
struct ProfileBody {
    /// As at sign-up.
    #[schema(nullable = false, min_length = 2, max_length = 50)]
    name: Option<String>,
    /// Fields left out keep their saved values.
    #[schema(nullable = false)]
    address: Option<AddressBody>,
}

#[utoipa::path(put, path = "/profile", tag = "auth",
    security(("bearer" = [])),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "Profile saved", body = UserReply),
        BadRequest, NotSignedIn, TooLarge,
    ))]

async fn update_profile(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    AppJson(body): AppJson<ProfileBody>,
) -> ApiResult<Response> {
    if body.name.is_none() && body.address.is_none() {
        return Err(ApiError::bad_request(
            ErrorCode::NothingToUpdate,
            "Nothing to update: send a name or an address.",
        ));
    }
    let mut errors = Errors::default();
    if let Some(name) = body.name.as_deref() {
        errors.check("name", rules::person_name(Some(name)));
    }
    let address = body.address.map(|a| merge_address(&user, a));
    if let Some(address) = &address {
        for (field, value) in [
            ("street", &address.street),
            ("city", &address.city),
            ("state", &address.state),
            ("zipCode", &address.zip_code),
            ("phone", &address.phone),
            ("landmark", &address.landmark),
            ("recipientName", &address.recipient_name),
        ] {
            errors.check(field, rules::profile_address_field(Some(value)));
        }
    }
    errors.into_result()?;
    let notice = if body.name.is_none() {
        Notice::AddressUpdated
    } else {
        Notice::ProfileUpdated
    };
    let updated =
        users::update_profile(&state.db, &user.id, body.name.as_deref(), address.as_ref()).await?;
    Ok(ok(UserReply {
        success: true,
        message: Some(notice.message().into()),
        notice: Some(notice),
        user: updated,
    }))
}

/// Fields not sent keep their saved values.
fn merge_address(user: &User, body: AddressBody) -> Address {
    let keep = |new: Option<String>, old: &str| {
        new.map(|v| v.trim().to_string())
            .unwrap_or_else(|| old.to_string())
    };
    Address {
        street: keep(body.street, &user.address.street),
        city: keep(body.city, &user.address.city),
        state: keep(body.state, &user.address.state),
        zip_code: keep(body.zip_code, &user.address.zip_code),
        phone: saved_phone(keep(body.phone, &user.address.phone)),
        landmark: keep(body.landmark, &user.address.landmark),
        recipient_name: keep(body.recipient_name, &user.address.recipient_name),
    }
}

/// The profile has no format rules (spec), but a number checkout would accept is saved as
/// its 10 digits ("+91 98765 43210" -> "9876543210"); anything else is kept as typed, never
/// cut or altered.
fn saved_phone(typed: String) -> String {
    if rules::phone(Some(&typed)).is_none() {
        rules::normalise_phone(&typed)
    } else {
        typed
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(examples(json!({ "currentPassword": "Garden@2025", "newPassword": "Garden@2026" })))]
struct ChangePasswordBody {
    #[schema(required = true, nullable = false, format = "password")]
    current_password: Option<String>,
    /// The sign-up rule.
    #[schema(
        required = true,
        nullable = false,
        format = "password",
        min_length = 8,
        max_length = 255
    )]
    new_password: Option<String>,
}

/// A wrong current password is a 400 (a 401 would sign the user out). Wrong current
/// passwords count like failed sign-ins of the account from this address, and checks are
/// limited per address and per account (429 with `Retry-After`).
#[utoipa::path(put, path = "/change-password", tag = "auth",
    security(("bearer" = [])),
    request_body = ChangePasswordBody,
    responses(
        (status = 200, description = "Password changed; older tokens end", body = PasswordReply),
        BadRequest, NotSignedIn, TooLarge, TooManyRequests,
    ))]

async fn change_password(
    State(state): State<AppState>,
    client: ClientIp,
    AuthUser(user): AuthUser,
    AppJson(body): AppJson<ChangePasswordBody>,
) -> ApiResult<Response> {
    state.limits.auth_attempt(&client)?;
    let mut errors = Errors::default();
    if body.current_password.as_deref().is_none_or(str::is_empty) {
        errors.push(
            "currentPassword",
            FieldCode::CurrentPasswordRequired,
            "Current password is required",
        );
    }
    errors.check(
        "newPassword",
        rules::changed_password(body.new_password.as_deref()),
    );
    errors.into_result()?;
    let current = body.current_password.unwrap_or_default();
    let new = body.new_password.unwrap_or_default();

    let (_, hash) = users::find(&state.db, &user.id).await?.ok_or_else(|| {
        ApiError::Unauthorized(
            ErrorCode::SessionEnded,
            crate::error::MSG_LOGIN_REQUIRED.into(),
        )
    })?;
    // Each check costs an argon2 hash: paused addresses and parallel guesses stop here.
    state.limits.login_allowed(&user.email, &client).await?;
    state.limits.password_check(&user.id, &client)?;
    // A wrong current password is a 400, never a 401: a 401 would sign the user out.
    if !state.passwords.verify(&current, &hash).await? {
        state.limits.login_failed(&user.email, &client).await?;
        return Err(ApiError::invalid(vec![
            crate::domain::form_errors::FieldError::new(
                "currentPassword",
                FieldCode::CurrentPasswordIncorrect,
                "Current password is incorrect",
            ),
        ]));
    }
    let new_hash = state.passwords.hash(&new).await?;
    let updated = users::set_password(&state.db, &user.id, &new_hash).await?;
    // Older tokens end here; this one keeps the person who changed it signed in.
    let token = state.tokens.issue(&updated.id, updated.token_version)?;
    Ok(ok(PasswordReply {
        success: true,
        message: Notice::PasswordChanged.message().into(),
        notice: Notice::PasswordChanged,
        token,
    }))
}
