//! The database: one SQLite file in WAL mode, migrated at start-up. Each file
//! here holds the queries of one table; the store (`store/`) is the only
//! writer of the event log. Every writer, the store and the lobby's
//! requests, writes in its turn ([`WriteTurn`]).

pub mod army_lists;
pub mod chat;
pub mod events;
pub mod health;
pub mod matches;
pub mod players;
pub mod probe;
mod turn;

pub use health::StorageHealth;
pub use turn::{Turn, WriteTurn, WriteTx};

use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::migrate::MigrateError;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use thiserror::Error;

/// Why the database could not be used.
#[derive(Debug, Error)]
pub enum DbError {
    #[error("bad database URL '{url}': {source}")]
    BadUrl { url: String, source: sqlx::Error },
    #[error("cannot open the database '{url}': {source}")]
    Open { url: String, source: sqlx::Error },
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] MigrateError),
    #[error("database error: {0}")]
    Query(#[from] sqlx::Error),
    /// From the store's writes, made on SQLite's C interface.
    #[error("database error: {message} (SQLite code {code})")]
    Sqlite { code: i32, message: String },
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error(
        "the database {url} cannot be written ({reason}): fray-server needs to write its \
         database; {advice}"
    )]
    NotWritable {
        url: String,
        reason: String,
        advice: &'static str,
    },
}

impl DbError {
    /// A row broke a UNIQUE or PRIMARY KEY constraint: another writer got
    /// there first.
    pub fn is_unique_violation(&self) -> bool {
        matches!(self, DbError::Query(sqlx::Error::Database(error)) if error.is_unique_violation())
    }

    /// A failure of the storage itself: the disk is full, a read or write
    /// failed, the file is read-only, cannot be opened or is damaged. `None`
    /// for an error of the query or of its rows.
    pub fn storage_fault(&self) -> Option<StorageFault> {
        match self {
            DbError::Sqlite { code, message } => StorageFault::of_code(*code, message),
            DbError::Query(error)
            | DbError::Open { source: error, .. }
            | DbError::Migrate(
                MigrateError::Execute(error) | MigrateError::ExecuteMigration(error, _),
            ) => match error {
                sqlx::Error::Database(error) => {
                    let code = error.code()?.parse().ok()?;
                    StorageFault::of_code(code, error.message())
                }
                sqlx::Error::Io(error) => Some(StorageFault {
                    message: error.to_string(),
                    disk_full: error.kind() == std::io::ErrorKind::StorageFull,
                }),
                _ => None,
            },
            _ => None,
        }
    }
}

/// What [`DbError::storage_fault`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorageFault {
    /// SQLite's words, e.g. "database or disk is full".
    pub message: String,
    pub disk_full: bool,
}

impl StorageFault {
    /// The fault a result code (primary or extended) names, if it is one of
    /// the storage's.
    fn of_code(code: i32, message: &str) -> Option<StorageFault> {
        use libsqlite3_sys as ffi;
        let primary = code & 0xff;
        matches!(
            primary,
            ffi::SQLITE_FULL
                | ffi::SQLITE_IOERR
                | ffi::SQLITE_READONLY
                | ffi::SQLITE_CANTOPEN
                | ffi::SQLITE_PERM
                | ffi::SQLITE_CORRUPT
                | ffi::SQLITE_NOTADB
        )
        .then(|| StorageFault {
            message: message.to_owned(),
            disk_full: primary == ffi::SQLITE_FULL,
        })
    }
}

