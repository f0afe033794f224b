//! Row locks taken in id order before statements that change several rows at once, shared
//! by placement (which takes stock) and the status lifecycle (a cancel gives it back).
//!
//! On PostgreSQL a multi-row `UPDATE` locks rows in the order it meets them (their place on
//! disk, which every update moves), so without these a cancel giving stock back and an
//! order taking it could each hold a plant the other waits for: a deadlock, found by the
//! crash test with two instances. SQLite needs nothing: `BEGIN IMMEDIATE` already gives the
//! transaction the whole database.

use super::params::placeholders;
use super::{Backend, Db, Tx};

/// Which plants a transaction is about to change.
pub enum PlantSet<'a> {
    Ids(Vec<&'a str>),
    /// The plants of an order's lines (a cancel gives their stock back).
    OfOrder(&'a str),
}

/// On PostgreSQL, locks the plants' rows in id order.
pub async fn lock_plants(db: &Db, tx: &mut Tx, plants: PlantSet<'_>) -> Result<(), sqlx::Error> {
    if db.backend() != Backend::Postgres {
        return Ok(());
    }
    match plants {
        PlantSet::Ids(ids) => {
            if ids.is_empty() {
                return Ok(());
            }
            let sql = format!(
                "SELECT id FROM plants WHERE id IN ({}) ORDER BY id FOR UPDATE",
                placeholders(1, ids.len())
            );
            let mut query = sqlx::query(&sql);
            for id in ids {
                query = query.bind(id);
            }
            query.execute(&mut **tx).await?;
        }
        PlantSet::OfOrder(order_id) => {
            sqlx::query(
                "SELECT id FROM plants WHERE id IN (SELECT plant_id FROM order_items WHERE order_id = $1) ORDER BY id FOR UPDATE",
            )
            .bind(order_id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// On PostgreSQL, locks the customers' rows (in id order) so that two instances placing
/// orders for one customer count that customer's pending orders one after the other.
pub async fn lock_customers(db: &Db, tx: &mut Tx, users: &[&str]) -> Result<(), sqlx::Error> {
    if db.backend() != Backend::Postgres || users.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "SELECT id FROM users WHERE id IN ({}) ORDER BY id FOR UPDATE",
        placeholders(1, users.len())
    );
    let mut query = sqlx::query(&sql);
    for user in users {
        query = query.bind(*user);
    }
    query.execute(&mut **tx).await?;
    Ok(())
}
