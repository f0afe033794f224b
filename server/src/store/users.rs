//! Accounts.

use serde::Serialize;
use sqlx::FromRow;

use super::Db;
use crate::domain::ids::{iso, new_id, now_ms};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Customer,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Admin => "admin",
        }
    }

    fn parse(value: &str) -> Role {
        if value == "admin" {
            Role::Admin
        } else {
            Role::Customer
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub phone: String,
    /// Optional: a place nearby the courier can ask for (left out when not given).
    #[serde(skip_serializing_if = "String::is_empty")]
    #[schema(required = false)]
    pub landmark: String,
    /// Optional: who takes the parcel when it is not the account holder (left out when not given).
    #[serde(skip_serializing_if = "String::is_empty")]
    #[schema(required = false)]
    pub recipient_name: String,
}

/// An account as the API shows it: never the password hash.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub address: Address,
    #[serde(rename = "createdAt")]
    pub created_at: String,
    #[serde(skip)]
    pub token_version: i64,
}

#[derive(FromRow)]
struct UserRow {
    id: String,
    email: String,
    name: String,
    role: String,
    street: String,
    city: String,
    state: String,
    zip_code: String,
    phone: String,
    landmark: String,
    recipient_name: String,
    token_version: i64,
    created_at: i64,
    password_hash: String,
}

impl UserRow {
    fn split(self) -> (User, String) {
        let user = User {
            id: self.id,
            name: self.name,
            email: self.email,
            role: Role::parse(&self.role),
            address: Address {
                street: self.street,
                city: self.city,
                state: self.state,
                zip_code: self.zip_code,
                phone: self.phone,
                landmark: self.landmark,
                recipient_name: self.recipient_name,
            },
            created_at: iso(self.created_at),
            token_version: self.token_version,
        };
        (user, self.password_hash)
    }
}

const COLUMNS: &str =
    "id, email, name, role, street, city, state, zip_code, phone, landmark, recipient_name, token_version, created_at, password_hash";

pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
}

/// Creates an account; a taken email is a unique violation.
pub async fn insert(db: &Db, new: NewUser<'_>) -> Result<User, sqlx::Error> {
    insert_in(db.writer(), new).await
}

/// As [`insert`], inside a transaction the caller holds (the demo seed).
pub async fn insert_in<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    new: NewUser<'_>,
) -> Result<User, sqlx::Error> {
    let now = now_ms();
    let sql = format!(
        "INSERT INTO users (id, email, email_lower, name, password_hash, role, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING {COLUMNS}"
    );
    let row: UserRow = sqlx::query_as(&sql)
        .bind(new_id())
        .bind(new.email.trim())
        .bind(new.email.trim().to_lowercase())
        .bind(new.name)
        .bind(new.password_hash)
        .bind(new.role.as_str())
        .bind(now)
        .fetch_one(executor)
        .await?;
    Ok(row.split().0)
}

/// The account and its password hash for a sign-in, matching the email case-insensitively.
pub async fn find_for_login(db: &Db, email: &str) -> Result<Option<(User, String)>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE email_lower = $1");
    let row: Option<UserRow> = sqlx::query_as(&sql)
        .bind(email.trim().to_lowercase())
        .fetch_optional(db.reader())
        .await?;
    Ok(row.map(UserRow::split))
}

pub async fn find(db: &Db, id: &str) -> Result<Option<(User, String)>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE id = $1");
    let row: Option<UserRow> = sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(db.reader())
        .await?;
    Ok(row.map(UserRow::split))
}

/// Changes the name and/or the address; fields left `None` stay as they are.
pub async fn update_profile(
    db: &Db,
    id: &str,
    name: Option<&str>,
    address: Option<&Address>,
) -> Result<User, sqlx::Error> {
    let sql = format!(
        "UPDATE users SET name = COALESCE($2, name), street = COALESCE($3, street), city = COALESCE($4, city), \
         state = COALESCE($5, state), zip_code = COALESCE($6, zip_code), phone = COALESCE($7, phone), updated_at = $8, \
         landmark = COALESCE($9, landmark), recipient_name = COALESCE($10, recipient_name) \
         WHERE id = $1 RETURNING {COLUMNS}"
    );
    let row: UserRow = sqlx::query_as(&sql)
        .bind(id)
        .bind(name)
        .bind(address.map(|a| a.street.as_str()))
        .bind(address.map(|a| a.city.as_str()))
        .bind(address.map(|a| a.state.as_str()))
        .bind(address.map(|a| a.zip_code.as_str()))
        .bind(address.map(|a| a.phone.as_str()))
        .bind(now_ms())
        .bind(address.map(|a| a.landmark.as_str()))
        .bind(address.map(|a| a.recipient_name.as_str()))
        .fetch_one(db.writer())
        .await?;
    Ok(row.split().0)
}

/// Stores a new password hash and ends every earlier sign-in (token version moves on).
pub async fn set_password(db: &Db, id: &str, password_hash: &str) -> Result<User, sqlx::Error> {
    let sql = format!(
        "UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = $3 WHERE id = $1 RETURNING {COLUMNS}"
    );
    let row: UserRow = sqlx::query_as(&sql)
        .bind(id)
        .bind(password_hash)
        .bind(now_ms())
        .fetch_one(db.writer())
        .await?;
    Ok(row.split().0)
}

pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(db.reader())
        .await
}
