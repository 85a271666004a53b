//! Taking turns to write. SQLite lets one connection write at a time and
//! makes the others poll for its lock, sleeping 1, 2, 5, … up to 100 ms
//! between tries. Under load the store holds the lock nearly all the time,
//! so a lobby request that polls for it is served last, and a group commit
//! that finds a request writing sleeps while every action in it waits
//! (docs/PERFORMANCE.md, "The lobby under load"). Here
//! the writers queue instead, first come first served, and each finds the
//! lock free when its turn comes.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use sqlx::{Sqlite, SqlitePool, Transaction};
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::DbError;
use super::health::{StorageHealth, Work};

/// The queue of writers: the store, for each group commit, and the lobby's
/// requests. Every writer holds it, so it also carries what they find: the
/// storage's health.
#[derive(Debug, Clone, Default)]
pub struct WriteTurn {
    queue: Arc<Mutex<()>>,
    health: StorageHealth,
}

/// A writer's turn; the next writer's begins when it is dropped.
#[must_use = "the turn ends when it is dropped"]
pub struct Turn {
    _held: OwnedMutexGuard<()>,
}

impl WriteTurn {
    /// Waits for this writer's turn.
    pub async fn take(&self) -> Turn {
        Turn {
            _held: self.queue.clone().lock_owned().await,
        }
    }

    /// Where every writer reports whether its work succeeded.
    pub fn health(&self) -> &StorageHealth {
        &self.health
    }
}

/// A transaction that writes in its turn: the turn is held from `begin` to
/// `commit` (or to the rollback when it is dropped). Whether the commit
/// worked goes to the storage's health; the statements before it are not
/// reported, as in WAL mode they change pages in memory and only the commit
/// writes them to disk.
pub struct WriteTx {
    // Declared first so that it is dropped first: a rollback is queued on
    // its connection before the next writer's turn begins.
    tx: Transaction<'static, Sqlite>,
    _turn: Turn,
    health: StorageHealth,
}

impl WriteTx {
    pub async fn begin(db: &SqlitePool, turn: &WriteTurn) -> Result<WriteTx, DbError> {
        let health = turn.health().clone();
        let held = turn.take().await;
        let tx = db.begin().await.map_err(DbError::from);
        if let Err(error) = &tx {
            health.failed(Work::Writes, error);
        }
        Ok(WriteTx {
            tx: tx?,
            _turn: held,
            health,
        })
    }

    pub async fn commit(self) -> Result<(), DbError> {
        let committed = self.tx.commit().await.map_err(DbError::from);
        self.health.report(Work::Writes, &committed);
        committed
    }
}

impl Deref for WriteTx {
    type Target = Transaction<'static, Sqlite>;

    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn a_transaction_begins_only_in_its_turn_and_the_next_waits_for_its_end() {
        let (_dir, db) = crate::db::scratch().await;
        let turn = WriteTurn::default();

        let store_commit = turn.take().await;
        let waiting = tokio::time::timeout(Duration::from_millis(50), WriteTx::begin(&db, &turn));
        assert!(
            waiting.await.is_err(),
            "a transaction began in another's turn"
        );
        drop(store_commit);

        let mut tx = WriteTx::begin(&db, &turn).await.unwrap();
        let id = crate::db::players::create(&mut tx, "ann", &[1])
            .await
            .unwrap();
        let next = tokio::time::timeout(Duration::from_millis(50), turn.take());
        assert!(
            next.await.is_err(),
            "a turn began before the transaction ended"
        );
        tx.commit().await.unwrap();
        let _next = turn.take().await;

        let stored: i64 = sqlx::query_scalar("SELECT id FROM players WHERE name = 'ann'")
            .fetch_one(&db)
            .await
            .unwrap();
        assert_eq!(stored, id.0);
    }
}
