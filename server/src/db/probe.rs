//! The probe: a small real write to the database, to learn whether it can be
//! written. While storage is failing the store probes every [`PROBE_EVERY`],
//! so that the health clears once the disk works again even if no player
//! and no request writes; at start, a database that cannot be written stops
//! the start ([`super::connect_writable`]).

use std::time::Duration;

use sqlx::{SqliteConnection, SqlitePool};

use super::health::Work;
use super::{DbError, WriteTurn, WriteTx};

/// How often storage is probed while it is failing.
pub const PROBE_EVERY: Duration = Duration::from_secs(2);

/// Rewrites the probe's row, in its turn; the outcome goes to the turn's
/// health.
pub async fn probe(db: &SqlitePool, turn: &WriteTurn) -> Result<(), DbError> {
    let mut tx = WriteTx::begin(db, turn).await?;
    if let Err(error) = write_row(&mut tx).await {
        turn.health().failed(Work::Writes, &error);
        return Err(error);
    }
    tx.commit().await
}

/// Writes the probe's row in the transaction on `connection`.
pub async fn write_row(connection: &mut SqliteConnection) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO storage_probe (id, written_at) VALUES (1, datetime('now')) \
         ON CONFLICT (id) DO UPDATE SET written_at = excluded.written_at",
    )
    .execute(connection)
    .await?;
    Ok(())
}

/// Probes every [`PROBE_EVERY`] while storage is failing; runs until
/// aborted. Failures are logged by the health, once, when they begin.
pub async fn probe_while_failing(db: SqlitePool, turn: WriteTurn) {
    let mut every = tokio::time::interval(PROBE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if turn.health().is_failing()
            && let Err(error) = probe(&db, &turn).await
        {
            tracing::debug!(%error, "storage probe failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::health::StorageHealth;

    /// A database opened read-only fails the probe as a fault of the
    /// storage, and the probe's success on a writable one clears it.
    #[tokio::test]
    async fn the_probe_marks_a_database_that_cannot_be_written_and_clears_once_it_can() {
        let (dir, db) = crate::db::scratch().await;
        let turn = WriteTurn::default();
        probe(&db, &turn).await.unwrap();
        db.close().await;

        let url = format!("sqlite://{}?mode=ro", dir.path().join("fray.db").display());
        let read_only = crate::db::connect(&url).await.unwrap();
        let error = probe(&read_only, &turn).await.unwrap_err();
        assert!(error.storage_fault().is_some(), "{error}");
        let health: &StorageHealth = turn.health();
        assert!(health.current().writes.is_some());
        read_only.close().await;

        let writable = crate::db::connect(&url.replace("?mode=ro", ""))
            .await
            .unwrap();
        probe(&writable, &turn).await.unwrap();
        assert!(!health.is_failing());
    }
}
