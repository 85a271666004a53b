//! Players and their token hashes.

use fray_protocol::{PlayerId, PlayerRef};
use sqlx::{SqliteConnection, SqlitePool};

use super::DbError;

pub async fn create(
    db: &mut SqliteConnection,
    name: &str,
    token_hash: &[u8],
) -> Result<PlayerId, DbError> {
    let id: i64 =
        sqlx::query_scalar("INSERT INTO players (name, token_hash) VALUES (?, ?) RETURNING id")
            .bind(name)
            .bind(token_hash)
            .fetch_one(db)
            .await?;
    Ok(PlayerId(id))
}

pub async fn by_token_hash(
    db: &SqlitePool,
    token_hash: &[u8],
) -> Result<Option<PlayerRef>, DbError> {
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM players WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(id, name)| PlayerRef {
        id: PlayerId(id),
        name,
    }))
}
