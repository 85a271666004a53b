//! Army lists, each owned by one player.

use fray_protocol::{ArmyList, ArmyListId, PlayerId, StoredArmyList, SystemId};
use sqlx::{SqliteConnection, SqlitePool};

use super::{DbError, from_json, to_json};

pub async fn create(
    db: &mut SqliteConnection,
    owner: PlayerId,
    list: &ArmyList,
) -> Result<ArmyListId, DbError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO army_lists (owner, system, list) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(owner.0)
    .bind(list.system.key())
    .bind(to_json(list))
    .fetch_one(db)
    .await?;
    Ok(ArmyListId(id))
}

pub async fn get(db: &SqlitePool, id: ArmyListId) -> Result<Option<StoredArmyList>, DbError> {
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT owner, list FROM army_lists WHERE id = ?")
            .bind(id.0)
            .fetch_optional(db)
            .await?;
    row.map(|(owner, list)| {
        Ok(StoredArmyList {
            id,
            owner: PlayerId(owner),
            list: from_json(&format!("army list {id}"), &list)?,
        })
    })
    .transpose()
}

pub async fn list(
    db: &SqlitePool,
    owner: PlayerId,
    system: Option<SystemId>,
) -> Result<Vec<StoredArmyList>, DbError> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT id, list FROM army_lists WHERE owner = ? AND (? IS NULL OR system = ?) ORDER BY id",
    )
    .bind(owner.0)
    .bind(system.map(SystemId::key))
    .bind(system.map(SystemId::key))
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(id, list)| {
            Ok(StoredArmyList {
                id: ArmyListId(id),
                owner,
                list: from_json(&format!("army list {id}"), &list)?,
            })
        })
        .collect()
}

pub async fn replace(
    db: &mut SqliteConnection,
    id: ArmyListId,
    list: &ArmyList,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE army_lists SET system = ?, list = ?, updated_at = datetime('now') WHERE id = ?",
    )
    .bind(list.system.key())
    .bind(to_json(list))
    .bind(id.0)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn delete(db: &mut SqliteConnection, id: ArmyListId) -> Result<(), DbError> {
    sqlx::query("DELETE FROM army_lists WHERE id = ?")
        .bind(id.0)
        .execute(db)
        .await?;
    Ok(())
}
