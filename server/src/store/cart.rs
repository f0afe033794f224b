//! Carts, kept on the server per customer.

use serde::Serialize;
use sqlx::FromRow;

use super::{Db, Tx};
use crate::domain::ids::now_ms;

/// The plant as a cart line shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CartPlant {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The plant's Hindi name, when it has one (shown in Hindi mode).
    #[serde(rename = "nameHi")]
    #[schema(required = true)]
    pub name_hi: Option<String>,
    #[schema(required = true)]
    pub image: Option<String>,
    #[schema(required = true)]
    pub thumbnail: Option<String>,
    pub price: i64,
    pub stock: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartItem {
    pub plant_id: CartPlant,
    pub quantity: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Cart {
    pub items: Vec<CartItem>,
    /// Sum of current price times quantity.
    pub total: i64,
}

#[derive(FromRow)]
struct CartRow {
    id: String,
    name: String,
    name_hi: Option<String>,
    image: Option<String>,
    thumbnail: Option<String>,
    price: i64,
    stock: i64,
    quantity: i64,
}

const SELECT_LINES: &str =
    "SELECT p.id, p.name, p.name_hi, p.image, p.thumbnail, p.price, p.stock, c.quantity \
     FROM cart_items c JOIN plants p ON p.id = c.plant_id \
     WHERE c.user_id = $1 AND p.deleted_at IS NULL ORDER BY c.added_at, p.id";

fn assemble(rows: Vec<CartRow>) -> Cart {
    let total = rows.iter().map(|r| r.price * r.quantity).sum();
    let items = rows
        .into_iter()
        .map(|r| CartItem {
            plant_id: CartPlant {
                id: r.id,
                name: r.name,
                name_hi: r.name_hi,
                image: r.image,
                thumbnail: r.thumbnail,
                price: r.price,
                stock: r.stock,
            },
            quantity: r.quantity,
        })
        .collect();
    Cart { items, total }
}

/// The customer's cart with current prices; deleted plants never show.
pub async fn load(db: &Db, user_id: &str) -> Result<Cart, sqlx::Error> {
    let rows: Vec<CartRow> = sqlx::query_as(SELECT_LINES)
        .bind(user_id)
        .fetch_all(db.reader())
        .await?;
    Ok(assemble(rows))
}

/// The cart as seen inside a transaction (for placing an order).
pub async fn load_in(tx: &mut Tx, user_id: &str) -> Result<Cart, sqlx::Error> {
    let rows: Vec<CartRow> = sqlx::query_as(SELECT_LINES)
        .bind(user_id)
        .fetch_all(&mut **tx)
        .await?;
    Ok(assemble(rows))
}

/// How many of a plant the customer has in the cart, read through `executor` (the read
/// pool, or a transaction that is about to change the line).
pub async fn quantity_of<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    user_id: &str,
    plant_id: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT quantity FROM cart_items WHERE user_id = $1 AND plant_id = $2")
        .bind(user_id)
        .bind(plant_id)
        .fetch_optional(executor)
        .await
}

/// Adds `quantity` of a live plant to the cart in one statement, unless the line would then
/// exceed the plant's stock. False when refused (not enough stock, or the plant is gone).
pub async fn add_within_stock(
    db: &Db,
    user_id: &str,
    plant_id: &str,
    quantity: i64,
) -> Result<bool, sqlx::Error> {
    let added: Option<i64> = sqlx::query_scalar(
        "INSERT INTO cart_items (user_id, plant_id, quantity, added_at) \
         SELECT $1, id, $3, $4 FROM plants WHERE id = $2 AND deleted_at IS NULL AND stock >= $3 \
         ON CONFLICT (user_id, plant_id) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity \
         WHERE cart_items.quantity + excluded.quantity <= (SELECT stock FROM plants WHERE id = excluded.plant_id) \
         RETURNING quantity",
    )
    .bind(user_id)
    .bind(plant_id)
    .bind(quantity)
    .bind(now_ms())
    .fetch_optional(db.writer())
    .await?;
    Ok(added.is_some())
}

/// Sets the quantity of a line, adding the line when it is new.
pub async fn set_quantity(
    tx: &mut Tx,
    user_id: &str,
    plant_id: &str,
    quantity: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO cart_items (user_id, plant_id, quantity, added_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, plant_id) DO UPDATE SET quantity = excluded.quantity",
    )
    .bind(user_id)
    .bind(plant_id)
    .bind(quantity)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Removes one line; false when it was not in the cart.
pub async fn remove(db: &Db, user_id: &str, plant_id: &str) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("DELETE FROM cart_items WHERE user_id = $1 AND plant_id = $2")
        .bind(user_id)
        .bind(plant_id)
        .execute(db.writer())
        .await?;
    Ok(result.rows_affected() > 0)
}

pub async fn clear(tx: &mut Tx, user_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM cart_items WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
