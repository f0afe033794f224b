//! Small named values kept with the data (e.g. whether this is a demo shop).

use sqlx::Row;

use super::Db;

pub async fn get(db: &Db, name: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT value FROM settings WHERE name = $1")
        .bind(name)
        .fetch_optional(db.reader())
        .await?;
    row.map(|r| r.try_get::<String, _>(0)).transpose()
}

pub async fn set(db: &Db, name: &str, value: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value")
        .bind(name)
        .bind(value)
        .execute(db.writer())
        .await?;
    Ok(())
}