/// Opens (creating if missing) and migrates the database at `url`.
///
/// `synchronous = FULL` makes every commit durable against power loss, not
/// only against a crash of the process; the store's group commit is what
/// keeps that affordable.
///
/// Checkpoints do not run inside commits (`wal_autocheckpoint = 0`): an
/// automatic checkpoint copies and fsyncs the database file in whichever
/// commit crosses the threshold, so every action waiting on that commit pays
/// for it. The store checkpoints from its own task instead
/// ([`crate::store::CHECKPOINT_EVERY`]).
pub async fn connect(url: &str) -> Result<SqlitePool, DbError> {
    let options = SqliteConnectOptions::from_str(url)
        .map_err(|source| DbError::BadUrl {
            url: url.to_owned(),
            source,
        })?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10))
        .pragma("wal_autocheckpoint", "0")
        // 32 MiB of page cache per connection (SQLite's default is 2 MiB):
        // the event log's index pages stay in memory instead of being read
        // back with pread on every commit.
        .pragma("cache_size", "-32768")
        // A multi-row INSERT keeps a statement journal (the pages it changed,
        // so that a failing row can undo the statement), and past 64 KiB
        // SQLite spills it to a temporary file: the pages would be written to
        // disk twice, once there and once to the WAL. In memory it is a copy,
        // and it is thrown away at the statement's end.
        .pragma("temp_store", "memory");
    let pool = SqlitePoolOptions::new()
        .max_connections(8)
        .connect_with(options)
        .await
        .map_err(|source| DbError::Open {
            url: url.to_owned(),
            source,
        })?;
    sqlx::migrate!("../migrations").run(&pool).await?;
    for renamed in players::key_old_names(&pool).await? {
        tracing::warn!(
            player = %renamed.id,
            from = %renamed.from.escape_debug(),
            to = %renamed.to.escape_debug(),
            "a player registered before names were unique shared its name with an older one: renamed"
        );
    }
    Ok(pool)
}

/// Opens the database at `url` to serve from: [`connect`], then a write
/// ([`probe::write_row`]). A database that cannot be written (a read-only file,
/// directory or filesystem, a full disk) is refused with why
/// ([`DbError::NotWritable`]) rather than served until the first write
/// fails.
pub async fn connect_writable(url: &str) -> Result<SqlitePool, DbError> {
    let not_writable = |error: DbError| match error.storage_fault() {
        Some(fault) => DbError::NotWritable {
            url: url.to_owned(),
            reason: fault.message,
            advice: if fault.disk_full {
                "free space on its filesystem"
            } else {
                "check the permissions of the file and of its directory, and that the \
                 filesystem is not read-only"
            },
        },
        None => error,
    };
    let pool = connect(url).await.map_err(not_writable)?;
    if let Err(error) = write_probe(&pool).await {
        pool.close().await;
        return Err(not_writable(error));
    }
    Ok(pool)
}

/// The probe's write, outside any turn (nothing else writes yet) and with
/// no health to report to: a failure stops the start.
async fn write_probe(pool: &SqlitePool) -> Result<(), DbError> {
    let mut tx = pool.begin().await?;
    probe::write_row(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Reads a JSON column into its protocol type.
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(
    what: &str,
    text: &str,
) -> Result<T, DbError> {
    serde_json::from_str(text).map_err(|error| DbError::Corrupt(format!("{what}: {error}")))
}

/// Writes a protocol type for a JSON column.
pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("protocol types always serialise")
}

/// A new database in a temporary directory, for tests; it goes with the
/// directory.
#[cfg(test)]
pub(crate) async fn scratch() -> (tempfile::TempDir, SqlitePool) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    let db = connect(&url).await.unwrap();
    (dir, db)
}

#[cfg(test)]
mod tests {
    use sqlx::Row;

    use super::*;

    async fn pragma(db: &SqlitePool, name: &str) -> String {
        let row = sqlx::query(&format!("PRAGMA {name}"))
            .fetch_one(db)
            .await
            .unwrap();
        row.try_get::<String, _>(0)
            .or_else(|_| row.try_get::<i64, _>(0).map(|n| n.to_string()))
            .unwrap()
    }

    /// Durability rests on these (WAL with a synced commit), and the store's
    /// speed on the rest; a connection that missed one would not show it in
    /// any other test.
    #[tokio::test]
    async fn every_connection_is_durable_and_keeps_its_scratch_in_memory() {
        let (_dir, db) = scratch().await;
        assert_eq!(pragma(&db, "journal_mode").await, "wal");
        assert_eq!(pragma(&db, "synchronous").await, "2", "FULL");
        assert_eq!(pragma(&db, "foreign_keys").await, "1");
        assert_eq!(pragma(&db, "wal_autocheckpoint").await, "0");
        assert_eq!(pragma(&db, "temp_store").await, "2", "MEMORY");
    }
}
